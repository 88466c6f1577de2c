package nearmiss

import (
	"encoding/json"
	"testing"
)

// BenchmarkShrink's loop is the benchmark loop: each iteration is one
// measured operation, not a removal step of a trim loop.
func BenchmarkShrink(b *testing.B) {
	c := &Cookie{UIDs: make([]string, 1<<20)}
	for i := 0; i < b.N; i++ {
		data, _ := json.Marshal(c)
		if len(data) < 10 {
			b.Fatal("short")
		}
		c.UIDs = c.UIDs[1:]
	}
}
