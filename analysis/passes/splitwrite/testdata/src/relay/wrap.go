package relay

import (
	"io"
	"net"
)

// countingConn embeds its connection and counts nothing on Write: its
// Write is the connection's.
type countingConn struct {
	net.Conn
	reads int
}

type peer struct {
	w io.Writer
}

func newPeer(conn net.Conn) *peer {
	return &peer{w: &countingConn{Conn: conn}}
}

func (p *peer) send(m *Message) {
	p.w.Write(m.Body) // want `two Write calls on p.w \(an unbuffered socket\)`
	p.w.Write(newline)
}
