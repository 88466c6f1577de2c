// Package gateway imports neither io nor net nor os: its writers come
// from package wire.
package gateway

import "wire"

// Forward dials and sends one framed message.
func Forward(addr string, hdr, body []byte) error {
	c, err := wire.Dial(addr)
	if err != nil {
		return err
	}
	for i := 0; i < 3; i++ {
		c.Write(hdr) // want `two Write calls on c \(an unbuffered socket\)`
		c.Write(body)
	}
	return c.Close()
}
