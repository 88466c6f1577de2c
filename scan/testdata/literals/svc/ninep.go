package svc

import (
	"fmt"
	"io"
	"net"
	"time"
)

// Srv9 serves a message protocol: one goroutine per connection, which
// takes messages through a helper that reads one and serves it.
type Srv9 struct{ state int }

// Serve accepts connections.
func (s *Srv9) Serve(l net.Listener) {
	for {
		c, err := l.Accept()
		if err != nil {
			return
		}
		go s.handle(c)
	}
}

func (s *Srv9) handle(c net.Conn) {
	_ = fmt.Sprintf("%d", 9) // ninep: once per connection
	for {
		if !s.handleOne(c) {
			return
		}
	}
}

// handleOne reads one message and serves it.
func (s *Srv9) handleOne(c net.Conn) bool {
	n, err := recvMsg(c)
	if err != nil {
		return false
	}
	s.state += len(fmt.Sprintf("%d", n)) // ninep: once per message
	return true
}

func recvMsg(c io.Reader) (int, error) {
	var b [1]byte
	_, err := io.ReadFull(c, b[:])
	return int(b[0]), err
}

// Reload polls a state file: its loop sleeps, it takes no messages.
func (s *Srv9) Reload(c io.Reader) {
	for {
		s.refresh(c)
		time.Sleep(time.Second)
	}
}

func (s *Srv9) refresh(c io.Reader) {
	n, _ := recvMsg(c)
	s.state = len(fmt.Sprintf("%d", n)) // ninep: once per poll
}

// ParseFields reads the fields of one message from a bounded reader until
// its end: a parser's loop, not one that takes messages.
func (s *Srv9) ParseFields(r io.Reader, size int64) {
	lim := &io.LimitedReader{R: r, N: size}
	for {
		if !field(s, lim) {
			return
		}
	}
}

func field(s *Srv9, lim *io.LimitedReader) bool {
	n, err := recvMsg(lim)
	s.state += len(fmt.Sprintf("%d", n)) // ninep: once per field of a parsed message
	return err == nil
}
