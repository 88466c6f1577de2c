package api

import (
	"bytes"
	"encoding/json"
	"net/http"

	"keep"
)

// Near-misses: none of these is reported.

// WriteJSON writes before the deferred Put runs.
func WriteJSON(w http.ResponseWriter, v any) error {
	buf := bufPool.Get().(*bytes.Buffer)
	buf.Reset()
	defer bufPool.Put(buf)
	if err := json.NewEncoder(buf).Encode(v); err != nil {
		return err
	}
	_, err := w.Write(buf.Bytes()) // fine: written before the Put
	return err
}

// MarshalCopy copies the bytes out before returning.
func MarshalCopy(v any) []byte {
	buf := bufPool.Get().(*bytes.Buffer)
	buf.Reset()
	defer bufPool.Put(buf)
	json.NewEncoder(buf).Encode(v)
	out := append([]byte(nil), buf.Bytes()...)
	return out // fine: a copy
}

// MarshalString returns buf.String(), which copies.
func MarshalString(v any) string {
	buf := bufPool.Get().(*bytes.Buffer)
	buf.Reset()
	defer bufPool.Put(buf)
	json.NewEncoder(buf).Encode(v)
	return buf.String() // fine: String copies
}

// PutAfterLastUse puts the buffer back, not deferred, after its last use.
func PutAfterLastUse(w http.ResponseWriter, v any) {
	buf := bufPool.Get().(*bytes.Buffer)
	buf.Reset()
	json.NewEncoder(buf).Encode(v)
	w.Write(buf.Bytes())
	bufPool.Put(buf) // fine: nothing uses buf afterwards
}

// SaveCopy hands the bytes to a callee that copies them.
func (s *Server) SaveCopy(v any) {
	buf := bufPool.Get().(*bytes.Buffer)
	buf.Reset()
	defer bufPool.Put(buf)
	json.NewEncoder(buf).Encode(v)
	var c keep.Cache
	c.Save(buf.Bytes())       // fine: Save copies
	s.cache.Save(buf.Bytes()) // fine: Save copies
}

// Checksummed hands the bytes to a callee that lets go of them before it
// returns.
func (s *Server) Checksummed(v any) byte {
	buf := bufPool.Get().(*bytes.Buffer)
	buf.Reset()
	defer bufPool.Put(buf)
	json.NewEncoder(buf).Encode(v)
	return s.cache.Checksum(buf.Bytes()) // fine: Checksum clears c.cur
}

// RememberThenForget lets the cache keep the bytes, then makes it forget
// them before the Put.
func (s *Server) RememberThenForget(v any) {
	buf := bufPool.Get().(*bytes.Buffer)
	buf.Reset()
	json.NewEncoder(buf).Encode(v)
	s.cache.Remember(buf.Bytes())
	s.cache.Forget()
	bufPool.Put(buf) // fine: the cache no longer refers to buf
}

// LocalCache keeps the bytes in a cache that does not outlive the call.
func LocalCache(v any) {
	buf := bufPool.Get().(*bytes.Buffer)
	buf.Reset()
	defer bufPool.Put(buf)
	json.NewEncoder(buf).Encode(v)
	c := new(keep.Cache)
	c.Remember(buf.Bytes()) // fine: c is local
}

// EnqueueOrDrop puts the message back only when the queue refused it.
func (s *Server) EnqueueOrDrop(body []byte) {
	m := msgPool.Get().(*keep.Msg)
	m.Body = append(m.Body[:0], body...)
	if err := s.queue.Push(m); err != nil {
		msgPool.Put(m) // fine: Push keeps m only when it returns nil
	}
}

// StoreIfReplicated keeps the message only when it puts it not back.
func (s *Server) StoreIfReplicated(body []byte, replicated bool) {
	m := msgPool.Get().(*keep.Msg)
	m.Body = append(m.Body[:0], body...)
	if replicated {
		s.queue.Push(m)
	}
	if !replicated {
		msgPool.Put(m) // fine: the paths exclude each other
	}
}

// EncodeHeader appends a header into a pooled buffer: the header keeps
// the result only when it outgrew the buffer.
func EncodeHeader(h *keep.Header) int { // want EncodeHeader:`lends p0\[0\]`
	bp := framePool.Get().(*[]byte)
	defer framePool.Put(bp)
	out := h.Encode((*bp)[:0])
	n := len(out)
	*bp = out[:0]
	return n // fine: Encode keeps out only when it is not the pooled array
}

// StartWorker starts a worker whose goroutine uses only the worker.
func StartWorker(w *keep.Worker) {
	bp := framePool.Get().(*[]byte)
	defer framePool.Put(bp)
	w.Start() // fine: the goroutine is the worker's own
}

// Save hands the message to a queue that either keeps it or puts it back
// itself.
func (s *Server) Save(body []byte) {
	m := keep.GetMsg()
	m.Body = append(m.Body[:0], body...)
	s.queue.Adopt(m) // fine: Adopt owns m from here on
}
