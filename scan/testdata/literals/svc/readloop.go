package svc

import (
	"fmt"
	"io"
	"net"
)

// A listener reads every datagram of its socket in a loop its library
// calls a monitor.
type listener struct {
	conn net.PacketConn
	out  io.Writer
}

// defaultMonitor is the listener's read loop: per datagram, not the
// control plane.
func (l *listener) defaultMonitor() {
	buf := make([]byte, 1500)
	for {
		n, _, err := l.conn.ReadFrom(buf)
		if err != nil {
			return
		}
		_, _ = io.WriteString(l.out, fmt.Sprintf("%d", n)) // monitor: per datagram
	}
}

// AdminMonitor is an admin loop: its name says the control plane by
// another word.
func (l *listener) AdminMonitor(events chan int) {
	for e := range events {
		_, _ = io.WriteString(l.out, fmt.Sprintf("%d", e)) // monitor: admin
	}
}
