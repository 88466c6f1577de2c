package benchrun

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/google/pprof/profile"
	"golang.org/x/perf/benchfmt"
)

// DefaultMaxTime is the cap on the run time of one benchmark in RunEach
// when EachOptions.MaxTime is zero.
const DefaultMaxTime = 20 * time.Second

// ErrNoMatch is wrapped by the PackageResult.Err of a package whose
// benchmarks the -bench expression matches none of; the error lists the
// benchmarks the package has.
var ErrNoMatch = errors.New("no benchmark matches")

// EachOptions configure RunEach. The zero value runs each benchmark once
// for 100ms, with no sample target and DefaultMaxTime.
type EachOptions struct {
	// Dir, Bench, Timeout, OutDir, Progress and Env are as in Options.
	// Timeout bounds one package: building, finding its benchmarks and
	// every run. Progress also receives a line as each benchmark is done,
	// with its runs and samples.
	Dir        string
	Bench      string
	Timeout    time.Duration
	OutDir     string
	Progress   io.Writer
	Env        []string
	CPUProfile bool
	MemProfile bool
	// Count is the least number of runs of each benchmark; 0 means 1.
	Count int
	// Benchtime is the -test.benchtime of each benchmark's first run
	// ("100ms", "20x"); "" means 100ms. Later runs use a fixed iteration
	// count ("<N>x") so that they do the same work: N is the first run's
	// iteration count, raised so that the runs left reach Samples.
	Benchtime string
	// Samples is the number of CPU profile samples to collect for each
	// benchmark over all its runs (a Go CPU profile samples at 100 Hz, so
	// 1,000 samples take about 10 s of CPU); runs are added, and made
	// longer, until the benchmark's profiles hold that many or MaxTime is
	// reached. 0 means no target: Count runs of the first run's length.
	// It needs CPUProfile.
	Samples int
	// MaxTime caps the total wall time of one benchmark's runs; 0 means
	// DefaultMaxTime. A benchmark stopped by it short of Samples has
	// BenchmarkRuns.Capped set.
	MaxTime time.Duration
	// Starting, if not nil, is called before each run of a benchmark
	// (not before the one-iteration runs that find the benchmarks),
	// with the run's place among the others. RunEach calls it from one
	// goroutine, never concurrently, and waits for it: it must return
	// quickly. nil means no call.
	Starting func(RunStart)
}

// A RunStart describes a run of one benchmark that RunEach is about to
// start, for EachOptions.Starting.
type RunStart struct {
	// Package is the import path of the benchmark's package.
	Package string
	// Benchmark is the 1-based index of the benchmark among the
	// Benchmarks of its package, in the order of
	// PackageResult.Benchmarks (as found, each leaf sub-benchmark on its
	// own).
	Benchmark, Benchmarks int
	// Name is the benchmark's name as in BenchmarkRuns.Name, without the
	// "Benchmark" prefix ("Auction/before").
	Name string
	// Run is the 1-based index of the run among the benchmark's runs
	// (len(BenchmarkRuns.Runs)+1 when it starts). Runs is the number of runs planned, Count,
	// or 0 when it is open-ended: with a Samples target and CPUProfile,
	// runs are added after the first Count until the profiles hold
	// Samples or MaxTime is reached. A run that fails ends the
	// benchmark's runs before Runs.
	Run, Runs int
}

// BenchmarkRuns are the runs of one benchmark by RunEach.
type BenchmarkRuns struct {
	// Name is the benchmark's full name as benchfmt reports it, without
	// the "Benchmark" prefix and the GOMAXPROCS suffix ("Auction/before").
	Name string
	// Func is the benchmark function's name ("BenchmarkAuction").
	Func string
	// Runs are the runs in the order they ran.
	Runs []BenchRun
	// Samples is the number of CPU profile samples over all runs.
	Samples int
	// Capped reports that MaxTime stopped the runs short of the Samples
	// target.
	Capped bool
	// Err, if not nil, says why the runs stopped early (a panic, a
	// failure, the timeout); the runs before it are kept. It names the
	// package and the benchmark and wraps ErrPanic, ErrFailed, ErrTimeout
	// or the context's error.
	Err error
}

// A BenchRun is one run of one benchmark: one process of the package's test
// binary with -test.count=1.
type BenchRun struct {
	// Results are the run's benchmark results (normally one), units
	// tidied as in PackageResult.Results.
	Results []*benchfmt.Result
	// Benchtime is the -test.benchtime the run used.
	Benchtime string
	// CPUProfile and MemProfile are the paths of the run's profiles, ""
	// when not requested or not written.
	CPUProfile, MemProfile string
	// Samples is the number of samples in the CPU profile (the sum of its
	// "samples" values).
	Samples int
	// Elapsed is the wall time of the process.
	Elapsed time.Duration
}

// RunEach runs the benchmarks of the packages matching patterns, each
// benchmark (each leaf sub-benchmark) in processes of its own, so that
// each run's profiles hold that benchmark only. Per package it builds the
// test binary once (go test -c), finds the benchmarks -bench selects with
// one run of one iteration each, then runs them round-robin: each round
// runs every benchmark still short of Count runs or of the Samples target
// once. Packages run one after the other.
//
// The returned Result's PackageResults hold, besides the usual fields,
// Benchmarks; Results is every run's results, RawFile the concatenated
// output, and CPUProfile and MemProfile are "" (each run has its own). A
// package whose benchmarks -bench matches none of gets an Err wrapping
// ErrNoMatch that lists the benchmarks it has. Errors and context
// handling are as for Run.
func RunEach(ctx context.Context, patterns []string, opts EachOptions) (*Result, error) {
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	if opts.Bench == "" {
		opts.Bench = "."
	}
	if opts.Count <= 0 {
		opts.Count = 1
	}
	if opts.Benchtime == "" {
		opts.Benchtime = "100ms"
	}
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	if opts.MaxTime <= 0 {
		opts.MaxTime = DefaultMaxTime
	}
	if _, err := regexp.Compile(opts.Bench); err != nil {
		return nil, fmt.Errorf("bad -bench expression: %w", err)
	}
	return eachPackageOf(ctx, patterns, opts.Dir, opts.Env, opts.OutDir, opts.Progress, func(pr *PackageResult, outDir, scratch, stem string) {
		e := &eachPackage{pr: pr, opts: &opts, outDir: outDir, stem: stem, bin: filepath.Join(scratch, stem+".test")}
		e.run(ctx)
	})
}

// eachPackage is the state of RunEach in one package.
type eachPackage struct {
	pr     *PackageResult
	opts   *EachOptions
	outDir string
	stem   string // file name stem of the package
	bin    string // the test binary
	raw    bytes.Buffer
}

func (e *eachPackage) run(ctx context.Context) {
	pr, opts := e.pr, e.opts
	start := time.Now()
	pctx, cancel := context.WithTimeout(ctx, opts.Timeout)
	defer cancel()
	defer func() {
		pr.Elapsed = time.Since(start)
		pr.RawFile = filepath.Join(e.outDir, e.stem+".txt")
		if err := os.WriteFile(pr.RawFile, e.raw.Bytes(), 0o666); err != nil && pr.Err == nil {
			pr.Err = fmt.Errorf("writing output of %s: %w", pr.ImportPath, err)
		}
		for _, b := range pr.Benchmarks {
			for _, r := range b.Runs {
				pr.Results = append(pr.Results, r.Results...)
			}
		}
		switch {
		case ctx.Err() != nil:
			pr.Err = fmt.Errorf("benchmarks of %s stopped: %w", pr.ImportPath, ctx.Err())
		case errors.Is(pctx.Err(), context.DeadlineExceeded) && pr.Err == nil:
			pr.Err = fmt.Errorf("%w in %s after %s (build and runs); it was killed; raise the timeout or select fewer or shorter benchmarks", ErrTimeout, pr.ImportPath, opts.Timeout)
		}
		if pr.Err == nil {
			for _, b := range pr.Benchmarks {
				if b.Err != nil {
					pr.Err = b.Err
					break
				}
			}
		}
	}()

	if err := e.build(pctx); err != nil {
		pr.Err = err
		return
	}
	funcs, err := e.list(pctx)
	if err != nil {
		pr.Err = err
		return
	}
	top, rest := splitBench(opts.Bench)
	topRe, err := regexp.Compile(top)
	if err != nil {
		pr.Err = fmt.Errorf("bad -bench expression: %w", err)
		return
	}
	var matched []string
	for _, f := range funcs {
		if topRe.MatchString(f) {
			matched = append(matched, f)
		}
	}
	// Find each matched function's leaves with one iteration each.
	for _, f := range matched {
		if pctx.Err() != nil {
			return
		}
		sel := "^" + regexp.QuoteMeta(f) + "$"
		if rest != "" {
			sel += "/" + rest
		}
		out, runErr := e.exec(pctx, sel, "1x", "", "")
		ro := ParseRun(pr.ImportPath, out, pr.ImportPath, runErr)
		seen := make(map[string]bool)
		for _, r := range ro.Results {
			name := NameWithoutProcs(r.Name)
			if !seen[name] {
				seen[name] = true
				pr.Benchmarks = append(pr.Benchmarks, BenchmarkRuns{Name: name, Func: f})
			}
		}
		if ro.Err != nil {
			if pctx.Err() != nil {
				return
			}
			pr.Benchmarks = append(pr.Benchmarks, BenchmarkRuns{Name: strings.TrimPrefix(f, "Benchmark"), Func: f, Err: ro.Err})
		}
	}
	if len(pr.Benchmarks) == 0 {
		have := make([]string, len(funcs))
		for i, f := range funcs {
			have[i] = strings.TrimPrefix(f, "Benchmark")
		}
		pr.Err = fmt.Errorf("%w -bench %q in %s; it has: %s", ErrNoMatch, opts.Bench, pr.ImportPath, strings.Join(have, ", "))
		return
	}
	e.rounds(pctx)
}

// rounds runs the benchmarks round-robin until each has Count runs and its
// sample target, or its time cap, or an error.
func (e *eachPackage) rounds(ctx context.Context) {
	opts := e.opts
	spent := make([]time.Duration, len(e.pr.Benchmarks))
	reported := make([]bool, len(e.pr.Benchmarks)) // its progress line is written
	for round := 1; ; round++ {
		active := 0
		for i := range e.pr.Benchmarks {
			b := &e.pr.Benchmarks[i]
			if ctx.Err() != nil {
				return
			}
			if !e.wantsRun(b, spent[i]) {
				if !reported[i] {
					reported[i] = true
					e.progress(b, spent[i])
				}
				continue
			}
			active++
			e.starting(i, b)
			benchtime := e.nextBenchtime(b, spent[i])
			sel := leafSelector(b)
			cpu, mem := "", ""
			if opts.CPUProfile {
				cpu = filepath.Join(e.outDir, fmt.Sprintf("%s.%s.%d.cpu.pprof", e.stem, fileSafe(b.Name), round))
			}
			if opts.MemProfile {
				mem = filepath.Join(e.outDir, fmt.Sprintf("%s.%s.%d.mem.pprof", e.stem, fileSafe(b.Name), round))
			}
			t0 := time.Now()
			out, runErr := e.exec(ctx, sel, benchtime, cpu, mem)
			elapsed := time.Since(t0)
			spent[i] += elapsed
			ro := ParseRun(e.pr.ImportPath, out, e.pr.ImportPath, runErr)
			e.pr.Warnings = append(e.pr.Warnings, ro.Warnings...)
			if ctx.Err() != nil {
				return
			}
			if ro.Err != nil {
				b.Err = ro.Err
				continue
			}
			r := BenchRun{Results: ro.Results, Benchtime: benchtime, CPUProfile: keepIfWritten(cpu), MemProfile: keepIfWritten(mem), Elapsed: elapsed}
			r.Samples = cpuSamples(r.CPUProfile)
			b.Runs = append(b.Runs, r)
			b.Samples += r.Samples
		}
		if active == 0 {
			return
		}
	}
}

// starting calls EachOptions.Starting, if set, before the next run of b,
// the benchmark at index i.
func (e *eachPackage) starting(i int, b *BenchmarkRuns) {
	if e.opts.Starting == nil {
		return
	}
	runs := e.opts.Count
	if e.opts.Samples > 0 && e.opts.CPUProfile {
		runs = 0 // open-ended: until the sample target or MaxTime
	}
	e.opts.Starting(RunStart{
		Package: e.pr.ImportPath, Benchmark: i + 1, Benchmarks: len(e.pr.Benchmarks),
		Name: b.Name, Run: len(b.Runs) + 1, Runs: runs,
	})
}

// progress writes a line to Options.Progress, if set, when b is done:
// "  Auction/before: 7 runs, 1002 CPU samples in 12s".
func (e *eachPackage) progress(b *BenchmarkRuns, spent time.Duration) {
	if e.opts.Progress == nil {
		return
	}
	line := fmt.Sprintf("  %s: %d %s", b.Name, len(b.Runs), map[bool]string{true: "run", false: "runs"}[len(b.Runs) == 1])
	if e.opts.CPUProfile {
		line += fmt.Sprintf(", %d CPU samples", b.Samples)
	}
	line += fmt.Sprintf(" in %s", spent.Round(100*time.Millisecond))
	switch {
	case b.Err != nil:
		line += " (failed)"
	case b.Capped:
		line += " (time cap reached before the sample target)"
	}
	fmt.Fprintln(e.opts.Progress, line)
}

// wantsRun reports whether b needs another run, and sets b.Capped when the
// time cap ends it short of its sample target.
func (e *eachPackage) wantsRun(b *BenchmarkRuns, spent time.Duration) bool {
	if b.Err != nil {
		return false
	}
	if len(b.Runs) < e.opts.Count {
		return true
	}
	if e.opts.Samples <= 0 || !e.opts.CPUProfile || b.Samples >= e.opts.Samples {
		return false
	}
	if spent >= e.opts.MaxTime {
		b.Capped = true
		return false
	}
	return true
}

// nextBenchtime returns the -test.benchtime of b's next run: the first
// run's Benchtime; then "<N>x", N the first run's iteration count, or more
// when the runs left (at least one, Count−runs if more) need more samples
// each to reach the target, as many as the time left before MaxTime
// allows.
func (e *eachPackage) nextBenchtime(b *BenchmarkRuns, spent time.Duration) string {
	opts := e.opts
	if len(b.Runs) == 0 {
		return opts.Benchtime
	}
	first := b.Runs[0]
	iters, secOp := iterations(first.Results)
	if iters <= 0 {
		return opts.Benchtime
	}
	n := float64(iters)
	if opts.Samples > 0 && opts.CPUProfile && b.Samples < opts.Samples {
		left := max(opts.Count-len(b.Runs), 1)
		need := float64(opts.Samples-b.Samples) / float64(left)
		var ops int
		for _, r := range b.Runs {
			k, _ := iterations(r.Results)
			ops += k
		}
		if b.Samples > 0 && ops > 0 {
			n = max(n, math.Ceil(need/(float64(b.Samples)/float64(ops))))
		} else {
			n = max(n, 4*n) // no sample yet: grow until one shows
		}
		// Keep within the time left: the runs so far tell the wall time
		// per iteration, process start included.
		if secOp > 0 {
			budget := (opts.MaxTime - spent).Seconds() / float64(left)
			n = min(n, math.Max(float64(iters), budget/secOp))
		}
	}
	return strconv.FormatInt(int64(n), 10) + "x"
}

// iterations returns the iteration count and sec/op of the first result
// in rs, or 0.
func iterations(rs []*benchfmt.Result) (int, float64) {
	for _, r := range rs {
		if v, ok := r.Value("sec/op"); ok {
			return r.Iters, v
		}
	}
	return 0, 0
}

// cpuSamples returns the number of samples in the CPU profile at path:
// the sum of the "samples" values (Go's CPU profiles count them in
// samples/count), or 0 if it cannot be read.
func cpuSamples(path string) int {
	if path == "" {
		return 0
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	p, err := profile.ParseData(data)
	if err != nil {
		return 0
	}
	idx := -1
	for i, st := range p.SampleType {
		if st.Type == "samples" {
			idx = i
		}
	}
	if idx < 0 {
		return len(p.Sample)
	}
	var n int64
	for _, s := range p.Sample {
		n += s.Value[idx]
	}
	return int(n)
}

// build compiles the package's test binary.
func (e *eachPackage) build(ctx context.Context) error {
	cmd, out := e.command(ctx, e.opts.Dir, "go", "test", "-c", "-o", e.bin, e.pr.ImportPath)
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		var lines []string
		for _, l := range strings.Split(out.String(), "\n") {
			if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
				lines = append(lines, l)
			}
		}
		if len(lines) > 10 {
			lines = append(lines[:10], fmt.Sprintf("(%d more lines)", len(lines)-10))
		}
		return fmt.Errorf("%w in %s: %s", ErrBuild, e.pr.ImportPath, strings.Join(lines, "\n\t"))
	}
	if _, err := os.Stat(e.bin); err != nil {
		return fmt.Errorf("%w in %s: go test -c wrote no test binary", ErrBuild, e.pr.ImportPath)
	}
	return nil
}

// list returns the package's top-level benchmark functions, as the test
// binary's -test.list reports them.
func (e *eachPackage) list(ctx context.Context) ([]string, error) {
	cmd, out := e.command(ctx, e.pr.Dir, e.bin, "-test.list=^Benchmark")
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("%w in %s: listing benchmarks: %v: %s", ErrFailed, e.pr.ImportPath, err, strings.TrimSpace(lastLines(out.String(), 5)))
	}
	var funcs []string
	for _, l := range strings.Split(out.String(), "\n") {
		if l = strings.TrimSpace(l); isBenchmarkName(l) {
			funcs = append(funcs, l)
		}
	}
	return funcs, nil
}

// exec runs the test binary on the benchmarks sel selects and returns its
// output, which is also appended to the package's raw output.
func (e *eachPackage) exec(ctx context.Context, sel, benchtime, cpu, mem string) ([]byte, error) {
	args := []string{"-test.run=^$", "-test.bench=" + sel, "-test.benchmem", "-test.count=1", "-test.benchtime=" + benchtime}
	if cpu != "" {
		args = append(args, "-test.cpuprofile="+cpu)
	}
	if mem != "" {
		args = append(args, "-test.memprofile="+mem)
	}
	// go test runs a test binary in the package's directory.
	cmd, out := e.command(ctx, e.pr.Dir, e.bin, args...)
	err := cmd.Run()
	AwaitInterrupt(ctx, err)
	e.raw.Write(out.Bytes())
	return out.Bytes(), err
}

// command prepares a command run in dir whose output, stdout and stderr
// together, goes to the returned buffer, and which ending ctx kills with
// its process group.
func (e *eachPackage) command(ctx context.Context, dir, name string, args ...string) (*exec.Cmd, *bytes.Buffer) {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = e.opts.Env
	out := new(bytes.Buffer)
	cmd.Stdout, cmd.Stderr = out, out
	killGroupOnCancel(cmd)
	cmd.WaitDelay = 5 * time.Second
	return cmd, out
}

// splitBench splits a -bench expression into its first level and the rest,
// at the first slash outside brackets and parentheses, as the testing
// package matches levels.
func splitBench(re string) (top, rest string) {
	depth := 0
	for i := 0; i < len(re); i++ {
		switch re[i] {
		case '\\':
			i++
		case '[', '(':
			depth++
		case ']', ')':
			depth--
		case '/':
			if depth == 0 {
				return re[:i], re[i+1:]
			}
		}
	}
	return re, ""
}

// leafSelector returns the -test.bench expression that selects exactly b:
// each level of its name quoted and anchored.
func leafSelector(b *BenchmarkRuns) string {
	levels := strings.Split(b.Name, "/")
	levels[0] = b.Func
	for i, l := range levels {
		levels[i] = "^" + regexp.QuoteMeta(l) + "$"
	}
	return strings.Join(levels, "/")
}

// fileSafe turns a benchmark name into a file name element.
func fileSafe(name string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case 'a' <= r && r <= 'z', 'A' <= r && r <= 'Z', '0' <= r && r <= '9', r == '.', r == '-':
			return r
		}
		return '_'
	}, name)
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
