package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/perfproof/perfproof/benchrun"
	"github.com/perfproof/perfproof/claims"
	"github.com/perfproof/perfproof/prove"
	"github.com/perfproof/perfproof/revs"
	"github.com/perfproof/perfproof/stats"
)

// VerifyOptions configure Verify. The zero value checks the report's
// arithmetic only, at claims.DefaultTolerance.
type VerifyOptions struct {
	// Dir is the directory of the Go module, or of the C++ CMake project
	// (a CMakeLists.txt and no go.mod: its Google Benchmarks), whose
	// benchmarks the report is about, as the go command's -C flag; ""
	// means the current directory. It matters only with Measure.
	Dir string
	// Measure re-measures the claims whose benchmarks exist in the module
	// at Dir, in a temporary copy of it; false checks the arithmetic only.
	Measure bool
	// Tolerance is the relative tolerance on a claimed ratio; 0 means
	// claims.DefaultTolerance.
	Tolerance float64
	// Benchtime is the -test.benchtime of each of the short interleaved
	// rounds that measure time ("20ms", "100x"); "" means prove's
	// default (prove.DefaultBenchtime, with its least iteration count).
	Benchtime string
	// Count is the number of those rounds; 0 means prove.DefaultRounds.
	Count int
	// AllocBenchtime and AllocCount, when set, are the -test.benchtime
	// and the number of runs of each benchmark for B/op and allocs/op
	// figures; "" and 0 mean as the report ran them
	// (claims.VerifyOptions).
	AllocBenchtime string
	AllocCount     int
	// Timeout kills one run of a test binary after it; 0 means
	// prove.DefaultTimeout (benchrun.DefaultTimeout for the listing).
	Timeout time.Duration
	// Progress, if not nil, receives a line as the module is copied, its
	// benchmarks listed and each pair measured.
	Progress io.Writer
	// Warn, if not nil, is called with each warning as it arises: the
	// report's own (claims.Report.Warnings, also kept there), a stale
	// copy cleaned up, a package whose benchmarks failed when listed, a
	// copy that could not be removed.
	Warn func(error)
}

// A VerifyResult is the outcome of Verify.
type VerifyResult struct {
	// Report holds the claims, in line order, with their verdicts, the
	// fact table and the report's warnings.
	Report *claims.Report
	// Unmeasured, when not nil, says why claims were not re-measured
	// though Measure asked for it, without failing the verification:
	// the current directory, Dir being "", is not in a Go module (a
	// *ModuleError), or the module has no benchmark (it wraps
	// claims.ErrNoBenchmarks).
	Unmeasured error
	// MeasureErr, when not nil, stopped or limited the re-measurement:
	// Dir, named, is not in a Go module (a *ModuleError); the module
	// could not be copied; a package's tests do not build or load (it
	// wraps benchrun.ErrBuild or benchrun.ErrLoad); a run failed. The
	// verdicts stand: the claims it left unmeasured keep their
	// arithmetic verdict and say why.
	MeasureErr error
}

// A VerifyOutcome is what a verification comes to, for a gate.
type VerifyOutcome int

const (
	// VerifyPassed: no claim failed, and everything asked for was
	// measured or said why not (VerifyResult.Unmeasured).
	VerifyPassed VerifyOutcome = iota
	// VerifyFailed: a claim's verdict failed (claims.Verdict.Failed).
	VerifyFailed
	// VerifyIncomplete: re-measuring failed (VerifyResult.MeasureErr),
	// whatever the verdicts.
	VerifyIncomplete
)

var verifyOutcomeNames = [...]string{VerifyPassed: "passed", VerifyFailed: "failed", VerifyIncomplete: "incomplete"}

// String returns "passed", "failed" or "incomplete".
func (o VerifyOutcome) String() string {
	if o >= 0 && int(o) < len(verifyOutcomeNames) {
		return verifyOutcomeNames[o]
	}
	return fmt.Sprintf("VerifyOutcome(%d)", int(o))
}

// Outcome returns VerifyIncomplete when MeasureErr is set, else
// VerifyFailed when a claim failed, else VerifyPassed.
func (r *VerifyResult) Outcome() VerifyOutcome {
	if r.MeasureErr != nil {
		return VerifyIncomplete
	}
	for _, c := range r.Report.Claims {
		if c.Verdict.Failed() {
			return VerifyFailed
		}
	}
	return VerifyPassed
}

// A ModuleError says that Dir is not in a Go module, or that the go
// command could not tell (Err, with the go command's message).
type ModuleError struct {
	Dir string
	Err error // nil when go env GOMOD names no module
}

func (e *ModuleError) Error() string {
	if e.Err != nil {
		return e.Err.Error()
	}
	return e.Dir + " is not in a Go module"
}

func (e *ModuleError) Unwrap() error { return e.Err }

// Verify extracts the numeric performance claims of the report src,
// called name in messages (claims.Extract), checks their arithmetic
// and, with opts.Measure, re-measures those whose benchmarks exist in the
// module at opts.Dir (claims.Verify) in a temporary copy of it
// (revs.Session.CopyWorkTree), removed afterwards: the module's own
// directory is only read. A C++ CMake project at opts.Dir is built once
// into a temporary folder and its Google Benchmarks re-measure the claims
// (cxxverify.go); its allocation claims stay unverifiable.
//
// Verify returns an error, and no result, when the report cannot be read
// as text (claims.Extract's error) or the context is canceled while
// measuring; problems of measuring are in VerifyResult.MeasureErr and
// VerifyResult.Unmeasured, beside the verdicts.
func Verify(ctx context.Context, name string, src []byte, opts VerifyOptions) (*VerifyResult, error) {
	rep, err := claims.Extract(name, src, claims.Options{})
	if err != nil {
		return nil, err
	}
	o := &opts
	for _, w := range rep.Warnings {
		o.warn(w)
	}
	res := &VerifyResult{Report: rep}
	if !opts.Measure || len(rep.Claims) == 0 {
		return res, nil
	}
	dir := workDir(opts.Dir)
	var measureErr error
	if IsCxxReportDir(dir) {
		// A C++ CMake project, no go.mod: its Google Benchmarks
		// (cxxverify.go).
		measureErr = o.measureCxx(ctx, dir, rep)
	} else {
		switch err := inModule(ctx, dir); {
		case err == nil:
			measureErr = o.measureInCopy(ctx, dir, rep)
		case opts.Dir == "":
			// No module here and none named: arithmetic only.
			res.Unmeasured = err
		default:
			measureErr = err
		}
	}
	switch {
	case errors.Is(measureErr, context.Canceled):
		return nil, measureErr
	case errors.Is(measureErr, claims.ErrNoBenchmarks):
		res.Unmeasured = measureErr
	default:
		res.MeasureErr = measureErr
	}
	return res, nil
}

// warn passes w to o.Warn, if set.
func (o *VerifyOptions) warn(w error) {
	if o.Warn != nil {
		o.Warn(w)
	}
}

// progress writes a progress line to o.Progress, if set.
func (o *VerifyOptions) progress(format string, args ...any) {
	if o.Progress != nil {
		fmt.Fprintf(o.Progress, format, args...)
	}
}

// inModule returns a *ModuleError unless dir is inside a Go module.
func inModule(ctx context.Context, dir string) error {
	cmd := exec.CommandContext(ctx, "go", "env", "GOMOD")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		if ee, ok := err.(*exec.ExitError); ok && len(ee.Stderr) > 0 {
			err = errors.New(strings.TrimSpace(string(ee.Stderr)))
		}
		return &ModuleError{Dir: dir, Err: err}
	}
	if mod := strings.TrimSpace(string(out)); mod == "" || mod == os.DevNull {
		return &ModuleError{Dir: dir}
	}
	return nil
}

// measureInCopy re-measures the claims of rep in a temporary copy of
// the module dir (revs.Session.CopyWorkTree), never in dir itself, and
// removes the copy.
func (o *VerifyOptions) measureInCopy(ctx context.Context, dir string, rep *claims.Report) error {
	sess, err := revs.Open(ctx, dir)
	if err != nil {
		return fmt.Errorf("copying the module: %w", err)
	}
	for _, w := range sess.Warnings {
		o.warn(w)
	}
	defer func() {
		if cerr := sess.Close(); cerr != nil {
			o.warn(fmt.Errorf("removing the copy of the module: %w", cerr))
		}
	}()
	copyDir, err := sess.CopyWorkTree(ctx, "verify")
	if err != nil {
		return err
	}
	how := "a copy"
	if sess.InRepo() {
		how = "a worktree of HEAD with the uncommitted changes"
	}
	o.progress("verify: running the benchmarks of %s in %s, %s, removed afterwards\n", dir, how, copyDir)
	m := &proveMeasurer{opts: o, dir: copyDir}
	// Build flags that select files (-tags) decide which benchmarks
	// exist: list them with the flags of the report's commands when
	// these agree.
	var flags []string
	for _, g := range rep.Commands {
		if g.Flags != "" && !slices.Contains(flags, g.Flags) {
			flags = append(flags, g.Flags)
		}
	}
	if len(flags) == 1 {
		m.listFlags = flags[0]
	}
	return claims.Verify(ctx, rep.Claims, m, claims.VerifyOptions{Tolerance: o.Tolerance, Dir: dir, Progress: o.Progress,
		Report: rep, AllocBenchtime: o.AllocBenchtime, AllocCount: o.AllocCount})
}

// proveMeasurer is the claims.Measurer of Verify: it re-measures
// benchmarks of the module in dir (a copy of the user's) with
// prove.RunPairs and the statistics of package stats.
type proveMeasurer struct {
	opts      *VerifyOptions
	dir       string
	listFlags string // build flags to list the benchmarks with
}

// Benchmarks lists the module's benchmarks, sub-benchmarks included, by
// running each once (go test -bench=. -benchtime=1x, per package): the
// names of sub-benchmarks exist only at run time. A package whose tests
// do not build or load is an error that names it and quotes the go
// command; other failures (a benchmark that panics at one iteration) are
// warnings, the benchmarks listed before kept.
func (m *proveMeasurer) Benchmarks(ctx context.Context) ([]claims.Benchmark, error) {
	m.opts.progress("verify: listing the benchmarks of %s (each run once)\n", m.dir)
	res, err := benchrun.Run(ctx, []string{"./..."}, benchrun.Options{Dir: m.dir, Bench: ".", Count: 1, Benchtime: "1x", Timeout: m.opts.Timeout,
		Env: measureEnv(claims.Setting{Flags: m.listFlags})})
	if res == nil {
		return nil, fmt.Errorf("listing the benchmarks of %s: %w", m.dir, err)
	}
	defer res.Close()
	var out []claims.Benchmark
	var errs []error
	for _, p := range res.Packages {
		switch {
		case p.Err == nil:
		case errors.Is(p.Err, benchrun.ErrBuild) || errors.Is(p.Err, benchrun.ErrLoad):
			errs = append(errs, p.Err)
		default:
			m.opts.warn(p.Err)
		}
		seen := make(map[string]bool)
		for _, s := range p.Samples() {
			if !seen[s.Name] {
				seen[s.Name] = true
				out = append(out, claims.Benchmark{Package: p.ImportPath, Name: s.Name})
			}
		}
	}
	if err == nil && len(errs) > 0 {
		err = errors.Join(errs...)
	}
	return out, err
}

// measureEnv returns the environment of a measurement with setting s:
// the report's build flags added to GOFLAGS, its -cpu as GOMAXPROCS; nil
// (the current one) when s has neither.
func measureEnv(s claims.Setting) []string {
	if s.Flags == "" && s.Procs == 0 {
		return nil
	}
	env := os.Environ()
	if s.Flags != "" {
		env = append(env, "GOFLAGS="+strings.TrimSpace(os.Getenv("GOFLAGS")+" "+s.Flags))
	}
	if s.Procs > 0 {
		env = append(env, "GOMAXPROCS="+strconv.Itoa(s.Procs))
	}
	return env
}

// Measure runs benchmarks old and new of package pkg as s says: for
// claims.ShortRuns, Count interleaved rounds of Benchtime; otherwise
// s.Count runs of s.Benchtime, with go test's ramp-up in every run for a
// duration (as go test runs), old and new measured apart when the report
// ran them for different iteration counts.
func (m *proveMeasurer) Measure(ctx context.Context, pkg, old, new string, s claims.Setting) (*claims.Measurement, error) {
	opts := prove.Options{Benchtime: m.opts.Benchtime, Rounds: m.opts.Count, Timeout: m.opts.Timeout, Env: measureEnv(s)}
	if s.Source != claims.ShortRuns {
		opts.Benchtime, opts.Rounds = s.Benchtime, s.Count
		opts.RampUp = !strings.HasSuffix(s.Benchtime, "x")
		if s.OldBenchtime != "" && old != new {
			return m.measureApart(ctx, pkg, old, new, s, opts)
		}
	}
	res, err := prove.RunPairs(ctx, m.dir, pkg, []prove.Pair{{Old: old, New: new}}, opts)
	if res == nil {
		return nil, err
	}
	if len(res.Packages) == 0 {
		return nil, fmt.Errorf("measuring %s vs %s in %s: no results", old, new, pkg)
	}
	pr := res.Packages[0]
	method := fmt.Sprintf("%d interleaved rounds of -benchtime=%s on this machine", pr.Rounds, opts.Benchtime)
	if s.Source != claims.ShortRuns {
		method = fmt.Sprintf("%d runs of -benchtime=%s each on this machine", pr.Rounds, opts.Benchtime)
	}
	out := &claims.Measurement{Package: pkg, Old: old, New: new, Method: method}
	for _, c := range pr.Comparisons {
		out.Units = append(out.Units, unitRatio(c.Comparison))
	}
	if err == nil {
		err = pr.Err
	}
	if err != nil && len(out.Units) == 0 {
		return nil, err
	}
	return out, nil
}

// measureApart measures old at s.OldBenchtime and new at s.Benchtime,
// each alone, and compares their samples unit by unit: the report ran
// them for different iteration counts, which one run cannot give both.
func (m *proveMeasurer) measureApart(ctx context.Context, pkg, old, new string, s claims.Setting, opts prove.Options) (*claims.Measurement, error) {
	values := make([]map[string][]float64, 2)
	var units []string
	for k, side := range []struct{ name, benchtime string }{{old, s.OldBenchtime}, {new, s.Benchtime}} {
		o := opts
		o.Benchtime = side.benchtime
		res, err := prove.RunPairs(ctx, m.dir, pkg, []prove.Pair{{Old: side.name, New: side.name}}, o)
		if err == nil && res != nil && len(res.Packages) > 0 {
			err = res.Packages[0].Err
		}
		if err != nil {
			return nil, err
		}
		if res == nil || len(res.Packages) == 0 {
			return nil, fmt.Errorf("measuring %s in %s: no results", side.name, pkg)
		}
		values[k] = make(map[string][]float64)
		for _, smp := range res.Packages[0].Samples {
			if k == 0 {
				units = append(units, smp.Unit)
			}
			values[k][smp.Unit] = smp.New
		}
	}
	out := &claims.Measurement{Package: pkg, Old: old, New: new,
		Method: fmt.Sprintf("%d runs of %s at -benchtime=%s and of %s at -benchtime=%s on this machine", s.Count, old, s.OldBenchtime, new, s.Benchtime)}
	for _, u := range units {
		if len(values[1][u]) == 0 {
			continue
		}
		out.Units = append(out.Units, unitRatio(stats.Compare(old+" vs "+new, u, values[0][u], values[1][u], stats.Options{})))
	}
	return out, nil
}

// unitRatio is the claims.UnitRatio of a comparison: its medians, its
// ratio new/old with the confidence interval, and the smaller side's
// number of samples.
func unitRatio(c stats.Comparison) claims.UnitRatio {
	return claims.UnitRatio{
		Unit: c.Unit, OldMedian: c.Old.Median, NewMedian: c.New.Median,
		Ratio: c.Ratio, RatioLo: c.RatioLo, RatioHi: c.RatioHi, N: min(c.Old.N, c.New.N),
	}
}
