package pipeline

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/perfproof/perfproof/prove"
	"github.com/perfproof/perfproof/report"
	"github.com/perfproof/perfproof/revs"
	"github.com/perfproof/perfproof/stats"
)

// A Comparison is the outcome of a before/after comparison, ready to
// render (report.CompareText, report.CompareMarkdown, or as JSON) and to
// gate on.
type Comparison struct {
	// Report holds the sides, the comparisons (in the order measured),
	// the notes and, as text, the errors.
	Report report.CompareReport
	// Rounds and Stop are the prove run's; zero for results files.
	Rounds int
	Stop   string
	// Noise is the machine's noise measured before the rounds, if it was.
	Noise *prove.Noise
	// OnlyOld and OnlyNew label the benchmarks measured on one side only,
	// "package name"; they are not compared.
	OnlyOld, OnlyNew []string
	// Errors make the comparison incomplete, so that no gate may pass: a
	// package that failed, malformed lines of a results file, nothing
	// measured on both sides. They are in Report.Errors as text too.
	Errors []error
	// Stopped is the context's error when the comparison was interrupted;
	// the comparisons before it are kept.
	Stopped error
	// OutDir, set by Compare, is the directory that keeps the raw output
	// of every run (prove.Options.OutDir, resolved); "" if none.
	OutDir string
}

// ErrNothingCompared is wrapped by the error, in Comparison.Errors, of a
// run that measured no benchmark on both sides.
var ErrNothingCompared = errors.New("no benchmark was measured on both sides")

// CompareFiles compares two results files, as prove.CompareFiles does,
// labelling the sides with old.String() and new.String(). It returns an
// error, and no Comparison, when a file cannot be read or holds no
// result; malformed lines are in Comparison.Errors.
func CompareFiles(old, new *revs.Side, opts stats.Options) (*Comparison, error) {
	res, err := prove.CompareFiles(prove.ResultsFile{Path: old.File, Name: old.Arg}, prove.ResultsFile{Path: new.File, Name: new.Arg}, opts)
	if err != nil {
		return nil, err
	}
	c := &Comparison{Report: report.CompareReport{Old: old.String(), New: new.String()}, OnlyOld: res.OnlyOld, OnlyNew: res.OnlyNew, Errors: res.Errors}
	for _, pc := range res.Comparisons {
		c.Report.Comparisons = append(c.Report.Comparisons, report.Comparison{Package: pc.Package, Comparison: pc.Comparison})
	}
	c.noteOnly()
	c.Report.Notes = append([]string{"results files: nothing was run; the samples are the files' lines, in the order they ran (not interleaved)", "code not compared: results files hold measurements, not the benchmarks' code"}, c.Report.Notes...)
	c.finish(opts)
	return c, nil
}

// CompareOptions configure CompareSides and CompareVariants. The zero
// value runs prove's defaults without measuring the machine's noise.
type CompareOptions struct {
	// Prove configures the rounds and the verdicts. Its WorkDir should be
	// the session's (revs.Session.TempDir) so that an interrupted run is
	// cleaned up by the next one.
	Prove prove.Options
	// Noise measures the machine's noise before the rounds
	// (prove.MeasureNoise at Prove.Stats.MinEffect); it is noted in the
	// comparison and printed to Progress.
	Noise bool
	// Progress, if not nil, receives a line per checkout and the noise,
	// besides prove's progress (Prove.Progress).
	Progress io.Writer
	// Warn, if not nil, is called with each warning about the noise as
	// it is measured.
	Warn func(error)
	// CMakeArgs are added to the CMake configuration of a C++ project
	// (CompareCxxWith); a Go module has none.
	CMakeArgs []string
	// ExeArgs are the arguments of a C++ project's benchmark executables
	// by target name (CxxOptions.ExeArgs); a Go module has none.
	ExeArgs map[string][]string
}

// CompareSides checks out the sides of sess that are git revisions
// (revs.Session.Checkout) and compares the benchmarks of the packages
// matching patterns (nil means ".") on old and new with prove.Run,
// after measuring the machine's noise if asked. The Comparison's notes
// say when a side is the work tree with uncommitted changes. An
// interruption during a checkout returns a Comparison with Stopped set;
// a checkout that fails otherwise, or prove failing to start, returns the
// error.
func CompareSides(ctx context.Context, sess *revs.Session, old, new *revs.Side, patterns []string, opts CompareOptions) (*Comparison, error) {
	for _, s := range []struct {
		side *revs.Side
		name string
	}{{old, "old"}, {new, "new"}} {
		if s.side.Kind != revs.Revision {
			continue
		}
		if opts.Progress != nil {
			fmt.Fprintf(opts.Progress, "checkout %s %s\n", s.name, s.side)
		}
		if err := sess.Checkout(ctx, s.side, s.name); err != nil {
			if ctx.Err() != nil {
				return &Comparison{Stopped: ctx.Err(), Report: report.CompareReport{Old: old.String(), New: new.String()}}, nil
			}
			return nil, err
		}
	}
	c := &Comparison{Report: report.CompareReport{Old: old.String(), New: new.String()}}
	for _, s := range []*revs.Side{old, new} {
		if s.Kind == revs.WorkTree && s.Uncommitted {
			c.Report.Notes = append(c.Report.Notes, "the work tree's uncommitted changes are included: it was named (or implied) as a side")
			break
		}
	}
	c.measureNoise(ctx, &opts)
	res, err := prove.Run(ctx, prove.Side{Name: "old", Dir: old.Dir}, prove.Side{Name: "new", Dir: new.Dir}, orDot(patterns), opts.Prove)
	return c, c.AddRun(res, err, opts.Prove)
}

// CompareVariants compares the variants of benchmarks in one binary of
// each package matching patterns (nil means ".") in dir, as
// prove.RunVariants pairs them by opts.Prove.Variants, after measuring
// the machine's noise if asked. Prove failing to start returns the error.
func CompareVariants(ctx context.Context, dir string, patterns []string, opts CompareOptions) (*Comparison, error) {
	var olds, news []string
	for _, v := range opts.Prove.Variants {
		olds, news = append(olds, v[0]), append(news, v[1])
	}
	c := &Comparison{Report: report.CompareReport{
		Old: "variants " + strings.Join(olds, ", ") + " (" + dir + ")",
		New: "variants " + strings.Join(news, ", ") + " (the same binary)",
	}}
	c.measureNoise(ctx, &opts)
	res, err := prove.RunVariants(ctx, dir, orDot(patterns), opts.Prove)
	return c, c.AddRun(res, err, opts.Prove)
}

// measureNoise measures, notes and prints the machine's noise, if opts
// ask for it.
func (c *Comparison) measureNoise(ctx context.Context, opts *CompareOptions) {
	if !opts.Noise {
		return
	}
	n := prove.MeasureNoise(ctx, opts.Prove.Stats.Effect())
	c.Noise = &n
	if opts.Progress != nil {
		fmt.Fprintf(opts.Progress, "noise: %s\n", n)
	}
	if opts.Warn != nil {
		for _, w := range n.Warnings {
			opts.Warn(w)
		}
	}
	c.Report.Notes = append(c.Report.Notes, "machine noise before the rounds: "+n.String())
}

// orDot returns patterns, or "." if there are none.
func orDot(patterns []string) []string {
	if len(patterns) == 0 {
		return []string{"."}
	}
	return patterns
}

// AddRun fills c, whose Report names the sides and may hold notes
// already, from a prove run: res and err as prove.Run, RunVariants or
// RunPairs returned them with opts. The notes then start with how the
// samples were measured, and end with the benchmarks of one side only and
// how the verdicts were corrected for their number (report.FamilyNote).
// An interruption sets Stopped; a failed package, or nothing measured on
// both sides (ErrNothingCompared), is added to Errors. AddRun returns err
// only when prove could not start (res is nil) for another reason than
// the context.
func (c *Comparison) AddRun(res *prove.Result, err error, opts prove.Options) error {
	return c.addRun(res, err, opts, "-count=1 per run, each side's test binary built once")
}

// addRun is AddRun with how each run was made, for the first note: the go
// test flags and builds of Go benchmarks, or the C++ driver's (which
// states its builds in a note of its own).
func (c *Comparison) addRun(res *prove.Result, err error, opts prove.Options, runs string) error {
	if res == nil {
		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			c.Stopped = err
			return nil
		}
		return err
	}
	switch {
	case err == nil:
	case errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded):
		c.Stopped = err
	case errors.Is(err, prove.ErrNoBenchmarks) && res.Err() != nil:
		// The package errors below say why.
	default:
		c.Errors = append(c.Errors, err)
	}
	c.Rounds, c.Stop = res.Rounds, res.Stop
	for _, p := range res.Packages {
		for _, pc := range p.Comparisons {
			rc := report.Comparison{Package: pc.Package, Code: pc.Code, Benchtime: pc.Benchtime, Comparison: pc.Comparison}
			if pc.OldName != pc.Benchmark || pc.NewName != pc.Benchmark {
				rc.OldName, rc.NewName = pc.OldName, pc.NewName
			}
			c.Report.Comparisons = append(c.Report.Comparisons, rc)
		}
		for _, n := range p.OnlyOld {
			c.OnlyOld = append(c.OnlyOld, p.ImportPath+" "+n)
		}
		for _, n := range p.OnlyNew {
			c.OnlyNew = append(c.OnlyNew, p.ImportPath+" "+n)
		}
		for _, w := range p.Warnings {
			c.Report.Notes = append(c.Report.Notes, w.Error())
		}
		if len(p.Unpaired) > 0 {
			c.Report.Notes = append(c.Report.Notes, fmt.Sprintf("%s: no counterpart for %s", p.ImportPath, strings.Join(p.Unpaired, ", ")))
		}
		if p.Err != nil && !(c.Stopped != nil && errors.Is(p.Err, c.Stopped)) {
			c.Errors = append(c.Errors, p.Err)
		}
	}
	if len(c.Report.Comparisons) == 0 && len(c.Errors) == 0 && c.Stopped == nil {
		c.Errors = append(c.Errors, fmt.Errorf("%w: check -bench (%s) and the packages", ErrNothingCompared, opts.Bench))
	}
	c.noteOnly()
	how := fmt.Sprintf("%d interleaved rounds, %s; stopped: %s; %s in all", res.Rounds, runs, res.Stop, res.Elapsed.Round(time.Second))
	if opts.AllocBenchtime != "" {
		rounds := "rounds"
		if res.AllocRounds == 1 {
			rounds = "round"
		}
		how += fmt.Sprintf("; B/op and allocs/op from %d interleaved allocation %s of -benchtime %s (of %d asked; one run per side each, with go test's ramp-up), the other units from the runs of %s", res.AllocRounds, rounds, opts.AllocBenchtime, allocCount(opts), cmp.Or(opts.Benchtime, prove.DefaultBenchtime.String()))
	}
	c.Report.Notes = append([]string{how}, c.Report.Notes...)
	if n := allocRunNote(c.Report.Comparisons); n != "" {
		c.Report.Notes = append(c.Report.Notes, n)
	}
	c.finish(opts.Stats)
	if c.Stopped != nil {
		c.Report.Errors = append(c.Report.Errors, "interrupted: "+c.Stopped.Error())
	}
	return nil
}

// GateOutcome is Outcome(g) (gate.go) with the benchmarks' code taken
// into account: when g fails on anything (-fail-on is not empty), a
// benchmark whose code differs between the sides (prove.CodeChanged), or
// whose code could not be compared (CodeOnlyOld, CodeOnlyNew,
// CodeNotFound), fails it as inconclusive, whatever its verdict: its
// verdict compares different work, or work not known to be the same, so
// a gate that passed on it would pass on nothing. Each such benchmark
// adds a line "inconclusive: <package> <BenchmarkX>: <warning>"
// (report.CodeWarnings) after Outcome's lines, and the error is ErrFound
// unless Outcome's is another one. With the empty gate the warnings
// are the report's alone and the outcome is Outcome's.
func (c *Comparison) GateOutcome(g Gate) (lines []string, err error) {
	lines, err = c.Outcome(g)
	if g == (Gate{}) || err != nil && !errors.Is(err, ErrFound) {
		return lines, err
	}
	warnings := report.CodeWarnings(c.Report.Comparisons)
	for _, w := range warnings {
		lines = append(lines, "inconclusive: "+w)
	}
	if len(warnings) > 0 {
		err = ErrFound
	}
	return lines, err
}

// noteOnly adds the notes of the benchmarks of one side only.
func (c *Comparison) noteOnly() {
	if len(c.OnlyOld) > 0 {
		c.Report.Notes = append(c.Report.Notes, "only in old (not compared): "+strings.Join(c.OnlyOld, ", "))
	}
	if len(c.OnlyNew) > 0 {
		c.Report.Notes = append(c.Report.Notes, "only in new (not compared): "+strings.Join(c.OnlyNew, ", "))
	}
}

// finish renders Errors into Report.Errors and adds the note of the
// verdicts' correction for their number.
func (c *Comparison) finish(opts stats.Options) {
	for _, e := range c.Errors {
		c.Report.Errors = append(c.Report.Errors, e.Error())
	}
	if n := report.FamilyNote(c.Report.Comparisons, opts); n != "" {
		c.Report.Notes = append(c.Report.Notes, n)
	}
}

// ParseVariants parses compare's -variants: an even number of
// comma-separated words, taken in pairs old, new ("before,after" or
// "before,after,old,new"). Anything else is a *UsageError.
func ParseVariants(s string) ([][2]string, error) {
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

// CompareSettings are the settings of a comparison as compare's command
// line states them; Options checks them and fills prove.Options.
type CompareSettings struct {
	// Bench and Benchtime are prove.Options'.
	Bench, Benchtime string
	// AllocBenchtime and AllocCount are prove.Options': the run length
	// ("1s", "100x"; "" for none) and number of the allocation rounds that
	// measure B/op and allocs/op after the timing rounds.
	AllocBenchtime string
	AllocCount     int
	// Rounds is the largest number of rounds; 0 means prove's default.
	Rounds int
	// Time bounds the wall time (0: none); Timeout kills one run.
	Time, Timeout time.Duration
	// Adaptive stops each benchmark once its verdicts are decided.
	Adaptive bool
	// Alpha is the significance level, in (0, 1).
	Alpha float64
	// MinEffect is the smallest relative change that counts, in [0, 1);
	// 0 means any significant change.
	MinEffect float64
	// Correction is "holm" (Holm's correction over the comparisons of a
	// unit) or "none" (each comparison alone).
	Correction string
	// Variants are the word pairs of ParseVariants; nil compares sides.
	Variants [][2]string
}

// Options checks s and returns the prove options it states, with
// progress to progress. An invalid setting is a *UsageError.
func (s CompareSettings) Options(progress io.Writer) (prove.Options, error) {
	switch {
	case s.Rounds < 0:
		return prove.Options{}, usagef("-count must be at least 1")
	case !(s.Alpha > 0 && s.Alpha < 1):
		return prove.Options{}, usagef("-alpha %v is outside (0, 1)", s.Alpha)
	case !(s.MinEffect >= 0 && s.MinEffect < 1):
		return prove.Options{}, usagef("-min-effect %v is outside [0, 1)", s.MinEffect)
	case s.Time < 0 || s.Timeout < 0:
		return prove.Options{}, usagef("-time and -timeout must not be negative")
	case s.Correction != "holm" && s.Correction != "none":
		return prove.Options{}, usagef("-correction %q: want holm or none", s.Correction)
	case s.Benchtime != "" && !prove.ValidBenchtime(s.Benchtime):
		return prove.Options{}, usagef("-benchtime %q is neither a duration such as 10ms nor a count such as 100x", s.Benchtime)
	case s.AllocBenchtime != "" && !prove.ValidBenchtime(s.AllocBenchtime):
		return prove.Options{}, usagef("-alloc-benchtime %q is neither a duration such as 1s nor a count such as 100x", s.AllocBenchtime)
	case s.AllocCount < 0:
		return prove.Options{}, usagef("-alloc-count must be at least 1")
	case s.AllocCount > 0 && s.AllocBenchtime == "":
		return prove.Options{}, usagef("-alloc-count %d needs -alloc-benchtime, the length of the allocation runs (such as 1s)", s.AllocCount)
	}
	o := prove.Options{
		Bench: s.Bench, Benchtime: s.Benchtime, AllocBenchtime: s.AllocBenchtime, AllocCount: s.AllocCount, Rounds: s.Rounds, Time: s.Time, Adaptive: s.Adaptive, Timeout: s.Timeout,
		Stats:    stats.Options{Alpha: s.Alpha, MinEffect: new(s.MinEffect), PerComparison: s.Correction == "none"},
		Variants: s.Variants, Progress: progress,
	}
	return o, nil
}

// allocCount returns the number of allocation rounds opts ask for.
func allocCount(opts prove.Options) int {
	if opts.AllocCount > 0 {
		return opts.AllocCount
	}
	return prove.DefaultAllocCount
}

// allocRunNote says which run lengths produced the B/op and allocs/op
// verdicts of cs (lengths[i] is that of cs[i], "" when unknown) when any
// of them is shorter than go test's default of 1 s, or may be (an
// iteration count such as "100x", or unknown): the allocations per
// operation of code that pools memory depend on how many operations a run
// has between collections (a sync.Pool is emptied at each, and the testing
// package collects before each run), so 10 ms runs can disagree with go
// test's. When all of them share one length, the note names it; when they
// disagree (allocation rounds measured some, the timing rounds' runs the
// others), it names the length of each short one with its verdict. It
// returns "" when cs has no such verdict or all of them come from runs of
// 1 s or more, and for results files (no length known).
func allocRunNote(cs []report.Comparison) string {
	var short []report.Comparison
	long, alloc := 0, 0
	for _, c := range cs {
		if !prove.AllocUnit(c.Unit) {
			continue
		}
		alloc++
		if d, err := time.ParseDuration(c.Benchtime); err == nil && d >= time.Second {
			long++
			continue
		}
		short = append(short, c)
	}
	if len(short) == 0 || slices.IndexFunc(short, func(c report.Comparison) bool { return c.Benchtime != "" }) < 0 {
		return "" // none short, or only results files
	}
	const why = "for code that pools memory they can depend on the run length; -alloc-benchtime 1s measures them as go test does (sec/op still from the short runs)"
	if long == 0 && !slices.ContainsFunc(short, func(c report.Comparison) bool { return c.Benchtime != short[0].Benchtime }) {
		return "B/op and allocs/op come from runs of " + short[0].Benchtime + ", not go test's 1s: " + why
	}
	const most = 8
	var named []string
	for _, c := range short[:min(len(short), most)] {
		name := strings.TrimSpace(c.Package + " " + c.Benchmark)
		named = append(named, fmt.Sprintf("%s %s %s from runs of %s", name, c.Unit, c.Verdict, cmp.Or(c.Benchtime, "unknown length")))
	}
	if len(short) > most {
		named = append(named, fmt.Sprintf("and %d more", len(short)-most))
	}
	return fmt.Sprintf("B/op and allocs/op: %d of %d verdicts from runs of 1s or more, the others shorter than go test's 1s (%s): %s", long, alloc, strings.Join(named, "; "), why)
}

// Compare runs compare's command line in the session sess: with
// opts.Prove.Variants, the variants of the packages args (CompareVariants);
// otherwise args are OLD [NEW] [packages], each side a git revision, a
// module directory or a results file (revs.Session.Resolve), NEW the work
// tree when the second argument is not a side. Two results files are
// compared as they are (CompareFiles). A relative opts.Prove.OutDir is
// made relative to sess.Dir (and kept in Comparison.OutDir), and
// opts.Prove.WorkDir is the session's. The session's warnings about an
// earlier run go to opts.Warn first. A missing OLD, an OLD that is not a
// side, and a results file with anything else are *UsageErrors.
func Compare(ctx context.Context, sess *revs.Session, args []string, opts CompareOptions) (*Comparison, error) {
	if opts.Warn != nil {
		for _, w := range sess.Warnings {
			opts.Warn(fmt.Errorf("cleaning up after an earlier run: %w", w))
		}
	}
	if out := opts.Prove.OutDir; out != "" && !filepath.IsAbs(out) {
		opts.Prove.OutDir = filepath.Join(sess.Dir, out)
	}
	opts.Prove.WorkDir = sess.TempDir()
	if IsCxxReportDir(sess.Dir) {
		return CompareCxxWith(ctx, sess, args, opts, CxxOptions{CMakeArgs: opts.CMakeArgs, ExeArgs: opts.ExeArgs})
	}
	switch {
	case len(opts.CMakeArgs) > 0:
		return nil, usagef("-cmake-args: %s is not a C++ project (a CMakeLists.txt without go.mod)", sess.Dir)
	case len(opts.ExeArgs) > 0:
		return nil, usagef("-exe-args: %s is not a C++ project (a CMakeLists.txt without go.mod)", sess.Dir)
	}
	var c *Comparison
	var err error
	if opts.Prove.Variants != nil {
		c, err = CompareVariants(ctx, sess.Dir, args, opts)
	} else {
		c, err = compareArgs(ctx, sess, args, opts)
	}
	if c != nil {
		c.OutDir = opts.Prove.OutDir
	}
	return c, err
}

// compareArgs resolves OLD and NEW and compares them.
func compareArgs(ctx context.Context, sess *revs.Session, args []string, opts CompareOptions) (*Comparison, error) {
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
		return CompareFiles(old, new, opts.Prove.Stats)
	}
	if new == nil {
		if new, err = sess.Current(ctx); err != nil {
			return nil, err
		}
	}
	return CompareSides(ctx, sess, old, new, packages, opts)
}
