// Package splitwrite defines an Analyzer that reports one message written
// with several consecutive Write calls on a writer that is not buffered.
//
// # Analyzer splitwrite
//
// splitwrite: report a message written with several Write calls on an unbuffered pipe, socket or file
//
// A Write on an *os.File, a pipe or a socket is a system call: nothing
// buffers it. Writing a message and then its newline, or a frame header
// and then its payload, as two Writes costs two system calls where one
// would do, and lets the reader see (and another writer interleave with)
// half a message. A JSON-lines broker that replaced
// fmt.Fprintf(stdin, "%s\n", string(data)) with stdin.Write(data) and
// stdin.Write([]byte{'\n'}) to save a copy went from about 950 to 1,330
// ns per message on a subprocess's stdin pipe: the copy saved costs tens
// of nanoseconds, the extra system call about a microsecond.
//
// The remedy must not cost more than the system call it saves. Best is to
// encode the message into a buffer the code owns and reuses, delimiter
// included, or to write through a bufio.Writer flushed once per message;
// for a header and a payload on a socket, net.Buffers writes both with one
// writev and no copy. The suggested fix below copies the message into a
// new slice, an allocation per message: on a pipe to a subprocess (two
// loaded cores) it measured 36% faster than two writes for 100-byte
// messages and 13% faster for 300 bytes, but 30% slower for 1 KiB and 56%
// slower for 4 KiB, where the allocation and its garbage collection cost
// more than the system call. Apply it to short messages only.
//
// The check reports two or more writes to the same writer in straight-line
// sequence in one block: statements w.Write(b), w.WriteString(s) or
// io.WriteString(w, s), as expression statements, as n, err := ...
// assignments (each may be followed by an if err != nil check with no else),
// as if n, err := ...; err != nil {...} statements, or, last, as return
// w.Write(b); an assignment may also be followed by the addition of its
// byte count to a total (total += n). A write may also be guarded, as
// codecs write an optional prefix or suffix: if cond { write } with no
// else, a condition without calls (other than len and cap) or channel
// receives, and a body of only the write (and its error check, and the
// addition of its count); the report then says "up to" so many calls.
// A guard that is only that the write before succeeded, if err == nil {
// n, err = w.Write(p) }, leaves the count exact. Any other statement
// between two writes ends the sequence, so writes of different elements
// in successive iterations of a loop are not reported (a loop body with
// two writes is).
//
// A writer is unbuffered when its static type is *os.File (os.Stdout
// among them), net.Conn, *net.TCPConn, *net.UnixConn or *io.PipeWriter
// (each Write of an io.Pipe waits for the reader), or a type whose Write
// method forwards to one (below), or when it is a variable of interface
// type to which the package gives only such writers (and nil), at least
// one of them. Such variables are locals, unexported struct fields, and
// the parameters of unexported functions and methods that are only ever
// called directly in the package, never used as a value nor named by an
// interface method the package calls: their values are the arguments of
// those calls. A value is such a writer if its static type is one, if it
// is the io.WriteCloser of exec.Cmd.StdinPipe, another such variable,
// the result of a function that returns only such writers, an assertion
// to an interface type of such a value (f.(io.WriteCloser) keeps the
// dynamic value), or a File of a file system abstraction: the first
// result of a method named OpenFile or Create whose type is io/fs.File
// or another interface named File (a pluggable file system, as in afero
// or go-billy, whose files are *os.File on a disk); a value of
// any other kind, a bufio.Writer among them, makes the variable
// buffered. So a field set to os.Stdout in a constructor, or to the
// net.Conn of net.Dial in a Connect method, and passed by a method to an
// unexported writeTo(w io.Writer, m *Message), makes the two writes in
// writeTo a finding; a field also assigned a bufio.Writer anywhere in
// the package does not.
//
// A Write method forwards when it writes to a field of its receiver that
// holds only unbuffered writers and keeps nothing of its argument: it
// stores it (or a slice or append of it) in no field or package
// variable, and every other writer of its receiver that it writes to is
// flushed before it returns. A wrapper that sets a deadline, or frames,
// masks or compresses a message and writes it, forwards; a batcher that
// appends to a buffer of its own does not. A field assigned such a
// wrapper of itself (c.w = &wsWriter{w: c.w}) holds unbuffered writers if
// its other values are.
//
// Across packages, facts carry what a function's callers need: the
// parameters it writes in several calls, itself or by passing them on
// unchanged to a function that does (writeFrame(w io.Writer, ...)); the
// results that are always unbuffered writers (a Dial returning an
// io.WriteCloser); and the Write methods that forward. A call that passes
// an unbuffered writer to such a parameter is reported at the call,
// naming the callee and the line of its first write, unless the callee
// is an unexported function of the same package whose writes are
// reported themselves because all its callers pass unbuffered writers.
// A callee called with a bufio.Writer in one place and a socket in
// another is reported at the call that passes the socket. Whether a call
// is reported depends on how often the call runs, as for writes (below),
// and on nothing about the callee but the writes themselves: a callee's
// writes followed by the writer's Close or by an exit, or in a function
// literal, are not recorded.
//
// Other writers are not reported: buffered and in-memory ones
// (*bufio.Writer, *bytes.Buffer, *strings.Builder, http.ResponseWriter,
// which net/http buffers, compressors), exported fields and package
// variables of interface type (other packages may assign any writer),
// parameters of exported functions or of functions used as values (their
// callers are not all known), parameters the function assigns, values
// that come from an interface call other than a file system's OpenFile
// or Create, a type assertion of a value of unknown kind or a map (the
// writer of an object store's Create, which returns no File, may
// buffer), and the datagram conns *net.UDPConn and *net.IPConn, where
// each Write is a datagram of its own, so that two writes are two
// messages. A net.Conn or *net.UnixConn is assumed to be a stream, and a
// *tls.Conn behind a net.Conn, which encrypts and sends each Write as a
// record of its own, unbuffered.
//
// On the corpus of real modules (bench/corpus, 27 modules, scan -all,
// 2026-11-26, labels in bench/corpus/labels/splitwrite.tsv) the check
// reports 8 findings, 4 hot (a stream processor's stdout, socket and
// subprocess outputs, message then delimiter per message; a NATS
// client's websocket frame header then payload per flush) and 4 cold (a
// mock broker, three test scripts); 4 of the 5 shown at the default
// confidence are hot. It found 3 of the 4 two-write instances of the
// recall sample then; the fourth, which writes to the fs.File of a
// pluggable file system, is found since files of file system
// abstractions count as unbuffered.
//
// The check stays silent for code that runs once (init, package-level
// variables, sync.Once, main outside its loops, and functions called only
// from there), code followed in its function by a call of panic, os.Exit
// or log.Fatal (a last message) or, within the same iteration, by a
// return of a new error (errors.New, fmt.Errorf: an error reply or a
// redirect written on a path that fails), writes followed in their block
// by the writer's Close (once per file or connection, whose opening and
// closing cost more), code behind a constant false condition, writes to
// os.Stderr (diagnostics, as for fmtwrite), and tests other than the
// measured loop of benchmarks. The writes need not be in a loop: a
// function that sends one message runs once per message, so code that
// hotpath calls rarely (package main, constructors) is still checked.
//
// A suggested fix merges two writes, and only two, when all of these hold:
// the byte counts are ignored (the count of the merged write differs); the
// two statements have the same form, either both expression statements,
// both if _, err := ...; err != nil {...} with the same condition and the
// same handling written identically, or both _, err = ... each followed by
// an identical if err != nil {...} on the same err; no comment lies in the
// text that the fix deletes; and the second operand has no side effects (a
// variable, a field, a constant, a conversion of one, or a []byte literal of
// constants), so that evaluating it before the first write changes
// nothing. Then
//
//   - w.Write(a) and a write of b (Write, WriteString or io.WriteString)
//     become w.Write(append(a[:len(a):len(a)], b...)) when a is a variable
//     or a field, which the fix can name three times. The full slice expression
//     makes append copy, so the array of a, which its owner may share or
//     reuse, is never written. A []byte{'\r', '\n'} literal is appended
//     by its elements and []byte(s) as s...;
//   - two io.WriteString or two WriteString calls of s1 and s2 become one
//     of s1 + s2.
//
// Bad:
//
//	if _, err := stdin.Write(data); err != nil {
//		return fmt.Errorf("write message: %w", err)
//	}
//	if _, err := stdin.Write([]byte{'\n'}); err != nil {
//		return fmt.Errorf("write newline: %w", err)
//	}
//
// Good:
//
//	if _, err := stdin.Write(append(data[:len(data):len(data)], '\n')); err != nil {
//		return fmt.Errorf("write message: %w", err)
//	}
package splitwrite
