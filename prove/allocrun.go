package prove

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/perfproof/perfproof/stats"
)

// DefaultAllocCount is the number of allocation runs per side of each
// compared benchmark when Options.AllocBenchtime is set and
// Options.AllocCount is 0: three, as claims.DefaultAllocCount for a report
// that states no -count. B/op and allocs/op vary little from run to run
// at one run length, so a few runs suffice to tell their change.
const DefaultAllocCount = 3

// AllocUnit reports whether unit is one of the units that the allocation
// rounds measure (Options.AllocBenchtime): "B/op" or "allocs/op".
func AllocUnit(unit string) bool { return unit == "B/op" || unit == "allocs/op" }

// ValidBenchtime reports whether s is a -test.benchtime value the testing
// package accepts: a positive duration ("10ms", "1s") or a positive
// iteration count ("100x").
func ValidBenchtime(s string) bool {
	if n, ok := strings.CutSuffix(s, "x"); ok {
		k, err := strconv.Atoi(n)
		return err == nil && k > 0
	}
	d, err := time.ParseDuration(s)
	return err == nil && d > 0
}

// checkAlloc returns an error naming the field when Options.AllocBenchtime
// or Options.AllocCount is invalid.
func (o *Options) checkAlloc() error {
	switch {
	case o.AllocBenchtime != "" && !ValidBenchtime(o.AllocBenchtime):
		return fmt.Errorf("allocation run length %q: want a duration such as 1s or an iteration count such as 100x", o.AllocBenchtime)
	case o.AllocCount < 0:
		return fmt.Errorf("allocation runs per side %d: want at least 1 (0 for %d)", o.AllocCount, DefaultAllocCount)
	case o.Benchtime != "" && !ValidBenchtime(o.Benchtime):
		return fmt.Errorf("run length %q: want a duration such as 10ms or an iteration count such as 100x", o.Benchtime)
	}
	return nil
}

func (o *Options) allocCount() int {
	if o.AllocCount > 0 {
		return o.AllocCount
	}
	return DefaultAllocCount
}

// allocGroups returns one group per compared benchmark (or pair of
// variants) of m with B/op or allocs/op values on both sides: its runs on
// each side, the benchmark alone, with -test.benchtime=benchtime.
func (m *measured) allocGroups(benchtime string) []*planGroup {
	samples, _, _ := m.samples()
	seen := make(map[[2]string]bool)
	var out []*planGroup
	for _, s := range samples {
		p := [2]string{s.OldName, s.NewName}
		if !AllocUnit(s.Unit) || len(s.Old) == 0 || len(s.New) == 0 || seen[p] {
			continue
		}
		seen[p] = true
		g := &planGroup{old: s.OldName, new: s.NewName}
		if m.single {
			b := m.bins[0]
			g.runs = []runSpec{{b: b, bench: nameRegexp(s.OldName), benchtime: benchtime}, {b: b, bench: nameRegexp(s.NewName), benchtime: benchtime}}
		} else {
			for _, b := range m.bins {
				g.runs = append(g.runs, runSpec{b: b, bench: nameRegexp(s.OldName), benchtime: benchtime})
			}
		}
		out = append(out, g)
	}
	return out
}

// allocGuess returns how long one allocation round of m's groups may
// take before one has run: per run, twice the run length for a duration
// (the testing package's ramp-up runs before the measured run, which it
// aims 20 % past the run length), or the iteration count at the slowest
// sec/op the timing rounds measured on either side, plus the time a
// timing run took, for the process start.
func (m *measured) allocGuess(groups []*planGroup, benchtime string) time.Duration {
	perRun := m.spent / time.Duration(max(1, m.runs))
	var total time.Duration
	for _, g := range groups {
		for _, r := range g.runs {
			total += perRun
			if d, err := time.ParseDuration(benchtime); err == nil {
				total += 2 * d
				continue
			}
			n, _ := strconv.Atoi(strings.TrimSuffix(benchtime, "x"))
			name := g.old
			if r.b.label == "new" || m.single && r.bench == nameRegexp(g.new) {
				name = g.new
			}
			if v := m.values[r.b.label][key{name, "sec/op"}]; len(v) > 0 {
				sec := stats.Summarize(v, 0).Median
				total += time.Duration(float64(n) * sec * float64(time.Second))
			}
		}
	}
	return total
}

// allocRounds runs, after the timing rounds, the allocation rounds of
// opts.AllocBenchtime (see Options.AllocBenchtime) over the packages of
// pkgs that have not failed. A round runs each package's groups in a
// random order, the runs of a group back to back in a random order. No
// round starts that would end after the Options.Time budget, judging by
// the rounds so far (before the first, by allocGuess); the packages left
// without allocation runs get a warning. A run that fails sets its
// package's Err and ends its allocation rounds; the values measured before
// are kept. It returns the number of rounds run and ctx's error if ctx
// ended.
func allocRounds(ctx context.Context, pkgs []*measured, opts *Options, start time.Time) (int, error) {
	seed := opts.Seed
	if seed == 0 {
		seed = rand.Uint64()
	}
	rng := rand.New(rand.NewPCG(seed^0xa110c, seed))
	count := opts.allocCount()
	groups := make(map[*measured][]*planGroup)
	var active []*measured
	for _, m := range pkgs {
		if m.res.Err != nil {
			continue
		}
		if gs := m.allocGroups(opts.AllocBenchtime); len(gs) > 0 {
			groups[m] = gs
			active = append(active, m)
		}
	}
	rounds := 0
	var spent time.Duration
	for round := 1; round <= count; round++ {
		active = slicesDeleteFailed(active)
		if len(active) == 0 {
			break
		}
		if opts.Time > 0 {
			next := spent / time.Duration(max(1, rounds))
			if rounds == 0 {
				for _, m := range active {
					next += m.allocGuess(groups[m], opts.AllocBenchtime)
				}
			}
			if time.Since(start)+next > opts.Time {
				for _, m := range active {
					m.res.Warnings = append(m.res.Warnings, fmt.Errorf("%s: %d of %d allocation rounds of -benchtime %s ran before the time budget %s (the next would have ended after it)", m.res.ImportPath, rounds, count, opts.AllocBenchtime, opts.Time))
				}
				break
			}
		}
		if opts.Progress != nil {
			fmt.Fprintf(opts.Progress, "allocation round %d/%d, -benchtime %s (elapsed %s)\n", round, count, opts.AllocBenchtime, time.Since(start).Round(time.Second))
		}
		roundStart := time.Now()
		for _, m := range active {
			m.allocRound(ctx, round, groups[m], rng, opts)
			if ctx.Err() != nil {
				return rounds, ctx.Err()
			}
		}
		spent += time.Since(roundStart)
		rounds = round
	}
	return rounds, nil
}

// slicesDeleteFailed returns ms without the packages that have failed.
func slicesDeleteFailed(ms []*measured) []*measured {
	out := ms[:0]
	for _, m := range ms {
		if m.res.Err == nil {
			out = append(out, m)
		}
	}
	return out
}

// allocRound runs one allocation round of m: its groups in a random
// order, the runs of each back to back in a random order, their B/op and
// allocs/op kept apart from the timing rounds' values (m.alloc).
func (m *measured) allocRound(ctx context.Context, round int, groups []*planGroup, rng *rand.Rand, opts *Options) {
	if m.alloc == nil {
		m.alloc = make(map[string]map[key][]float64)
	}
	for _, gi := range rng.Perm(len(groups)) {
		g := groups[gi]
		for _, i := range rng.Perm(len(g.runs)) {
			spec := g.runs[i]
			ro, _ := run(ctx, spec, rng.Int64(), opts)
			vals := m.alloc[spec.b.label]
			if vals == nil {
				vals = make(map[key][]float64)
				m.alloc[spec.b.label] = vals
			}
			for _, s := range ro.Samples() {
				if AllocUnit(s.Unit) {
					k := key{s.Name, s.Unit}
					vals[k] = append(vals[k], s.Values...)
				}
			}
			m.res.Warnings = append(m.res.Warnings, ro.Warnings...)
			if ro.Err != nil {
				if spec.b.label != "" {
					m.res.Err = fmt.Errorf("%s side, allocation round %d (-benchtime %s): %w", spec.b.label, round, opts.AllocBenchtime, ro.Err)
				} else {
					m.res.Err = fmt.Errorf("allocation round %d (-benchtime %s): %w", round, opts.AllocBenchtime, ro.Err)
				}
				return
			}
		}
	}
	m.res.AllocRounds++
}

// useAllocRuns labels each of samples with the run length of its values:
// timing, the timing rounds' -benchtime; for B/op and allocs/op with
// values of the allocation rounds on both sides, those values replace the
// timing rounds' and the label is allocBenchtime. A benchmark whose
// allocation rounds measured one side only keeps the timing rounds' values
// and gets a warning.
func (m *measured) useAllocRuns(samples []Samples, timing, allocBenchtime string) {
	oldLabel, newLabel := "old", "new"
	if m.single {
		oldLabel, newLabel = "", ""
	}
	warned := make(map[string]bool)
	for i := range samples {
		s := &samples[i]
		s.Benchtime = timing
		if m.alloc == nil || !AllocUnit(s.Unit) || len(s.Old) == 0 || len(s.New) == 0 {
			continue
		}
		o, n := m.alloc[oldLabel][key{s.OldName, s.Unit}], m.alloc[newLabel][key{s.NewName, s.Unit}]
		if len(o) == 0 || len(n) == 0 {
			if !warned[s.Benchmark] {
				warned[s.Benchmark] = true
				m.res.Warnings = append(m.res.Warnings, fmt.Errorf("%s: the allocation runs of -benchtime %s measured %s; its B/op and allocs/op come from the runs of %s", s.Benchmark, allocBenchtime, oneSide(len(o) > 0, len(n) > 0), timing))
			}
			continue
		}
		s.Old, s.New, s.Benchtime = o, n, allocBenchtime
	}
}

// oneSide says which sides an allocation run measured.
func oneSide(old, new bool) string {
	switch {
	case old:
		return "the old side only"
	case new:
		return "the new side only"
	}
	return "neither side"
}

// allocReserve returns the time the timing rounds leave for the
// allocation rounds under a budget: allocGuess of one round of every
// package not failed, times the number of rounds.
func allocReserve(pkgs []*measured, opts *Options) time.Duration {
	var d time.Duration
	for _, m := range pkgs {
		if m.res.Err == nil {
			d += m.allocGuess(m.allocGroups(opts.AllocBenchtime), opts.AllocBenchtime)
		}
	}
	return d * time.Duration(opts.allocCount())
}
