package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
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
		usage:   "compare [-C dir] [-bench regexp] [-benchtime d] [-alloc-benchtime d] [-alloc-count n] [-count n] [-time d] [-adaptive] [-timeout d] [-alpha a] [-correction m] [-min-effect e] [-fail-on list] [-variants list] [-o dir] [-json | -md] [-cmake-args args] [-exe-args target=args]... OLD [NEW] [packages]",
		flags:   compareFlags,
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

// exeArgs is compare's repeatable -exe-args flag: "target=args", the
// space-separated arguments of one benchmark executable of a C++
// project, by target name.
type exeArgs map[string][]string

func (e *exeArgs) String() string {
	if e == nil {
		return ""
	}
	var parts []string
	for name, args := range *e {
		parts = append(parts, name+"="+strings.Join(args, " "))
	}
	return strings.Join(parts, ",")
}

func (e *exeArgs) Set(s string) error {
	name, args, ok := strings.Cut(s, "=")
	name = strings.TrimSpace(name)
	if !ok || name == "" {
		return fmt.Errorf("%q: want target=args, such as formatter-bench=all", s)
	}
	if _, dup := (*e)[name]; dup {
		return fmt.Errorf("%q: arguments for %s given twice", s, name)
	}
	if *e == nil {
		*e = exeArgs{}
	}
	(*e)[name] = strings.Fields(args)
	return nil
}

func compareFlags(fs *flag.FlagSet) func(context.Context, []string, io.Writer, io.Writer) error {
	var s pipeline.CompareSettings
	dir := dirFlag(fs)
	fs.StringVar(&s.Bench, "bench", ".", "run only benchmarks matching `regexp`")
	fs.StringVar(&s.Benchtime, "benchtime", "", "run each benchmark for duration `d` or Nx iterations per run (10ms and at least 5 iterations if empty)")
	fs.StringVar(&s.AllocBenchtime, "alloc-benchtime", "", "after the timing rounds, measure B/op and allocs/op in runs of duration `d` or Nx iterations, as go test -benchtime does (1s: go test's default; off if empty: they come from the -benchtime runs)")
	fs.IntVar(&s.AllocCount, "alloc-count", 0, "run each benchmark `n` times per side for -alloc-benchtime (default 3)")
	fs.IntVar(&s.Rounds, "count", 0, "run at most `n` rounds, one sample per side each (default 30; 243 with -adaptive; 1000 with -time)")
	fs.IntVar(&s.Rounds, "rounds", 0, "same as -count `n`")
	fs.DurationVar(&s.Time, "time", 0, "stop starting rounds that would end after duration `d` from the start, builds included")
	fs.BoolVar(&s.Adaptive, "adaptive", false, "stop running each benchmark once its verdicts are decided")
	fs.DurationVar(&s.Timeout, "timeout", prove.DefaultTimeout, "kill a run of a test binary after duration `d`")
	fs.Float64Var(&s.Alpha, "alpha", stats.DefaultAlpha, "significance level `a`: the chance of any false faster or slower among the comparisons of a unit (see -correction)")
	fs.StringVar(&s.Correction, "correction", "holm", "correct the verdicts for the number of comparisons made together: `method` holm, or none to test each at -alpha alone")
	s.MinEffect = stats.DefaultMinEffect
	fs.Var((*fraction)(&s.MinEffect), "min-effect", "smallest relative change `e` that counts, as 0.02 or 2%")
	failOn := fs.String("fail-on", "", "exit 1 on a regression of the comma-separated `list`: slower, allocs, inconclusive; any gate also fails on a benchmark whose code differs between OLD and NEW")
	variants := fs.String("variants", "", "compare benchmark variants named by the comma-separated word pairs in `list` (before,after) in one binary")
	out := fs.String("o", "", "keep the raw output of every run in `dir` (relative to -C dir)")
	asJSON := fs.Bool("json", false, "print the comparisons as one JSON object")
	asMD := fs.Bool("md", false, "print the comparisons as Markdown for a pull request comment")
	noise := fs.Bool("noise", true, "measure and print the machine's noise before running")
	cmakeArgs := cmakeArgsFlag(fs)
	var exes exeArgs
	fs.Var(&exes, "exe-args", "on a C++ project, run the benchmark executable `target` with the space-separated args as its own arguments, as target=args (repeatable; for a main() that reads its arguments, such as formatter-bench=all)")
	return func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
		gate, err := pipeline.ParseGate(*failOn)
		if err != nil {
			return err
		}
		if *variants != "" {
			if s.Variants, err = pipeline.ParseVariants(*variants); err != nil {
				return err
			}
		}
		if *asJSON && *asMD {
			return usagef("-json and -md exclude each other")
		}
		opts := pipeline.CompareOptions{Noise: *noise, Progress: stderr, CMakeArgs: strings.Fields(*cmakeArgs),
			Warn: func(w error) { fmt.Fprintf(stderr, "perfproof compare: warning: %v\n", w) }}
		if opts.Prove, err = s.Options(stderr); err != nil {
			return err
		}
		opts.Prove.OutDir = *out
		sess, err := revs.Open(ctx, *dir)
		if err != nil {
			return err
		}
		defer func() {
			if cerr := sess.Close(); cerr != nil {
				fmt.Fprintf(stderr, "perfproof compare: cleaning up: %v\n", cerr)
			}
		}()
		opts.ExeArgs = exes
		cmp, err := pipeline.Compare(ctx, sess, args, opts)
		if err != nil {
			return err
		}
		switch {
		case *asJSON:
			err = jsonout.Compare(stdout, cmp)
		case *asMD:
			err = report.CompareMarkdown(stdout, &cmp.Report)
		default:
			err = report.CompareText(stdout, &cmp.Report)
		}
		if err != nil {
			return err
		}
		say(stderr, "perfproof compare", cmp.Notes(gate)...)
		lines, err := cmp.GateOutcome(gate)
		say(stderr, "perfproof compare", lines...)
		return err
	}
}
