package optimize

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/perfproof/perfproof/finding"
	"github.com/perfproof/perfproof/pipeline"
	"github.com/perfproof/perfproof/prove"
	"github.com/perfproof/perfproof/report"
	"github.com/perfproof/perfproof/revs"
	"github.com/perfproof/perfproof/stats"
)

// DefaultTestTimeout bounds each go build, go vet and go test command of
// a fix's gate when Options.TestTimeout is 0.
const DefaultTestTimeout = 10 * time.Minute

// ErrNotRepo is wrapped by the error of Run when the directory is not in a
// git repository: the fixes are applied to worktrees of HEAD.
var ErrNotRepo = errors.New("not in a git repository")

// ErrBudget is the Result.Stopped of a run whose Options.Budget left no
// time for the next fix, and is wrapped by Run's error when it left none
// for the ranking.
var ErrBudget = errors.New("time budget spent")

// Options configure Run. The zero value optimizes "./..." of the current
// directory's module, ranking with every benchmark, and creates the
// branch perfproof/optimize-<date>.
type Options struct {
	// Dir is the module directory, as the go command's -C; "" means the
	// current directory. It must be in a git repository; its HEAD is the
	// base, never its work tree.
	Dir string
	// Patterns are the packages to rank, as pipeline.Options.Patterns;
	// nil means "./...".
	Patterns []string
	// Bench selects the benchmarks that rank the findings, and those
	// compared for a finding whose cost no benchmark measured; "" means
	// every benchmark.
	Bench string
	// Budget bounds the wall time of the run: the ranking must end within
	// it (else Run fails with ErrBudget), no fix starts that, judging by
	// the slowest fix so far, would end after it, and a fix still running
	// at the end of it is abandoned; the kept fixes are kept. 0 means no
	// bound.
	Budget time.Duration
	// Branch names the branch to create; "" means
	// perfproof/optimize-<UTC date and time>. Run refuses a branch that
	// exists (ErrBranchExists).
	Branch string
	// DryRun stops before the branch: nothing is committed where the user
	// would see it (the commits made in the temporary worktrees are left
	// to git's garbage collection).
	DryRun bool
	// Report configures the ranking; its Dir, Patterns, Bench and Progress
	// are set by Run.
	Report pipeline.Options
	// Prove configures each comparison; its Bench, WorkDir, Progress and
	// Time are set by Run, and Adaptive is always on.
	Prove prove.Options
	// TestTimeout bounds each build, vet and test command; 0 means
	// DefaultTestTimeout.
	TestTimeout time.Duration
	// Progress, if not nil, receives a line per step.
	Progress io.Writer
	// Now returns the current time; nil means time.Now.
	Now func() time.Time
}

// Reason is the outcome of one fix.
type Reason int

// The outcomes of a fix.
const (
	// Kept: the fix passed build, vet and tests, some compared benchmark
	// is faster or allocates less, and none is slower.
	Kept Reason = iota + 1
	// RejectedConflict: the fix's edits overlap each other or a kept
	// fix's, or do not apply to the file.
	RejectedConflict
	// RejectedFormat: the edited file does not parse (gofmt failed).
	RejectedFormat
	// RejectedBuild, RejectedVet, RejectedTests: go build, go vet or go
	// test failed.
	RejectedBuild
	RejectedVet
	RejectedTests
	// RejectedSlower: a compared benchmark is slower, or allocates more.
	RejectedSlower
	// RejectedNotFaster: no compared benchmark is faster or allocates
	// less.
	RejectedNotFaster
	// RejectedMeasure: the comparison failed or compared nothing.
	RejectedMeasure
	// NotFinished: the run was interrupted or its budget ended during
	// the fix.
	NotFinished
)

// String returns the outcome in words: "kept", "tests failed", ….
func (r Reason) String() string {
	switch r {
	case Kept:
		return "kept"
	case RejectedConflict:
		return "conflicting edits"
	case RejectedFormat:
		return "does not parse"
	case RejectedBuild:
		return "build failed"
	case RejectedVet:
		return "vet failed"
	case RejectedTests:
		return "tests failed"
	case RejectedSlower:
		return "slower"
	case RejectedNotFaster:
		return "not proven faster"
	case RejectedMeasure:
		return "comparison failed"
	case NotFinished:
		return "not finished"
	}
	return fmt.Sprintf("Reason(%d)", int(r))
}

// An Attempt is one fix tried.
type Attempt struct {
	// Index is the attempt's 1-based position in Result.Attempts, the
	// order the fixes were tried in.
	Index int
	// Finding is the finding the fix resolves, as ranked, its File an
	// absolute path in the temporary worktree it was found in.
	Finding finding.Finding
	// Fix is the fix applied: the finding's first.
	Fix finding.Fix
	// Where is the finding's position relative to the module directory:
	// "cookie.go:99".
	Where string
	// Files are the files changed, relative to the repository's top,
	// slash-separated.
	Files []string
	// Tested are the import paths of the packages whose tests ran: the
	// changed packages and those whose tests depend on them.
	Tested []string
	// Benchmarks describe what was compared: import paths and the
	// -test.bench expression.
	Packages []string
	Bench    string
	// Outcome says whether the fix was kept and otherwise why not.
	Outcome Reason
	// Detail is the failing command, the conflict or the error; Output
	// the failing command's output, trimmed to its end.
	Detail, Output string
	// Comparison is the tree before the fix (the base with the fixes kept
	// before) against the tree with it; nil when it was not measured.
	Comparison *pipeline.Comparison
	// Commit is the hash of the fix's commit, for a kept fix.
	Commit string
	// Elapsed is the wall time of the attempt.
	Elapsed time.Duration
}

// A Result is the outcome of Run.
type Result struct {
	// Base is the commit of HEAD the fixes were applied to; Tip the commit
	// holding every kept fix, Base when none was kept.
	Base, Tip string
	// Branch is the branch created at Tip, "" when none was (dry run, no
	// fix kept).
	Branch string
	// Report is the ranking report of the base (its Env and Commands).
	Report *report.Report
	// Attempts are the fixes tried, in rank order.
	Attempts []Attempt
	// NotTried are the findings with a fix that were not tried (budget,
	// interruption), in rank order.
	NotTried []finding.Finding
	// ForPerson are the ranked findings without a fix.
	ForPerson []finding.Finding
	// InTests are the findings with a fix in _test.go files (a
	// benchmark's own loop): a fix there would change what the benchmark
	// measures, not the code it measures, and "prove" a gain no user
	// sees; they are not tried.
	InTests []finding.Finding
	// Total compares the base with all kept fixes together; nil when
	// fewer than two were kept (the one comparison is the total) or it
	// was not measured (TotalNote says why).
	Total     *pipeline.Comparison
	TotalNote string
	// Options are the options of the run, their defaults set.
	Options Options
	// Stopped is the context's error or ErrBudget when the run stopped
	// before trying every fix.
	Stopped error
	// Warnings are problems that did not stop the run, such as benchmarks
	// of some package failing during the ranking.
	Warnings []error
	// Started and Elapsed time the run.
	Started time.Time
	Elapsed time.Duration
}

// Kept returns the attempts whose fix was kept, in order.
func (r *Result) Kept() []*Attempt {
	var out []*Attempt
	for i := range r.Attempts {
		if r.Attempts[i].Outcome == Kept {
			out = append(out, &r.Attempts[i])
		}
	}
	return out
}

// split sorts ranked findings into those with a fix to try, those with a
// fix in test code (never tried) and those without a fix, each in rank
// order.
func split(fs []finding.Finding) (cands, inTests, forPerson []finding.Finding) {
	for _, f := range fs {
		switch {
		case len(f.Fixes) == 0:
			forPerson = append(forPerson, f)
		case strings.HasSuffix(f.File, "_test.go"):
			inTests = append(inTests, f)
		default:
			cands = append(cands, f)
		}
	}
	return cands, inTests, forPerson
}

// testHookCandidates, if set, edits the candidate findings before they
// are tried (tests plant fixes with it).
var testHookCandidates func(top string, fs []finding.Finding) []finding.Finding

// Run ranks the findings of the module at opts.Dir's HEAD, tries each
// exact fix in a temporary worktree, keeps those that pass build, vet and
// tests and are proven faster, stacked, and, unless opts.DryRun, creates
// the branch with one commit per kept fix. It never changes the user's
// work tree, index, stash, HEAD or current branch; every worktree it makes
// is removed before it returns.
//
// Run returns an error, and no Result, when the directory is not in a git
// repository (ErrNotRepo), the branch exists (ErrBranchExists), or the
// ranking fails (its error, as pipeline.Report's; benchmarks of some
// packages failing is a Warning instead). An interruption or the budget
// ending stops the run with the fixes kept so far: Result.Stopped, and
// nil error unless the branch could not be created.
func Run(ctx context.Context, opts Options) (*Result, error) {
	o := opts.withDefaults()
	res := &Result{Options: o, Started: o.Now()}
	defer func() { res.Elapsed = o.Now().Sub(res.Started) }()
	var deadline time.Time
	if o.Budget > 0 {
		deadline = res.Started.Add(o.Budget)
	}

	sess, err := revs.Open(ctx, o.Dir)
	if err != nil {
		return nil, err
	}
	defer sess.Close()
	res.Warnings = append(res.Warnings, sess.Warnings...)
	if !sess.InRepo() {
		return nil, fmt.Errorf("%s: %w", sess.Dir, ErrNotRepo)
	}
	if !o.DryRun {
		if err := checkBranch(ctx, sess.Dir, o.Branch); err != nil {
			return nil, err
		}
	}
	head, err := sess.Resolve(ctx, "HEAD")
	if err != nil {
		return nil, fmt.Errorf("resolving HEAD: %w", err)
	}
	res.Base, res.Tip = head.Commit, head.Commit
	base := *head
	o.progress("checkout HEAD (%s) for the ranking\n", short(head.Commit))
	if err := sess.Checkout(ctx, &base, "base"); err != nil {
		return nil, err
	}

	ropts := o.Report
	ropts.Dir, ropts.Patterns, ropts.Bench, ropts.Progress = base.Dir, o.Patterns, o.Bench, o.Progress
	o.progress("ranking: scan and benchmarks with profiles\n")
	rctx, rcancel := ctx, context.CancelFunc(func() {})
	if !deadline.IsZero() {
		rctx, rcancel = context.WithDeadline(ctx, deadline)
	}
	rres, err := pipeline.Report(rctx, ropts)
	rcancel()
	switch {
	case err != nil && ctx.Err() == nil && rctx.Err() != nil:
		return nil, fmt.Errorf("ranking: %w: the budget of %v ended before the ranking did", ErrBudget, o.Budget)
	case err == nil:
	case errors.Is(err, pipeline.ErrBenchmarksFailed) && rres != nil && rres.Report != nil:
		res.Warnings = append(res.Warnings, err)
	default:
		return nil, fmt.Errorf("ranking: %w", err)
	}
	res.Report = rres.Report

	var cands []finding.Finding
	cands, res.InTests, res.ForPerson = split(rres.Report.Findings)
	if testHookCandidates != nil {
		cands = testHookCandidates(base.Worktree, cands)
	}
	o.progress("%d %s with an exact fix, %d for a person\n", len(cands), plural(len(cands), "finding", "findings"), len(res.ForPerson))

	r := &runner{o: &o, sess: sess, base: &base, tip: &base, kept: make(map[string][]edit)}
	var slowest time.Duration
	for i, f := range cands {
		if err := ctx.Err(); err != nil {
			res.Stopped = err
			res.NotTried = append(res.NotTried, cands[i:]...)
			break
		}
		if !deadline.IsZero() && (slowest > 0 && o.Now().Add(slowest).After(deadline) || !o.Now().Before(deadline)) {
			res.Stopped = ErrBudget
			res.NotTried = append(res.NotTried, cands[i:]...)
			o.progress("budget: %d %s not tried (the slowest took %v)\n", len(cands)-i, plural(len(cands)-i, "fix", "fixes"), slowest.Round(time.Second))
			break
		}
		fctx, cancel := ctx, context.CancelFunc(func() {})
		if !deadline.IsZero() {
			fctx, cancel = context.WithDeadline(ctx, deadline)
		}
		a := r.try(fctx, fmt.Sprintf("fix %d/%d", i+1, len(cands)), f)
		cancel()
		a.Index = len(res.Attempts) + 1
		slowest = max(slowest, a.Elapsed)
		res.Attempts = append(res.Attempts, a)
		if a.Outcome == NotFinished {
			res.Stopped = ctx.Err()
			if res.Stopped == nil {
				res.Stopped = ErrBudget
			}
			res.NotTried = append(res.NotTried, cands[i+1:]...)
			break
		}
	}
	interrupted(ctx, res)
	res.Tip = r.tipCommit(res.Base)

	kept := res.Kept()
	switch {
	case len(kept) < 2:
	case res.Stopped != nil && ctx.Err() != nil:
		res.TotalNote = "not measured: interrupted"
	case !deadline.IsZero() && !o.Now().Before(deadline):
		res.TotalNote = "not measured: the time budget was spent"
	default:
		tctx, cancel := ctx, context.CancelFunc(func() {})
		if !deadline.IsZero() {
			tctx, cancel = context.WithDeadline(ctx, deadline)
		}
		var pkgs []string
		var benches []string
		for _, a := range kept {
			pkgs = append(pkgs, a.Packages...)
			benches = append(benches, a.Bench)
		}
		slices.Sort(pkgs)
		pkgs = slices.Compact(pkgs)
		bench := unionBench(benches)
		o.progress("total: comparing the base with the %d kept fixes on %s…\n", len(kept), bench)
		c, err := r.compare(tctx, &base, r.tip, pkgs, bench, "base "+short(res.Base), "all kept fixes "+short(res.Tip))
		cancel()
		switch {
		case err != nil:
			res.TotalNote = "not measured: " + err.Error()
		case c.Stopped != nil:
			res.TotalNote = "not measured: " + c.Stopped.Error()
		default:
			res.Total = c
			o.progress("total: %s\n", summary(c))
		}
	}

	if !o.DryRun && len(kept) > 0 {
		if err := createBranch(r.tip.Worktree, o.Branch, res.Tip); err != nil {
			return res, fmt.Errorf("creating branch %s: %w", o.Branch, err)
		}
		res.Branch = o.Branch
		o.progress("branch %s created at %s with %d %s (not checked out)\n", o.Branch, short(res.Tip), len(kept), plural(len(kept), "commit", "commits"))
	}
	interrupted(ctx, res)
	return res, nil
}

// interrupted sets res.Stopped to ctx's error if ctx is done and nothing
// stopped the run yet, and marks the last attempt not finished unless it
// was kept. An interrupt from a terminal reaches the whole process group:
// a child (the go command, a test binary) can die of it, and fail the
// attempt, before the signal has cancelled ctx; the run must still end
// as interrupted, never as a completed run.
func interrupted(ctx context.Context, res *Result) {
	err := ctx.Err()
	if err == nil || res.Stopped != nil {
		return
	}
	res.Stopped = err
	if n := len(res.Attempts); n > 0 && res.Attempts[n-1].Outcome != Kept {
		res.Attempts[n-1].Outcome, res.Attempts[n-1].Detail = NotFinished, err.Error()
	}
}

func (o Options) withDefaults() Options {
	if o.Now == nil {
		o.Now = time.Now
	}
	if len(o.Patterns) == 0 {
		o.Patterns = []string{"./..."}
	}
	if o.Bench == "" {
		o.Bench = "."
	}
	if o.Branch == "" {
		o.Branch = "perfproof/optimize-" + o.Now().UTC().Format("2006-01-02-150405")
	}
	if o.TestTimeout <= 0 {
		o.TestTimeout = DefaultTestTimeout
	}
	return o
}

func (o *Options) progress(format string, args ...any) {
	if o.Progress != nil {
		fmt.Fprintf(o.Progress, format, args...)
	}
}

// A runner holds the state of the fixes: the base tree, the tree with
// the fixes kept so far (tip) and their edits, by file relative to the
// repository's top, relative to the base's content.
type runner struct {
	o     *Options
	sess  *revs.Session
	base  *revs.Side
	tip   *revs.Side
	kept  map[string][]edit
	count int
}

func (r *runner) tipCommit(base string) string {
	if r.tip.Commit == "" {
		return base
	}
	return r.tip.Commit
}

// try applies the fix of f on the tip, gates and proves it, and commits
// it in its worktree if it is kept, which then becomes the tip.
func (r *runner) try(ctx context.Context, label string, f finding.Finding) Attempt {
	start := r.o.Now()
	a := Attempt{Finding: f, Fix: f.Fixes[0], Where: r.where(f)}
	label = fmt.Sprintf("%s %s %s", label, f.Analyzer, a.Where)
	finish := func(out Reason, detail string) Attempt {
		if ctx.Err() != nil && out != Kept {
			out, detail = NotFinished, ctx.Err().Error()
		}
		a.Outcome, a.Elapsed = out, r.o.Now().Sub(start)
		if a.Detail == "" {
			a.Detail = detail
		}
		msg := out.String()
		if out != Kept && detail != "" {
			msg += ": " + firstLine(detail)
		}
		if a.Comparison != nil {
			msg += " (" + summary(a.Comparison) + ")"
		}
		r.o.progress("%s: %s\n", label, msg)
		return a
	}

	edits, err := fixEdits(r.base.Worktree, a.Fix)
	if err != nil {
		return finish(RejectedConflict, err.Error())
	}
	files, groups := byFile(edits)
	a.Files = files
	contents := make(map[string][]byte)
	for _, file := range files {
		src, err := os.ReadFile(filepath.Join(r.base.Worktree, filepath.FromSlash(file)))
		if err != nil {
			return finish(RejectedConflict, err.Error())
		}
		out, err := applyEdits(src, append(slices.Clone(r.kept[file]), groups[file]...))
		if err != nil {
			return finish(RejectedConflict, fmt.Sprintf("%s: %v", file, err))
		}
		if strings.HasSuffix(file, ".go") {
			out = dropImports(src, out)
		}
		if out, err = gofmt(file, out); err != nil {
			return finish(RejectedFormat, err.Error())
		}
		contents[file] = out
	}

	r.count++
	cand := &revs.Side{Arg: "candidate", Kind: revs.Revision, Commit: r.tipCommit(r.base.Commit)}
	if err := r.sess.Checkout(ctx, cand, fmt.Sprintf("fix-%d", r.count)); err != nil {
		return finish(RejectedMeasure, err.Error())
	}
	var changedDirs []string
	for file, data := range contents {
		path := filepath.Join(cand.Worktree, filepath.FromSlash(file))
		if err := os.WriteFile(path, data, 0o666); err != nil {
			return finish(RejectedMeasure, err.Error())
		}
		changedDirs = append(changedDirs, filepath.Dir(path))
	}

	changed, dependents, err := affected(ctx, cand.Dir, changedDirs, r.o.TestTimeout)
	if err != nil {
		return finish(RejectedBuild, err.Error())
	}
	a.Tested = slices.Compact(slices.Sorted(slices.Values(append(slices.Clone(changed), dependents...))))
	if len(changed) == 0 {
		return finish(RejectedBuild, "the changed files are in no package of the module")
	}
	r.o.progress("%s: build, vet, tests of %d %s…\n", label, len(a.Tested), plural(len(a.Tested), "package", "packages"))
	if err := check(ctx, cand.Dir, changed, a.Tested, r.o.TestTimeout); err != nil {
		var se *stepError
		if errors.As(err, &se) {
			a.Output = se.output
			return finish(se.step, se.cmd+" failed")
		}
		return finish(RejectedMeasure, err.Error())
	}

	a.Packages, a.Bench = r.targets(f, changed)
	r.o.progress("%s: tests ok, comparing %s…\n", label, benchWords(a.Bench, a.Packages))
	c, err := r.compare(ctx, r.tip, cand, a.Packages, a.Bench, "before the fix "+short(r.tipCommit(r.base.Commit)), "with the fix")
	if err != nil {
		return finish(RejectedMeasure, err.Error())
	}
	a.Comparison = c
	out, why := verdict(c)
	if out != Kept {
		return finish(out, why)
	}
	msg := commitMessage(&a)
	hash, err := commit(cand.Worktree, a.Files, msg)
	if err != nil {
		return finish(RejectedMeasure, "committing: "+err.Error())
	}
	a.Commit = hash
	cand.Commit = hash
	r.tip = cand
	for file, es := range groups {
		r.kept[file] = append(r.kept[file], es...)
	}
	return finish(Kept, "")
}

// where returns f's position relative to the module directory.
func (r *runner) where(f finding.Finding) string {
	rel, ok := relTo(r.base.Dir, f.File)
	if !ok {
		rel = f.File
	}
	return fmt.Sprintf("%s:%d", rel, f.Line)
}

// targets returns the packages and the -test.bench expression that
// measure f: the top-level benchmarks whose profiles show its cost
// (Cost.ByBenchmark), or else Options.Bench in the changed packages.
func (r *runner) targets(f finding.Finding, changed []string) (pkgs []string, bench string) {
	var names []string
	if f.Cost != nil {
		for _, b := range f.Cost.ByBenchmark {
			pkgs = append(pkgs, b.Package)
			top, _, _ := strings.Cut(b.Name, "/")
			names = append(names, regexp.QuoteMeta("Benchmark"+top))
		}
	}
	if len(names) == 0 {
		return changed, r.o.Bench
	}
	slices.Sort(pkgs)
	slices.Sort(names)
	return slices.Compact(pkgs), "^(" + strings.Join(slices.Compact(names), "|") + ")$"
}

// compare runs prove between the trees old and new.
func (r *runner) compare(ctx context.Context, old, new *revs.Side, pkgs []string, bench, oldName, newName string) (*pipeline.Comparison, error) {
	p := r.o.Prove
	p.Bench, p.Adaptive, p.WorkDir, p.Progress = bench, true, r.sess.TempDir(), nil
	if dl, ok := ctx.Deadline(); ok {
		p.Time = time.Until(dl)
	}
	o := &revs.Side{Arg: oldName, Kind: revs.Directory, Dir: old.Dir}
	n := &revs.Side{Arg: newName, Kind: revs.Directory, Dir: new.Dir}
	c, err := pipeline.CompareSides(ctx, r.sess, o, n, pkgs, pipeline.CompareOptions{Prove: p})
	if err != nil {
		return nil, err
	}
	c.Report.Old, c.Report.New = oldName, newName
	return c, nil
}

// verdict decides a fix on its comparison: kept when no error, something
// faster (or allocating less) and nothing slower.
func verdict(c *pipeline.Comparison) (Reason, string) {
	switch {
	case c.Stopped != nil:
		return NotFinished, c.Stopped.Error()
	case len(c.Errors) > 0:
		return RejectedMeasure, errors.Join(c.Errors...).Error()
	}
	counts := c.Report.Counts()
	switch {
	case counts[stats.Slower] > 0:
		return RejectedSlower, fmt.Sprintf("%d of %d comparisons slower", counts[stats.Slower], len(c.Report.Comparisons))
	case counts[stats.Faster] == 0:
		return RejectedNotFaster, fmt.Sprintf("none of %d comparisons faster (%d unchanged, %d inconclusive)", len(c.Report.Comparisons), counts[stats.Unchanged], counts[stats.Inconclusive])
	}
	return Kept, ""
}

// unionBench joins -test.bench expressions: their alternation when they
// are all of the form ^(...)$, else ".".
func unionBench(benches []string) string {
	var names []string
	for _, b := range benches {
		inner, ok := strings.CutPrefix(b, "^(")
		if inner, ok = strings.CutSuffix(inner, ")$"); !ok {
			if len(benches) == 1 {
				return b
			}
			return "."
		}
		names = append(names, strings.Split(inner, "|")...)
	}
	slices.Sort(names)
	return "^(" + strings.Join(slices.Compact(names), "|") + ")$"
}

// benchWords describes what a comparison runs: "3 benchmarks
// (^(BenchmarkA|…)$) in example.com/m", "the benchmarks matching . in
// example.com/m".
func benchWords(bench string, pkgs []string) string {
	in := strings.Join(pkgs, " ")
	if inner, ok := strings.CutPrefix(bench, "^("); ok {
		if inner, ok = strings.CutSuffix(inner, ")$"); ok {
			n := strings.Count(inner, "|") + 1
			return fmt.Sprintf("%d %s (%s) in %s", n, plural(n, "benchmark", "benchmarks"), bench, in)
		}
	}
	return fmt.Sprintf("the benchmarks matching %s in %s", bench, in)
}

// relTo returns path relative to dir, slash-separated, and whether path
// is inside dir.
func relTo(dir, path string) (string, bool) {
	rel, err := filepath.Rel(dir, path)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

func short(commit string) string {
	if len(commit) > 12 {
		return commit[:12]
	}
	return commit
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
