package percall

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
)

// Near-misses: none of these may be reported.

// Fine: the text of a strings.Builder is the function's output; its
// allocation is that of the result.
func joinKeys(keys []string) string {
	var sb strings.Builder
	for i, k := range keys {
		if i > 0 {
			sb.WriteByte(',')
		}
		sb.WriteString(k)
	}
	return sb.String()
}

type Entry struct{ Line string }

// Fine: the builder's text is kept in a struct that outlives the call.
func (e *Entry) build(parts []string) {
	var sb strings.Builder
	for _, p := range parts {
		sb.WriteString(p)
	}
	e.Line = sb.String()
}

// Fine: the text of the builder is an error, kept by the caller.
func missing(names []string) error {
	var sb strings.Builder
	sb.WriteString("missing: ")
	sb.WriteString(strings.Join(names, ", "))
	return errors.New(sb.String())
}

// Fine: the buffer is the function's result.
func render(name string) *bytes.Buffer {
	buf := new(bytes.Buffer)
	buf.WriteString(name)
	return buf
}

// Fine: the bytes go on a channel that outlives the call.
func publish(out chan<- []byte, id int) {
	var buf bytes.Buffer
	buf.WriteString(strconv.Itoa(id))
	out <- buf.Bytes()
}

// Fine: a single write of a small constant: the buffer is no larger than
// its use.
func ok(w io.Writer) {
	var buf bytes.Buffer
	buf.WriteString("OK\n")
	w.Write(buf.Bytes())
}

// Fine: the same through io.WriteString and fmt.Fprint of constants.
func okFmt(w io.Writer) {
	var buf bytes.Buffer
	io.WriteString(&buf, "OK")
	fmt.Fprint(&buf, "\n")
	w.Write(buf.Bytes())
}

// Fine: never written.
func empty(w io.Writer) int {
	var buf bytes.Buffer
	return buf.Len()
}

// Fine: a small constant-size scratch slice that reaches no interface
// stays on the compiler's stack.
func itoa(n int) string {
	buf := make([]byte, 0, 24)
	buf = strconv.AppendInt(buf, int64(n), 10)
	buf = append(buf, 'n')
	return string(buf)
}

// Fine: the scratch slice is the result.
func appendID(id int) []byte {
	b := make([]byte, 0, 16)
	b = strconv.AppendInt(b, int64(id), 10)
	return b
}

// Fine: made once and truncated for each item: reused within the call.
func writeAll(w io.Writer, items []int) {
	buf := make([]byte, 0, 64)
	for _, it := range items {
		buf = buf[:0]
		buf = strconv.AppendInt(buf, int64(it), 10)
		w.Write(buf)
	}
}

// Fine: made once and Reset for each item.
func encodeEach(w io.Writer, items []any) {
	var buf bytes.Buffer
	for _, it := range items {
		buf.Reset()
		json.NewEncoder(&buf).Encode(it)
		w.Write(buf.Bytes())
	}
}

type cache struct{ last []byte }

// Fine: a helper keeps the buffer's bytes.
func (c *cache) fill(v string) {
	var buf bytes.Buffer
	buf.WriteString(v)
	c.keep(&buf)
}

func (c *cache) keep(b *bytes.Buffer) { c.last = b.Bytes() }

type Sink interface{ Consume(*bytes.Buffer) }

// Fine: an interface method may keep what it is given.
func feed(s Sink, v string) {
	var buf bytes.Buffer
	buf.WriteString(v)
	s.Consume(&buf)
}

var bufs = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// Fine: the buffer comes from a pool.
func pooled(w http.ResponseWriter, v any) {
	buf := bufs.Get().(*bytes.Buffer)
	buf.Reset()
	json.NewEncoder(buf).Encode(v)
	w.Write(buf.Bytes())
	bufs.Put(buf)
}

type Server struct{ out *bufio.Writer }

// Fine: a constructor runs when the program is wired up.
func NewServer(w io.Writer) *Server {
	var hello bytes.Buffer
	hello.WriteString("hello ")
	hello.WriteString(strconv.Itoa(1))
	w.Write(hello.Bytes())
	return &Server{out: bufio.NewWriter(w)}
}

// Fine: the writer is stored in a field; it serves the connection.
func (s *Server) attach(w io.Writer) { s.out = bufio.NewWriter(w) }

// Fine: a bufio.Reader per call is the normal cost of reading a stream;
// only writers are reported per call.
func readLine(r io.Reader) (string, error) {
	return bufio.NewReader(r).ReadString('\n')
}

// Fine: init runs once.
var banner []byte

func init() {
	var buf bytes.Buffer
	buf.WriteString("percall ")
	buf.WriteString(strconv.Itoa(2))
	banner = bytes.Clone(buf.Bytes())
}

// Fine: called only from a package-level initialiser.
func buildTable() int {
	var sb strings.Builder
	for i := 0; i < 10; i++ {
		sb.WriteString(strconv.Itoa(i))
	}
	return len(sb.String())
}

var tableLen = buildTable()

type ParseError struct{ Line, Col int }

// Fine: the text of an error is built on the error path.
func (e *ParseError) Error() string {
	var buf bytes.Buffer
	buf.WriteString("line ")
	buf.WriteString(strconv.Itoa(e.Line))
	return buf.String()
}

// Fine: a factory builds the handler once; the handler itself reuses
// nothing but makes nothing either.
func static(body string) http.HandlerFunc {
	var buf bytes.Buffer
	buf.WriteString(body)
	buf.WriteString("\n")
	page := bytes.Clone(buf.Bytes())
	return func(w http.ResponseWriter, r *http.Request) { w.Write(page) }
}

// Fine: a closure that may run later keeps the buffer.
func deferred(run func(func())) {
	var buf bytes.Buffer
	buf.WriteString(strconv.Itoa(3))
	run(func() { println(buf.String()) })
}

// Fine: the builder's text is stored in a map that outlives the call.
func intern(m map[string]string, parts []string) {
	var sb strings.Builder
	for _, p := range parts {
		sb.WriteString(p)
	}
	s := sb.String()
	m[s] = s
}

var lastFrame []byte

// Fine: an append-style helper returns its argument, and that result is
// kept past the call.
func keepFrame(n int) {
	b := make([]byte, 0, n)
	framed := appendLen(b, n)
	lastFrame = framed
}

// Fine: a line cut out of the builder's text (strings.Cut returns parts of
// it) is kept.
func (e *Entry) firstLine(parts []string) {
	var sb strings.Builder
	for _, p := range parts {
		sb.WriteString(p)
	}
	line, _, _ := strings.Cut(sb.String(), "\n")
	e.Line = line
}

// Fine for this check: a bufio.Writer made but never written to (only
// flushed) is a different mistake than a scratch buffer to reuse.
func flushOnly(w io.Writer) error {
	b := bufio.NewWriter(w)
	io.WriteString(w, "direct")
	return b.Flush()
}

// Fine: a worker goroutine builds its header once and uses it for every
// request it serves until it exits.
func (e *Encoder) requests(reqs <-chan []byte, quit <-chan struct{}) {
	var hdr bytes.Buffer
	hdr.WriteString("NATS/1.0\r\n")
	http.Header{"Client": {e.conn.LocalAddr().String()}}.Write(&hdr)
	hdr.WriteString("\r\n")
	for {
		select {
		case r := <-reqs:
			e.conn.Write(hdr.Bytes())
			e.conn.Write(r)
		case <-quit:
			return
		}
	}
}

// Fine: the same with a range over the channel.
func (e *Encoder) drain(reqs <-chan []byte) {
	prefix := make([]byte, 0, 32+len(e.conn.LocalAddr().String()))
	prefix = append(prefix, "from "...)
	prefix = append(prefix, e.conn.LocalAddr().String()...)
	for r := range reqs {
		e.conn.Write(prefix)
		e.conn.Write(r)
	}
}

// Fine: the builder's text becomes a map key, kept by the map.
func countKey(m map[string]int, parts []string) {
	var sb strings.Builder
	for _, p := range parts {
		sb.WriteString(p)
	}
	m[sb.String()] = len(parts)
}

var savedBuf *bytes.Buffer

// stashBuf keeps its argument through the result of a function literal
// called in place.
func stashBuf(b *bytes.Buffer) int {
	savedBuf = func() *bytes.Buffer { return b }()
	return b.Len()
}

// Fine: the helper keeps the buffer.
func stashed(v string) int {
	var buf bytes.Buffer
	buf.WriteString(v)
	return stashBuf(&buf)
}
