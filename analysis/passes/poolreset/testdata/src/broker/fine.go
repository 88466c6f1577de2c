package broker

import (
	"bufio"
	"io"
	"sync"

	"bufpool"
)

// Near-misses: none of these is reported.

// StoreBack stores the grown slice back before the Put.
func StoreBack(c *conn) {
	bp := framePool.Get().(*[]byte)
	buf := (*bp)[:0]
	buf = append(buf, "PING\r\n"...)
	c.dispatch(buf)
	*bp = buf[:0] // fine: the grown array goes back into the pool
	framePool.Put(bp)
}

// StoreBackDeferred stores it back in the deferred func that puts.
func StoreBackDeferred(c *conn, msg []byte) {
	bp := framePool.Get().(*[]byte)
	buf := (*bp)[:0]
	defer func() {
		*bp = buf[:0] // fine: stored back when the Put runs
		framePool.Put(bp)
	}()
	buf = append(buf, msg...)
	c.dispatch(buf)
}

// WorkThroughPointer appends through the pointer itself.
func WorkThroughPointer(c *conn, msg []byte) {
	p := bufpool.Get()
	*p = append(*p, msg...) // fine: no copy
	c.dispatch(*p)
	bufpool.Put(p)
}

// ReadInPlace reads into the buffer's capacity without appending: the
// array cannot change.
func ReadInPlace(r io.Reader) (int, error) {
	bp := framePool.Get().(*[]byte)
	defer framePool.Put(bp)
	buf := (*bp)[:cap(*bp)]
	return r.Read(buf) // fine: no growth
}

// Detach hands the grown slice to the caller: the pooled array goes with
// it (whether that is safe is useafterput's business), so storing it back
// is not the fix.
func Detach(msg []byte) []byte {
	bp := framePool.Get().(*[]byte)
	buf := append((*bp)[:0], msg...)
	framePool.Put(bp)
	return buf // fine here: returned
}

// keyPool's release takes the grown slice and stores it back itself.
var keyPool = sync.Pool{New: func() any { b := make([]byte, 0, 256); return &b }}

func releaseKey(p *[]byte, b []byte) {
	if cap(b) <= 1024 {
		*p = b
		keyPool.Put(p)
	}
}

// Key passes the grown slice to the Put wrapper, which stores it.
func Key(parts []string) string {
	p := keyPool.Get().(*[]byte)
	b := (*p)[:0]
	for _, s := range parts {
		b = append(b, s...) // fine: releaseKey stores b through p
		b = append(b, '|')
	}
	k := string(b)
	releaseKey(p, b)
	return k
}

func remember(p *[]byte) {}

// Unknown passes the pointer to a function that may store through it.
func Unknown(msg []byte) {
	bp := framePool.Get().(*[]byte)
	buf := append((*bp)[:0], msg...)
	remember(bp) // fine: may store buf's array through bp for all we know
	_ = len(buf)
	framePool.Put(bp)
}

// FillThrough calls a helper that stores the grown slice back.
func FillThrough(r io.Reader) error {
	p := bufpool.Get()
	defer bufpool.Put(p)
	return bufpool.Fill(p, r, 64) // fine: Fill stores it back
}

type session struct{ out []byte }

// Adopt stores the grown copy in a long-lived struct: ownership moves.
func Adopt(s *session, msg []byte) {
	bp := framePool.Get().(*[]byte)
	buf := append((*bp)[:0], msg...)
	s.out = buf // fine here: the array now belongs to s
	framePool.Put(bp)
}

// NotPooled grows a copy of a pointer it never puts into a pool.
func NotPooled(p *[]byte, msg []byte) int { // want NotPooled:`grows a copy of \*p0 \(b at fine.go:\d+\) without storing it back`
	b := *p
	b = append(b, msg...) // fine: no Put of p
	return len(b)
}

// PutFirst puts the buffer back on an early path before copying it.
func PutFirst(r *bufio.Reader, skip bool) {
	bp := framePool.Get().(*[]byte)
	if skip {
		framePool.Put(bp) // fine: before the copy
		return
	}
	buf := (*bp)[:0]
	line, _ := r.ReadSlice('\n')
	buf = append(buf, line...)
	*bp = buf[:0] // fine: stored back before the Put that follows the copy
	framePool.Put(bp)
}

// Reassigned swaps in another buffer after the copy.
func Reassigned(msg []byte, big bool) {
	bp := framePool.Get().(*[]byte)
	buf := append((*bp)[:0], msg...)
	if big {
		nb := make([]byte, 0, 1<<16)
		bp = &nb // fine: bp is another buffer from here on
	}
	_ = len(buf)
	framePool.Put(bp)
}

// RememberThrough calls a helper that keeps the grown copy elsewhere.
func RememberThrough(msg []byte) {
	p := bufpool.Get()
	bufpool.Remember(p, msg) // fine: Remember's copy goes to a package variable
	bufpool.Put(p)
}
