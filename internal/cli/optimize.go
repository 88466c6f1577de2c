package cli

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/perfproof/perfproof/optimize"
	"github.com/perfproof/perfproof/pipeline"
	"github.com/perfproof/perfproof/prove"
)

func init() {
	register(&command{
		name:    "optimize",
		summary: "apply each exact fix, test it, prove it, keep the proven wins on a new branch",
		usage:   "optimize [-C dir] [-bench regexp] [-budget d] [-branch name] [-dry-run] [-samples n] [-alloc-benchtime d] [-alloc-count n] [-o file] [packages]",
		flags:   optimizeFlags,
	})
}

func optimizeFlags(fs *flag.FlagSet) func(context.Context, []string, io.Writer, io.Writer) error {
	dir := dirFlag(fs)
	bench := fs.String("bench", ".", "rank with the benchmarks matching `regexp`; compared for findings no benchmark measured")
	budget := fs.Duration("budget", 0, "bound the wall time to duration `d` (0: no bound)")
	branch := fs.String("branch", "", "create the branch `name` (default perfproof/optimize-<date>)")
	dryRun := fs.Bool("dry-run", false, "stop before creating the branch")
	samples := fs.Int("samples", pipeline.DefaultSamples, "profile each benchmark of the ranking until its CPU profiles hold `n` samples; 0: 6 runs only")
	out := fs.String("o", "", "write the description to `file` (relative to -C dir) instead of stdout")
	allocBenchtime := fs.String("alloc-benchtime", "1s", "measure each fix's B/op and allocs/op in runs of duration `d` or Nx iterations, as go test does (empty: from the short timing runs, which pooled code can make an artefact)")
	allocCount := fs.Int("alloc-count", 1, "run each benchmark `n` times per side for -alloc-benchtime")
	return func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
		if *budget < 0 {
			return usagef("-budget must not be negative")
		}
		if *samples < 0 {
			return usagef("-samples must not be negative")
		}
		switch {
		case *allocBenchtime != "" && !prove.ValidBenchtime(*allocBenchtime):
			return usagef("-alloc-benchtime %q is neither a duration such as 1s nor a count such as 100x", *allocBenchtime)
		case *allocCount < 1:
			return usagef("-alloc-count must be at least 1")
		}
		opts := optimize.Options{
			Dir: *dir, Patterns: args, Bench: *bench, Budget: *budget, Branch: *branch, DryRun: *dryRun,
			Report:   pipeline.Options{Samples: *samples},
			Prove:    prove.Options{AllocBenchtime: *allocBenchtime, AllocCount: *allocCount},
			Progress: stderr,
		}
		if *samples == 0 {
			opts.Report.Samples = -1
		}
		path := pipeline.InDir(*dir, *out)
		if err := pipeline.CheckOverwrite(path, pipeline.DescriptionMarker, "a perfproof optimize description"); err != nil {
			return err
		}
		res, err := optimize.Run(ctx, opts)
		if res == nil {
			return err
		}
		if res.Stopped == nil && ctx.Err() != nil {
			// Interrupted as Run returned: say so, as Run would have.
			res.Stopped = ctx.Err()
		}
		line, werr := res.WriteDescription(path, stdout)
		if werr != nil {
			return werr
		}
		say(stderr, "perfproof optimize", line)
		for _, w := range res.Warnings {
			fmt.Fprintf(stderr, "perfproof optimize: warning: %v\n", w)
		}
		return res.Outcome(err)
	}
}
