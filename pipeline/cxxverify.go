package pipeline

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"regexp"
	"strings"
	"time"

	"github.com/perfproof/perfproof/claims"
	"github.com/perfproof/perfproof/cxx"
	"github.com/perfproof/perfproof/cxx/gbench"
	"github.com/perfproof/perfproof/prove"
	"github.com/perfproof/perfproof/stats"
)

// noAllocsDetail is the detail added to an allocation claim of a C++
// report: it is never re-measured, whatever its benchmark.
const noAllocsDetail = "not re-measured: Google Benchmark reports no allocation counts " +
	"(allocs/op and B/op are go test's figures), so an allocation claim about a C++ project cannot be re-measured"

// measureCxx re-measures the claims of rep with the Google Benchmarks of
// the C++ CMake project dir (IsCxxReportDir), the C++ side of Verify.
//
// The project is configured and built once (cxx.BuildBenchmarks, Release)
// into a temporary folder, never in dir, removed afterwards; the build is
// done only when a claim can be re-measured (claims.Verify lists the
// benchmarks first). A benchmark's "package" is its executable's CMake
// target name. Time claims are judged in sec/op, Google Benchmark's
// real_time (see cxxMeasurer.Measure).
//
// Claims about allocations (allocs/op, B/op, "zero allocations") are not
// handed to claims.Verify: Google Benchmark counts none, so they keep
// their arithmetic verdict, never Reproduced, with a detail saying why.
// The settings that only go test has are *UsageErrors returned before
// anything is built: a -benchtime that is an iteration count ("100x"),
// -alloc-benchtime and -alloc-count.
func (o *VerifyOptions) measureCxx(ctx context.Context, dir string, rep *claims.Report) error {
	minTime, err := o.cxxMinTime()
	if err != nil {
		return err
	}
	var timed []claims.Claim
	var at []int
	for k := range rep.Claims {
		c := &rep.Claims[k]
		if allocClaim(c) {
			if c.Detail == "" {
				c.Detail = noAllocsDetail
			} else {
				c.Detail += "; " + noAllocsDetail
			}
			continue
		}
		timed = append(timed, *c)
		at = append(at, k)
	}
	build, err := os.MkdirTemp("", "perfproof-verify-cxx-")
	if err != nil {
		return fmt.Errorf("making a build folder for %s: %w", dir, err)
	}
	defer func() {
		if err := os.RemoveAll(build); err != nil {
			o.warn(fmt.Errorf("removing the build folder %s: %w", build, err))
		}
	}()
	m := &cxxMeasurer{opts: o, src: dir, build: build, minTime: minTime}
	// Report is left nil: its go test commands (-cpu, build flags) and
	// pasted iteration counts set how Go benchmarks are run, not these.
	err = claims.Verify(ctx, timed, m, claims.VerifyOptions{Tolerance: o.Tolerance, Dir: dir, Progress: o.Progress})
	for i, k := range at {
		rep.Claims[k] = timed[i]
	}
	return err
}

// cxxMinTime returns the BENCHMARK_MIN_TIME of the rounds that measure
// time (o.Benchtime, a duration; cxx.DefaultMinTime when ""), or a
// *UsageError naming the flags that apply to Go benchmarks only.
func (o *VerifyOptions) cxxMinTime() (time.Duration, error) {
	var bad []string
	minTime := cxx.DefaultMinTime
	if o.Benchtime != "" {
		d, err := time.ParseDuration(o.Benchtime)
		if err != nil || d <= 0 {
			bad = append(bad, fmt.Sprintf("-benchtime %q (a C++ run takes a duration, as BENCHMARK_MIN_TIME; Google Benchmark 1.7.1 has no iteration count)", o.Benchtime))
		}
		minTime = d
	}
	if o.AllocBenchtime != "" || o.AllocCount > 0 {
		bad = append(bad, "-alloc-benchtime/-alloc-count (Google Benchmark reports no allocations)")
	}
	if len(bad) > 0 {
		return 0, usagef("not supported for a C++ project: %s", strings.Join(bad, "; "))
	}
	return minTime, nil
}

// allocClaim reports whether c is a claim that claims.Verify would judge
// in allocs/op or B/op: zero allocations, a ratio of allocations or
// memory, a pasted benchmark line or a figure of a named benchmark that
// states allocations or bytes.
func allocClaim(c *claims.Claim) bool {
	switch c.Kind {
	case claims.ZeroAlloc:
		return true
	case claims.Speedup, claims.Percent, claims.BeforeAfter, claims.TableRow:
		return c.Quantity == claims.Allocs || c.Quantity == claims.Memory
	case claims.Absolute, claims.BenchmarkLine:
		if c.Kind == claims.Absolute && c.Benchmark == "" {
			return false
		}
		for _, n := range c.Numbers {
			if n.Quantity == claims.Allocs || n.Quantity == claims.Memory {
				return true
			}
		}
	}
	return false
}

// cxxMeasurer is the claims.Measurer of Verify for a C++ CMake project:
// it builds the project in src once into build and re-measures pairs of
// Google Benchmarks of one executable in interleaved rounds.
type cxxMeasurer struct {
	opts       *VerifyOptions
	src, build string
	minTime    time.Duration // BENCHMARK_MIN_TIME of each run

	built bool             // the build was tried (exes is its result)
	exes  []cxx.Executable // benchmark executables, by target name
}

// Benchmarks builds the project (once) and lists the benchmarks of each
// of its benchmark executables (cxx.List, BENCHMARK_LIST_TESTS): Name
// is Google Benchmark's full name ("BM_PoolLock_after/real_time/threads:2"),
// Package the executable's target name ("msgpool_bench"). A failed build
// is an error wrapping cxx.ErrBuild (or cxx.ErrNoCMake); an executable that
// cannot list its benchmarks is an error naming it, those of the others
// returned beside it. A project without benchmark executables lists none,
// without error (claims.Verify then says claims.ErrNoBenchmarks).
func (m *cxxMeasurer) Benchmarks(ctx context.Context) ([]claims.Benchmark, error) {
	if !m.built {
		m.built = true
		m.opts.progress("verify: building the C++ project %s (cmake, Release) in %s, removed afterwards\n", m.src, m.build)
		exes, err := cxx.BuildBenchmarks(ctx, m.src, m.build, nil)
		if err != nil {
			return nil, fmt.Errorf("building %s: %w", m.src, err)
		}
		m.exes = exes
	}
	if len(m.exes) == 0 {
		m.opts.progress("verify: %s has no benchmark executable (no target links Google Benchmark's library)\n", m.src)
		return nil, nil
	}
	var out []claims.Benchmark
	var errs []error
	for _, e := range m.exes {
		m.opts.progress("verify: listing the benchmarks of %s\n", e.Name)
		names, err := cxx.List(ctx, e, "", m.timeout())
		if err != nil {
			if ctx.Err() != nil {
				return out, ctx.Err()
			}
			errs = append(errs, fmt.Errorf("listing the benchmarks of %s: %w", e.Name, err))
			continue
		}
		for _, n := range names {
			out = append(out, claims.Benchmark{Package: e.Name, Name: n})
		}
	}
	return out, errors.Join(errs...)
}

func (m *cxxMeasurer) timeout() time.Duration {
	if m.opts.Timeout > 0 {
		return m.opts.Timeout
	}
	return prove.DefaultTimeout
}

func (m *cxxMeasurer) rounds() int {
	if m.opts.Count > 0 {
		return m.opts.Count
	}
	return prove.DefaultRounds
}

// Measure runs benchmarks old and new of the executable pkg in
// interleaved rounds, as cxx.RunVariants does for a pair: each round is
// one run of the executable with only those two benchmarks
// (BENCHMARK_FILTER=^(old|new)$), in a random order
// (BENCHMARK_ENABLE_RANDOM_INTERLEAVING), each for
// VerifyOptions.Benchtime (BENCHMARK_MIN_TIME; cxx.DefaultMinTime when
// ""), for VerifyOptions.Count rounds (prove.DefaultRounds when 0). Each
// round gives one sample per benchmark and unit; old == new measures one
// benchmark, its samples on both sides.
//
// The Measurement has, per unit both benchmarks reported, the medians and
// the ratio new/old with its confidence interval (stats.Compare: the
// Hodges-Lehmann ratio and its distribution-free interval): sec/op from
// real_time and cpu-sec/op from cpu_time, seconds per iteration, then
// B/s, items/s and user counters. A time claim is judged in sec/op, the
// wall-clock time: the figure Google Benchmark prints first and reports
// quote, the one a benchmark registered with UseRealTime (the threaded
// BM_X/real_time/threads:N) asks to be judged by, and the meaning of go
// test's sec/op; cpu_time leaves out the time a thread waits (for a lock,
// for the other threads), which is part of what a caller waits. The
// cpu_time ratio is given in Method as context; when real_time's interval
// is much wider than cpu_time's (noisyRealTime: the machine was busy),
// Method says so and VerifyOptions.Warn is told.
//
// A setting other than claims.ShortRuns (one for allocation figures,
// which measureCxx never hands to claims.Verify) is an error, as are an
// unknown executable, a run that fails, times out, prints malformed output
// or reports a benchmark error, and a round that reports one benchmark of
// the pair without the other (wrapping cxx.ErrMissing): no partial
// measurement is returned.
func (m *cxxMeasurer) Measure(ctx context.Context, pkg, old, new string, s claims.Setting) (*claims.Measurement, error) {
	if s.Source != claims.ShortRuns {
		return nil, fmt.Errorf("measuring %s vs %s in %s: %s setting: Google Benchmark reports no allocations to re-measure", old, new, pkg, s.Source)
	}
	var exe *cxx.Executable
	for k := range m.exes {
		if m.exes[k].Name == pkg {
			exe = &m.exes[k]
		}
	}
	if exe == nil {
		return nil, fmt.Errorf("measuring %s vs %s: no benchmark executable %s in %s", old, new, pkg, m.src)
	}
	names := []string{old}
	if new != old {
		names = append(names, new)
	}
	quoted := make([]string, len(names))
	for k, n := range names {
		quoted[k] = regexp.QuoteMeta(n)
	}
	spec := cxx.RunSpec{Filter: "^(" + strings.Join(quoted, "|") + ")$", MinTime: m.minTime, Interleave: true, Timeout: m.timeout()}
	type key struct{ name, unit string }
	vals := make(map[key][]float64)
	var units []string // of old, in output order
	n := m.rounds()
	for r := 1; r <= n; r++ {
		out, _, err := cxx.Run(ctx, *exe, spec)
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			return nil, fmt.Errorf("measuring %s vs %s in %s, round %d: %w", old, new, pkg, r, err)
		}
		samples, errs, warnings := out.Samples()
		for _, w := range warnings {
			m.opts.warn(fmt.Errorf("%s: %w", pkg, w))
		}
		if len(errs) > 0 {
			return nil, fmt.Errorf("measuring %s vs %s in %s, round %d: %w", old, new, pkg, r, errors.Join(errs...))
		}
		got := make(map[string]bool)
		for _, smp := range samples {
			got[smp.Name] = true
			k := key{smp.Name, smp.Unit}
			if smp.Name == old && vals[k] == nil {
				units = append(units, smp.Unit)
			}
			vals[k] = append(vals[k], smp.Values...)
		}
		for _, name := range names {
			if !got[name] {
				return nil, fmt.Errorf("measuring %s vs %s in %s: round %d reported no %s: %w", old, new, pkg, r, name, cxx.ErrMissing)
			}
		}
	}
	res := &claims.Measurement{Package: pkg, Old: old, New: new}
	for _, u := range units {
		ov, nv := vals[key{old, u}], vals[key{new, u}]
		if len(nv) == 0 {
			continue
		}
		res.Units = append(res.Units, unitRatio(stats.Compare(old+" vs "+new, u, ov, nv, stats.Options{})))
	}
	if len(res.Units) == 0 {
		return nil, fmt.Errorf("measuring %s vs %s in %s: the runs reported no figure of both", old, new, pkg)
	}
	cpu := ""
	if c, ok := res.Unit(gbench.UnitCPUTime); ok && old != new {
		cpu = fmt.Sprintf("; cpu_time (cpu-sec/op, context only) gives new/old %.3g (%.3g–%.3g)", c.Ratio, c.RatioLo, c.RatioHi)
		if r, ok := res.Unit(gbench.UnitRealTime); ok && noisyRealTime(r, c) {
			note := fmt.Sprintf("real_time's interval is much wider than cpu_time's: the machine was busy (other processes took the CPUs); measure again on a quiet machine or with -count %d", 2*n)
			cpu += "; " + note
			m.opts.warn(fmt.Errorf("%s: %s vs %s: %s", pkg, old, new, note))
		}
	}
	how := "with both benchmarks in a random order"
	if old == new {
		how = "with this benchmark alone"
	}
	res.Method = fmt.Sprintf("%d rounds of BENCHMARK_MIN_TIME=%gs on this machine, each one run of %s %s; sec/op is Google Benchmark's real_time%s",
		n, m.minTime.Seconds(), pkg, how, cpu)
	return res, nil
}

// noisyRealTime reports whether the interval of the real_time ratio r is
// at least 3 times as wide as that of the cpu_time ratio c, in
// logarithms, and spans more than a factor of 2: the time the benchmark's
// threads waited for a CPU varied from run to run, which cpu_time does not
// count and real_time does.
func noisyRealTime(r, c claims.UnitRatio) bool {
	if !(r.RatioLo > 0 && c.RatioLo > 0) || math.IsInf(r.RatioHi, 1) || math.IsInf(c.RatioHi, 1) {
		return false
	}
	rw, cw := math.Log(r.RatioHi/r.RatioLo), math.Log(c.RatioHi/c.RatioLo)
	return rw > math.Log(2) && rw >= 3*cw
}
