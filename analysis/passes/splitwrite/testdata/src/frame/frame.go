// Package frame sends length-prefixed frames over TCP: a 4-byte big-endian
// length, then the payload.
package frame

import (
	"encoding/binary"
	"net"
)

// Conn is a framed TCP connection.
type Conn struct {
	tcp *net.TCPConn
	hdr []byte
}

// Send writes one frame as header then payload.
func (c *Conn) Send(payload []byte) error {
	binary.BigEndian.PutUint32(c.hdr, uint32(len(payload)))
	_, err := c.tcp.Write(c.hdr) // want `two Write calls on c\.tcp \(an unbuffered \*net\.TCPConn\) for one message: join the parts and write once, or use net\.Buffers`
	if err != nil {
		return err
	}
	_, err = c.tcp.Write(payload)
	if err != nil {
		return err
	}
	return nil
}

// SendN writes a frame and returns the payload bytes written: the count of
// the second write is used, so there is no fix.
func (c *Conn) SendN(payload []byte) (int, error) {
	var hdr [4]byte
	binary.BigEndian.PutUint32(hdr[:], uint32(len(payload)))
	if _, err := c.tcp.Write(hdr[:]); err != nil { // want `two Write calls on c.tcp`
		return 0, err
	}
	return c.tcp.Write(payload)
}

// SendBuffers writes header and payload with one writev.
func (c *Conn) SendBuffers(payload []byte) error {
	binary.BigEndian.PutUint32(c.hdr, uint32(len(payload)))
	bufs := net.Buffers{c.hdr, payload}
	_, err := bufs.WriteTo(c.tcp) // fine: one writev
	return err
}

// SendOnce builds the frame and writes it once.
func (c *Conn) SendOnce(frame, payload []byte) error {
	frame = binary.BigEndian.AppendUint32(frame[:0], uint32(len(payload)))
	frame = append(frame, payload...)
	_, err := c.tcp.Write(frame) // fine: one write
	return err
}

// Bye writes the closing frame and closes the connection.
func (c *Conn) Bye() error {
	c.tcp.Write(c.hdr) // fine: once per connection, which is closed next
	c.tcp.Write([]byte("BYE"))
	return c.tcp.Close()
}
