package benchrun

import (
	"cmp"
	"slices"

	"golang.org/x/perf/benchfmt"

	"github.com/perfproof/perfproof/stats"
)

// A Sample is the values one benchmark reported in one unit across the
// runs of a package (Count values when every run completed).
type Sample struct {
	// Name is the benchmark's full name without the "Benchmark" prefix
	// and the GOMAXPROCS suffix, e.g. "CookieTrim/before".
	Name string
	// Unit is the tidied unit: "sec/op", "B/op", "allocs/op" or a custom
	// metric's unit.
	Unit string
	// Values are in Unit, in run order.
	Values []float64
}

// Samples groups the package's results by benchmark name and unit, in the
// order each benchmark first appears, units in the order reported.
func (pr *PackageResult) Samples() []Sample {
	type key struct{ name, unit string }
	index := make(map[key]int)
	var out []Sample
	for _, r := range pr.Results {
		name := NameWithoutProcs(r.Name)
		for _, v := range r.Values {
			k := key{name, v.Unit}
			i, ok := index[k]
			if !ok {
				i = len(out)
				index[k] = i
				out = append(out, Sample{Name: name, Unit: v.Unit})
			}
			out[i].Values = append(out[i].Values, v.Value)
		}
	}
	// Keep benchmarks in first-appearance order but put each one's units
	// together (a failed run may interleave them).
	order := make(map[string]int)
	for _, s := range out {
		if _, ok := order[s.Name]; !ok {
			order[s.Name] = len(order)
		}
	}
	slices.SortStableFunc(out, func(a, b Sample) int { return cmp.Compare(order[a.Name], order[b.Name]) })
	return out
}

// NameWithoutProcs returns n's full name without the "Benchmark" prefix
// (benchfmt drops it) and without its "-N" GOMAXPROCS suffix:
// "Auction/before-8" → "Auction/before".
func NameWithoutProcs(n benchfmt.Name) string {
	base, parts := n.Parts()
	name := string(base)
	for _, p := range parts {
		if len(p) > 0 && p[0] == '-' {
			continue
		}
		name += string(p)
	}
	return name
}

// Summary returns the median of s.Values, in s.Unit, with its 95%
// confidence interval, assuming nothing about the distribution
// (stats.Summarize). With too few values for an interval (fewer than 6
// for 95%), Lo and Hi are -Inf and +Inf and Warnings say so. s.Values is
// not modified: it stays in run order.
func (s Sample) Summary() stats.Summary {
	return stats.Summarize(s.Values, stats.DefaultConfidence)
}
