// Package wire frames messages for the relay: helpers that take the
// writer as an io.Writer, so that only their callers know whether it is
// buffered.
package wire

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"io"
	"net"
	"time"
)

var newline = []byte{'\n'}

// WriteFrame writes a 4-byte length and the payload.
func WriteFrame(w io.Writer, payload []byte) error { // want WriteFrame:"writes parameter 0 in two Write calls at wire.go:22"
	var hdr [4]byte
	binary.BigEndian.PutUint32(hdr[:], uint32(len(payload)))
	// fine here: w may be buffered; callers passing a socket are reported
	if _, err := w.Write(hdr[:]); err != nil {
		return err
	}
	_, err := w.Write(payload)
	return err
}

// WriteLine writes msg and a newline.
func WriteLine(w io.Writer, msg []byte) error { // want WriteLine:"writes parameter 0 in two Write calls at wire.go:31"
	if _, err := w.Write(msg); err != nil {
		return err
	}
	if _, err := w.Write(newline); err != nil {
		return err
	}
	return nil
}

// Send writes msg as a line: its callers decide the writer, which it
// passes on unchanged.
func Send(w io.Writer, msg []byte) error { // want Send:"writes parameter 0 in two Write calls at wire.go:31"
	return WriteLine(w, msg)
}

// SendBuffered wraps its writer: what it passes on is buffered.
func SendBuffered(w io.Writer, msg []byte) error {
	bw := newBuffered(w)
	if err := WriteLine(bw, msg); err != nil { // fine: bw is buffered
		return err
	}
	return bw.flush()
}

// Dial connects to addr.
func Dial(addr string) (io.WriteCloser, error) { // want Dial:"result 0 is an unbuffered socket"
	c, err := net.Dial("tcp", addr)
	if err != nil {
		return nil, err
	}
	return c, nil
}

// DeadlineWriter sets a write deadline before each Write: every Write is
// still a system call.
type DeadlineWriter struct {
	Conn    net.Conn
	Timeout time.Duration
}

// Write implements io.Writer.
func (d *DeadlineWriter) Write(p []byte) (int, error) { // want Write:"forwards to an unbuffered socket"
	d.Conn.SetWriteDeadline(time.Now().Add(d.Timeout))
	n, err := d.Conn.Write(p)
	d.Conn.SetWriteDeadline(time.Time{})
	return n, err
}

// Batcher collects writes and sends them when the batch is full: it
// buffers, so it is no unbuffered writer.
type Batcher struct {
	conn net.Conn
	buf  []byte
}

// NewBatcher returns a Batcher that writes to conn.
func NewBatcher(conn net.Conn) *Batcher { return &Batcher{conn: conn} }

// Write implements io.Writer.
func (b *Batcher) Write(p []byte) (int, error) {
	b.buf = append(b.buf, p...)
	if len(b.buf) < 4096 {
		return len(p), nil
	}
	_, err := b.conn.Write(b.buf)
	b.buf = b.buf[:0]
	return len(p), err
}

// buffered is a small bufio.Writer.
type buffered struct {
	w   io.Writer
	buf []byte
}

func newBuffered(w io.Writer) *buffered { return &buffered{w: w} }

func (b *buffered) Write(p []byte) (int, error) {
	b.buf = append(b.buf, p...)
	return len(p), nil
}

func (b *buffered) flush() error {
	_, err := b.w.Write(b.buf)
	b.buf = b.buf[:0]
	return err
}

// DeflateWriter compresses each Write into a buffer of its own call and
// writes the result: what it is given leaves before it returns.
type DeflateWriter struct {
	conn net.Conn
	zw   *flate.Writer
}

// NewDeflateWriter returns a DeflateWriter on conn.
func NewDeflateWriter(conn net.Conn) *DeflateWriter { return &DeflateWriter{conn: conn} }

// Write implements io.Writer.
func (d *DeflateWriter) Write(p []byte) (int, error) { // want Write:"forwards to an unbuffered socket"
	var buf bytes.Buffer
	if d.zw == nil {
		d.zw, _ = flate.NewWriter(&buf, flate.BestSpeed)
	} else {
		d.zw.Reset(&buf)
	}
	if _, err := d.zw.Write(p); err != nil {
		return 0, err
	}
	if err := d.zw.Flush(); err != nil {
		return 0, err
	}
	_, err := d.conn.Write(buf.Bytes())
	return len(p), err
}

// Pending keeps what it is given in a buffer until Send: no forwarder.
type Pending struct {
	conn net.Conn
	buf  bytes.Buffer
}

// Write implements io.Writer.
func (q *Pending) Write(p []byte) (int, error) {
	q.buf.Write(p)
	if q.buf.Len() > 1<<16 {
		return len(p), q.Send()
	}
	return len(p), nil
}

// Send writes what is pending.
func (q *Pending) Send() error {
	_, err := q.conn.Write(q.buf.Bytes())
	q.buf.Reset()
	return err
}

// Async hands large writes to a goroutine: it may keep what it is given.
type Async struct {
	conn net.Conn
	ch   chan []byte
}

// Write implements io.Writer.
func (a *Async) Write(p []byte) (int, error) {
	if len(p) > 1024 {
		a.ch <- p
		return len(p), nil
	}
	return a.conn.Write(p)
}
