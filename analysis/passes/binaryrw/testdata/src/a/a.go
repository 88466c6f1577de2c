package a

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"io"
)

type Tag uint16

type header struct {
	Len  uint16
	Kind uint8
	ID   uint32
}

var order binary.ByteOrder = binary.BigEndian

func frame(name string, kind byte, tag Tag, n int32) []byte {
	var buf bytes.Buffer
	binary.Write(&buf, binary.BigEndian, uint16(len(name))) // want `binary.Write of uint16 allocates a scratch slice per call: append it with the byte order's Append method`
	binary.Write(&buf, binary.BigEndian, kind)              // want `binary.Write of byte allocates a scratch slice per call`
	binary.Write(&buf, binary.LittleEndian, tag)            // want `binary.Write of a Tag encodes by reflection into a new slice: append it with the byte order's Append methods`
	if err := binary.Write(&buf, binary.LittleEndian, n); err != nil { // want `binary.Write of int32 allocates a scratch slice per call`
		return nil
	}
	buf.WriteString(name)
	return buf.Bytes()
}

func flush(w *bufio.Writer, h *header, f float64) error {
	var err error
	err = binary.Write(w, binary.NativeEndian, &h.ID) // want `binary.Write of uint32 allocates a scratch slice per call`
	if err != nil {
		return err
	}
	binary.Write(w, binary.BigEndian, f)      // want `binary.Write of float64 allocates a scratch slice per call`
	binary.Write(w, binary.BigEndian, h)      // want `binary.Write of a header encodes by reflection into a new slice: append it with the byte order's Append methods`
	binary.Write(w, order, uint32(h.Len))     // want `binary.Write of uint32 allocates a scratch slice per call`
	return binary.Write(w, binary.BigEndian, h.Len) // want `binary.Write of uint16 allocates a scratch slice per call`
}

func send(w io.Writer, payload []byte, ids []uint32) {
	binary.Write(w, binary.BigEndian, uint16(len(payload))) // want `binary.Write of uint16 allocates a scratch slice per call`
	binary.Write(w, binary.BigEndian, payload)              // a []byte is written as is
	binary.Write(w, binary.BigEndian, ids)                  // want `binary.Write of \[\]uint32 allocates a scratch slice per call`
}

func receive(r io.Reader) (header, uint16) {
	var h header
	var n uint16
	binary.Read(r, binary.BigEndian, &h) // want `binary.Read of a header decodes by reflection: read into a scratch array and decode it with the byte order`
	binary.Read(r, binary.BigEndian, &n) // want `binary.Read of uint16 allocates a scratch slice per call: read into a scratch array and decode it with the byte order`
	return h, n
}

// Not reported: a value encoding/binary cannot encode (int has no fixed
// size), and code that runs once.
func notFixed(w io.Writer, n int) {
	binary.Write(w, binary.BigEndian, n)
}

var magic bytes.Buffer

func init() {
	binary.Write(&magic, binary.BigEndian, uint32(0xcafe))
}

func readPayload(r io.Reader, p []byte) {
	binary.Read(r, binary.BigEndian, p) // want `binary.Read of a \[\]byte reads into a new slice and copies it: read into the slice with io.ReadFull`
}
