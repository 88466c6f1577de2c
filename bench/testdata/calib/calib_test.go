package calib

import "testing"

var sink uint64

func BenchmarkMix(b *testing.B) {
	for b.Loop() {
		sink = Mix()
	}
}

func BenchmarkSum(b *testing.B) {
	for b.Loop() {
		sink = Sum()
	}
}
