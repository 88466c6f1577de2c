package reset

import "sync"

// Near-misses: none of these is reported.

// FormatThrough resets through the pointer.
func FormatThrough(msg string) {
	bp := slabPool.Get().(*[]byte)
	b := append((*bp)[:0], msg...)
	write(b)
	*bp = b[:0] // fine: the pooled slice is reset
	slabPool.Put(bp)
}

// FormatWriteBack writes the grown slice back before the Put.
func FormatWriteBack(msg string) {
	bp := slabPool.Get().(*[]byte)
	b := *bp
	b = b[:0]
	b = append(b, msg...)
	write(b)
	*bp = b // fine: the reset copy is used and written back
	slabPool.Put(bp)
}

// ClearCopy clears the elements through a copy of the header, which
// shares the backing array with the pooled slice.
func ClearCopy(st *state) { // want ClearCopy:`puts p0 into statePool`
	items := st.items
	clear(items) // fine: clear writes the shared array
	st.items = st.items[:0]
	statePool.Put(st)
}

// ClearByIndex clears the elements in place.
func ClearByIndex(st *state) { // want ClearByIndex:`puts p0 into statePool`
	for i := range st.items {
		st.items[i] = item{} // fine: assigns through the index
	}
	st.items = st.items[:0]
	statePool.Put(st)
}

type node struct{ next *node }

type list struct{ nodes []*node }

var listPool = sync.Pool{New: func() any { return new(list) }}

// ClearPointers clears through pointers: each e points into the pool's
// objects.
func ClearPointers(l *list) { // want ClearPointers:`puts p0 into listPool`
	for _, e := range l.nodes {
		e.next = nil // fine: e is a pointer
	}
	l.nodes = l.nodes[:0]
	listPool.Put(l)
}

// PutPointer puts a pointer.
func PutPointer(st *state) { // want PutPointer:`puts p0 into statePool`
	st.buf = st.buf[:0]
	statePool.Put(st) // fine: a pointer fits in an interface
}

type handle struct{ p *state }

var handlePool sync.Pool

// PutHandle puts a struct of one pointer, which an interface holds
// without allocating (staticcheck's SA6002 reports it all the same).
func PutHandle(h handle) { // want PutHandle:`puts p0 into handlePool`
	handlePool.Put(h) // fine: pointer-shaped
}

var anyPool sync.Pool

// PutAny puts an interface value as it is.
func PutAny(v any) { // want PutAny:`puts p0 into anyPool`
	anyPool.Put(v) // fine: already an interface
}

// Prefill puts new slices once, at init: the boxing does not repeat.
func init() {
	for range 4 {
		b := make([]byte, 0, 512)
		slabPool.Put(&b) // fine: runs once
	}
}

// Reset with a pointer receiver works.
func (l *list) Reset() { l.nodes = l.nodes[:0] }

// Len has a value receiver and does not reset.
func (s state) Len() int { return len(s.buf) }

// RecyclePointer resets through a pointer receiver.
func RecyclePointer(l *list) { // want RecyclePointer:`puts p0 into listPool`
	l.Reset() // fine: pointer receiver
	_ = l.Len2()
	listPool.Put(l)
}

func (l list) Len2() int { return len(l.nodes) }

// CopyUsed resets a copy that is used afterwards: not a reset of the
// pooled value.
func CopyUsed(st *state) []byte { // want CopyUsed:`puts p0 into statePool`
	s := *st
	s.buf = s.buf[:0]
	s.buf = append(s.buf, "x"...)
	statePool.Put(st)
	return s.buf // fine: s is a working copy (its use after the Put is useafterput's business)
}

// Scratch takes a buffer from the pool or makes one, and puts a made one
// back by address: its one box is the pointer the pool keeps and later
// Gets reuse, as with a Pool's New function.
func Scratch(n int) {
	var buf []byte
	if bp, ok := slabPool.Get().(*[]byte); ok && cap(*bp) >= n {
		defer slabPool.Put(bp)
		buf = (*bp)[:n]
	} else {
		buf = make([]byte, n)
		defer slabPool.Put(&buf) // fine: a new pooled object
	}
	write(buf)
}
