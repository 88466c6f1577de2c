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

	"github.com/perfproof/perfproof/optimize"
	"github.com/perfproof/perfproof/pipeline"
)

func init() {
	register(&command{
		name:    "optimize",
		summary: "apply each exact fix, test it, prove it, keep the proven wins on a new branch",
		usage:   "optimize [-C dir] [-bench regexp] [-budget d] [-branch name] [-dry-run] [-samples n] [-o file] [packages]",
		doc: `
Optimize closes the loop find, fix, test, prove, write up. It ranks the
findings of the named packages (default "./...") at HEAD as report does
(the benchmarks matching -bench run with profiles), then takes the
findings whose check offers an exact fix, the costliest first, and for
each, in a temporary git worktree holding HEAD and the fixes kept before:
applies the fix's edits (gofmt'd), builds and vets the changed packages,
runs the tests of those and of the module's packages whose tests depend on
them, and compares (as compare -adaptive) the benchmarks whose profiles
show the finding's cost, or else the -bench benchmarks of the changed
packages, between the tree without the fix and the tree with it. A fix is
kept when some benchmark is faster or allocates less and none is slower,
after the correction for the number of comparisons; otherwise it is
rejected, with the failing output or the verdict table. Once done, HEAD is
compared with all the kept fixes together.

Unless -dry-run, the kept fixes become the branch -branch (default
perfproof/optimize-<date>), one commit per fix whose message gives the
finding and the measured change with its confidence interval. The branch
is created without being checked out: the work tree, index, stash, HEAD
and current branch are never touched, and a branch that exists is
refused. The pull-request description (Markdown: a summary table, each
kept fix's comparison, the total, the rejected fixes and why, the findings
left for a person, the environment and the commands that reproduce it) is
written to stdout, or to -o file (relative to -C dir).

Progress goes to stderr. -budget d bounds the wall time: no fix starts
that would, judging by the slowest so far, end after it, and the fixes kept
are kept. Ctrl-C stops the same way, creating the branch with the fixes
kept so far, then exits 2. Exit status: 0 when the run completed (whether
or not a fix was kept), 2 on an error or an interruption.`,
		flags: optimizeFlags,
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
	return func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
		if *budget < 0 {
			return usagef("-budget must not be negative")
		}
		if *samples < 0 {
			return usagef("-samples must not be negative")
		}
		opts := optimize.Options{
			Dir: *dir, Patterns: args, Bench: *bench, Budget: *budget, Branch: *branch, DryRun: *dryRun,
			Report:   pipeline.Options{Samples: *samples},
			Progress: stderr,
		}
		if *samples == 0 {
			opts.Report.Samples = -1
		}
		path := *out
		if path != "" && *dir != "" && !filepath.IsAbs(path) {
			path = filepath.Join(*dir, path)
		}
		if path != "" {
			if err := checkOverwrite(path, "# perfproof optimize", "a perfproof optimize description"); err != nil {
				return err
			}
		}
		res, err := optimize.Run(ctx, opts)
		if res == nil {
			return err
		}
		var b bytes.Buffer
		if werr := res.Markdown(&b); werr != nil {
			return werr
		}
		if path != "" {
			if werr := os.WriteFile(path, b.Bytes(), 0o666); werr != nil {
				return fmt.Errorf("writing description: %w", werr)
			}
			fmt.Fprintf(stderr, "perfproof optimize: description written to %s\n", path)
		} else if _, werr := stdout.Write(b.Bytes()); werr != nil {
			return fmt.Errorf("writing description: %w", werr)
		}
		for _, w := range res.Warnings {
			fmt.Fprintf(stderr, "perfproof optimize: warning: %v\n", w)
		}
		switch {
		case err != nil:
			return err
		case res.Stopped != nil && !errors.Is(res.Stopped, optimize.ErrBudget):
			return fmt.Errorf("interrupted (%v): %d kept %s on %s; the temporary worktrees are removed", res.Stopped, len(res.Kept()), plural(len(res.Kept()), "fix", "fixes"), orNone(res.Branch))
		case res.Report != nil && res.Report.Incomplete != "":
			// What was kept stands, but the run did not look everywhere.
			return fmt.Errorf("%s; findings there were not looked for (%d kept %s on %s)", res.Report.Incomplete, len(res.Kept()), plural(len(res.Kept()), "fix", "fixes"), orNone(res.Branch))
		}
		return nil
	}
}

func orNone(branch string) string {
	if branch == "" {
		return "no branch"
	}
	return "branch " + branch
}
