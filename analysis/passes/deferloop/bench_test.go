package deferloop_test

import (
	"sync"
	"testing"
)

// The benchmarks measure what the check proposes, as before/after pairs for
// `perfproof compare -variants before,after`:
//
//	go run ./cmd/perfproof compare -variants before,after -bench Defer ./analysis/passes/deferloop

// An iterator stands for what real loops defer the release of: a table
// iterator per level of a read, a row iterator per userset of a check.
type iterator struct {
	pos  int
	open bool
}

//go:noinline
func newIterator(start int) *iterator { return &iterator{pos: start, open: true} }

func (it *iterator) next() int { it.pos++; return it.pos }
func (it *iterator) close()    { it.open = false }

var (
	mu   sync.Mutex
	sink int
)

// lookupBefore defers each level's close inside the loop: every iteration
// pushes a defer record, and all of them run when the function returns.
func lookupBefore(levels int) int {
	mu.Lock()
	defer mu.Unlock()
	total := 0
	for l := range levels {
		it := newIterator(l)
		defer it.close()
		total += it.next()
	}
	return total
}

// lookupAfter runs each iteration's body in a function literal called in
// place, so that its deferred close runs at the end of the iteration.
func lookupAfter(levels int) int {
	mu.Lock()
	defer mu.Unlock()
	total := 0
	for l := range levels {
		func() {
			it := newIterator(l)
			defer it.close()
			total += it.next()
		}()
	}
	return total
}

// BenchmarkDeferLevels looks up a key through 7 levels, each with its own
// iterator, as an LSM read that misses the memtables does.
func BenchmarkDeferLevels(b *testing.B) {
	b.Run("before", func(b *testing.B) {
		for b.Loop() {
			sink += lookupBefore(7)
		}
	})
	b.Run("after", func(b *testing.B) {
		for b.Loop() {
			sink += lookupAfter(7)
		}
	})
}
