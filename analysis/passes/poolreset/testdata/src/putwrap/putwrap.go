// Package putwrap holds Put wrappers that package reset calls through
// facts.
package putwrap

import "sync"

// Pool is a typed sync.Pool.
type Pool[T any] struct{ p sync.Pool }

// Get returns a pooled value, or the zero T.
func (p *Pool[T]) Get() T {
	v, _ := p.p.Get().(T)
	return v
}

// Put converts x to an interface: whether that allocates depends on T.
func (p *Pool[T]) Put(x T) { p.p.Put(x) } // want Put:`puts p1 into p.p \(generic p1\)`

// Buffer is a pooled buffer.
type Buffer struct{ B []byte }

var buffers = sync.Pool{New: func() any { return new(Buffer) }}

// GetBuffer returns a pooled buffer.
func GetBuffer() *Buffer { return buffers.Get().(*Buffer) }

// PutBuffer puts b back.
func PutBuffer(b *Buffer) { buffers.Put(b) } // want PutBuffer:"puts p0 into buffers"

// Clear has a value receiver: its assignment is lost.
func (b Buffer) Clear() { b.B = b.B[:0] } // want Clear:"resets a copy: B"
