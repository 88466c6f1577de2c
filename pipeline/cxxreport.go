package pipeline

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/google/pprof/profile"

	"github.com/perfproof/perfproof/cost"
	"github.com/perfproof/perfproof/cxx"
	"github.com/perfproof/perfproof/cxx/cpuprof"
	"github.com/perfproof/perfproof/cxx/tidy"
	"github.com/perfproof/perfproof/finding"
	"github.com/perfproof/perfproof/report"
	"github.com/perfproof/perfproof/scan"
)

// ErrCxxBuild is wrapped by ReportCxx's error when the CMake project does
// not configure or build, or builds no Google Benchmark executable.
var ErrCxxBuild = cxx.ErrBuild

// CxxReportOptions configure ReportCxx. The zero value reports on the
// CMake project in the current directory with every benchmark.
type CxxReportOptions struct {
	// Dir is the project's source directory, holding CMakeLists.txt; ""
	// means the current directory. It is never written to: the build
	// goes to a temporary directory.
	Dir string
	// Bench is the BENCHMARK_FILTER regular expression of the
	// benchmarks to profile; "" or "." runs every benchmark.
	Bench string
	// TidyChecks is clang-tidy's -checks value; "" means
	// tidy.DefaultChecks ("-*,performance-*,bugprone-*").
	TidyChecks string
	// MinTime is each benchmark's BENCHMARK_MIN_TIME in seconds; 0
	// means cpuprof.DefaultMinTime.
	MinTime float64
	// CMakeArgs are added to the CMake configuration after perfproof's
	// own, such as -DWITH_SIMD=ON.
	CMakeArgs []string
	// Profiles, if not empty, are CPU profiles to rank the findings by
	// instead of running the benchmarks: each a path (relative to Dir)
	// of a raw gperftools profile (CPUPROFILE=…) or a pprof profile,
	// symbolized or not, or EXE=PATH to name the executable (relative to
	// Dir) that recorded a raw one. Without EXE, a profile that needs
	// symbols is symbolized with the built benchmark executable of the
	// same file name as the profile's main mapping, else with the file
	// the mapping names if it exists.
	Profiles []string
	// OutDir, if not "", keeps each benchmark executable's raw and
	// symbolized profiles and its benchmark JSON; it must exist.
	OutDir string
	// Symbolizer is the tool that gives the profiles' source lines; the
	// zero value means cpuprof.FindSymbolizer (llvm-symbolizer if
	// installed, else addr2line).
	Symbolizer cpuprof.Symbolizer
	// Progress, if not nil, receives one line per stage.
	Progress io.Writer
}

// IsCxxReportDir reports whether report should run ReportCxx on dir ("" is
// the current directory): dir holds a CMakeLists.txt and no go.mod, so
// that a Go module that also builds C++ stays a Go report.
func IsCxxReportDir(dir string) bool {
	dir = cmp.Or(dir, ".")
	fi, err := os.Stat(filepath.Join(dir, "CMakeLists.txt"))
	if err != nil || !fi.Mode().IsRegular() {
		return false
	}
	_, err = os.Stat(filepath.Join(dir, "go.mod"))
	return errors.Is(err, fs.ErrNotExist)
}

// ReportCxx runs the report pipeline on a C++ CMake project whose
// benchmarks use Google Benchmark, and returns the ranked report in a
// Result as Report does, so that the command line renders it (Markdown,
// JSON) the same way.
//
// It configures the project in a temporary directory with
// CMAKE_BUILD_TYPE=RelWithDebInfo (optimised, with the debug information
// the profiles' line numbers need) and CMAKE_EXPORT_COMPILE_COMMANDS=ON,
// builds it, runs clang-tidy on the project's sources listed in
// compile_commands.json (package cxx/tidy), profiles each benchmark
// executable with gperftools (package cxx/cpuprof), joins each finding
// with the CPU samples at its line (cost.Join: shares of all the
// executables' samples together) and ranks them (cost.Rank). A finding
// whose line and enclosing function have no sample is Cold and ranked
// last; unlike Report's, cold findings are kept, since clang-tidy's
// findings have no static hotness of their own to fall back on.
//
// With opts.Profiles, no benchmark runs: the project is still built, for
// clang-tidy's compile database and for the executables that symbolize
// raw profiles (cpuprof.SymbolizeWith), and the findings are joined with
// the profiles given.
//
// Profile-only findings (CxxHotspots: the project's lines taking at least
// 5 % of the CPU, mostly in heap allocation, iostreams or formatting, or
// locking) are ranked with clang-tidy's; a line that clang-tidy reported
// keeps its finding only. Go-specific parts of the Go pipeline are left
// out and said so in the report's notes: report.Env's Go
// version and GOMAXPROCS, and per-benchmark summaries (Report.Benchmarks
// stays empty). A finding's Function is the profile's function that
// encloses its line (see cxxEnclosing), or "" when none does.
//
// Errors, all meaning that the report must not be read as clean: a
// directory without CMakeLists.txt; a profile of opts.Profiles that
// cannot be read, is not a CPU profile, has no sample
// (cpuprof.ErrNoSamples) or has no executable to symbolize it with
// (cpuprof.ErrNoBinary), each naming the file; a build that fails, or no benchmark
// executable (ErrCxxBuild); clang-tidy missing, or no compile command
// (tidy.ErrNoTool, tidy.ErrNoCompileCommands); libprofiler missing,
// a benchmark executable that fails or gives a profile with no sample
// (cpuprof.ErrNoProfiler, cpuprof.ErrNoSamples) — each with a nil
// Result. When clang-tidy failed on some files (tidy.ErrFilesFailed),
// ReportCxx returns the error with a complete Result whose
// Report.Incomplete names them.
func ReportCxx(ctx context.Context, opts CxxReportOptions) (*Result, error) {
	src, err := filepath.Abs(cmp.Or(opts.Dir, "."))
	if err != nil {
		return nil, fmt.Errorf("reporting on C++ project: %w", err)
	}
	if fi, err := os.Stat(filepath.Join(src, "CMakeLists.txt")); err != nil || !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("reporting on C++ project: %s has no CMakeLists.txt", src)
	}
	progress := func(format string, args ...any) {
		if opts.Progress != nil {
			fmt.Fprintf(opts.Progress, "perfproof report: "+format+"\n", args...)
		}
	}
	given, err := readCxxProfiles(src, opts.Profiles) // before the long build
	if err != nil {
		return nil, err
	}
	build, err := os.MkdirTemp("", "perfproof-cxx-report-")
	if err != nil {
		return nil, fmt.Errorf("reporting on %s: %w", src, err)
	}
	defer os.RemoveAll(build)

	progress("building %s (RelWithDebInfo) in %s", src, build)
	// cxx.Configure's own -DCMAKE_BUILD_TYPE=Release comes first; a later
	// definition wins. Only the benchmark executables are built; the
	// compile database lists every source all the same.
	targets, err := cxx.BuildBenchmarks(ctx, src, build, append([]string{"-DCMAKE_BUILD_TYPE=RelWithDebInfo"}, opts.CMakeArgs...))
	if err != nil {
		return nil, fmt.Errorf("building %s: %w", src, err)
	}
	exes := make([]string, len(targets))
	for i, t := range targets {
		exes[i] = t.Path
	}
	if len(exes) == 0 {
		return nil, fmt.Errorf("building %s: no executable links Google Benchmark (benchmark::benchmark): %w", src, ErrCxxBuild)
	}

	progress("running clang-tidy on the sources in %s", filepath.Join(build, "compile_commands.json"))
	tres, tidyErr := tidy.Run(ctx, tidy.Options{SourceDir: src, BuildDir: build, Checks: opts.TidyChecks})
	if tres == nil {
		return nil, tidyErr
	}

	filter := opts.Bench
	if filter == "." {
		filter = ""
	}
	var runs []cpuprof.Run
	var profiles []*profile.Profile
	if len(given) > 0 {
		if err := symbolizeCxxProfiles(ctx, given, exes, opts.Symbolizer, progress); err != nil {
			return nil, err
		}
		for _, g := range given {
			profiles = append(profiles, g.p)
		}
	} else {
		names := make([]string, len(exes))
		for i, e := range exes {
			names[i] = filepath.Base(e)
		}
		progress("profiling %s with gperftools", strings.Join(names, ", "))
		runs, err = cpuprof.Profile(ctx, cpuprof.Options{
			Executables: exes, Filter: filter, MinTime: opts.MinTime, OutDir: opts.OutDir, Symbolizer: opts.Symbolizer,
		})
		if err != nil {
			return nil, err
		}
		for _, r := range runs {
			profiles = append(profiles, r.Profile)
		}
	}
	ps, err := cost.New(profiles...)
	if err != nil {
		return nil, fmt.Errorf("loading the profiles of %s: %w", src, err)
	}

	rep := &report.Report{
		Title:         "perfproof report: " + filepath.Base(src) + " (C++)",
		BaseDir:       src,
		Env:           cxxEnvironment(),
		NoHeapProfile: true,
	}
	res := &Result{
		Report:      rep,
		Scan:        &scan.Result{Packages: len(tres.Files)},
		Profiles:    ProfileKinds{CPU: ps.HasCPU()},
		Ranked:      true,
		Benchmarked: len(given) == 0,
	}
	for _, w := range ps.Warnings {
		res.Warnings = append(res.Warnings, w)
		rep.Notes = append(rep.Notes, w.Error())
	}
	for _, w := range tres.Warnings {
		rep.Notes = append(rep.Notes, "clang-tidy: "+w)
	}
	if len(tres.Failed) > 0 {
		var parts []string
		for _, e := range tres.Failed {
			rel := cxxRel(src, e.File)
			res.Scan.NotAnalysed = append(res.Scan.NotAnalysed, scan.Unanalysed{Package: rel, Checks: []string{"clang-tidy"}, Reason: e.Err.Error()})
			parts = append(parts, rel)
		}
		rep.Incomplete = fmt.Sprintf("clang-tidy failed on %d of %d source files: %s", len(tres.Failed), len(tres.Files), strings.Join(parts, ", "))
	}
	for _, r := range runs {
		rep.Notes = append(rep.Notes, fmt.Sprintf("%s: %d CPU profile samples in %.1f s of wall time (gperftools)", filepath.Base(r.Executable), r.Samples, r.Wall.Seconds()))
	}
	for _, g := range given {
		rep.Notes = append(rep.Notes, g.note)
	}
	hot := CxxHotspots(profiles, CxxHotspotOptions{SourceDir: src, BuildDir: build, Known: tres.Findings})
	rep.Notes = append(rep.Notes,
		fmt.Sprintf("profile-only findings: %d of the project's lines take at least %s of the CPU, mostly in heap allocation, iostreams/formatting or locking", len(hot), cxxPercent(cost.DefaultThreshold)))
	if len(given) == 0 {
		rep.Notes = append(rep.Notes, "C++ benchmarks are profiled, not summarised: their times per op are in each executable's JSON output")
	}

	findings := cxxEnclosing(append(slices.Clone(tres.Findings), hot...), profiles)
	findings = cost.Join(findings, ps)
	cost.Rank(findings)
	cost.Hotness(findings)
	rep.Findings = findings

	configure := append([]string{"cmake", "-S", src, "-B", build, "-DCMAKE_BUILD_TYPE=RelWithDebInfo", "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON"}, opts.CMakeArgs...)
	buildArgs := []string{"cmake", "--build", build, "--target"}
	for _, t := range targets {
		buildArgs = append(buildArgs, t.Name)
	}
	rep.Commands = append(rep.Commands,
		"BUILD=$(mktemp -d)",
		cxxCommand(build, configure),
		cxxCommand(build, buildArgs),
		cxxCommand(build, tres.Command))
	for _, r := range runs {
		rep.Commands = append(rep.Commands, strings.ReplaceAll(r.Command, build, `"$BUILD"`))
	}
	perfproof := "perfproof report -C " + shellQuote(src)
	if filter != "" && len(given) == 0 {
		perfproof += " -bench " + shellQuote(filter)
	}
	for _, spec := range opts.Profiles {
		perfproof += " -profile " + shellQuote(spec)
	}
	rep.Commands = append(rep.Commands, perfproof)
	return res, tidyErr
}

// cxxRel returns file relative to dir when inside it, with forward
// slashes.
func cxxRel(dir, file string) string {
	if rel, err := filepath.Rel(dir, file); err == nil && !strings.HasPrefix(rel, "..") {
		return filepath.ToSlash(rel)
	}
	return file
}

// cxxCommand quotes args for sh and writes the temporary build directory
// as $BUILD.
func cxxCommand(build string, args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		q[i] = shellQuote(a)
	}
	return strings.ReplaceAll(strings.Join(q, " "), build, `"$BUILD"`)
}

// cxxEnclosing returns a copy of fs in which each finding without a
// Function gets the function of the profiles that encloses its line:
// among the functions defined in the finding's file whose first line
// (Function.StartLine, as cpuprof.Symbolize sets it; when unknown, the
// first line sampled in the function stands for it) is at or before the
// finding's line and whose last sampled line is at or after it, the one
// that starts last. A function's extent is only known
// as far as its samples reach, so a finding after its last sampled line
// gets no function, and its CPU share in the function (Cost.CPUCum) is
// then 0.
func cxxEnclosing(fs []finding.Finding, ps []*profile.Profile) []finding.Finding {
	type extent struct{ first, last int64 }
	type key struct{ file, name string }
	ext := make(map[key]*extent)
	for _, p := range ps {
		for _, loc := range p.Location {
			for _, ln := range loc.Line {
				fn := ln.Function
				if fn == nil || fn.Filename == "" || ln.Line <= 0 {
					continue
				}
				k := key{filepath.Clean(fn.Filename), fn.Name}
				e := ext[k]
				if e == nil {
					e = &extent{first: ln.Line, last: ln.Line}
					ext[k] = e
				}
				e.first, e.last = min(e.first, ln.Line), max(e.last, ln.Line)
				if fn.StartLine > 0 {
					e.first = min(e.first, fn.StartLine)
				}
			}
		}
	}
	out := slices.Clone(fs)
	for i := range out {
		f := &out[i]
		if f.Function != "" || f.Line <= 0 {
			continue
		}
		var best int64
		for k, e := range ext {
			l := int64(f.Line)
			if k.file != filepath.Clean(f.File) || l < e.first || e.last < l {
				continue
			}
			if e.first > best || (e.first == best && k.name < f.Function) { // ties by name, for a stable result
				best, f.Function = e.first, k.name
			}
		}
	}
	return out
}

// cxxEnvironment is environment without the Go toolchain's version and
// GOMAXPROCS, which say nothing of a C++ build.
func cxxEnvironment() report.Env {
	env := environment()
	env.GoVersion, env.GOMAXPROCS = "", 0
	return env
}

// cxxProfile is a CPU profile given to ReportCxx.
type cxxProfile struct {
	spec, path, exe string // exe is "" unless given as EXE=PATH
	p               *profile.Profile
	samples         int64
	note            string // set once symbolized
}

// readCxxProfiles reads the profiles of specs (PATH or EXE=PATH, relative
// to dir) with cpuprof.Read; errors name the file.
func readCxxProfiles(dir string, specs []string) ([]*cxxProfile, error) {
	var out []*cxxProfile
	for _, spec := range specs {
		g := &cxxProfile{spec: spec, path: spec}
		if exe, path, ok := strings.Cut(spec, "="); ok && exe != "" && path != "" {
			if _, err := os.Stat(cxxIn(dir, spec)); err != nil { // a file name with "=" is taken as is
				g.exe, g.path = cxxIn(dir, exe), path
			}
		}
		g.path = cxxIn(dir, g.path)
		var err error
		if g.p, g.samples, err = cpuprof.Read(g.path); err != nil {
			return nil, fmt.Errorf("-profile %s: %w", spec, err)
		}
		out = append(out, g)
	}
	return out, nil
}

// cxxIn returns path relative to dir when not absolute.
func cxxIn(dir, path string) string {
	if filepath.IsAbs(path) {
		return path
	}
	return filepath.Join(dir, path)
}

// symbolizeCxxProfiles symbolizes the given profiles that need it: with
// the executable given, else the one of exes with the base name of the
// profile's main mapping, else the mapped file itself if it exists; it
// sets each profile's note, which says which executable symbolized it.
func symbolizeCxxProfiles(ctx context.Context, given []*cxxProfile, exes []string, sym cpuprof.Symbolizer, progress func(string, ...any)) error {
	for _, g := range given {
		rel := g.spec
		if !cpuprof.NeedsSymbols(g.p) {
			g.note = fmt.Sprintf("%s: %d CPU profile samples, given with -profile, already symbolized; no benchmark ran", rel, g.samples)
			continue
		}
		recorded := cpuprof.MainBinary(g.p)
		exe, how := g.exe, "given"
		if exe == "" && recorded != "" {
			for _, e := range exes {
				if filepath.Base(e) == filepath.Base(recorded) {
					exe, how = e, "built here, matched by name to "+recorded
					break
				}
			}
		}
		if exe == "" && recorded != "" {
			if fi, err := os.Stat(recorded); err == nil && fi.Mode().IsRegular() {
				exe, how = recorded, "the file the profile names"
			}
		}
		if exe == "" {
			names := make([]string, len(exes))
			for i, e := range exes {
				names[i] = filepath.Base(e)
			}
			return fmt.Errorf("-profile %s: its main executable %q is not among the built benchmark executables (%s) and does not exist: %w; pass -profile EXE=%s",
				rel, recorded, strings.Join(names, ", "), cpuprof.ErrNoBinary, g.spec)
		}
		if sym.Path == "" {
			var err error
			if sym, err = cpuprof.FindSymbolizer(); err != nil {
				return fmt.Errorf("-profile %s: %w (install binutils or llvm)", rel, err)
			}
		}
		progress("symbolizing %s with %s", g.path, exe)
		if err := cpuprof.SymbolizeWith(ctx, g.p, exe, sym); err != nil {
			return fmt.Errorf("-profile %s: %w", rel, err)
		}
		shown := exe
		if g.exe == "" && exe != recorded {
			shown = filepath.Base(exe)
		}
		g.note = fmt.Sprintf("%s: %d CPU profile samples, given with -profile, symbolized with %s (%s); no benchmark ran", rel, g.samples, shown, how)
	}
	return nil
}
