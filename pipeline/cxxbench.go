package pipeline

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"golang.org/x/perf/benchfmt"

	"github.com/perfproof/perfproof/benchrun"
	"github.com/perfproof/perfproof/cxx"
	"github.com/perfproof/perfproof/cxx/gbench"
)

// DefaultCxxBenchtime is the run length of each benchmark of BenchCxx
// when CxxBenchOptions.Benchtime is "": Google Benchmark's own default
// minimum time (0.5 s in 1.7).
const DefaultCxxBenchtime = 500 * time.Millisecond

// CxxBenchOptions configure BenchCxx. The zero value runs every benchmark
// of every benchmark executable once, for DefaultCxxBenchtime.
type CxxBenchOptions struct {
	// Bench is the BENCHMARK_FILTER regular expression (Google
	// Benchmark's syntax); "" or "." runs every benchmark.
	Bench string
	// Count is the number of runs of each executable; each run gives
	// each benchmark one result. Below 1 means 1.
	Count int
	// Benchtime is each run's minimum time per benchmark, a duration
	// such as "1s" (BENCHMARK_MIN_TIME); "" means DefaultCxxBenchtime.
	// Google Benchmark 1.7.1 takes no iteration count.
	Benchtime string
	// Timeout kills one run of an executable after this long; 0 means
	// benchrun.DefaultTimeout.
	Timeout time.Duration
	// CMakeArgs are added to the configuration (cxx.Configure);
	// ExeArgs are the executables' own arguments by target name.
	CMakeArgs []string
	ExeArgs   map[string][]string
	// OutDir, if not "", receives each run's JSON output
	// (<target>.<run>.json) and, per executable, the results in the Go
	// benchmark format (<target>.txt, readable by benchstat).
	OutDir string
	// Progress, if not nil, receives a line per build and run.
	Progress io.Writer
}

// BenchCxx runs the Google Benchmark executables of the C++ CMake project
// in dir, as perfproof bench does the benchmarks of Go packages: it
// configures the project in Release and builds its benchmark targets in
// a temporary folder (cxx.BuildBenchmarks: never in dir), then runs each
// executable opts.Count times with Google Benchmark's settings in its
// environment (cxx.Run). Each executable is one PackageResult, its
// ImportPath the target's name, its Results those of package
// cxx/gbench.GoResults (sec/op from real_time, cpu-sec/op from cpu_time,
// B/s, items/s, counters), so that report.BenchText and jsonout.Bench
// render them; no profiles are written (perfproof report profiles C++
// benchmarks with gperftools).
//
// It returns an error, and no Result, when Benchtime is not a positive
// duration, or the project does not configure or build (wrapping
// cxx.ErrBuild); a run that fails or times out sets its executable's Err,
// keeping the results before it, and the other executables go on.
func BenchCxx(ctx context.Context, dir string, opts CxxBenchOptions) (*benchrun.Result, error) {
	minTime := DefaultCxxBenchtime
	if opts.Benchtime != "" {
		d, err := time.ParseDuration(opts.Benchtime)
		if err != nil || d <= 0 {
			return nil, usagef("-benchtime %q: a C++ project's benchmarks take a duration such as 1s (Google Benchmark's minimum time; 1.7 takes no iteration count)", opts.Benchtime)
		}
		minTime = d
	}
	src, err := filepath.Abs(cmp.Or(dir, "."))
	if err != nil {
		return nil, err
	}
	build, err := os.MkdirTemp("", "perfproof-cxx-bench-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(build)
	progress := func(format string, args ...any) {
		if opts.Progress != nil {
			fmt.Fprintf(opts.Progress, format+"\n", args...)
		}
	}
	progress("building %s (Release) in %s", src, build)
	exes, err := cxx.BuildBenchmarks(ctx, src, build, opts.CMakeArgs)
	if err != nil {
		return nil, fmt.Errorf("building %s: %w", src, err)
	}
	for name := range opts.ExeArgs {
		found := false
		for _, e := range exes {
			found = found || e.Name == name
		}
		if !found {
			return nil, usagef("-exe-args: %s is not a benchmark executable of %s", name, src)
		}
	}
	filter := opts.Bench
	if filter == "." {
		filter = ""
	}
	timeout := cmp.Or(opts.Timeout, benchrun.DefaultTimeout)
	res := &benchrun.Result{}
	for _, exe := range exes {
		start := time.Now()
		pr := benchrun.PackageResult{ImportPath: exe.Name, Dir: src}
		// Google Benchmark prints no results when the filter matches none
		// of an executable's benchmarks: list them first.
		names, err := cxx.List(ctx, exe, filter, timeout, opts.ExeArgs[exe.Name]...)
		switch {
		case err != nil:
			pr.Err = fmt.Errorf("%s: listing its benchmarks: %w", exe.Name, err)
		case len(names) == 0:
			pr.Skipped = true
		}
		for run := 1; run <= max(opts.Count, 1) && pr.Err == nil && !pr.Skipped; run++ {
			progress("bench %s run %d/%d", exe.Name, run, max(opts.Count, 1))
			o, raw, err := cxx.Run(ctx, exe, cxx.RunSpec{Filter: filter, MinTime: minTime, Timeout: timeout, Args: opts.ExeArgs[exe.Name]})
			if opts.OutDir != "" && len(raw) > 0 {
				if werr := os.WriteFile(filepath.Join(opts.OutDir, exe.Name+"."+strconv.Itoa(run)+".json"), raw, 0o666); werr != nil {
					pr.Err = werr
					break
				}
			}
			if err != nil {
				pr.Err = fmt.Errorf("%s: run %d: %w", exe.Name, run, err)
				break
			}
			results, errs, warnings := gbench.GoResults(o, exe.Name)
			pr.Results = append(pr.Results, results...)
			pr.Warnings = append(pr.Warnings, warnings...)
			if len(errs) > 0 {
				pr.Err = fmt.Errorf("%s: run %d: %w", exe.Name, run, errors.Join(errs...))
				break
			}
		}
		if opts.OutDir != "" && len(pr.Results) > 0 && pr.Err == nil {
			pr.RawFile = filepath.Join(opts.OutDir, exe.Name+".txt")
			pr.Err = writeGoResults(pr.RawFile, pr.Results)
		}
		pr.Elapsed = time.Since(start)
		res.Packages = append(res.Packages, pr)
		if ctx.Err() != nil {
			return res, ctx.Err()
		}
	}
	return res, nil
}

// writeGoResults writes results to the file path in the Go benchmark
// format.
func writeGoResults(path string, results []*benchfmt.Result) error {
	var b bytes.Buffer
	w := benchfmt.NewWriter(&b)
	for _, r := range results {
		if err := w.Write(r); err != nil {
			return fmt.Errorf("writing %s: %w", path, err)
		}
	}
	return os.WriteFile(path, b.Bytes(), 0o666)
}
