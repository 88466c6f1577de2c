package claims

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"regexp"
	"slices"
	"strings"
)

// DefaultTolerance is the relative tolerance on a claimed ratio when
// VerifyOptions.Tolerance is 0: a claim of 0.10 (10x faster) is
// reproduced by a measured confidence interval that reaches into
// [0.10/1.15, 0.10·1.15].
const DefaultTolerance = 0.15

// A Benchmark is a benchmark of the module a report is verified against.
type Benchmark struct {
	// Package is the import path of the benchmark's package.
	Package string
	// Name is the full name without the "Benchmark" prefix and the
	// GOMAXPROCS suffix, sub-benchmarks included: "CookieTrim/after".
	Name string
}

// A UnitRatio is what re-measuring two benchmarks gave in one unit.
type UnitRatio struct {
	// Unit is the tidied go test unit: "sec/op", "B/op", "allocs/op".
	Unit string
	// OldMedian and NewMedian are each side's median, in Unit. They are
	// context only for sec/op: absolute times do not transfer across
	// machines.
	OldMedian, NewMedian float64
	// Ratio is new/old; RatioLo and RatioHi bound its confidence
	// interval (0 and +Inf when the samples are too few for one).
	Ratio, RatioLo, RatioHi float64
	// N is the number of samples of the smaller side.
	N int
}

// A Measurement is the result of re-measuring a pair of benchmarks of
// one package in interleaved rounds.
type Measurement struct {
	// Package, Old and New name what was measured; Old == New when one
	// benchmark was measured alone.
	Package, Old, New string
	// Units holds one UnitRatio per unit both sides reported.
	Units []UnitRatio
	// Method says how it was measured, for the claim's detail: "10
	// interleaved rounds of -benchtime=100ms".
	Method string
	// Setting is the setting it was measured with.
	Setting Setting
}

// Unit returns the measurement's ratio in unit u.
func (m *Measurement) Unit(u string) (UnitRatio, bool) {
	for _, r := range m.Units {
		if r.Unit == u {
			return r, true
		}
	}
	return UnitRatio{}, false
}

// A Measurer re-measures benchmarks of one Go module. Verify uses it;
// package pipeline implements it with the interleaved runner and the
// statistics of packages prove and stats.
type Measurer interface {
	// Benchmarks lists the module's benchmarks, sub-benchmarks
	// included.
	Benchmarks(ctx context.Context) ([]Benchmark, error)
	// Measure runs benchmarks old and new of package pkg as s says
	// (its own short interleaved rounds for ShortRuns; s.Count runs of
	// s.Benchtime otherwise, old at s.OldBenchtime when set) and returns,
	// per unit, both medians and the ratio new/old with its confidence
	// interval. old == new measures one benchmark.
	Measure(ctx context.Context, pkg, old, new string, s Setting) (*Measurement, error)
}

// Measured is what Verify measured for a claim.
type Measured struct {
	// Package, Old and New name the benchmarks; Old is "" for a claim
	// about one benchmark.
	Package string `json:"package"`
	Old     string `json:"old,omitempty"`
	New     string `json:"new"`
	// Unit is the unit the claim was checked in.
	Unit string `json:"unit"`
	// Ratio, RatioLo and RatioHi are new/old and its confidence
	// interval; 0 for a claim about one benchmark.
	Ratio   float64 `json:"ratio"`
	RatioLo float64 `json:"ratio_lo"`
	RatioHi float64 `json:"ratio_hi"`
	// OldMedian and NewMedian are the medians in Unit (context only for
	// sec/op).
	OldMedian float64 `json:"old_median"`
	NewMedian float64 `json:"new_median"`
	// N is the number of samples per side.
	N int `json:"n"`
	// Method says how the figures were obtained.
	Method string `json:"method"`
	// Setting is the run setting used and where it comes from.
	Setting Setting `json:"setting"`
}

// VerifyOptions configure Verify.
type VerifyOptions struct {
	// Tolerance is the relative tolerance on a claimed ratio; 0 means
	// DefaultTolerance.
	Tolerance float64
	// Dir names the module in messages ("no benchmark named X in Dir").
	Dir string
	// Progress, if not nil, receives a line as each pair is measured.
	Progress io.Writer
	// Report is the report the claims come from: its go test commands
	// and the iteration counts of its pasted output set how B/op and
	// allocs/op figures are re-measured (see Setting). nil: go test's
	// defaults.
	Report *Report
	// AllocBenchtime and AllocCount, when set, are the run length and
	// the number of runs of each benchmark for B/op and allocs/op
	// figures, whatever the report states.
	AllocBenchtime string
	AllocCount     int
}

// ErrNoBenchmarks is returned by Verify when claims could have been
// re-measured but the Measurer lists no benchmarks.
var ErrNoBenchmarks = errors.New("no benchmarks")

// Verify re-measures the claims whose benchmarks exist in the module m
// measures, and sets their Verdict, Detail and Measured: Reproduced when
// the measured ratio's confidence interval meets the claimed ratio within
// the tolerance, NotReproduced or BetterThanClaimed when it lies beyond
// it on the worse or the better side. Ratios and allocation counts are
// compared; absolute times are given as context only. Claims that cannot
// be matched to a benchmark keep their arithmetic verdict, and the
// unverifiable ones say what would make them verifiable.
//
// An error found in the report's own figures (ArithmeticError,
// Unsupported, MixesRows, Contradicted) stays the verdict whatever the
// measurement. Verify
// returns the first error of listing or measuring, after judging every
// claim it could; claims it could not measure say why.
func Verify(ctx context.Context, cs []Claim, m Measurer, opts VerifyOptions) error {
	if opts.Tolerance <= 0 {
		opts.Tolerance = DefaultTolerance
	}
	dir := opts.Dir
	if dir == "" {
		dir = "the module"
	}
	var todo []int
	for k := range cs {
		if measurable(&cs[k]) {
			todo = append(todo, k)
		}
	}
	if len(todo) == 0 {
		return nil
	}
	list, listErr := m.Benchmarks(ctx)
	if listErr != nil && (len(list) == 0 || ctx.Err() != nil) {
		for _, k := range todo {
			addDetail(&cs[k], "not re-measured: "+firstLine(listErr))
		}
		return listErr
	}
	idx := newBenchIndex(list)
	idx.dir = dir
	// With some packages listed and others failing, the claims on the
	// listed ones are judged; the error is returned all the same.
	v := &verifier{m: m, opts: opts, dir: dir, idx: idx, cache: make(map[measureKey]*measureResult), err: listErr, listErr: listErr}
	// Claims that start runs first, then those that only read what was
	// measured (absolute times).
	for _, pass := range []bool{true, false} {
		for _, k := range todo {
			c := &cs[k]
			if triggers(c) != pass {
				continue
			}
			if err := v.verify(ctx, c, pass); err != nil && v.err == nil {
				v.err = err
			}
			if ctx.Err() != nil {
				return ctx.Err()
			}
		}
	}
	if len(list) == 0 && v.err == nil && listErr == nil {
		return fmt.Errorf("%w in %s", ErrNoBenchmarks, dir)
	}
	return v.err
}

// measurable reports whether re-measuring could tell more about c.
func measurable(c *Claim) bool {
	if c.expected {
		return false
	}
	switch c.Kind {
	case Speedup, Percent, BeforeAfter, TableRow:
		return !math.IsNaN(c.Ratio) && c.Quantity.benchUnit() != ""
	case ZeroAlloc, BenchmarkLine:
		return true
	case Absolute:
		return c.Benchmark != ""
	}
	return false
}

// triggers reports whether a claim is worth running benchmarks for: an
// absolute time is context only.
func triggers(c *Claim) bool {
	switch c.Kind {
	case Absolute, BenchmarkLine:
		return slices.ContainsFunc(c.Numbers, func(n Number) bool { return n.Quantity == Allocs || n.Quantity == Memory })
	}
	return true
}

type measureResult struct {
	m   *Measurement
	err error
}

type measureKey struct {
	pkg, old, new string
	s             Setting
}

type verifier struct {
	m     Measurer
	opts  VerifyOptions
	dir   string
	idx   *benchIndex
	cache map[measureKey]*measureResult
	keys  []measureKey // of cache, in the order measured
	err   error
	n     int
	// listErr is the error of listing the benchmarks of some packages.
	listErr error
}

// firstLine returns the first line of err's message, with "(…)" when
// there is more: a compiler's errors go to the returned error whole, to
// a claim's detail in short.
func firstLine(err error) string {
	msg := err.Error()
	if i := strings.IndexByte(msg, '\n'); i >= 0 {
		return msg[:i] + " (…)"
	}
	return msg
}

// measure returns the cached or new measurement of a pair with setting
// s; run false only reads the cache, taking any setting's measurement of
// the pair (the short runs' first).
func (v *verifier) measure(ctx context.Context, pkg, old, new string, s Setting, run bool) (*Measurement, error) {
	key := measureKey{pkg, old, new, s}
	if r, ok := v.cache[key]; ok {
		return r.m, r.err
	}
	if !run {
		var found *measureResult
		for _, k := range v.keys {
			if k.pkg == pkg && k.old == old && k.new == new && (found == nil || k.s.Source == ShortRuns) {
				found = v.cache[k]
			}
		}
		if found != nil {
			return found.m, found.err
		}
		return nil, nil
	}
	v.n++
	if v.opts.Progress != nil {
		how := "short runs"
		if s.Source != ShortRuns {
			how = fmt.Sprintf("%d runs of -benchtime=%s", s.Count, s.Benchtime)
			if s.OldBenchtime != "" {
				how = fmt.Sprintf("%d runs of -benchtime=%s and %s", s.Count, s.OldBenchtime, s.Benchtime)
			}
		}
		if old == new {
			fmt.Fprintf(v.opts.Progress, "verify: measuring %s in %s (%s)\n", new, pkg, how)
		} else {
			fmt.Fprintf(v.opts.Progress, "verify: measuring %s vs %s in %s (%s)\n", old, new, pkg, how)
		}
	}
	m, err := v.m.Measure(ctx, pkg, old, new, s)
	if m != nil {
		m.Setting = s
	}
	v.cache[key] = &measureResult{m, err}
	v.keys = append(v.keys, key)
	return m, err
}

// single returns a measurement that includes benchmark b: its pair's if b
// has a before/after partner, else b alone. side is "old" or "new".
func (v *verifier) single(ctx context.Context, c *Claim, b Benchmark, run bool) (*Measurement, string, error) {
	unit := claimUnit(c)
	if f, ok := v.idx.familyOf(b); ok {
		m, err := v.measure(ctx, b.Package, f.old.Name, f.new.Name, v.setting(c, unit, f.old, f.new), run)
		side := "new"
		if f.old.Name == b.Name {
			side = "old"
		}
		return m, side, err
	}
	m, err := v.measure(ctx, b.Package, b.Name, b.Name, v.setting(c, unit, b, b), run)
	return m, "new", err
}

func (v *verifier) verify(ctx context.Context, c *Claim, run bool) error {
	switch c.Kind {
	case Speedup, Percent, BeforeAfter, TableRow:
		old, new, why := v.idx.resolvePair(c)
		if why != "" {
			v.unresolved(c, why)
			return nil
		}
		c.Baseline, c.Benchmark = old.Name, new.Name
		m, err := v.measure(ctx, new.Package, old.Name, new.Name, v.setting(c, claimUnit(c), old, new), run)
		if err != nil {
			addDetail(c, fmt.Sprintf("not re-measured: %v", err))
			return err
		}
		v.judgeRatio(c, m)
	default:
		b, why := v.idx.resolveOne(c)
		if why != "" {
			if c.Kind != Absolute {
				v.unresolved(c, why)
			}
			return nil
		}
		c.Benchmark = b.Name
		m, side, err := v.single(ctx, c, b, run)
		if err != nil {
			addDetail(c, fmt.Sprintf("not re-measured: %v", err))
			return err
		}
		if m == nil {
			return nil
		}
		v.judgeOne(c, m, side)
	}
	return nil
}

// unresolved notes why no benchmark matched the claim and what would.
func (v *verifier) unresolved(c *Claim, why string) {
	if v.listErr != nil {
		why += "; the benchmarks of some packages could not be listed: " + firstLine(v.listErr)
	}
	if c.Verdict == Unverifiable {
		c.Detail = why
		return
	}
	addDetail(c, "not re-measured: "+why)
}

func addDetail(c *Claim, s string) {
	if c.Detail == "" {
		c.Detail = s
		return
	}
	c.Detail += "; " + s
}

// judgeRatio sets the verdict of a ratio claim from a measurement.
func (v *verifier) judgeRatio(c *Claim, m *Measurement) {
	unit := c.Quantity.benchUnit()
	ur, ok := m.Unit(unit)
	if !ok {
		addDetail(c, fmt.Sprintf("%s vs %s reported no %s; add b.ReportAllocs or run with -benchmem", m.Old, m.New, unit))
		return
	}
	c.Measured = &Measured{Package: m.Package, Old: m.Old, New: m.New, Unit: unit, Ratio: ur.Ratio, RatioLo: ur.RatioLo,
		RatioHi: ur.RatioHi, OldMedian: ur.OldMedian, NewMedian: ur.NewMedian, N: ur.N, Method: m.Method, Setting: m.Setting}
	medians := ""
	if allocUnit(unit) && !math.IsNaN(ur.Ratio) && math.IsInf(ur.RatioHi, 1) && !math.IsInf(ur.Ratio, 1) && ur.OldMedian > 0 {
		// Allocation counts vary little between runs of the same length:
		// with too few runs for an interval, the ratio of the medians.
		r := ur.NewMedian / ur.OldMedian
		ur.Ratio, ur.RatioLo, ur.RatioHi = r, r, r
		c.Measured.Ratio, c.Measured.RatioLo, c.Measured.RatioHi = r, r, r
		medians = fmt.Sprintf("ratio of the medians of %d runs, too few for an interval", ur.N)
	}
	if math.IsNaN(ur.Ratio) || math.IsInf(ur.RatioHi, 1) && !math.IsInf(ur.Ratio, 1) {
		v.setMeasured(c, Unverifiable, fmt.Sprintf("measured %s %s but too few samples for a confidence interval on the ratio; measure more rounds",
			unit, ratioString(ur.Ratio)))
		return
	}
	type reading struct {
		name   string
		lo, hi float64
	}
	readings := []reading{{"", math.Min(c.Ratio, c.RatioHigh), math.Max(c.Ratio, c.RatioHigh)}}
	if !math.IsNaN(c.AltRatio) {
		readings[0].name = "time saved"
		readings = append(readings, reading{"throughput gained", math.Min(c.AltRatio, c.AltRatioHigh), math.Max(c.AltRatio, c.AltRatioHigh)})
	}
	tol := v.opts.Tolerance
	outcome := make([]Verdict, len(readings))
	for k, r := range readings {
		lo, hi := r.lo/(1+tol), r.hi*(1+tol)
		switch {
		case ur.RatioLo <= hi && ur.RatioHi >= lo:
			outcome[k] = Reproduced
		case ur.RatioLo > hi:
			outcome[k] = NotReproduced
		default:
			outcome[k] = BetterThanClaimed
		}
	}
	verdict := outcome[0]
	note := ""
	if len(outcome) == 2 && outcome[0] != outcome[1] {
		switch {
		case outcome[0] == Reproduced || outcome[1] == Reproduced:
			verdict = Reproduced
			which := readings[0].name
			if outcome[1] == Reproduced {
				which = readings[1].name
			}
			note = fmt.Sprintf("ambiguous reading: reproduced only as %s (%s as %s)", which, outcome[1-slices.Index(outcome, Reproduced)], readings[1-slices.Index(outcome, Reproduced)].name)
		default:
			verdict = BetterThanClaimed
			note = fmt.Sprintf("ambiguous reading: %s as %s, %s as %s", outcome[0], readings[0].name, outcome[1], readings[1].name)
		}
	}
	if verdict == Reproduced && ur.RatioLo > 0 && ur.RatioHi/ur.RatioLo > math.Pow(1+tol, 4) {
		// An interval wider than the tolerance four times over contains
		// the claim because it contains nearly anything: no evidence.
		v.setMeasured(c, Unverifiable, fmt.Sprintf("measured %s → %s: %s new/old %s (%s–%s), an interval %s× wide, wider than (1+%s)^4: too noisy to judge; measure more rounds on a quieter machine",
			m.Old, m.New, unit, ratioString(ur.Ratio), ratioString(ur.RatioLo), ratioString(ur.RatioHi),
			trimFloat(ur.RatioHi/ur.RatioLo, 2), trimFloat(tol, 2))+methodOf(m))
		return
	}
	claimed := ratioString(c.Ratio)
	if c.RatioHigh != c.Ratio && !math.IsNaN(c.RatioHigh) {
		claimed = ratioString(math.Min(c.Ratio, c.RatioHigh)) + "–" + ratioString(math.Max(c.Ratio, c.RatioHigh))
	}
	if !math.IsNaN(c.AltRatio) && c.Reading == "" {
		claimed += " or " + ratioString(c.AltRatio)
	}
	d := fmt.Sprintf("measured %s → %s: %s new/old %s (%s–%s) vs claimed %s", m.Old, m.New, unit, ratioString(ur.Ratio), ratioString(ur.RatioLo), ratioString(ur.RatioHi), claimed)
	switch verdict {
	case NotReproduced, BetterThanClaimed:
		ref := readings[0]
		if verdict == BetterThanClaimed && len(readings) == 2 {
			ref = readings[1]
		}
		edge := ref.hi
		if verdict == BetterThanClaimed {
			edge = ref.lo
		}
		if edge > 0 {
			f := ur.Ratio / edge
			if verdict == NotReproduced {
				d += fmt.Sprintf(": %s× worse than claimed (%s)", trimFloat(f, 2), describeRatio(unit, ur.Ratio))
			} else {
				d += fmt.Sprintf(": %s× better than claimed (%s)", trimFloat(1/f, 2), describeRatio(unit, ur.Ratio))
			}
		} else {
			d += fmt.Sprintf(" (%s)", describeRatio(unit, ur.Ratio))
		}
	}
	if note != "" {
		d += "; " + note
	}
	if medians != "" {
		d += "; " + medians
	}
	if unit == "sec/op" {
		d += fmt.Sprintf("; medians %s → %s here (context only)", formatUnit(ur.OldMedian, unit), formatUnit(ur.NewMedian, unit))
	}
	d += methodOf(m)
	v.setMeasured(c, verdict, d)
}

// methodOf says how m was measured and why so, after "; ": "; 3 runs
// of -benchtime=234x …; setting: the iteration counts of the report's
// output (lines 21 and 22)", "" if there is nothing to say.
func methodOf(m *Measurement) string {
	d := m.Method
	if why := m.Setting.Why(); why != "" {
		if d != "" {
			d += "; "
		}
		d += "setting: " + why
	}
	if d == "" {
		return ""
	}
	return "; " + d
}

// setMeasured sets a measured verdict, keeping an error found in the
// report's own figures (arithmetic, unsupported, mixed rows,
// contradicted).
func (v *verifier) setMeasured(c *Claim, verdict Verdict, detail string) {
	if c.Verdict.fromReport() {
		addDetail(c, "re-measured: "+detail)
		return
	}
	if (c.Verdict == Consistent || c.Verdict == Ambiguous) && c.Detail != "" {
		detail += "; arithmetic: " + c.Detail
	}
	c.Verdict = verdict
	c.Detail = detail
}

// describeRatio says what a ratio new/old means: "11.9x faster",
// "42.1% fewer allocs/op".
func describeRatio(unit string, r float64) string {
	switch {
	case math.IsInf(r, 1):
		return "from zero"
	case r == 0:
		return "down to zero"
	case unit == "sec/op" && r < 1:
		return trimFloat(1/r, 3) + "x faster"
	case unit == "sec/op":
		return trimFloat(r, 3) + "x slower"
	case r < 1:
		return trimFloat((1-r)*100, 3) + "% fewer " + unit
	}
	return trimFloat((r-1)*100, 3) + "% more " + unit
}

// formatUnit formats a median in its unit: sec/op as ns, µs or ms.
func formatUnit(v float64, unit string) string {
	if unit != "sec/op" {
		return trimFloat(v, 3) + " " + unit
	}
	switch {
	case v >= 1:
		return trimFloat(v, 3) + " s"
	case v >= 1e-3:
		return trimFloat(v*1e3, 3) + " ms"
	case v >= 1e-6:
		return trimFloat(v*1e6, 3) + " µs"
	}
	return trimFloat(v*1e9, 3) + " ns"
}

// judgeOne sets the verdict of a claim about one benchmark: zero
// allocations, or stated allocs/op and B/op.
func (v *verifier) judgeOne(c *Claim, m *Measurement, side string) {
	median := func(ur UnitRatio) float64 {
		if side == "old" {
			return ur.OldMedian
		}
		return ur.NewMedian
	}
	name := m.New
	if side == "old" {
		name = m.Old
	}
	ctxTime := ""
	if ur, ok := m.Unit("sec/op"); ok {
		ctxTime = fmt.Sprintf("%s measured %s here (context only: absolute times do not transfer across machines)", name, formatUnit(median(ur), "sec/op"))
	}
	record := func(unit string, ur UnitRatio) {
		c.Measured = &Measured{Package: m.Package, New: name, Unit: unit, OldMedian: median(ur), NewMedian: median(ur), N: ur.N, Method: m.Method, Setting: m.Setting}
	}
	if c.Kind == ZeroAlloc {
		ur, ok := m.Unit("allocs/op")
		if !ok {
			addDetail(c, name+" reported no allocs/op; add b.ReportAllocs or run with -benchmem")
			return
		}
		record("allocs/op", ur)
		if median(ur) == 0 {
			v.setMeasured(c, Reproduced, fmt.Sprintf("%s measured 0 allocs/op", name)+methodOf(m))
		} else {
			v.setMeasured(c, NotReproduced, fmt.Sprintf("%s measured %s allocs/op (median of %d)", name, trimFloat(median(ur), 3), ur.N)+methodOf(m))
		}
		return
	}
	var parts []string
	verdict := Unverifiable
	for _, n := range c.Numbers {
		unit := n.Quantity.benchUnit()
		if n.Quantity != Allocs && n.Quantity != Memory {
			continue
		}
		ur, ok := m.Unit(unit)
		if !ok {
			continue
		}
		got := median(ur)
		want := n.mid()
		record(unit, ur)
		var vd Verdict
		switch {
		case math.Abs(got-want) <= math.Max(v.opts.Tolerance*want, 0.5):
			vd = Reproduced
		case got > want:
			vd = NotReproduced
		default:
			vd = BetterThanClaimed
		}
		parts = append(parts, fmt.Sprintf("%s measured %s (stated %s): %s", unit, trimFloat(got, 4), trimFloat(want, 4), vd))
		switch {
		case vd == NotReproduced || verdict == NotReproduced:
			verdict = NotReproduced
		case vd == BetterThanClaimed || verdict == BetterThanClaimed:
			verdict = BetterThanClaimed
		default:
			verdict = Reproduced
		}
	}
	if ctxTime != "" {
		parts = append(parts, ctxTime)
	}
	if verdict == Unverifiable {
		if len(parts) > 0 {
			c.Detail = "an absolute time: " + strings.Join(parts, "; ")
		}
		return
	}
	if d := methodOf(m); d != "" {
		parts = append(parts, d[2:])
	}
	v.setMeasured(c, verdict, strings.Join(parts, "; "))
}

// A family is a before/after pair of benchmarks: "X/before" and
// "X/after", "X_Before_Y" and "X_After_Y", "XOld" and "XNew".
type family struct {
	key      string // the name with the variant word replaced by "*"
	old, new Benchmark
}

// display returns the family's name for matching against a report's
// words: "CookieTrim".
func (f *family) display() string { return strings.ReplaceAll(f.key, "*", "") }

type benchIndex struct {
	byName   map[string][]Benchmark
	families []*family
	dir      string // the module, for messages
}

var variantWords = []string{"before", "after", "old", "new", "baseline", "optimized", "optimised"}

// familyKey returns a name with its variant word replaced by "*", and
// the variant (−1 before, +1 after), or "" when the name has none.
func familyKey(name string) (string, int) {
	v := variantOf(name)
	if v == 0 {
		return "", 0
	}
	locs := nameTokenRE.FindAllStringIndex(name, -1)
	for k := len(locs) - 1; k >= 0; k-- {
		t := strings.ToLower(name[locs[k][0]:locs[k][1]])
		if slices.Contains(variantWords, t) {
			return name[:locs[k][0]] + "*" + name[locs[k][1]:], v
		}
	}
	return "", 0
}

func newBenchIndex(list []Benchmark) *benchIndex {
	idx := &benchIndex{byName: make(map[string][]Benchmark)}
	type sides struct{ old, new []Benchmark }
	fams := make(map[string]*sides)
	var order []string
	for _, b := range list {
		idx.byName[b.Name] = append(idx.byName[b.Name], b)
		key, v := familyKey(b.Name)
		if key == "" {
			continue
		}
		key = b.Package + "\x00" + key
		s, ok := fams[key]
		if !ok {
			s = &sides{}
			fams[key] = s
			order = append(order, key)
		}
		if v < 0 {
			s.old = append(s.old, b)
		} else {
			s.new = append(s.new, b)
		}
	}
	for _, key := range order {
		s := fams[key]
		if len(s.old) == 1 && len(s.new) == 1 {
			idx.families = append(idx.families, &family{key: key[strings.IndexByte(key, 0)+1:], old: s.old[0], new: s.new[0]})
		}
	}
	return idx
}

// lookup returns the benchmark named n, tolerating a "Benchmark" prefix
// and case differences; why says what is wrong when there is none or
// several.
func (idx *benchIndex) lookup(n string) (Benchmark, string) {
	n = normName(n)
	bs := idx.byName[n]
	if len(bs) == 0 {
		for name, cand := range idx.byName {
			if strings.EqualFold(name, n) {
				bs = append(bs, cand...)
			}
		}
	}
	switch len(bs) {
	case 0:
		return Benchmark{}, "none"
	case 1:
		return bs[0], ""
	}
	pkgs := make([]string, len(bs))
	for k, b := range bs {
		pkgs[k] = b.Package
	}
	return Benchmark{}, "in several packages (" + strings.Join(pkgs, ", ") + ")"
}

func (idx *benchIndex) familyOf(b Benchmark) (*family, bool) {
	for _, f := range idx.families {
		if f.old == b || f.new == b {
			return f, true
		}
	}
	return nil, false
}

// familyNamed returns the one family whose name without its variant word
// is n, letters and digits compared ("BM_PoolLock/real_time/threads:2" for
// "BM_PoolLock_before/real_time/threads:2" and "…_after/…"); nil if none
// or several.
func (idx *benchIndex) familyNamed(n string) *family {
	want := squash(normName(n))
	var hit *family
	for _, f := range idx.families {
		if squash(f.display()) == want {
			if hit != nil {
				return nil
			}
			hit = f
		}
	}
	return hit
}

// matchFamily returns the family whose name the claim's -bench pattern,
// text or heading mentions, preferring the longest name.
func (idx *benchIndex) matchFamily(c *Claim) (*family, string) {
	if c.pattern != "" {
		// go test matches the first level of -bench against the
		// top-level name "BenchmarkX".
		first, _, _ := strings.Cut(c.pattern, "/")
		if re, err := regexp.Compile(first); err == nil {
			var hits []*family
			for _, f := range idx.families {
				top, _, _ := strings.Cut(f.old.Name, "/")
				if re.MatchString("Benchmark" + top) {
					hits = append(hits, f)
				}
			}
			if len(hits) == 1 {
				return hits[0], ""
			}
		}
	}
	for _, src := range []string{c.Text, c.heading} {
		s := squash(src)
		if s == "" {
			continue
		}
		var best []*family
		bestLen := 0
		for _, f := range idx.families {
			// A short name ("Sum") must be all the words say.
			d := squash(f.display())
			if d == "" || !strings.Contains(s, d) || len(d) < 4 && s != d {
				// Or both names written whole ("BM_PoolLock_before/
				// real_time/threads:2 vs BM_PoolLock_after/…"): the
				// variant word sits inside the name.
				o, n := squash(f.old.Name), squash(f.new.Name)
				if len(o) < 4 || len(n) < 4 || !strings.Contains(s, o) || !strings.Contains(s, n) {
					continue
				}
				d = o + n
			}
			switch {
			case len(d) > bestLen:
				best, bestLen = []*family{f}, len(d)
			case len(d) == bestLen:
				best = append(best, f)
			}
		}
		switch len(best) {
		case 0:
			continue
		case 1:
			return best[0], ""
		}
		names := make([]string, len(best))
		for k, f := range best {
			names[k] = f.display()
		}
		return nil, "its words match several benchmark pairs (" + strings.Join(names, ", ") + "); name the benchmarks"
	}
	return nil, ""
}

// resolvePair finds the benchmarks a ratio claim compares, or says why
// there are none and what would make the claim verifiable.
func (idx *benchIndex) resolvePair(c *Claim) (old, new Benchmark, why string) {
	missing := func(n string) string {
		return fmt.Sprintf("no benchmark named %s in %s; name the benchmark or add one", n, idx.dir)
	}
	switch {
	case c.Baseline != "" && c.Benchmark != "":
		o, w1 := idx.lookup(c.Baseline)
		n, w2 := idx.lookup(c.Benchmark)
		switch {
		case w1 == "none":
			return old, new, missing(c.Baseline)
		case w2 == "none":
			return old, new, missing(c.Benchmark)
		case w1 != "":
			return old, new, fmt.Sprintf("benchmark %s is %s", c.Baseline, w1)
		case w2 != "":
			return old, new, fmt.Sprintf("benchmark %s is %s", c.Benchmark, w2)
		case o.Package != n.Package:
			return old, new, fmt.Sprintf("%s and %s are in different packages; compare benchmarks of one package", c.Baseline, c.Benchmark)
		}
		return o, n, ""
	case c.Benchmark != "":
		b, w := idx.lookup(c.Benchmark)
		if w == "none" {
			// "BM_PoolLock/real_time/threads:2": the name of a family
			// without its variant word ("BM_PoolLock_before/…" and
			// "BM_PoolLock_after/…").
			if f := idx.familyNamed(c.Benchmark); f != nil {
				return f.old, f.new, ""
			}
			return old, new, missing(c.Benchmark)
		}
		if w != "" {
			return old, new, fmt.Sprintf("benchmark %s is %s", c.Benchmark, w)
		}
		if f, ok := idx.familyOf(b); ok {
			return f.old, f.new, ""
		}
		return old, new, fmt.Sprintf("names only %s; a ratio needs its baseline too (name both, e.g. X/before and X/after)", c.Benchmark)
	}
	f, why := idx.matchFamily(c)
	if f != nil {
		return f.old, f.new, ""
	}
	if why == "" {
		why = fmt.Sprintf("no benchmark pair in %s matches %q; name the benchmarks near the claim (a BenchmarkX/before and BenchmarkX/after pair, or \"go test -bench=X\") or add them", idx.dir, c.Subject)
	}
	return old, new, why
}

// resolveOne finds the benchmark a claim about one benchmark is about.
func (idx *benchIndex) resolveOne(c *Claim) (Benchmark, string) {
	if c.Benchmark != "" {
		b, w := idx.lookup(c.Benchmark)
		switch w {
		case "":
			return b, ""
		case "none":
			return b, fmt.Sprintf("no benchmark named %s in %s; name the benchmark or add one", c.Benchmark, idx.dir)
		}
		return b, fmt.Sprintf("benchmark %s is %s", c.Benchmark, w)
	}
	if c.Kind == ZeroAlloc {
		if f, why := idx.matchFamily(c); f != nil {
			return f.new, ""
		} else if why != "" {
			return Benchmark{}, why
		}
	}
	return Benchmark{}, fmt.Sprintf("no benchmark named near the claim; name it (e.g. BenchmarkX/after) to re-measure %s", c.Kind)
}
