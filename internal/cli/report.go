package cli

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/perfproof/perfproof/analysis/suite"
	"github.com/perfproof/perfproof/benchrun"
	"github.com/perfproof/perfproof/cxx/tidy"
	"github.com/perfproof/perfproof/internal/jsonout"
	"github.com/perfproof/perfproof/internal/progress"
	"github.com/perfproof/perfproof/internal/sarifout"
	"github.com/perfproof/perfproof/pipeline"
	"github.com/perfproof/perfproof/scan"
)

func init() {
	register(&command{
		name:    "report",
		summary: "scan, run benchmarks with profiles, rank findings by measured cost",
		usage:   "report [-C dir] [-bench regexp] [-count n] [-benchtime d] [-samples n] [-max-time d] [-timeout d] [-profile file]... [-o file|dir/] [-html file] [-json] [-sarif file] [-quiet] [-tidy-checks list] [-cmake-args args] [packages]",
		flags:   reportFlags,
	})
}

// stringList is a repeatable string flag.
type stringList []string

func (l *stringList) String() string     { return strings.Join(*l, ",") }
func (l *stringList) Set(s string) error { *l = append(*l, s); return nil }

func reportFlags(fs *flag.FlagSet) func(context.Context, []string, io.Writer, io.Writer) error {
	dir := dirFlag(fs)
	bench := fs.String("bench", ".", "run only benchmarks matching `regexp`")
	count := fs.Int("count", pipeline.DefaultCount, "run each benchmark at least `n` times, each run in a process of its own")
	benchtime := fs.String("benchtime", pipeline.DefaultBenchtime, "run each benchmark's first run for duration `d` or Nx iterations; later runs repeat its iteration count, raised to reach -samples")
	samples := fs.Int("samples", pipeline.DefaultSamples, "profile each benchmark until its CPU profiles hold `n` samples (100 per second of CPU), or -max-time; 0: -count runs only")
	maxTime := fs.Duration("max-time", benchrun.DefaultMaxTime, "stop adding runs to a benchmark after duration `d` of its runs, even short of -samples")
	timeout := fs.Duration("timeout", benchrun.DefaultTimeout, "kill a package's build and benchmarks after duration `d`")
	var profiles stringList
	fs.Var(&profiles, "profile", "use the pprof CPU or heap profile in `file` instead of running benchmarks (repeatable; relative to -C dir); on a C++ project, a gperftools CPU profile, raw or symbolized, as file or exe=file to name the executable that recorded it")
	htmlOut := fs.String("html", "", "also write the report as one self-contained HTML page to `file` (relative to -C dir)")
	out := fs.String("o", "", "write the Markdown report to `file` (relative to -C dir) instead of stdout; a name ending in / is a directory that receives report.md, the raw benchmark output and the profiles")
	asJSON := fs.Bool("json", false, "print findings with costs as one JSON object")
	sarifOut := sarifFlag(fs)
	quiet := quietFlag(fs)
	tidyChecks := fs.String("tidy-checks", tidy.DefaultChecks, "on a C++ project, run clang-tidy with the checks `list`")
	cmakeArgs := cmakeArgsFlag(fs)
	return func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
		// While the pipeline runs, its lines go through the meter, which
		// clears its live line before them.
		meter := progress.NewFor(stderr, "perfproof: report: ", *quiet, progressDelay)
		defer meter.Stop()
		during := meter.Writer()
		opts := pipeline.Options{
			Dir: *dir, Patterns: args, Count: max(*count, 1), Benchtime: *benchtime, Samples: *samples,
			MaxTime: *maxTime, Timeout: *timeout, Profiles: profiles, Progress: during,
			Scanned: func(res *scan.Result, err error) {
				if res != nil {
					printErrors(during, res.Errors)
				}
				if err == nil && res.Summary() != "" {
					fmt.Fprintf(during, "perfproof report: %s\n", res.Summary())
				}
			},
			Status: func(s pipeline.ReportStatus) { meter.Count(s.Status()) },
		}
		if *samples <= 0 {
			opts.Samples = -1 // no target
		}
		fs.Visit(func(f *flag.Flag) {
			if f.Name == "bench" {
				opts.Bench = cmp.Or(*bench, ".") // explicit: run benchmarks, profiles or not
			}
		})
		if len(profiles) == 0 {
			opts.Bench = *bench
		}
		sarifFile, err := sarifout.Plan(*sarifOut, *dir, *asJSON)
		if err != nil {
			return err
		}
		// Check the output files before the long work (the pipeline
		// checks the profiles given).
		files, err := pipeline.PlanReportFiles(*dir, *out, *htmlOut)
		if err != nil {
			return err
		}
		opts.OutDir, opts.Heat = files.KeepDir, files.HTML != ""

		var res *pipeline.Result
		if pipeline.IsCxxReportDir(*dir) {
			copts, cerr := cxxReportOptions(fs, args, opts, *tidyChecks, *cmakeArgs)
			if cerr != nil {
				return cerr
			}
			res, err = pipeline.ReportCxx(ctx, copts) // err, not a new one: its failure sets the exit status
		} else {
			res, err = pipeline.Report(ctx, opts)
		}
		meter.Stop()
		if res != nil {
			say(stderr, "perfproof report", res.Notes(files.KeepDir)...)
		}
		if res == nil || res.Report == nil {
			return err
		}
		runErr := err
		line, err := sarifout.WriteReport(sarifFile, stdout, res, suite.Analyzers())
		if err != nil {
			return err
		}
		say(stderr, "perfproof report", line)
		if *asJSON {
			if err := jsonout.Report(stdout, res); err != nil {
				return err
			}
		}
		// Markdown goes to stdout unless -json or -sarif - print there; to
		// the -o file unless -json.
		lines, err := files.Write(stdout, res.Report, !*asJSON && (*sarifOut != "-" || files.Markdown != ""))
		say(stderr, "perfproof report", lines...)
		if err != nil {
			return err
		}
		return res.Outcome(runErr)
	}
}

// cxxReportOptions returns the options of report on a C++ project
// (pipeline.ReportCxx) from the command line, or a usage error naming the
// flags and arguments that apply to Go modules only: a C++ report profiles
// each benchmark executable once, with gperftools, for -benchtime (a
// duration: --benchmark_min_time), or takes gperftools CPU profiles from
// -profile (file or exe=file) and runs no benchmark, so -bench and
// -benchtime do not go with -profile.
func cxxReportOptions(fs *flag.FlagSet, args []string, opts pipeline.Options, checks, cmakeArgs string) (pipeline.CxxReportOptions, error) {
	var goOnly []string
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "count", "samples", "max-time", "html":
			goOnly = append(goOnly, "-"+f.Name)
		}
	})
	if len(args) > 0 {
		goOnly = append(goOnly, "package patterns "+strings.Join(args, " "))
	}
	if len(goOnly) > 0 {
		return pipeline.CxxReportOptions{}, usagef("%s: not for a C++ project (CMakeLists.txt, no go.mod): the report profiles each benchmark executable once, for -benchtime", strings.Join(goOnly, ", "))
	}
	if len(opts.Profiles) > 0 {
		var both []string
		fs.Visit(func(f *flag.Flag) {
			if f.Name == "bench" || f.Name == "benchtime" {
				both = append(both, "-"+f.Name)
			}
		})
		if len(both) > 0 {
			return pipeline.CxxReportOptions{}, usagef("%s with -profile: a C++ report with -profile runs no benchmark", strings.Join(both, ", "))
		}
	}
	copts := pipeline.CxxReportOptions{Dir: opts.Dir, Bench: opts.Bench, Profiles: opts.Profiles, TidyChecks: checks, CMakeArgs: strings.Fields(cmakeArgs), OutDir: opts.OutDir, Progress: opts.Progress}
	var bt *flag.Flag
	fs.Visit(func(f *flag.Flag) {
		if f.Name == "benchtime" {
			bt = f
		}
	})
	if bt != nil {
		d, err := time.ParseDuration(bt.Value.String())
		if err != nil || d <= 0 {
			return pipeline.CxxReportOptions{}, usagef("-benchtime %q: a C++ project's benchmarks take a duration such as 2s (--benchmark_min_time)", bt.Value.String())
		}
		copts.MinTime = d.Seconds()
	}
	return copts, nil
}
