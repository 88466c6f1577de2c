package pipeline

import (
	"fmt"
	"math"
	"slices"

	"github.com/google/pprof/profile"

	"github.com/perfproof/perfproof/benchrun"
	"github.com/perfproof/perfproof/cost"
	"github.com/perfproof/perfproof/finding"
	"github.com/perfproof/perfproof/report"
)

// loadBenchmarks loads the profiles of each run of each benchmark of p,
// with the run's sec/op, B/op and allocs/op (NaN when not reported).
// Benchmarks without a profiled run are left out.
func loadBenchmarks(p benchrun.PackageResult) ([]cost.Benchmark, error) {
	var out []cost.Benchmark
	for _, b := range p.Benchmarks {
		cb := cost.Benchmark{BenchmarkID: finding.BenchmarkID{Package: p.ImportPath, Name: b.Name}, Samples: b.Samples}
		for _, r := range b.Runs {
			var paths []string
			for _, path := range []string{r.CPUProfile, r.MemProfile} {
				if path != "" {
					paths = append(paths, path)
				}
			}
			if len(paths) == 0 {
				continue
			}
			ps, err := cost.Load(paths...)
			if err != nil {
				return nil, fmt.Errorf("profiles of %s %s: %w", p.ImportPath, b.Name, err)
			}
			run := cost.BenchmarkRun{Profiles: ps, SecPerOp: math.NaN(), BytesPerOp: math.NaN(), AllocsPerOp: math.NaN()}
			for _, res := range r.Results {
				if v, ok := res.Value("sec/op"); ok {
					run.SecPerOp = v
				}
				if v, ok := res.Value("B/op"); ok {
					run.BytesPerOp = v
				}
				if v, ok := res.Value("allocs/op"); ok {
					run.AllocsPerOp = v
				}
			}
			cb.Runs = append(cb.Runs, run)
		}
		if len(cb.Runs) > 0 {
			out = append(out, cb)
		}
	}
	return out, nil
}

// mergedRuns returns the profiles of all runs of b together.
func mergedRuns(b cost.Benchmark) (*cost.Profiles, error) {
	var ps []*profile.Profile
	for _, r := range b.Runs {
		ps = append(ps, r.Profiles.CPU...)
		ps = append(ps, r.Profiles.Heap...)
	}
	return cost.New(ps...)
}

// summarizeRuns summarises p's benchmarks with their runs and samples.
func summarizeRuns(p benchrun.PackageResult) []report.Benchmark {
	bs := report.Summarize(p.ImportPath, p.Results)
	for i := range bs {
		for _, b := range p.Benchmarks {
			if b.Name == bs[i].Name {
				bs[i].Runs, bs[i].Samples, bs[i].Capped = len(b.Runs), b.Samples, b.Capped
			}
		}
	}
	return bs
}

// heat returns Report.Heat: for each finding, the CPU share at each line
// of its excerpt, in the profiles its shares are of (its benchmark's, or
// the ones given).
func heat(fs []finding.Finding, given *cost.Profiles, merged map[finding.BenchmarkID]*cost.Profiles) []map[int]float64 {
	out := make([]map[int]float64, len(fs))
	for i := range fs {
		f := &fs[i]
		ps := given
		if f.Cost != nil && f.Cost.Benchmark != nil {
			ps = merged[*f.Cost.Benchmark]
		}
		if ps == nil || f.Cost == nil || f.Cost.Cold {
			continue
		}
		from, to := report.ExcerptSpan(f)
		out[i] = cost.LineShares(ps, f.File, from, to)
	}
	return out
}

// negligibleShare is the CPU share at or under which removing a line's
// cost speeds its benchmark up by at most 1 % (Amdahl: 1/(1 − 0.0099) ≈
// 1.01).
const negligibleShare = 0.0099

// dropNegligible removes profile-only findings whose Amdahl bound is
// 1.01× or less and whose allocations are under 1 % of their benchmark's:
// such a site is not worth a reader's time. Static findings are kept: the
// check found a pattern, and measuring it small is news too.
func dropNegligible(fs []finding.Finding) []finding.Finding {
	kept := fs[:0]
	for _, f := range fs {
		if c := f.Cost; f.Analyzer == "profile" && c != nil && c.CPULine <= negligibleShare && c.AllocBytes < 0.01 && c.AllocObjects < 0.01 {
			continue
		}
		kept = append(kept, f)
	}
	return kept
}

func appendOnce(list []string, s string) []string {
	if slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}
