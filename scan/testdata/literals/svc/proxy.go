package svc

import (
	"fmt"
	"net"
)

// Proxy formats its endpoints once, then takes connections one by one:
// the loop over ports is set-up, the accept loop runs once per
// connection, not per message.
func Proxy(l net.Listener, ports []int) {
	var addrs []string
	for _, p := range ports {
		addr := fmt.Sprintf("%d", p) // proxy: set-up
		addrs = append(addrs, addr)
	}
	for {
		c, err := l.Accept()
		if err != nil {
			return
		}
		tag := fmt.Sprintf("%d", len(addrs)) // proxy: per connection
		_, _ = c.Write([]byte(tag))
		c.Close()
	}
}

// Serve accepts connections and serves each in a goroutine: the accept
// loop runs per connection, serveConn's read loop per message.
func Serve(l net.Listener) {
	for {
		c, err := l.Accept()
		if err != nil {
			return
		}
		hello := fmt.Sprintf("%d", 1) // serve: per connection
		_, _ = c.Write([]byte(hello))
		go serveConn(c)
	}
}

func serveConn(c net.Conn) {
	buf := make([]byte, 512)
	for {
		n, err := c.Read(buf)
		if err != nil {
			return
		}
		ack := fmt.Sprintf("%d", n) // serve: per message
		_, _ = c.Write([]byte(ack))
	}
}

// Relay accepts and reads in one loop (one message per connection, as a
// request-per-connection protocol does): it is a consumer loop.
func Relay(l net.Listener) {
	for {
		c, err := l.Accept()
		if err != nil {
			return
		}
		buf := make([]byte, 64)
		n, _ := c.Read(buf)
		_, _ = c.Write([]byte(fmt.Sprintf("%d", n))) // relay: per message
		c.Close()
	}
}
