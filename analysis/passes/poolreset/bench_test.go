package poolreset_test

import (
	"bytes"
	"strings"
	"sync"
	"testing"
)

// The benchmarks measure what the check proposes, as before/after pairs for
// `perfproof compare -variants before,after`:
//
//	go run ./cmd/perfproof compare -variants before,after -bench Builder ./analysis/passes/poolreset

var (
	builderPool = sync.Pool{New: func() any { return new(strings.Builder) }}
	bufferPool  = sync.Pool{New: func() any { return new(bytes.Buffer) }}
	sinkKey     string
)

// BenchmarkBuilderKey builds a metric key of three parts per call, as a
// collector does per sampled span: from a pooled strings.Builder, whose
// Reset drops its buffer, and from a pooled bytes.Buffer, whose Reset
// keeps it.
func BenchmarkBuilderKey(b *testing.B) {
	const service, sampler = "frontend-checkout-v2", "probabilistic"
	b.Run("before", func(b *testing.B) {
		for b.Loop() {
			sb := builderPool.Get().(*strings.Builder)
			sb.Reset()
			sb.WriteString(service)
			sb.WriteString("$_$")
			sb.WriteString(sampler)
			sinkKey = sb.String()
			builderPool.Put(sb)
		}
	})
	b.Run("after", func(b *testing.B) {
		for b.Loop() {
			buf := bufferPool.Get().(*bytes.Buffer)
			buf.Reset()
			buf.WriteString(service)
			buf.WriteString("$_$")
			buf.WriteString(sampler)
			sinkKey = buf.String()
			bufferPool.Put(buf)
		}
	})
}
