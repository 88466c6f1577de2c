package prove

import (
	"io"
	"time"

	"github.com/perfproof/perfproof/stats"
)

// Defaults of Options.
const (
	// DefaultRounds is the number of rounds without a time budget or
	// adaptive stopping: 30 samples per side, of DefaultBenchtime each
	// unless Options.Benchtime says otherwise.
	DefaultRounds = 30
	// DefaultBenchtime is the length of one run of one benchmark when
	// Options.Benchtime is "": many short runs, each in a new process, rather
	// than go test's few of 1 s. On a shared machine much of a sample's
	// variation comes with the moment it ran, not with the iterations within
	// it: on this project's 2 shared cores, bench/calibrate.sh's memory-bound
	// benchmark runs at one of two speeds about 20 % apart, the slow one in
	// bursts of contention that switch from one 10 ms run to the next at times
	// and last seconds at others, in one process as across processes.
	// Precision then grows with the number of runs spread over time more than
	// with their length (Kalibera and Jones, "Rigorous Benchmarking in
	// Reasonable Time", ISMM 2013: repeat at the level that varies most).
	// Measured there: at the same benchmark time per side, 40 runs of 25 ms
	// gave a ratio confidence interval 2 to 5 times narrower than 10 runs of
	// 100 ms; with the defaults (30 runs of 10 ms), six calibrations found a
	// true 5 % slow-down in 114 and 64 of 120 comparisons (CPU-bound,
	// memory-bound benchmark) against 114 and 67 for go test -count=10
	// -benchtime=100ms, with 6 false alarms in 120 A/A comparisons against 42,
	// in 0.46–0.53 times its time. What a process pays once is spread over a
	// run's iterations, alike on both sides (see groupIters; a warning says
	// when it weighs); a longer Benchtime spreads it thinner.
	DefaultBenchtime = 10 * time.Millisecond
	// DefaultMinIters is the fewest iterations of a run after the first
	// round when Options.Benchtime is "": a benchmark slower than
	// DefaultBenchtime per iteration still runs a few, so that its first
	// iteration, which may fill caches or pools (and which the testing
	// package runs apart, as its run of one iteration, for a b.N
	// benchmark), does not make up the sample.
	DefaultMinIters = 5
	// DefaultAdaptiveRounds is the largest number of rounds in adaptive
	// mode when Options.Rounds is 0: a benchmark whose runs are too noisy
	// for a verdict after DefaultRounds samples per side (a memory-bound
	// loop on a shared machine) gets up to 243, while one that is decided
	// early stops early. 243 is where the looks' schedule (6, 9, 14, 21,
	// 32, 48, 72, 108, 162, 243) would look next, so no look is wasted
	// just before the last round. bench/calibrate.sh chose it (see the
	// README): with runs of DefaultBenchtime, a true 5 % slow-down of its
	// memory-bound benchmark was found in 15 of 20 comparisons with a cap
	// of 72, and in 20 of 20 in each of six runs with 243 (median 72–108
	// rounds, 4–6 s a comparison); in A/A comparisons that benchmark runs
	// to the cap (about 14 s).
	DefaultAdaptiveRounds = 243
	// DefaultTimeRounds is the largest number of rounds under a time
	// budget when Options.Rounds is 0: with runs of DefaultBenchtime, a
	// round of one benchmark takes about 65 ms here, so a budget of a
	// minute or two is used up before it.
	DefaultTimeRounds = 1000
	// DefaultMinRounds is the number of rounds before adaptive mode first
	// looks at the verdicts: 6 samples per side, the fewest for which
	// benchmath gives a 95 % confidence interval of a median.
	DefaultMinRounds = 6
	// DefaultTimeout limits one run of one test binary.
	DefaultTimeout = 5 * time.Minute
)

// A Side is one version of the module: the directory in which the go
// command builds it.
type Side struct {
	// Name labels the side in progress lines and file names: "old" or
	// "new" for Run.
	Name string
	// Dir is the module directory (or a directory inside the module)
	// where the package patterns are resolved.
	Dir string
}

// Options configure Run, RunVariants and RunPair. The zero value runs
// DefaultRounds rounds of every benchmark, each run lasting
// DefaultBenchtime.
type Options struct {
	// Bench is the -test.bench regular expression; "" means ".". RunPair
	// ignores it.
	Bench string
	// Benchtime is the -test.benchtime value of a run ("100ms",
	// "1000x"); "" means DefaultBenchtime, with at least DefaultMinIters
	// iterations per run after the first round.
	Benchtime string

	// Rounds is the largest number of rounds, each giving one sample per
	// side; 0 means DefaultRounds, DefaultTimeRounds with a Time budget, or
	// DefaultAdaptiveRounds in adaptive mode.
	Rounds int
	// Time is a budget for the whole measurement, builds included: no
	// round starts that would, judging by the rounds so far, end after
	// it. The first round always runs. 0 means no budget.
	Time time.Duration
	// Adaptive stops measuring a benchmark before the last round once its
	// verdicts (every unit) are other than inconclusive, and a package once
	// none of its benchmarks is left; the others go on, so a benchmark is not
	// measured longer than it needs because another is noisy. (With RampUp or
	// a Benchtime that is a count, a round is one run per binary of every
	// benchmark, so the package stops as a whole.) The verdicts are looked at
	// after MinRounds rounds and then after every 50 % more (6, 9, 14, 21, …)
	// before the last round. Peeking at the data repeatedly must not multiply
	// false alarms, so the significance level Alpha is split (Bonferroni):
	// half for the reported verdicts, which are at Alpha/2, half over the L
	// looks, where a verdict counts as decided only at Alpha/(2L) and
	// confidence 1 − Alpha/(2L). The chance of a false faster or slower over
	// all looks and the end is then at most Alpha. With the default 243
	// rounds, the looks are after 6, 9, 14, 21, 32, 48, 72, 108 and 162
	// rounds, at Alpha/18. The significance level of a look is divided again
	// by the largest number m of comparisons of one unit with a p-value
	// (unless Stats.PerComparison), so that a benchmark decided early stays
	// decided after the reported verdicts' correction for m (stats.Holm).
	Adaptive bool
	// MinRounds is the number of rounds before the first adaptive look; 0
	// means DefaultMinRounds.
	MinRounds int

	// Timeout limits one run of one test binary; 0 means DefaultTimeout. A
	// run that exceeds it is killed with its process group and reported
	// with benchrun.ErrTimeout.
	Timeout time.Duration

	// RampUp keeps the testing package's ramp-up in every run. Without it,
	// the rounds after the first run each compared benchmark alone with
	// -test.benchtime=<N>x, N being the iteration count that makes the run
	// last Benchtime at the speed that benchmark had on that side in the
	// first round (the testing package's own count would overshoot by
	// 20 %): the ramp-up
	// (runs of 1, 100, 10000, … iterations before the measured one, redone
	// for every sample by go test -count as well) is paid once instead of
	// every round. A Benchtime that is already a count ("1000x") has no
	// ramp-up and keeps one run per binary and round.
	RampUp bool

	// AllocBenchtime, if not "", is the -test.benchtime of the allocation
	// rounds ("1s", "100x"), run after the timing rounds: B/op and
	// allocs/op then come from those runs only, sec/op and custom units
	// still from the timing rounds. The allocations per op of code that
	// pools memory depend on the run length (a sync.Pool is emptied at
	// every garbage collection, and the testing package collects before
	// each run, so a refill is spread over the run's iterations), and runs
	// of DefaultBenchtime can disagree with go test's default of 1s. Each
	// allocation round runs every compared benchmark (or pair of variants)
	// alone, with the testing package's ramp-up, once per side, the two
	// runs back to back in a random order; there are AllocCount rounds.
	// Comparison.Benchtime says which run length each comparison's
	// samples came from. The rounds respect Time (the timing rounds leave
	// room for them), Timeout and the context; a benchmark whose
	// allocation runs measured one side only keeps the timing rounds'
	// values, with a warning. An invalid value makes Run, RunVariants and
	// RunPairs return an error before building anything.
	AllocBenchtime string
	// AllocCount is the number of allocation rounds, each one run per
	// side of every compared benchmark, when AllocBenchtime is set; 0
	// means DefaultAllocCount. It must not be negative.
	AllocCount int

	// Stats are the thresholds of the verdicts. The verdicts of all the
	// comparisons of one Run, RunVariants or RunPairs are corrected for
	// their number, unit by unit (stats.Holm), unless Stats.PerComparison
	// is set.
	Stats stats.Options

	// Variants are the pairs of variant words RunVariants pairs
	// benchmarks by (see FindVariants); nil means DefaultVariants.
	Variants [][2]string

	// WorkDir receives the test binaries, in subfolders it creates; it
	// must exist. "" means a new temporary folder, removed before the run
	// returns.
	WorkDir string
	// OutDir, if not "", receives the raw output of every run, appended
	// per package and side to <package>.<side>.txt (for RunVariants and
	// RunPair <package>.txt), readable by benchstat. It is created if
	// needed.
	OutDir string

	// Progress, if not nil, receives a line per build and per round.
	Progress io.Writer
	// Env, if not nil, is the environment of the go command and of the
	// test binaries.
	Env []string
	// Seed seeds the random order of the sides in each round and the
	// -test.shuffle order of the benchmarks; 0 means a random seed.
	Seed uint64
}

// verdictStats returns the thresholds of the reported verdicts: Stats,
// its zero fields set to their defaults, with half the significance level
// in adaptive mode, whose looks spend the other half (see Adaptive).
func (o *Options) verdictStats() stats.Options {
	st := o.Stats
	if st.Alpha == 0 {
		st.Alpha = stats.DefaultAlpha
	}
	st.MinEffect = new(st.Effect())
	if o.Adaptive {
		st.Alpha /= 2
	}
	return st
}

// maxRounds returns the largest number of rounds o allows.
func (o *Options) maxRounds() int {
	switch {
	case o.Rounds > 0:
		return o.Rounds
	case o.Time > 0:
		return DefaultTimeRounds
	case o.Adaptive:
		return DefaultAdaptiveRounds
	}
	return DefaultRounds
}

func (o *Options) minRounds() int {
	if o.MinRounds > 0 {
		return o.MinRounds
	}
	return DefaultMinRounds
}

func (o *Options) timeout() time.Duration {
	if o.Timeout > 0 {
		return o.Timeout
	}
	return DefaultTimeout
}

// looks returns the rounds after which adaptive mode looks at the
// verdicts, before the last round max: min, then 50 % more each time.
func looks(min, max int) []int {
	var out []int
	for r := min; r < max; r = (r*3 + 1) / 2 {
		out = append(out, r)
	}
	return out
}
