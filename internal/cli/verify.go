package cli

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/perfproof/perfproof/claims"
	"github.com/perfproof/perfproof/internal/jsonout"
	"github.com/perfproof/perfproof/pipeline"
	"github.com/perfproof/perfproof/prove"
)

func init() {
	register(&command{
		name:    "verify",
		summary: "check the numbers in a performance report: arithmetic and re-measurement",
		usage:   "verify [-C dir] [-tolerance t] [-benchtime d] [-count n] [-alloc-benchtime d] [-alloc-count n] [-timeout d] [-measure=false] [-md file] [-html file] [-json] REPORT",
		doc: `
Verify reads a performance report (Markdown or plain text: a PERFORMANCE.md,
a README section, a PR description) and checks every numeric performance
claim in it, line by line: speed-ups ("11x faster"), percentages ("57%
faster", "43% less memory"), before → after figures, tables with Before and
After (or Old/New, Baseline/Optimized) columns or a baseline row, absolute
figures, "0 allocs/op", and go test -bench lines pasted into it.

Arithmetic: a stated factor or percentage is checked against the figures
beside it (same line, table row, labelled Before:/After: lines, or the two
benchmark lines of the section), with the rounding their digits allow;
"X% faster" is read both as time saved (1 - new/old) and as throughput
gained (old/new - 1), and the detail says which reading the figures
support when only one does.

Re-measurement: claims whose benchmarks exist in the module -C dir (named
in the report: BenchmarkX lines, "go test -bench=X", names in tables; or a
pair X/before and X/after whose name the claim's heading or text mentions)
are re-measured (package prove: both benchmarks in one test binary) and
compared as ratios new/old with a 95% confidence interval (package stats).
Ratios and allocation counts transfer across machines; absolute times are
shown as context only. A claim is reproduced when the interval reaches the
claimed ratio within -tolerance, not-reproduced or better-than-claimed when
it lies beyond it.

Run settings, as the report ran its benchmarks. Time is measured in
-count interleaved rounds of -benchtime each (short runs: their precision
grows with their number). B/op and allocs/op figures depend on the run
length for code that reuses memory (a sync.Pool, a cache, a grown buffer),
so they are measured as the report ran them: with the iteration counts of
its pasted go test output (-benchtime=Nx), else the -benchtime of a go
test command it states, else go test's default 1s (with go test's
ramp-up in every run); -count as its command states, else 3 runs;
-alloc-benchtime and -alloc-count override. The build flags (-tags,
-race, -gcflags) and a single -cpu of its command apply to both. Each
verdict says which setting it rests on and where it comes from.

Benchmarks never run in the module's own directory, where they may write
files: they run in a temporary copy, a git worktree of HEAD with the
uncommitted changes copied in (changed and deleted tracked files,
untracked files that are not ignored), or a plain copy of the module
outside git, removed afterwards. The work tree, index, stash and branches
are only read. Benchmarks that do not build stop re-measuring with the
compiler's error (exit 2).

The report as a whole: every figure goes into a fact table (subject,
metric, unit, side before/after, line; restatements linked). A factor or
percentage with no figures beside it is checked against every pair of
figures the report gives for its subject and quantity; derived figures are
recomputed (differences such as "saves 6.8 µs", totals such as a per-op
saving × a stated rate × "daily", rates from a time per operation, sums and
products written out, the same figure in two units), each figure of a
line with its own verdict; a figure or ratio restated elsewhere with
another value is a contradiction, both lines named, as is a before → after
sentence that quotes one figure of a pair stated elsewhere and changes the
other. A ratio about a measure the report gives no figure for (a p99, an
end-to-end latency) is unsupported.

Verdicts: consistent (arithmetic holds, not re-measured), ambiguous (holds
only under the less usual reading: "38% faster" from times that give 27.7%
less time but 38% more throughput), arithmetic-error, unsupported (no pair
of the report's own figures gives it; the closest is named, or none
measures what it is about), mixes-rows (it
holds only from figures of different rows), contradicted (stated otherwise
on another line), reproduced, not-reproduced, better-than-claimed,
unverifiable (the detail says what would make it verifiable). Output: a
table by line, whose detail says how a re-measured claim was measured;
-json prints {"claims":[{"line","text","kind","benchmark",
"claimed","measured","verdict","detail","cross"}],"facts":[{"line",
"subject","metric","value","side","source","restated","differs"}]}, where
cross is the typed check across the report ({"reason","derivation","lines",
"stated","got","got_unit","factor","operands","reading","measure"}) or
null, and
measured holds the setting of the runs ({"source","benchtime",
"old_benchtime","count","procs","flags","line","old_line"}, source one of
short-runs, report-iterations, report-command, go-test-default,
requested); -md file
writes an annotated copy of the report (never the report itself): each
checked figure marked ✓ (holds), ✗[^ppN] (fails) or ~[^ppN] (ambiguous),
the footnote ppN explaining the verdict, notes under the blocks whose
figures cannot be marked in place, and the count of verdicts at the end.
-html file renders the same annotated copy as one self-contained HTML
page with the report's own layout (headings, paragraphs, lists, tables,
code blocks): the marks coloured (✓ green, ✗ red, ~ amber), linked to
their footnotes and back, under a header counting the verdicts. It has no
script and loads nothing; HTML written in the report is shown as text,
never run. -html never writes over the report, and overwrites an
existing file only if it is a page perfproof verify wrote (checked before
any benchmark runs). REPORT, -md and -html are relative to -C dir.

Exit status: 0 when no claim failed, 1 when a claim is arithmetic-error,
unsupported, mixes-rows, contradicted or not-reproduced (ambiguous does not
fail), 2 for an unreadable or binary report, usage errors, an -md or
-html file that cannot be written (the message names it), and benchmarks
that could not be run.`,
		flags: verifyFlags,
	})
}

// verifyConfig is the parsed command line of verify.
type verifyConfig struct {
	opts     pipeline.VerifyOptions
	md, html string
	asJSON   bool
}

func verifyFlags(fs *flag.FlagSet) func(context.Context, []string, io.Writer, io.Writer) error {
	cfg := &verifyConfig{}
	fs.StringVar(&cfg.opts.Dir, "C", "", "run as if perfproof were started in `dir`: the module whose benchmarks are re-measured")
	fs.Float64Var(&cfg.opts.Tolerance, "tolerance", claims.DefaultTolerance, "relative `tolerance` on a claimed ratio")
	fs.StringVar(&cfg.opts.Benchtime, "benchtime", prove.DefaultBenchtime.String(), "run each benchmark for duration `d` (or Nx iterations) per round, for time figures")
	fs.IntVar(&cfg.opts.Count, "count", prove.DefaultRounds, "measure `n` interleaved rounds per pair of benchmarks, for time figures")
	fs.StringVar(&cfg.opts.AllocBenchtime, "alloc-benchtime", "", "run each benchmark for duration `d` (or Nx iterations) for B/op and allocs/op figures (default: as the report ran them, else 1s)")
	fs.IntVar(&cfg.opts.AllocCount, "alloc-count", 0, "run each benchmark `n` times for B/op and allocs/op figures (default: the report's -count, else 3)")
	fs.DurationVar(&cfg.opts.Timeout, "timeout", prove.DefaultTimeout, "kill one run of a test binary after duration `d`")
	fs.BoolVar(&cfg.opts.Measure, "measure", true, "re-measure claims whose benchmarks exist in the module")
	fs.StringVar(&cfg.md, "md", "", "write an annotated copy of the report to `file`")
	fs.StringVar(&cfg.html, "html", "", "write the annotated copy of the report as one self-contained HTML page to `file`")
	fs.BoolVar(&cfg.asJSON, "json", false, "print the claims as one JSON object")
	return func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
		return runVerify(ctx, cfg, args, stdout, stderr)
	}
}

func runVerify(ctx context.Context, cfg *verifyConfig, args []string, stdout, stderr io.Writer) error {
	switch {
	case len(args) != 1:
		return usagef("verify takes one report, got %d arguments", len(args))
	case !(cfg.opts.Tolerance > 0 && cfg.opts.Tolerance < 10):
		return usagef("-tolerance must be a fraction above 0, such as 0.15 for ±15%%")
	case cfg.opts.Count < 1:
		return usagef("-count must be at least 1")
	case cfg.opts.AllocCount < 0:
		return usagef("-alloc-count must be at least 1")
	case cfg.opts.AllocBenchtime != "" && !validBenchtime(cfg.opts.AllocBenchtime):
		return usagef("-alloc-benchtime %q is neither a duration such as 1s nor a count such as 100x", cfg.opts.AllocBenchtime)
	}
	path := inDir(cfg.opts.Dir, args[0])
	src, err := readReport(path)
	if err != nil {
		return err
	}
	htmlFile := ""
	if cfg.html != "" {
		htmlFile = inDir(cfg.opts.Dir, cfg.html)
		if err := checkHTMLOutput(htmlFile, path, inDir(cfg.opts.Dir, cfg.md), cfg.md != ""); err != nil {
			return err
		}
	}
	opts := cfg.opts
	opts.Progress = stderr
	opts.Warn = func(w error) { fmt.Fprintf(stderr, "perfproof verify: warning: %v\n", w) }
	res, err := pipeline.Verify(ctx, args[0], src, opts)
	if err != nil {
		return cfg.moduleHint(err)
	}
	var me *pipeline.ModuleError
	switch {
	case errors.As(res.Unmeasured, &me):
		fmt.Fprintf(stderr, "perfproof verify: not re-measured: %v; name the module whose benchmarks the report is about with -C dir\n", res.Unmeasured)
	case res.Unmeasured != nil:
		fmt.Fprintf(stderr, "perfproof verify: not re-measured: %v\n", res.Unmeasured)
	}
	rep := res.Report
	if cfg.asJSON {
		if err := jsonout.Verify(stdout, rep); err != nil {
			return err
		}
	} else {
		claims.WriteTable(stdout, rep.Claims) // as before the move: a failing stdout does not change the exit code
	}
	if len(rep.Claims) == 0 {
		fmt.Fprintf(stderr, "perfproof verify: no numeric performance claims in %s (speed-ups, percentages, before → after figures, benchmark lines)\n", args[0])
	} else {
		fmt.Fprintf(stderr, "perfproof verify: %s\n", claims.Summary(rep.Claims))
	}
	if cfg.md != "" {
		if err := writeAnnotated(inDir(cfg.opts.Dir, cfg.md), path, src, rep.Claims); err != nil {
			return err
		}
	}
	if htmlFile != "" {
		if err := writeAnnotatedHTML(htmlFile, args[0], src, rep.Claims); err != nil {
			return err
		}
	}
	switch res.Outcome() {
	case pipeline.VerifyIncomplete:
		return fmt.Errorf("re-measuring: %w (the verdicts above stand)", cfg.moduleHint(res.MeasureErr))
	case pipeline.VerifyFailed:
		return errFound
	}
	return nil
}

// moduleHint names -C dir in err when it says that dir is not a Go
// module.
func (cfg *verifyConfig) moduleHint(err error) error {
	var me *pipeline.ModuleError
	if !errors.As(err, &me) {
		return err
	}
	return fmt.Errorf("-C %s: %w; give the directory of the Go module whose benchmarks the report is about", cfg.opts.Dir, err)
}

// inDir resolves path relative to dir, as if started there.
func inDir(dir, path string) string {
	if dir == "" || filepath.IsAbs(path) {
		return path
	}
	return filepath.Join(dir, path)
}

// readReport reads a report file, refusing directories and other
// non-regular files with a message that says what to give instead.
func readReport(path string) ([]byte, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("reading report: %w", err)
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("reading report %s: not a regular file; give a Markdown or plain-text report", path)
	}
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading report: %w", err)
	}
	return src, nil
}

// writeAnnotated writes the annotated copy of the report, never over the
// report itself.
func writeAnnotated(out, in string, src []byte, cs []claims.Claim) error {
	if sameFile(out, in) {
		return usagef("-md %s is the report itself; perfproof never overwrites its input, give another file", out)
	}
	if err := os.WriteFile(out, claims.Annotate(src, cs), 0o666); err != nil {
		return fmt.Errorf("writing annotated report: %w", err)
	}
	return nil
}

// verifyHTMLMarker starts every HTML page perfproof verify writes.
const verifyHTMLMarker = "<!DOCTYPE html>\n" + claims.HTMLMarker

// checkHTMLOutput checks the -html file out before any work is done: it
// is not the report in, nor the -md file, and it is either absent or a
// page perfproof verify wrote (which it may overwrite). The errors are
// usage errors (exit 2) that name the file.
func checkHTMLOutput(out, in, md string, hasMD bool) error {
	if sameFile(out, in) {
		return usagef("-html %s is the report itself; perfproof never overwrites its input, give another file", out)
	}
	if hasMD && sameFile(out, md) {
		return usagef("-html %s is also the -md file; give each its own file", out)
	}
	f, err := os.Open(out)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("-html %s: %w", out, err)
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && !fi.Mode().IsRegular() {
		return fmt.Errorf("-html %s: not a regular file; name a file to write the page to", out)
	}
	head := make([]byte, len(verifyHTMLMarker))
	n, _ := io.ReadFull(f, head)
	if string(head[:n]) != verifyHTMLMarker {
		return fmt.Errorf("-html %s: the file exists and is not a page perfproof verify wrote; refusing to overwrite it: remove it or name another file", out)
	}
	return nil
}

// sameFile reports whether paths a and b name the same file, existing or
// not.
func sameFile(a, b string) bool {
	aa, err1 := filepath.Abs(a)
	ab, err2 := filepath.Abs(b)
	if err1 == nil && err2 == nil && aa == ab {
		return true
	}
	fa, err1 := os.Stat(a)
	fb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(fa, fb)
}

// writeAnnotatedHTML writes the annotated report as an HTML page
// (claims.AnnotateHTML) to out, checked by checkHTMLOutput.
func writeAnnotatedHTML(out, name string, src []byte, cs []claims.Claim) error {
	var buf bytes.Buffer
	if err := claims.AnnotateHTML(&buf, name, src, cs); err != nil {
		return fmt.Errorf("-html %s: %w", out, err)
	}
	if err := os.WriteFile(out, buf.Bytes(), 0o666); err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Errorf("-html %s: writing the annotated page: %w", out, err)
	}
	return nil
}

// validBenchtime reports whether s is a -benchtime go test accepts: a
// positive duration or a count such as 100x.
func validBenchtime(s string) bool {
	if n, ok := strings.CutSuffix(s, "x"); ok {
		k, err := strconv.Atoi(n)
		return err == nil && k > 0
	}
	d, err := time.ParseDuration(s)
	return err == nil && d > 0
}
