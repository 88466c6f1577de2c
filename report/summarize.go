package report

import (
	"golang.org/x/perf/benchfmt"
	"golang.org/x/perf/benchmath"

	"github.com/perfproof/perfproof/benchrun"
)

// Confidence is the confidence level of the intervals Summarize computes.
const Confidence = 0.95

// Summarize summarises the results of one package's benchmarks, such as
// benchrun.PackageResult.Results, into one Benchmark per benchmark name, in
// the order the names first appear. Each metric's center is the median of
// the runs and its interval the distribution-free 95% confidence interval
// of the median (benchmath.AssumeNothing); with fewer than 6 runs the
// interval is infinite. Units other than sec/op, B/op and allocs/op are
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

// summary returns the median and its confidence interval of xs, or the
// zero Summary if xs is empty. NewSample sorts xs in place.
func summary(xs []float64) Summary {
	if len(xs) == 0 {
		return Summary{}
	}
	s := benchmath.AssumeNothing.Summary(benchmath.NewSample(xs, &benchmath.DefaultThresholds), Confidence)
	return Summary{Center: s.Center, Lo: s.Lo, Hi: s.Hi, N: len(xs)}
}
