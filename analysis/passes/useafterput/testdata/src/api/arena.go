package api

import (
	"sync"
	"unsafe"
)

func unsafeStr(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

// Desc is a parsed descriptor.
type Desc struct{ Name string }

// arena hands out strings over a buffer that it only ever appends to: a
// full buffer is replaced, not rewritten, so the strings stay intact
// when the arena goes back into its pool (as protobuf's strs.Builder).
type arena struct{ buf []byte }

var arenaPool = sync.Pool{New: func() any { return new(arena) }}

func (a *arena) grow(n int) {
	if cap(a.buf)-len(a.buf) >= n {
		return
	}
	a.buf = make([]byte, 0, 2*(cap(a.buf)+n))
}

func (a *arena) makeString(b []byte) string {
	a.grow(len(b))
	a.buf = append(a.buf, b...)
	return unsafeStr(a.buf[len(a.buf)-len(b):])
}

// ParseName keeps a string from the pooled arena in the caller's
// descriptor.
func ParseName(d *Desc, name []byte) {
	a := arenaPool.Get().(*arena)
	defer arenaPool.Put(a)
	d.Name = a.makeString(name) // fine: the arena never rewrites what it handed out
}

// scratch is the same, but its users truncate it: what it handed out is
// rewritten by the next user.
type scratch struct{ buf []byte }

var scratchStrPool = sync.Pool{New: func() any { return new(scratch) }}

func (s *scratch) reset() { s.buf = s.buf[:0] }

func (s *scratch) makeString(b []byte) string {
	s.buf = append(s.buf, b...)
	return unsafeStr(s.buf[len(s.buf)-len(b):])
}

// ParseNameScratch keeps a string over the pooled scratch buffer.
func ParseNameScratch(d *Desc, name []byte) {
	s := scratchStrPool.Get().(*scratch)
	s.reset()
	defer scratchStrPool.Put(s)
	d.Name = s.makeString(name) // want `string s\.makeString\(name\) into s outlives the function, but s is put back into scratchStrPool: copy it before storing it`
}
