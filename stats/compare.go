package stats

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/perf/benchmath"
)

// A Verdict is the outcome of comparing one benchmark's unit before and
// after a change. Faster and Slower mean better and worse: for sec/op a
// lower value is Faster, for throughput units (see HigherIsBetter) and
// units whose metadata says better=higher (see Units) a higher one; for B/op and allocs/op the words keep that meaning, Faster
// being fewer bytes or allocations. The zero Verdict is Inconclusive, so a
// Comparison that was never filled in does not pass a gate.
type Verdict int

const (
	// Inconclusive: the data cannot tell (too few samples, too noisy).
	Inconclusive Verdict = iota
	// Unchanged: the whole ratio confidence interval lies within the
	// minimum effect, or the exact values are equal.
	Unchanged
	// Faster: significantly better by at least the minimum effect, or
	// exactly better.
	Faster
	// Slower: significantly worse by at least the minimum effect, or
	// exactly worse; the verdict a gate fails on.
	Slower
)

var verdictNames = [...]string{
	Inconclusive: "inconclusive",
	Unchanged:    "unchanged",
	Faster:       "faster",
	Slower:       "slower",
}

// String returns "inconclusive", "unchanged", "faster" or "slower".
func (v Verdict) String() string {
	if v >= 0 && int(v) < len(verdictNames) {
		return verdictNames[v]
	}
	return fmt.Sprintf("Verdict(%d)", int(v))
}

// MarshalText returns the verdict's word, so JSON prints "slower"; it fails
// for a value that is not one of the four verdicts.
func (v Verdict) MarshalText() ([]byte, error) {
	if v < 0 || int(v) >= len(verdictNames) {
		return nil, fmt.Errorf("marshaling verdict: invalid value %d", int(v))
	}
	return []byte(verdictNames[v]), nil
}

// UnmarshalText parses a word printed by MarshalText.
func (v *Verdict) UnmarshalText(text []byte) error {
	i := slices.Index(verdictNames[:], string(text))
	if i < 0 {
		return fmt.Errorf("parsing verdict %q: want one of %s", text, strings.Join(verdictNames[:], ", "))
	}
	*v = Verdict(i)
	return nil
}

// Options are the thresholds of a comparison. The zero Options is valid
// and means alpha 0.05, minimum effect 2 % and 95 % confidence.
type Options struct {
	// Alpha is the significance level of the two-sided Mann-Whitney U
	// test, in (0, 1); 0 means 0.05.
	Alpha float64

	// MinEffect, if not nil, is the minimum relative effect |new/old − 1|
	// that counts as a change, e.g. 0.02 for 2 %, or 0 for any
	// significant change; nil means DefaultMinEffect. (A pointer, not
	// "0 means default": 0 is a threshold a user may ask for.)
	MinEffect *float64

	// Confidence is the confidence level of the median and ratio
	// intervals, in (0, 1); 0 means 0.95.
	Confidence float64

	// PerComparison makes Holm test each comparison at Alpha on its own,
	// as benchstat does, instead of correcting for their number. Compare
	// ignores it.
	PerComparison bool

	// Units is the unit metadata of the results compared ("Unit" lines:
	// which way is better, which units are exact); Compare takes a unit's
	// direction and exactness from it, and from the built-in rules of
	// HigherIsBetter and Deterministic for units it says nothing about.
	// nil declares nothing. Compare does not modify it.
	Units Units
}

// Default thresholds, used for zero Options fields.
const (
	DefaultAlpha     = 0.05
	DefaultMinEffect = 0.02
)

// Effect returns the minimum relative effect o asks for: *o.MinEffect, or
// DefaultMinEffect if it is nil.
func (o Options) Effect() float64 {
	if o.MinEffect == nil {
		return DefaultMinEffect
	}
	return *o.MinEffect
}

// withDefaults returns o with zero fields set to their defaults.
func (o Options) withDefaults() Options {
	if o.Alpha == 0 {
		o.Alpha = DefaultAlpha
	}
	o.MinEffect = new(o.Effect())
	if o.Confidence == 0 {
		o.Confidence = DefaultConfidence
	}
	return o
}

// Check reports the first invalid field of o, after zero fields take their
// defaults: Alpha and Confidence must lie in (0, 1), MinEffect must be a
// finite number ≥ 0.
func (o Options) Check() error {
	o = o.withDefaults()
	switch {
	case !(o.Alpha > 0 && o.Alpha < 1):
		return fmt.Errorf("alpha %v is outside (0, 1)", o.Alpha)
	case !(*o.MinEffect >= 0 && !math.IsInf(*o.MinEffect, 0)):
		return fmt.Errorf("minimum effect %v is not a finite number ≥ 0", *o.MinEffect)
	case !(o.Confidence > 0 && o.Confidence < 1):
		return fmt.Errorf("confidence %v is outside (0, 1)", o.Confidence)
	}
	return nil
}

// A Comparison is the result of comparing one benchmark's values in one
// unit before (Old) and after (New) a change.
type Comparison struct {
	// Benchmark and Unit name what was compared, as given to Compare.
	Benchmark, Unit string

	// Old and New summarise each side: median and its confidence
	// interval at the comparison's confidence.
	Old, New Summary

	// Ratio is new/old in the unit's own direction: for sec/op 0.5 means
	// twice as fast, for B/s 2 means twice the throughput. It is the
	// Hodges-Lehmann estimate exp(median of all pairwise
	// log(new_j) − log(old_i)) (Hodges & Lehmann 1963), which assumes
	// the change scales every value by one factor (a shift in log space).
	// RatioLo and RatioHi bound its distribution-free confidence interval
	// at the comparison's confidence: the order statistics of those
	// pairwise differences at the Mann-Whitney U critical values (Bauer
	// 1972, JASA 67:687–690; Hollander & Wolfe, Nonparametric
	// Statistical Methods, ch. 4), from the exact U distribution when
	// n·m ≤ 2500, else its normal approximation with continuity
	// correction. The bounds are 0 and +Inf when the samples are too
	// small for a finite interval. See Method for samples with zeros and
	// exact comparisons. All three are NaN when nothing was computed.
	Ratio, RatioLo, RatioHi float64

	// Method names how Ratio was computed: MethodExact, MethodLogShift,
	// MethodShift, or "" when it was not computed.
	Method string

	// P is the two-sided Mann-Whitney U test p-value
	// (benchmath.AssumeNothing.Compare), NaN when not computed (exact
	// comparisons, empty or invalid samples).
	P float64

	// PAdjusted is P corrected by Holm for the Family comparisons made
	// together; the verdict rests on it. NaN when P is, or Holm was not
	// applied; Family is then 0.
	PAdjusted float64
	Family    int

	// Verdict is the outcome; see Compare for the rules.
	Verdict Verdict

	// Exact reports that each side's values were all identical and were
	// compared exactly, without statistics.
	Exact bool

	// Reason says why the verdict is Inconclusive ("too few samples: …",
	// "too noisy: …"), or notes an exact comparison ("0 → 0 (exact)").
	// It is empty for statistical verdicts that need no explanation.
	Reason string

	// Needed estimates, for a comparison Inconclusive because too noisy,
	// how many samples per side would give a verdict at the spread seen
	// (see samplesToDecide: a guide, not a promise); over 1000 is given as
	// 1001. 0 when not estimated.
	Needed int
	// Corrected reports that the comparison was significant alone but not
	// after the correction for the comparisons made together (see Holm):
	// the verdict was turned from faster or slower into inconclusive.
	Corrected bool

	// Warnings are caveats from the statistical test, beside those of
	// Old and New.
	Warnings []error
}

// Compare compares the values of one benchmark in one unit before (old)
// and after (new) a change; neither slice is modified.
//
// A unit's direction and exactness come from opts.Units, the metadata of
// the results files, and for units it says nothing about from
// HigherIsBetter and Deterministic.
//
// When each side's values are all identical and the unit is exact (B/op
// and allocs/op unless opts.Units says otherwise), or any unit with enough samples for the
// statistical test, the comparison is exact: equal values give Unchanged
// with the Reason "48 → 48 (exact)", different values give Slower or
// Faster whatever the p-value and the minimum effect (0 → 16 B/op is a
// regression), Ratio is new/old with 0/0 = 1 and x/0 = +Inf, and P is
// NaN. B/op or allocs/op that are 0 in every old run and above 0 in some
// new runs are Slower, exact, when every new run is above 0 or when the
// runs above 0 are too many for chance (Fisher's exact test on the
// counts of runs, p < opts.Alpha); otherwise the values go to the
// statistical test and Warnings says how many runs allocated.
//
// Otherwise the verdict is statistical. Slower or Faster needs the
// Mann-Whitney p-value below opts.Alpha and |Ratio − 1| ≥ opts.MinEffect;
// Unchanged needs the whole ratio interval inside
// [1 − MinEffect, 1 + MinEffect]; anything else is Inconclusive with a
// Reason: too few samples (the p-value could never fall below alpha or
// the ratio interval is unbounded; e.g. 4 per side at the defaults), or
// too noisy. The ratio is the Hodges-Lehmann log shift (see Ratio) when
// every value is positive. When a value is 0 the logarithm is undefined
// and the ratio is the additive Hodges-Lehmann shift Δ of new − old and
// its interval, each as (m+Δ)/m for the old median m (0/0 = 1, x/0 =
// +Inf, bounds below 0 raised to 0; Method is MethodShift). Negative
// values make the ratio meaningless and the verdict Inconclusive; so do
// NaN or infinite values, empty samples and invalid opts (see
// Options.Check). Compare is safe for concurrent use.
func Compare(benchmark, unit string, old, new []float64, opts Options) Comparison {
	opts = opts.withDefaults()
	nan := math.NaN()
	c := Comparison{
		Benchmark: benchmark,
		Unit:      unit,
		Old:       Summarize(old, opts.Confidence),
		New:       Summarize(new, opts.Confidence),
		Ratio:     nan,
		RatioLo:   nan,
		RatioHi:   nan,
		P:         nan,
		PAdjusted: nan,
		Verdict:   Inconclusive,
	}
	if err := opts.Check(); err != nil {
		c.Reason = "invalid options: " + err.Error()
		return c
	}
	if len(old) == 0 || len(new) == 0 {
		c.Reason = fmt.Sprintf("no samples: n=%d and %d", len(old), len(new))
		return c
	}
	for _, side := range []struct {
		name   string
		values []float64
	}{{"old", old}, {"new", new}} {
		if slices.ContainsFunc(side.values, func(x float64) bool { return math.IsNaN(x) || math.IsInf(x, 0) }) {
			c.Reason = fmt.Sprintf("the %s sample has a NaN or infinite value", side.name)
			return c
		}
	}

	tooFew := !enoughSamples(len(old), len(new), opts.Alpha, opts.Confidence)
	higher, exact := opts.Units.HigherIsBetter(unit), opts.Units.Deterministic(unit)
	if constant(old) && constant(new) && (exact || !tooFew) {
		compareExact(&c, old[0], new[0], higher)
		return c
	}

	var rare error // a 0 → N in too few runs to count
	if exact && constant(old) && old[0] == 0 && slices.Max(new) > 0 {
		// 0 → N is a regression whatever the p-value of the values: the
		// new code allocates where the old never did, if only in some
		// runs. Only "some" must be more than chance: in a short run
		// (few iterations), an allocation of the runtime or the testing
		// package made during the timed loop shows as a B/op of 1 or 2
		// in an odd run of either side (seen in 2 of 150 runs of 10 ms
		// on a loaded machine).
		// Every new run allocating is that signal, however few the runs.
		k := len(new) - countZero(new)
		p := fisherAllIn(len(old), len(new), k)
		if k == len(new) || p < opts.Alpha {
			c.Exact = true
			c.Method = MethodExact
			c.Ratio, c.RatioLo, c.RatioHi = math.Inf(1), math.Inf(1), math.Inf(1)
			c.Verdict = Slower
			c.Reason = fmt.Sprintf("0 → up to %s in %d of %d runs (exact: %s where there were none",
				formatValue(slices.Max(new)), k, len(new), unit)
			if k < len(new) {
				c.Reason += fmt.Sprintf("; that many runs: Fisher's exact test p=%.2g", p)
			}
			c.Reason += ")"
			return c
		}
		rare = fmt.Errorf("new side: %s up to %s in %d of %d runs, old side: none; too few runs to tell from allocations outside the benchmark (Fisher's exact test p=%.2g ≥ %v)",
			unit, formatValue(slices.Max(new)), k, len(new), p, opts.Alpha)
	}

	thr := benchmath.Thresholds{CompareAlpha: opts.Alpha}
	u := benchmath.AssumeNothing.Compare(
		benchmath.NewSample(slices.Clone(old), &thr),
		benchmath.NewSample(slices.Clone(new), &thr))
	c.P = u.P
	c.Warnings = u.Warnings
	if rare != nil {
		c.Warnings = append(c.Warnings, rare)
	}

	negative := slices.Min(old) < 0 || slices.Min(new) < 0
	if !negative {
		c.Ratio, c.RatioLo, c.RatioHi, c.Method = ratioCI(old, new, opts.Confidence)
	}

	e := opts.Effect()
	band := fmt.Sprintf("[%.3f, %.3f] (±%s)", 1-e, 1+e, percent(e))
	noisy := false // inconclusive because the data are too noisy
	switch {
	case tooFew:
		c.Reason = fmt.Sprintf("too few samples: n=%d and %d; need ≥ %d per side for p < %v and a %s ratio CI",
			len(old), len(new), samplesNeeded(opts.Alpha, opts.Confidence), opts.Alpha, percent(opts.Confidence))
	case negative:
		c.Reason = "negative values: the ratio new/old is undefined"
	case c.P < opts.Alpha && math.Abs(c.Ratio-1) >= e:
		c.Verdict = Faster
		if (c.Ratio > 1) != higher {
			c.Verdict = Slower
		}
	case c.RatioLo >= 1-e && c.RatioHi <= 1+e:
		c.Verdict = Unchanged
	case c.P < opts.Alpha:
		noisy = true
		c.Reason = fmt.Sprintf("too noisy: p=%.2g < %v but ratio %.3f is within the minimum effect and its CI [%.3f, %.3f] is not inside %s",
			c.P, opts.Alpha, c.Ratio, c.RatioLo, c.RatioHi, band)
	default:
		noisy = true
		c.Reason = fmt.Sprintf("too noisy: p=%.2g ≥ %v and ratio CI [%.3f, %.3f] is not inside %s",
			c.P, opts.Alpha, c.RatioLo, c.RatioHi, band)
	}
	if noisy {
		c.Needed = samplesToDecide(len(old), len(new), c.Ratio, c.RatioLo, c.RatioHi, e)
		switch {
		case c.Needed > maxNeeded:
			c.Reason += fmt.Sprintf("; at this spread it would take over %d samples per side", maxNeeded)
		case c.Needed > 0:
			c.Reason += fmt.Sprintf("; at this spread about %d samples per side would decide it", c.Needed)
		}
	}
	return c
}

// maxNeeded bounds the estimate of samplesToDecide.
const maxNeeded = 1000

// samplesToDecide estimates how many samples per side would turn an
// inconclusive comparison of n and m samples, with the ratio new/old r
// and its interval [lo, hi], into a verdict, if the ratio stayed at r and
// the interval shrank like 1/√n (as a Hodges-Lehmann interval does, its
// width ∝ √(1/n + 1/m)): faster or slower once the interval excludes 1,
// when |r − 1| ≥ e; unchanged once it fits inside 1 ± e, when r is
// inside. It returns the smaller of the two, rounded up; maxNeeded+1 when
// over maxNeeded; 0 when the interval is unbounded or empty, or r is too
// close to the minimum effect for either. Widths are taken on the log
// scale, where the interval is symmetric about r for large samples. The
// estimate ignores that a larger sample would also move r; it is a guide
// for -count, not a promise.
func samplesToDecide(n, m int, r, lo, hi, e float64) int {
	if n == 0 || m == 0 || !(lo > 0) || !(hi > lo) || math.IsInf(hi, 0) || !(r > 0) {
		return 0
	}
	half := (math.Log(hi) - math.Log(lo)) / 2
	scale := math.Sqrt(1/float64(n) + 1/float64(m))
	// perSide returns N with half·√(2/N)/scale = target.
	perSide := func(target float64) float64 {
		if target <= 0 {
			return math.Inf(1)
		}
		k := half / (scale * target)
		return 2 * k * k
	}
	l := math.Abs(math.Log(r))
	need := math.Inf(1)
	if math.Abs(r-1) >= e {
		need = perSide(l)
	}
	if edge := math.Log1p(e); l < edge {
		need = min(need, perSide(edge-l))
	}
	switch {
	case math.IsInf(need, 1) || math.IsNaN(need):
		return 0
	case need > maxNeeded:
		return maxNeeded + 1
	}
	return max(int(math.Ceil(need)), min(n, m)+1)
}

// countZero returns the number of zeros in xs.
func countZero(xs []float64) int {
	n := 0
	for _, x := range xs {
		if x == 0 {
			n++
		}
	}
	return n
}

// compareExact fills c for samples whose sides are the constants o and n
// of a unit where higher values are better if higher is set.
func compareExact(c *Comparison, o, n float64, higher bool) {
	c.Exact = true
	c.Method = MethodExact
	c.Ratio = exactRatio(n, o)
	c.RatioLo, c.RatioHi = c.Ratio, c.Ratio
	c.Reason = fmt.Sprintf("%s → %s (exact)", formatValue(o), formatValue(n))
	switch {
	case n == o:
		c.Verdict = Unchanged
	case (n > o) != higher:
		c.Verdict = Slower
	default:
		c.Verdict = Faster
	}
}

// HigherIsBetter reports whether a higher value of unit is an improvement
// by the built-in rule for units without metadata (see Units): throughput
// units ending in "/s" or "/sec" ("B/s", "MB/s", "ops/s"). Everything else
// (sec/op, B/op, allocs/op, custom per-op units) is lower is better.
func HigherIsBetter(unit string) bool {
	return strings.HasSuffix(unit, "/s") || strings.HasSuffix(unit, "/sec")
}

// Deterministic reports whether unit counts something the Go runtime
// measures exactly per operation, B/op and allocs/op, so that identical
// values within each side are compared exactly even for a single run. It
// is the built-in rule for units without "assume" metadata (see Units).
func Deterministic(unit string) bool {
	return unit == "B/op" || unit == "allocs/op"
}

// enoughSamples reports whether samples of sizes n and m can reach a
// two-sided Mann-Whitney p-value below alpha (the smallest possible is
// 2/C(n+m, n), without ties) and have a finite ratio interval at the
// given confidence.
func enoughSamples(n, m int, alpha, confidence float64) bool {
	if n == 0 || m == 0 || 2/binomial(n+m, n) >= alpha {
		return false
	}
	k, _ := uCritical(n, m, confidence)
	return k > 0
}

// samplesNeeded returns the smallest equal sample size per side that
// satisfies enoughSamples.
func samplesNeeded(alpha, confidence float64) int {
	n := 1
	for ; n < 1000 && !enoughSamples(n, n, alpha, confidence); n++ {
	}
	return n
}

func constant(xs []float64) bool {
	for _, x := range xs[1:] {
		if x != xs[0] {
			return false
		}
	}
	return true
}

// formatValue prints v in plain decimal when that is short ("48",
// "1048576", "0.25"), else in exponent form ("1.5e-09").
func formatValue(v float64) string {
	if a := math.Abs(v); v == 0 || a >= 1e-3 && a < 1e15 {
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// percent prints a fraction as a percentage with up to 3 significant
// digits: 0.02 → "2%".
func percent(f float64) string {
	return strconv.FormatFloat(100*f, 'g', 3, 64) + "%"
}

// fisherAllIn is the one-sided p-value of Fisher's exact test (R. A.
// Fisher, "On the interpretation of χ² from contingency tables", 1922)
// for a 2×2 table of runs where none of n old runs and k of m new runs
// have a property (such as any allocation): given that k of the n+m runs
// have it, the chance that all k fall among the m new ones is the
// hypergeometric C(m, k) / C(n+m, k). 1 for k = 0.
func fisherAllIn(n, m, k int) float64 {
	p := 1.0
	for i := range k {
		p *= float64(m-i) / float64(n+m-i)
	}
	return p
}
