// Package reset holds positives and near-misses for poolreset.
package reset

import (
	"sync"

	"putwrap"
)

var slabPool = sync.Pool{New: func() any { s := make([]byte, 0, 512); return &s }}

func write(b []byte) {}

// Format resets its copy of the pooled slice: the pool gets *bp back with
// the length of this message, and the next user appends after it.
func Format(msg string) {
	bp := slabPool.Get().(*[]byte)
	b := *bp
	b = append(b, msg...)
	write(b)
	b = b[:0] // want `b = b\[:0\] resets a copy of \*bp, not what slabPool\.Put\(bp\) puts back: assign through the pointer: \*bp = b\[:0\]`
	slabPool.Put(bp)
}

// FormatBoxed puts the address of its local copy: b moves to the heap.
func FormatBoxed(msg string) {
	bp := slabPool.Get().(*[]byte)
	b := (*bp)[:0]
	b = append(b, msg...)
	write(b)
	slabPool.Put(&b) // want `slabPool\.Put\(&b\) moves b to the heap on every call: store it through the pointer it came from: \*bp = b; slabPool\.Put\(bp\)`
}

var bytePool sync.Pool

// getSlab drops the pointer it gets and returns a copy of the header.
func getSlab() []byte {
	b := (*slabPool.Get().(*[]byte))[:0]
	if cap(b) < 64 {
		slabPool.Put(&b) // want `slabPool\.Put\(&b\) moves b to the heap on every call: keep the pointer from Get and store b through it`
		return make([]byte, 0, 64)
	}
	return b
}

// PutBytes puts a slice: its conversion to any allocates a header.
func PutBytes(b []byte) {
	bytePool.Put(b[:0]) // want `bytePool\.Put\(b\[:0\]\) puts a \[\]byte, allocating a 24-byte copy of the slice header per Put: pool a pointer \(\*\[\]byte\)`
}

// PutBoxed puts the address of its parameter: b moves to the heap.
func PutBoxed(b []byte) {
	b = b[:0]
	bytePool.Put(&b) // want `bytePool\.Put\(&b\) moves b to the heap on every call: keep the pointer from Get and store b through it`
}

var namePool sync.Pool

// PutName puts a string.
func PutName(s string) { // want PutName:`puts p0 into namePool`
	namePool.Put(s) // want `namePool\.Put\(s\) puts a string, allocating a 16-byte copy of the string header per Put: pool a pointer \(\*string\)`
}

type state struct {
	buf   []byte
	items []item
	refs  map[string]*item
	err   error
	n     int
}

type item struct {
	key, val []byte
	next     *item
}

var statePool = sync.Pool{New: func() any { return new(state) }}

// PutState puts a struct value: it is copied into a new allocation.
func PutState(st state) { // want PutState:`puts p0 into statePool`
	statePool.Put(st) // want `statePool\.Put\(st\) puts a state, allocating a 80-byte copy of the struct per Put: pool a pointer \(\*state\)`
}

var generic putwrap.Pool[[]byte]

// PutGeneric puts a slice through a typed pool.
func PutGeneric(b []byte) { // want PutGeneric:`puts p0 into p\.p`
	generic.Put(b) // want `generic\.Put\(b\) puts a \[\]byte into the sync\.Pool at putwrap\.go:\d+, allocating on every Put: instantiate Put with \*\[\]byte`
}

// Release zeroes fields of a copy of the pooled struct.
func Release(st *state) { // want Release:`puts p0 into statePool`
	s := *st
	s.buf = s.buf[:0] // want `s\.buf = s\.buf\[:0\] resets s, a copy of \*st, not what statePool\.Put\(st\) puts back: write st\.buf = s\.buf\[:0\]`
	s.err = nil
	statePool.Put(st)
}

// Truncate resets a copy of a slice field.
func Truncate(st *state) { // want Truncate:`puts p0 into statePool`
	items := st.items
	for i := range items {
		items[i] = item{}
	}
	items = items[:0] // want `items = items\[:0\] resets a copy of st\.items, not what statePool\.Put\(st\) puts back: assign st\.items = items\[:0\]`
	statePool.Put(st)
}

// Forget drops a copy of a large map instead of the map.
func Forget(st *state) { // want Forget:`puts p0 into statePool`
	refs := st.refs
	if len(refs) > 64 {
		refs = nil // want `refs = nil resets a copy of st\.refs, not what statePool\.Put\(st\) puts back: assign through the pointer: st\.refs = nil`
	}
	statePool.Put(st)
}

// ClearItems clears the fields of copies of the elements.
func ClearItems(st *state) { // want ClearItems:`puts p0 into statePool`
	for _, it := range st.items {
		it.key, it.val = nil, nil // want `it\.key, it\.val = nil, nil clears it, a copy of each element of st\.items, not the element: index the slice`
		it.next = nil
	}
	st.items = st.items[:0]
	statePool.Put(st)
}

// Reset has a value receiver: it changes its own copy.
func (s state) Reset() { // want Reset:`resets a copy: buf,n`
	s.buf = s.buf[:0]
	s.n = 0
}

// Recycle calls the value-receiver Reset before the Put.
func Recycle(st *state) { // want Recycle:`puts p0 into statePool`
	st.Reset() // want `Reset has a value receiver, so its assignments to buf, n are lost before statePool\.Put\(st\): give it a pointer receiver`
	statePool.Put(st)
}

// RecycleBuffer calls another package's value-receiver Clear.
func RecycleBuffer(b *putwrap.Buffer) { // want RecycleBuffer:`puts p0 into buffers`
	b.Clear() // want `Clear has a value receiver, so its assignments to B are lost before putwrap\.PutBuffer\(b\): give it a pointer receiver`
	putwrap.PutBuffer(b)
}

// DeferredRelease resets a copy before a deferred Put.
func DeferredRelease(msg string) {
	bp := slabPool.Get().(*[]byte)
	defer slabPool.Put(bp)
	b := *bp
	b = append(b, msg...)
	write(b)
	b = b[:0] // want `b = b\[:0\] resets a copy of \*bp, not what the deferred slabPool\.Put\(bp\) puts back: assign \*bp = b\[:0\]`
}

// appendDecoded appends the decoded form of src to dst, in the append
// style.
func appendDecoded(dst, src []byte) ([]byte, error) { return append(dst, src...), nil }

// DecodePooled decodes into a pooled buffer that an append-style call
// grows; the deferred Put of its address allocates on every call.
func DecodePooled(src []byte) (int, error) {
	buf := *slabPool.Get().(*[]byte)
	defer func() {
		buf = buf[:0]
		slabPool.Put(&buf) // want `slabPool\.Put\(&buf\) moves buf to the heap on every call: keep the pointer from Get and store buf through it`
	}()
	buf, err := appendDecoded(buf, src)
	if err != nil {
		return 0, err
	}
	return len(buf), nil
}

// readCopy returns a new slice.
func readCopy(src []byte) ([]byte, error) { return append([]byte(nil), src...), nil }

// DecodeFresh replaces the pooled buffer by a slice it did not pass in:
// the Put pools that new slice, the pool's New pattern, not reported.
func DecodeFresh(src []byte) (int, error) {
	buf := *slabPool.Get().(*[]byte)
	buf, err := readCopy(src)
	if err != nil {
		return 0, err
	}
	n := len(buf)
	slabPool.Put(&buf)
	return n, nil
}

// GrowPooled makes a larger slice when the pooled one is too small, and
// puts the address of its copy: b moves to the heap on every call, as
// without the make.
func GrowPooled(n int) int {
	b := *slabPool.Get().(*[]byte)
	if cap(b) < n {
		b = make([]byte, n)
	}
	b = b[:n]
	write(b)
	slabPool.Put(&b) // want `slabPool\.Put\(&b\) moves b to the heap on every call: keep the pointer from Get and store b through it`
	return n
}

// pooledCopy returns msg copied into a slice of pool: a Get wrapper.
func pooledCopy(pool *sync.Pool, msg string) ([]byte, error) {
	bp, ok := pool.Get().(*[]byte)
	if !ok {
		return []byte(msg), nil
	}
	return append((*bp)[:0], msg...), nil
}

// SendPooled puts back the slice that the wrapper took from the pool by
// the address of its local copy.
func SendPooled(msg string) error {
	b, err := pooledCopy(&slabPool, msg)
	if err != nil {
		return err
	}
	write(b)
	slabPool.Put(&b) // want `slabPool\.Put\(&b\) moves b to the heap on every call: keep the pointer from Get and store b through it`
	return nil
}

// SendOther puts a slice that a call given another pool returned: not
// known to come from slabPool, not reported.
func SendOther(msg string) error {
	b, err := pooledCopy(&bytePool, msg)
	if err != nil {
		return err
	}
	write(b)
	slabPool.Put(&b)
	return nil
}
