package report

import (
	"golang.org/x/perf/benchfmt"

	"github.com/perfproof/perfproof/benchrun"
	"github.com/perfproof/perfproof/stats"
)

// Confidence is the confidence level of the intervals Summarize computes.
const Confidence = 0.95

// Summarize summarises the results of one package's benchmarks, such as
// benchrun.PackageResult.Results, into one Benchmark per benchmark name, in
// the order the names first appear. Each metric is the median of the runs
// with its distribution-free 95% confidence interval (stats.Summarize);
// with fewer than 6 runs the interval is infinite and a warning says so. Units other than sec/op, B/op and allocs/op are
// ignored. Results must use benchfmt's tidied units (time as sec/op).
func Summarize(pkg string, results []*benchfmt.Result) []Benchmark {
	type values struct{ time, bytes, allocs []float64 }
	var names []string
	byName := make(map[string]*values)
	for _, r := range results {
		name := benchrun.NameWithoutProcs(r.Name)
		v := byName[name]
		if v == nil {
			v = new(values)
			byName[name] = v
			names = append(names, name)
		}
		for _, x := range r.Values {
			switch x.Unit {
			case "sec/op":
				v.time = append(v.time, x.Value)
			case "B/op":
				v.bytes = append(v.bytes, x.Value)
			case "allocs/op":
				v.allocs = append(v.allocs, x.Value)
			}
		}
	}
	out := make([]Benchmark, 0, len(names))
	for _, name := range names {
		v := byName[name]
		out = append(out, Benchmark{
			Package: pkg,
			Name:    name,
			Time:    summary(v.time),
			Bytes:   summary(v.bytes),
			Allocs:  summary(v.allocs),
		})
	}
	return out
}

// summary returns the median of xs and its confidence interval, or the
// zero Summary, not measured, if xs is empty.
func summary(xs []float64) stats.Summary {
	if len(xs) == 0 {
		return stats.Summary{}
	}
	return stats.Summarize(xs, Confidence)
}
