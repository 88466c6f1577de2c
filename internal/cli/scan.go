package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/perfproof/perfproof/analysis/suite"
	"github.com/perfproof/perfproof/cost"
	"github.com/perfproof/perfproof/finding"
	"github.com/perfproof/perfproof/internal/jsonout"
	"github.com/perfproof/perfproof/pipeline"
	"github.com/perfproof/perfproof/scan"
)

func init() {
	register(&command{
		name:    "scan",
		summary: "find costly hot-path patterns with static checks",
		usage:   "scan [-C dir] [-json] [-all] [-profile f]... [-tests=false] [-tags list] [-<check>[=false]] [packages]",
		doc: `
Scan loads the named packages (default ".") with type information, test files
included, runs perfproof's checks on them and prints each finding as

	file:line:col: message (check)

sorted by file and line, with paths relative to the working directory. With
-json it prints one object: {"findings":[...],"errors":[...]} where each
finding has an absolute "file", a 1-based "line" and "column", "analyzer",
"message" and "cost" (null: scan measures nothing; see perfproof report).

Packages whose dependencies do not type-check are analysed with the types
there are; their findings carry a note. Load, parse and type errors are
listed on stderr (in "errors" with -json) and do not hide the findings of
the others. Packages that were not fully analysed (they did not load, have
errors of their own, or a check failed on them) are summed up in one line
on stderr and listed in "not_analysed" with -json.

Each finding says how hot its code is, from static evidence: "high" when
its function is reachable in the call graph from an HTTP or framework
handler, an RPC-style method, a consumer loop or a benchmark; "medium" for
a library's exported API and what it calls (in a module without commands);
"low" for code no such path reaches, package-level code and code under
examples/ or testdata/. With -profile (a CPU or heap profile, from a
benchmark or from production), the measured share overrides that both
ways: 1 % or more of CPU or allocated bytes at the line or in its function
is high, under 0.1 % (or no sample) low, and each joined finding carries
its "cost". Scan shows high and medium; -all shows every finding.

A finding is silenced by a directive on its line or the line above, or in
the doc comment of its function, naming the check and giving a reason:

	//perfproof:ignore fmtnumber runs once per config reload

Silenced findings are listed in "suppressed" with -json; a directive
without a reason silences nothing.

Checks are selected as with go vet: -name enables only the named checks,
-name=false disables one. "perfproof checks" lists them.

Exit status: 0 no findings and every package analysed; 1 findings; 2
operational error, including patterns that match no package and a run that
found nothing but did not fully analyse some package.`,
		flags: scanFlags,
	})
	register(&command{
		name:    "checks",
		summary: "list the checks that scan runs",
		usage:   "checks",
		doc:     "Checks prints the name and summary of each check.",
		flags: func(fs *flag.FlagSet) func(context.Context, []string, io.Writer, io.Writer) error {
			return func(_ context.Context, args []string, stdout, _ io.Writer) error {
				if len(args) > 0 {
					return usagef("checks takes no arguments")
				}
				for _, a := range suite.Analyzers() {
					fmt.Fprintf(stdout, "%-14s %s\n", a.Name, firstLine(a.Doc))
				}
				return nil
			}
		},
	})
}

// checkSelection implements go vet's way of choosing checks: each check
// has a boolean flag; if any is set true only those run, otherwise all run
// but those set false.
type checkSelection map[string]*triState

type triState struct{ set, value bool }

func (t *triState) String() string   { return strconv.FormatBool(t.value) }
func (t *triState) IsBoolFlag() bool { return true }
func (t *triState) Set(s string) error {
	v, err := strconv.ParseBool(s)
	if err != nil {
		return err
	}
	t.set, t.value = true, v
	return nil
}

func (sel checkSelection) register(fs *flag.FlagSet, all []*analysis.Analyzer) {
	for _, a := range all {
		t := &triState{value: true}
		sel[a.Name] = t
		fs.Var(t, a.Name, "enable the "+a.Name+" check: "+firstLine(a.Doc))
	}
}

func (sel checkSelection) choose(all []*analysis.Analyzer) []*analysis.Analyzer {
	only := false
	for _, t := range sel {
		if t.set && t.value {
			only = true
		}
	}
	var out []*analysis.Analyzer
	for _, a := range all {
		t := sel[a.Name]
		if only && !(t.set && t.value) || t.set && !t.value {
			continue
		}
		out = append(out, a)
	}
	return out
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// dirFlag adds the -C flag every subcommand has.
func dirFlag(fs *flag.FlagSet) *string {
	return fs.String("C", "", "run as if perfproof were started in `dir`")
}

func scanFlags(fs *flag.FlagSet) func(context.Context, []string, io.Writer, io.Writer) error {
	dir := dirFlag(fs)
	asJSON := fs.Bool("json", false, "print findings as one JSON object")
	tests := fs.Bool("tests", true, "analyse test files too")
	tags := fs.String("tags", "", "comma-separated `list` of build tags")
	var profiles stringList
	fs.Var(&profiles, "profile", "take the evidence of hotness from the pprof CPU or heap profile in `file` (repeatable; relative to -C dir): measured shares override the static evidence")
	all := fs.Bool("all", false, "show every finding, low-confidence ones included (each says its evidence of hotness)")
	checks := suite.Analyzers()
	sel := checkSelection{}
	sel.register(fs, checks)
	return func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
		analyzers := sel.choose(checks)
		if len(analyzers) == 0 {
			return usagef("no checks selected")
		}
		opts := scan.Options{Dir: *dir, Tests: *tests}
		if *tags != "" {
			opts.BuildFlags = []string{"-tags=" + *tags}
		}
		res, err := scan.Run(ctx, analyzers, args, opts)
		if res != nil && len(profiles) > 0 {
			ps, err := pipeline.LoadProfiles(*dir, profiles)
			if err != nil {
				return err
			}
			for _, w := range ps.Warnings {
				fmt.Fprintf(stderr, "perfproof scan: warning: %v\n", w)
			}
			res.Findings = cost.Join(res.Findings, ps)
			cost.Hotness(res.Findings)
		}
		var hidden int
		if res != nil && !*all {
			hidden = hideLow(res)
		}
		if err != nil {
			if res != nil {
				printErrors(stderr, res.Errors)
			}
			if errors.Is(err, scan.ErrNoPackages) {
				return fmt.Errorf("%w\nCheck the package patterns and the directory (-C); 'go list %s' shows what they match", err, strings.Join(args, " "))
			}
			return err
		}
		if *asJSON {
			if err := jsonout.Scan(stdout, res); err != nil {
				return err
			}
		} else {
			base := workDir(*dir)
			for _, f := range res.Findings {
				fmt.Fprintf(stdout, "%s:%d:%d: %s (%s)\n", relPath(base, f.File), f.Line, f.Column, f.Message, f.Analyzer)
				if f.Hot != nil {
					fmt.Fprintf(stdout, "\thot: %s, %s\n", f.Hot.Confidence, f.Hot.Evidence)
				}
				if f.Note != "" {
					fmt.Fprintf(stdout, "\tnote: %s\n", f.Note)
				}
			}
			printErrors(stderr, res.Errors)
			if hidden > 0 {
				fmt.Fprintf(stderr, "perfproof: %d low-confidence %s not shown (measured cold, or no call path from a handler, consumer loop or benchmark, or run-once or example code); -all shows them\n", hidden, plural(hidden, "finding", "findings"))
			}
			if n := len(res.Suppressed); n > 0 {
				fmt.Fprintf(stderr, "perfproof: %d silenced by //perfproof:ignore (-json lists them with their reasons)\n", n)
			}
		}
		return scanOutcome(stderr, res)
	}
}

// hideLow removes from res.Findings those of low confidence and returns
// how many it removed.
func hideLow(res *scan.Result) int {
	var n int
	res.Findings, n = finding.DropLow(res.Findings)
	return n
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// scanOutcome returns the outcome of a scan that ran: errFound (exit 1)
// when it found something; else, when some named package was not analysed,
// an error (exit 2) carrying the one-line summary, so that a run that did
// not look is never read as clean; else nil. The summary goes to stderr in
// either case.
func scanOutcome(stderr io.Writer, res *scan.Result) error {
	summary := res.Summary()
	if len(res.Findings) > 0 {
		if summary != "" {
			fmt.Fprintf(stderr, "perfproof: %s\n", summary)
		}
		return errFound
	}
	if summary != "" {
		return fmt.Errorf("%s\nNothing was found in the packages analysed, but the others were not checked: fix the errors above (or exclude those packages) and scan again", summary)
	}
	return nil
}

func printErrors(w io.Writer, errs []scan.PackageError) {
	for _, e := range errs {
		fmt.Fprintf(w, "perfproof: %s\n", e)
	}
}

func workDir(dir string) string {
	if dir == "" {
		dir = "."
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		wd, _ := os.Getwd()
		return wd
	}
	return abs
}

// relPath returns file relative to base when file is inside base.
func relPath(base, file string) string {
	rel, err := filepath.Rel(base, file)
	if err != nil || strings.HasPrefix(rel, "..") {
		return file
	}
	return rel
}
