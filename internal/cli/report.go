package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

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
		usage:   "report [-C dir] [-bench regexp] [-count n] [-benchtime d] [-timeout d] [-profile file]... [-o file] [-json] [packages]",
		doc: `
Report is the main job: it scans the named packages (default "./...") with
every check, runs their benchmarks with CPU and memory profiles (as
perfproof bench does), joins each finding with its measured share of CPU and
allocations, adds profile-only findings (allocation sites and reflection-based
encoding at 5% or more), and writes the findings ranked by cost, highest
first, as Markdown: a summary table with the Amdahl bound of each finding, a
section per finding with the code, why it costs and the fix, the benchmark
table, the environment and the commands to reproduce.

-profile file (repeatable) takes existing pprof CPU or heap profiles, for
example from a production net/http/pprof endpoint, instead of running
benchmarks; with -bench as well, both are used. Without benchmarks or
profiles the findings are listed unranked.

-json prints {"findings":[...],"errors":[...]} with "cost" filled and the
findings in rank order. Exit status: 0 no findings, 1 findings, 2 an error
(a benchmark that fails, panics or times out: the report is still written,
with the other packages' results).`,
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
	count := fs.Int("count", 6, "run each benchmark `n` times")
	benchtime := fs.String("benchtime", "100ms", "run each benchmark for duration `d` or Nx iterations")
	timeout := fs.Duration("timeout", benchrun.DefaultTimeout, "kill a package's build and benchmarks after duration `d`")
	var profiles stringList
	fs.Var(&profiles, "profile", "use the pprof CPU or heap profile in `file` (repeatable; relative to -C dir)")
	out := fs.String("o", "", "write the Markdown report to `file` (relative to -C dir) instead of stdout")
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
		var paths []string    // profile files, relative to -C dir like the go command's paths
		for _, p := range profiles {
			paths = append(paths, inDir(*dir, p))
		}
		if runBench {
			br, err := benchrun.Run(ctx, args, benchrun.Options{
				Dir: *dir, Bench: *bench, Count: *count, Benchtime: *benchtime, Timeout: *timeout,
				CPUProfile: true, MemProfile: true, Progress: stderr,
			})
			if br == nil {
				return err
			}
			defer br.Close()
			benchErr = benchOutcome(io.Discard, br, err, "")
			for _, p := range br.Packages {
				if p.Err != nil {
					fmt.Fprintf(stderr, "perfproof report: %v\n", p.Err)
					rep.Notes = append(rep.Notes, p.Err.Error())
				}
				paths = appendNonEmpty(paths, p.CPUProfile, p.MemProfile)
				if len(p.Results) > 0 {
					measured = append(measured, p.ImportPath)
				}
				rep.Benchmarks = append(rep.Benchmarks, report.Summarize(p.ImportPath, p.Results)...)
				if !p.Skipped && p.Err == nil || len(p.Results) > 0 {
					rep.Commands = append(rep.Commands, goTestCommand(*dir, p.ImportPath, *bench, *count, *benchtime))
				}
			}
			if errors.Is(benchErr, context.Canceled) {
				return benchErr
			}
		}
		rep.Commands = append(rep.Commands, perfproofCommand(*dir, *bench, *count, *benchtime, profiles, args))

		findings := res.Findings
		var kinds profileKinds
		if len(paths) > 0 {
			ps, err := cost.Load(paths...)
			if err != nil {
				return fmt.Errorf("%w\nPass pprof CPU or heap profiles, e.g. from go test -cpuprofile/-memprofile or net/http/pprof", err)
			}
			for _, w := range ps.Warnings {
				fmt.Fprintf(stderr, "perfproof report: warning: %v\n", w)
				rep.Notes = append(rep.Notes, w.Error())
			}
			findings = cost.Join(findings, ps)
			findings = append(findings, cost.Hotspots(ps, cost.HotspotOptions{
				Known: findings, Modules: userCode(measured), ReadFile: os.ReadFile,
				Resolve: sourceResolver(workDir(*dir)),
			})...)
			cost.Rank(findings)
			kinds = profileKinds{CPU: ps.HasCPU(), Heap: ps.HasHeap()}
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

		if *asJSON {
			if err := writeReportJSON(stdout, rep, res, kinds); err != nil {
				return err
			}
		} else {
			var buf bytes.Buffer
			if err := report.Markdown(&buf, rep); err != nil {
				return err
			}
			if *out != "" {
				*out = inDir(*dir, *out)
				if err := os.WriteFile(*out, buf.Bytes(), 0o666); err != nil {
					return fmt.Errorf("writing report: %w", err)
				}
				fmt.Fprintf(stderr, "perfproof report: wrote %s\n", *out)
			} else if _, err := stdout.Write(buf.Bytes()); err != nil {
				return err
			}
		}
		switch {
		case benchErr != nil && !isNoBenchmarks(benchErr):
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
// nil (cost's default: everything outside the standard library) unless a
// measured package is in the standard library, as when perfproof reports
// on encoding/json itself; then the measured packages are the user code.
func userCode(measured []string) []string {
	for _, p := range measured {
		if first, _, _ := strings.Cut(p, "/"); !strings.Contains(first, ".") {
			return measured
		}
	}
	return nil
}

// isNoBenchmarks reports whether err only says that no package had
// benchmarks: report then lists the findings unranked, which is not an
// error.
func isNoBenchmarks(err error) bool {
	return strings.HasPrefix(err.Error(), "no benchmarks in the named packages")
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
// package's measurement.
func goTestCommand(dir, pkg, bench string, count int, benchtime string) string {
	var b strings.Builder
	if dir != "" {
		fmt.Fprintf(&b, "cd %s && ", shellQuote(dir))
	}
	fmt.Fprintf(&b, "go test -run='^$' -bench=%s -benchmem -count=%d", shellQuote(bench), count)
	if benchtime != "" {
		fmt.Fprintf(&b, " -benchtime=%s", benchtime)
	}
	fmt.Fprintf(&b, " -cpuprofile=cpu.pprof -memprofile=mem.pprof %s", pkg)
	return b.String()
}

func perfproofCommand(dir, bench string, count int, benchtime string, profiles []string, args []string) string {
	parts := []string{"perfproof report"}
	if dir != "" {
		parts = append(parts, "-C", shellQuote(dir))
	}
	parts = append(parts, "-bench", shellQuote(bench), fmt.Sprintf("-count %d", count), "-benchtime", benchtime)
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
