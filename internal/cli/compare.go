package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/perfproof/perfproof/internal/jsonout"
	"github.com/perfproof/perfproof/pipeline"
	"github.com/perfproof/perfproof/prove"
	"github.com/perfproof/perfproof/report"
	"github.com/perfproof/perfproof/revs"
	"github.com/perfproof/perfproof/stats"
)

func init() {
	register(&command{
		name:    "compare",
		summary: "prove a change: interleaved before/after benchmarks, statistics, CI gate",
		usage:   "compare [-C dir] [-bench regexp] [-benchtime d] [-count n] [-time d] [-adaptive] [-timeout d] [-alpha a] [-correction m] [-min-effect e] [-fail-on list] [-variants list] [-o dir] [-json | -md] OLD [NEW] [packages]",
		doc: `
Compare measures the benchmarks of the named packages (default ".") before
(OLD) and after (NEW) a change and says, per benchmark and unit, whether
the change made them faster, slower, unchanged, or whether the data cannot
tell (inconclusive, with the reason).

OLD and NEW are each a git revision (main, HEAD~1, a hash), a directory
holding another version of the module, or a file of go test -bench output.
Without NEW (when the second argument is not a revision, a module directory
or a file, it is the first package), NEW is the current work tree, with any
uncommitted changes, which the output then says. A revision is checked out
with git worktree add --detach into a temporary folder, removed at exit,
also after Ctrl-C; a run that was killed is cleaned up by the next one. The
work tree, index, stash, HEAD and branches are never touched. Paths are
relative to -C dir.

Each side's test binary is built once per package (go test -c -trimpath),
then the two run in rounds, in a random order each round, with -count=1,
so that a drift of the machine hits both sides alike. After the first
round, each benchmark runs alone, old and new back to back, both with one
iteration count: the larger of the counts that make a run last -benchtime
at each side's first-round speed, without the testing package's ramp-up
(what a new process pays once is then spread alike over both sides; a note
says when later runs are much slower per op than the warmed-up first
round). -benchtime defaults to 10ms (at least 5 iterations after the first
round), not go test's 1s: on a shared machine much of a sample's variation
comes with the moment it ran, so many short runs give a tighter interval
than a few long ones in the same time (bench/calibrate.sh; README). There
are -count rounds (default 30), or fewer within a -time budget (then up to
1000). -adaptive raises the default to 243 rounds, for benchmarks too
noisy to decide with 30, and stops running each benchmark once its
verdicts are decided (looking after 6 rounds and every 50% more before the
last), so a clear change is not measured as long as a noisy neighbour;
half of -alpha is spread over the looks and the reported verdicts get the
other half, so that looking often does not add false alarms. Before the
rounds, the machine's noise is measured and printed (load average, CPU
frequency governor, spread of a short calibration loop), with a warning
when it exceeds -min-effect.

Statistics (package stats): each side's median with its 95% confidence
interval, the ratio new/old with a distribution-free confidence interval
(Hodges-Lehmann), the Mann-Whitney U p-value. Faster or slower needs p <
-alpha and a change of at least -min-effect; unchanged needs the ratio
interval inside ±min-effect. The p-values of the comparisons made together
are corrected for their number, unit by unit, by Holm's method, so that
the chance of any false faster or slower in a unit is at most -alpha, not
-alpha per comparison (tested each at 0.05, 40 benchmarks of an unchanged
module would give a false verdict in up to 1 − 0.95^40 = 87% of runs, and
a gate on them could not be trusted). -correction none tests each
comparison alone, as benchstat does. B/op and allocs/op that are identical
within each side are compared exactly: "0 → 0 (exact)", and 0 → N is a
regression whatever the p-value when every new run allocates, or more runs
than chance allows (Fisher's exact test): a short run can catch an
allocation of the runtime.

Two results files (OLD and NEW both files) are compared as they are, like
benchstat; nothing is run. -variants before,after compares, in one package
and one binary, the benchmarks named X/before with X/after (also
X_Before_Y, XBefore; more pairs as before,after,old,new); then every
argument is a package.

-fail-on slower,allocs is the CI gate: exit 1 when a benchmark is slower
(time or a custom unit), or (allocs) its B/op or allocs/op grew;
inconclusive fails on any inconclusive verdict. Any error — a file that does
not parse, a package that does not build, a benchmark that panics or times
out, an interruption — exits 2, whatever the other results: a gate never
passes on an error. -o dir keeps the raw output of every run per package and
side (benchstat reads it).`,
		flags: compareFlags,
	})
}

// fraction is a flag holding a fraction, written as "0.02" or "2%".
type fraction float64

func (f *fraction) String() string { return strconv.FormatFloat(float64(*f), 'g', -1, 64) }

func (f *fraction) Set(s string) error {
	pct := strings.HasSuffix(s, "%")
	v, err := strconv.ParseFloat(strings.TrimSuffix(s, "%"), 64)
	if err != nil {
		return fmt.Errorf("%q is not a number or a percentage", s)
	}
	if pct {
		v /= 100
	}
	*f = fraction(v)
	return nil
}

// gate is the parsed -fail-on list.
type gate struct{ slower, allocs, inconclusive bool }

func parseGate(s string) (gate, error) {
	var g gate
	for _, w := range strings.Split(s, ",") {
		switch strings.TrimSpace(w) {
		case "":
		case "slower":
			g.slower = true
		case "allocs":
			g.allocs = true
		case "inconclusive":
			g.inconclusive = true
		default:
			return g, usagef("-fail-on: unknown condition %q (want slower, allocs or inconclusive)", w)
		}
	}
	return g, nil
}

// fails returns the comparisons the gate fails on.
func (g gate) fails(cs []report.Comparison) []report.Comparison {
	var out []report.Comparison
	for _, c := range cs {
		memory := c.Unit == "B/op" || c.Unit == "allocs/op"
		if c.Verdict == stats.Slower && (memory && g.allocs || !memory && g.slower) ||
			c.Verdict == stats.Inconclusive && g.inconclusive {
			out = append(out, c)
		}
	}
	return out
}

// parseVariants parses -variants: an even number of comma-separated words,
// taken in pairs.
func parseVariants(s string) ([][2]string, error) {
	words := strings.Split(s, ",")
	if len(words)%2 != 0 || slices.Contains(words, "") {
		return nil, usagef("-variants %q: want pairs of words, such as before,after or before,after,old,new", s)
	}
	var out [][2]string
	for i := 0; i < len(words); i += 2 {
		out = append(out, [2]string{words[i], words[i+1]})
	}
	return out, nil
}

// compareConfig is the parsed command line of compare.
type compareConfig struct {
	dir      string
	opts     prove.Options
	gate     gate
	variants [][2]string
	outDir   string
	asJSON   bool
	asMD     bool
	noise    bool
}

func compareFlags(fs *flag.FlagSet) func(context.Context, []string, io.Writer, io.Writer) error {
	dir := dirFlag(fs)
	bench := fs.String("bench", ".", "run only benchmarks matching `regexp`")
	benchtime := fs.String("benchtime", "", "run each benchmark for duration `d` or Nx iterations per run (10ms and at least 5 iterations if empty)")
	var rounds int
	fs.IntVar(&rounds, "count", 0, "run at most `n` rounds, one sample per side each (default 30; 243 with -adaptive; 1000 with -time)")
	fs.IntVar(&rounds, "rounds", 0, "same as -count `n`")
	budget := fs.Duration("time", 0, "stop starting rounds that would end after duration `d` from the start, builds included")
	adaptive := fs.Bool("adaptive", false, "stop running each benchmark once its verdicts are decided")
	timeout := fs.Duration("timeout", prove.DefaultTimeout, "kill a run of a test binary after duration `d`")
	alpha := fs.Float64("alpha", stats.DefaultAlpha, "significance level `a`: the chance of any false faster or slower among the comparisons of a unit (see -correction)")
	correction := fs.String("correction", "holm", "correct the verdicts for the number of comparisons made together: `method` holm, or none to test each at -alpha alone")
	minEffect := fraction(stats.DefaultMinEffect)
	fs.Var(&minEffect, "min-effect", "smallest relative change `e` that counts, as 0.02 or 2%")
	failOn := fs.String("fail-on", "", "exit 1 on a regression of the comma-separated `list`: slower, allocs, inconclusive")
	variants := fs.String("variants", "", "compare benchmark variants named by the comma-separated word pairs in `list` (before,after) in one binary")
	out := fs.String("o", "", "keep the raw output of every run in `dir` (relative to -C dir)")
	asJSON := fs.Bool("json", false, "print the comparisons as one JSON object")
	asMD := fs.Bool("md", false, "print the comparisons as Markdown for a pull request comment")
	noise := fs.Bool("noise", true, "measure and print the machine's noise before running")
	return func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
		cfg := compareConfig{dir: *dir, outDir: *out, asJSON: *asJSON, asMD: *asMD, noise: *noise}
		var err error
		if cfg.gate, err = parseGate(*failOn); err != nil {
			return err
		}
		if *variants != "" {
			if cfg.variants, err = parseVariants(*variants); err != nil {
				return err
			}
		}
		switch {
		case *asJSON && *asMD:
			return usagef("-json and -md exclude each other")
		case rounds < 0:
			return usagef("-count must be at least 1")
		case !(*alpha > 0 && *alpha < 1):
			return usagef("-alpha %v is outside (0, 1)", *alpha)
		case !(minEffect >= 0 && minEffect < 1):
			return usagef("-min-effect %v is outside [0, 1)", float64(minEffect))
		case *budget < 0 || *timeout < 0:
			return usagef("-time and -timeout must not be negative")
		case *correction != "holm" && *correction != "none":
			return usagef("-correction %q: want holm or none", *correction)
		}
		cfg.opts = prove.Options{
			Bench:     *bench,
			Benchtime: *benchtime,
			Rounds:    rounds,
			Time:      *budget,
			Adaptive:  *adaptive,
			Timeout:   *timeout,
			Stats:     stats.Options{Alpha: *alpha, MinEffect: float64(minEffect), PerComparison: *correction == "none"},
			Variants:  cfg.variants,
			Progress:  stderr,
		}
		if minEffect == 0 {
			// stats reads 0 as "the default"; a user asking for 0 wants
			// any significant change to count.
			cfg.opts.Stats.MinEffect = 1e-12
		}
		return runCompare(ctx, &cfg, args, stdout, stderr)
	}
}

func runCompare(ctx context.Context, cfg *compareConfig, args []string, stdout, stderr io.Writer) error {
	sess, err := revs.Open(ctx, cfg.dir)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := sess.Close(); cerr != nil {
			fmt.Fprintf(stderr, "perfproof compare: cleaning up: %v\n", cerr)
		}
	}()
	for _, w := range sess.Warnings {
		fmt.Fprintf(stderr, "perfproof compare: warning: cleaning up after an earlier run: %v\n", w)
	}
	if cfg.outDir != "" && !filepath.IsAbs(cfg.outDir) {
		cfg.outDir = filepath.Join(sess.Dir, cfg.outDir)
	}
	cfg.opts.OutDir = cfg.outDir
	cfg.opts.WorkDir = sess.TempDir()

	var cmp *pipeline.Comparison
	if cfg.variants != nil {
		cmp, err = pipeline.CompareVariants(ctx, sess.Dir, args, cfg.compareOptions(stderr))
	} else {
		cmp, err = compareSides(ctx, cfg, sess, args, stderr)
	}
	if err != nil {
		return err
	}
	if err := printComparison(stdout, cfg, cmp); err != nil {
		return err
	}
	if cfg.outDir != "" && cmp.Rounds > 0 {
		fmt.Fprintf(stderr, "perfproof compare: raw results kept in %s\n", cfg.outDir)
	}
	switch {
	case cmp.Stopped != nil:
		return fmt.Errorf("interrupted (%v); the temporary worktrees are removed; the results above are partial", cmp.Stopped)
	case len(cmp.Errors) > 0:
		for _, e := range cmp.Errors {
			fmt.Fprintf(stderr, "perfproof compare: %v\n", e)
		}
		return fmt.Errorf("%d errors: the comparison is incomplete, so no gate passes", len(cmp.Errors))
	}
	if fails := cfg.gate.fails(cmp.Report.Comparisons); len(fails) > 0 {
		for _, c := range fails {
			fmt.Fprintf(stderr, "perfproof compare: regression: %s %s %s %s\n", strings.TrimSpace(c.Package+" "+c.Benchmark), c.Unit, c.Verdict, gateDetail(c))
		}
		return errFound
	}
	return nil
}

// gateDetail is the change of a failing comparison: "+12.3% [+10.1%, +14.0%]"
// or "0 → 2 (exact)".
func gateDetail(c report.Comparison) string {
	if c.Exact {
		return c.Reason
	}
	if c.Verdict == stats.Inconclusive {
		return "(" + c.Reason + ")"
	}
	return fmt.Sprintf("%+.1f%% [%+.1f%%, %+.1f%%]", 100*(c.Ratio-1), 100*(c.RatioLo-1), 100*(c.RatioHi-1))
}

// compareSides resolves OLD and NEW and compares them.
func compareSides(ctx context.Context, cfg *compareConfig, sess *revs.Session, args []string, stderr io.Writer) (*pipeline.Comparison, error) {
	if len(args) == 0 {
		return nil, usagef("missing OLD: name a git revision, a module directory or a results file")
	}
	old, err := sess.Resolve(ctx, args[0])
	if err != nil {
		if errors.Is(err, revs.ErrNotSide) {
			return nil, usagef("OLD %v", err)
		}
		return nil, err
	}
	var new *revs.Side
	packages := args[1:]
	if len(args) > 1 {
		new, err = sess.Resolve(ctx, args[1])
		switch {
		case err == nil:
			packages = args[2:]
		case errors.Is(err, revs.ErrNotSide):
			new = nil // args[1] is the first package
		default:
			return nil, err
		}
	}
	if old.Kind == revs.ResultsFile || new != nil && new.Kind == revs.ResultsFile {
		switch {
		case new == nil || old.Kind != revs.ResultsFile || new.Kind != revs.ResultsFile:
			return nil, usagef("a results file can only be compared with another results file (OLD and NEW both files)")
		case len(packages) > 0:
			return nil, usagef("no packages with results files: nothing is run")
		}
		return pipeline.CompareFiles(old, new, cfg.opts.Stats)
	}
	if new == nil {
		if new, err = sess.Current(ctx); err != nil {
			return nil, err
		}
	}
	return pipeline.CompareSides(ctx, sess, old, new, packages, cfg.compareOptions(stderr))
}

// compareOptions returns the options of the comparison, with progress and
// warnings to stderr.
func (cfg *compareConfig) compareOptions(stderr io.Writer) pipeline.CompareOptions {
	return pipeline.CompareOptions{
		Prove: cfg.opts, Noise: cfg.noise, Progress: stderr,
		Warn: func(w error) { fmt.Fprintf(stderr, "perfproof compare: warning: %v\n", w) },
	}
}

// printComparison writes the comparison in the requested format.
func printComparison(w io.Writer, cfg *compareConfig, cmp *pipeline.Comparison) error {
	switch {
	case cfg.asJSON:
		return jsonout.Compare(w, cmp)
	case cfg.asMD:
		return report.CompareMarkdown(w, &cmp.Report)
	}
	return report.CompareText(w, &cmp.Report)
}
