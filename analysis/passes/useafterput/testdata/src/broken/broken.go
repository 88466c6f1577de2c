// Package broken does not type-check: hub is missing. The check must
// still run, not panic, and not report what it cannot see.
package broken

import (
	"bytes"
	"sync"

	"example.com/missing/hub"
)

var bufPool = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// Server remembers the last message.
type Server struct{ last []byte }

func (s *Server) remember(b []byte) { s.last = b }

// Serve uses known types only: still reported.
func (s *Server) Serve(data []byte) { // want Serve:`lends p0\[0\]`
	buf := bufPool.Get().(*bytes.Buffer)
	buf.Reset()
	defer bufPool.Put(buf)
	buf.Write(data)
	s.remember(buf.Bytes()) // want `\[\]byte buf\.Bytes\(\) into buf is kept by remember, but buf is put back into bufPool: copy it first`
}

// Relay hands the bytes to the missing package: its function is built
// without a body and nothing is reported.
func Relay(h *hub.Hub, data []byte) {
	buf := bufPool.Get().(*bytes.Buffer)
	defer bufPool.Put(buf)
	buf.Write(data)
	h.Publish(buf.Bytes())
}
