package cli

import (
	"context"
	"flag"
	"fmt"
	"io"

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
		flags:   verifyFlags,
	})
}

func verifyFlags(fs *flag.FlagSet) func(context.Context, []string, io.Writer, io.Writer) error {
	var opts pipeline.VerifyOptions
	fs.StringVar(&opts.Dir, "C", "", "run as if perfproof were started in `dir`: the Go module (or C++ CMake project) whose benchmarks are re-measured")
	fs.Float64Var(&opts.Tolerance, "tolerance", claims.DefaultTolerance, "relative `tolerance` on a claimed ratio")
	fs.StringVar(&opts.Benchtime, "benchtime", prove.DefaultBenchtime.String(), "run each benchmark for duration `d` (or Nx iterations) per round, for time figures")
	fs.IntVar(&opts.Count, "count", prove.DefaultRounds, "measure `n` interleaved rounds per pair of benchmarks, for time figures")
	fs.StringVar(&opts.AllocBenchtime, "alloc-benchtime", "", "run each benchmark for duration `d` (or Nx iterations) for B/op and allocs/op figures (default: as the report ran them, else 1s)")
	fs.IntVar(&opts.AllocCount, "alloc-count", 0, "run each benchmark `n` times for B/op and allocs/op figures (default: the report's -count, else 3)")
	fs.DurationVar(&opts.Timeout, "timeout", prove.DefaultTimeout, "kill one run of a test binary after duration `d`")
	fs.BoolVar(&opts.Measure, "measure", true, "re-measure claims whose benchmarks exist in the module")
	md := fs.String("md", "", "write an annotated copy of the report to `file`")
	html := fs.String("html", "", "write the annotated copy of the report as one self-contained HTML page to `file`")
	asJSON := fs.Bool("json", false, "print the claims as one JSON object")
	return func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
		if len(args) != 1 {
			return usagef("verify takes one report, got %d arguments", len(args))
		}
		if err := opts.Check(); err != nil {
			return err
		}
		path, mdFile, htmlFile := pipeline.InDir(opts.Dir, args[0]), pipeline.InDir(opts.Dir, *md), pipeline.InDir(opts.Dir, *html)
		src, err := pipeline.ReadReport(path)
		if err != nil {
			return err
		}
		if err := pipeline.CheckVerifyHTML(htmlFile, path, mdFile); err != nil {
			return err
		}
		o := opts
		o.Progress, o.Warn = stderr, func(w error) { fmt.Fprintf(stderr, "perfproof verify: warning: %v\n", w) }
		res, err := pipeline.Verify(ctx, args[0], src, o)
		if err != nil {
			return pipeline.ModuleHint(err, opts.Dir)
		}
		say(stderr, "perfproof verify", res.UnmeasuredNote())
		if *asJSON {
			if err := jsonout.Verify(stdout, res.Report); err != nil {
				return err
			}
		} else {
			claims.WriteTable(stdout, res.Report.Claims) // as before the move: a failing stdout does not change the exit code
		}
		say(stderr, "perfproof verify", res.Summary(args[0]))
		if err := res.WriteAnnotated(mdFile, htmlFile, path, src); err != nil {
			return err
		}
		return res.Err(opts.Dir)
	}
}
