// Package fmtwrite defines an Analyzer that reports fmt print calls that
// only write a byte slice or a string.
//
// # Analyzer fmtwrite
//
// fmtwrite: report fmt.Fprint, Fprintf and Fprintln calls that only write bytes or a string
//
// fmt.Fprintf(w, "%s\n", string(b)) copies b into a new string, stores the
// string in an interface, parses the format, copies the bytes again into
// fmt's buffer and only then calls w.Write: two copies, an allocation and a
// type switch for what is a write of b and a newline. The check reports
// fmt.Fprint, Fprintf and Fprintln (and Print, Printf and Println, which
// write to os.Stdout) whose only work is to write string(b) of a byte
// slice b, a byte slice with %s, or a string with the format "%s", with
// or without a trailing newline.
//
// The calls without a newline have a fix that is exactly equivalent:
// w.Write(b) (same bytes, one Write call, same results), io.WriteString(w,
// s), or os.Stdout.Write(b). The calls with a newline have no fix, on
// purpose: the obvious rewrite, w.Write(b) followed by a Write of "\n",
// turns one write into two, and on an unbuffered writer such as a pipe, a
// socket or os.Stdout each costs a system call, which outweighs the copy
// saved. Append the newline to the bytes and write once, or write through a
// bufio.Writer. When the writer is a *bytes.Buffer, *strings.Builder or
// *bufio.Writer, where a second write is cheap, the report (category
// "buffered") says to call Write and WriteByte('\n') on it.
//
// It stays silent for code that runs once (init, package-level variables,
// sync.Once, main outside its loops), tests other than the measured loop of
// benchmarks, writes to os.Stderr (diagnostics), a string written with Fprint or Fprintln or with a newline
// (no copy to save), Fprint and Fprintln of a []byte (which print the byte
// values), other verbs and formats, several arguments, and values whose
// type has a Format method or a String or Error method that %s would call.
//
// Bad:
//
//	if _, err := fmt.Fprintf(stdin, "%s\n", string(data)); err != nil {
//		return err
//	}
//
// Good:
//
//	data = append(data, '\n')
//	if _, err := stdin.Write(data); err != nil {
//		return err
//	}
package fmtwrite
