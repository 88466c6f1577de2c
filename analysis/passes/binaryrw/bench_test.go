package binaryrw_test

import (
	"bytes"
	"encoding/binary"
	"testing"
)

// header is a frame header of the kind protocol code writes per message.
type header struct {
	Len  uint16
	Kind uint8
	ID   uint32
}

// BenchmarkWrite measures the figures in the package doc: a uint16 and a
// uint32 ("ints") and a three-field struct ("struct") written into a
// bytes.Buffer with binary.Write ("binary/...") and with the byte order's
// Append methods into the buffer's AvailableBuffer ("append/..."). Compare
// the variants with go run ./cmd/perfproof compare -variants binary,append
// -bench Write ./analysis/passes/binaryrw.
func BenchmarkWrite(b *testing.B) {
	b.Run("binary/ints", func(b *testing.B) {
		b.ReportAllocs()
		var buf bytes.Buffer
		for i := 0; b.Loop(); i++ {
			buf.Reset()
			binary.Write(&buf, binary.BigEndian, uint16(i|0x100))
			binary.Write(&buf, binary.BigEndian, uint32(i|0x10000))
		}
	})
	b.Run("append/ints", func(b *testing.B) {
		b.ReportAllocs()
		var buf bytes.Buffer
		for i := 0; b.Loop(); i++ {
			buf.Reset()
			buf.Write(binary.BigEndian.AppendUint16(buf.AvailableBuffer(), uint16(i|0x100)))
			buf.Write(binary.BigEndian.AppendUint32(buf.AvailableBuffer(), uint32(i|0x10000)))
		}
	})
	b.Run("binary/struct", func(b *testing.B) {
		b.ReportAllocs()
		var buf bytes.Buffer
		for i := 0; b.Loop(); i++ {
			buf.Reset()
			h := header{uint16(i), 1, uint32(i)}
			binary.Write(&buf, binary.BigEndian, &h)
		}
	})
	b.Run("append/struct", func(b *testing.B) {
		b.ReportAllocs()
		var buf bytes.Buffer
		for i := 0; b.Loop(); i++ {
			buf.Reset()
			h := header{uint16(i), 1, uint32(i)}
			p := buf.AvailableBuffer()
			p = binary.BigEndian.AppendUint16(p, h.Len)
			p = append(p, h.Kind)
			p = binary.BigEndian.AppendUint32(p, h.ID)
			buf.Write(p)
		}
	})
}
