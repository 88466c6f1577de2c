// Package fmtnumber defines an Analyzer that reports fmt.Sprintf,
// fmt.Sprint and fmt.Fprintf calls formatting numbers that strconv formats directly.
//
// # Analyzer fmtnumber
//
// fmtnumber: report fmt.Sprintf, Sprint and Fprintf of numbers with a short fixed format that strconv does without reflection
//
// fmt.Sprintf("%d", n) stores n in an interface (an allocation once n is
// past 255), parses the format at run time, finds the type of n by a type
// switch and then calls the same strconv code, through a pooled printer.
// Measured with Go 1.26 on a 2-core x86-64 machine, fmt.Sprintf("%d", n)
// took about 3.5 times as long as strconv.FormatInt(n, 10) with two
// allocations instead of one, and a Content-Range built with
// fmt.Sprintf("bytes %d-%d/%d", ...) about 3 times as long as the same
// string concatenated from strconv.FormatInt results.
//
// The check reports fmt.Sprintf of a lone verb (%d, %x, %v, %t, %f, %e,
// %g, the last three with an optional precision; a zero flag without a
// width, as in "%0.f", pads nothing and is accepted) of an integer, float or
// bool, and fmt.Sprint of one such value, wherever the code is not cold:
// strconv is then simpler as well as faster. It reports a short fixed
// format (at most four such verbs or %s, at most 32 bytes of literal
// text, such as "bytes %d-%d/%d", "\"%x\"" or a quoted ETag "\"%s\"" of
// strings only, which is concatenation: measured with Go 1.26 on a loaded
// 2-core machine, 96 B in 3 allocations against 48 B in 1 for the quoted
// hex digest, and about 4 times the time) only where there is evidence that the
// string is made for a protocol, often: it goes straight to an
// http.Header Set or Add, a Write or WriteString call, io.WriteString or
// an append to a byte slice; it is the key a request is read by (an
// http.Header, textproto.MIMEHeader or url.Values Get, Values, Del or Has,
// a request's Cookie, FormValue or PostFormValue: a proxy transport that
// splits a payload over numbered headers or cookies formats each name per
// request); it is parsed at once (time.ParseDuration of "%dms",
// strconv.Atoi, ParseInt, ParseUint, ParseFloat, ParseBool); it is stored
// in a struct field, directly or through a local variable assigned once (a
// part's ETag kept for the listing and the completion of a multipart
// upload), or is such a variable passed to one of those calls; it is the only return
// of a function called so somewhere in the package; or it is in a
// benchmark's measured loop. A format of strings only is also reported
// when it is the only return of an exported function of a package other
// than main (versitygw's GenerateEtag, called per PutObject from the
// backends): its callers are in other packages, where the scan's call
// graph decides how often it runs, and concatenation is simpler code
// anyway. A loop alone is not evidence: tools build names in loops that
// run a few times. Those rules guard go vet runs, which have no other
// evidence; with the -candidates flag, which perfproof scan sets, every
// such format outside cold code is reported, those without that evidence
// in category candidate, which scan shows only with -all unless a profile
// measures them hot. Each report has a fix that replaces the call with strconv calls
// joined by + to the literal text; each mapping was checked to print the
// same text for every value, including negative numbers in hex, NaN,
// infinities and -0.
//
// It also reports fmt.Sprintf("%x", b) of a byte slice or byte array b
// (category hex: a digest turned into a cookie name, an ETag or a
// subject identifier), wherever the code is not cold: hex.EncodeToString
// prints the same text without reflection. Measured on a SHA-256 digest
// (BenchmarkHexDigest, go run ./cmd/perfproof compare -variants
// before,after -bench HexDigest ./analysis/passes/fmtnumber, 20
// interleaved rounds, 2 shared cores under load): 571 ns → 238 ns (−58 %
// [−62 %, −51 %]), 3 → 2 allocs. The fix is hex.EncodeToString(b), or
// hex.EncodeToString(b[:]) for an array variable; none for an array that
// is a function's result (it cannot be sliced in place). %X and formats
// with more than the one verb are left alone.
//
// It also reports fmt.Fprintf of such a format with at least one number
// into a *bufio.Writer or a *bytes.Buffer (category fprintf: a protocol
// server's reply line, as a RESP server writes ":%d\r\n" per command, or
// a chunk's size line), wherever the code is not cold: the write is the
// evidence that the text is made for a protocol. The fix appends the text
// to the writer's AvailableBuffer with strconv's Append functions and
// writes it in one Write call, which returns what Fprintf returned.
// Measured into a *bufio.Writer over io.Discard (BenchmarkFprintf, go run
// ./cmd/perfproof compare -variants before,after -bench 'Fprintf$' -count
// 20 ./analysis/passes/fmtnumber, 20 interleaved rounds, 2 shared cores
// under load): 134 ns → 28 ns (−79.5 % [−81.6 %, −77.7 %]), 6 → 0 B/op.
// Through an io.Writer of unknown type the only exact fix builds a string
// first: 19–27 % less time but one allocation more (0 → 1 allocs/op,
// BenchmarkFprintfInterface), so such calls are not reported.
//
// It also reports fmt.Sprintf of such a format whose integer verbs are
// zero-padded to a width of one or two digits (%02d, %03d, %08x) or
// upper-case hex (%X) — category padded, with the same evidence rules:
// a FIX engine's three-digit checksum per message, a two-digit minute per
// row of a date function, a \u%04x escape per rune. No rewrite fits every
// value (fmt pads a negative number after its sign, "-05"), so there is no
// fix; the usual one, for the non-negative numbers these formats serve,
// is s := strconv.Itoa(n) padded as "000"[:w-len(s)] + s when shorter.
// Measured (BenchmarkPadded, go run ./cmd/perfproof compare -variants
// before,after -bench 'Padded$' -count 20 -benchtime 200ms
// ./analysis/passes/fmtnumber: 20 interleaved rounds, 2 shared cores
// under load, 2026-11-27): fmt.Sprintf("%03d", n) 115 ns → 35 ns (−69.4 %
// [−73.6 %, −64.3 %]), 1 allocation either way.
//
// It stays silent where the text is not on a hot path or the rewrite would
// not be exact: code that runs once (init, package-level variables,
// sync.Once, main outside its loops); tests outside the measured loop of
// benchmarks, package testing and packages importing it; String, Error,
// GoString and Format methods and functions named for errors; arguments of
// panics, error constructors, logging and test-failure calls; values
// stored in a field whose name begins with "err" (resp.Error =
// fmt.Sprintf(...), Reply{ErrMsg: ...}: a reply's error message); blocks that
// end by returning a new error or aborting (panic, os.Exit, a call named
// like errorf or fatal, or http.Error and a bare return); unexported
// functions all of whose calls are cold; formats with flags (but the zero
// flag of a padded integer), space-padded widths, padded floats or %q;
// and values whose type has a Format method, or, for %v, %s and %x, a
// String or Error method, which fmt would call.
//
// Bad:
//
//	h.Set("Content-Range", fmt.Sprintf("bytes %d-%d/%d", start, end, size))
//	h.Set("ETag", fmt.Sprintf("\"%x\"", sum))
//
// Good:
//
//	h.Set("Content-Range", "bytes "+strconv.FormatInt(start, 10)+"-"+
//		strconv.FormatInt(end, 10)+"/"+strconv.FormatInt(size, 10))
//	h.Set("ETag", "\""+strconv.FormatUint(sum, 16)+"\"")
//
// or, where the string is written out at once, strconv.AppendInt into a
// reused byte slice.
package fmtnumber
