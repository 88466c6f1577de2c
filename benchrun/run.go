package benchrun

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"golang.org/x/perf/benchfmt"
)

// DefaultTimeout is the time limit of one package when Options.Timeout is
// zero; it is the go test default.
const DefaultTimeout = 10 * time.Minute

// Errors that a PackageResult.Err wraps, for callers to test with errors.Is.
// A package stopped because Run's context ended wraps the context's error
// instead.
var (
	// ErrNoPackages is returned (wrapped) by Run when the patterns match
	// no package.
	ErrNoPackages = errors.New("patterns matched no packages")
	// ErrLoad means the go command could not find or parse the package.
	ErrLoad = errors.New("cannot load")
	// ErrBuild means the package or its tests did not compile.
	ErrBuild = errors.New("build failed")
	// ErrPanic means a benchmark panicked.
	ErrPanic = errors.New("benchmark panicked")
	// ErrTimeout means the package exceeded its time limit and was killed.
	ErrTimeout = errors.New("benchmarks timed out")
	// ErrFailed means go test failed for another reason, such as a call
	// to b.Fatal or os.Exit in a benchmark.
	ErrFailed = errors.New("benchmarks failed")
)

// Options configure Run. The zero value runs every benchmark once with the
// go command's default benchmark time.
type Options struct {
	// Dir is the directory in which the go command runs and patterns are
	// resolved, as with its -C flag; "" means the current directory.
	Dir string
	// Bench is the -bench regular expression; "" means ".", every
	// benchmark.
	Bench string
	// Count is the -count of runs of each benchmark; 0 means 1.
	Count int
	// Benchtime is the -benchtime value, such as "1x" or "200ms"; ""
	// leaves the go command's default (1s).
	Benchtime string
	// Timeout limits the wall time of one package, building and running
	// its benchmarks together; 0 means DefaultTimeout. A package that
	// exceeds it is killed, with the test binary, and reported with
	// ErrTimeout; the other packages still run.
	Timeout time.Duration
	// OutDir is the directory that receives the raw output and profiles of
	// each package, as <import path with / as _>.txt, .cpu.pprof and
	// .mem.pprof; it is created if needed, kept by Close, and relative to
	// the current directory (not Dir). "" means a new temporary directory,
	// removed by Result.Close.
	OutDir string
	// CPUProfile and MemProfile request a CPU and a heap profile of each
	// package (go test -cpuprofile and -memprofile).
	CPUProfile, MemProfile bool
	// Progress, if not nil, receives one line as each package starts:
	// "bench 2/5 example.com/m/pkg (elapsed 12s, ETA 18s)".
	Progress io.Writer
	// Env, if not nil, is the environment of the go command.
	Env []string
}

// Result holds what Run measured. Its files live in Dir; call Close when
// done with them.
type Result struct {
	// Dir is the directory holding the raw output and profile files of
	// the packages: Options.OutDir, or a temporary directory.
	Dir string
	// Packages are the packages the patterns matched, in the order of
	// go list (sorted by import path), including skipped ones.
	Packages []PackageResult

	removeDir bool // Dir is Run's temporary directory
}

// Close removes Dir if Run created it as a temporary directory; the file
// paths in Packages are then no longer valid. It does nothing when
// Options.OutDir was set. Close may be called more than once.
func (r *Result) Close() error {
	if r == nil || !r.removeDir {
		return nil
	}
	r.removeDir = false
	return os.RemoveAll(r.Dir)
}

// PackageResult is the outcome of one package.
type PackageResult struct {
	// ImportPath is the package's import path.
	ImportPath string
	// Dir is the package's source directory.
	Dir string
	// Skipped is true when the package has no benchmark functions; it was
	// not run and has no results or files.
	Skipped bool
	// Results are the benchmark results in output order, one per run of
	// a benchmark (Count per benchmark). Their units are tidied by
	// benchfmt: time is "sec/op" (the original "ns/op" is in
	// Value.OrigUnit), memory "B/op" and "allocs/op"; custom metrics
	// from b.ReportMetric keep their unit. Results read before a
	// failure are kept. The caller owns them.
	Results []*benchfmt.Result
	// Units holds the unit metadata (such as assume=exact) declared in the
	// output.
	Units benchfmt.UnitMetadataMap
	// RawFile is the path of the go test output, in the Go benchmark
	// format (readable by benchstat); "" if the package did not run.
	RawFile string
	// CPUProfile and MemProfile are the paths of the pprof profiles when
	// requested and written; "" otherwise (for example after a panic).
	CPUProfile, MemProfile string
	// Elapsed is the wall time of the package's go test, build included.
	Elapsed time.Duration
	// Err, if not nil, says why the package's results are missing or
	// incomplete. It names the package and wraps ErrLoad, ErrBuild, ErrPanic,
	// ErrTimeout, ErrFailed, or the context's error.
	Err error
	// Warnings are problems in the output that did not stop parsing,
	// such as malformed benchmark lines (*benchfmt.SyntaxError).
	Warnings []error
	// Benchmarks, filled by RunEach only, are the runs of each benchmark
	// on its own, with their profiles, in the order they were found.
	Benchmarks []BenchmarkRuns
}

// Run runs the benchmarks of the packages matching patterns ("." if none),
// one package at a time. It returns an error, and no Result, when the
// packages cannot be listed or the output directory cannot be made.
// Failures of single packages are in their PackageResult.Err.
//
// When ctx ends, Run stops the package being run and returns the Result so
// far together with ctx.Err(). The caller must Close a non-nil Result.
func Run(ctx context.Context, patterns []string, opts Options) (*Result, error) {
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	if opts.Bench == "" {
		opts.Bench = "."
	}
	if opts.Count <= 0 {
		opts.Count = 1
	}
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	return eachPackageOf(ctx, patterns, opts.Dir, opts.Env, opts.OutDir, opts.Progress, func(pr *PackageResult, outDir, scratch, stem string) {
		runPackage(ctx, pr, &opts, outDir, scratch, stem)
	})
}

// eachPackageOf lists the packages matching patterns in dir, prepares the
// Result (its output directory, outDir or a temporary one) and a scratch
// directory for test binaries, and calls run, one package after the other,
// on each package that has benchmarks, with a progress line before each.
// When ctx ends, the packages not yet run get an error saying so, and the
// Result so far is returned with ctx.Err(). Run and RunEach share it.
func eachPackageOf(ctx context.Context, patterns []string, dir string, env []string, outDir string, progress io.Writer,
	run func(pr *PackageResult, outDir, scratch, stem string)) (*Result, error) {
	listed, err := listPackages(ctx, dir, env, patterns)
	if err != nil {
		return nil, err
	}
	res := &Result{Dir: outDir}
	if res.Dir == "" {
		if res.Dir, err = os.MkdirTemp("", "perfproof-bench-"); err != nil {
			return nil, fmt.Errorf("creating output directory: %w", err)
		}
		res.removeDir = true
	} else {
		if res.Dir, err = filepath.Abs(res.Dir); err != nil {
			return nil, fmt.Errorf("output directory %s: %w", outDir, err)
		}
		if err := os.MkdirAll(res.Dir, 0o777); err != nil {
			return nil, fmt.Errorf("creating output directory: %w", err)
		}
	}
	// Test binaries are large and of no use once run: they go to a
	// scratch directory removed before returning.
	scratch, err := os.MkdirTemp("", "perfproof-benchbin-")
	if err != nil {
		res.Close()
		return nil, fmt.Errorf("creating scratch directory: %w", err)
	}
	defer os.RemoveAll(scratch)

	var toRun []int
	for i, p := range listed {
		pr := PackageResult{ImportPath: p.ImportPath, Dir: p.Dir}
		switch {
		case p.Error != nil:
			pr.Err = fmt.Errorf("%w %s: %s", ErrLoad, p.ImportPath, strings.TrimSpace(p.Error.Err))
		case !hasBenchmarks(p):
			pr.Skipped = true
		default:
			toRun = append(toRun, i)
		}
		res.Packages = append(res.Packages, pr)
	}
	names := fileNames(listed)
	start := time.Now()
	for done, i := range toRun {
		if err := ctx.Err(); err != nil {
			for _, j := range toRun[done:] {
				res.Packages[j].Err = fmt.Errorf("benchmarks of %s not run: %w", res.Packages[j].ImportPath, err)
			}
			return res, err
		}
		pr := &res.Packages[i]
		if progress != nil {
			fmt.Fprintln(progress, progressLine(done, len(toRun), pr.ImportPath, time.Since(start)))
		}
		run(pr, res.Dir, scratch, names[i])
	}
	return res, ctx.Err()
}

// progressLine describes the start of package done+1 of n, with an
// estimate of the time left from the mean time of the packages done.
func progressLine(done, n int, pkg string, elapsed time.Duration) string {
	s := fmt.Sprintf("bench %d/%d %s (elapsed %s", done+1, n, pkg, elapsed.Round(time.Second))
	if done > 0 {
		eta := elapsed / time.Duration(done) * time.Duration(n-done)
		s += fmt.Sprintf(", ETA %s", eta.Round(time.Second))
	}
	return s + ")"
}

// fileNames returns a distinct file name stem for each package, made from
// its import path.
func fileNames(pkgs []listedPackage) []string {
	seen := make(map[string]bool)
	names := make([]string, len(pkgs))
	for i, p := range pkgs {
		base := strings.Map(func(r rune) rune {
			switch {
			case 'a' <= r && r <= 'z', 'A' <= r && r <= 'Z', '0' <= r && r <= '9', r == '.', r == '-':
				return r
			}
			return '_'
		}, p.ImportPath)
		name := base
		for n := 2; seen[name]; n++ {
			name = base + "-" + strconv.Itoa(n)
		}
		seen[name] = true
		names[i] = name
	}
	return names
}

// runPackage runs the benchmarks of one package and fills in pr.
func runPackage(ctx context.Context, pr *PackageResult, opts *Options, outDir, scratch, name string) {
	pr.RawFile = filepath.Join(outDir, name+".txt")
	args := []string{"test",
		"-run=^$",
		"-bench=" + opts.Bench,
		"-benchmem",
		"-count=" + strconv.Itoa(opts.Count),
		// A second guard, should killing the process group fail: the
		// test binary stops itself a little after the limit.
		"-timeout=" + (opts.Timeout + opts.Timeout/10 + 5*time.Second).String(),
		"-o=" + filepath.Join(scratch, name+".test"),
	}
	if opts.Benchtime != "" {
		args = append(args, "-benchtime="+opts.Benchtime)
	}
	if opts.CPUProfile {
		pr.CPUProfile = filepath.Join(outDir, name+".cpu.pprof")
		args = append(args, "-cpuprofile="+pr.CPUProfile)
	}
	if opts.MemProfile {
		pr.MemProfile = filepath.Join(outDir, name+".mem.pprof")
		args = append(args, "-memprofile="+pr.MemProfile)
	}
	args = append(args, pr.ImportPath)

	raw, err := os.Create(pr.RawFile)
	if err != nil {
		pr.RawFile, pr.CPUProfile, pr.MemProfile = "", "", ""
		pr.Err = fmt.Errorf("running benchmarks of %s: %w", pr.ImportPath, err)
		return
	}
	defer raw.Close()

	pctx, cancel := context.WithTimeout(ctx, opts.Timeout)
	defer cancel()
	cmd := exec.CommandContext(pctx, "go", args...)
	cmd.Dir = opts.Dir
	cmd.Env = opts.Env
	cmd.Stdout = raw // the test binary's stdout and stderr both come here
	stderr := &cappedBuffer{max: 64 << 10}
	cmd.Stderr = stderr
	killGroupOnCancel(cmd)
	// If a stray process still holds stderr open after the kill, stop
	// waiting for it.
	cmd.WaitDelay = 5 * time.Second

	start := time.Now()
	runErr := cmd.Run()
	pr.Elapsed = time.Since(start)
	AwaitInterrupt(ctx, runErr)

	out, readErr := os.ReadFile(pr.RawFile)
	if readErr != nil {
		pr.Err = fmt.Errorf("reading output of %s: %w", pr.ImportPath, readErr)
		return
	}
	var panicLine int
	var timeless []string
	pr.Results, pr.Units, pr.Warnings, panicLine, timeless = parseOutput(out, pr.RawFile)
	pr.CPUProfile = keepIfWritten(pr.CPUProfile)
	pr.MemProfile = keepIfWritten(pr.MemProfile)

	switch {
	case ctx.Err() != nil:
		pr.Err = fmt.Errorf("benchmarks of %s stopped: %w", pr.ImportPath, ctx.Err())
	case errors.Is(pctx.Err(), context.DeadlineExceeded):
		pr.Err = fmt.Errorf("%w in %s after %s (build and run); it was killed; raise the timeout or select fewer or shorter benchmarks", ErrTimeout, pr.ImportPath, opts.Timeout)
	case runErr != nil:
		pr.Err = classifyFailure(pr.ImportPath, runErr, out, panicLine, stderr.String())
	default:
		pr.Err = timelessError(pr.ImportPath, timeless)
	}
}

// keepIfWritten returns path if it names a non-empty file, else "".
func keepIfWritten(path string) string {
	if path == "" {
		return ""
	}
	if fi, err := os.Stat(path); err != nil || fi.Size() == 0 {
		return ""
	}
	return path
}

// cappedBuffer keeps the first max bytes written to it and drops the rest.
type cappedBuffer struct {
	buf []byte
	max int
}

func (b *cappedBuffer) Write(p []byte) (int, error) {
	if room := b.max - len(b.buf); room > 0 {
		b.buf = append(b.buf, p[:min(room, len(p))]...)
	}
	return len(p), nil
}

func (b *cappedBuffer) String() string { return string(b.buf) }
