package a

import (
	"compress/gzip"
	"io"
	"testing"
)

// Fine: _test.go files are not analysed; this benchmark measures the
// construction on purpose.
func BenchmarkNewWriter(b *testing.B) {
	for b.Loop() {
		zw := gzip.NewWriter(io.Discard)
		zw.Write([]byte("x"))
		zw.Close()
	}
}
