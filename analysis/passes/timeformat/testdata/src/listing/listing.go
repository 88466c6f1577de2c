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
		buf = append(buf, o.ModTime.UTC().Format(time.RFC3339)...) // want `append of o\.ModTime\.UTC\(\)\.Format\(time\.RFC3339\) allocates a string: use o\.ModTime\.UTC\(\)\.AppendFormat\(buf, time\.RFC3339\)`
		buf = append(buf, '\n')
	}
	return buf
}

// writeList writes to a bytes.Buffer, which lends its free space.
func writeList(b *bytes.Buffer, objs []Object) {
	for _, o := range objs {
		b.WriteString(o.Key)
		b.WriteString(o.ModTime.Format(time.DateTime)) // want `o\.ModTime\.Format\(time\.DateTime\) allocates a string only to write it to b: AppendFormat into b\.AvailableBuffer\(\)`
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
	sb.WriteString(t.Format(time.RFC1123)) // want `t\.Format\(time\.RFC1123\) allocates a string only to write it to sb: write t\.AppendFormat into a reused buffer`
}

// plain writes to any io.Writer: reported without a fix, as the buffer to
// append into is the caller's to choose.
func plain(w io.Writer, t time.Time) {
	w.Write([]byte(t.Format(time.RFC3339))) // want `t\.Format\(time\.RFC3339\) allocates a string only to write it to w: write t\.AppendFormat into a reused buffer`
}

type enc struct{ bufs [][]byte }

func (e *enc) next() int { return 0 }

// appendIndexed appends to a slice whose index is a call: reported, but a
// fix would change when next runs.
func (e *enc) appendIndexed(t time.Time) {
	e.bufs[0] = append(e.bufs[e.next()], t.Format(time.RFC3339)...) // want `append of t\.Format\(time\.RFC3339\) allocates a string: use t\.AppendFormat\(e\.bufs\[e\.next\(\)\], time\.RFC3339\)`
}

// The formatted string is what the destination needs: AppendFormat would
// only move the allocation unless the writer formats into its own buffer.
// Reported in category item, without a fix; the encoder's reflection
// costs more (doc.go), so the scan's evidence decides.

type xmlObject struct {
	LastModified string `xml:"LastModified"`
}

// A per-object time becomes a string field of an XML element
// (versitygw's listing). RFC3339 is not what time.Time's MarshalText
// writes (RFC3339Nano), so the field must stay a string: item.
func (o Object) MarshalXML(e *xml.Encoder, start xml.StartElement) error {
	return e.EncodeElement(xmlObject{LastModified: o.ModTime.UTC().Format(time.RFC3339)}, start) // want `o\.ModTime\.UTC\(\)\.Format\(time\.RFC3339\) allocates a string: AppendFormat into a reused buffer where it is written`
}

// The value of a map of parsed fields (benthos' parse_log, per message):
// a map entry, not a tagged field, so item.
func fields(t time.Time) map[string]any {
	return map[string]any{"timestamp": t.Format(time.RFC3339Nano)} // want `t\.Format\(time\.RFC3339Nano\) allocates a string on every call: AppendFormat into a reused buffer where it is written`
}

// The text is concatenated before it is written: no exact fix, item.
func line(w io.Writer, o Object) {
	io.WriteString(w, o.Key+" "+o.ModTime.Format(time.RFC3339)+"\n") // want `o\.ModTime\.Format\(time\.RFC3339\) allocates a string on every call: AppendFormat into a reused buffer where it is written`
}

// clock is the package's swappable time source (tests replace it).
var clock = time.Now

// stamp writes the clock's time, as a logger's time tag does: the clock is
// a function value, and the fix keeps its one call.
func stamp(b *bytes.Buffer) (int, error) {
	return b.WriteString(clock().Format(time.RFC3339)) // want `clock\(\)\.Format\(time\.RFC3339\) allocates a string only to write it to b: AppendFormat into b\.AvailableBuffer\(\)`
}

// tick is a function value that takes an argument: not a clock, no fix.
func tick(b *bytes.Buffer, at func(int) time.Time) (int, error) {
	return b.WriteString(at(1).Format(time.RFC3339)) // want `at\(1\)\.Format\(time\.RFC3339\) allocates a string only to write it to b: AppendFormat into b\.AvailableBuffer\(\)`
}

// Stamp is a listed object's time, written by its MarshalXML in the
// layout S3 clients expect (gofakes3's ContentTime).
type Stamp struct{ time.Time }

// The layout spells RFC 3339 with milliseconds and a literal Z, which
// only a time in UTC writes alike: Format walks it chunk by chunk, where
// RFC3339Nano of the time truncated to the millisecond takes Format's fast
// path and writes the same text.
func (s Stamp) MarshalXML(e *xml.Encoder, start xml.StartElement) error {
	text := s.UTC().Format("2006-01-02T15:04:05.999Z") // want `"2006-01-02T15:04:05\.999Z"\)? misses Format's RFC 3339 fast path`
	return e.EncodeElement(text, start)
}

// Seconds and a literal Z of a time in UTC: time.RFC3339, no truncation.
func seconds(t time.Time) map[string]any {
	return map[string]any{"at": t.In(time.UTC).Format("2006-01-02T15:04:05Z")} // want `"2006-01-02T15:04:05Z"\)? misses Format's RFC 3339 fast path`
}

// A zone offset in the layout writes the same as RFC3339Nano in any zone.
func zoned(t time.Time) map[string]any {
	return map[string]any{"at": t.Format("2006-01-02T15:04:05.999999Z07:00")} // want `"2006-01-02T15:04:05\.999999Z07:00"\)? misses Format's RFC 3339 fast path`
}

// Near misses, category item: a literal Z of a time that may not be in
// UTC (RFC3339 would write its offset), and a fraction of 0s, which
// always writes its digits (RFC3339Nano drops trailing zeros).
func local(t time.Time) map[string]any {
	return map[string]any{"at": t.Format("2006-01-02T15:04:05Z")} // want `t\.Format\("2006-01-02T15:04:05Z"\) allocates a string`
}

func fixedDigits(t time.Time) map[string]any {
	return map[string]any{"at": t.UTC().Format("2006-01-02T15:04:05.000Z")} // want `t\.UTC\(\)\.Format\("2006-01-02T15:04:05\.000Z"\) allocates a string`
}
