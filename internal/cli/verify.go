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
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/perfproof/perfproof/benchrun"
	"github.com/perfproof/perfproof/claims"
	"github.com/perfproof/perfproof/prove"
	"github.com/perfproof/perfproof/revs"
	"github.com/perfproof/perfproof/stats"
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

type verifyConfig struct {
	dir            string
	tolerance      float64
	benchtime      string
	count          int
	allocBenchtime string
	allocCount     int
	timeout        time.Duration
	measure        bool
	md             string
	html           string
	asJSON         bool
}

func verifyFlags(fs *flag.FlagSet) func(context.Context, []string, io.Writer, io.Writer) error {
	cfg := &verifyConfig{}
	fs.StringVar(&cfg.dir, "C", "", "run as if perfproof were started in `dir`: the module whose benchmarks are re-measured")
	fs.Float64Var(&cfg.tolerance, "tolerance", claims.DefaultTolerance, "relative `tolerance` on a claimed ratio")
	fs.StringVar(&cfg.benchtime, "benchtime", prove.DefaultBenchtime.String(), "run each benchmark for duration `d` (or Nx iterations) per round, for time figures")
	fs.IntVar(&cfg.count, "count", prove.DefaultRounds, "measure `n` interleaved rounds per pair of benchmarks, for time figures")
	fs.StringVar(&cfg.allocBenchtime, "alloc-benchtime", "", "run each benchmark for duration `d` (or Nx iterations) for B/op and allocs/op figures (default: as the report ran them, else 1s)")
	fs.IntVar(&cfg.allocCount, "alloc-count", 0, "run each benchmark `n` times for B/op and allocs/op figures (default: the report's -count, else 3)")
	fs.DurationVar(&cfg.timeout, "timeout", prove.DefaultTimeout, "kill one run of a test binary after duration `d`")
	fs.BoolVar(&cfg.measure, "measure", true, "re-measure claims whose benchmarks exist in the module")
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
	case !(cfg.tolerance > 0 && cfg.tolerance < 10):
		return usagef("-tolerance must be a fraction above 0, such as 0.15 for ±15%%")
	case cfg.count < 1:
		return usagef("-count must be at least 1")
	case cfg.allocCount < 0:
		return usagef("-alloc-count must be at least 1")
	case cfg.allocBenchtime != "" && !validBenchtime(cfg.allocBenchtime):
		return usagef("-alloc-benchtime %q is neither a duration such as 1s nor a count such as 100x", cfg.allocBenchtime)
	}
	path := inDir(cfg.dir, args[0])
	src, err := readReport(path)
	if err != nil {
		return err
	}
	htmlFile := ""
	if cfg.html != "" {
		htmlFile = inDir(cfg.dir, cfg.html)
		if err := checkHTMLOutput(htmlFile, path, inDir(cfg.dir, cfg.md), cfg.md != ""); err != nil {
			return err
		}
	}
	rep, err := claims.Extract(args[0], src, claims.Options{})
	if err != nil {
		return err
	}
	for _, w := range rep.Warnings {
		fmt.Fprintf(stderr, "perfproof verify: warning: %v\n", w)
	}
	var measureErr error
	if cfg.measure && len(rep.Claims) > 0 {
		dir := workDir(cfg.dir)
		switch err := inModule(ctx, dir); {
		case err == nil:
			measureErr = measureInCopy(ctx, cfg, dir, rep, stderr)
		case cfg.dir == "":
			// No module here and none named: arithmetic only.
			fmt.Fprintf(stderr, "perfproof verify: not re-measured: %v; name the module whose benchmarks the report is about with -C dir\n", err)
		default:
			measureErr = fmt.Errorf("-C %s: %w; give the directory of the Go module whose benchmarks the report is about", cfg.dir, err)
		}
		switch {
		case errors.Is(measureErr, context.Canceled):
			return measureErr
		case errors.Is(measureErr, claims.ErrNoBenchmarks):
			fmt.Fprintf(stderr, "perfproof verify: not re-measured: %v\n", measureErr)
			measureErr = nil
		}
	}
	if cfg.asJSON {
		if err := writeVerifyJSON(stdout, rep); err != nil {
			return err
		}
	} else {
		writeVerifyText(stdout, rep)
	}
	if len(rep.Claims) == 0 {
		fmt.Fprintf(stderr, "perfproof verify: no numeric performance claims in %s (speed-ups, percentages, before → after figures, benchmark lines)\n", args[0])
	} else {
		fmt.Fprintf(stderr, "perfproof verify: %s\n", claims.Summary(rep.Claims))
	}
	if cfg.md != "" {
		if err := writeAnnotated(inDir(cfg.dir, cfg.md), path, src, rep.Claims); err != nil {
			return err
		}
	}
	if htmlFile != "" {
		if err := writeAnnotatedHTML(htmlFile, args[0], src, rep.Claims); err != nil {
			return err
		}
	}
	if measureErr != nil {
		return fmt.Errorf("re-measuring: %w (the verdicts above stand)", measureErr)
	}
	for _, c := range rep.Claims {
		if c.Verdict.Failed() {
			return errFound
		}
	}
	return nil
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
	ao, err1 := filepath.Abs(out)
	ai, err2 := filepath.Abs(in)
	same := err1 == nil && err2 == nil && ao == ai
	if fo, err := os.Stat(out); err == nil {
		if fi, err := os.Stat(in); err == nil && os.SameFile(fo, fi) {
			same = true
		}
	}
	if same {
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

// writeVerifyText prints the claims as a table by line.
func writeVerifyText(w io.Writer, rep *claims.Report) {
	if len(rep.Claims) == 0 {
		return
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "line\tkind\tsubject\tclaimed\tverdict\tdetail")
	for _, c := range rep.Claims {
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\n", c.Line, c.Kind, shorten(c.Subject, 48), shorten(c.Claimed, 40), c.Verdict, c.Detail)
	}
	tw.Flush()
}

// shorten cuts s to n runes, marking the cut, and removes tabs.
func shorten(s string, n int) string {
	s = strings.ReplaceAll(s, "\t", " ")
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

type verifyJSONClaim struct {
	Line         int               `json:"line"`
	Text         string            `json:"text"`
	Kind         claims.Kind       `json:"kind"`
	Subject      string            `json:"subject"`
	Benchmark    string            `json:"benchmark"`
	Baseline     string            `json:"baseline,omitempty"`
	Claimed      string            `json:"claimed"`
	ClaimedRatio *float64          `json:"claimed_ratio"`
	AltRatio     *float64          `json:"alt_ratio"`
	Quantity     claims.Quantity   `json:"quantity"`
	Numbers      []claims.Number   `json:"numbers"`
	Measured     *verifyJSONResult `json:"measured"`
	Verdict      claims.Verdict    `json:"verdict"`
	Detail       string            `json:"detail"`
	Cross        *verifyJSONCross  `json:"cross"`
}

// verifyJSONCross is claims.Cross with NaN and infinite values as null.
type verifyJSONCross struct {
	Reason     claims.CrossReason `json:"reason"`
	Derivation claims.Derivation  `json:"derivation,omitempty"`
	Lines      []int              `json:"lines"`
	Stated     claims.Number      `json:"stated"`
	Got        *float64           `json:"got"`
	GotUnit    string             `json:"got_unit"`
	Factor     *float64           `json:"factor,omitempty"`
	Operands   []claims.Number    `json:"operands"`
	Reading    string             `json:"reading,omitempty"`
	Measure    string             `json:"measure,omitempty"`
}

func jsonCross(x *claims.Cross) *verifyJSONCross {
	if x == nil {
		return nil
	}
	out := &verifyJSONCross{Reason: x.Reason, Derivation: x.Derivation, Lines: x.Lines, Stated: safeNumber(x.Stated),
		Got: jsonFloat(x.Got), GotUnit: x.GotUnit, Operands: make([]claims.Number, len(x.Operands)), Reading: x.Reading, Measure: x.Measure}
	if x.Factor != 0 {
		out.Factor = jsonFloat(x.Factor)
	}
	for k, n := range x.Operands {
		out.Operands[k] = safeNumber(n)
	}
	if out.Lines == nil {
		out.Lines = []int{}
	}
	return out
}

// safeNumber zeroes the values JSON cannot hold.
func safeNumber(n claims.Number) claims.Number {
	if math.IsInf(n.Value, 0) || math.IsNaN(n.Value) || math.IsInf(n.High, 0) || math.IsNaN(n.High) {
		n.Value, n.High = 0, 0
	}
	return n
}

type verifyJSONResult struct {
	Package   string   `json:"package"`
	Old       string   `json:"old,omitempty"`
	New       string   `json:"new"`
	Unit      string   `json:"unit"`
	Ratio     *float64 `json:"ratio"`
	RatioLo   *float64 `json:"ratio_lo"`
	RatioHi   *float64 `json:"ratio_hi"`
	OldMedian *float64 `json:"old_median"`
	NewMedian *float64 `json:"new_median"`
	N         int      `json:"n"`
	Method    string   `json:"method"`
	// Setting is how the benchmarks were run and where that comes
	// from: {"source","benchtime","old_benchtime","count","procs",
	// "flags","line","old_line"}.
	Setting claims.Setting `json:"setting"`
}

// jsonFloat maps NaN and ±Inf, which JSON cannot hold, to null.
func jsonFloat(v float64) *float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return nil
	}
	return &v
}

// writeVerifyJSON prints {"report","claims":[...],"facts":[...],
// "warnings":[...]}: facts is the report's fact table (claims.Fact), and a
// claim's cross its typed check across the report, null if none. A
// claim's claimed_ratio is the ratio new/old it states (in sec/op, B/op
// or allocs/op; 11x faster is 0.0909), alt_ratio the throughput reading
// of "X% faster" when the figures do not settle the reading, null
// otherwise; measured is null when nothing was re-measured.
func writeVerifyJSON(w io.Writer, rep *claims.Report) error {
	out := struct {
		Report   string            `json:"report"`
		Claims   []verifyJSONClaim `json:"claims"`
		Facts    []claims.Fact     `json:"facts"`
		Warnings []string          `json:"warnings"`
	}{Report: rep.Name, Claims: []verifyJSONClaim{}, Facts: []claims.Fact{}, Warnings: []string{}}
	for _, f := range rep.Facts {
		f.Value = safeNumber(f.Value)
		out.Facts = append(out.Facts, f)
	}
	for _, c := range rep.Claims {
		jc := verifyJSONClaim{
			Line: c.Line, Text: c.Text, Kind: c.Kind, Subject: c.Subject, Benchmark: c.Benchmark, Baseline: c.Baseline,
			Claimed: c.Claimed, ClaimedRatio: jsonFloat(c.Ratio), AltRatio: jsonFloat(c.AltRatio), Quantity: c.Quantity, Numbers: c.Numbers,
			Verdict: c.Verdict, Detail: c.Detail, Cross: jsonCross(c.Cross),
		}
		if jc.Numbers == nil {
			jc.Numbers = []claims.Number{}
		}
		for k := range jc.Numbers {
			if math.IsInf(jc.Numbers[k].Value, 0) || math.IsInf(jc.Numbers[k].High, 0) {
				jc.Numbers[k].Value, jc.Numbers[k].High = 0, 0
			}
		}
		if m := c.Measured; m != nil {
			jc.Measured = &verifyJSONResult{
				Package: m.Package, Old: m.Old, New: m.New, Unit: m.Unit,
				Ratio: jsonFloat(m.Ratio), RatioLo: jsonFloat(m.RatioLo), RatioHi: jsonFloat(m.RatioHi),
				OldMedian: jsonFloat(m.OldMedian), NewMedian: jsonFloat(m.NewMedian), N: m.N, Method: m.Method, Setting: m.Setting,
			}
			if m.Old == "" {
				jc.Measured.Ratio, jc.Measured.RatioLo, jc.Measured.RatioHi = nil, nil, nil
			}
		}
		out.Claims = append(out.Claims, jc)
	}
	for _, wa := range rep.Warnings {
		out.Warnings = append(out.Warnings, wa.Error())
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// inModule returns an error unless dir is inside a Go module.
func inModule(ctx context.Context, dir string) error {
	cmd := exec.CommandContext(ctx, "go", "env", "GOMOD")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		if ee, ok := err.(*exec.ExitError); ok && len(ee.Stderr) > 0 {
			return fmt.Errorf("%s", strings.TrimSpace(string(ee.Stderr)))
		}
		return err
	}
	if mod := strings.TrimSpace(string(out)); mod == "" || mod == os.DevNull {
		return fmt.Errorf("%s is not in a Go module", dir)
	}
	return nil
}

// measureInCopy re-measures the claims of rep in a temporary copy of
// the module dir (revs.Session.CopyWorkTree), never in dir itself, and
// removes the copy.
func measureInCopy(ctx context.Context, cfg *verifyConfig, dir string, rep *claims.Report, stderr io.Writer) error {
	sess, err := revs.Open(ctx, dir)
	if err != nil {
		return fmt.Errorf("copying the module: %w", err)
	}
	for _, w := range sess.Warnings {
		fmt.Fprintf(stderr, "perfproof verify: warning: %v\n", w)
	}
	defer func() {
		if cerr := sess.Close(); cerr != nil {
			fmt.Fprintf(stderr, "perfproof verify: warning: removing the copy of the module: %v\n", cerr)
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
	fmt.Fprintf(stderr, "verify: running the benchmarks of %s in %s, %s, removed afterwards\n", dir, how, copyDir)
	m := &proveMeasurer{cfg: cfg, dir: copyDir, progress: stderr}
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
	return claims.Verify(ctx, rep.Claims, m, claims.VerifyOptions{Tolerance: cfg.tolerance, Dir: dir, Progress: stderr,
		Report: rep, AllocBenchtime: cfg.allocBenchtime, AllocCount: cfg.allocCount})
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

// proveMeasurer re-measures benchmarks of the module in dir (a copy of
// the user's) with prove.RunPairs and the statistics of package stats.
type proveMeasurer struct {
	cfg       *verifyConfig
	dir       string
	listFlags string // build flags to list the benchmarks with
	progress  io.Writer
}

// Benchmarks lists the module's benchmarks, sub-benchmarks included, by
// running each once (go test -bench=. -benchtime=1x, per package): the
// names of sub-benchmarks exist only at run time. A package whose tests
// do not build or load is an error that names it and quotes the go
// command; other failures (a benchmark that panics at one iteration) are
// warnings, the benchmarks listed before kept.
func (m *proveMeasurer) Benchmarks(ctx context.Context) ([]claims.Benchmark, error) {
	fmt.Fprintf(m.progress, "verify: listing the benchmarks of %s (each run once)\n", m.dir)
	res, err := benchrun.Run(ctx, []string{"./..."}, benchrun.Options{Dir: m.dir, Bench: ".", Count: 1, Benchtime: "1x", Timeout: m.cfg.timeout,
		Env: m.env(claims.Setting{Flags: m.listFlags})})
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
			fmt.Fprintf(m.progress, "perfproof verify: warning: %v\n", p.Err)
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

// env returns the environment of a measurement with setting s: the
// report's build flags added to GOFLAGS, its -cpu as GOMAXPROCS; nil
// (the current one) when s has neither.
func (m *proveMeasurer) env(s claims.Setting) []string {
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
// claims.ShortRuns, -count interleaved rounds of -benchtime; otherwise
// s.Count runs of s.Benchtime, with go test's ramp-up in every run for a
// duration (as go test runs), old and new measured apart when the report
// ran them for different iteration counts.
func (m *proveMeasurer) Measure(ctx context.Context, pkg, old, new string, s claims.Setting) (*claims.Measurement, error) {
	opts := prove.Options{Benchtime: m.cfg.benchtime, Rounds: m.cfg.count, Timeout: m.cfg.timeout, Env: m.env(s)}
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
func unitRatio(c stats.Comparison) claims.UnitRatio {
	return claims.UnitRatio{
		Unit: c.Unit, OldMedian: c.Old.Median, NewMedian: c.New.Median,
		Ratio: c.Ratio, RatioLo: c.RatioLo, RatioHi: c.RatioHi, N: min(c.Old.N, c.New.N),
	}
}
