// Package listing writes object listings by hand, one formatted time per
// listed object.
package listing

import (
	"bufio"
	"bytes"
	"encoding/xml"
	"io"
	"strings"
	"time"
)

type Object struct {
	Key     string
	ModTime time.Time
}

// appendList appends each object's time: AppendFormat writes into buf
// without the intermediate string.
func appendList(buf []byte, objs []Object) []byte {
	for _, o := range objs {
		buf = append(buf, o.Key...)
		buf = append(buf, o.ModTime.UTC().Format(time.RFC3339)...) // want `append of o.ModTime.UTC\(\).Format\(time.RFC3339\) allocates a string on every iteration of a loop in appendList; use o.ModTime.UTC\(\).AppendFormat\(buf, time.RFC3339\)`
		buf = append(buf, '\n')
	}
	return buf
}

// writeList writes to a bytes.Buffer, which lends its free space.
func writeList(b *bytes.Buffer, objs []Object) {
	for _, o := range objs {
		b.WriteString(o.Key)
		b.WriteString(o.ModTime.Format(time.DateTime)) // want `o.ModTime.Format\(time.DateTime\) allocates a string only to write it to b; write o.ModTime.AppendFormat\(b.AvailableBuffer\(\), time.DateTime\)`
	}
}

// writeLine writes to a bufio.Writer through a conversion: two copies.
func writeLine(w *bufio.Writer, t time.Time) error {
	_, err := w.Write([]byte(t.Format("2006-01-02T15:04:05.999Z"))) // want `t.Format\("2006-01-02T15:04:05.999Z"\) allocates a string only to write it to w`
	return err
}

// builder writes to a strings.Builder, which has no AvailableBuffer:
// reported without a fix.
func builder(sb *strings.Builder, t time.Time) {
	sb.WriteString(t.Format(time.RFC1123)) // want `t.Format\(time.RFC1123\) allocates a string only to write it to sb; write t.AppendFormat into a reused buffer`
}

// plain writes to any io.Writer: reported without a fix, as the buffer to
// append into is the caller's to choose.
func plain(w io.Writer, t time.Time) {
	w.Write([]byte(t.Format(time.RFC3339))) // want `t.Format\(time.RFC3339\) allocates a string only to write it to w; write t.AppendFormat into a reused buffer`
}

type enc struct{ bufs [][]byte }

func (e *enc) next() int { return 0 }

// appendIndexed appends to a slice whose index is a call: reported, but a
// fix would change when next runs.
func (e *enc) appendIndexed(t time.Time) {
	e.bufs[0] = append(e.bufs[e.next()], t.Format(time.RFC3339)...) // want `append of t.Format\(time.RFC3339\) allocates a string on every call of enc.appendIndexed`
}

// Near-misses: the formatted string is what the destination needs, so
// AppendFormat would only move the allocation.

type xmlObject struct {
	LastModified string `xml:"LastModified"`
}

// Fine: a per-object time becomes a string field of an XML element
// (versitygw's listing); the reflection of EncodeElement costs far more.
func (o Object) MarshalXML(e *xml.Encoder, start xml.StartElement) error {
	return e.EncodeElement(xmlObject{LastModified: o.ModTime.UTC().Format(time.RFC3339)}, start)
}

// Fine: the value of a map of parsed fields must be a string.
func fields(t time.Time) map[string]any {
	return map[string]any{"timestamp": t.Format(time.RFC3339Nano)}
}

// Fine: fmt formats the string again; AppendFormat does not fit there.
func line(w io.Writer, o Object) {
	io.WriteString(w, o.Key+" "+o.ModTime.Format(time.RFC3339)+"\n")
}

// clock is the package's swappable time source (tests replace it).
var clock = time.Now

// stamp writes the clock's time, as a logger's time tag does: the clock is
// a function value, and the fix keeps its one call.
func stamp(b *bytes.Buffer) (int, error) {
	return b.WriteString(clock().Format(time.RFC3339)) // want `clock\(\).Format\(time.RFC3339\) allocates a string only to write it to b; write clock\(\).AppendFormat\(b.AvailableBuffer\(\), time.RFC3339\)`
}

// tick is a function value that takes an argument: not a clock, no fix.
func tick(b *bytes.Buffer, at func(int) time.Time) (int, error) {
	return b.WriteString(at(1).Format(time.RFC3339)) // want `at\(1\).Format\(time.RFC3339\) allocates a string only to write it to b; write at\(1\).AppendFormat\(b.AvailableBuffer\(\), time.RFC3339\)`
}
