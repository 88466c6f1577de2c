// Package broker is a message broker that reads frames into pooled
// *[]byte buffers grown with append: positives for the grown-copy check.
package broker

import (
	"bufio"
	"io"
	"net/http"
	"strconv"
	"sync"

	"bufpool"
)

var framePool = sync.Pool{New: func() any { b := make([]byte, 0, 512); return &b }}

type conn struct {
	r      *bufio.Reader
	topics map[string][]chan []byte
}

func (c *conn) dispatch(frame []byte) {}

// ReadLoop reads frames of any size into a pooled buffer: a frame larger
// than the buffer moves buf to a new array, and the pool keeps handing
// out the 512-byte one.
func (c *conn) ReadLoop() error {
	for {
		bp := framePool.Get().(*[]byte)
		buf := (*bp)[:0]
		for {
			line, err := c.r.ReadSlice('\n')
			buf = append(buf, line...) // want `append grows buf, a copy of \*bp, but framePool\.Put\(bp\) puts back the old array: store it back \(\*bp = buf\[:0\]\)`
			if err == nil {
				break
			}
			if err != bufio.ErrBufferFull {
				framePool.Put(bp)
				return err
			}
		}
		c.dispatch(buf)
		framePool.Put(bp)
	}
}

// Consume gets and puts the buffer through another package's helpers;
// the Put is deferred and runs after the copy has been grown. No fix:
// the copy is declared after the defer.
func (c *conn) Consume(msg []byte) {
	p := bufpool.Get()
	defer bufpool.Put(p)
	frame := *p
	frame = append(frame, msg...) // want `append grows frame, a copy of \*p, but the deferred bufpool\.Put\(p\) puts back the old array: store it back \(\*p = frame\)`
	c.dispatch(frame)
}

// Publish copies the slice out before deferring the Put: the fix defers
// a func that stores it back (bufpool.Put truncates, so *p = out is
// exact).
func (c *conn) Publish(topic string, payload []byte) {
	p := bufpool.Get()
	out := (*p)[:0]
	defer bufpool.Put(p)
	out = append(out, topic...) // want `append grows out, a copy of \*p, but the deferred bufpool\.Put\(p\) puts back the old array: store it back \(\*p = out\)`
	out = append(out, ' ')
	out = append(out, payload...)
	for _, ch := range c.topics[topic] {
		ch <- append([]byte(nil), out...)
	}
}

// Secret writes a token into a buffer that PutZeroed is meant to wipe:
// the wipe ranges over *p, whose length is the old one.
func Secret(w io.Writer, token []byte) {
	p := bufpool.Get()
	b := append((*p)[:0], "Bearer "...) // want `append grows b, a copy of \*p, but bufpool\.PutZeroed\(p\) puts back the old array: store it back \(\*p = b\)`
	b = append(b, token...)
	w.Write(b)
	bufpool.PutZeroed(p)
}

// Relay reads a frame through a helper of another package that grows a
// copy of *p and returns it, never storing it back.
func (c *conn) Relay(r io.Reader) error {
	p := bufpool.Get()
	defer bufpool.Put(p)
	frame, err := bufpool.ReadFrame(p, r) // want `bufpool\.ReadFrame grows frame, a copy of \*p, without storing it back: do so in ReadFrame \(\*p = frame\[:0\]\)`
	if err != nil {
		return err
	}
	c.dispatch(frame)
	return nil
}

// Flush writes through a helper that appends a checksum to a copy.
func Flush(w io.Writer, crc uint32) error {
	p := bufpool.Get()
	err := bufpool.WriteWithTrailer(w, p, crc) // want `bufpool\.WriteWithTrailer grows b, a copy of \*p, without storing it back: do so in WriteWithTrailer \(\*p = b\[:0\]\)`
	bufpool.Put(p)
	return err
}

// readHeader grows a copy of the caller's pooled slice: a helper of this
// package, known without a fact being exported.
func readHeader(p *[]byte, r *bufio.Reader) []string {
	line := (*p)[:0]
	for {
		b, err := r.ReadByte()
		if err != nil || b == '\n' {
			break
		}
		line = append(line, b)
	}
	return []string{string(line)}
}

// Headers calls the local helper.
func Headers(r *bufio.Reader) []string {
	bp := framePool.Get().(*[]byte)
	h := readHeader(bp, r) // want `readHeader grows line, a copy of \*bp \(broker\.go:\d+\), without storing it back: do so in readHeader \(\*bp = line\[:0\]\)`
	framePool.Put(bp)
	return h
}

// Ack builds an acknowledgement in a pooled buffer with strconv: the Put
// in a deferred func literal gets the store.
func Ack(w io.Writer, id int64) {
	bp := framePool.Get().(*[]byte)
	b := (*bp)[:0]
	defer func() {
		framePool.Put(bp)
	}()
	b = append(b, "+ACK "...) // want `append grows b, a copy of \*bp, but the deferred framePool\.Put\(bp\) puts back the old array: store it back \(\*bp = b\[:0\]\)`
	b = strconv.AppendInt(b, id, 10)
	w.Write(b)
}

// Status is an HTTP handler that builds a small JSON document in a
// pooled buffer with strconv and append.
func Status(w http.ResponseWriter, r *http.Request) {
	bp := framePool.Get().(*[]byte)
	js := (*bp)[:0]
	js = append(js, `{"path":`...) // want `append grows js, a copy of \*bp`
	js = strconv.AppendQuote(js, r.URL.Path)
	js = append(js, '}')
	w.Header().Set("Content-Type", "application/json")
	w.Write(js)
	framePool.Put(bp)
}

// Drain reuses one buffer for every batch and puts it back after the
// last: a store before that Put would be read again by the next copy in
// the loop, so no fix is offered.
func (c *conn) Drain(batches [][]byte) {
	bp := framePool.Get().(*[]byte)
	for i, b := range batches {
		buf := (*bp)[:0]
		buf = append(buf, b...) // want `append grows buf, a copy of \*bp`
		c.dispatch(buf)
		if i == len(batches)-1 {
			framePool.Put(bp)
		}
	}
}

// Capacity reads *bp after the position of the early Put: a store before
// that Put could change what the read sees, so no fix is offered.
func (c *conn) Capacity(msg []byte) int {
	bp := framePool.Get().(*[]byte)
	buf := append((*bp)[:0], msg...) // want `append grows buf, a copy of \*bp`
	c.dispatch(buf)
	if len(msg) == 0 {
		framePool.Put(bp)
		return 0
	}
	n := cap(*bp)
	framePool.Put(bp)
	return n
}
