// Package api is an HTTP service that encodes JSON into pooled buffers,
// and a broker that publishes frames from a pooled *[]byte: a pooled
// value used, through a callee, after its Put.
package api

import (
	"bytes"
	"encoding/json"
	"net/http"
	"sync"
	"unsafe"

	"keep"
)

var bufPool = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// marshal encodes v into a pooled buffer and returns the buffer's bytes;
// the deferred Put runs before the caller reads them.
func marshal(v any) ([]byte, error) {
	buf := bufPool.Get().(*bytes.Buffer)
	buf.Reset()
	defer bufPool.Put(buf)
	if err := json.NewEncoder(buf).Encode(v); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil // want `\[\]byte buf\.Bytes\(\) into buf returned after buf is put back into bufPool: copy it before the Put`
}

// User is the resource the handlers serve.
type User struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// GetUser writes what marshal returned: by then another request may be
// encoding into the same buffer.
func GetUser(w http.ResponseWriter, r *http.Request) {
	data, err := marshal(User{ID: 1, Name: r.URL.Query().Get("name")})
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Write(data)
}

// etag returns a string over the pooled bytes.
func etag(u User) string {
	buf := bufPool.Get().(*bytes.Buffer)
	buf.Reset()
	defer bufPool.Put(buf)
	json.NewEncoder(buf).Encode(u)
	b := buf.Bytes()[:8]
	return unsafe.String(&b[0], len(b)) // want `string unsafe.String\(&b\[0\], len\(b\)\) into buf returned after buf is put back into bufPool`
}

// Server caches the last response and fans it out.
type Server struct {
	cache *keep.Cache
	hub   *keep.Hub
	queue *keep.Queue
}

// ServeCached hands the pooled bytes to the cache, which keeps them in a
// field of the long-lived server's cache, and then the buffer goes back.
func (s *Server) ServeCached(w http.ResponseWriter, u User) {
	buf := bufPool.Get().(*bytes.Buffer)
	buf.Reset()
	defer bufPool.Put(buf)
	json.NewEncoder(buf).Encode(u)
	s.cache.Remember(buf.Bytes()) // want `\[\]byte buf\.Bytes\(\) into buf is kept by Remember, but buf is put back into bufPool: copy it first`
	w.Write(buf.Bytes())
}

// Broadcast publishes the pooled bytes to the hub's subscribers, who
// read them after the Put.
func (s *Server) Broadcast(u User) {
	buf := bufPool.Get().(*bytes.Buffer)
	buf.Reset()
	json.NewEncoder(buf).Encode(u)
	s.hub.Publish(buf.Bytes()) // want `\[\]byte buf\.Bytes\(\) into buf is kept by Publish, but buf is put back into bufPool: copy it first`
	bufPool.Put(buf)
}

// Fail records the body of a failed request in a package variable.
func Fail(w http.ResponseWriter, u User) {
	buf := bufPool.Get().(*bytes.Buffer)
	buf.Reset()
	defer bufPool.Put(buf)
	json.NewEncoder(buf).Encode(u)
	keep.Record(buf.Bytes()) // want `\[\]byte buf\.Bytes\(\) into buf is kept by Record, but buf is put back into bufPool: copy it first`
	http.Error(w, buf.String(), http.StatusBadRequest)
}

var framePool = sync.Pool{New: func() any { b := make([]byte, 0, 512); return &b }}

// PublishFrame copies a frame into a pooled buffer and publishes it:
// the subscribers read the frame after the pool hands the buffer out
// again.
func (s *Server) PublishFrame(frame []byte) {
	bp := framePool.Get().(*[]byte)
	buf := append((*bp)[:0], frame...)
	s.hub.Publish(buf) // want `\[\]byte buf into bp is kept by Publish \(keep\.go:\d+\), but bp is put back into framePool \(Put at api\.go:\d+\): copy it first`
	*bp = buf[:0]
	framePool.Put(bp)
}

var msgPool = sync.Pool{New: func() any { return new(keep.Msg) }}

// Enqueue puts the message back even when the queue kept it.
func (s *Server) Enqueue(body []byte) {
	m := msgPool.Get().(*keep.Msg)
	m.Body = append(m.Body[:0], body...)
	s.queue.Push(m) // want `m is kept by Push \(keep\.go:\d+\), but m is put back into msgPool \(Put at api\.go:\d+\): copy it first`
	msgPool.Put(m)
}
