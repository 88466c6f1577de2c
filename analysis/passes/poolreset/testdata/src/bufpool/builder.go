package bufpool

import (
	"bytes"
	"strings"
	"sync"
)

var builders = sync.Pool{New: func() any { return new(strings.Builder) }}

// key builds a metric key per sampled span (jaeger's buildKey): Reset
// drops the pooled Builder's buffer, so the pool saves nothing.
func key(service, sampler string) string {
	sb := builders.Get().(*strings.Builder) // want `a pooled strings\.Builder keeps no buffer`
	sb.Reset()
	sb.WriteString(service)
	sb.WriteString("$_$")
	sb.WriteString(sampler)
	k := sb.String()
	builders.Put(sb)
	return k
}

var buffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// keyBuffer pools a bytes.Buffer, whose Reset keeps its array: not
// reported.
func keyBuffer(service, sampler string) string {
	b := buffers.Get().(*bytes.Buffer)
	b.Reset()
	b.WriteString(service)
	b.WriteString(sampler)
	k := b.String()
	buffers.Put(b)
	return k
}

// fromPool takes a Builder from a BufferPool-shaped interface: reported.
func fromPool(p BufferPool, s string) string {
	sb := p.Get().(*strings.Builder) // want `a pooled strings\.Builder keeps no buffer`
	sb.Reset()
	sb.WriteString(s)
	out := sb.String()
	p.Put(sb)
	return out
}

type registry struct{ m map[string]any }

func (r *registry) Get() any { return r.m["b"] }

// fromRegistry asserts a Builder out of something that is no pool: not
// reported.
func fromRegistry(r *registry) *strings.Builder {
	return r.Get().(*strings.Builder)
}
