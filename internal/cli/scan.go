package cli

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/perfproof/perfproof/analysis/suite"
	"github.com/perfproof/perfproof/internal/jsonout"
	"github.com/perfproof/perfproof/internal/progress"
	"github.com/perfproof/perfproof/internal/sarifout"
	"github.com/perfproof/perfproof/pipeline"
	"github.com/perfproof/perfproof/report"
	"github.com/perfproof/perfproof/scan"
)

func init() {
	register(&command{
		name:    "scan",
		summary: "find costly hot-path patterns with static checks",
		usage:   "scan [-C dir] [-json] [-sarif file] [-all] [-profile f]... [-tests=false] [-tags list] [-quiet] [-<check>[=false]] [packages]",
		flags:   scanFlags,
	})
	register(&command{
		name:    "checks",
		summary: "list the checks that scan runs",
		usage:   "checks",
		flags: func(fs *flag.FlagSet) func(context.Context, []string, io.Writer, io.Writer) error {
			return func(_ context.Context, args []string, stdout, _ io.Writer) error {
				if len(args) > 0 {
					return usagef("checks takes no arguments")
				}
				suite.WriteList(stdout, suite.Analyzers())
				return nil
			}
		},
	})
}

// dirFlag adds the -C flag every subcommand has.
func dirFlag(fs *flag.FlagSet) *string {
	return fs.String("C", "", "run as if perfproof were started in `dir`")
}

func scanFlags(fs *flag.FlagSet) func(context.Context, []string, io.Writer, io.Writer) error {
	opts := pipeline.ScanOptions{}
	fs.StringVar(&opts.Dir, "C", "", "run as if perfproof were started in `dir`")
	asJSON := fs.Bool("json", false, "print findings as one JSON object")
	sarifOut := sarifFlag(fs)
	fs.BoolVar(&opts.Tests, "tests", true, "analyse test files too")
	fs.StringVar(&opts.Tags, "tags", "", "comma-separated `list` of build tags")
	var profiles stringList
	fs.Var(&profiles, "profile", "take the evidence of hotness from the pprof CPU or heap profile in `file` (repeatable; relative to -C dir): measured shares override the static evidence")
	fs.BoolVar(&opts.All, "all", false, "show every finding, low-confidence ones included (each says its evidence of hotness)")
	quiet := quietFlag(fs)
	checks := suite.Analyzers()
	enabled := make(map[string]*bool) // go vet's way: -name enables only the named checks, -name=false disables one
	for _, a := range checks {
		enabled[a.Name] = fs.Bool(a.Name, true, "enable the "+a.Name+" check: "+suite.Summary(a))
	}
	return func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
		set := make(map[string]bool)
		fs.Visit(func(f *flag.Flag) {
			if on, ok := enabled[f.Name]; ok {
				set[f.Name] = *on
			}
		})
		opts.Analyzers, opts.Patterns, opts.Profiles = pipeline.SelectChecks(checks, set), args, profiles
		if len(opts.Analyzers) == 0 {
			return usagef("no checks selected")
		}
		sarifFile, err := sarifout.Plan(*sarifOut, opts.Dir, *asJSON)
		if err != nil {
			return err
		}
		// Progress goes to stderr whatever prints on stdout (-json,
		// -sarif -), and is cleared before anything else is written.
		meter := progress.NewFor(stderr, "perfproof: scan: ", *quiet, progressDelay)
		opts.Progress = func(p scan.Progress) { meter.Count(p.Status()) }
		sr, err := pipeline.Scan(ctx, opts)
		meter.Stop()
		if sr != nil {
			for _, w := range sr.Warnings {
				fmt.Fprintf(stderr, "perfproof scan: warning: %v\n", w)
			}
		}
		if err != nil {
			if sr != nil {
				printErrors(stderr, sr.Result.Errors)
			}
			return err
		}
		if err := sarifout.WriteScan(sarifFile, stdout, sr, opts.Analyzers); err != nil {
			return err
		}
		switch {
		case *asJSON:
			if err := jsonout.Scan(stdout, sr.Result); err != nil {
				return err
			}
		case *sarifOut == "-":
		default:
			report.FindingsText(stdout, sr.BaseDir, sr.Result.Findings)
			printErrors(stderr, sr.Result.Errors)
			say(stderr, "perfproof", sr.Notes()...)
		}
		line, err := sr.Outcome()
		say(stderr, "perfproof", line)
		return err
	}
}

// sarifFlag adds the -sarif flag of scan and report.
func sarifFlag(fs *flag.FlagSet) *string {
	return fs.String("sarif", "", "also write the findings as a SARIF 2.1.0 log to `file` (relative to -C dir), for GitHub code scanning; - prints it on stdout instead of the findings")
}

func printErrors(w io.Writer, errs []scan.PackageError) {
	for _, e := range errs {
		fmt.Fprintf(w, "perfproof: %s\n", e)
	}
}
