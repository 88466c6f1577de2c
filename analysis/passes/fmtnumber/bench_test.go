package fmtnumber_test

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"testing"
)

// The benchmarks measure what the check proposes, as before/after pairs for
// `perfproof compare -variants before,after`:
//
//	go run ./cmd/perfproof compare -variants before,after -bench Hex ./analysis/passes/fmtnumber

var sinkString string

// BenchmarkHexDigest formats a SHA-256 digest as hex text, as a cookie
// name, an ETag or a pairwise subject identifier is made per request.
func BenchmarkHexDigest(b *testing.B) {
	sum := sha256.Sum256([]byte("https://auth.example.com/self-service"))
	b.Run("before", func(b *testing.B) {
		for b.Loop() {
			sinkString = fmt.Sprintf("%x", sum)
		}
	})
	b.Run("after", func(b *testing.B) {
		for b.Loop() {
			sinkString = hex.EncodeToString(sum[:])
		}
	})
}
