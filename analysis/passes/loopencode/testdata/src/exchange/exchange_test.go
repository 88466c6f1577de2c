package exchange

import (
	"encoding/json"
	"fpd"
	"testing"
)

var fixture = &fpd.Site{ID: "s1", Domain: "example.com"}

func BenchmarkMarshalSite(b *testing.B) {
	for b.Loop() {
		json.Marshal(fixture) // fine: the measured operation
	}
}

func BenchmarkMarshalSiteN(b *testing.B) {
	for _, n := range []int{1, 10} {
		_ = n
		for i := 0; i < b.N; i++ {
			json.Marshal(fixture) // fine: the measured operation, nested in a loop over sizes
		}
	}
}

func TestRoundTrip(t *testing.T) {
	for _, name := range []string{"a", "b"} {
		if _, err := json.Marshal(fixture); err != nil { // fine: a test loop is not a hot path
			t.Fatal(name, err)
		}
	}
}

func BenchmarkMarshalSiteParallel(b *testing.B) {
	site := &fpd.Site{ID: "s1"}
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			json.Marshal(site) // fine: the measured operation of a parallel benchmark
		}
	})
}
