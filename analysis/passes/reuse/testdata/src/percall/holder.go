package percall

import (
	"bytes"
	"io"
	"log"
	"mime/multipart"
	"net/http"
	"net/textproto"
)

// Buffers held by a new object made per call, and multipart bodies.

// LogFormatter makes one log entry per request.
type LogFormatter struct{ Logger *log.Logger }

type logEntry struct {
	*LogFormatter
	req *http.Request
	buf *bytes.Buffer
}

// NewLogEntry runs once per request, whatever its name: its entry, and
// the buffer in it, live until the request is logged and are dropped.
func (l *LogFormatter) NewLogEntry(r *http.Request) *logEntry {
	entry := &logEntry{
		LogFormatter: l,
		req:          r,
		buf:          &bytes.Buffer{}, // want `bytes\.Buffer in field buf is dropped per call with its object: pool it, put it back when done`
	}
	entry.buf.WriteString(r.Method)
	entry.buf.WriteString(" " + r.URL.Path)
	return entry
}

// Write writes the entry out.
func (e *logEntry) Write(status int) {
	e.Logger.Print(e.buf.String())
}

type lineFormatter struct {
	out io.Writer
	buf bytes.Buffer
}

// formatLine writes a line through a formatter dropped on return.
func formatLine(out io.Writer, msg string) {
	f := &lineFormatter{out: out, buf: bytes.Buffer{}} // want `bytes\.Buffer in formatLine is written and dropped per call: reuse one from a sync\.Pool or the caller`
	f.buf.WriteString(msg)
	f.buf.WriteByte('\n')
	f.out.Write(f.buf.Bytes())
}

// multipartBody writes the parts of a response per request.
func multipartBody(w http.ResponseWriter, parts [][]byte) {
	body := &bytes.Buffer{} // want `bytes\.Buffer in multipartBody is written and dropped per call: reuse one from a sync\.Pool or the caller`
	mw := multipart.NewWriter(body)
	for _, p := range parts {
		pw, err := mw.CreatePart(textproto.MIMEHeader{"Content-Type": {"application/octet-stream"}})
		if err != nil {
			return
		}
		pw.Write(p)
	}
	mw.Close()
	w.Header().Set("Content-Type", mw.FormDataContentType())
	w.Write(body.Bytes())
}

// Near-misses.

type conn struct {
	w   io.Writer
	buf *bytes.Buffer
}

// Fine: the connection keeps its buffer for all its messages and resets
// it for each (see send).
func (s *server) accept(r *http.Request, w io.Writer) *conn {
	c := &conn{w: w, buf: new(bytes.Buffer)}
	c.buf.WriteString(r.RemoteAddr)
	return c
}

func (c *conn) send(msg []byte) {
	c.buf.Reset()
	c.buf.Write(msg)
	c.w.Write(c.buf.Bytes())
}

type server struct{ conns map[string]*logEntry }

// Fine: the entry is kept in a map of the server, beyond the call.
func (s *server) track(r *http.Request) {
	e := &logEntry{req: r, buf: &bytes.Buffer{}}
	e.buf.WriteString(r.URL.Path)
	s.conns[r.URL.Path] = e
}

type session struct{ buf *bytes.Buffer }

// Fine: a constructor without a request runs when the program is wired
// up.
func newSession(name string) *session {
	s := &session{buf: &bytes.Buffer{}}
	s.buf.WriteString(name)
	return s
}

// Fine: the object is returned with an empty buffer, which costs nothing
// until written.
func (s *server) emptyEntry(r *http.Request) *logEntry {
	return &logEntry{req: r, buf: &bytes.Buffer{}}
}

// Fine: a buffer in a slice literal is an element, not a field.
func (s *server) buffers(r *http.Request) []*bytes.Buffer {
	b := []*bytes.Buffer{new(bytes.Buffer)}
	b[0].WriteString(r.URL.Path)
	return b
}

type issued struct{ Certificate []byte }

// Fine: the object returned holds the buffer's bytes, its result, not
// the buffer.
func (s *server) issue(r *http.Request, certs [][]byte) *issued {
	var buf bytes.Buffer
	for _, c := range certs {
		buf.Write(c)
	}
	return &issued{Certificate: buf.Bytes()}
}
