package percall

import (
	"io"

	"example.org/wire"
)

// readPacket returns the packet it decodes from a new buffer: the packet's
// payload is a slice of the buffer, so the buffer is the result's memory,
// not scratch; reusing it would overwrite the packets already returned.
func readPacket(r io.Reader) (*wire.Packet, error) {
	b := make([]byte, 1500)
	n, err := r.Read(b)
	if err != nil {
		return nil, err
	}
	p := &wire.Packet{}
	if err := p.Unmarshal(b[:n]); err != nil {
		return nil, err
	}
	return p, nil
}

// packetSeq decodes a packet into a local value and keeps only its
// sequence number: the buffer is scratch.
func packetSeq(r io.Reader) (uint16, error) {
	b := make([]byte, 1500) // want `make\(\[\]byte, n\) in packetSeq is read into and dropped per call`
	n, err := r.Read(b)
	if err != nil {
		return 0, err
	}
	var p wire.Packet
	if err := p.Unmarshal(b[:n]); err != nil {
		return 0, err
	}
	return p.Seq, nil
}

// readDoc returns the document a parser made of a new buffer without
// copying it: the buffer is the result's memory.
func readDoc(r io.Reader, p *wire.Parser) (*wire.Doc, error) {
	b := make([]byte, 512)
	n, err := r.Read(b)
	if err != nil {
		return nil, err
	}
	return p.ParseBytes(b[:n])
}

// docFields counts the fields of a document parsed from a new buffer and
// drops it, but the parser, which outlives the call, may keep its input
// (nothing says it does not): not reported.
func docFields(r io.Reader, p *wire.Parser) (int, error) {
	b := make([]byte, 512)
	n, err := r.Read(b)
	if err != nil {
		return 0, err
	}
	d, err := p.ParseBytes(b[:n])
	if err != nil {
		return 0, err
	}
	return len(d.Fields), nil
}
