package prove

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/perfproof/perfproof/benchrun"
	"github.com/perfproof/perfproof/stats"
)

// Run compares the benchmarks of the packages matching patterns ("." if
// none) between the module directories old.Dir and new.Dir: it builds each
// side's test binary of every package with benchmarks once and runs them in
// interleaved rounds (see the package documentation). Packages are paired
// by their directory relative to the side's Dir, so a module path that
// changed between the sides still pairs; a package or a benchmark present
// on one side only is noted (PackageResult.Warnings, OnlyOld, OnlyNew),
// not compared. Each comparison's Code says whether the benchmark
// function's code differs between the two package directories
// (CompareCode; PackageResult.OldDir and NewDir).
//
// Run returns an error and no Result when a side's packages cannot be
// listed; an error wrapping ErrNoBenchmarks (with the Result) when no
// package has benchmarks on both sides; and, when ctx ends, the Result so
// far (compared) with ctx.Err(). A package that fails to load, build or
// run has its PackageResult.Err; the others go on.
func Run(ctx context.Context, old, new Side, patterns []string, opts Options) (*Result, error) {
	start := time.Now()
	if err := opts.checkAlloc(); err != nil {
		return nil, err
	}
	if opts.Bench == "" {
		opts.Bench = "."
	}
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	oldPkgs, err := listSide(ctx, old, patterns, &opts)
	if err != nil {
		return nil, err
	}
	newPkgs, err := listSide(ctx, new, patterns, &opts)
	if err != nil {
		return nil, err
	}
	if len(oldPkgs) == 0 && len(newPkgs) == 0 {
		return nil, fmt.Errorf("%w: %s", benchrun.ErrNoPackages, strings.Join(patterns, " "))
	}
	type pkgPair struct{ old, new *benchrun.Package }
	var pairs []pkgPair
	var cands []pkgPair // those measured, in order
	byRel := make(map[string]int)
	for _, side := range []struct {
		pkgs  []benchrun.Package
		dir   string
		isOld bool
	}{{newPkgs, new.Dir, false}, {oldPkgs, old.Dir, true}} {
		for i := range side.pkgs {
			p := &side.pkgs[i]
			rel, err := filepath.Rel(side.dir, p.Dir)
			if err != nil || p.Dir == "" {
				rel = "import:" + p.ImportPath
			}
			j, ok := byRel[rel]
			if !ok {
				j = len(pairs)
				byRel[rel] = j
				pairs = append(pairs, pkgPair{})
			}
			if side.isOld {
				pairs[j].old = p
			} else {
				pairs[j].new = p
			}
		}
	}

	res := &Result{}
	var toMeasure []int
	for _, pp := range pairs {
		o, n := pp.old, pp.new
		pr := PackageResult{}
		if n != nil {
			pr.ImportPath = n.ImportPath
		} else {
			pr.ImportPath = o.ImportPath
		}
		hasOld, hasNew := o != nil && o.HasBenchmarks, n != nil && n.HasBenchmarks
		switch {
		case o != nil && o.Err != nil:
			pr.Err = fmt.Errorf("%s side: %w", old.Name, o.Err)
		case n != nil && n.Err != nil:
			pr.Err = fmt.Errorf("%s side: %w", new.Name, n.Err)
		case !hasOld && !hasNew:
			continue
		case !hasOld:
			pr.Warnings = append(pr.Warnings, fmt.Errorf("%s has benchmarks only on the %s side: not compared", pr.ImportPath, new.Name))
		case !hasNew:
			pr.Warnings = append(pr.Warnings, fmt.Errorf("%s has benchmarks only on the %s side: not compared", pr.ImportPath, old.Name))
		default:
			toMeasure = append(toMeasure, len(res.Packages))
			cands = append(cands, pp)
		}
		res.Packages = append(res.Packages, pr)
	}
	if len(toMeasure) == 0 {
		res.Elapsed = time.Since(start)
		return res, fmt.Errorf("%w: no package matching %s has benchmarks on both sides", ErrNoBenchmarks, strings.Join(patterns, " "))
	}

	ms, cleanup, err := prepare(ctx, res, toMeasure, &opts, func(k int, pr *PackageResult, stem string) *measured {
		m := newMeasured(pr, opts.Bench)
		c := cands[k]
		for _, side := range []struct {
			side Side
			pkg  *benchrun.Package
		}{{old, c.old}, {new, c.new}} {
			m.bins = append(m.bins, &binary{side: side.side, label: side.side.Name, dir: side.pkg.Dir, importPath: side.pkg.ImportPath})
		}
		return m
	})
	if cleanup != nil {
		defer cleanup()
	}
	if err != nil {
		return nil, err
	}
	out, err := finish(ctx, res, ms, &opts, start)
	for k, i := range toMeasure {
		p := &res.Packages[i]
		p.OldDir, p.NewDir = cands[k].old.Dir, cands[k].new.Dir
		compareCodes(p)
	}
	return out, err
}

// compareCodes fills the Code of p's comparisons, parsing each side's
// directory once.
func compareCodes(p *PackageResult) {
	if len(p.Comparisons) == 0 {
		return
	}
	old, new := loadCode(p.OldDir), loadCode(p.NewDir)
	diffs := make(map[string]CodeDiff)
	for i := range p.Comparisons {
		c := &p.Comparisons[i]
		fn := BenchmarkFunc(c.OldName)
		d, ok := diffs[fn]
		if !ok {
			d = compareCode(old, new, fn)
			diffs[fn] = d
		}
		c.Code = d
	}
}

// prepare makes the work and output folders, creates a measured package
// with newM for each of res.Packages[toMeasure[k]], names its files, and
// builds its binaries. The caller must call cleanup if it is not nil.
func prepare(ctx context.Context, res *Result, toMeasure []int, opts *Options, newM func(k int, pr *PackageResult, stem string) *measured) (ms []*measured, cleanup func(), err error) {
	work, cleanup, err := workDir(opts)
	if err != nil {
		return nil, nil, err
	}
	out, err := outDir(opts)
	if err != nil {
		return nil, cleanup, err
	}
	used := make(map[string]bool)
	for k, i := range toMeasure {
		pr := &res.Packages[i]
		stem := benchrun.FileName(pr.ImportPath)
		for n := 2; used[stem]; n++ {
			stem = fmt.Sprintf("%s-%d", benchrun.FileName(pr.ImportPath), n)
		}
		used[stem] = true
		m := newM(k, pr, stem)
		for _, b := range m.bins {
			suffix := ""
			if b.label != "" {
				suffix = "." + b.label
			}
			b.path = filepath.Join(work, stem+suffix+".test")
			if out != "" {
				b.raw = filepath.Join(out, stem+suffix+".txt")
			}
			if b.raw != "" && !slices.Contains(pr.RawFiles, b.raw) {
				if err := os.WriteFile(b.raw, nil, 0o666); err != nil {
					return nil, cleanup, fmt.Errorf("creating raw output file: %w", err)
				}
				pr.RawFiles = append(pr.RawFiles, b.raw)
			}
		}
		ms = append(ms, m)
	}
	buildAll(ctx, ms, opts)
	if ctx.Err() != nil {
		return nil, cleanup, ctx.Err()
	}
	return ms, cleanup, nil
}

// buildAll builds the test binaries of ms, up to GOMAXPROCS at a time
// (the old and the new side of a package build side by side; each go
// command spends much of its time in serial steps: listing, linking). A
// package whose binary does not build gets the first error in the order
// of its binaries and is done.
func buildAll(ctx context.Context, ms []*measured, opts *Options) {
	type job struct {
		m   *measured
		b   *binary
		err error
	}
	var jobs []*job
	built := make(map[string]bool)
	for _, m := range ms {
		for _, b := range m.bins {
			if !built[b.path] {
				built[b.path] = true
				jobs = append(jobs, &job{m: m, b: b})
			}
		}
	}
	sem := make(chan struct{}, max(1, runtime.GOMAXPROCS(0)))
	var wg sync.WaitGroup
	for _, j := range jobs {
		if opts.Progress != nil {
			fmt.Fprintf(opts.Progress, "build %s\n", strings.TrimSpace(j.b.label+" "+j.b.importPath))
		}
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			j.err = build(ctx, j.b.side, j.b.importPath, j.b.path, opts.Env)
		}()
	}
	wg.Wait()
	for _, j := range jobs {
		if j.err != nil && j.m.res.Err == nil {
			j.m.res.Err = j.err
			j.m.done = true
		}
	}
}

// finish runs the rounds and compares the samples.
func finish(ctx context.Context, res *Result, ms []*measured, opts *Options, start time.Time) (*Result, error) {
	var err error
	res.Rounds, res.Stop, err = measure(ctx, ms, opts, start)
	if err == nil && opts.AllocBenchtime != "" {
		if res.AllocRounds, err = allocRounds(ctx, ms, opts, start); err != nil {
			res.Stop = err.Error()
		}
	}
	for _, m := range ms {
		if err != nil && m.res.Err == nil && (!m.done || opts.AllocBenchtime != "") {
			if opts.AllocBenchtime != "" {
				m.res.Err = fmt.Errorf("benchmarks of %s stopped after %d rounds and %d allocation rounds: %w", m.res.ImportPath, m.res.Rounds, m.res.AllocRounds, err)
			} else {
				m.res.Err = fmt.Errorf("benchmarks of %s stopped after %d rounds: %w", m.res.ImportPath, m.res.Rounds, err)
			}
		}
		m.finish(opts)
	}
	var family []*stats.Comparison
	for _, m := range ms {
		for i := range m.res.Comparisons {
			family = append(family, &m.res.Comparisons[i].Comparison)
		}
	}
	stats.Holm(family, opts.verdictStats())
	res.Elapsed = time.Since(start)
	return res, err
}

// listSide lists the packages of one side; patterns that match nothing on
// this side give no packages (the other side may have them).
func listSide(ctx context.Context, side Side, patterns []string, opts *Options) ([]benchrun.Package, error) {
	pkgs, err := benchrun.ListPackages(ctx, side.Dir, opts.Env, patterns)
	if errors.Is(err, benchrun.ErrNoPackages) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("%s side (%s): %w", side.Name, side.Dir, err)
	}
	return pkgs, nil
}

// RunVariants compares, in each package matching patterns ("." if none)
// in the module directory dir, the variants of its benchmarks that differ
// only in a variant word (Options.Variants, default DefaultVariants; see
// FindVariants): "X/before" is the old side and "X/after" the new one.
// Each package's test binary is built once; a round is one run of it with
// -test.count=1, and its two variants of one round are one pair of
// samples. The pairs are found in the first round's output;
// PackageResult.Unpaired lists names with a variant word but no
// counterpart.
//
// Errors are as for Run, with ErrNoBenchmarks when no package has
// benchmarks.
func RunVariants(ctx context.Context, dir string, patterns []string, opts Options) (*Result, error) {
	if opts.Bench == "" {
		opts.Bench = "."
	}
	variants := opts.Variants
	if len(variants) == 0 {
		variants = DefaultVariants
	}
	return runSingle(ctx, dir, patterns, &opts, func(m *measured) {
		m.bench = opts.Bench
		m.variants = variants
	})
}

// RunPairs compares, within the one package matching pattern in the
// module directory dir, each pair's Old benchmark with its New one (names
// as in benchrun.Sample.Name, such as "Parse/std"; a "Benchmark" prefix is
// removed). The package's test binary is built once; a round runs it once
// per benchmark named, selecting that benchmark alone, in a random order
// (Options.Bench is ignored), and the two benchmarks of a pair in one
// round give one pair of samples. It is how a caller re-measures two
// arbitrary benchmarks, for example those a report's claim names.
//
// The Result has one PackageResult whose Samples hold the values of every
// unit of each pair and whose Comparisons compare them; a benchmark that
// does not exist has no values (its Samples are missing). It returns an
// error when pattern does not match exactly one package, and otherwise as
// for Run.
func RunPairs(ctx context.Context, dir, pattern string, pairs []Pair, opts Options) (*Result, error) {
	if len(pairs) == 0 {
		return nil, errors.New("no pairs of benchmarks to compare")
	}
	clean := make([]Pair, len(pairs))
	for i, p := range pairs {
		p.Old = strings.TrimPrefix(p.Old, "Benchmark")
		p.New = strings.TrimPrefix(p.New, "Benchmark")
		if p.Benchmark == "" {
			p.Benchmark = p.Old + " vs " + p.New
		}
		clean[i] = p
	}
	pkgs, err := benchrun.ListPackages(ctx, dir, opts.Env, []string{pattern})
	if err != nil {
		return nil, err
	}
	if len(pkgs) != 1 {
		return nil, fmt.Errorf("pattern %s matches %d packages, want one", pattern, len(pkgs))
	}
	return runSingle(ctx, dir, []string{pattern}, &opts, func(m *measured) {
		m.pairs = clean
		// One run per benchmark and round, in a random order: a single
		// -test.bench expression cannot select names of different depths
		// (the testing package then runs only the deeper ones).
		bin := m.bins[0]
		m.bins = nil
		seen := make(map[string]bool)
		for _, p := range clean {
			for _, name := range []string{p.Old, p.New} {
				if !seen[name] {
					seen[name] = true
					b := *bin
					b.bench = nameRegexp(name)
					m.bins = append(m.bins, &b)
				}
			}
		}
	})
}

// runSingle measures the packages matching patterns in dir with one test
// binary each; setup fills in what each package compares.
func runSingle(ctx context.Context, dir string, patterns []string, opts *Options, setup func(*measured)) (*Result, error) {
	start := time.Now()
	if err := opts.checkAlloc(); err != nil {
		return nil, err
	}
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	pkgs, err := benchrun.ListPackages(ctx, dir, opts.Env, patterns)
	if err != nil {
		return nil, err
	}
	res := &Result{}
	var toMeasure []int
	var listed []benchrun.Package
	for _, p := range pkgs {
		pr := PackageResult{ImportPath: p.ImportPath, Err: p.Err}
		switch {
		case p.Err != nil:
		case !p.HasBenchmarks:
			continue
		default:
			toMeasure = append(toMeasure, len(res.Packages))
			listed = append(listed, p)
		}
		res.Packages = append(res.Packages, pr)
	}
	if len(toMeasure) == 0 {
		res.Elapsed = time.Since(start)
		return res, fmt.Errorf("%w: no package matching %s has benchmarks", ErrNoBenchmarks, strings.Join(patterns, " "))
	}
	side := Side{Name: "", Dir: dir}
	ms, cleanup, err := prepare(ctx, res, toMeasure, opts, func(k int, pr *PackageResult, stem string) *measured {
		m := newMeasured(pr, "")
		m.single = true
		m.bins = []*binary{{side: side, dir: listed[k].Dir, importPath: listed[k].ImportPath}}
		setup(m)
		return m
	})
	if cleanup != nil {
		defer cleanup()
	}
	if err != nil {
		return nil, err
	}
	return finish(ctx, res, ms, opts, start)
}
