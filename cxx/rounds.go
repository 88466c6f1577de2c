package cxx

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/perfproof/perfproof/cxx/gbench"
	"github.com/perfproof/perfproof/prove"
	"github.com/perfproof/perfproof/stats"
)

// Options configure RunSides and RunVariants. The zero value runs
// prove.DefaultRounds rounds of every benchmark, each run of a benchmark
// lasting DefaultMinTime.
type Options struct {
	// Filter is the benchmark filter regular expression
	// (BENCHMARK_FILTER); "" or "." means every benchmark.
	Filter string
	// Rounds is the largest number of rounds, each giving one sample per
	// side and benchmark; 0 means prove.DefaultRounds, or
	// prove.DefaultTimeRounds with a Time budget.
	Rounds int
	// MinTime is each benchmark's run length (RunSpec.MinTime); 0 means
	// DefaultMinTime.
	MinTime time.Duration
	// Time is a budget from Start: no round starts that would, judging
	// by the rounds so far, end after it. The first round always runs. 0
	// means no budget.
	Time time.Duration
	// Start is when the comparison started (before the builds, so that
	// Time counts them); the zero Time means when the rounds start.
	Start time.Time
	// Timeout limits one run of one executable; 0 means
	// prove.DefaultTimeout.
	Timeout time.Duration
	// Stats are the thresholds of the verdicts, corrected for their
	// number unit by unit (stats.Holm) unless Stats.PerComparison.
	Stats stats.Options
	// Variants are the pairs of variant words RunVariants pairs
	// benchmarks by (prove.FindVariants); nil means prove.DefaultVariants.
	Variants [][2]string
	// OutDir, if not "", receives the raw JSON output of every run, as
	// <executable>.<side>.<round>.json (RunVariants: <executable>.<round>.json),
	// each readable by perfproof compare. It is created if needed.
	OutDir string
	// Progress, if not nil, receives a line per round.
	Progress io.Writer
	// ExeArgs are the positional arguments of executables, by target
	// name (RunSpec.Args), for a main() that reads its own arguments
	// before benchmark::Initialize; they are given to every run and
	// listing of the executable, on both sides.
	ExeArgs map[string][]string
	// Seed seeds the random order of the executables and sides in each
	// round; 0 means a random seed.
	Seed uint64
}

func (o *Options) maxRounds() int {
	switch {
	case o.Rounds > 0:
		return o.Rounds
	case o.Time > 0:
		return prove.DefaultTimeRounds
	}
	return prove.DefaultRounds
}

func (o *Options) spec(exe, filter string, interleave bool) RunSpec {
	t := o.Timeout
	if t <= 0 {
		t = prove.DefaultTimeout
	}
	return RunSpec{Filter: filter, MinTime: o.MinTime, Interleave: interleave, Timeout: t, Args: o.ExeArgs[exe]}
}

func (o *Options) filter() string {
	if o.Filter == "." {
		return ""
	}
	return o.Filter
}

// A Side is one build of the project: its benchmark executables.
type Side struct {
	// Name is "old" or "new": it labels errors, progress and raw files.
	Name string
	// Executables are the side's benchmark executables (Benchmarks).
	Executables []Executable
}

// pkgState collects the samples of one executable (a "package" of
// prove.Result).
type pkgState struct {
	res     prove.PackageResult
	order   []string                    // benchmark names, first appearance
	units   map[string][]string         // benchmark → units in order
	vals    map[[2]string]*[2][]float64 // benchmark, unit → old, new
	side    map[string]*[2]bool         // benchmark → measured on old, new
	warned  map[string]bool             // warnings given
	pairs   []prove.Pair                // RunVariants
	stopped bool
}

func newPkg(name string) *pkgState {
	return &pkgState{res: prove.PackageResult{ImportPath: name}, units: map[string][]string{},
		vals: map[[2]string]*[2][]float64{}, side: map[string]*[2]bool{}, warned: map[string]bool{}}
}

// add records the samples of one run on side 0 (old) or 1 (new).
func (p *pkgState) add(side int, samples []gbench.Sample) {
	for _, s := range samples {
		if _, ok := p.side[s.Name]; !ok {
			p.side[s.Name] = &[2]bool{}
			p.order = append(p.order, s.Name)
		}
		p.side[s.Name][side] = true
		k := [2]string{s.Name, s.Unit}
		v := p.vals[k]
		if v == nil {
			v = &[2][]float64{}
			p.vals[k] = v
			p.units[s.Name] = append(p.units[s.Name], s.Unit)
		}
		v[side] = append(v[side], s.Values...)
	}
}

func (p *pkgState) warn(ws []error) {
	for _, w := range ws {
		if !p.warned[w.Error()] {
			p.warned[w.Error()] = true
			p.res.Warnings = append(p.res.Warnings, fmt.Errorf("%s: %w", p.res.ImportPath, w))
		}
	}
}

// fail stops the package with err, the first error kept.
func (p *pkgState) fail(err error) {
	if p.res.Err == nil {
		p.res.Err = err
	}
	p.stopped = true
}

// RunSides compares the benchmarks of two builds of a project in
// interleaved rounds: executables are paired by target name; per round,
// in a random order of the pairs, the old and the new executable run one
// after the other in a random order, each once (Run, with opts.Filter and
// opts.MinTime), so that a drift of the machine hits both sides alike.
// Each run's runs of an iteration become one sample per benchmark and
// unit (gbench.Output.Samples). An executable of one side only is listed
// (List), its benchmarks in PackageResult.OnlyOld or OnlyNew, and not
// run; so are benchmarks one side's runs did not report.
//
// The Result has one PackageResult per executable (ImportPath the target
// name), in the old build's order, then the new build's own. A run that
// fails, times out, prints malformed output or reports a benchmark error
// stops its executable with PackageResult.Err naming it and the side; the
// samples measured before are kept and compared, and the other
// executables go on. Comparisons compare each benchmark and unit measured
// on both sides (stats.Compare), corrected for their number per unit over
// the whole Result (stats.Holm). opts.ExeArgs naming no executable of
// either side is an error, before anything runs. RunSides returns
// ctx.Err() with the Result so far when ctx ends, and
// prove.ErrNoBenchmarks when no executable is on both sides.
func RunSides(ctx context.Context, old, new Side, opts Options) (*prove.Result, error) {
	if opts.Start.IsZero() {
		opts.Start = time.Now()
	}
	if err := checkExeArgs(opts.ExeArgs, old.Executables, new.Executables); err != nil {
		return nil, err
	}
	res := &prove.Result{}
	newByName := map[string]Executable{}
	for _, e := range new.Executables {
		newByName[e.Name] = e
	}
	type pair struct {
		exe [2]Executable
		pkg *pkgState
	}
	var pairs []*pair
	var all []*pkgState
	oldNames := map[string]bool{}
	for _, e := range old.Executables {
		oldNames[e.Name] = true
		p := newPkg(e.Name)
		all = append(all, p)
		ne, ok := newByName[e.Name]
		if !ok {
			names, err := List(ctx, e, opts.filter(), opts.spec(e.Name, "", false).Timeout, opts.ExeArgs[e.Name]...)
			if err != nil {
				p.fail(fmt.Errorf("listing %s (%s side): %w", e.Name, old.Name, err))
			}
			p.res.OnlyOld = names
			continue
		}
		pairs = append(pairs, &pair{exe: [2]Executable{e, ne}, pkg: p})
	}
	for _, e := range new.Executables {
		if oldNames[e.Name] {
			continue
		}
		p := newPkg(e.Name)
		all = append(all, p)
		names, err := List(ctx, e, opts.filter(), opts.spec(e.Name, "", false).Timeout, opts.ExeArgs[e.Name]...)
		if err != nil {
			p.fail(fmt.Errorf("listing %s (%s side): %w", e.Name, new.Name, err))
		}
		p.res.OnlyNew = names
	}
	if len(pairs) == 0 {
		finish(res, all, opts)
		res.Stop = "no executable on both sides"
		return res, fmt.Errorf("%w: no benchmark executable of the same target name in both builds", prove.ErrNoBenchmarks)
	}
	rng := newRand(opts.Seed)
	sides := [2]string{old.Name, new.Name}
	err := rounds(ctx, res, &opts, len(pairs), func(round int) int {
		live := 0
		for _, i := range rng.Perm(len(pairs)) {
			pr := pairs[i]
			if pr.pkg.stopped {
				continue
			}
			first := rng.IntN(2)
			for _, side := range []int{first, 1 - first} {
				o, raw, err := Run(ctx, pr.exe[side], opts.spec(pr.exe[side].Name, opts.filter(), false))
				saveRaw(&opts, pr.pkg, fmt.Sprintf("%s.%s.%d.json", pr.exe[side].Name, sides[side], round), raw)
				if err != nil {
					if ctx.Err() != nil {
						return live
					}
					pr.pkg.fail(fmt.Errorf("%s (%s side): %w", pr.exe[side].Name, sides[side], err))
					break
				}
				samples, errs, warnings := o.Samples()
				pr.pkg.add(side, samples)
				pr.pkg.warn(warnings)
				if len(errs) > 0 {
					pr.pkg.fail(fmt.Errorf("%s (%s side): %w", pr.exe[side].Name, sides[side], errors.Join(errs...)))
				}
			}
			if !pr.pkg.stopped {
				pr.pkg.res.Rounds = round
				live++
			}
		}
		return live
	})
	for _, p := range all {
		for _, name := range p.order {
			switch s := p.side[name]; {
			case s[0] && !s[1]:
				p.res.OnlyOld = append(p.res.OnlyOld, name)
			case s[1] && !s[0]:
				p.res.OnlyNew = append(p.res.OnlyNew, name)
			default:
				for _, u := range p.units[name] {
					v := p.vals[[2]string{name, u}]
					p.res.Samples = append(p.res.Samples, prove.Samples{Benchmark: name, OldName: name, NewName: name, Unit: u, Old: v[0], New: v[1]})
				}
			}
		}
	}
	finish(res, all, opts)
	return res, err
}

// RunVariants compares variants of benchmarks within each executable of
// exes, such as BM_Sum_before and BM_Sum_after, paired by
// prove.FindVariants with opts.Variants among the benchmarks that
// opts.Filter selects (List). Each round runs every executable with
// pairs once, with only its paired benchmarks, in a random order
// (BENCHMARK_ENABLE_RANDOM_INTERLEAVING); the two benchmarks of a pair
// in one run give one sample each. Samples and Comparisons are reported
// under the pair's Benchmark name with OldName and NewName set;
// PackageResult.Unpaired lists the names with a variant word and no
// counterpart. Errors are as RunSides'; prove.ErrNoBenchmarks when no
// executable has a pair.
func RunVariants(ctx context.Context, exes []Executable, opts Options) (*prove.Result, error) {
	if opts.Start.IsZero() {
		opts.Start = time.Now()
	}
	variants := opts.Variants
	if variants == nil {
		variants = prove.DefaultVariants
	}
	if err := checkExeArgs(opts.ExeArgs, exes); err != nil {
		return nil, err
	}
	res := &prove.Result{}
	var all, live []*pkgState
	exeOf := map[*pkgState]Executable{}
	filters := map[*pkgState]string{}
	for _, e := range exes {
		p := newPkg(e.Name)
		all = append(all, p)
		names, err := List(ctx, e, opts.filter(), opts.spec(e.Name, "", false).Timeout, opts.ExeArgs[e.Name]...)
		if err != nil {
			if ctx.Err() != nil {
				finish(res, all, opts)
				res.Stop = ctx.Err().Error()
				return res, ctx.Err()
			}
			p.fail(fmt.Errorf("listing %s: %w", e.Name, err))
			continue
		}
		p.pairs, p.res.Unpaired = prove.FindVariants(names, variants)
		if len(p.pairs) == 0 {
			continue
		}
		var alts []string
		for _, pr := range p.pairs {
			alts = append(alts, regexp.QuoteMeta(pr.Old), regexp.QuoteMeta(pr.New))
		}
		filters[p] = "^(" + strings.Join(alts, "|") + ")$"
		exeOf[p] = e
		live = append(live, p)
	}
	if len(live) == 0 {
		finish(res, all, opts)
		res.Stop = "no pair of variants"
		if err := res.Err(); err != nil {
			return res, fmt.Errorf("%w: %w", prove.ErrNoBenchmarks, err)
		}
		return res, fmt.Errorf("%w: no benchmark pairs with the variant words %v (filter %q)", prove.ErrNoBenchmarks, variants, opts.Filter)
	}
	rng := newRand(opts.Seed)
	err := rounds(ctx, res, &opts, len(live), func(round int) int {
		n := 0
		for _, i := range rng.Perm(len(live)) {
			p := live[i]
			if p.stopped {
				continue
			}
			e := exeOf[p]
			o, raw, err := Run(ctx, e, opts.spec(e.Name, filters[p], true))
			saveRaw(&opts, p, fmt.Sprintf("%s.%d.json", e.Name, round), raw)
			if err != nil {
				if ctx.Err() != nil {
					return n
				}
				p.fail(err)
				continue
			}
			samples, errs, warnings := o.Samples()
			p.add(0, samples)
			p.warn(warnings)
			if len(errs) > 0 {
				p.fail(fmt.Errorf("%s: %w", e.Name, errors.Join(errs...)))
			}
			got := map[string]bool{}
			for _, s := range samples {
				got[s.Name] = true
			}
			for _, pr := range p.pairs {
				if len(errs) == 0 && (!got[pr.Old] || !got[pr.New]) {
					p.fail(fmt.Errorf("%s: round %d reported %s without %s or the reverse: %w", e.Name, round, pr.Old, pr.New, ErrMissing))
				}
			}
			if !p.stopped {
				p.res.Rounds = round
				n++
			}
		}
		return n
	})
	for _, p := range all {
		for _, pr := range p.pairs {
			for _, u := range p.units[pr.Old] {
				o, n := p.vals[[2]string{pr.Old, u}], p.vals[[2]string{pr.New, u}]
				if o == nil || n == nil {
					continue
				}
				p.res.Samples = append(p.res.Samples, prove.Samples{Benchmark: pr.Benchmark, OldName: pr.Old, NewName: pr.New, Unit: u, Old: o[0], New: n[0]})
			}
		}
	}
	finish(res, all, opts)
	return res, err
}

// checkExeArgs returns an error naming each target of args that is none
// of exes'.
func checkExeArgs(args map[string][]string, exes ...[]Executable) error {
	known := map[string]bool{}
	var names []string
	for _, es := range exes {
		for _, e := range es {
			if !known[e.Name] {
				known[e.Name] = true
				names = append(names, e.Name)
			}
		}
	}
	var bad []string
	for name := range args {
		if !known[name] {
			bad = append(bad, name)
		}
	}
	if len(bad) > 0 {
		slices.Sort(bad)
		return fmt.Errorf("arguments for %s: no benchmark executable of that name (the executables are %s)", strings.Join(bad, ", "), strings.Join(names, ", "))
	}
	return nil
}

// ErrMissing is wrapped by the PackageResult.Err of RunVariants when a
// run reported one benchmark of a pair and not the other.
var ErrMissing = errors.New("variant missing from a run")

// rounds runs round(1), round(2), … until the last round, the time
// budget, no executable left (round returns how many are still
// measured) or the end of ctx, and sets res.Rounds and res.Stop.
func rounds(ctx context.Context, res *prove.Result, opts *Options, n int, round func(int) int) error {
	max := opts.maxRounds()
	roundsStart := time.Now()
	for r := 1; r <= max; r++ {
		if r > 1 && opts.Time > 0 {
			per := time.Since(roundsStart) / time.Duration(r-1)
			if time.Since(opts.Start)+per > opts.Time {
				res.Stop = "time budget " + opts.Time.String()
				return nil
			}
		}
		live := round(r)
		if ctx.Err() != nil {
			res.Stop = ctx.Err().Error()
			return ctx.Err()
		}
		res.Rounds = r
		if opts.Progress != nil {
			fmt.Fprintf(opts.Progress, "round %d/%d: %d of %d executables measured\n", r, max, live, n)
		}
		if live == 0 {
			res.Stop = "every package failed"
			return nil
		}
	}
	res.Stop = fmt.Sprintf("%d rounds", max)
	return nil
}

// finish compares the samples of every package, corrects the verdicts
// (stats.Holm) and fills res.
func finish(res *prove.Result, all []*pkgState, opts Options) {
	for _, p := range all {
		for _, s := range p.res.Samples {
			if len(s.Old) == 0 || len(s.New) == 0 {
				continue
			}
			p.res.Comparisons = append(p.res.Comparisons, prove.Comparison{
				Package: p.res.ImportPath, OldName: s.OldName, NewName: s.NewName,
				Comparison: stats.Compare(s.Benchmark, s.Unit, s.Old, s.New, opts.Stats),
			})
		}
		res.Packages = append(res.Packages, p.res)
	}
	var family []*stats.Comparison
	for i := range res.Packages {
		for j := range res.Packages[i].Comparisons {
			family = append(family, &res.Packages[i].Comparisons[j].Comparison)
		}
	}
	stats.Holm(family, opts.Stats)
	res.Elapsed = time.Since(opts.Start)
}

// saveRaw writes one run's raw output to opts.OutDir, if set; a failure
// is a warning of p.
func saveRaw(opts *Options, p *pkgState, name string, raw []byte) {
	if opts.OutDir == "" || raw == nil {
		return
	}
	err := os.MkdirAll(opts.OutDir, 0o755)
	if err == nil {
		path := filepath.Join(opts.OutDir, name)
		err = os.WriteFile(path, raw, 0o644)
		if err == nil {
			p.res.RawFiles = append(p.res.RawFiles, path)
		}
	}
	if err != nil {
		p.warn([]error{fmt.Errorf("keeping raw output: %w", err)})
	}
}

func newRand(seed uint64) *rand.Rand {
	if seed == 0 {
		seed = rand.Uint64()
	}
	return rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
}
