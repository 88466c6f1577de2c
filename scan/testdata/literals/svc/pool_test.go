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

// A keyBench holds the keys a benchmark prepared for its helpers.
type keyBench struct {
	b    *testing.B
	keys [][]byte
}

// BenchmarkKeys prepares b.N keys; its helper times a loop over them.
func BenchmarkKeys(b *testing.B) {
	p := &keyBench{b: b, keys: make([][]byte, b.N)}
	p.gets()
}

// gets times the loop between ResetTimer and StopTimer: that loop is
// measured, the code before and after it is not.
func (p *keyBench) gets() {
	b := p.b
	scratch.Put(make([]byte, 64)) // timed: set-up
	b.ResetTimer()
	for range p.keys {
		scratch.Put(make([]byte, 64)) // timed: measured
	}
	b.StopTimer()
	for range p.keys {
		scratch.Put(make([]byte, 64)) // timed: stopped
	}
}

// BenchmarkGoroutines runs a literal per iteration, as a goroutine and
// called on the spot: their bodies are the measured loop's.
func BenchmarkGoroutines(b *testing.B) {
	done := make(chan struct{})
	for i := 0; i < b.N; i++ {
		go func(n int) {
			scratch.Put(make([]byte, n)) // inline: goroutine
			done <- struct{}{}
		}(64)
		<-done
		func() {
			scratch.Put(make([]byte, 64)) // inline: called
		}()
	}
	put := func() {
		scratch.Put(make([]byte, 64)) // inline: kept
	}
	put()
}

// BenchmarkCases resets the timer before a loop over its cases, each a
// sub-benchmark with its own measured loop: that loop is not measured.
func BenchmarkCases(b *testing.B) {
	b.ResetTimer()
	for _, n := range []int{64, 128} {
		scratch.Put(make([]byte, n)) // timed: per case
		b.Run("case", func(b *testing.B) {
			for b.Loop() {
				_ = scratch.Get()
			}
		})
	}
}
