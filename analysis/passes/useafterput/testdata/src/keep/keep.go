// Package keep holds callees that keep what they are given where it
// outlives the call, and near-misses that do not, for package api to
// call through facts.
package keep

import (
	"errors"
	"sync"
)

// Cache remembers the last response it served.
type Cache struct {
	last []byte
	cur  []byte
	buf  []byte
}

// Remember keeps the caller's slice in the cache.
func (c *Cache) Remember(b []byte) { // want Remember:`keeps p1 in p0\[0\] \(stores it in c.last\)`
	c.last = b
}

// Forget drops what Remember kept.
func (c *Cache) Forget() { // want Forget:`drops p0\[0\]`
	c.last = nil
}

// Checksum looks at b while it works and lets go of it before returning.
func (c *Cache) Checksum(b []byte) (sum byte) { // want Checksum:`drops p0\[1\]`
	c.cur = b
	for _, x := range c.cur {
		sum ^= x
	}
	c.cur = nil
	return sum
}

// Save copies the bytes into the cache's own buffer.
func (c *Cache) Save(b []byte) {
	c.buf = append(c.buf[:0], b...)
}

// Hub fans messages out to subscribers.
type Hub struct{ ch chan []byte }

// Publish sends the message to the subscribers' goroutine.
func (h *Hub) Publish(msg []byte) { // want Publish:`keeps p1 \(sends it on a channel\)`
	h.ch <- msg
}

var lastError []byte

// Record keeps the payload of the last failed request in a package
// variable.
func Record(b []byte) { // want Record:`keeps p0 \(stores it in package variable lastError\)`
	lastError = b
}

// Queue holds messages until a consumer pops them.
type Queue struct {
	mu    sync.Mutex
	elts  []*Msg
	limit int
}

// Msg is a queued message.
type Msg struct{ Body []byte }

var errFull = errors.New("queue full")

// Push queues m unless the queue is full: m is kept only when Push
// returns a nil error.
func (q *Queue) Push(m *Msg) error { // want Push:`keeps p1 in p0\[1\] \(stores it in q.elts\)`
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.elts) >= q.limit {
		return errFull
	}
	q.elts = append(q.elts, m)
	return nil
}

// Header builds a header; its Encode appends into the caller's buffer
// and keeps the result only when it had to move to a larger array.
type Header struct{ spill []byte }

// Encode appends the header to dst.
func (h *Header) Encode(dst []byte) []byte { // want Encode:`returns r0<-p1`
	out := append(dst, "X-Id: 1\r\n"...)
	if cap(out) != cap(dst) {
		h.spill = out // kept only if it outgrew dst: not dst's memory then
	}
	return out
}

// Worker runs a background loop on itself.
type Worker struct {
	in  chan []byte
	buf []byte
}

// Start starts the worker's own goroutine.
func (w *Worker) Start() {
	go w.loop()
}

func (w *Worker) loop() {
	for b := range w.in {
		w.buf = append(w.buf[:0], b...)
	}
}

var msgPool = sync.Pool{New: func() any { return new(Msg) }}

// GetMsg returns a pooled message.
func GetMsg() *Msg { return msgPool.Get().(*Msg) } // want GetMsg:`gets r0 from msgPool`

// Adopt takes ownership of m: it queues m when there is room and puts it
// back into its pool otherwise.
func (q *Queue) Adopt(m *Msg) { // want Adopt:`puts p1 into msgPool; .*keeps p1 in p0\[1\] \(stores it in q.elts\)`
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.elts) < q.limit {
		q.elts = append(q.elts, m)
		return
	}
	msgPool.Put(m)
}
