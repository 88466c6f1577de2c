// Package pipeline runs perfproof's pipelines as library calls, for the
// command line and for any command built on them (such as an optimize
// loop).
//
// Report scans packages with every check, runs their benchmarks each on
// its own with CPU and memory profiles (package benchrun), joins the
// findings with their measured cost and adds profile-only findings
// (package cost), ranks them, and returns a report.Report ready to
// render.
//
// CompareSides, CompareVariants and CompareFiles measure or read a
// change before and after (packages revs and prove) and return a
// Comparison ready to render and gate on: the rows, the notes on how the
// samples were taken and how the verdicts were corrected for their
// number, and the errors that make it incomplete.
//
// Verify checks the numeric performance claims of a report (package
// claims) and re-measures those whose benchmarks exist in a module, in a
// temporary copy of it, and returns the verdicts with a typed outcome
// (VerifyOutcome) to gate on.
//
// Scan runs the checks and joins their findings with profiles.
//
// Around the pipelines, the package holds what any front end needs: the
// options as the command line states them, checked (CompareSettings,
// ParseGate, VerifyOptions.Check, SelectChecks), with *UsageError for a
// mistake; the output files, checked before the long work and never
// written over a file perfproof did not write (PlanReportFiles,
// CheckOverwrite, CheckVerifyHTML); and each run's outcome: the lines to
// print beside its output and the error that sets the exit status, nil,
// ErrFound (found something: exit 1) or another error (exit 2).
//
// The pipelines are a package of their own because they span scan,
// benchrun, cost, revs, prove, claims and report, none of which may
// depend on the others this way: report only renders, and the command
// line (internal/cli) only parses flags, calls one function per command
// and maps its outcome to an exit code.
package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/perfproof/perfproof/analysis/suite"
	"github.com/perfproof/perfproof/benchrun"
	"github.com/perfproof/perfproof/cost"
	"github.com/perfproof/perfproof/finding"
	"github.com/perfproof/perfproof/report"
	"github.com/perfproof/perfproof/scan"
)

// Defaults of Options.
const (
	// DefaultCount is the least number of runs of each benchmark, each
	// in a process of its own: six, the fewest for which
	// golang.org/x/perf/benchmath gives a 95 % confidence interval of a
	// median.
	DefaultCount = 6
	// DefaultBenchtime is the -test.benchtime of each benchmark's first
	// run.
	DefaultBenchtime = "100ms"
	// DefaultSamples is the number of CPU profile samples to collect per
	// benchmark: 10 s of CPU at the Go profiler's 100 Hz.
	DefaultSamples = 1000
)

// ErrBenchmarksFailed is wrapped by the error Report returns when the
// benchmarks of some package failed to build, panicked, failed or timed
// out; the Result then holds the other packages' results.
var ErrBenchmarksFailed = errors.New("packages with benchmarks failed")

// Options configure Report. The zero value scans "./..." in the current
// directory and runs every benchmark with the defaults above.
type Options struct {
	// Dir is the directory the go command runs in, as its -C flag; ""
	// means the current directory. Relative Profiles are relative to it.
	Dir string
	// Patterns are the package patterns to scan and benchmark; nil means
	// "./...".
	Patterns []string
	// Analyzers are the checks to run; nil means every check
	// (suite.Analyzers).
	Analyzers []*analysis.Analyzer
	// Bench is the regular expression selecting the benchmarks to run, as
	// go test -bench takes it. "" means every benchmark ("."), unless
	// Profiles are given: then no benchmark runs and the profiles alone
	// rank the findings.
	Bench string
	// Count is the least number of runs of each benchmark; 0 means
	// DefaultCount.
	Count int
	// Benchtime is the -test.benchtime of each benchmark's first run
	// ("100ms", "20x"); later runs repeat its iteration count (see
	// benchrun.EachOptions). "" means DefaultBenchtime.
	Benchtime string
	// Samples is the number of CPU profile samples to collect for each
	// benchmark over its runs; 0 means DefaultSamples, a negative number
	// no target (Count runs only).
	Samples int
	// MaxTime caps the wall time of one benchmark's runs; 0 means
	// benchrun.DefaultMaxTime.
	MaxTime time.Duration
	// Timeout kills a package's build and benchmarks after it; 0 means
	// benchrun.DefaultTimeout.
	Timeout time.Duration
	// Profiles are paths of pprof CPU or heap profiles (for example from a
	// production net/http/pprof endpoint) whose shares of the whole
	// profile rank the findings, instead of or besides the benchmarks.
	Profiles []string
	// OutDir, if not "", keeps the raw benchmark output and every run's
	// profiles; it must exist. "" means a temporary directory removed
	// before Report returns.
	OutDir string
	// Heat fills Report.Heat, the CPU share of each line around each
	// finding, which only the HTML renderer shows.
	Heat bool
	// Progress, if not nil, receives the benchmark runs' progress lines.
	Progress io.Writer
	// Status, if not nil, is called as Report enters each stage, during
	// the scan as scan.Options.Progress is, and during the benchmarks
	// before each benchmark run (benchrun.EachOptions.Starting). Report
	// calls it from one goroutine at a time and waits for it: it must
	// return quickly. nil means no status.
	Status func(ReportStatus)
	// Scanned, if not nil, is called with the scan's result (nil if the
	// scan could not start) and error as soon as the scan is done, before
	// any benchmark runs, so that its errors can be shown early. It must
	// not modify the result. With an error, Report returns it next.
	Scanned func(*scan.Result, error)
}

// A ReportStage is a stage of Report.
type ReportStage int

// The stages of Report, in order.
const (
	// StageScan runs the checks (scan.Run).
	StageScan ReportStage = iota
	// StageBenchmarks runs the benchmarks with profiles (benchrun.RunEach);
	// Options.Progress receives a line per package and per benchmark,
	// and Options.Status a ReportStatus with Run before each run.
	StageBenchmarks
	// StageRank joins the findings with the profiles and ranks them.
	StageRank
)

func (s ReportStage) String() string {
	switch s {
	case StageScan:
		return "scanning"
	case StageBenchmarks:
		return "running benchmarks"
	case StageRank:
		return "ranking findings"
	}
	return fmt.Sprintf("ReportStage(%d)", int(s))
}

// A ReportStatus is the state of a Report, passed to Options.Status.
type ReportStatus struct {
	Stage ReportStage
	// Scan is the scan's progress in StageScan, else the zero value.
	Scan scan.Progress
	// Run, in StageBenchmarks, is the benchmark run about to start: its
	// package, the benchmark's 1-based index among its package's
	// benchmarks and their number, its name and the run's 1-based index
	// and planned number (0 when runs are added until the Samples target
	// is reached, as by default). It is the zero value as the stage
	// begins and in the other stages.
	Run benchrun.RunStart
}

// ProfileKinds says which kinds of profile a report joined: CPU is set
// when a CPU profile was, Heap when a heap profile was.
type ProfileKinds struct {
	CPU  bool `json:"cpu"`
	Heap bool `json:"heap"`
}

// A Result is the outcome of Report.
type Result struct {
	// Report is the report to render: findings in rank order (cost.Rank)
	// with their costs, summarised benchmarks, notes, environment, the
	// commands that reproduce it and, when the scan did not analyse some
	// package, Incomplete. It is nil when Report stopped before the
	// findings were ranked (see Report's errors).
	Report *report.Report
	// Scan is the scan's result, for its Errors, NotAnalysed and
	// Suppressed; its Findings are nil: they became Report.Findings,
	// joined with their costs, filtered and ranked, in their storage.
	Scan *scan.Result
	// Profiles says which kinds of profile were joined with the findings.
	Profiles ProfileKinds
	// Ranked reports that the findings carry measured costs, from
	// benchmarks or Profiles; without either they are listed unranked.
	Ranked bool
	// Benchmarked reports that benchmarks were run (whether or not any
	// matched Bench); OutDir then holds their output.
	Benchmarked bool
	// Failed are the errors of the packages whose benchmarks failed,
	// in package order, as benchrun reports them (naming the package).
	Failed []error
	// Warnings are the data caveats of the Profiles given, such as a
	// profile without line information.
	Warnings []error
}

// Report runs the report pipeline and returns the ranked report.
//
// It loads the Profiles first, so that a malformed one fails before the
// long work; then scans the Patterns with the Analyzers, test files
// included; runs the benchmarks each on its own
// (benchrun.RunEach), unless only Profiles are wanted; joins each finding
// with its share of each benchmark that runs it, adds profile-only
// findings (allocation sites and reflection-based encoding at 5 % or more
// of a benchmark), drops profile-only findings worth at most 1 % of their
// benchmark and findings of low confidence, and ranks the rest by what
// they cost where they cost most.
//
// Errors: a profile that does not load, a scan that fails (wrapping
// scan.ErrNoPackages when the patterns match nothing) and a benchmark
// run that cannot start return a nil Result. Cancelling ctx during the
// benchmarks returns context.Canceled with a Result whose Report is nil
// (Failed and Benchmarked are set), as does a run's profile that does not
// load, with its error. When the benchmarks
// of some packages failed (an error wrapping ErrBenchmarksFailed), or
// Bench matches no benchmark of packages that have some (an error
// wrapping benchrun.ErrNoMatch that lists them), Report returns the
// error with a complete Result: the report holds the others' results.
func Report(ctx context.Context, opts Options) (*Result, error) {
	o := opts.withDefaults()
	var given *cost.Profiles
	if len(o.Profiles) > 0 {
		var err error
		if given, err = LoadProfiles(o.Dir, o.Profiles); err != nil {
			return nil, err
		}
	}

	status := func(s ReportStatus) {
		if opts.Status != nil {
			opts.Status(s)
		}
	}
	so := scan.Options{Dir: o.Dir, Tests: true}
	if opts.Status != nil {
		so.Progress = func(p scan.Progress) { opts.Status(ReportStatus{Stage: StageScan, Scan: p}) }
	}
	sres, err := scan.Run(ctx, o.Analyzers, o.Patterns, so)
	if opts.Scanned != nil {
		opts.Scanned(sres, err)
	}
	if err != nil {
		return nil, err
	}

	res := &Result{Scan: sres}
	rep := &report.Report{
		Title:      "perfproof report: " + strings.Join(o.Patterns, " "),
		BaseDir:    workDir(o.Dir),
		Env:        environment(),
		Incomplete: sres.Summary(),
	}
	var benchErr error
	var measured []string // import paths of the packages benchmarked
	var benches []cost.Benchmark
	runBench := o.Bench != ""
	if runBench {
		status(ReportStatus{Stage: StageBenchmarks})
		eo := benchrun.EachOptions{
			Dir: o.Dir, Bench: o.Bench, Count: o.Count, Benchtime: o.Benchtime, Timeout: o.Timeout,
			CPUProfile: true, MemProfile: true, Samples: max(o.Samples, 0), MaxTime: o.MaxTime,
			Progress: o.Progress, OutDir: o.OutDir,
		}
		if opts.Status != nil {
			eo.Starting = func(r benchrun.RunStart) { opts.Status(ReportStatus{Stage: StageBenchmarks, Run: r}) }
		}
		br, err := benchrun.RunEach(ctx, o.Patterns, eo)
		if br == nil {
			return nil, err
		}
		defer br.Close()
		res.Benchmarked = true
		benchErr = benchOutcome(br, err, o.Bench)
		for _, p := range br.Packages {
			if p.Err != nil && !errors.Is(p.Err, benchrun.ErrNoMatch) {
				res.Failed = append(res.Failed, p.Err)
				rep.Notes = append(rep.Notes, p.Err.Error())
			}
		}
		if errors.Is(benchErr, context.Canceled) {
			return res, benchErr
		}
		for _, p := range br.Packages {
			if len(p.Results) > 0 {
				measured = append(measured, p.ImportPath)
			}
			bs, err := loadBenchmarks(p)
			if err != nil {
				return res, err
			}
			benches = append(benches, bs...)
			rep.Benchmarks = append(rep.Benchmarks, summarizeRuns(p)...)
			if len(p.Benchmarks) > 0 {
				rep.Commands = append(rep.Commands, goTestCommand(o.Dir, p.ImportPath, o.Bench, o.Count, o.Benchtime))
			}
		}
	}
	rep.Commands = append(rep.Commands, perfproofCommand(&o, runBench))
	status(ReportStatus{Stage: StageRank})

	findings := sres.Findings
	sres.Findings = nil // joined, filtered and ranked in place below
	hopts := cost.HotspotOptions{
		Modules: userCode(ctx, o.Dir, measured), DependencyModules: goListModules(ctx, o.Dir, "all"), ReadFile: os.ReadFile,
		Resolve: sourceResolver(workDir(o.Dir)),
	}
	if given != nil {
		for _, w := range given.Warnings {
			res.Warnings = append(res.Warnings, w)
			rep.Notes = append(rep.Notes, w.Error())
		}
		findings = cost.Join(findings, given)
		hopts.Known = findings
		findings = append(findings, cost.Hotspots(given, hopts)...)
		res.Profiles = ProfileKinds{CPU: given.HasCPU(), Heap: given.HasHeap()}
	}
	merged := make(map[finding.BenchmarkID]*cost.Profiles) // each benchmark's runs together
	if len(benches) > 0 {
		// Profile-only findings of each benchmark on its own, so that a
		// site that is half of a small benchmark is not lost in the total
		// of a package's others.
		for _, b := range benches {
			ps, err := mergedRuns(b)
			if err != nil {
				return res, err
			}
			merged[b.BenchmarkID] = ps
			for _, w := range ps.Warnings {
				rep.Notes = appendOnce(rep.Notes, w.Error())
			}
			hopts.Known = findings
			findings = append(findings, cost.Hotspots(ps, hopts)...)
			res.Profiles.CPU = res.Profiles.CPU || ps.HasCPU()
			res.Profiles.Heap = res.Profiles.Heap || ps.HasHeap()
		}
		findings = cost.Attribute(findings, benches, cost.AttributeOptions{Keep: given != nil, Modules: hopts.Modules})
		findings = dropNegligible(findings)
	}
	if given != nil || len(benches) > 0 {
		cost.Rank(findings)
		res.Ranked = true
		rep.NoCPUProfile, rep.NoHeapProfile = !res.Profiles.CPU, !res.Profiles.Heap
	}
	cost.Hotness(findings)
	findings, hidden := finding.DropLow(findings)
	if hidden > 0 {
		rep.Notes = append(rep.Notes, fmt.Sprintf("%d low-confidence %s left out: measured cold (under 0.1 %% of the profiles) or, unmeasured, no call path from a handler, consumer loop or benchmark (perfproof scan -all lists the static ones)", hidden, plural(hidden, "finding", "findings")))
	}
	rep.Findings = findings
	if o.Heat {
		rep.Heat = heat(findings, given, merged)
	}
	res.Report = rep
	return res, benchErr
}

// LoadProfiles loads the pprof CPU or heap profiles at paths as one set
// (cost.Load); a relative path is relative to dir, as the go command's
// -C takes it ("" is the current directory). Its error, of a file that
// cannot be read or is not a profile, says what to pass instead.
func LoadProfiles(dir string, paths []string) (*cost.Profiles, error) {
	ps, err := cost.Load(inDirAll(dir, paths)...)
	if err != nil {
		return nil, fmt.Errorf("%w\nPass pprof CPU or heap profiles, e.g. from go test -cpuprofile/-memprofile or net/http/pprof", err)
	}
	return ps, nil
}

// withDefaults returns o with its zero fields set to their defaults;
// Bench is left "" when only Profiles are wanted.
func (o Options) withDefaults() Options {
	if len(o.Patterns) == 0 {
		o.Patterns = []string{"./..."}
	}
	if o.Analyzers == nil {
		o.Analyzers = suite.Analyzers()
	}
	if o.Bench == "" && len(o.Profiles) == 0 {
		o.Bench = "."
	}
	if o.Count <= 0 {
		o.Count = DefaultCount
	}
	if o.Benchtime == "" {
		o.Benchtime = DefaultBenchtime
	}
	switch {
	case o.Samples == 0:
		o.Samples = DefaultSamples
	case o.Samples < 0:
		o.Samples = 0
	}
	if o.MaxTime <= 0 {
		o.MaxTime = benchrun.DefaultMaxTime
	}
	if o.Timeout <= 0 {
		o.Timeout = benchrun.DefaultTimeout
	}
	return o
}

// benchOutcome returns the error of the benchmark runs: the context's
// error; a failed package; or, when packages have benchmarks but bench
// matches none of them, an error listing the benchmarks there are.
// Packages without benchmarks are not an error: the findings are then
// listed unranked.
func benchOutcome(br *benchrun.Result, runErr error, bench string) error {
	if runErr != nil {
		return runErr
	}
	failed, ran, unmatched := 0, 0, 0
	var have []string
	for _, p := range br.Packages {
		switch {
		case errors.Is(p.Err, benchrun.ErrNoMatch):
			unmatched++
			have = append(have, p.Err.Error())
		case p.Err != nil:
			failed++
		case !p.Skipped:
			ran++
		}
	}
	switch {
	case failed > 0:
		return fmt.Errorf("%d of %d %w; the report holds the results of the others", failed, failed+ran+unmatched, ErrBenchmarksFailed)
	case ran == 0 && unmatched > 0:
		return &noMatchError{bench, have}
	}
	return nil
}

// noMatchError says that bench matches none of the benchmarks of the
// packages that have some; have lists them, a package a line.
type noMatchError struct {
	bench string
	have  []string
}

func (e *noMatchError) Error() string {
	return fmt.Sprintf("-bench %q matches no benchmark:\n\t%s", e.bench, strings.Join(e.have, "\n\t"))
}

func (e *noMatchError) Unwrap() error { return benchrun.ErrNoMatch }

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
