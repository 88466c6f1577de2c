package cost

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/google/pprof/profile"

	"github.com/perfproof/perfproof/finding"
)

// Amounts are the absolute values a finding's line and function hold in
// one set of profiles, or the totals of the profiles: CPU in nanoseconds,
// allocated bytes and objects in their counts. For a finding, CPUFlat,
// CPULine, CPUCum, Bytes and Objects measure what Join's shares of the
// same names measure.
type Amounts struct {
	CPUFlat, CPULine, CPUCum int64
	Bytes, Objects           int64
	// GrowCPU and GrowBytes are the CPU and bytes of the slice, map and
	// buffer growth the function calls (Cost.GrowCPU); zero in totals.
	GrowCPU, GrowBytes int64
}

// Measure returns, for each finding, the amounts of ps at its line and
// function (as Join computes them, before dividing), and the totals of ps
// (CPU in CPULine; CPUFlat and CPUCum of the totals are the same value).
// A nil ps gives zeros.
func Measure(findings []finding.Finding, ps *Profiles) (per []Amounts, total Amounts) {
	return measureWith(findings, ps, defaultUser, nil)
}

func measureWith(findings []finding.Finding, ps *Profiles, isUser func(*profile.Function) bool, cov *coverage) (per []Amounts, total Amounts) {
	per = make([]Amounts, len(findings))
	if ps == nil || len(findings) == 0 {
		return per, total
	}
	j := newJoiner(findings)
	j.isUser = isUser
	if cov != nil {
		j.packages = cov.packages
	}
	t := j.run(ps)
	if cov != nil {
		cov.cpuSamples += t.cpuSamples
		cov.heapSamples += t.heapSamples
	}
	for i := range findings {
		if lt := j.lineOf[i]; lt >= 0 {
			per[i].CPUFlat, per[i].CPULine = j.flat[lt], j.lineCPU[lt]
			per[i].Bytes, per[i].Objects = j.lineBytes[lt], j.lineObjects[lt]
		}
		if ft := j.funcOf[i]; ft >= 0 {
			per[i].CPUCum = j.funcCPU[ft]
			per[i].GrowCPU, per[i].GrowBytes = j.growCPU[ft], j.growBytes[ft]
		}
	}
	return per, Amounts{CPUFlat: t.cpu, CPULine: t.cpu, CPUCum: t.cpu, Bytes: t.bytes, Objects: t.objects}
}

// coverage is what the profiles of all runs exercised: the packages
// with a sampled frame (funcPackage) and the number of samples.
type coverage struct {
	packages                map[string]bool
	cpuSamples, heapSamples int64
}

// A BenchmarkRun is one profiled run of one benchmark: its profiles and
// the per-op figures the run reported. A per-op figure the run did not
// report is NaN.
type BenchmarkRun struct {
	// Profiles are the run's CPU and heap profiles (Load of its
	// -cpuprofile and -memprofile files).
	Profiles *Profiles
	// SecPerOp is the run's time per op in seconds (benchfmt's sec/op),
	// BytesPerOp its B/op and AllocsPerOp its allocs/op.
	SecPerOp, BytesPerOp, AllocsPerOp float64
}

// A Benchmark is the runs of one benchmark, profiled on its own.
type Benchmark struct {
	finding.BenchmarkID
	Runs []BenchmarkRun
	// Samples is the number of CPU profile samples over all runs.
	Samples int
}

// AttributeOptions configure Attribute; the zero value is valid.
type AttributeOptions struct {
	// Keep leaves the shares of findings that already have a Cost (from
	// profiles the user gave, which then stay the measure) and only adds
	// ByBenchmark.
	Keep bool
	// Modules tells user code, for measuring Hotspots' allocation sites,
	// as HotspotOptions.Modules does.
	Modules []string
}

// bootstrapResamples is the number of bootstrap resamples per estimate.
const bootstrapResamples = 1000

// Attribute returns a copy of findings with their costs per benchmark:
// Cost.ByBenchmark lists, for each benchmark in bs whose profiles show the
// finding, its shares of that benchmark alone and the cost per op they
// account for, with 95 % percentile-bootstrap intervals over the runs
// (each resample draws runs with replacement and takes the share of the
// sums, so a long run weighs more than a short one). The other fields of
// Cost are set from the benchmark where the finding's CPU line share (then
// its allocated-bytes share) is largest, which Cost.Benchmark names, so
// that Rank orders findings by what they cost in the benchmark they
// matter most to — not by their share of whatever else ran. A finding no
// benchmark shows is Cold, and Uncovered too when no run sampled any
// function of its package (see Join); but when no run's profiles hold a
// sample at all, nothing was measured and the findings are returned
// unchanged.
// Cost.Inherent is kept.
//
// With opts.Keep, findings that already have a Cost (from profiles given
// by the user, which then stay the measure) keep their shares and only
// gain ByBenchmark. Allocation sites of Hotspots are measured as Join
// measures them. The resampling uses a fixed seed: the same
// inputs give the same intervals.
func Attribute(findings []finding.Finding, bs []Benchmark, opts AttributeOptions) []finding.Finding {
	keep := opts.Keep
	isUser := (&hotspotter{opts: HotspotOptions{Modules: opts.Modules}}).isUser
	out := slices.Clone(findings)
	if len(out) == 0 || len(bs) == 0 {
		return out
	}
	per := make([][]finding.BenchmarkCost, len(out))
	measured := false // some run's profiles hold samples
	cov := &coverage{packages: make(map[string]bool)}
	for _, b := range bs {
		if len(b.Runs) == 0 {
			continue
		}
		amounts := make([][]Amounts, len(b.Runs)) // [run][finding]
		totals := make([]Amounts, len(b.Runs))
		for r, run := range b.Runs {
			amounts[r], totals[r] = measureWith(out, run.Profiles, isUser, cov)
			measured = measured || totals[r] != (Amounts{})
		}
		rng := rand.New(rand.NewPCG(1, 2))
		for i := range out {
			bc, ok := estimate(b, i, amounts, totals, rng)
			if ok {
				per[i] = append(per[i], bc)
			}
		}
	}
	if !measured {
		return out // nothing was measured: no finding is cold
	}
	for i := range out {
		var c finding.Cost
		if out[i].Cost != nil {
			c = *out[i].Cost
		}
		bcs := per[i]
		slices.SortStableFunc(bcs, func(x, y finding.BenchmarkCost) int {
			return cmp.Or(cmp.Compare(y.CPULine.Value, x.CPULine.Value), cmp.Compare(y.AllocBytes.Value, x.AllocBytes.Value))
		})
		c.ByBenchmark = bcs
		if !keep || out[i].Cost == nil {
			c = finding.Cost{Inherent: c.Inherent, Dependency: c.Dependency, ByBenchmark: bcs}
			if len(bcs) > 0 {
				top := bcs[0]
				id := top.BenchmarkID
				c.Benchmark = &id
				c.CPUFlat, c.CPULine, c.CPUCum = top.CPUFlat.Value, top.CPULine.Value, top.CPUCum.Value
				c.AllocBytes, c.AllocObjects = top.AllocBytes.Value, top.AllocObjects.Value
				c.GrowCPU, c.GrowBytes = top.GrowCPU, top.GrowBytes
			}
			c.Cold = c.CPUFlat == 0 && c.CPULine == 0 && c.CPUCum == 0 && c.AllocBytes == 0 && c.AllocObjects == 0
			c.Uncovered = c.Cold && out[i].Function != "" && !cov.packages[funcPackage(out[i].Function)]
			// The shares are of the top benchmark, so its samples weigh
			// them; a finding no benchmark shows is weighed by all runs'.
			// Allocation samples are counted over all runs either way.
			c.CPUSamples, c.AllocSamples = cov.cpuSamples, cov.heapSamples
			if len(bcs) > 0 {
				c.CPUSamples = int64(bcs[0].Samples)
			}
		}
		out[i].Cost = &c
	}
	return out
}

// estimate computes finding i's cost in benchmark b; ok is false when no
// run of b shows it.
func estimate(b Benchmark, i int, amounts [][]Amounts, totals []Amounts, rng *rand.Rand) (bc finding.BenchmarkCost, ok bool) {
	n := len(b.Runs)
	var sum, tot Amounts
	for r := 0; r < n; r++ {
		sum = add(sum, amounts[r][i])
		tot = add(tot, totals[r])
	}
	if sum == (Amounts{}) {
		return bc, false
	}
	bc.BenchmarkID = b.BenchmarkID
	bc.Runs, bc.Samples = n, b.Samples
	point := shares(sum, tot)
	secOp, bytesOp, allocsOp := perOp(b.Runs, nil)

	// Bootstrap over runs.
	var boot [8][]float64 // flat, line, cum, bytes, objects, sec, B, allocs per op
	if n >= 2 {
		idx := make([]int, n)
		for k := 0; k < bootstrapResamples; k++ {
			var s, t Amounts
			for j := range idx {
				idx[j] = rng.IntN(n)
				s = add(s, amounts[idx[j]][i])
				t = add(t, totals[idx[j]])
			}
			sh := shares(s, t)
			so, bo, ao := perOp(b.Runs, idx)
			vals := [8]float64{sh[0], sh[1], sh[2], sh[3], sh[4], sh[1] * so, sh[3] * bo, sh[4] * ao}
			for m, v := range vals {
				boot[m] = append(boot[m], v)
			}
		}
	}
	est := func(m int, v float64) finding.Estimate {
		e := finding.Estimate{Value: v, Lo: math.NaN(), Hi: math.NaN()}
		if xs := boot[m]; len(xs) > 0 && !math.IsNaN(v) {
			slices.Sort(xs)
			e.Lo = quantile(xs, 0.025)
			e.Hi = quantile(xs, 0.975)
		}
		return e
	}
	bc.CPUFlat, bc.CPULine, bc.CPUCum = est(0, point[0]), est(1, point[1]), est(2, point[2])
	bc.GrowCPU, bc.GrowBytes = share(sum.GrowCPU, tot.CPULine), share(sum.GrowBytes, tot.Bytes)
	bc.AllocBytes, bc.AllocObjects = est(3, point[3]), est(4, point[4])
	if !math.IsNaN(secOp) && tot.CPULine > 0 {
		e := est(5, point[1]*secOp)
		bc.SecPerOp = &e
	}
	if !math.IsNaN(bytesOp) && tot.Bytes > 0 {
		e := est(6, point[3]*bytesOp)
		bc.BytesPerOp = &e
	}
	if !math.IsNaN(allocsOp) && tot.Objects > 0 {
		e := est(7, point[4]*allocsOp)
		bc.AllocsPerOp = &e
	}
	return bc, true
}

func add(a, b Amounts) Amounts {
	return Amounts{a.CPUFlat + b.CPUFlat, a.CPULine + b.CPULine, a.CPUCum + b.CPUCum, a.Bytes + b.Bytes, a.Objects + b.Objects,
		a.GrowCPU + b.GrowCPU, a.GrowBytes + b.GrowBytes}
}

// shares returns flat, line, cum, bytes and objects shares of s in t.
func shares(s, t Amounts) [5]float64 {
	return [5]float64{share(s.CPUFlat, t.CPULine), share(s.CPULine, t.CPULine), share(s.CPUCum, t.CPULine), share(s.Bytes, t.Bytes), share(s.Objects, t.Objects)}
}

// perOp returns the medians of the runs' sec/op, B/op and allocs/op, over
// the runs idx names (all runs when idx is nil); NaN for a unit no run
// reported.
func perOp(runs []BenchmarkRun, idx []int) (sec, bytes, allocs float64) {
	var s, b, a []float64
	pick := func(r BenchmarkRun) {
		if !math.IsNaN(r.SecPerOp) {
			s = append(s, r.SecPerOp)
		}
		if !math.IsNaN(r.BytesPerOp) {
			b = append(b, r.BytesPerOp)
		}
		if !math.IsNaN(r.AllocsPerOp) {
			a = append(a, r.AllocsPerOp)
		}
	}
	if idx == nil {
		for _, r := range runs {
			pick(r)
		}
	} else {
		for _, k := range idx {
			pick(runs[k])
		}
	}
	return median(s), median(b), median(a)
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	xs = slices.Clone(xs)
	slices.Sort(xs)
	return quantile(xs, 0.5)
}

// quantile returns the q-quantile of sorted xs by linear interpolation
// between order statistics (Hyndman and Fan's type 7, R's default).
func quantile(xs []float64, q float64) float64 {
	if len(xs) == 1 {
		return xs[0]
	}
	h := q * float64(len(xs)-1)
	lo := math.Floor(h)
	i := int(lo)
	if i+1 >= len(xs) {
		return xs[len(xs)-1]
	}
	return xs[i] + (h-lo)*(xs[i+1]-xs[i])
}

// LineShares returns, for each line from..to (1-based, inclusive) of file,
// the share of the CPU time of ps whose samples have that line in any
// frame — what Join's CPULine measures for a finding at the line — for
// shading a source excerpt as pprof's weblist does. Lines with no sample
// are left out; a nil ps or one without CPU samples gives nil.
func LineShares(ps *Profiles, file string, from, to int) map[int]float64 {
	if ps == nil || file == "" || from < 1 || to < from {
		return nil
	}
	fs := make([]finding.Finding, 0, to-from+1)
	for l := from; l <= to; l++ {
		fs = append(fs, finding.Finding{File: file, Line: l})
	}
	per, tot := Measure(fs, ps)
	if tot.CPULine == 0 {
		return nil
	}
	out := make(map[int]float64)
	for i, a := range per {
		if a.CPULine > 0 {
			out[from+i] = share(a.CPULine, tot.CPULine)
		}
	}
	return out
}
