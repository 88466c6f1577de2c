package relay

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net"
	"os"

	"wire"
)

// bufferedOutput wraps its socket in a bufio.Writer.
type bufferedOutput struct {
	w *bufio.Writer
	// out is assigned only the bufio.Writer, through an interface.
	out io.Writer
}

func newBufferedOutput(conn net.Conn) *bufferedOutput {
	bw := bufio.NewWriter(conn)
	return &bufferedOutput{w: bw, out: bw}
}

func (o *bufferedOutput) Write(m *Message) error {
	o.out.Write(m.Body) // fine: out holds a bufio.Writer, no system call per Write
	o.out.Write(newline)
	o.writeTo(o.out, m)
	return o.w.Flush()
}

func (o *bufferedOutput) writeTo(w io.Writer, m *Message) {
	w.Write(m.Body) // fine: the only caller passes a bufio.Writer
	w.Write(newline)
}

// mixedOutput is made unbuffered by one constructor and buffered by the
// other.
type mixedOutput struct {
	w io.Writer
}

func newRawOutput() *mixedOutput { return &mixedOutput{w: os.Stdout} }

func newBufOutput() *mixedOutput { return &mixedOutput{w: bufio.NewWriter(os.Stdout)} }

func (o *mixedOutput) Write(m *Message) {
	o.w.Write(m.Body) // fine: w may hold a bufio.Writer
	o.w.Write(newline)
}

// emit is called with a buffered and an unbuffered writer: the writes are
// not reported, the call that passes the socket is.
func emit(w io.Writer, m *Message) {
	w.Write(m.Body) // fine here: one caller passes a bufio.Writer
	w.Write(newline)
}

func emitBoth(conn net.Conn, m *Message) {
	bw := bufio.NewWriter(conn)
	emit(bw, m) // fine: buffered
	bw.Flush()
	emit(conn, m) // want `emit makes two Write calls on conn for one message \(nearmiss\.go:\d+\): append the newline and write once`
}

// Helpers given in-memory and buffered writers, stderr, or a connection
// that is closed right after.
func helpers(conn net.Conn, m *Message) {
	var buf bytes.Buffer
	wire.WriteFrame(&buf, m.Body)                 // fine: bytes.Buffer
	wire.WriteLine(bufio.NewWriter(conn), m.Body) // fine: bufio.Writer
	wire.WriteLine(os.Stderr, m.Body)             // fine: diagnostics
	wire.WriteLine(conn, m.Body)                  // fine: once per connection, closed next
	conn.Close()
}

// batchOutput writes through a wire.Batcher, which buffers.
type batchOutput struct {
	w io.Writer
}

func newBatchOutput(conn net.Conn) *batchOutput {
	return &batchOutput{w: wire.NewBatcher(conn)}
}

func (o *batchOutput) Write(m *Message) {
	o.w.Write(m.Body) // fine: a Batcher appends to its buffer
	o.w.Write(newline)
}

// Sink is exported: its users may set Out to any writer.
type Sink struct {
	Out io.Writer
}

// NewSink returns a Sink on stdout.
func NewSink() *Sink { return &Sink{Out: os.Stdout} }

// Send writes a message.
func (s *Sink) Send(m *Message) {
	s.Out.Write(m.Body) // fine: an exported field, which other packages may set
	s.Out.Write(newline)
}

// rewrap buffers the writer it is given before writing.
func rewrap(w io.Writer, m *Message) error {
	w = bufio.NewWriter(w)
	w.Write(m.Body) // fine: w is a bufio.Writer here
	w.Write(newline)
	return nil
}

func callRewrap(conn net.Conn, m *Message) { rewrap(conn, m) }

// writeBoth is also used as a value: its callers are not all known, so
// its writes are not reported, only the calls that pass a socket.
func writeBoth(w io.Writer, a, b []byte) {
	w.Write(a) // fine here: callers through hook are unknown
	w.Write(b)
}

var hook = writeBoth

func useHook(conn net.Conn, m *Message) {
	hook(conn, m.Body, newline)      // fine: a call through a function value is not followed
	writeBoth(conn, m.Body, newline) // want `writeBoth makes two Write calls on conn`
}

// encoder is implemented by types whose encode an interface call may
// reach: encode's callers are not all known.
type encoder interface {
	encode(w io.Writer, m *Message)
}

type lineEncoder struct{}

func (lineEncoder) encode(w io.Writer, m *Message) {
	w.Write(m.Body) // fine: called through encoder, with writers not seen
	w.Write(newline)
}

func encodeAll(e encoder, conn net.Conn, ms []*Message) {
	for _, m := range ms {
		e.encode(conn, m)
	}
}

// A closure's parameter takes values the check does not follow.
var lineFunc = func(w io.Writer, m *Message) {
	w.Write(m.Body) // fine: a function literal's parameter
	w.Write(newline)
}

// framer reaches frame's method through an embedded interface: the
// method's callers are not all known.
type framer interface {
	frame(w io.Writer, m *Message)
}

type embedsFramer struct {
	framer
}

type crlfFramer struct{}

func (crlfFramer) frame(w io.Writer, m *Message) {
	w.Write(m.Body) // fine: called through the embedded framer, with writers not seen
	w.Write([]byte("\r\n"))
}

func frameAll(e embedsFramer, conn net.Conn, ms []*Message) {
	for _, m := range ms {
		e.frame(conn, m)
	}
	crlfFramer{}.frame(conn, ms[0]) // want `crlfFramer.frame makes two Write calls on conn`
}

// relayPair's two writers are assigned from each other: a also holds a
// bufio.Writer, so b, which may hold what a holds, may be buffered too.
type relayPair struct {
	a, b io.Writer
}

func (p *relayPair) swap(conn net.Conn) {
	p.a, p.b = p.b, p.a
	p.b = conn
	p.a = bufio.NewWriter(conn)
}

func (p *relayPair) sendA(m *Message) {
	p.a.Write(m.Body) // fine: a may hold a bufio.Writer
	p.a.Write(newline)
}

func (p *relayPair) sendB(m *Message) {
	p.b.Write(m.Body) // fine: b may hold what a holds
	p.b.Write(newline)
}

// compressed writes through a wire.DeflateWriter, which forwards each
// Write, and a wire.Pending, which keeps them.
type compressed struct {
	z, q io.Writer
}

func newCompressed(conn net.Conn) *compressed {
	return &compressed{z: wire.NewDeflateWriter(conn), q: &wire.Pending{}}
}

func (c *compressed) send(m *Message) {
	c.z.Write(m.Body) // want `two Write calls on c.z \(an unbuffered socket\)`
	c.z.Write(newline)
	c.q.Write(m.Body) // fine: a wire.Pending buffers
	c.q.Write(newline)
}

// refuse writes an error reply on a path that fails.
func refuse(conn net.Conn, reason string) error {
	io.WriteString(conn, "-ERR ") // fine: the last message of a path that fails
	io.WriteString(conn, reason)
	return fmt.Errorf("refused: %s", reason)
}

// serveLines fails only when the loop ends: its writes repeat.
func serveLines(conn net.Conn, lines <-chan []byte) error {
	for line := range lines {
		conn.Write(line) // want `two Write calls on conn`
		conn.Write(newline)
	}
	return fmt.Errorf("lines closed")
}

// asyncOutput writes through a wire.Async, which may queue its writes.
type asyncOutput struct {
	w io.Writer
}

func newAsyncOutput(conn net.Conn) *asyncOutput {
	return &asyncOutput{w: &wire.Async{}}
}

func (o *asyncOutput) send(m *Message) {
	o.w.Write(m.Body) // fine: a wire.Async may hand the message to a goroutine
	o.w.Write(newline)
}
