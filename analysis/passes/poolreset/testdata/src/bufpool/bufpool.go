// Package bufpool holds the get and put helpers of a pool of *[]byte,
// and frame readers that work on a pooled pointer, which package broker
// calls through facts.
package bufpool

import (
	"io"
	"sync"
)

var pool = sync.Pool{New: func() any { b := make([]byte, 0, 4096); return &b }}

// Get returns a pooled buffer.
func Get() *[]byte { return pool.Get().(*[]byte) }

// Put truncates the buffer and puts it back.
func Put(p *[]byte) { // want Put:`puts p0 into pool; truncates p0`
	*p = (*p)[:0]
	pool.Put(p)
}

// PutZeroed clears the bytes a secret was written into, then puts the
// buffer back.
func PutZeroed(p *[]byte) { // want PutZeroed:`puts p0 into pool; truncates p0; clears p0`
	for i := range *p {
		(*p)[i] = 0
	}
	*p = (*p)[:0]
	pool.Put(p)
}

// PutIfSmall keeps huge buffers out of the pool: it truncates only on
// the path that puts.
func PutIfSmall(p *[]byte) { // want PutIfSmall:`puts p0 into pool`
	if cap(*p) > 1<<20 {
		return
	}
	pool.Put(p)
}

// ReadFrame reads one length-prefixed frame into the buffer p points to,
// through a copy that it never stores back.
func ReadFrame(p *[]byte, r io.Reader) ([]byte, error) { // want ReadFrame:`grows a copy of \*p0 \(frame at bufpool.go:\d+\) without storing it back; returns it for p0`
	var hdr [4]byte
	if _, err := io.ReadFull(r, hdr[:]); err != nil {
		return nil, err
	}
	n := int(hdr[0])<<24 | int(hdr[1])<<16 | int(hdr[2])<<8 | int(hdr[3])
	frame := (*p)[:0]
	frame = append(frame, make([]byte, n)...)
	_, err := io.ReadFull(r, frame)
	return frame, err
}

// WriteWithTrailer writes the buffer with a checksum appended to a copy
// that it never stores back.
func WriteWithTrailer(w io.Writer, p *[]byte, crc uint32) error { // want WriteWithTrailer:`grows a copy of \*p1 \(b at bufpool.go:\d+\) without storing it back`
	b := *p
	b = append(b, byte(crc>>24), byte(crc>>16), byte(crc>>8), byte(crc))
	_, err := w.Write(b)
	return err
}

// Fill grows the buffer and stores it back: no fact.
func Fill(p *[]byte, r io.Reader, n int) error {
	b := (*p)[:0]
	b = append(b, make([]byte, n)...)
	_, err := io.ReadFull(r, b)
	*p = b
	return err
}

var last []byte

// Remember keeps the grown copy in a package variable: the array now
// belongs to last, and storing it back is not the whole story, so no
// fact.
func Remember(p *[]byte, msg []byte) {
	b := append((*p)[:0], msg...)
	last = b
}
