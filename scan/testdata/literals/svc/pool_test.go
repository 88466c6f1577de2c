package svc

import (
	"sync"
	"testing"
)

var scratch = sync.Pool{New: func() any { return make([]byte, 64) }}

// BenchmarkScratch warms the pool up before its measured loop: that Put
// runs once per run, the one in the loop once per iteration.
func BenchmarkScratch(b *testing.B) {
	scratch.Put(make([]byte, 64)) // bench: set-up
	for b.Loop() {
		_ = scratch.Get()
		scratch.Put(make([]byte, 64)) // bench: measured
	}
}
