// Package resp writes replies of a line protocol (RESP, as a Redis server
// does) through a buffered writer, one Fprintf per reply line.
package resp

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net"
	"os"
	"strings"
)

// Writer writes the replies of one connection.
type Writer struct {
	w *bufio.Writer
}

// WriteInt writes an integer reply, per command.
func (w *Writer) WriteInt(n int) {
	fmt.Fprintf(w.w, ":%d\r\n", n) // want `fmt\.Fprintf with a fixed format of numbers into a buffered writer`
}

// WriteBulk writes a bulk string: its length, then the string.
func (w *Writer) WriteBulk(s string) {
	fmt.Fprintf(w.w, "$%d\r\n%s\r\n", len(s), s) // want `fmt\.Fprintf with a fixed format of numbers into a buffered writer`
}

// WriteFloat writes a double reply; the result of Fprintf is kept.
func (w *Writer) WriteFloat(f float64) error {
	_, err := fmt.Fprintf(w.w, ",%g\r\n", f) // want `fmt\.Fprintf with a fixed format of numbers into a buffered writer`
	return err
}

// Chunk writes the size line of a chunk of a chunked HTTP body into a
// bytes.Buffer.
func Chunk(b *bytes.Buffer, n uint32) {
	fmt.Fprintf(b, "%x\r\n", n) // want `fmt\.Fprintf with a fixed format of numbers into a buffered writer`
}

// Near misses.

// Conn writes through an io.Writer of unknown type: the only exact fix
// builds a string (one allocation more than Fprintf), so none is offered.
func Conn(c net.Conn, n int) {
	fmt.Fprintf(c, ":%d\r\n", n)
}

// Iface writes through an io.Writer.
func Iface(w io.Writer, n int) {
	fmt.Fprintf(w, ":%d\r\n", n)
}

// Text writes strings only: concatenation, fmtwrite's and not this
// check's.
func Text(w *bufio.Writer, s string) {
	fmt.Fprintf(w, "+%s\r\n", s)
}

// Builder has no AvailableBuffer.
func Builder(sb *strings.Builder, n int) {
	fmt.Fprintf(sb, "%d,", n)
}

// Padded uses a width, which strconv does not pad.
func Padded(w *bufio.Writer, n int) {
	fmt.Fprintf(w, "%05d\r\n", n)
}

type stamp int

func (s stamp) String() string { return "t" }

// Stringer formats a value whose type has a String method, which %d
// does not call but %v would: left alone with %v.
func Stringer(w *bufio.Writer, s stamp) {
	fmt.Fprintf(w, "<%v>", s)
}

// Next writes through a writer that a call returns: the fix would call
// it twice, so the report has no fix.
func Next(ws []*bufio.Writer, n int) {
	fmt.Fprintf(pick(ws), ":%d\r\n", n) // want `fmt\.Fprintf with a fixed format of numbers into a buffered writer`
}

func pick(ws []*bufio.Writer) *bufio.Writer { return ws[0] }

func init() {
	// Runs once.
	w := bufio.NewWriter(os.Stdout)
	fmt.Fprintf(w, "started %d\n", os.Getpid())
	w.Flush()
}

// Trailer writes a count when the function returns: a deferred call's
// arguments are evaluated at the defer, so the fix would take the
// buffer's free space before other writes; reported without a fix.
func Trailer(w *bufio.Writer, n int) {
	defer fmt.Fprintf(w, "#%d\r\n", n) // want `fmt\.Fprintf with a fixed format of numbers into a buffered writer`
	w.WriteString("body\r\n")
}
