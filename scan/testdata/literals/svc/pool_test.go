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

// BenchmarkHelper runs its measured loop in a helper literal that takes
// the *testing.B: the helper's loop is measured.
func BenchmarkHelper(b *testing.B) {
	run := func(b *testing.B, size int) {
		for i := 0; i < b.N; i++ {
			scratch.Put(make([]byte, size)) // bench: measured
		}
	}
	b.Run("64", func(b *testing.B) { run(b, 64) })
}
