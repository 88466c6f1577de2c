package s3

import (
	"fmt"
	"net/http"
	"testing"
)

func TestHeaders(t *testing.T) {
	h := http.Header{}
	for i := 0; i < 3; i++ {
		h.Set("Content-Length", fmt.Sprintf("%d", i)) // fine: tests other than benchmarks are not hot
	}
}

func BenchmarkHeaders(b *testing.B) {
	for _, size := range []int{1, 1 << 20} {
		b.Run(fmt.Sprintf("size=%d", size), func(b *testing.B) { // fine: set-up outside the measured loop
			h := http.Header{}
			for b.Loop() {
				h.Set("Content-Length", fmt.Sprintf("%d", size)) // want `fmt\.Sprintf of one integer: use strconv\.Itoa`
			}
		})
	}
}

func BenchmarkParallelRange(b *testing.B) {
	b.RunParallel(func(pb *testing.PB) {
		h := http.Header{}
		for pb.Next() {
			h.Set("Content-Range", fmt.Sprintf("bytes %d-%d/%d", 0, 99, 1000)) // want `fmt\.Sprintf with a fixed format of numbers: build the string with strconv Format or Append calls`
		}
	})
}
