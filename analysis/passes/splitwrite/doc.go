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
// w.Write(b). A write may also be guarded, as codecs write an optional
// prefix or suffix: if cond { write } with no else, a condition without
// calls (other than len and cap) or channel receives, and a body of only
// the write (and its error check); the report then says "up to" so many
// calls. Any other statement between two writes ends the sequence, so
// writes of different elements in successive iterations of a loop are
// not reported (a loop body with two writes is).
//
// A writer is unbuffered when its static type is *os.File (os.Stdout
// among them), net.Conn, *net.TCPConn, *net.UnixConn or
// *io.PipeWriter (each Write of an io.Pipe waits for the reader), or when it
// is a local variable or unexported struct field of interface type to
// which the package assigns only such writers or the io.WriteCloser of
// exec.Cmd.StdinPipe (and nil). Other writers are not reported: buffered
// and in-memory ones (*bufio.Writer, *bytes.Buffer, *strings.Builder,
// http.ResponseWriter, which net/http buffers, compressors), parameters and
// exported fields of interface type, whose dynamic type is unknown, and
// the datagram conns *net.UDPConn and *net.IPConn, where each Write is a
// datagram of its own, so that two writes are two messages. A net.Conn or
// *net.UnixConn is assumed to be a stream. Writers are told apart only
// within a function and by what the package assigns: a net.Conn passed as
// an io.Writer parameter is not seen.
//
// The check stays silent for code that runs once (init, package-level
// variables, sync.Once, main outside its loops, and functions called only
// from there), code followed in its function by a call of panic, os.Exit
// or log.Fatal (a last message), writes followed in their block by the
// writer's Close (once per file or connection, whose opening and closing
// cost more), code behind a constant false condition,
// writes to os.Stderr (diagnostics, as for fmtwrite), and tests other than
// the measured loop of benchmarks. The writes need not be in a loop: a
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
