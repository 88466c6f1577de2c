// Package linesrv serves a CRLF line protocol over TCP, one reply line per
// command line.
package linesrv

import (
	"bufio"
	"io"
	"net"
	"strconv"
	"strings"
)

// Server answers GET and SET commands.
type Server struct {
	data map[string][]byte
}

const crlf = "\r\n"

// Serve reads commands from conn and writes a reply for each.
func (s *Server) Serve(conn net.Conn) error {
	defer conn.Close()
	r := bufio.NewReader(conn)
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return err
		}
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		switch strings.ToUpper(fields[0]) {
		case "GET":
			val := s.data[fields[1]]
			conn.Write(val) // want `two Write calls on conn \(an unbuffered net\.Conn\) for one message: append the CRLF and write once`
			conn.Write([]byte("\r\n"))
		case "SET":
			s.data[fields[1]] = []byte(fields[2])
			io.WriteString(conn, "+OK") // want `two io.WriteString calls on conn \(an unbuffered net.Conn\)`
			io.WriteString(conn, crlf)
		case "LEN":
			n := strconv.Itoa(len(s.data[fields[1]]))
			if _, err := io.WriteString(conn, ":"+n); err != nil { // want `two io.WriteString calls on conn`
				return err
			}
			if _, err := io.WriteString(conn, crlf); err != nil {
				return err
			}
		case "KEYS":
			for k := range s.data {
				// One write per key would be a loop of writes, not
				// this check's business; here each key is three.
				io.WriteString(conn, "$") // want `three io\.WriteString calls on conn for one message: join the parts and write once, or use net\.Buffers`
				io.WriteString(conn, k)
				io.WriteString(conn, crlf)
			}
		default:
			s.reply(conn, fields[0])
		}
	}
}

// reply writes an error line. Its writer is an io.Writer, but reply is
// unexported and Serve, its only caller, passes the connection.
func (s *Server) reply(w io.Writer, cmd string) {
	io.WriteString(w, "-ERR unknown command "+cmd) // want `two io.WriteString calls on w \(an unbuffered socket\) for one message`
	io.WriteString(w, crlf)
}

// Reply writes an error line for other packages, whose writers this
// package does not see.
func Reply(w io.Writer, cmd string) { // want Reply:"writes parameter 0 in two io.WriteString calls at server.go:74"
	io.WriteString(w, "-ERR "+cmd) // fine: w may be buffered, and no caller here passes a socket
	io.WriteString(w, crlf)
}

// Buffered replies through a bufio.Writer and flushes once.
func (s *Server) Buffered(conn net.Conn, keys []string) error {
	bw := bufio.NewWriter(conn)
	for _, k := range keys {
		bw.WriteString(k) // fine: buffered, one system call at Flush
		bw.WriteString(crlf)
	}
	return bw.Flush()
}

// Announce sends a datagram per event: on UDP each Write is a packet.
func Announce(c *net.UDPConn, hdr, event []byte) {
	c.Write(hdr) // fine: two datagrams, two messages, not one message split
	c.Write(event)
}

// Greet writes the greeting of a Unix socket session.
func Greet(c *net.UnixConn, name string) error {
	if _, err := c.Write([]byte("HELLO ")); err != nil { // want `two Write calls on c \(an unbuffered \*net.UnixConn\)`
		return err
	}
	_, err := c.Write([]byte(name + crlf))
	return err
}
