package cli

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/perfproof/perfproof/benchrun"
	"github.com/perfproof/perfproof/internal/jsonout"
	"github.com/perfproof/perfproof/pipeline"
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
	count := fs.Int("count", pipeline.DefaultCount, "run each benchmark at least `n` times, each run in a process of its own")
	benchtime := fs.String("benchtime", pipeline.DefaultBenchtime, "run each benchmark's first run for duration `d` or Nx iterations; later runs repeat its iteration count, raised to reach -samples")
	samples := fs.Int("samples", pipeline.DefaultSamples, "profile each benchmark until its CPU profiles hold `n` samples (100 per second of CPU), or -max-time; 0: -count runs only")
	maxTime := fs.Duration("max-time", benchrun.DefaultMaxTime, "stop adding runs to a benchmark after duration `d` of its runs, even short of -samples")
	timeout := fs.Duration("timeout", benchrun.DefaultTimeout, "kill a package's build and benchmarks after duration `d`")
	var profiles stringList
	fs.Var(&profiles, "profile", "use the pprof CPU or heap profile in `file` (repeatable; relative to -C dir)")
	htmlOut := fs.String("html", "", "also write the report as one self-contained HTML page to `file` (relative to -C dir)")
	out := fs.String("o", "", "write the Markdown report to `file` (relative to -C dir) instead of stdout; a name ending in / is a directory that receives report.md, the raw benchmark output and the profiles")
	asJSON := fs.Bool("json", false, "print findings with costs as one JSON object")
	return func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
		opts := pipeline.Options{
			Dir: *dir, Patterns: args, Count: max(*count, 1), Benchtime: *benchtime, Samples: *samples,
			MaxTime: *maxTime, Timeout: *timeout, Profiles: profiles, Progress: stderr,
			Scanned: func(res *scan.Result, err error) {
				if res != nil {
					printErrors(stderr, res.Errors)
				}
				if err == nil && res.Summary() != "" {
					fmt.Fprintf(stderr, "perfproof report: %s\n", res.Summary())
				}
			},
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
		// Check what can be checked before the long work: the output
		// files (the pipeline checks the profiles given).
		outFile, keepDir, err := reportOutput(*dir, *out)
		if err != nil {
			return err
		}
		opts.OutDir = keepDir
		htmlFile := ""
		switch {
		case *htmlOut != "":
			htmlFile = inDir(*dir, *htmlOut)
		case keepDir != "":
			htmlFile = filepath.Join(keepDir, "report.html")
		}
		if htmlFile != "" {
			if err := checkOverwrite(htmlFile, htmlMarker, "a report perfproof wrote"); err != nil {
				return err
			}
		}
		opts.Heat = htmlFile != ""

		res, err := pipeline.Report(ctx, opts)
		if res != nil {
			if res.Benchmarked && keepDir != "" {
				fmt.Fprintf(stderr, "perfproof report: raw benchmark output and profiles kept in %s\n", keepDir)
			}
			for _, e := range res.Failed {
				fmt.Fprintf(stderr, "perfproof report: %v\n", e)
			}
		}
		if res == nil || res.Report == nil {
			return err
		}
		benchErr := err
		for _, w := range res.Warnings {
			fmt.Fprintf(stderr, "perfproof report: warning: %v\n", w)
		}
		if !res.Ranked {
			fmt.Fprintln(stderr, "perfproof report: "+report.UnrankedNote)
		}
		rep := res.Report

		if *asJSON {
			if err := jsonout.Report(stdout, res); err != nil {
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
		case len(rep.Findings) > 0:
			return errFound
		case rep.Incomplete != "":
			return fmt.Errorf("%s; the report is incomplete", rep.Incomplete)
		}
		return nil
	}
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
	if err := checkOverwrite(path, reportMarker, "a report perfproof wrote"); err != nil {
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
// marker: it is not what (for the message, e.g. "a report perfproof
// wrote") and is not overwritten.
func checkOverwrite(path, marker, what string) error {
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
		return fmt.Errorf("-o %s: the file exists and is not %s; refusing to overwrite it: remove it or name another file", path, what)
	}
	return nil
}

func isDir(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}
