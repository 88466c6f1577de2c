// Package cpuprof profiles the Google Benchmark executables of a C++
// project with gperftools' CPU profiler and returns symbolized pprof
// profiles, with file and line information, that package cost joins with
// findings.
//
// Each executable runs once with libprofiler preloaded (LD_PRELOAD) and
// CPUPROFILE set, so the binary measured is the one built, unchanged: no
// relinking with -lprofiler, which Debian's default --as-needed linking
// would drop anyway unless the program calls the profiler. The raw
// gperftools profile is parsed by github.com/google/pprof/profile and
// symbolized with llvm-symbolizer or addr2line (see Symbolize); the build
// must carry debug information (RelWithDebInfo, or -g).
//
// The profiler's timer is the process's ITIMER_PROF, whose resolution is
// the kernel's tick: CPUPROFILE_FREQUENCY above the tick rate (often 250
// Hz) gives no more samples, so a benchmark needs about 4 s of CPU for
// 1000 samples at 250 Hz.
package cpuprof

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/google/pprof/profile"
)

// Defaults of Options.
const (
	// DefaultMinTime is the BENCHMARK_MIN_TIME of each benchmark, in
	// seconds: at a 250 Hz tick, about 500 samples per benchmark.
	DefaultMinTime = 2.0
	// DefaultFrequency is CPUPROFILE_FREQUENCY, in samples per second of
	// CPU; the kernel's tick caps what is reached (see the package doc).
	DefaultFrequency = 1000
)

// ErrNoProfiler is matched by Profile's error when gperftools' libprofiler
// cannot be found.
var ErrNoProfiler = errors.New("gperftools libprofiler not found")

// ErrNoSamples is matched by Profile's error when a benchmark executable ran
// but its profile holds no sample, so nothing can be ranked by it.
var ErrNoSamples = errors.New("CPU profile has no samples")

// Options configure Profile.
type Options struct {
	// Executables are the Google Benchmark executables to profile, as
	// absolute paths; each runs once, all its benchmarks in one process.
	Executables []string
	// Filter is the BENCHMARK_FILTER regular expression (RE2-like, as
	// Google Benchmark takes it); "" runs every benchmark.
	Filter string
	// MinTime is each benchmark's BENCHMARK_MIN_TIME in seconds; 0
	// means DefaultMinTime.
	MinTime float64
	// Frequency is CPUPROFILE_FREQUENCY; 0 means DefaultFrequency.
	Frequency int
	// Library is the path of libprofiler.so; "" means FindProfiler.
	Library string
	// Symbolizer is the symbolizer to run; the zero value means
	// FindSymbolizer.
	Symbolizer Symbolizer
	// OutDir receives each executable's raw profile (NAME.prof), its
	// symbolized profile (NAME.pb.gz) and its benchmark output
	// (NAME.json), NAME being the executable's file name (with "-2",
	// "-3" added for a name met again), and is the runs' working directory; it must exist. ""
	// means a temporary directory removed before Profile returns.
	OutDir string
}

// A Run is the profile of one benchmark executable.
type Run struct {
	// Executable is the absolute path of the executable.
	Executable string
	// Profile is the symbolized CPU profile, with sample types
	// samples/count and cpu/nanoseconds.
	Profile *profile.Profile
	// Samples is the number of profile samples (the sum of the sample
	// counts).
	Samples int64
	// Wall is the wall time of the run.
	Wall time.Duration
	// Output is the benchmark's JSON output (BENCHMARK_FORMAT=json).
	Output []byte
	// Command is the command line that reproduces the run, quoted for sh,
	// environment first.
	Command string
}

// FindProfiler returns the path of gperftools' libprofiler shared
// library in the usual library directories (Debian's multiarch
// directories, /usr/lib, /usr/local/lib), preferring the run-time name
// libprofiler.so.0, or ErrNoProfiler.
func FindProfiler() (string, error) {
	var dirs []string
	if ms, _ := filepath.Glob("/usr/lib/*-linux-gnu"); len(ms) > 0 {
		dirs = append(dirs, ms...)
	}
	dirs = append(dirs, "/usr/lib", "/usr/lib64", "/usr/local/lib")
	for _, name := range []string{"libprofiler.so.0", "libprofiler.so"} {
		for _, d := range dirs {
			p := filepath.Join(d, name)
			if _, err := os.Stat(p); err == nil {
				return p, nil
			}
		}
	}
	return "", fmt.Errorf("looking for libprofiler.so.0 in %s: %w (install google-perftools or libgoogle-perftools-dev)", strings.Join(dirs, ", "), ErrNoProfiler)
}

// Profile runs each of opts.Executables under the CPU profiler, one after
// another, and returns their symbolized profiles in the same order.
//
// Errors: ErrNoProfiler, ErrNoSymbolizer; an executable that fails (its
// exit status and the end of its standard error are in the error, which
// names it); a profile that does not parse or symbolize; and ErrNoSamples
// naming an executable whose profile has no sample (for example when
// Filter matches none of its benchmarks and it still exits 0). On error
// no Run is returned.
func Profile(ctx context.Context, opts Options) ([]Run, error) {
	if len(opts.Executables) == 0 {
		return nil, errors.New("profiling benchmarks: no benchmark executable")
	}
	lib := opts.Library
	if lib == "" {
		var err error
		if lib, err = FindProfiler(); err != nil {
			return nil, err
		}
	}
	sym := opts.Symbolizer
	if sym.Path == "" {
		var err error
		if sym, err = FindSymbolizer(); err != nil {
			return nil, fmt.Errorf("profiling benchmarks: %w (install binutils or llvm)", err)
		}
	}
	out := opts.OutDir
	if out != "" {
		var err error
		if out, err = filepath.Abs(out); err != nil { // the runs' working directory is out
			return nil, fmt.Errorf("profiling benchmarks: %w", err)
		}
	} else {
		tmp, err := os.MkdirTemp("", "perfproof-cpuprof-")
		if err != nil {
			return nil, fmt.Errorf("profiling benchmarks: %w", err)
		}
		defer os.RemoveAll(tmp)
		out = tmp
	}
	minTime, freq := opts.MinTime, opts.Frequency
	if minTime <= 0 {
		minTime = DefaultMinTime
	}
	if freq <= 0 {
		freq = DefaultFrequency
	}
	var runs []Run
	stems := make(map[string]int) // file names in out, made unique
	for _, exe := range opts.Executables {
		stem := filepath.Base(exe)
		if stems[stem]++; stems[stem] > 1 {
			stem += "-" + strconv.Itoa(stems[stem])
		}
		r, err := profileOne(ctx, exe, stem, opts.Filter, minTime, freq, lib, sym, out)
		if err != nil {
			return nil, err
		}
		runs = append(runs, r)
	}
	return runs, nil
}

// profileOne profiles exe, writing its files as stem.prof, stem.pb.gz and
// stem.json in out.
func profileOne(ctx context.Context, exe, stem, filter string, minTime float64, freq int, lib string, sym Symbolizer, out string) (Run, error) {
	name := stem
	raw := filepath.Join(out, name+".prof")
	if err := os.Remove(raw); err != nil && !errors.Is(err, os.ErrNotExist) {
		return Run{}, fmt.Errorf("profiling %s: %w", exe, err) // a stale profile must not pass for this run's
	}
	// Google Benchmark's settings go in its BENCHMARK_* environment
	// variables, not as arguments, as package cxx runs them: a main()
	// that reads its own arguments before benchmark::Initialize runs all
	// the same. Google Benchmark 1.7 takes seconds as a float; 1.8 also
	// takes the same form.
	args := []string{
		"BENCHMARK_FORMAT=json",
		"BENCHMARK_MIN_TIME=" + strconv.FormatFloat(minTime, 'f', -1, 64),
	}
	if filter != "" {
		args = append(args, "BENCHMARK_FILTER="+filter)
	}
	env := []string{"LD_PRELOAD=" + lib, "CPUPROFILE=" + raw, "CPUPROFILE_FREQUENCY=" + strconv.Itoa(freq)}
	cmd := exec.CommandContext(ctx, exe)
	cmd.Dir = out
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "BENCHMARK_") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(append(cmd.Env, env...), args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	line := append(append([]string{env[0], "CPUPROFILE=" + name + ".prof", env[2]}, args...), exe)
	r := Run{Executable: exe, Wall: time.Since(start), Output: stdout.Bytes(), Command: shellQuote(line)}
	if err != nil {
		if ctx.Err() != nil {
			return r, fmt.Errorf("profiling %s: %w", exe, ctx.Err())
		}
		return r, fmt.Errorf("profiling %s: %w\n%s", exe, err, tail(stderr.String(), 2048))
	}
	if werr := os.WriteFile(filepath.Join(out, name+".json"), r.Output, 0o644); werr != nil {
		return r, fmt.Errorf("profiling %s: %w", exe, werr)
	}
	data, err := os.ReadFile(raw)
	if errors.Is(err, os.ErrNotExist) {
		return r, fmt.Errorf("profiling %s: no profile written to %s (was libprofiler %s loaded?): %w", exe, raw, lib, ErrNoSamples)
	}
	if err != nil {
		return r, fmt.Errorf("profiling %s: %w", exe, err)
	}
	p, err := profile.ParseData(data)
	if err != nil {
		return r, fmt.Errorf("parsing profile %s of %s: %w", raw, exe, err)
	}
	for _, s := range p.Sample {
		if len(s.Value) > 0 {
			r.Samples += s.Value[0]
		}
	}
	if r.Samples == 0 {
		return r, fmt.Errorf("profiling %s: %w (filter %q; does it match a benchmark?)", exe, ErrNoSamples, filter)
	}
	if err := Symbolize(ctx, p, sym); err != nil {
		return r, fmt.Errorf("profile of %s: %w", exe, err)
	}
	r.Profile = p
	f, err := os.Create(filepath.Join(out, name+".pb.gz"))
	if err != nil {
		return r, fmt.Errorf("profiling %s: %w", exe, err)
	}
	if err := p.Write(f); err != nil {
		f.Close()
		return r, fmt.Errorf("writing profile of %s: %w", exe, err)
	}
	if err := f.Close(); err != nil {
		return r, fmt.Errorf("writing profile of %s: %w", exe, err)
	}
	return r, nil
}

// tail returns the last n bytes of s, trimmed.
func tail(s string, n int) string {
	if len(s) > n {
		s = "…" + s[len(s)-n:]
	}
	return strings.TrimSpace(s)
}

// shellQuote joins args quoted for sh.
func shellQuote(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		if a != "" && strings.Trim(a, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_=./,:+") == "" {
			q[i] = a
		} else {
			q[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
	}
	return strings.Join(q, " ")
}
