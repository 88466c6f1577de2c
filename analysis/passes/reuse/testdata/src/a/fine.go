package a

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/valyala/fastjson"
)

// Near-misses: none of these may be reported.

// Fine: the pool's New function is where a constructor belongs.
var bufPool = sync.Pool{New: func() any { return new(bytes.Buffer) }}

var zwPool sync.Pool

func init() {
	// Fine: assigned New function of a pool.
	zwPool.New = func() any { return gzip.NewWriter(nil) }
}

// Fine: init runs once.
var defaultZW *gzip.Writer

func init() { defaultZW = gzip.NewWriter(io.Discard) }

// Fine: the writer is returned; the caller owns it (and this is a
// constructor).
func newGzip(w io.Writer) *gzip.Writer { return gzip.NewWriter(w) }

// Fine: the writer is returned, so it outlives the call.
func wrap(w io.Writer) io.WriteCloser {
	zw := gzip.NewWriter(w)
	return zw
}

type gzipResponseWriter struct {
	http.ResponseWriter
	zw *gzip.Writer
}

// Fine: the writer is stored in a struct that outlives the call.
func gzipHandler(w http.ResponseWriter) *gzipResponseWriter {
	zw := gzip.NewWriter(w)
	return &gzipResponseWriter{ResponseWriter: w, zw: zw}
}

type conn struct {
	br *bufio.Reader
	zw *gzip.Writer
}

// Fine: stored in a field.
func (c *conn) start(w io.Writer) { c.zw = gzip.NewWriter(w) }

// Fine: made once before the loop and reset inside it: the good form.
func compressEach(w io.Writer, parts [][]byte) {
	zw := gzip.NewWriter(w)
	for _, p := range parts {
		zw.Reset(w)
		zw.Write(p)
		zw.Close()
	}
}

// Fine: one parser for all lines, reused by each Parse.
func sumAll(lines []string) int {
	var p fastjson.Parser
	n := 0
	for _, l := range lines {
		v, err := p.Parse(l)
		if err == nil {
			n += v.GetInt("n")
		}
	}
	return n
}

// Fine: a parsed value is returned; it aliases the parser, which therefore
// cannot be reused here.
func parseValue(s string) (*fastjson.Value, error) {
	var p fastjson.Parser
	return p.Parse(s)
}

// Fine: the byte slice of a field is returned and aliases the parser.
func symbol(msg []byte) []byte {
	var p fastjson.Parser
	v, _ := p.ParseBytes(msg)
	return v.GetStringBytes("s")
}

// Fine: a bytes.Buffer that is never written costs nothing.
func lens(items [][]byte) int {
	n := 0
	for range items {
		var buf bytes.Buffer
		n += buf.Len()
	}
	return n
}

// Fine: a buffer over existing memory reads that memory.
func readAll(items [][]byte) int {
	n := 0
	for _, it := range items {
		b := bytes.NewBuffer(it)
		n += b.Len()
	}
	return n
}

// Fine: the bytes of each buffer are kept after the iteration.
func collect(items []string) [][]byte {
	var out [][]byte
	for _, it := range items {
		var buf bytes.Buffer
		buf.WriteString(it)
		out = append(out, buf.Bytes())
	}
	return out
}

// Fine: the last buffer's bytes survive the loop.
func lastLine(items []string) []byte {
	var last []byte
	for _, it := range items {
		var buf bytes.Buffer
		fmt.Fprintf(&buf, "%s\n", it)
		last = buf.Bytes()
	}
	return last
}

// Fine: the request body keeps the buffer.
func post(urls []string) {
	for _, u := range urls {
		var buf bytes.Buffer
		buf.WriteString("{}")
		req, _ := http.NewRequest("POST", u, &buf)
		_ = req
	}
}

// Fine: handed to a goroutine that may outlive the iteration.
func spawn(items []string, done chan<- string) {
	for _, it := range items {
		var buf bytes.Buffer
		buf.WriteString(it)
		go func() { done <- buf.String() }()
	}
}

// Fine: passed to a function that may keep it.
func sendAll(items []string, send func(*bytes.Buffer)) {
	for _, it := range items {
		var buf bytes.Buffer
		buf.WriteString(it)
		send(&buf)
	}
}

// Fine: bufio.NewReader of a *bufio.Reader returns it when large enough.
func rewrap(rs []*bufio.Reader) {
	for _, r := range rs {
		br := bufio.NewReader(r)
		br.ReadByte()
	}
}

// Fine: a bufio.Reader per call (not per iteration) is the normal cost of
// a connection.
func handle(c io.Reader) {
	br := bufio.NewReader(c)
	br.ReadString('\n')
}

// Reported per call (Category "percall"): a bytes.Buffer per call is
// allocated and grown again on every call.
func render(w io.Writer, name string) {
	var buf bytes.Buffer // want `bytes\.Buffer in render is written and dropped per call: reuse one from a sync\.Pool or the caller`
	buf.WriteString("hello ")
	buf.WriteString(name)
	w.Write(buf.Bytes())
}

var (
	tableOnce sync.Once
	table     []byte
)

// Fine: a sync.Once body runs once.
func loadTable(data []byte) []byte {
	tableOnce.Do(func() {
		var buf bytes.Buffer
		zw := gzip.NewWriter(&buf)
		zw.Write(data)
		zw.Close()
		table = buf.Bytes()
	})
	return table
}

// Fine: called only from a package-level initialiser.
func packDefaults() int {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write([]byte("defaults"))
	zw.Close()
	return buf.Len()
}

var defaultsSize = packDefaults()

// Fine: pooled values are taken from the pool, not constructed.
func pooled(w io.Writer, data []byte) {
	buf := bufPool.Get().(*bytes.Buffer)
	buf.Reset()
	buf.Write(data)
	w.Write(buf.Bytes())
	bufPool.Put(buf)
}

// Fine: the writer is put into a pool after use, so it is reused.
func compressPooled(w io.Writer, data []byte) {
	zw := gzip.NewWriter(w)
	zw.Write(data)
	zw.Close()
	zwPool.Put(zw)
}

// Fine: a 40 KiB decompressor per call is small next to the I/O it serves
// (net/http makes a gzip.Reader per response); only loops are reported.
func inflate(body []byte) ([]byte, error) {
	zr, err := zlib.NewReader(bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	defer zr.Close()
	return io.ReadAll(zr)
}

// Fine: nothing shows that compressFile runs often: it is not an HTTP
// handler and the package never calls it in a loop. A profile or a file is
// compressed once; the compression work dwarfs the state.
func compressFile(w io.Writer, data []byte) error {
	zw := gzip.NewWriter(w)
	if _, err := zw.Write(data); err != nil {
		return err
	}
	return zw.Close()
}

const debugSizes = false

// Fine: dead code behind a constant false flag.
func sizes(items [][]byte) {
	if debugSizes {
		for _, it := range items {
			var buf bytes.Buffer
			zw := gzip.NewWriter(&buf)
			zw.Write(it)
			zw.Close()
			println(buf.Len())
		}
	}
}

// Fine: a factory runs when the program is wired up, not per call of the
// function it returns.
func scaler(cfg string) func(string) int {
	var p fastjson.Parser
	v, _ := p.Parse(cfg)
	n := v.GetInt("n")
	return func(s string) int { return len(s) * n }
}

// The buffer is made only on the path that returns, so at most once per
// call: not a loop report; its text is the function's result, copied out
// by String, so the buffer itself could come from a pool: a per-call one.
func escapeQuotes(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] == '"' {
			var buf bytes.Buffer // want `bytes\.Buffer in escapeQuotes is dropped per call after String copies its text: pool it, Put it back after String`
			for _, r := range s {
				if r == '"' {
					buf.WriteByte('\\')
				}
				buf.WriteRune(r)
			}
			return buf.String()
		}
	}
	return s
}

// Fine: each builder's text is kept in the result.
func labels(rows [][]string) []string {
	var out []string
	for _, r := range rows {
		var sb strings.Builder
		for _, f := range r {
			sb.WriteString(f)
		}
		out = append(out, sb.String())
	}
	return out
}

// Fine: each slice is the exact-size text of one result string.
func hexAll(ids []uint64) []string {
	var out []string
	for _, id := range ids {
		b := make([]byte, 0, 2*len(ids))
		b = strconv.AppendUint(b, id, 16)
		out = append(out, string(b))
	}
	return out
}

// Fine: a constant-size slice that reaches no interface stays on the
// stack.
func sumDigits(ids []int) int {
	n := 0
	for _, id := range ids {
		b := make([]byte, 0, 20)
		b = strconv.AppendInt(b, int64(id), 10)
		n += len(b)
	}
	return n
}
