package fmtnumber_test

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"strconv"
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

var replyCounts = []int{7, 300, 123456, 98765432}

// BenchmarkFprintf writes a protocol reply line of one number, as a RESP
// server writes an integer reply or an array header per command, into a
// *bufio.Writer over io.Discard.
func BenchmarkFprintf(b *testing.B) {
	b.Run("before", func(b *testing.B) {
		w := bufio.NewWriter(io.Discard)
		i := 0
		for b.Loop() {
			fmt.Fprintf(w, ":%d\r\n", replyCounts[i&3])
			i++
		}
	})
	b.Run("after", func(b *testing.B) {
		w := bufio.NewWriter(io.Discard)
		i := 0
		for b.Loop() {
			w.Write(append(strconv.AppendInt(append(w.AvailableBuffer(), ":"...), int64(replyCounts[i&3]), 10), "\r\n"...))
			i++
		}
	})
}

// BenchmarkFprintfInterface is BenchmarkFprintf through an io.Writer, the
// fix then being io.WriteString.
func BenchmarkFprintfInterface(b *testing.B) {
	b.Run("before", func(b *testing.B) {
		var w io.Writer = bufio.NewWriter(io.Discard)
		i := 0
		for b.Loop() {
			fmt.Fprintf(w, "$%d\r\n", replyCounts[i&3])
			i++
		}
	})
	b.Run("after", func(b *testing.B) {
		var w io.Writer = bufio.NewWriter(io.Discard)
		i := 0
		for b.Loop() {
			io.WriteString(w, "$"+strconv.Itoa(replyCounts[i&3])+"\r\n")
			i++
		}
	})
}

var checksums = []int{7, 42, 255, 3}

// BenchmarkPadded formats a zero-padded number, as a FIX engine writes
// each message's three-digit checksum field (fmt.Sprintf("%03d", sum)),
// against the advice: strconv's digits padded with zeros to the width.
func BenchmarkPadded(b *testing.B) {
	b.Run("before", func(b *testing.B) {
		i := 0
		for b.Loop() {
			sinkString = fmt.Sprintf("%03d", checksums[i&3])
			i++
		}
	})
	b.Run("after", func(b *testing.B) {
		i := 0
		for b.Loop() {
			s := strconv.Itoa(checksums[i&3])
			if len(s) < 3 {
				s = "000"[:3-len(s)] + s
			}
			sinkString = s
			i++
		}
	})
}
