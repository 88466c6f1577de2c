package benchrun

import (
	"bytes"
	"math"
	"testing"

	"golang.org/x/perf/benchfmt"
)

func TestSamples(t *testing.T) {
	const out = `goos: linux
pkg: example.com/m
BenchmarkA/before-2   	100	  2000 ns/op	  64 B/op	  2 allocs/op
BenchmarkA/after-2    	100	  1000 ns/op	   0 B/op	  0 allocs/op
BenchmarkA/before-2   	100	  2200 ns/op	  64 B/op	  2 allocs/op
BenchmarkPlain        	100	  10 ns/op
`
	r := benchfmt.NewReader(bytes.NewReader([]byte(out)), "out.txt")
	var pr PackageResult
	for r.Scan() {
		if res, ok := r.Result().(*benchfmt.Result); ok {
			pr.Results = append(pr.Results, res.Clone())
		}
	}
	got := pr.Samples()
	want := []Sample{
		{"A/before", "sec/op", []float64{2000e-9, 2200e-9}},
		{"A/before", "B/op", []float64{64, 64}},
		{"A/before", "allocs/op", []float64{2, 2}},
		{"A/after", "sec/op", []float64{1000e-9}},
		{"A/after", "B/op", []float64{0}},
		{"A/after", "allocs/op", []float64{0}},
		{"Plain", "sec/op", []float64{10e-9}},
	}
	if !samplesEqual(got, want) {
		t.Errorf("Samples() =\n%v\nwant\n%v", got, want)
	}
}

// samplesEqual compares names and units exactly and values to a relative
// 1e-9 (benchfmt converts ns to seconds).
func samplesEqual(a, b []Sample) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Name != b[i].Name || a[i].Unit != b[i].Unit || len(a[i].Values) != len(b[i].Values) {
			return false
		}
		for j, v := range a[i].Values {
			if w := b[i].Values[j]; math.Abs(v-w) > 1e-9*math.Abs(w) {
				return false
			}
		}
	}
	return true
}
