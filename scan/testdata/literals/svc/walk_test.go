package svc

import "testing"

// BenchmarkWalk measures a whole walk: what it reaches through more than
// two calls is a small part of it.
func BenchmarkWalk(b *testing.B) {
	tree := [][]string{{"a", "b"}, {"c"}}
	for b.Loop() {
		WalkTree(tree)
	}
}
