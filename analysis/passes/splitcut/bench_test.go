package splitcut_test

import (
	"strings"
	"testing"
)

// sink keeps the fields the benchmarks take alive.
var sink string

// BenchmarkSplit measures the figures in the package doc: the host of a
// "host:port" address ("first") and the key and value of a "key=value"
// parameter ("pair"), taken with strings.Split or strings.SplitN
// ("split/...") and with strings.Cut ("cut/..."). Compare the variants
// with go run ./cmd/perfproof compare -variants split,cut -bench Split
// ./analysis/passes/splitcut.
func BenchmarkSplit(b *testing.B) {
	addrs := []string{"10.1.2.3:5060", "[2001:db8::1]:443", "gateway.internal:8080"}
	params := []string{"SIZE=10240", "BODY=8BITMIME", "NOTIFY=SUCCESS,FAILURE"}
	b.Run("split/first", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			sink = strings.Split(addrs[i%len(addrs)], ":")[0]
		}
	})
	b.Run("cut/first", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			sink, _, _ = strings.Cut(addrs[i%len(addrs)], ":")
		}
	})
	b.Run("split/pair", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			kv := strings.SplitN(params[i%len(params)], "=", 2)
			if len(kv) == 2 {
				sink = kv[1]
			}
		}
	})
	b.Run("cut/pair", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			if _, v, ok := strings.Cut(params[i%len(params)], "="); ok {
				sink = v
			}
		}
	})
}
