// Package scannercopy defines an Analyzer that reports lines read from a
// bufio.Scanner as a string only to be converted to a byte slice.
//
// # Analyzer scannercopy
//
// scannercopy: report []byte(sc.Text()) where sc.Bytes() avoids two copies
//
// (*bufio.Scanner).Text allocates a string holding a copy of the current
// token, and converting that string to []byte allocates and copies it a
// second time. (*bufio.Scanner).Bytes returns the token in the scanner's own
// buffer with no allocation at all. In a loop over the lines of a large
// input this is two allocations and two copies per line saved.
//
// The slice returned by Bytes is valid only until the next call to Scan,
// which may overwrite the buffer. Where the bytes are only used inside the
// iteration (passed to json.Unmarshal, written to an io.Writer, tested with
// bytes.HasPrefix, converted to a string) the analyzer suggests the direct
// replacement. Where they are kept (appended to a slice, stored in a map,
// field or channel, returned, used by a goroutine), it reports the double
// copy without a fix: bytes.Clone(sc.Bytes()) keeps one copy instead of two.
// Where the slice is passed to a function the analyzer does not know, it
// reports without a fix; the reader must check whether the function keeps
// the slice.
//
// The analyzer also reports a string variable assigned from sc.Text() whose
// only uses are conversions to []byte and tests for emptiness (line == "",
// len(line)).
//
// Only conversions inside a loop are reported.
//
// For example:
//
//	for sc.Scan() {
//		var ev Event
//		if err := json.Unmarshal([]byte(sc.Text()), &ev); err != nil {
//			return err
//		}
//		handle(ev)
//	}
//
// json.Unmarshal does not keep its input, so the line can stay in the
// scanner's buffer:
//
//	for sc.Scan() {
//		var ev Event
//		if err := json.Unmarshal(sc.Bytes(), &ev); err != nil {
//			return err
//		}
//		handle(ev)
//	}
package scannercopy
