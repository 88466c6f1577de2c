package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/google/pprof/profile"

	"github.com/perfproof/perfproof/analysis/suite"
	"github.com/perfproof/perfproof/benchrun"
	"github.com/perfproof/perfproof/cost"
	"github.com/perfproof/perfproof/finding"
	"github.com/perfproof/perfproof/report"
	"github.com/perfproof/perfproof/scan"
)

func init() {
	register(&command{
		name:    "report",
		summary: "scan, run benchmarks with profiles, rank findings by measured cost",
		usage:   "report [-C dir] [-bench regexp] [-count n] [-benchtime d] [-samples n] [-max-time d] [-timeout d] [-profile file]... [-o file|dir/] [-html file] [-json] [packages]",
		doc: `
Report is the main job: it scans the named packages (default "./...") with
every check, runs each of their benchmarks on its own with CPU and memory
profiles, joins each finding with its share of each benchmark that runs it,
adds profile-only findings (allocation sites and reflection-based encoding
at 5% or more of a benchmark), and writes the findings ranked by what they
cost in the benchmark where they cost most, as Markdown: a summary table
with each share's 95% confidence interval, the cost per op it accounts
for and its Amdahl bound, a section per finding, the benchmark table, the
environment and the commands to reproduce.

Each benchmark (each leaf sub-benchmark) runs in processes of its own, at
least -count times, until its CPU profiles hold -samples samples (a Go CPU
profile takes 100 a second) or its runs reach -max-time; the first run
lasts -benchtime, the later ones repeat an iteration count. Neighbours in
the ranking whose intervals overlap are named, and a benchmark whose time
per op varies by more than ±10% is flagged as noisy.

-profile file (repeatable) takes existing pprof CPU or heap profiles, for
example from a production net/http/pprof endpoint, instead of running
benchmarks; their shares of the whole profile rank the findings. With
-bench as well, both are used and each finding also lists its benchmarks.
Without benchmarks or profiles the findings are listed unranked.

-o file writes the report to file, refusing to overwrite a file that is not
a perfproof report; -o dir/ writes dir/report.md and dir/report.html and
keeps the raw benchmark output and every run's profiles beside them.
-html file writes the report as one self-contained HTML page (no script,
nothing fetched): a bar chart of the shares with their intervals, and code
excerpts shaded by the CPU share of each line.

-json prints {"findings":[...],"errors":[...]} with "cost" filled (and
"cost.by_benchmark") and the findings in rank order. Exit status: 0 no
findings, 1 findings, 2 an error (-bench matching no benchmark; a
benchmark that fails, panics or times out: the report is still written,
with the other benchmarks' results).`,
		flags: reportFlags,
	})
}

// stringList is a repeatable string flag.
type stringList []string

func (l *stringList) String() string     { return strings.Join(*l, ",") }
func (l *stringList) Set(s string) error { *l = append(*l, s); return nil }

func reportFlags(fs *flag.FlagSet) func(context.Context, []string, io.Writer, io.Writer) error {
	dir := dirFlag(fs)
	bench := fs.String("bench", ".", "run only benchmarks matching `regexp`")
	count := fs.Int("count", 6, "run each benchmark at least `n` times, each run in a process of its own")
	benchtime := fs.String("benchtime", "100ms", "run each benchmark's first run for duration `d` or Nx iterations; later runs repeat its iteration count, raised to reach -samples")
	samples := fs.Int("samples", 1000, "profile each benchmark until its CPU profiles hold `n` samples (100 per second of CPU), or -max-time; 0: -count runs only")
	maxTime := fs.Duration("max-time", benchrun.DefaultMaxTime, "stop adding runs to a benchmark after duration `d` of its runs, even short of -samples")
	timeout := fs.Duration("timeout", benchrun.DefaultTimeout, "kill a package's build and benchmarks after duration `d`")
	var profiles stringList
	fs.Var(&profiles, "profile", "use the pprof CPU or heap profile in `file` (repeatable; relative to -C dir)")
	htmlOut := fs.String("html", "", "also write the report as one self-contained HTML page to `file` (relative to -C dir)")
	out := fs.String("o", "", "write the Markdown report to `file` (relative to -C dir) instead of stdout; a name ending in / is a directory that receives report.md, the raw benchmark output and the profiles")
	asJSON := fs.Bool("json", false, "print findings with costs as one JSON object")
	return func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
		if len(args) == 0 {
			args = []string{"./..."}
		}
		runBench := len(profiles) == 0
		fs.Visit(func(f *flag.Flag) {
			if f.Name == "bench" {
				runBench = true
			}
		})
		// Check what can be checked before the long work: the output
		// file, and the profiles given.
		outFile, keepDir, err := reportOutput(*dir, *out)
		if err != nil {
			return err
		}
		htmlFile := ""
		switch {
		case *htmlOut != "":
			htmlFile = inDir(*dir, *htmlOut)
		case keepDir != "":
			htmlFile = filepath.Join(keepDir, "report.html")
		}
		if htmlFile != "" {
			if err := checkOverwrite(htmlFile, htmlMarker); err != nil {
				return err
			}
		}
		var paths []string // profile files, relative to -C dir like the go command's paths
		for _, p := range profiles {
			paths = append(paths, inDir(*dir, p))
		}
		var given *cost.Profiles
		if len(paths) > 0 {
			if given, err = cost.Load(paths...); err != nil {
				return fmt.Errorf("%w\nPass pprof CPU or heap profiles, e.g. from go test -cpuprofile/-memprofile or net/http/pprof", err)
			}
		}

		res, err := scan.Run(ctx, suite.Analyzers(), args, scan.Options{Dir: *dir, Tests: true})
		if err != nil {
			if res != nil {
				printErrors(stderr, res.Errors)
			}
			return err
		}
		printErrors(stderr, res.Errors)

		rep := &report.Report{
			Title:      "perfproof report: " + strings.Join(args, " "),
			BaseDir:    workDir(*dir),
			Env:        environment(),
			Incomplete: res.Summary(),
		}
		if rep.Incomplete != "" {
			fmt.Fprintf(stderr, "perfproof report: %s\n", rep.Incomplete)
		}
		var benchErr error
		var measured []string // import paths of the packages benchmarked
		var benches []cost.Benchmark
		if runBench {
			br, err := benchrun.RunEach(ctx, args, benchrun.EachOptions{
				Dir: *dir, Bench: *bench, Count: *count, Benchtime: *benchtime, Timeout: *timeout,
				CPUProfile: true, MemProfile: true, Samples: *samples, MaxTime: *maxTime,
				Progress: stderr, OutDir: keepDir,
			})
			if br == nil {
				return err
			}
			defer br.Close()
			if keepDir != "" {
				fmt.Fprintf(stderr, "perfproof report: raw benchmark output and profiles kept in %s\n", keepDir)
			}
			benchErr = reportBenchOutcome(br, err, *bench)
			for _, p := range br.Packages {
				if p.Err != nil && !errors.Is(p.Err, benchrun.ErrNoMatch) {
					fmt.Fprintf(stderr, "perfproof report: %v\n", p.Err)
					rep.Notes = append(rep.Notes, p.Err.Error())
				}
				if len(p.Results) > 0 {
					measured = append(measured, p.ImportPath)
				}
				bs, err := loadBenchmarks(p)
				if err != nil {
					return err
				}
				benches = append(benches, bs...)
				rep.Benchmarks = append(rep.Benchmarks, summarizeRuns(p)...)
				if len(p.Benchmarks) > 0 {
					rep.Commands = append(rep.Commands, goTestCommand(*dir, p.ImportPath, *bench, *count, *benchtime))
				}
			}
			if errors.Is(benchErr, context.Canceled) {
				return benchErr
			}
		}
		rep.Commands = append(rep.Commands, perfproofCommand(*dir, *bench, runBench, *count, *benchtime, *samples, profiles, args))

		findings := res.Findings
		var kinds profileKinds
		hopts := cost.HotspotOptions{
			Modules: userCode(ctx, *dir, measured), DependencyModules: goListModules(ctx, *dir, "all"), ReadFile: os.ReadFile,
			Resolve: sourceResolver(workDir(*dir)),
		}
		if given != nil {
			for _, w := range given.Warnings {
				fmt.Fprintf(stderr, "perfproof report: warning: %v\n", w)
				rep.Notes = append(rep.Notes, w.Error())
			}
			findings = cost.Join(findings, given)
			hopts.Known = findings
			findings = append(findings, cost.Hotspots(given, hopts)...)
			kinds = profileKinds{CPU: given.HasCPU(), Heap: given.HasHeap()}
		}
		merged := make(map[finding.BenchmarkID]*cost.Profiles) // each benchmark's runs together
		if len(benches) > 0 {
			// Profile-only findings of each benchmark on its own, so that
			// a site that is half of a small benchmark is not lost in the
			// total of a package's others.
			for _, b := range benches {
				ps, err := mergedRuns(b)
				if err != nil {
					return err
				}
				merged[b.BenchmarkID] = ps
				for _, w := range ps.Warnings {
					rep.Notes = appendOnce(rep.Notes, w.Error())
				}
				hopts.Known = findings
				findings = append(findings, cost.Hotspots(ps, hopts)...)
				kinds.CPU = kinds.CPU || ps.HasCPU()
				kinds.Heap = kinds.Heap || ps.HasHeap()
			}
			findings = cost.Attribute(findings, benches, cost.AttributeOptions{Keep: given != nil, Modules: hopts.Modules})
			findings = dropNegligible(findings)
		}
		if given != nil || len(benches) > 0 {
			cost.Rank(findings)
			rep.NoCPUProfile, rep.NoHeapProfile = !kinds.CPU, !kinds.Heap
		} else {
			fmt.Fprintln(stderr, "perfproof report: "+report.UnrankedNote)
		}
		cost.Hotness(findings)
		findings, hidden := dropLow(findings)
		if hidden > 0 {
			rep.Notes = append(rep.Notes, fmt.Sprintf("%d low-confidence %s left out: measured cold (under 0.1 %% of the profiles) or, unmeasured, no call path from a handler, consumer loop or benchmark (perfproof scan -all lists the static ones)", hidden, plural(hidden, "finding", "findings")))
		}
		rep.Findings = findings
		if htmlFile != "" {
			rep.Heat = heat(findings, given, merged)
		}

		if *asJSON {
			if err := writeReportJSON(stdout, rep, res, kinds); err != nil {
				return err
			}
		} else {
			var buf bytes.Buffer
			if err := report.Markdown(&buf, rep); err != nil {
				return err
			}
			if outFile != "" {
				if err := os.WriteFile(outFile, buf.Bytes(), 0o666); err != nil {
					return fmt.Errorf("writing report: %w", err)
				}
				fmt.Fprintf(stderr, "perfproof report: wrote %s\n", outFile)
			} else if _, err := stdout.Write(buf.Bytes()); err != nil {
				return err
			}
		}
		if htmlFile != "" {
			var buf bytes.Buffer
			if err := report.HTML(&buf, rep); err != nil {
				return err
			}
			if err := os.WriteFile(htmlFile, buf.Bytes(), 0o666); err != nil {
				return fmt.Errorf("writing HTML report: %w", err)
			}
			fmt.Fprintf(stderr, "perfproof report: wrote %s\n", htmlFile)
		}
		switch {
		case benchErr != nil:
			return benchErr
		case len(findings) > 0:
			return errFound
		case rep.Incomplete != "":
			return fmt.Errorf("%s; the report is incomplete", rep.Incomplete)
		}
		return nil
	}
}

// writeReportJSON prints the report as the JSON object of DESIGN.md —
// "findings" (in rank order, "cost" filled) and "errors" — plus
// "benchmarks" (median and 95% CI per unit: sec_per_op, b_per_op,
// allocs_per_op, each {"median","lo","hi","n"} or null), "notes", and
// "profiles" (which kinds were joined), and "not_analysed" (as scan -json
// gives it).
func writeReportJSON(w io.Writer, rep *report.Report, res *scan.Result, kinds profileKinds) error {
	errs, na := res.Errors, res.NotAnalysed
	if na == nil {
		na = []scan.Unanalysed{}
	}
	fs := rep.Findings
	if fs == nil {
		fs = []finding.Finding{}
	}
	if errs == nil {
		errs = []scan.PackageError{}
	}
	bms := rep.Benchmarks
	if bms == nil {
		bms = []report.Benchmark{}
	}
	notes := rep.Notes
	if notes == nil {
		notes = []string{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(struct {
		Findings   []finding.Finding   `json:"findings"`
		Errors     []scan.PackageError `json:"errors"`
		Benchmarks []report.Benchmark  `json:"benchmarks"`
		Notes      []string            `json:"notes"`
		Profiles   profileKinds        `json:"profiles"`
		// NotAnalysed as in scan -json.
		NotAnalysed []scan.Unanalysed `json:"not_analysed"`
	}{fs, errs, bms, notes, kinds, na})
}

// profileKinds says which kinds of profile a report joined.
type profileKinds struct {
	CPU  bool `json:"cpu"`
	Heap bool `json:"heap"`
}

// sourceResolver returns a cost.HotspotOptions.Resolve for profiles that
// may come from elsewhere (a production binary built in /go/src/app, or
// with -trimpath, which records "example.com/m/pkg/file.go"): a file name
// that exists is kept; otherwise the longest suffix of at least a
// directory and a file name that exists under root, the module being
// reported on, is used; failing that the name is kept.
func sourceResolver(root string) func(string) string {
	cache := make(map[string]string)
	return func(name string) string {
		if r, ok := cache[name]; ok {
			return r
		}
		r := name
		if _, err := os.Stat(name); err != nil {
			parts := strings.Split(filepath.ToSlash(name), "/")
			for i := 1; i+2 <= len(parts); i++ {
				cand := filepath.Join(root, filepath.FromSlash(strings.Join(parts[i:], "/")))
				if fi, err := os.Stat(cand); err == nil && !fi.IsDir() {
					r = cand
					break
				}
			}
		}
		cache[name] = r
		return r
	}
}

// userCode returns the HotspotOptions.Modules for the measured packages:
// the main modules of dir (go list -m), so that a site inside a dependency
// is charged to the module's own line that calls into it, the line a user
// can change; or the measured packages themselves when one is in the
// standard library, as when perfproof reports on encoding/json; nil
// (cost's default: everything outside the standard library) when the go
// command cannot say.
func userCode(ctx context.Context, dir string, measured []string) []string {
	for _, p := range measured {
		if first, _, _ := strings.Cut(p, "/"); !strings.Contains(first, ".") {
			return measured
		}
	}
	return goListModules(ctx, dir)
}

// goListModules returns the module paths go list -m prints in dir for
// args (none: the main modules; "all": the build list), or nil when the
// go command fails or there is no module.
func goListModules(ctx context.Context, dir string, args ...string) []string {
	cmd := exec.CommandContext(ctx, "go", append([]string{"list", "-m", "-f", "{{.Path}}"}, args...)...)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return nil
	}
	// Outside a module the go command names the pseudo-module of the
	// command line.
	mods := slices.DeleteFunc(strings.Fields(string(out)), func(m string) bool { return m == "command-line-arguments" })
	if len(mods) == 0 {
		return nil
	}
	return mods
}

// reportOutput checks -o before any work is done. It returns the report
// file to write ("" for stdout) and, for -o ending in a slash, the
// directory that keeps the raw benchmark output and profiles. An existing
// file that is not a report perfproof wrote is never overwritten.
func reportOutput(dir, out string) (file, keepDir string, err error) {
	if out == "" {
		return "", "", nil
	}
	path := inDir(dir, out)
	if strings.HasSuffix(out, "/") || isDir(path) {
		if err := os.MkdirAll(path, 0o777); err != nil {
			return "", "", fmt.Errorf("-o %s: %w", out, err)
		}
		keepDir, path = path, filepath.Join(path, "report.md")
	}
	if err := checkOverwrite(path, reportMarker); err != nil {
		return "", "", err
	}
	return path, keepDir, nil
}

// reportMarker starts every Markdown report perfproof writes, htmlMarker
// every HTML report.
const (
	reportMarker = "# perfproof report"
	htmlMarker   = "<!DOCTYPE html>\n" + report.HTMLMarker
)

// checkOverwrite returns an error if path exists and does not start with
// marker: it is not a report perfproof wrote.
func checkOverwrite(path, marker string) error {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("-o %s: %w", path, err)
	}
	defer f.Close()
	head := make([]byte, len(marker))
	n, _ := io.ReadFull(f, head)
	if string(head[:n]) != marker {
		return fmt.Errorf("-o %s: the file exists and is not a report perfproof wrote; refusing to overwrite it: remove it or name another file", path)
	}
	return nil
}

func isDir(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}

// reportBenchOutcome returns the error of report's benchmark runs: the
// context's error; a failed package; or, when packages have benchmarks
// but -bench matches none of them, an error listing the benchmarks there
// are. Packages without benchmarks are not an error: the findings are
// then listed unranked.
func reportBenchOutcome(br *benchrun.Result, runErr error, bench string) error {
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
		return fmt.Errorf("%d of %d packages with benchmarks failed; the report holds the results of the others", failed, failed+ran+unmatched)
	case ran == 0 && unmatched > 0:
		return fmt.Errorf("-bench %q matches no benchmark:\n\t%s", bench, strings.Join(have, "\n\t"))
	}
	return nil
}

// loadBenchmarks loads the profiles of each run of each benchmark of p.
func loadBenchmarks(p benchrun.PackageResult) ([]cost.Benchmark, error) {
	var out []cost.Benchmark
	for _, b := range p.Benchmarks {
		cb := cost.Benchmark{BenchmarkID: finding.BenchmarkID{Package: p.ImportPath, Name: b.Name}, Samples: b.Samples}
		for _, r := range b.Runs {
			paths := appendNonEmpty(nil, r.CPUProfile, r.MemProfile)
			if len(paths) == 0 {
				continue
			}
			ps, err := cost.Load(paths...)
			if err != nil {
				return nil, fmt.Errorf("profiles of %s %s: %w", p.ImportPath, b.Name, err)
			}
			run := cost.BenchmarkRun{Profiles: ps, SecPerOp: math.NaN(), BytesPerOp: math.NaN(), AllocsPerOp: math.NaN()}
			for _, res := range r.Results {
				if v, ok := res.Value("sec/op"); ok {
					run.SecPerOp = v
				}
				if v, ok := res.Value("B/op"); ok {
					run.BytesPerOp = v
				}
				if v, ok := res.Value("allocs/op"); ok {
					run.AllocsPerOp = v
				}
			}
			cb.Runs = append(cb.Runs, run)
		}
		if len(cb.Runs) > 0 {
			out = append(out, cb)
		}
	}
	return out, nil
}

// mergedRuns returns the profiles of all runs of b together.
func mergedRuns(b cost.Benchmark) (*cost.Profiles, error) {
	var ps []*profile.Profile
	for _, r := range b.Runs {
		ps = append(ps, r.Profiles.CPU...)
		ps = append(ps, r.Profiles.Heap...)
	}
	return cost.New(ps...)
}

// summarizeRuns summarises p's benchmarks with their runs and samples.
func summarizeRuns(p benchrun.PackageResult) []report.Benchmark {
	bs := report.Summarize(p.ImportPath, p.Results)
	for i := range bs {
		for _, b := range p.Benchmarks {
			if b.Name == bs[i].Name {
				bs[i].Runs, bs[i].Samples, bs[i].Capped = len(b.Runs), b.Samples, b.Capped
			}
		}
	}
	return bs
}

// heat returns Report.Heat: for each finding, the CPU share at each line
// of its excerpt, in the profiles its shares are of (its benchmark's, or
// the ones given with -profile).
func heat(fs []finding.Finding, given *cost.Profiles, merged map[finding.BenchmarkID]*cost.Profiles) []map[int]float64 {
	out := make([]map[int]float64, len(fs))
	for i := range fs {
		f := &fs[i]
		ps := given
		if f.Cost != nil && f.Cost.Benchmark != nil {
			ps = merged[*f.Cost.Benchmark]
		}
		if ps == nil || f.Cost == nil || f.Cost.Cold {
			continue
		}
		from, to := report.ExcerptSpan(f)
		out[i] = cost.LineShares(ps, f.File, from, to)
	}
	return out
}

// negligibleShare is the CPU share at or under which removing a line's
// cost speeds its benchmark up by at most 1 % (Amdahl: 1/(1 − 0.0099) ≈
// 1.01).
const negligibleShare = 0.0099

// dropNegligible removes profile-only findings whose Amdahl bound is
// 1.01× or less and whose allocations are under 1 % of their benchmark's:
// such a site is not worth a reader's time. Static findings are kept: the
// check found a pattern, and measuring it small is news too.
func dropNegligible(fs []finding.Finding) []finding.Finding {
	kept := fs[:0]
	for _, f := range fs {
		if c := f.Cost; f.Analyzer == "profile" && c != nil && c.CPULine <= negligibleShare && c.AllocBytes < 0.01 && c.AllocObjects < 0.01 {
			continue
		}
		kept = append(kept, f)
	}
	return kept
}

func appendOnce(list []string, s string) []string {
	if slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}

func appendNonEmpty(list []string, items ...string) []string {
	for _, s := range items {
		if s != "" {
			list = append(list, s)
		}
	}
	return list
}

// goTestCommand returns the go test command line that reproduces one
// package's measurement, with profile files named after the package.
func goTestCommand(dir, pkg, bench string, count int, benchtime string) string {
	var b strings.Builder
	if dir != "" {
		fmt.Fprintf(&b, "cd %s && ", shellQuote(dir))
	}
	fmt.Fprintf(&b, "go test -run='^$' -bench=%s -benchmem -count=%d", shellQuote(bench), count)
	if benchtime != "" {
		fmt.Fprintf(&b, " -benchtime=%s", benchtime)
	}
	stem := benchrun.FileName(pkg)
	fmt.Fprintf(&b, " -cpuprofile=%s.cpu.pprof -memprofile=%s.mem.pprof %s", stem, stem, pkg)
	return b.String()
}

func perfproofCommand(dir, bench string, runBench bool, count int, benchtime string, samples int, profiles []string, args []string) string {
	parts := []string{"perfproof report"}
	if dir != "" {
		parts = append(parts, "-C", shellQuote(dir))
	}
	if runBench {
		parts = append(parts, "-bench", shellQuote(bench), fmt.Sprintf("-count %d", count), "-benchtime", benchtime, fmt.Sprintf("-samples %d", samples))
	}
	for _, p := range profiles {
		parts = append(parts, "-profile", shellQuote(p))
	}
	return strings.Join(append(parts, args...), " ")
}

func shellQuote(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t\n'\"$`\\*?[]|&;<>()^") {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// environment describes the machine the report was measured on, from the
// Go runtime and, on Linux, /proc/cpuinfo and /proc/loadavg.
func environment() report.Env {
	env := report.Env{
		GoVersion:  runtime.Version(),
		GOOS:       runtime.GOOS,
		GOARCH:     runtime.GOARCH,
		GOMAXPROCS: runtime.GOMAXPROCS(0),
		Date:       time.Now().UTC().Truncate(time.Second),
	}
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
				env.CPU = strings.TrimSpace(v)
				break
			}
		}
	}
	if b, err := os.ReadFile("/proc/loadavg"); err == nil {
		if f := strings.Fields(string(b)); len(f) >= 3 {
			env.LoadAvg = strings.Join(f[:3], " ")
		}
	}
	return env
}

// dropLow returns fs without the findings of low confidence, and how many
// it left out.
func dropLow(fs []finding.Finding) ([]finding.Finding, int) {
	kept := fs[:0]
	for _, f := range fs {
		if f.Hot == nil || f.Hot.Confidence != finding.ConfidenceLow {
			kept = append(kept, f)
		}
	}
	return kept, len(fs) - len(kept)
}
