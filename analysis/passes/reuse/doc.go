// Package reuse defines an Analyzer that reports buffers, codecs and parsers
// built to be reused that a function makes anew on every call or loop
// iteration and then throws away.
//
// # Analyzer reuse
//
// reuse: report reusable buffers and codecs made anew on every call and thrown away
//
// Some values exist to be reused. A compress/gzip, flate or zlib writer sets
// up about 800 KiB of compressor state on its first write (klauspost/compress
// about 1 MiB, its zstd encoder about 2 MiB); their readers about 40 KiB;
// a github.com/valyala/fastjson Parser keeps the copy of its input and the
// parsed values to recycle them on the next Parse; a bufio.Reader or Writer
// holds a 4 KiB buffer; a bytes.Buffer grows a byte slice as it is written.
// Each has a Reset method (or, for the parser, is reset by the next Parse),
// so one value can serve many uses. Making a new one per use turns all of
// that into garbage.
//
// The analyzer reports such a value when it is made
//
//   - inside a loop of a function and does not outlive the iteration: for
//     every type in the table, with bytes.Buffer, strings.Builder and
//     make([]byte, 0, n) only if the function writes or appends to it (an
//     unwritten buffer costs nothing), and not when the iteration always
//     returns or breaks right after (then it is made once per call);
//   - once per call and does not outlive the call: a fastjson Parser or
//     Arena in any function not known to run once or rarely; a compressor
//     (gzip, flate, zlib or zstd writer, or a zstd reader, which starts
//     goroutines) only in a function that shows it runs often: it has an
//     http.ResponseWriter or *http.Request parameter (itself or an
//     enclosing function), or the package calls it in a loop (with the
//     -candidates flag, which perfproof scan sets, in any such function,
//     in category candidate: scan shows those only with -all unless a
//     profile measures them hot). A
//     compressor for one file or one profile is dwarfed by the compression
//     work, and a 40 KiB decompressor or a bufio.Reader per call is small
//     next to the I/O it serves, so those are reported in loops only;
//   - once per call as a scratch buffer (Category "percall"): a
//     bytes.Buffer (var, new, &bytes.Buffer{}, bytes.NewBuffer(nil) or of a
//     new slice), a strings.Builder, a bufio.Writer, or a
//     make([]byte, 0, n) that is appended to, in any function not known to
//     run once or rarely, when it is written with more than a few constant
//     bytes and dropped when the call returns. Its allocation and growth
//     repeat on every call: measured here, a new bytes.Buffer per call
//     costs 69 % more time than one reused. Whether the function is hot is
//     not guessed: perfproof scan weighs every report by evidence from the
//     call graph and profiles. A buffer stored in a field of a struct
//     literal is followed through the new object; when the function
//     returns that object (a log entry made per request with its own
//     buffer), the buffer is reported too, as made for every object,
//     unless the package ever resets, truncates or reassigns that field
//     (an object that reuses its buffer, as a connection does). A
//     function with an http.ResponseWriter or *http.Request parameter
//     runs once per request even when its name says constructor
//     (NewLogEntry(r)). A bytes.Buffer whose text leaves the function
//     only through String, which copies it (return buf.String()), is
//     reported too, with the advice to pool the buffer and put it back
//     after String: measured by BenchmarkTextCopied (3 runs each, a
//     shared 2-core machine), the pooled buffer takes 20–27 % less
//     time at 48 bytes of text, 37–39 % at 200 and 25–33 % at 1,000,
//     with one allocation instead of two to six. A bytes.Buffer whose
//     bytes are the function's result (return buf.Bytes(), with or
//     without an error, or bs := buf.Bytes() returned whole or sliced, as
//     after trimming the newline a json.Encoder adds, or return
//     append(buf.Bytes(), '\r', '\n'); a gob.Encoder over
//     the buffer is followed like a json.Encoder) and that leaves by no
//     other way is reported with
//     the advice to pool it and return bytes.Clone of its bytes: the
//     buffer then grows once for all calls and each call allocates the
//     result alone. Measured by BenchmarkBytesCopied (go run
//     ./cmd/perfproof compare -variants new,pooled -bench BytesCopied
//     -count 20 -benchtime 200ms ./analysis/passes/reuse: 20 interleaved
//     rounds on 2 shared cores under heavy load, 2026-11-27): 200 bytes
//     3 → 1 allocs/op and 448 → 208 B/op, 1,000 bytes 5 → 1 and 1,984 →
//     1,025 B/op, 48 bytes 1 → 1 and 64 → 48 B/op; the time's medians
//     moved −4 %, −20 % and −13 % but with CIs that include no change
//     (the load spread each side by ±20–50 %). A make([]byte, n) that
//     the function reads into (io.ReadFull(r, hdr), io.ReadAtLeast, a
//     Read or ReadAt method: an io.Reader must not retain the slice)
//     and then decodes and drops is reported too, per call or in a
//     loop: a frame header read into a new 8-byte slice for every chunk
//     of a stream. Passed to a Read through an interface the slice goes
//     to the heap whatever its size, so a constant size is reported
//     too; read by a concrete Read of the package, which is followed, a
//     small constant size stays on the stack and is not. A read buffer
//     returned or kept (the message body itself) is not reported, nor
//     one whose variable gets a second buffer later in the function
//     (the variable is followed, not each value it holds). Not reported:
//     a Builder or scratch slice whose text is returned or kept (a
//     Builder's String shares its memory; string(b) counts as the
//     slice's text), a buffer
//     that is the result or whose bytes outlive the call otherwise, a make with a
//     constant capacity up to 64 KiB that reaches no interface (the
//     compiler keeps it on the stack), the Error method of an error type
//     (an error path), and test-support packages.
//
// A value outlives its call or iteration when it, or a value that may share
// its memory (the slice from Bytes, the values a parser returns, a
// json.Encoder wrapping the buffer), is returned, stored in a field, global,
// map, slice or channel, assigned to a variable declared outside the loop,
// captured by a closure that is not called on the spot, or passed to a
// function that is not known to use it only during the call (io.Copy,
// fmt.Fprintf, an io.Writer's Write, json.Unmarshal, functions of bytes and
// strconv, and a few others). An Unmarshal, Parse or ParseBytes method
// outside the standard library decodes into its receiver, which may keep
// slices of the input (a zero-copy packet decoder's payload): the receiver,
// and the method's result, are followed as sharing the value's memory, so
// a buffer decoded into a packet the function returns is not reported —
// reusing it would overwrite the packets returned before. A writer that wraps it (bufio,
// json.NewEncoder, multipart.NewWriter and the like) is followed in its
// place. A function or concrete method of the same
// package that receives the value is followed into, a few calls deep: a
// helper that writes into the buffer keeps nothing, one that returns its
// argument (an append-style helper) passes the value on to its result;
// helpers that call each other (a tree written by a value writer and a
// list writer) keep the value only if one of them does.
// Such values cannot be reused locally and are not reported. Nor are values made in init, package variable initialisers,
// sync.Once bodies, func main outside loops, the New function of a
// sync.Pool (where constructors belong), unexported functions called only
// from such places, and code behind an if with a constant false condition;
// and, for reports per call, constructors and options (New..., With...),
// the body of a function that returns a function (a factory runs when the
// program is wired up), code of commands (package main or a package under a
// cmd directory) and functions that start a process. _test.go files are not
// analysed: a test runs once, and a construction in a benchmark is what it
// measures.
//
// json.Decoder, json.Encoder and bufio.Scanner are not in the table: they
// have no Reset that keeps their buffer. Nor has strings.Builder (its Reset
// frees the memory, and String shares it): a Builder per call whose text
// is only written out is reported with the advice to write into a reused
// bytes.Buffer or []byte instead.
//
// There is no suggested fix: where the reused value should live (a field
// of the receiver reset per call, a parameter, a sync.Pool, a variable
// before the loop) is a design choice.
//
// The one-line message names the value, the function and where to keep
// it; the conditions behind that advice are these. A field of the
// receiver, reset (or truncated with [:0]) at the start of each call,
// serves only if the method's calls never overlap: a receiver shared by
// concurrent requests needs a sync.Pool instead. A []byte scratch slice
// can also come from the caller, in the append style of strconv.AppendInt:
// the function appends to a dst it is given and returns the result. Values
// that a fastjson Parser or Arena returns alias its memory, so a reused
// parser must not be reused (or put back in a pool) while they are still
// in use: finish with them first, or copy what must outlive the next
// parse.
//
// For example, the handler
//
//	func (a *API) getOrder(w http.ResponseWriter, r *http.Request) {
//		var buf bytes.Buffer // allocated and grown on every request
//		json.NewEncoder(&buf).Encode(a.lookup(r))
//		w.Write(buf.Bytes())
//	}
//
// can take its buffer from a sync.Pool, Reset it and Put it back after
// the Write. And
//
//	func compress(data []byte) []byte {
//		var buf bytes.Buffer
//		zw := gzip.NewWriter(&buf) // about 800 KiB of state per call
//		zw.Write(data)
//		zw.Close()
//		return bytes.Clone(buf.Bytes())
//	}
//
// is better written as:
//
//	var gzipWriters = sync.Pool{New: func() any { return gzip.NewWriter(nil) }}
//
//	func compress(data []byte) []byte {
//		var buf bytes.Buffer
//		zw := gzipWriters.Get().(*gzip.Writer)
//		defer gzipWriters.Put(zw)
//		zw.Reset(&buf)
//		zw.Write(data)
//		zw.Close()
//		return bytes.Clone(buf.Bytes())
//	}
package reuse
