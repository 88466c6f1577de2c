// Package timeformat defines an Analyzer that reports time formatting on
// hot paths that a one-entry cache or AppendFormat removes.
//
// # Analyzer timeformat
//
// timeformat: report time formatting that a cache or AppendFormat removes
//
// (time.Time).Format walks its layout, computes the calendar date and
// clock from the time, and allocates the resulting string. Services do it
// per request or per message for access logs, event records and
// timestamps, and per listed object in hand-written encoders.
//
// The current time. A layout without fractional seconds gives the same
// text for every time within one second, so time.Now().Format(layout) on
// every request can return the text of the last call while the Unix second
// is unchanged, in the manner of the Date cache of fasthttp: a one-entry
// cache of the second and its text (an atomic.Pointer to both), refreshed
// by the first call of each new second. A layout with one to three digits
// of fractional seconds can be cached per millisecond, which pays when
// many calls fall in one millisecond. Measured in this package
// (BenchmarkNow, go run ./cmd/perfproof compare -variants before,after
// -count 30 ./analysis/passes/timeformat: 30 interleaved rounds, 2 shared
// cores, Go 1.26, medians), formatting time.Now() per call against the
// cache, including the time.Now call that both make:
//
//	time.RFC3339                      110 ns → 53 ns (−54 %), 24 → 0 B, 1 → 0 allocs
//	"2006/01/02 - 15:04:05" (gin)     166 ns → 50 ns (−71 %), 24 → 0 B, 1 → 0 allocs
//	"Mon, 02 Jan 2006 15:04:05 GMT"   189 ns → 52 ns (−75 %), 32 → 0 B, 1 → 0 allocs
//
// The analyzer reports a Format call with a constant layout of second or
// millisecond resolution whose receiver is the current time: time.Now(),
// optionally followed by UTC, Local, Round or Truncate; a local variable
// declared with such a value and never assigned again; or a time.Time
// field that the package's non-test code sets at least once and only ever
// to the current time (a logging middleware that stamps each request's
// parameters and formats them in its formatter), when the Format is not in
// a loop (stored times formatted in a loop are most often a listing of
// objects stamped when they were made). It stays silent for layouts with
// more than three digits of fractional seconds (time.RFC3339Nano: the text
// changes on every call, and the RFC 3339 layouts already take a fast path
// in package time), for layouts that are not constants, for times in a
// location chosen per call (In(loc)), for text that goes into an error
// or a panic, and for client code where the round trip dwarfs the
// formatting: a function that makes an outgoing HTTP request
// (http.NewRequest, Client.Do, http.Get, ...), text set as a header of an
// http.Request, and a function that computes a request signature (calls
// crypto/hmac.New or a function named Sign..., ...Signature..., Presign...,
// directly or through up to two calls of its own package: the date of an
// AWS-style signature, stamped once per outgoing request or connection).
//
// Bytes from a string. A formatted time that is only appended to a byte
// slice, written with WriteString, or converted to []byte for a Write,
// costs a string allocation that AppendFormat avoids by formatting into
// the destination. Measured the same way (BenchmarkAppend, appending to a
// reused buffer):
//
//	time.RFC3339                      57 ns → 25 ns (−56 %), 24 → 0 B, 1 → 0 allocs
//	time.RFC3339Nano                  78 ns → 46 ns (−45 %), 32 → 0 B, 1 → 0 allocs
//	"Mon, 02 Jan 2006 15:04:05 GMT"   164 ns → 113 ns (−30 %), 32 → 0 B, 1 → 0 allocs
//
// The analyzer reports append(b, t.Format(layout)...), with a fix to
// t.AppendFormat(b, layout) when b is a variable, field or constant index
// and t calls nothing outside package time but a clock — a function value
// of type func() time.Time called without arguments, such as a logger's
// swappable timeNow — (so the order of evaluation does not matter);
// w.WriteString(t.Format(layout)) and
// w.Write([]byte(t.Format(layout))), with a fix to
// w.Write(t.AppendFormat(w.AvailableBuffer(), layout)) when w is a
// *bytes.Buffer or *bufio.Writer named by a variable or field, whose
// AvailableBuffer lends the free space for exactly this; for other writers
// (a strings.Builder, an io.Writer) it reports without a fix, as the
// buffer to format into is the caller's to choose.
//
// Bytes through a callee (category callee). A formatted time passed to a
// function of the same package that uses that string parameter only to
// copy it into bytes — append(b, p...), WriteString, Write([]byte(p)),
// io.WriteString, a value of an http.Header literal that is only written,
// or an argument of another such function, up to two calls deep — is the
// same waste one call away: nats-server stamps each republished or
// directly fetched message with genHeader(hdr, JSTimeStamp,
// ts.Format(time.RFC3339Nano)). Passing the time.Time and calling
// AppendFormat in the callee removes the string; the change is to the
// callee's signature, so no fix is suggested.
//
// RFC 3339 spelled out (category rfc3339). Format and AppendFormat take a
// fast path only when the layout is the constant time.RFC3339 or
// time.RFC3339Nano; a layout that spells the same format, as S3 servers'
// "2006-01-02T15:04:05.999Z" for each listed object's LastModified does,
// is walked chunk by chunk. Where the rewrite writes the same text the
// check reports it with a fix: "2006-01-02T15:04:05Z" of a time in UTC
// (X.UTC() or X.In(time.UTC)) becomes time.RFC3339; ".999Z" and ".999999Z"
// of a time in UTC, and ".999Z07:00" and ".999999Z07:00" of any time,
// become time.RFC3339Nano after Truncate(time.Millisecond) or
// Truncate(time.Microsecond) (a run of 9s drops trailing zeros, as
// RFC3339Nano does; a run of 0s, ".000Z", always writes its digits and has
// no such rewrite). TestSpellings checks each rewrite on times of years 1
// to 9999. Measured (BenchmarkSpelling, go run ./cmd/perfproof compare
// -variants before,after -bench Spelling -count 20
// ./analysis/passes/timeformat: 20 interleaved rounds, 2 shared cores
// under load, Go 1.26, medians with the 95 % interval of the change):
//
//	"2006-01-02T15:04:05.999Z"  210 ns → 95 ns (−49 % [−61 %, −41 %]), 24 B and 1 alloc either way
//	"2006-01-02T15:04:05Z"      188 ns → 91 ns (−55 % [−66 %, −40 %])
//
// Any other format of a time with a constant layout (categories field and
// item). A time of each request, message or listed object that becomes a
// string: grpc's audit logger stamps each audited RPC with
// time.Now().Format(time.RFC3339Nano) in a struct it encodes to JSON,
// S3 servers format each listed object's LastModified inside MarshalXML,
// benthos puts each parsed log line's timestamp in a map. When the layout
// is time.RFC3339Nano and the text goes into a string field with a json
// or xml tag (category field), a time.Time field encodes to the same text:
// Time.MarshalJSON and MarshalText write RFC 3339 with nanoseconds, as
// Format(time.RFC3339Nano) does, for years 0 to 9999 (outside them they
// fail), but omitempty no longer omits a zero time and every other user of
// the field changes, so no fix is suggested. Otherwise (category item) the
// string can only be avoided where it ends up in bytes, by AppendFormat
// into a reused buffer there; where it must be a string (an XML field,
// a map value) only the allocation of 24 to 32 B moves. Measured on one
// XML element (BenchmarkXMLElement), EncodeElement of the formatted string
// against AppendFormat into a stack buffer written as xml.CharData between
// the start and end tokens: 433 ns → 391 ns (−13 %), 2 → 1 allocs but 40 →
// 64 B, a gain mostly lost in the encoding of a whole listed object. These
// categories are candidates: the check reports them wherever the code is
// not cold and leaves it to scan's evidence (call paths from handlers and
// consumer loops, profiles) to say how often they run. Not reported: text
// for people — a String, GoString or Error method, a function whose only
// result is a concrete error type, an argument (directly, through
// fmt.Sprintf or concatenation, or through a local variable used only so)
// of an error constructor, a panic or a logging call (packages log,
// log/slog, zap, logrus, zerolog, testing, or functions named Printf,
// Infof, Debugf, Noticef, Warnf and the like) — and the client code of
// the current-time category.
//
// Code that runs once (init functions, package-level variables, sync.Once
// bodies, main outside its loops and helpers called only from those), dead
// code, test code, and rarely called code (constructors, factories,
// commands) outside a loop is not reported. How hot the rest is, is for the
// evidence of scan (call paths from handlers and consumer loops, profiles).
//
// Candidates. With the -candidates flag, which perfproof scan sets (it
// rates each finding by its call graph and by profiles), the check also
// reports, in category candidate, formats in rarely called code (a
// constructor such as NewRecord called per request, a command's code)
// and formats whose layout is not a constant (a logger's or an index
// name's configured layout, whose resolution is unknown): the same waste
// wherever that code turns out to run often. Text for errors, logs and
// people, and a client's requests, stay silent. go vet leaves the flag
// off.
//
// On the corpus of real modules (bench/corpus, 27 modules, every finding
// labelled in bench/corpus/labels/timeformat.tsv, 2026-11-26), the check
// reports 10 findings with -all, 6 of them hot (access-log lines of
// versitygw, gin and echo, versitygw's per-request policy condition time
// and bucket-event time), and 6 at scan's default confidence, 5 of them
// hot. Of the 8 formatted times of the recall sample, it finds the 2 of the
// current time with a second-resolution layout; the others were per-object
// times that must become strings (XML and JSON fields, map values, header
// values) or RFC3339Nano, now candidates of the callee, field and item
// categories (figures for those: see the labels).
//
// For example:
//
//	func accessLog(w io.Writer, r *http.Request, status int) {
//		fmt.Fprintf(w, "%s %s %d\n", time.Now().Format(time.RFC3339), r.URL.Path, status)
//	}
//
// formats the same text thousands of times a second on a busy server; with
// a cache of the current second:
//
//	type stamp struct {
//		sec  int64
//		text string
//	}
//
//	var lastStamp atomic.Pointer[stamp]
//
//	func now3339() string {
//		now := time.Now()
//		if s := lastStamp.Load(); s != nil && s.sec == now.Unix() {
//			return s.text
//		}
//		s := &stamp{sec: now.Unix(), text: now.Format(time.RFC3339)}
//		lastStamp.Store(s)
//		return s.text
//	}
//
// And
//
//	buf = append(buf, obj.ModTime.UTC().Format(time.RFC3339)...)
//
// is better written as:
//
//	buf = obj.ModTime.UTC().AppendFormat(buf, time.RFC3339)
package timeformat
