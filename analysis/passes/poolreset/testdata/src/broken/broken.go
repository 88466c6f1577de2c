// Package broken does not type-check: frames is missing. The check must
// still run, not panic, and not report what it cannot see.
package broken

import (
	"sync"

	"example.com/missing/frames"
)

var pool = sync.Pool{New: func() any { b := make([]byte, 0, 256); return &b }}

// Encode uses known types only: still reported.
func Encode(id string) {
	bp := pool.Get().(*[]byte)
	buf := (*bp)[:0]
	buf = append(buf, "id="...) // want `append grows buf, a copy of \*bp`
	buf = append(buf, id...)
	frames.Send(buf)
	pool.Put(bp)
}

// Relay gets and puts through the missing package: nothing is known of
// p, so nothing is reported.
func Relay(r frames.Reader) {
	p := frames.Get()
	s := *p
	s = append(s, r.Next()...)
	frames.Put(p)
}

// Forward passes the pooled pointer to a function of the missing
// package, which may store through it.
func Forward(msg []byte) {
	bp := pool.Get().(*[]byte)
	buf := append((*bp)[:0], msg...)
	frames.Keep(bp, buf) // fine: unknown callee
	pool.Put(bp)
}
