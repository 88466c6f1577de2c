// Package relay forwards messages to stdout, a socket or a file, as
// stream processors' outputs do: the writer is stored in a field by a
// constructor or a Connect method, and written through a helper that
// takes it as an io.Writer.
package relay

import (
	"io"
	"net"
	"os"
	"sync"

	"wire"
)

var newline = []byte{'\n'}

// Message is one message to relay.
type Message struct {
	Body []byte
}

// SuffixFn returns the delimiter to write after a message, if any.
type SuffixFn func(body []byte) ([]byte, bool)

// stdoutOutput writes each message to stdout.
type stdoutOutput struct {
	suffixFn SuffixFn
	handle   io.WriteCloser
}

func newStdoutOutput(fn SuffixFn) *stdoutOutput {
	return &stdoutOutput{suffixFn: fn, handle: os.Stdout}
}

func (o *stdoutOutput) writeTo(wtr io.Writer, m *Message) error {
	suffix, addSuffix := o.suffixFn(m.Body)
	if _, err := wtr.Write(m.Body); err != nil { // want `up to two Write calls on wtr \(an unbuffered \*os\.File\) for one message: join the parts and write once`
		return err
	}
	if addSuffix {
		if _, err := wtr.Write(suffix); err != nil {
			return err
		}
	}
	return nil
}

// Write sends one message.
func (o *stdoutOutput) Write(m *Message) error {
	return o.writeTo(o.handle, m)
}

// socketOutput writes each message to a connection made by Connect.
type socketOutput struct {
	network, address string
	mu               sync.Mutex
	writer           io.WriteCloser
}

// Connect dials the socket.
func (s *socketOutput) Connect() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.writer != nil {
		return nil
	}
	conn, err := net.Dial(s.network, s.address)
	if err != nil {
		return err
	}
	s.writer = conn
	return nil
}

func (s *socketOutput) writeTo(wtr io.Writer, m *Message) error {
	if _, err := wtr.Write(m.Body); err != nil { // want `two Write calls on wtr \(an unbuffered socket\) for one message: append the newline and write once`
		return err
	}
	if _, err := wtr.Write(newline); err != nil {
		return err
	}
	return nil
}

// Write sends one message.
func (s *socketOutput) Write(m *Message) error {
	s.mu.Lock()
	w := s.writer
	s.mu.Unlock()
	if w == nil {
		return os.ErrClosed
	}
	err := s.writeTo(w, m)
	if err != nil {
		s.mu.Lock()
		s.writer.Close()
		s.writer = nil
		s.mu.Unlock()
	}
	return err
}

// fileOutput appends each message to a file.
type fileOutput struct {
	path string
	file io.Writer
}

func openFileOutput(path string) (*fileOutput, error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	return &fileOutput{path: path, file: f}, nil
}

// Write appends one message.
func (o *fileOutput) Write(m *Message) error {
	o.file.Write(m.Body) // want `two Write calls on o\.file \(an unbuffered \*os\.File\) for one message: append the newline and write once`
	o.file.Write(newline)
	return nil
}

// upstream relays to another relay, dialled through package wire.
type upstream struct {
	conn  io.WriteCloser
	timed io.Writer
	raw   net.Conn
}

func dialUpstream(addr string) (*upstream, error) {
	conn, err := wire.Dial(addr)
	if err != nil {
		return nil, err
	}
	raw, err := net.Dial("tcp", addr)
	if err != nil {
		return nil, err
	}
	return &upstream{conn: conn, timed: &wire.DeadlineWriter{Conn: raw}, raw: raw}, nil
}

// Forward sends a message to the upstream relay in several ways.
func (u *upstream) Forward(m *Message, hdr []byte) error {
	// wire.Dial returns a socket (its fact says so).
	u.conn.Write(hdr) // want `two Write calls on u.conn \(an unbuffered socket\) for one message`
	u.conn.Write(m.Body)
	// A wire.DeadlineWriter writes through to its socket.
	u.timed.Write(hdr) // want `two Write calls on u.timed \(an unbuffered socket\) for one message`
	u.timed.Write(m.Body)
	// Helpers of package wire that take an io.Writer, given a socket.
	if err := wire.WriteFrame(u.raw, m.Body); err != nil { // want `wire\.WriteFrame makes two Write calls on u\.raw for one message: join the parts and write once, or use net\.Buffers`
		return err
	}
	return wire.Send(u.conn, m.Body) // want `wire\.Send makes two Write calls on u\.conn for one message \(wire\.go:\d+\): append the newline and write once`
}

// client speaks websocket over its connection: a frame header and its
// payload are two writes on the socket per message, as in a NATS client.
type client struct {
	conn net.Conn
	bw   io.Writer
}

func (c *client) bind(conn net.Conn) {
	c.conn = conn
	c.bw = conn
}

func (c *client) upgrade() {
	c.bw = &wsWriter{w: c.bw}
}

type wsWriter struct {
	w io.Writer
}

func (w *wsWriter) Write(p []byte) (int, error) { // want Write:"forwards to an unbuffered socket"
	var total, n int
	var err error
	fh := []byte{0x82, byte(len(p))}
	n, err = w.w.Write(fh) // want `two Write calls on w\.w \(an unbuffered socket\) for one message: join the parts and write once, or use net\.Buffers`
	total += n
	if err == nil {
		n, err = w.w.Write(p)
		total += n
	}
	return total, err
}

func (c *client) flush(data []byte) error {
	_, err := c.bw.Write(data)
	return err
}
