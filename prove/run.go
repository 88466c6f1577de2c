package prove

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/perfproof/perfproof/benchrun"
	"github.com/perfproof/perfproof/stats"
)

// ErrNoBenchmarks is returned (wrapped) when the patterns match no package
// with benchmarks on either side.
var ErrNoBenchmarks = errors.New("no benchmarks")

// A binary is one test binary of a measured package and how to run it.
type binary struct {
	side       Side   // where to build it
	label      string // side name: "old", "new"; "" for a single binary
	path       string // the test binary
	dir        string // the package's source directory, the binary's working directory
	importPath string
	raw        string // file receiving the raw output, "" if none
	bench      string // -test.bench for this binary, "" for the package's
}

// key identifies the values of one benchmark in one unit.
type key struct{ name, unit string }

// A runSpec is one run of a binary in a round.
type runSpec struct {
	b         *binary
	bench     string // -test.bench
	benchtime string // -test.benchtime; "" for Options.Benchtime
}

// A planGroup is one compared benchmark (or pair of variants) in the
// rounds after the first: its runs, back to back in a random order.
type planGroup struct {
	runs     []runSpec
	old, new string // the names compared: the benchmark's on both sides, or the two variants
	done     bool   // adaptive mode decided its verdicts: it runs no more
}

// measured is a package being measured.
type measured struct {
	res      *PackageResult
	bins     []*binary
	bench    string      // -test.bench
	single   bool        // one binary, pairs of its benchmarks compared
	pairs    []Pair      // single binary: the benchmarks compared
	variants [][2]string // single binary: find pairs after the first round
	values   map[string]map[key][]float64
	order    map[string][]key          // keys by label in first-appearance order
	iters    map[string]map[string]int // label → benchmark → iterations in the first round
	plan     []*planGroup              // rounds after the first with fixed iterations; nil: one run per binary
	units    stats.Units               // the unit metadata ("Unit" lines) of the runs so far
	warmed   []warmedRun               // per planned benchmark and side: the first round's warm sec/op
	spent    time.Duration             // wall time of its runs
	runs     int                       // the number of its runs
	done     bool
	// allocLater is set when allocation rounds will measure B/op and
	// allocs/op (Options.AllocBenchtime): adaptive looks ignore the
	// timing rounds' values in those units.
	allocLater bool
	alloc      map[string]map[key][]float64 // label → the allocation rounds' B/op and allocs/op
}

func newMeasured(res *PackageResult, bench string) *measured {
	return &measured{res: res, bench: bench, values: make(map[string]map[key][]float64),
		order: make(map[string][]key), iters: make(map[string]map[string]int)}
}

// add records the samples of one run of binary b.
func (m *measured) add(b *binary, samples []benchrun.Sample) {
	vals := m.values[b.label]
	if vals == nil {
		vals = make(map[key][]float64)
		m.values[b.label] = vals
	}
	for _, s := range samples {
		k := key{s.Name, s.Unit}
		if _, ok := vals[k]; !ok {
			m.order[b.label] = append(m.order[b.label], k)
		}
		vals[k] = append(vals[k], s.Values...)
	}
}

// samples assembles the Samples of the package from the values so far,
// and the names measured on one side only.
func (m *measured) samples() (out []Samples, onlyOld, onlyNew []string) {
	if m.single {
		vals := m.values[""]
		for _, p := range m.pairs {
			seen := make(map[string]bool)
			for _, k := range m.order[""] {
				if (k.name != p.Old && k.name != p.New) || seen[k.unit] {
					continue
				}
				seen[k.unit] = true
				out = append(out, Samples{Benchmark: p.Benchmark, OldName: p.Old, NewName: p.New, Unit: k.unit,
					Old: vals[key{p.Old, k.unit}], New: vals[key{p.New, k.unit}]})
			}
		}
		return out, nil, nil
	}
	old, new := m.values["old"], m.values["new"]
	seen := make(map[key]bool)
	hasOld, hasNew := make(map[string]bool), make(map[string]bool)
	for _, k := range append(m.order["old"][:len(m.order["old"]):len(m.order["old"])], m.order["new"]...) {
		if seen[k] {
			continue
		}
		seen[k] = true
		hasOld[k.name] = hasOld[k.name] || len(old[k]) > 0
		hasNew[k.name] = hasNew[k.name] || len(new[k]) > 0
		out = append(out, Samples{Benchmark: k.name, OldName: k.name, NewName: k.name, Unit: k.unit, Old: old[k], New: new[k]})
	}
	named := make(map[string]bool)
	for _, s := range out {
		if named[s.Benchmark] {
			continue
		}
		named[s.Benchmark] = true
		switch {
		case !hasNew[s.Benchmark]:
			onlyOld = append(onlyOld, s.Benchmark)
		case !hasOld[s.Benchmark]:
			onlyNew = append(onlyNew, s.Benchmark)
		}
	}
	return out, onlyOld, onlyNew
}

// compare compares every Samples of m with values on both sides, with the
// unit metadata of m's runs added to opts.Units.
func (m *measured) compare(samples []Samples, opts stats.Options) []Comparison {
	pkg := m.res.ImportPath
	opts.Units = opts.Units.Merge(m.units)
	var out []Comparison
	for _, s := range samples {
		if len(s.Old) == 0 || len(s.New) == 0 {
			continue
		}
		out = append(out, Comparison{Package: pkg, OldName: s.OldName, NewName: s.NewName, Benchtime: s.Benchtime,
			Comparison: stats.Compare(s.Benchmark, s.Unit, s.Old, s.New, opts)})
	}
	return out
}

// decided reports whether every comparison of m, or of its group g if g
// is not nil, is decided at the thresholds st.
func (m *measured) decided(g *planGroup, st stats.Options) bool {
	samples, _, _ := m.samples()
	if g != nil {
		samples = slices.DeleteFunc(samples, func(s Samples) bool { return s.OldName != g.old || s.NewName != g.new })
	}
	for _, c := range m.compare(samples, st) {
		if m.allocLater && AllocUnit(c.Unit) {
			continue // measured again after the timing rounds
		}
		if c.Verdict == stats.Inconclusive {
			return false
		}
	}
	return true
}

// lookOptions returns the thresholds of an adaptive look, one of n, for
// the reported verdicts' thresholds st (Options.verdictStats, at half the
// Stats.Alpha): significance level and confidence split over the looks
// (st.Alpha/n, 1 − st.Alpha/n; see Options.Adaptive), and the level
// divided again by the size m of the largest family (the comparisons of
// one unit) the verdicts are corrected for (stats.Holm), unless
// st.PerComparison: a verdict decided at Alpha/(n·m) stays decided after
// Holm's correction, since no adjusted p-value exceeds m·P.
func lookOptions(pkgs []*measured, st stats.Options, n int) stats.Options {
	l := float64(n)
	o := stats.Options{Alpha: st.Alpha / l, MinEffect: st.MinEffect, Confidence: 1 - st.Alpha/l}
	if !st.PerComparison {
		if f := familySize(pkgs, st); f > 1 {
			o.Alpha /= float64(f)
		}
	}
	return o
}

// familySize returns the largest number of comparisons of one unit with a
// p-value in pkgs so far: the largest family stats.Holm corrects the
// verdicts for.
func familySize(pkgs []*measured, st stats.Options) int {
	n := make(map[string]int)
	for _, m := range pkgs {
		samples, _, _ := m.samples()
		for _, c := range m.compare(samples, st) {
			if !math.IsNaN(c.P) {
				n[c.Unit]++
			}
		}
	}
	largest := 0
	for _, k := range n {
		largest = max(largest, k)
	}
	return largest
}

// look marks, after round, what adaptive mode has decided at the
// thresholds st: with a plan, each benchmark (group) whose
// verdicts are all decided stops being run, and the package stops when
// none is left; without one (Options.RampUp, a fixed count) the package
// stops when all its verdicts are decided.
func (m *measured) look(round int, st stats.Options, progress io.Writer) {
	if m.plan == nil {
		if m.decided(nil, st) {
			m.done, m.res.Decided = true, true
			if progress != nil {
				fmt.Fprintf(progress, "%s: every verdict decided after %d rounds\n", m.res.ImportPath, round)
			}
		}
		return
	}
	left := 0
	for _, g := range m.plan {
		if g.done {
			continue
		}
		if g.done = m.decided(g, st); g.done {
			if progress != nil && len(m.plan) > 1 {
				fmt.Fprintf(progress, "%s: %s decided after %d rounds\n", m.res.ImportPath, groupTitle(g), round)
			}
			continue
		}
		left++
	}
	if left == 0 {
		m.done, m.res.Decided = true, true
		if progress != nil {
			fmt.Fprintf(progress, "%s: every verdict decided after %d rounds\n", m.res.ImportPath, round)
		}
	}
}

// groupTitle names a group in warnings and progress lines: its benchmark, or its
// variants ("X/before vs X/after").
func groupTitle(g *planGroup) string {
	if g.old == g.new {
		return g.old
	}
	return g.old + " vs " + g.new
}

// finish fills in the package's samples, with the allocation rounds'
// B/op and allocs/op where they measured both sides, and its comparisons.
func (m *measured) finish(opts *Options) {
	m.warnWarmup()
	m.res.Samples, m.res.OnlyOld, m.res.OnlyNew = m.samples()
	m.useAllocRuns(m.res.Samples, opts.benchtime(), opts.AllocBenchtime)
	m.res.Comparisons = m.compare(m.res.Samples, opts.verdictStats())
}

// measure runs the rounds over pkgs and fills in their results.
func measure(ctx context.Context, pkgs []*measured, opts *Options, start time.Time) (rounds int, stop string, err error) {
	seed := opts.Seed
	if seed == 0 {
		seed = rand.Uint64()
	}
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	last := opts.maxRounds()
	lookAt := make(map[int]bool)
	ls := looks(opts.minRounds(), last)
	for _, r := range ls {
		lookAt[r] = true
	}
	st := opts.verdictStats()
	for _, m := range pkgs {
		m.allocLater = opts.AllocBenchtime != ""
	}
	roundStart := time.Now()
	for round := 1; ; round++ {
		var active []*measured
		for _, m := range pkgs {
			if !m.done {
				active = append(active, m)
			}
		}
		switch {
		case len(active) == 0:
			return rounds, doneReason(pkgs), nil
		case round > last:
			return rounds, fmt.Sprintf("%d rounds", last), nil
		case opts.Time > 0 && round > 1:
			var next time.Duration
			for _, m := range active {
				next += m.spent / time.Duration(max(1, m.res.Rounds))
			}
			if opts.AllocBenchtime != "" {
				next += allocReserve(pkgs, opts)
			}
			if time.Since(start)+next > opts.Time {
				return rounds, "time budget " + opts.Time.String(), nil
			}
		}
		if opts.Progress != nil {
			fmt.Fprintln(opts.Progress, roundLine(round, last, opts.Time, opts.Adaptive, len(active), len(pkgs), time.Since(start), time.Since(roundStart)))
		}
		for _, m := range active {
			m.round(ctx, round, rng, opts)
			if ctx.Err() != nil {
				return rounds, ctx.Err().Error(), ctx.Err()
			}
		}
		rounds = round
		if opts.Adaptive && lookAt[round] {
			lst := lookOptions(pkgs, st, len(ls))
			for _, m := range active {
				if !m.done {
					m.look(round, lst, opts.Progress)
				}
			}
		}
	}
}

// doneReason explains why no package is left to measure.
func doneReason(pkgs []*measured) string {
	for _, m := range pkgs {
		if m.res.Err == nil && m.res.Decided {
			return "all verdicts decided"
		}
	}
	for _, m := range pkgs {
		if m.res.Err == nil {
			return "nothing to compare"
		}
	}
	return "every package failed"
}

// roundLine describes the start of a round: "round 3/10 (elapsed 12s, ETA
// 28s)"; with a time budget "round 3 (elapsed 12s of 2m0s)"; in adaptive
// mode the time left is an upper bound, "at most 1m10s left".
func roundLine(round, max int, budget time.Duration, adaptive bool, active, total int, elapsed, sinceRounds time.Duration) string {
	s := "round " + strconv.Itoa(round)
	if budget == 0 {
		s += "/" + strconv.Itoa(max)
	}
	if total > 1 {
		s += fmt.Sprintf(": %d of %d packages", active, total)
	}
	s += " (elapsed " + elapsed.Round(time.Second).String()
	switch {
	case budget > 0:
		s += " of " + budget.String()
	case round > 1:
		eta := (sinceRounds / time.Duration(round-1) * time.Duration(max-round+1)).Round(time.Second).String()
		if adaptive {
			s += ", at most " + eta + " left"
		} else {
			s += ", ETA " + eta
		}
	}
	return s + ")"
}

// round runs the package's binaries once each, in a random order; after
// the first round with a plan, it runs the plan's groups in a random order,
// the runs of each group back to back in a random order.
func (m *measured) round(ctx context.Context, round int, rng *rand.Rand, opts *Options) {
	var groups [][]runSpec
	for _, g := range m.plan {
		if !g.done {
			groups = append(groups, g.runs)
		}
	}
	if m.plan == nil {
		var g []runSpec
		for _, b := range m.bins {
			bench := b.bench
			if bench == "" {
				bench = m.bench
			}
			g = append(g, runSpec{b: b, bench: bench})
		}
		groups = [][]runSpec{g}
	}
	for _, gi := range rng.Perm(len(groups)) {
		g := groups[gi]
		for _, i := range rng.Perm(len(g)) {
			spec := g[i]
			ro, elapsed := run(ctx, spec, rng.Int64(), opts)
			m.spent += elapsed
			m.runs++
			m.add(spec.b, ro.Samples())
			m.units = m.units.Merge(stats.Units(ro.Units))
			if round == 1 {
				m.noteIterations(spec.b, ro)
			}
			m.res.Warnings = append(m.res.Warnings, ro.Warnings...)
			if ro.Err != nil {
				if spec.b.label != "" {
					m.res.Err = fmt.Errorf("%s side, round %d: %w", spec.b.label, round, ro.Err)
				} else {
					m.res.Err = fmt.Errorf("round %d: %w", round, ro.Err)
				}
				m.done = true
				return
			}
		}
	}
	m.res.Rounds++
	if round == 1 {
		m.firstRound(opts)
	}
}

// noteIterations records the iteration count of each benchmark in the
// output of a first-round run of b.
func (m *measured) noteIterations(b *binary, ro benchrun.RunOutput) {
	it := m.iters[b.label]
	if it == nil {
		it = make(map[string]int)
		m.iters[b.label] = it
	}
	for _, r := range ro.Results {
		it[benchrun.NameWithoutProcs(r.Name)] = r.Iters
	}
}

// firstRound settles, from the first round, what the package compares:
// the variants found in a single binary, whether anything matched, and,
// unless Options.RampUp is set or Options.Benchtime is a fixed count, the
// plan of the later rounds.
func (m *measured) firstRound(opts *Options) {
	if m.single && m.variants != nil {
		var names []string
		seen := make(map[string]bool)
		for _, k := range m.order[""] {
			if !seen[k.name] {
				seen[k.name] = true
				names = append(names, k.name)
			}
		}
		m.pairs, m.res.Unpaired = FindVariants(names, m.variants)
	}
	samples, _, _ := m.samples()
	if len(samples) == 0 || m.single && len(m.pairs) == 0 {
		m.done = true // nothing matched -test.bench, or no pair
		return
	}
	if opts.RampUp || strings.HasSuffix(opts.Benchtime, "x") {
		return
	}
	m.plan = m.fixedPlan(opts.Benchtime)
}

// benchtime returns the -test.benchtime of a run: Options.Benchtime, or
// DefaultBenchtime.
func (o *Options) benchtime() string {
	return cmp.Or(o.Benchtime, DefaultBenchtime.String())
}

// fixedIters returns the iteration count of a benchmark's runs after the
// first round: the count that makes a run last the benchmark time (a
// duration, "" meaning DefaultBenchtime) at secOp, the sec/op of the
// first round, and at least 1. The testing package aims its last ramp-up
// step 20 % beyond the benchmark time (predictN in package testing), so
// reusing its count, iters, would make every later run 1.2 times as long
// as asked; iters is the fallback when the first round gave no time
// (secOp ≤ 0) or benchtime is not a duration.
func fixedIters(benchtime string, iters int, secOp float64) int {
	d := DefaultBenchtime
	if benchtime != "" {
		var err error
		if d, err = time.ParseDuration(benchtime); err != nil {
			return iters
		}
	}
	if iters <= 0 || !(secOp > 0) {
		return iters
	}
	n := math.Round(d.Seconds() / secOp)
	return int(max(1, min(n, 1e9)))
}

// fixedPlan returns the groups of runs of the rounds after the first: one
// group per compared benchmark (or pair of variants), each benchmark alone
// in its run with -test.benchtime=<N>x, N from groupIters. Only the
// benchmarks compared are run. A side whose first-round run was one cold
// iteration loses that sample (see dropColdStart).
func (m *measured) fixedPlan(benchtime string) []*planGroup {
	type member struct {
		b    *binary
		name string
	}
	group := func(ms []member) (*planGroup, bool) {
		pg := &planGroup{old: ms[0].name, new: ms[len(ms)-1].name}
		iters := make([]int, len(ms))
		secOp := make([]float64, len(ms))
		for i, mb := range ms {
			iters[i] = m.iters[mb.b.label][mb.name]
			if v := m.values[mb.b.label][key{mb.name, "sec/op"}]; len(v) > 0 {
				secOp[i] = v[0]
			}
			if iters[i] <= 0 {
				return nil, false
			}
		}
		ns := groupIters(benchtime, iters, secOp)
		if slices.Max(ns) == 1 {
			m.res.Warnings = append(m.res.Warnings, fmt.Errorf("%s: one iteration per run (a single iteration outlasts -benchtime %s): its times include what a first iteration pays once; a longer -benchtime amortizes that", groupTitle(pg), cmp.Or(benchtime, DefaultBenchtime.String())))
		}
		var g []runSpec
		for i, mb := range ms {
			if iters[i] > 1 && secOp[i] > 0 {
				m.warmed = append(m.warmed, warmedRun{group: groupTitle(pg), label: mb.b.label, name: mb.name, secOp: secOp[i], iters: ns[i]})
			}
			if iters[i] != ns[i] && iters[i] == 1 {
				m.dropColdStart(mb.b.label, mb.name, ns[i])
			}
			g = append(g, runSpec{b: mb.b, bench: nameRegexp(mb.name), benchtime: strconv.Itoa(ns[i]) + "x"})
		}
		pg.runs = g
		return pg, true
	}
	var plan []*planGroup
	if m.single {
		b := m.bins[0]
		for _, p := range m.pairs {
			if g, ok := group([]member{{b, p.Old}, {b, p.New}}); ok {
				plan = append(plan, g)
			}
		}
		return plan
	}
	seen := make(map[string]bool)
	for _, k := range m.order[m.bins[0].label] {
		if seen[k.name] {
			continue
		}
		seen[k.name] = true
		var ms []member
		for _, b := range m.bins {
			ms = append(ms, member{b, k.name})
		}
		if g, ok := group(ms); ok {
			plan = append(plan, g)
		}
	}
	return plan
}

// groupIters returns the iteration counts of the later runs of a group of
// benchmarks compared with each other (the old and new side of one
// benchmark, or two variants), given each one's first-round iteration
// count and sec/op: one count for all of them, the largest of their
// fixedIters, so that every run lasts at least about the benchmark time
// and the members do the same amount of work per run. Each run is a new
// process, and what a process pays once (its first iterations fill
// caches, pools, the heap) is spread over the run's iterations: with
// different counts it would weigh differently on each side (seen on
// fastjson's citm benchmark with runs of 10 ms: 2 iterations on the old
// side, 5 on the new, a false 64 % "faster"), with one count it weighs
// alike. A member whose first round stopped at one iteration while
// another went on does not set the count: the testing package stops its
// ramp-up at N=1 as soon as a single iteration outlasts the benchmark
// time, which a slow first iteration can do on one side and not the
// other, and that sec/op is a cold start, not the benchmark's speed. With
// the default benchmark time (benchtime ""), the count is at least
// DefaultMinIters.
func groupIters(benchtime string, iters []int, secOp []float64) []int {
	n, warm := 0, 0 // the largest count of all members, of those past one iteration
	for i := range iters {
		f := fixedIters(benchtime, iters[i], secOp[i])
		n = max(n, f)
		if iters[i] > 1 {
			warm = max(warm, f)
		}
	}
	if warm > 0 {
		n = warm
	}
	if benchtime == "" && n > 0 {
		n = max(n, DefaultMinIters)
	}
	ns := make([]int, len(iters))
	for i := range ns {
		ns[i] = n
	}
	return ns
}

// dropColdStart removes the first-round sample of benchmark name on the
// side label, a run of one iteration whose later runs have n > 1 (see
// groupIters): its time is that of a first iteration, which measures
// something else. A warning says so.
func (m *measured) dropColdStart(label, name string, n int) {
	vals := m.values[label]
	for k, v := range vals {
		if k.name == name && len(v) > 0 {
			vals[k] = v[1:]
		}
	}
	side := ""
	if label != "" {
		side = " (" + label + " side)"
	}
	m.res.Warnings = append(m.res.Warnings, fmt.Errorf("%s%s: the first round stopped after one iteration, which outlasted -benchtime; that sample, the time of a first iteration, is dropped, and the later runs have %d iterations", name, side, n))
}

// run runs a binary once as spec says and parses its output.
func run(ctx context.Context, spec runSpec, shuffle int64, opts *Options) (benchrun.RunOutput, time.Duration) {
	b := spec.b
	timeout := opts.timeout()
	args := []string{
		"-test.run=^$",
		"-test.bench=" + spec.bench,
		"-test.benchmem",
		"-test.count=1",
		"-test.shuffle=" + strconv.FormatInt(shuffle, 10),
		// A second guard, should killing the process group fail.
		"-test.timeout=" + (timeout + timeout/10 + 5*time.Second).String(),
	}
	switch {
	case spec.benchtime != "":
		args = append(args, "-test.benchtime="+spec.benchtime)
	default:
		args = append(args, "-test.benchtime="+opts.benchtime())
	}
	rctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd := exec.CommandContext(rctx, b.path, args...)
	cmd.Dir = b.dir
	cmd.Env = opts.Env
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &out
	benchrun.KillGroupOnCancel(cmd)
	cmd.WaitDelay = 5 * time.Second
	start := time.Now()
	runErr := cmd.Run()
	elapsed := time.Since(start)
	benchrun.AwaitInterrupt(ctx, runErr)

	name := "output of " + b.importPath
	if b.label != "" {
		name = b.label + " " + name
	}
	if b.raw != "" {
		name = b.raw
		if err := appendFile(b.raw, out.Bytes()); err != nil {
			return benchrun.RunOutput{Err: fmt.Errorf("keeping the output of %s: %w", b.importPath, err)}, elapsed
		}
	}
	ro := benchrun.ParseRun(b.importPath, out.Bytes(), name, runErr)
	switch {
	case ctx.Err() != nil:
		ro.Err = fmt.Errorf("benchmarks of %s stopped: %w", b.importPath, ctx.Err())
	case errors.Is(rctx.Err(), context.DeadlineExceeded):
		ro.Err = fmt.Errorf("%w in %s after %s (one run of the test binary); it was killed; raise -timeout or select fewer or shorter benchmarks", benchrun.ErrTimeout, b.importPath, timeout)
	}
	return ro, elapsed
}

// appendFile appends data to the file name, creating it if needed.
func appendFile(name string, data []byte) error {
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o666)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// workDir returns opts.WorkDir, or a new temporary folder and a function
// that removes it.
func workDir(opts *Options) (dir string, cleanup func(), err error) {
	if opts.WorkDir != "" {
		return opts.WorkDir, func() {}, nil
	}
	dir, err = os.MkdirTemp("", "perfproof-prove-")
	if err != nil {
		return "", nil, fmt.Errorf("creating a folder for test binaries: %w", err)
	}
	return dir, func() { os.RemoveAll(dir) }, nil
}

// outDir creates opts.OutDir if set and returns its absolute path.
func outDir(opts *Options) (string, error) {
	if opts.OutDir == "" {
		return "", nil
	}
	dir, err := filepath.Abs(opts.OutDir)
	if err == nil {
		err = os.MkdirAll(dir, 0o777)
	}
	if err != nil {
		return "", fmt.Errorf("creating output folder %s: %w", opts.OutDir, err)
	}
	return dir, nil
}

// warmupRatio is how much slower per op the later runs of a benchmark may
// be than its first round, on every side, before warnWarmup warns.
const warmupRatio = 1.25

// A warmedRun is a benchmark whose first-round run on one side went past
// one iteration: the testing package's ramp-up ran it warm (its last,
// reported run came after runs of 1, then more, iterations in the same
// process), which the later runs of iters iterations, each in a new
// process after a single iteration, are not.
type warmedRun struct {
	group       string // the compared benchmark, or its variants: "X/before vs X/after"
	label, name string
	secOp       float64 // the first round's sec/op
	iters       int     // the iteration count of the later runs
}

// warnWarmup adds a warning for each compared benchmark (or pair of
// variants) whose later runs' median sec/op exceeds its first round's by
// warmupRatio on every side (or variant) that has both: each new process pays a warm-up (caches, pools, the heap filled
// on first use) that the runs' iterations do not amortize. Its times then
// include that warm-up, and its ratio is pulled toward 1 (both sides pay
// it over the same count, see groupIters); a longer -benchtime spreads
// it thinner.
func (m *measured) warnWarmup() {
	type agg struct {
		slower, sides int
		worst         float64
		iters         int
	}
	by := make(map[string]*agg)
	var names []string
	for _, w := range m.warmed {
		v := m.values[w.label][key{w.name, "sec/op"}]
		if len(v) < 3 {
			continue // the first round and fewer than two later runs
		}
		med := stats.Summarize(v[1:], 0).Median
		a := by[w.group]
		if a == nil {
			a = &agg{}
			by[w.group] = a
			names = append(names, w.group)
		}
		a.sides++
		a.iters = w.iters
		if r := med / w.secOp; r >= warmupRatio {
			a.slower++
			a.worst = max(a.worst, r)
		}
	}
	for _, name := range names {
		if a := by[name]; a.sides >= 2 && a.slower == a.sides {
			m.res.Warnings = append(m.res.Warnings, fmt.Errorf("%s: runs of %d iterations, each in a new process, are up to %.2f times slower per op than the first round's warmed-up run: a warm-up each process pays is in these times (the ratio new/old is pulled toward 1); a longer -benchtime spreads it over more iterations", name, a.iters, a.worst))
		}
	}
}
