package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"golang.org/x/perf/benchunit"

	"github.com/perfproof/perfproof/benchrun"
	"github.com/perfproof/perfproof/internal/jsonout"
)

func init() {
	register(&command{
		name:    "bench",
		summary: "run benchmarks with CPU and memory profiles",
		usage:   "bench [-C dir] [-bench regexp] [-count n] [-benchtime d] [-timeout d] [-o dir] [-profiles=false] [-json] [packages]",
		doc: `
Bench runs the benchmarks of the named packages (default ".") with

	go test -run='^$' -bench=regexp -benchmem -count=n -cpuprofile -memprofile

one package per go test call (Go profiles one package at a time), and prints
each benchmark's median sec/op, B/op and allocs/op with the spread of its 95%
confidence interval (golang.org/x/perf/benchmath, no distribution assumed)
and the number of runs. Progress (package i/n, elapsed, ETA) goes to stderr.

Results and profiles go to a temporary folder, removed at exit, or to -o dir,
where they are kept: <package>.txt (benchstat reads it), <package>.cpu.pprof
and <package>.mem.pprof. Nothing is written into the module.

A package whose benchmarks do not build, panic, fail or exceed -timeout is
reported on stderr with what to do; the other packages' results are kept and
printed, and the exit status is 2. Packages without benchmarks are skipped.`,
		flags: benchFlags,
	})
}

func benchFlags(fs *flag.FlagSet) func(context.Context, []string, io.Writer, io.Writer) error {
	dir := dirFlag(fs)
	bench := fs.String("bench", ".", "run only benchmarks matching `regexp`")
	count := fs.Int("count", 6, "run each benchmark `n` times (benchmath warns below 6)")
	benchtime := fs.String("benchtime", "", "run each benchmark for duration `d` or Nx iterations (go test's default if empty)")
	timeout := fs.Duration("timeout", benchrun.DefaultTimeout, "kill a package's build and benchmarks after duration `d`")
	out := fs.String("o", "", "keep raw results and profiles in `dir` (relative to -C dir)")
	profiles := fs.Bool("profiles", true, "write CPU and memory profiles")
	asJSON := fs.Bool("json", false, "print results as one JSON object")
	return func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
		if *count < 1 {
			return usagef("-count must be at least 1")
		}
		if *out != "" {
			*out = inDir(*dir, *out) // relative to -C dir, like the go command's paths
		}
		res, err := benchrun.Run(ctx, args, benchrun.Options{
			Dir:        *dir,
			Bench:      *bench,
			Count:      *count,
			Benchtime:  *benchtime,
			Timeout:    *timeout,
			OutDir:     *out,
			CPUProfile: *profiles,
			MemProfile: *profiles,
			Progress:   stderr,
		})
		if res == nil {
			return err
		}
		defer res.Close()
		if *asJSON {
			if jerr := jsonout.Bench(stdout, res); jerr != nil {
				return jerr
			}
		} else {
			writeBenchText(stdout, res)
		}
		return benchOutcome(stderr, res, err, *out)
	}
}

// benchOutcome reports failed and skipped packages on stderr and returns
// the error that sets the exit status: nil only if every package with
// benchmarks ran them all.
func benchOutcome(stderr io.Writer, res *benchrun.Result, runErr error, out string) error {
	failed, ran := 0, 0
	for _, p := range res.Packages {
		switch {
		case p.Err != nil:
			failed++
			fmt.Fprintf(stderr, "perfproof bench: %v\n", p.Err)
		case p.Skipped:
		default:
			ran++
		}
		for _, w := range p.Warnings {
			fmt.Fprintf(stderr, "perfproof bench: warning: %s: %v\n", p.ImportPath, w)
		}
	}
	if out != "" {
		fmt.Fprintf(stderr, "perfproof bench: results and profiles kept in %s\n", out)
	}
	switch {
	case runErr != nil:
		return runErr
	case failed > 0:
		return fmt.Errorf("%d of %d packages with benchmarks failed; the results of the others are above", failed, failed+ran)
	case ran == 0:
		return errors.New("no benchmarks in the named packages: add a func BenchmarkX(b *testing.B) in a _test.go file, or check -bench")
	}
	return nil
}

// benchUnits are the columns of the text table, in order.
var benchUnits = []string{"sec/op", "B/op", "allocs/op"}

func writeBenchText(w io.Writer, res *benchrun.Result) {
	for _, p := range res.Packages {
		samples := p.Samples()
		if len(samples) == 0 {
			continue
		}
		fmt.Fprintf(w, "%s\n", p.ImportPath)
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		fmt.Fprintf(tw, "  benchmark\t%s\tn\n", strings.Join(benchUnits, "\t"))
		byName := make(map[string]map[string]benchrun.Sample)
		var names []string
		for _, s := range samples {
			if byName[s.Name] == nil {
				byName[s.Name] = make(map[string]benchrun.Sample)
				names = append(names, s.Name)
			}
			byName[s.Name][s.Unit] = s
		}
		for _, name := range names {
			fmt.Fprintf(tw, "  %s", name)
			n := 0
			for _, unit := range benchUnits {
				s, ok := byName[name][unit]
				if !ok {
					fmt.Fprint(tw, "\t-")
					continue
				}
				sum := s.Summary()
				n = max(n, len(s.Values))
				fmt.Fprintf(tw, "\t%s ± %s", benchunit.Scale(sum.Center, benchunit.ClassOf(unit)), sum.PctRangeString())
			}
			fmt.Fprintf(tw, "\t%d\n", n)
		}
		tw.Flush()
	}
}
