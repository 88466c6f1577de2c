package reuse_test

import (
	"bytes"
	"strconv"
	"sync"
	"testing"
)

// BenchmarkTextCopied measures the advice given for a bytes.Buffer whose
// text leaves a function only through String: a new buffer per call
// ("new") against one taken from a sync.Pool, reset, and put back after
// String ("pooled"), for texts of 48 to 1,000 bytes. The figures in
// doc.go come from
//
//	go test -run '^$' -bench TextCopied -count 3 ./analysis/passes/reuse
var textSink string

var textBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// fields writes "f=0 f=1 …" into b until it holds n bytes.
func fields(b *bytes.Buffer, n int) {
	for i := 0; b.Len() < n; i++ {
		b.WriteString("f=")
		b.WriteString(strconv.Itoa(i % 10))
		b.WriteByte(' ')
	}
}

func BenchmarkTextCopied(b *testing.B) {
	for _, n := range []int{48, 200, 1000} {
		b.Run("new/"+strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				var buf bytes.Buffer
				fields(&buf, n)
				textSink = buf.String()
			}
		})
		b.Run("pooled/"+strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				buf := textBuffers.Get().(*bytes.Buffer)
				buf.Reset()
				fields(buf, n)
				textSink = buf.String()
				textBuffers.Put(buf)
			}
		})
	}
}

// BenchmarkBytesCopied measures the advice given for a bytes.Buffer whose
// bytes leave a function (return buf.Bytes()): a new buffer per call,
// grown as it is written ("new"), against one taken from a sync.Pool,
// reset, copied out with bytes.Clone and put back ("pooled"), for texts
// of 48 to 1,000 bytes. The figures in doc.go come from
//
//	go run ./cmd/perfproof compare -variants new,pooled -bench BytesCopied -count 10 ./analysis/passes/reuse
var bytesSink []byte

func BenchmarkBytesCopied(b *testing.B) {
	for _, n := range []int{48, 200, 1000} {
		b.Run("new/"+strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				var buf bytes.Buffer
				fields(&buf, n)
				bytesSink = buf.Bytes()
			}
		})
		b.Run("pooled/"+strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				buf := textBuffers.Get().(*bytes.Buffer)
				buf.Reset()
				fields(buf, n)
				bytesSink = bytes.Clone(buf.Bytes())
				textBuffers.Put(buf)
			}
		})
	}
}
