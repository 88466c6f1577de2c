package stats

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// noisyRun returns one simulated benchmark result whose median is about
// scale: log-normal jitter with log standard deviation sigma (≈ the
// coefficient of variation) and, in one run in ten, a slow outlier such as
// interference from another process, a delay of mean 5·sigma·scale drawn
// from an exponential distribution. The result is right-skewed like real
// sec/op samples, and scale multiplies the whole distribution, so two
// scales differ by exactly their ratio (a shift in log space).
func noisyRun(rng *rand.Rand, scale, sigma float64) float64 {
	v := scale * math.Exp(sigma*rng.NormFloat64())
	if rng.IntN(10) == 0 {
		v *= 1 + 5*sigma*rng.ExpFloat64()
	}
	return v
}

func noisySample(rng *rand.Rand, n int, scale, sigma float64) []float64 {
	xs := make([]float64, n)
	for i := range xs {
		xs[i] = noisyRun(rng, scale, sigma)
	}
	return xs
}

// simulate compares trials pairs of simulated samples of sizes n and m,
// the new one scaled by ratio, and counts the verdicts and how often the
// ratio interval covers ratio.
func simulate(seed uint64, trials, n, m int, ratio, sigma float64, unit string, opts Options) (verdicts map[Verdict]int, covered int) {
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	verdicts = make(map[Verdict]int)
	for range trials {
		old := noisySample(rng, n, 1e-6, sigma)
		new := noisySample(rng, m, 1e-6*ratio, sigma)
		c := Compare("BenchmarkSim", unit, old, new, opts)
		verdicts[c.Verdict]++
		if c.RatioLo <= ratio && ratio <= c.RatioHi {
			covered++
		}
	}
	return verdicts, covered
}

// TestFalseAlarms: comparing a sample with another from the same
// distribution (A/A) must give "faster" or "slower" in at most 5 % of
// trials (asserted ≤ 6 % for sampling slack). The minimum effect only
// lowers that rate; with it switched off, the rate is the size of the
// Mann-Whitney test, which must be near alpha but not above it, else the
// test would be useless or broken.
func TestFalseAlarms(t *testing.T) {
	const trials = 10000
	for _, tc := range []struct {
		name     string
		sigma    float64
		opts     Options
		min, max float64 // bounds on the rate of faster+slower
	}{
		{"1% noise", 0.01, Options{}, 0, 0.06},
		{"5% noise", 0.05, Options{}, 0, 0.06},
		{"1% noise, no minimum effect", 0.01, Options{MinEffect: new(0.0)}, 0.02, 0.06},
	} {
		v, _ := simulate(1, trials, 10, 10, 1, tc.sigma, "sec/op", tc.opts)
		rate := float64(v[Faster]+v[Slower]) / trials
		t.Logf("A/A %s, n=10+10, %d trials: faster %d, slower %d, unchanged %d, inconclusive %d; false-alarm rate %.2f%%",
			tc.name, trials, v[Faster], v[Slower], v[Unchanged], v[Inconclusive], 100*rate)
		if rate < tc.min || rate > tc.max {
			t.Errorf("A/A %s: false-alarm rate %.4f, want in [%v, %v]", tc.name, rate, tc.min, tc.max)
		}
	}
}

// TestUnchangedReachable: A/A with 0.5 % noise must mostly be called
// unchanged (the 95 % ratio interval of 10+10 runs is about ±0.5 % wide),
// never faster or slower.
func TestUnchangedReachable(t *testing.T) {
	const trials = 1000
	v, _ := simulate(2, trials, 10, 10, 1, 0.005, "sec/op", Options{})
	t.Logf("A/A 0.5%% noise, n=10+10, %d trials: %v", trials, v)
	if v[Unchanged] < trials*9/10 || v[Faster]+v[Slower] > trials/20 {
		t.Errorf("A/A 0.5%% noise: %v, want ≥ 90%% unchanged and ≤ 5%% faster/slower", v)
	}
}

// TestCoverage: the 95 % ratio interval must cover the true ratio (×1.05)
// in at least 94 % of trials, and, to show it is not uselessly wide, in
// at most 99 %: the exact interval for 10+10 runs has coverage
// 1 − 2·P(U ≤ 23) ≈ 0.957. Also for unequal sizes, and for 60+60 runs,
// where the normal approximation picks the interval.
func TestCoverage(t *testing.T) {
	for _, tc := range []struct {
		n, m, trials int
		sigma        float64
	}{
		{10, 10, 10000, 0.03},
		{6, 15, 2000, 0.03},
		{60, 60, 1000, 0.05},
	} {
		_, covered := simulate(3, tc.trials, tc.n, tc.m, 1.05, tc.sigma, "sec/op", Options{})
		rate := float64(covered) / float64(tc.trials)
		k, level := uCritical(tc.n, tc.m, 0.95)
		t.Logf("coverage of the 95%% ratio CI, true ratio 1.05, noise %.0f%%, n=%d+%d, %d trials: %.2f%% (nominal level %.3f, k=%d)",
			100*tc.sigma, tc.n, tc.m, tc.trials, 100*rate, level, k)
		if rate < 0.94 || rate > 0.99 {
			t.Errorf("coverage n=%d+%d: %.4f, want in [0.94, 0.99]", tc.n, tc.m, rate)
		}
	}
}

// TestPower: a true 5 % slow-down with 1 % noise must be "slower" in at
// least 95 % of trials and never "faster", in sec/op and as a 5 % drop of
// throughput in B/s.
func TestPower(t *testing.T) {
	const trials = 2000
	for _, tc := range []struct {
		unit  string
		ratio float64
	}{{"sec/op", 1.05}, {"B/s", 1 / 1.05}} {
		v, _ := simulate(4, trials, 10, 10, tc.ratio, 0.01, tc.unit, Options{})
		t.Logf("power, 5%% slow-down in %s, 1%% noise, n=10+10, %d trials: slower %d, faster %d, unchanged %d, inconclusive %d",
			tc.unit, trials, v[Slower], v[Faster], v[Unchanged], v[Inconclusive])
		if v[Slower] < trials*95/100 || v[Faster] > 0 {
			t.Errorf("5%% slow-down in %s: %v, want ≥ 95%% slower and never faster", tc.unit, v)
		}
	}
}

func BenchmarkCompare(b *testing.B) {
	for _, n := range []int{10, 100} {
		rng := rand.New(rand.NewPCG(5, 5))
		old := noisySample(rng, n, 1e-6, 0.02)
		new := noisySample(rng, n, 1.03e-6, 0.02)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			for b.Loop() {
				Compare("BenchmarkSim", "sec/op", old, new, Options{})
			}
		})
	}
}

// TestNeededDecides: when a comparison of a true 5 % slow-down is
// inconclusive because too noisy, taking the number of samples per side it
// says would decide it (Comparison.Needed) should decide it about half of
// the time or more: the estimate aims the interval's half-width at the
// ratio seen, the edge of a verdict. Asserted: over 500 trials of 5
// samples per side at 5 % noise, the fresh comparisons at the estimated
// size say slower in at least 60 % of the cases (the first comparisons
// say it in far fewer), and never faster.
func TestNeededDecides(t *testing.T) {
	const trials, n, ratio, sigma = 500, 5, 1.05, 0.05
	rng := rand.New(rand.NewPCG(7, 0x5eed))
	var inconclusive, firstSlower, slower, faster int
	var sizes []int
	for range trials {
		c := Compare("BenchmarkSim", "sec/op", noisySample(rng, n, 1e-6, sigma), noisySample(rng, n, 1e-6*ratio, sigma), Options{})
		if c.Verdict == Slower {
			firstSlower++
		}
		if c.Verdict != Inconclusive || c.Needed == 0 || c.Needed > maxNeeded {
			continue
		}
		inconclusive++
		sizes = append(sizes, c.Needed)
		d := Compare("BenchmarkSim", "sec/op", noisySample(rng, c.Needed, 1e-6, sigma), noisySample(rng, c.Needed, 1e-6*ratio, sigma), Options{})
		switch d.Verdict {
		case Slower:
			slower++
		case Faster:
			faster++
		}
	}
	slices.Sort(sizes)
	t.Logf("first comparisons: %d/%d slower; %d inconclusive with an estimate (median %d samples per side); at that size: %d slower, %d faster",
		firstSlower, trials, inconclusive, sizes[len(sizes)/2], slower, faster)
	if inconclusive < trials/4 {
		t.Fatalf("only %d of %d comparisons inconclusive with an estimate: the test does not exercise Needed", inconclusive, trials)
	}
	if float64(slower) < 0.6*float64(inconclusive) || faster > 0 {
		t.Errorf("at the estimated sizes, %d of %d said slower and %d faster; want ≥ 60%% slower, none faster", slower, inconclusive, faster)
	}
}
