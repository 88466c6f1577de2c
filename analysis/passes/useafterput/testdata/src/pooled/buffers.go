package pooled

import (
	"bytes"
	"io"
	"strings"
	"sync"
	"unsafe"

	"github.com/valyala/bytebufferpool"
	"wrap"
)

var bufPool = sync.Pool{New: func() any { return new(bytes.Buffer) }}

func getBuffer() *bytes.Buffer {
	b := bufPool.Get().(*bytes.Buffer)
	b.Reset()
	return b
}

func putBuffer(b *bytes.Buffer) { bufPool.Put(b) }

// Render returns the buffer's bytes after putting it back.
func Render(parts []string) []byte {
	b := getBuffer()
	for _, p := range parts {
		b.WriteString(p)
	}
	out := b.Bytes()
	putBuffer(b)
	return out // want `\[\]byte out into b returned after b is put back into bufPool \(putBuffer at buffers.go:\d+\)`
}

// RenderString makes a zero-copy string of the buffer.
func RenderString(parts []string) string {
	b := bufPool.Get().(*bytes.Buffer)
	b.Reset()
	defer bufPool.Put(b)
	for _, p := range parts {
		b.WriteString(p)
	}
	return unsafe.String(unsafe.SliceData(b.Bytes()), b.Len()) // want `a value into b returned after b is put back into bufPool: copy it before the Put`
}

// WriteTwice writes the buffer after it went back.
func WriteTwice(w io.Writer, s string) {
	b := getBuffer()
	b.WriteString(s)
	putBuffer(b)
	w.Write(b.Bytes()) // want `b used after it is put back into bufPool \(putBuffer at buffers\.go:\d+\): move the Put after its last use`
}

var slabPool = sync.Pool{New: func() any { s := make([]byte, 0, 512); return &s }}

// Encode appends into a pooled slice and returns it after the Put.
func Encode(fields []string) []byte {
	bp := slabPool.Get().(*[]byte)
	b := (*bp)[:0]
	for _, f := range fields {
		b = append(b, f...)
		b = append(b, ',')
	}
	*bp = b
	slabPool.Put(bp)
	return b // want `\[\]byte b into bp returned after bp is put back into slabPool \(Put at buffers.go:\d+\)`
}

// Last compares each line with the previous one, which lives in a
// buffer that went back into the pool at the end of the previous
// iteration.
func Last(lines []string) int {
	dups := 0
	var last []byte
	for _, l := range lines {
		b := getBuffer()
		b.WriteString(strings.ToLower(l))
		if bytes.Equal(last, b.Bytes()) { // want `\[\]byte last into b used after b is put back into bufPool \(putBuffer at buffers.go:\d+\)`
			dups++
		}
		last = b.Bytes()
		putBuffer(b)
	}
	return dups
}

// Publish sends a view on a channel and puts the buffer back when the
// function returns.
func Publish(ch chan<- []byte, s string) {
	b := getBuffer()
	defer putBuffer(b)
	b.WriteString(s)
	ch <- b.Bytes() // want `\[\]byte b\.Bytes\(\) into b outlives the function, but b is put back into bufPool: copy it before storing it`
}

// Join uses bytebufferpool, known from the table.
func Join(a, b string) []byte {
	bb := bytebufferpool.Get()
	bb.WriteString(a)
	bb.WriteString(b)
	out := bb.B
	bytebufferpool.Put(bb)
	return out // want `\[\]byte out into bb returned after bb is put back into bytebufferpool \(Put at buffers.go:\d+\)`
}

// RecordName goes through another package's wrappers and view.
func RecordName(data []byte) string {
	r := wrap.GetRecord()
	defer wrap.PutRecord(r)
	r.Fill(data)
	return r.Name() // want `string r\.Name\(\) into r returned after r is put back into recordPool: copy it before the Put`
}

// RecordRelease puts the record back through a method.
func RecordRelease(data []byte) string {
	r := wrap.GetRecord()
	r.Fill(data)
	name := r.Name()
	r.Release()
	return name // want `string name into r returned after r is put back into recordPool \(Release at buffers.go:\d+\)`
}

// --- near-misses ---

// RenderCopy copies before the Put.
func RenderCopy(parts []string) string {
	b := getBuffer()
	for _, p := range parts {
		b.WriteString(p)
	}
	s := b.String() // fine: bytes.Buffer.String copies
	putBuffer(b)
	return s
}

// RenderClone clones before the deferred Put runs.
func RenderClone(parts []string) []byte {
	b := getBuffer()
	defer putBuffer(b)
	for _, p := range parts {
		b.WriteString(p)
	}
	return bytes.Clone(b.Bytes()) // fine: a copy
}

// RenderAppend copies with append to a nil slice.
func RenderAppend(parts []string) []byte {
	b := getBuffer()
	defer putBuffer(b)
	for _, p := range parts {
		b.WriteString(p)
	}
	return append([]byte(nil), b.Bytes()...) // fine: the bytes are copied
}

var builderPool = sync.Pool{New: func() any { return new(strings.Builder) }}

// Build returns a string from a pooled strings.Builder: a Builder never
// rewrites bytes it has handed out (Reset drops its buffer).
func Build(parts []string) string {
	sb := builderPool.Get().(*strings.Builder)
	sb.Reset()
	defer builderPool.Put(sb)
	for _, p := range parts {
		sb.WriteString(p)
	}
	return sb.String() // fine: see above
}

// Flush writes before the buffer goes back, in a deferred func.
func Flush(w io.Writer, s string) (int, error) {
	b := getBuffer()
	defer func() {
		putBuffer(b) // fine: after the last use
	}()
	b.WriteString(s)
	return w.Write(b.Bytes())
}

// Conn keeps the buffer it is filling while a message is in progress.
type Conn struct {
	cur *bytes.Buffer
	w   io.Writer
}

// Message stores the buffer in the connection, then clears the field
// before putting the buffer back.
func (c *Conn) Message(s string) {
	b := getBuffer()
	c.cur = b
	b.WriteString(s)
	c.w.Write(b.Bytes())
	c.cur = nil
	putBuffer(b) // fine: the field no longer refers to b
}

// RecordCount and RecordLabel read values the record does not own.
func RecordCount(data []byte) (int, string) {
	r := wrap.GetRecord()
	defer wrap.PutRecord(r)
	r.Fill(data)
	return r.Count(), r.Label() // fine: a number, and a string field set by its user
}

// Reuse gets a new buffer after putting the old one back.
func Reuse(parts []string) int {
	n := 0
	b := getBuffer()
	for _, p := range parts {
		b.WriteString(p)
		n += b.Len()
		putBuffer(b)
		b = getBuffer() // fine: a fresh buffer for the next part
	}
	putBuffer(b)
	return n
}

func send(b []byte) {}

// Compress swaps in a new pooled buffer after putting the old one back,
// as a driver does when it compresses a message: the variable then holds
// the new buffer.
func Compress(msgs [][]byte, compress bool) {
	wm := slabPool.Get().(*[]byte)
	defer func() { slabPool.Put(wm) }() // fine: puts whatever wm holds at the end
	for _, m := range msgs {
		*wm = append((*wm)[:0], m...)
		if compress {
			b := slabPool.Get().(*[]byte)
			*b = append((*b)[:0], *wm...)
			slabPool.Put(wm) // fine: wm is reassigned right after
			wm = b
		}
		send(*wm)
	}
}

var attrPool = sync.Pool{New: func() any { return make([]byte, 1024) }}

// ReadAttr hands its pooled buffer to the caller when the value fills most
// of it, and clears the variable so that the deferred func does not put it
// back (shaped after a real file-sync tool's extended-attribute reader).
func ReadAttr(size int) []byte {
	buf := attrPool.Get().([]byte)
	defer func() {
		if buf != nil {
			attrPool.Put(buf)
		}
	}()
	if size > len(buf) {
		attrPool.Put(buf)
		buf = make([]byte, size)
	}
	if size >= len(buf)/4*3 {
		val := buf[:size]
		buf = nil // not put back: the caller owns it now
		return val // fine: the deferred func puts nil, which it skips
	}
	val := make([]byte, size)
	copy(val, buf)
	return val
}

// ReadAttrLeaky forgets to clear the variable on one path.
func ReadAttrLeaky(size int) []byte {
	buf := attrPool.Get().([]byte)
	defer func() {
		if buf != nil {
			attrPool.Put(buf)
		}
	}()
	if size >= len(buf)/2 {
		return buf[:size] // want `returned after`
	}
	val := make([]byte, size)
	copy(val, buf)
	buf = nil
	return val
}

// appendName's result is the slab or, where AppendSlab put the slab back,
// a new one: never the put value.
func appendName(pbuf *[]byte, name string) *[]byte {
	return wrap.AppendSlab(pbuf, []byte(name)...)
}

// trimmed's result may be the slab TrimSlab put back.
func trimmed(pbuf *[]byte) *[]byte {
	return wrap.TrimSlab(pbuf) // want `pointer wrap.TrimSlab\(pbuf\) into pbuf returned after pbuf is put back into slabs`
}

// DecodeKept keeps the message's slice in the caller's entry and zeroes
// only its name before the Put: the pool still holds the slice.
func DecodeKept(e *entry, b []byte) { // want DecodeKept:`lends p0\[0\]`
	m := messagePool.Get().(*message)
	defer func() {
		m.name = ""
		messagePool.Put(m)
	}()
	m.decode(b)
	e.chunks = m.chunks // want `outlives the function, but m is put back into messagePool`
}

// DecodeThroughKept has a method copy the message's slices into the
// caller's entry and clears only the name before the Put.
func DecodeThroughKept(e *entry, b []byte) { // want DecodeThroughKept:`lends p0\[0\]; lends p0\[1\]`
	m := messagePool.Get().(*message)
	defer func() {
		m.name = ""
		messagePool.Put(m)
	}()
	m.decode(b)
	m.copyTo(e) // want `m is kept by copyTo`
}

// DialTaken puts the record back when the waiter took it.
func DialTaken(w *waiter) {
	r := recordPool.Get().(*record)
	if w.deliver(r) { // want `r is kept by deliver`
		recordPool.Put(r)
	}
}
