package percall

import (
	"encoding/binary"
	"io"
	"net"
)

// A frameReader reads length-prefixed frames from a connection.
type frameReader struct {
	conn net.Conn
	body []byte
}

// header reads a frame's 8-byte header into a new slice on every call and
// keeps only the numbers decoded from it.
func (fr *frameReader) header() (uint32, uint32, error) {
	hdr := make([]byte, 8) // want `make\(\[\]byte, n\) is read into and dropped per call: reuse a slice from a receiver field, a sync.Pool or the caller`
	if _, err := io.ReadFull(fr.conn, hdr); err != nil {
		return 0, 0, err
	}
	if hdr[0]&0x80 != 0 {
		if _, err := io.ReadFull(fr.conn, hdr[:4]); err != nil {
			return 0, 0, err
		}
	}
	return binary.BigEndian.Uint32(hdr), binary.BigEndian.Uint32(hdr[4:]), nil
}

// checksum reads n bytes with the connection's own Read and returns their
// sum.
func (fr *frameReader) checksum(n int) (int, error) {
	b := make([]byte, n) // want `make\(\[\]byte, n\) is read into and dropped per call`
	got, err := fr.conn.Read(b)
	sum := 0
	for _, c := range b[:got] {
		sum += int(c)
	}
	return sum, err
}

// frames reads every frame of r into a new slice per frame and counts
// their bytes.
func frames(r io.Reader, sizes []int) (int, error) {
	total := 0
	for _, n := range sizes {
		b := make([]byte, n) // want `make\(\[\]byte, n\) read into in a loop in frames: make one before the loop and read into it in each iteration`
		if _, err := io.ReadFull(r, b); err != nil {
			return total, err
		}
		total += int(b[0])
	}
	return total, nil
}

// body returns what it reads: the slice is the result, not scratch.
func (fr *frameReader) readBody(n int) ([]byte, error) {
	b := make([]byte, n)
	if _, err := io.ReadFull(fr.conn, b); err != nil {
		return nil, err
	}
	return b, nil
}

// keepBody stores what it reads.
func (fr *frameReader) keepBody(n int) error {
	b := make([]byte, n)
	_, err := io.ReadFull(fr.conn, b)
	fr.body = b
	return err
}

// table is made with a length but never read into: another use.
func table(n int) int {
	t := make([]byte, n)
	for i := range t {
		t[i] = byte(i)
	}
	return int(t[n-1])
}

// peek reads into a small constant slice through a concrete reader of the
// package, which keeps the slice on the stack.
func peek(s *source) byte {
	b := make([]byte, 4)
	s.Read(b)
	return b[0]
}

type source struct{ data []byte }

func (s *source) Read(p []byte) (int, error) { return copy(p, s.data), nil }
