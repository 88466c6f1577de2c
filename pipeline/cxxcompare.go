package pipeline

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/perfproof/perfproof/cxx"
	"github.com/perfproof/perfproof/report"
	"github.com/perfproof/perfproof/revs"
	"github.com/perfproof/perfproof/stats"
)

// CxxOptions are the settings of a C++ comparison that CompareOptions
// does not hold.
type CxxOptions struct {
	// CMakeArgs are added to each side's CMake configuration, after
	// perfproof's own (cxx.Configure), such as -DWITH_SIMD=ON.
	CMakeArgs []string
	// ExeArgs are the positional arguments of benchmark executables, by
	// target name (cxx.Options.ExeArgs), for a main() that reads its own
	// arguments, such as spdlog's formatter-bench ("all"). A name that
	// is no benchmark executable of a side is an error.
	ExeArgs map[string][]string
}

// CompareCxx is CompareCxxWith without CMake arguments.
func CompareCxx(ctx context.Context, sess *revs.Session, args []string, opts CompareOptions) (*Comparison, error) {
	return CompareCxxWith(ctx, sess, args, opts, CxxOptions{})
}

// CompareCxxWith runs compare's command line for the C++ CMake project
// at sess.Dir (cxx.IsProject), whose benchmarks use Google Benchmark.
//
// With opts.Prove.Variants, args must be empty: the work tree is built
// once, into a folder of the session's (revs.Session.TempDir), and the
// variants of the benchmarks of each benchmark executable are compared
// (cxx.RunVariants). Otherwise args are OLD [NEW]: each a git revision
// (checked out into a worktree of the session), the work tree, another
// directory holding a CMake project, or a results file of Google
// Benchmark JSON; NEW defaults to the work tree. Two results files are
// compared as they are (CompareFiles); other sides are each configured
// and built in their own temporary folder (never in the source tree) and
// compared in interleaved rounds (cxx.RunSides).
//
// opts.Prove gives the rounds (Rounds, Time, Timeout), the verdicts
// (Stats), the filter (Bench, as Google Benchmark's filter: ECMAScript
// syntax), the run length (Benchtime, a duration, as its minimum time),
// the raw output folder (OutDir, relative to sess.Dir) and Progress. The
// options that do not apply to C++ are *UsageErrors naming them, never
// ignored: Adaptive, RampUp, a Benchtime that is an iteration count, and
// package patterns. A failed checkout or build returns the error
// (wrapping cxx.ErrBuild for a build); an interruption returns a
// Comparison with Stopped set. The Comparison is filled by AddRun, so its
// rendering, gate and exit codes are the Go comparison's; then cxxCaveats
// marks as Inconclusive, with notes, the verdicts of a benchmark that
// measures nothing and the sec/op verdicts that are time spent waiting.
// cx.ExeArgs naming no executable of a side is an error.
func CompareCxxWith(ctx context.Context, sess *revs.Session, args []string, opts CompareOptions, cx CxxOptions) (*Comparison, error) {
	start := time.Now()
	if err := cxxUsage(opts); err != nil {
		return nil, err
	}
	var minTime time.Duration
	if opts.Prove.Benchtime != "" {
		minTime, _ = time.ParseDuration(opts.Prove.Benchtime) // checked by cxxUsage
	}
	if out := opts.Prove.OutDir; out != "" && !filepath.IsAbs(out) {
		opts.Prove.OutDir = filepath.Join(sess.Dir, out)
	}
	ro := cxx.Options{
		Filter: opts.Prove.Bench, Rounds: opts.Prove.Rounds, MinTime: minTime, Time: opts.Prove.Time, Start: start,
		Timeout: opts.Prove.Timeout, Stats: opts.Prove.Stats, Variants: opts.Prove.Variants,
		OutDir: opts.Prove.OutDir, Progress: opts.Prove.Progress, Seed: opts.Prove.Seed, ExeArgs: cx.ExeArgs,
	}
	how := fmt.Sprintf("C++ (CMake, Google Benchmark): each build configured with -DCMAKE_BUILD_TYPE=Release%s in a temporary folder, its benchmark executables built once; each run with BENCHMARK_MIN_TIME=%g (seconds) and BENCHMARK_REPETITIONS=1 in its environment%s; sec/op is real_time, cpu-sec/op cpu_time, per iteration",
		cmakeArgsNote(cx.CMakeArgs), orMinTime(minTime).Seconds(), exeArgsNote(cx.ExeArgs))
	var c *Comparison
	var err error
	if opts.Prove.Variants != nil {
		c, err = compareCxxVariants(ctx, sess, args, opts, cx, ro, how)
	} else {
		c, err = compareCxxSides(ctx, sess, args, opts, cx, ro, how)
	}
	if c != nil {
		c.OutDir = opts.Prove.OutDir
	}
	return c, err
}

// cxxUsage rejects the options that do not apply to a C++ project.
func cxxUsage(opts CompareOptions) error {
	p := opts.Prove
	var bad []string
	if p.Adaptive {
		bad = append(bad, "-adaptive (adaptive stopping is implemented for Go benchmarks only)")
	}
	if p.RampUp {
		bad = append(bad, "ramp-up (Google Benchmark always picks its iteration count)")
	}
	if p.Benchtime != "" {
		if d, err := time.ParseDuration(p.Benchtime); err != nil || d <= 0 {
			bad = append(bad, fmt.Sprintf("-benchtime %q (a C++ run takes a duration, Google Benchmark's minimum time; 1.7.1 has no iteration count)", p.Benchtime))
		}
	}
	if p.AllocBenchtime != "" || p.AllocCount > 0 {
		bad = append(bad, "-alloc-benchtime/-alloc-count (Google Benchmark reports no allocations)")
	}
	if len(bad) > 0 {
		return usagef("not supported for a C++ project: %s", strings.Join(bad, "; "))
	}
	return nil
}

func orMinTime(d time.Duration) time.Duration {
	if d <= 0 {
		return cxx.DefaultMinTime
	}
	return d
}

// exeArgsNote says which executables ran with arguments, in name order.
func exeArgsNote(args map[string][]string) string {
	if len(args) == 0 {
		return ""
	}
	var parts []string
	for _, name := range slices.Sorted(maps.Keys(args)) {
		parts = append(parts, fmt.Sprintf("%s with the arguments %q", name, args[name]))
	}
	return "; " + strings.Join(parts, ", ")
}

func cmakeArgsNote(args []string) string {
	if len(args) == 0 {
		return ""
	}
	return " " + strings.Join(args, " ")
}

// compareCxxVariants builds the work tree once and compares the variants
// of its benchmarks.
func compareCxxVariants(ctx context.Context, sess *revs.Session, args []string, opts CompareOptions, cx CxxOptions, ro cxx.Options, how string) (*Comparison, error) {
	if len(args) > 0 {
		return nil, usagef("-variants of a C++ project takes no arguments (Go package patterns do not apply): %s", strings.Join(args, " "))
	}
	var olds, news []string
	for _, v := range opts.Prove.Variants {
		olds, news = append(olds, v[0]), append(news, v[1])
	}
	c := &Comparison{Report: report.CompareReport{
		Old: "variants " + strings.Join(olds, ", ") + " (" + sess.Dir + ")",
		New: "variants " + strings.Join(news, ", ") + " (the same executables)",
	}}
	exes, err := cxxBuild(ctx, sess, "work tree", sess.Dir, "variants", opts, cx)
	if err != nil {
		return c.stoppedOr(ctx, err)
	}
	c.measureNoise(ctx, &opts)
	res, err := cxx.RunVariants(ctx, exes, ro)
	if err := c.addRun(res, err, opts.Prove, "one run of each executable per round, both variants in it"); err != nil {
		return c, err
	}
	c.cxxCaveats(opts.Prove.Stats.Effect())
	c.Report.Notes = append([]string{how}, c.Report.Notes...)
	return c, nil
}

// compareCxxSides resolves OLD and NEW, builds them and compares them.
func compareCxxSides(ctx context.Context, sess *revs.Session, args []string, opts CompareOptions, cx CxxOptions, ro cxx.Options, how string) (*Comparison, error) {
	switch {
	case len(args) == 0:
		return nil, usagef("missing OLD: name a git revision, a CMake project directory or a Google Benchmark JSON file")
	case len(args) > 2:
		return nil, usagef("a C++ project takes OLD [NEW], not package patterns: %s", strings.Join(args[2:], " "))
	}
	sides := make([]*revs.Side, 2)
	for i, arg := range args {
		s, err := resolveCxx(ctx, sess, arg)
		if err != nil {
			if errors.Is(err, revs.ErrNotSide) {
				return nil, usagef("%s %v", []string{"OLD", "NEW"}[i], err)
			}
			return nil, err
		}
		sides[i] = s
	}
	old, new := sides[0], sides[1]
	if old.Kind == revs.ResultsFile || new != nil && new.Kind == revs.ResultsFile {
		if new == nil || old.Kind != revs.ResultsFile || new.Kind != revs.ResultsFile {
			return nil, usagef("a results file can only be compared with another results file (OLD and NEW both files)")
		}
		c, err := CompareFiles(old, new, opts.Prove.Stats)
		if c != nil {
			c.cxxCaveats(opts.Prove.Stats.Effect())
		}
		return c, err
	}
	if new == nil {
		var err error
		if new, err = sess.Current(ctx); err != nil {
			return nil, err
		}
	}
	c := &Comparison{Report: report.CompareReport{Old: old.String(), New: new.String()}}
	for _, s := range []*revs.Side{old, new} {
		if s.Kind == revs.WorkTree && s.Uncommitted {
			c.Report.Notes = append(c.Report.Notes, "the work tree's uncommitted changes are included: it was named (or implied) as a side")
			break
		}
	}
	builds := [2]cxx.Side{{Name: "old"}, {Name: "new"}}
	for i, s := range []*revs.Side{old, new} {
		name := builds[i].Name
		if s.Kind == revs.Revision {
			if opts.Progress != nil {
				fmt.Fprintf(opts.Progress, "checkout %s %s\n", name, s)
			}
			if err := sess.Checkout(ctx, s, name); err != nil {
				return c.stoppedOr(ctx, err)
			}
		}
		exes, err := cxxBuild(ctx, sess, s.String(), s.Dir, name, opts, cx)
		if err != nil {
			return c.stoppedOr(ctx, err)
		}
		builds[i].Executables = exes
	}
	c.measureNoise(ctx, &opts)
	res, err := cxx.RunSides(ctx, builds[0], builds[1], ro)
	if err := c.addRun(res, err, opts.Prove, "one run of each executable per round and side"); err != nil {
		return c, err
	}
	c.cxxCaveats(opts.Prove.Stats.Effect())
	c.Report.Notes = append([]string{how, "code not compared: the C++ benchmarks' code is not compared between OLD and NEW; a benchmark whose code changed compares different work"}, c.Report.Notes...)
	return c, nil
}

// stoppedOr returns c with Stopped set when ctx has ended, else err.
func (c *Comparison) stoppedOr(ctx context.Context, err error) (*Comparison, error) {
	if ctx.Err() != nil {
		c.Stopped = ctx.Err()
		c.Report.Errors = append(c.Report.Errors, "interrupted: "+ctx.Err().Error())
		return c, nil
	}
	return nil, err
}

// resolveCxx classifies a side argument of a C++ comparison: a directory
// holding a CMake project (other than sess.Dir) is a revs.Directory;
// anything else is as revs.Session.Resolve says.
func resolveCxx(ctx context.Context, sess *revs.Session, arg string) (*revs.Side, error) {
	path := arg
	if !filepath.IsAbs(path) {
		path = filepath.Join(sess.Dir, path)
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() && !strings.HasPrefix(arg, "-") {
		if real, err := filepath.EvalSymlinks(path); err == nil && real != sess.Dir && cxx.IsProject(real) {
			return &revs.Side{Arg: arg, Kind: revs.Directory, Dir: real}, nil
		}
	}
	return sess.Resolve(ctx, arg)
}

// cxxBuild configures and builds the project in src into the session's
// folder cxx-build-<name>, with progress lines.
func cxxBuild(ctx context.Context, sess *revs.Session, label, src, name string, opts CompareOptions, cx CxxOptions) ([]cxx.Executable, error) {
	build := filepath.Join(sess.TempDir(), "cxx-build-"+name)
	if opts.Progress != nil {
		fmt.Fprintf(opts.Progress, "build %s %s (cmake, Release) in %s\n", name, label, build)
	}
	exes, err := cxx.BuildBenchmarks(ctx, src, build, cx.CMakeArgs)
	if err != nil {
		return nil, fmt.Errorf("%s side (%s): %w", name, label, err)
	}
	if opts.Progress != nil {
		var names []string
		for _, e := range exes {
			names = append(names, e.Name)
		}
		fmt.Fprintf(opts.Progress, "benchmark executables of %s: %s\n", name, strings.Join(names, ", "))
	}
	return exes, nil
}

// NothingMeasured is the time per iteration, in seconds, below which a
// C++ benchmark measures nothing: 0.1 ns is a fraction of a cycle of any
// current processor (0.3 ns at 3.3 GHz), shorter than one add, so a
// benchmark that fast ran an empty loop, its body optimized away.
const NothingMeasured = 1e-10

// cxxCaveats marks the verdicts of c's C++ comparisons that do not mean
// what they say, as Inconclusive with the reason, and adds a note per
// benchmark saying why:
//
//   - a benchmark whose median sec/op (else cpu-sec/op) on either side is
//     below NothingMeasured measures nothing: every verdict of it,
//     unchanged included, is inconclusive;
//   - a sec/op (real_time) verdict faster or slower when the same
//     benchmark's cpu-sec/op ratio and its confidence interval lie within
//     ±minEffect: the wall time changed and the CPU time of the
//     benchmark's thread did not, so the difference is time spent waiting
//     (for a CPU on a loaded machine, for I/O, or for work done on
//     another thread, which Google Benchmark's cpu_time does not count),
//     not work the code does; the sec/op verdict is inconclusive.
//
// Inconclusive verdicts fail a gate with inconclusive in -fail-on, and
// never pass as unchanged or faster.
func (c *Comparison) cxxCaveats(minEffect float64) {
	type key struct{ pkg, bench string }
	byBench := map[key][]int{}
	var order []key
	for i, rc := range c.Report.Comparisons {
		k := key{rc.Package, rc.Benchmark}
		if _, ok := byBench[k]; !ok {
			order = append(order, k)
		}
		byBench[k] = append(byBench[k], i)
	}
	find := func(idx []int, unit string) *report.Comparison {
		for _, i := range idx {
			if c.Report.Comparisons[i].Unit == unit {
				return &c.Report.Comparisons[i]
			}
		}
		return nil
	}
	for _, k := range order {
		idx := byBench[k]
		name := strings.TrimSpace(k.pkg + " " + k.bench)
		sec, cpu := find(idx, "sec/op"), find(idx, "cpu-sec/op")
		t := sec
		if t == nil {
			t = cpu
		}
		if t != nil {
			if fast := math.Min(t.Old.Median, t.New.Median); fast < NothingMeasured {
				reason := fmt.Sprintf("measures nothing: %.3g ns per iteration, below 0.1 ns", fast*1e9)
				for _, i := range idx {
					rc := &c.Report.Comparisons[i]
					rc.Verdict, rc.Reason = stats.Inconclusive, reason
				}
				c.Report.Notes = append(c.Report.Notes, fmt.Sprintf("warning: %s: %.3g ns per iteration (median %s): the loop was optimized away, it measures nothing; its verdicts are inconclusive (keep its result with benchmark::DoNotOptimize)", name, fast*1e9, t.Unit))
				continue
			}
		}
		if sec == nil || cpu == nil || (sec.Verdict != stats.Faster && sec.Verdict != stats.Slower) {
			continue
		}
		if !(cpu.RatioLo >= 1-minEffect && cpu.RatioHi <= 1+minEffect) {
			continue
		}
		was := sec.Verdict
		sec.Verdict = stats.Inconclusive
		sec.Reason = fmt.Sprintf("%s by %+.1f%% in wall time while cpu-sec/op is unchanged [%+.1f%%, %+.1f%%]: time waiting, not work", was, 100*(sec.Ratio-1), 100*(cpu.RatioLo-1), 100*(cpu.RatioHi-1))
		c.Report.Notes = append(c.Report.Notes, fmt.Sprintf("warning: %s: sec/op %s by %+.1f%% but cpu-sec/op unchanged (%+.1f%%, [%+.1f%%, %+.1f%%] within ±%.3g%%): the difference is time waiting for a CPU (a loaded machine), for I/O or for other threads, not work of the benchmark's thread; sec/op is marked inconclusive", name, was, 100*(sec.Ratio-1), 100*(cpu.Ratio-1), 100*(cpu.RatioLo-1), 100*(cpu.RatioHi-1), 100*minEffect))
	}
}
