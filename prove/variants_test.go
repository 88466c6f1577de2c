package prove

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestFindVariants(t *testing.T) {
	names := []string{
		"Trim/before", "Other", "Trim/after",
		"Parse_Before_JSON", "Parse_After_JSON",
		"Size/before/n=10", "Size/after/n=10", "Size/before/n=20",
		"EncodeOld", "EncodeNew",
		"Decode/old", "Decode/new",
		"Lonely/after",
		"Beforehand", "Afterwards", // not variant words
		"before", "after",
	}
	pairs, unpaired := FindVariants(names, DefaultVariants)
	want := []Pair{
		{"Trim", "Trim/before", "Trim/after"},
		{"Parse_JSON", "Parse_Before_JSON", "Parse_After_JSON"},
		{"Size/n=10", "Size/before/n=10", "Size/after/n=10"},
		{"Encode", "EncodeOld", "EncodeNew"},
		{"Decode", "Decode/old", "Decode/new"},
		{"before→after", "before", "after"},
	}
	if !slices.Equal(pairs, want) {
		t.Errorf("FindVariants pairs =\n%q\nwant\n%q", pairs, want)
	}
	if want := []string{"Size/before/n=20", "Lonely/after"}; !slices.Equal(unpaired, want) {
		t.Errorf("FindVariants unpaired = %q, want %q", unpaired, want)
	}

	pairs, _ = FindVariants([]string{"A/slow", "A/fast", "A/before", "A/after"}, [][2]string{{"slow", "fast"}})
	if want := []Pair{{"A", "A/slow", "A/fast"}}; !slices.Equal(pairs, want) {
		t.Errorf("FindVariants with slow,fast = %q, want %q", pairs, want)
	}
}

func TestNameRegexp(t *testing.T) {
	for _, tc := range []struct {
		name string
		yes  []string
		no   []string
	}{
		{"Trim/before", []string{"Trim/before"}, []string{"Trim/after", "Trimmed/before", "Trim/beforehand", "XTrim/before"}},
		{"A.b", []string{"A.b"}, []string{"AXb", "A.b/sub"}},
		{"C/x+y/z", []string{"C/x+y/z"}, []string{"C/xxy/z", "C/x+y/zz"}},
	} {
		re := nameRegexp(tc.name)
		levels := strings.Split(re, "/")
		match := func(name string) bool {
			elems := strings.Split("Benchmark"+name, "/")
			if len(elems) > len(levels) {
				return false // deeper names run only as parents
			}
			for i, elem := range elems {
				if !regexp.MustCompile(levels[i]).MatchString(elem) {
					return false
				}
			}
			return true
		}
		for _, name := range tc.yes {
			if !match(name) {
				t.Errorf("nameRegexp(%q) = %q does not select %s", tc.name, re, name)
			}
		}
		for _, name := range tc.no {
			if match(name) {
				t.Errorf("nameRegexp(%q) = %q selects %s", tc.name, re, name)
			}
		}
	}
}

func TestLooks(t *testing.T) {
	for _, tc := range []struct {
		min, max int
		want     []int
	}{
		{6, 20, []int{6, 9, 14}},
		{6, 6, nil},
		{6, 100, []int{6, 9, 14, 21, 32, 48, 72}},
		{1, 5, []int{1, 2, 3}},
	} {
		if got := looks(tc.min, tc.max); !slices.Equal(got, tc.want) {
			t.Errorf("looks(%d, %d) = %v, want %v", tc.min, tc.max, got, tc.want)
		}
	}
}

func TestMaxRounds(t *testing.T) {
	for _, tc := range []struct {
		opts Options
		want int
	}{
		{Options{}, DefaultRounds},
		{Options{Adaptive: true}, DefaultAdaptiveRounds},
		{Options{Time: time.Minute}, DefaultTimeRounds},
		{Options{Time: time.Minute, Adaptive: true}, DefaultTimeRounds},
		{Options{Rounds: 7, Adaptive: true}, 7},
		{Options{Rounds: 7, Time: time.Minute}, 7},
	} {
		if got := tc.opts.maxRounds(); got != tc.want {
			t.Errorf("Options{Rounds: %d, Time: %s, Adaptive: %v}.maxRounds() = %d, want %d", tc.opts.Rounds, tc.opts.Time, tc.opts.Adaptive, got, tc.want)
		}
	}
}

func TestRoundLine(t *testing.T) {
	for _, tc := range []struct {
		round, max int
		budget     time.Duration
		adaptive   bool
		active     int
		total      int
		elapsed    time.Duration
		since      time.Duration
		want       string
	}{
		{1, 10, 0, false, 1, 1, 2 * time.Second, 0, "round 1/10 (elapsed 2s)"},
		{3, 10, 0, false, 1, 1, 12 * time.Second, 8 * time.Second, "round 3/10 (elapsed 12s, ETA 32s)"},
		{3, 20, 0, true, 2, 3, 12 * time.Second, 8 * time.Second, "round 3/20: 2 of 3 packages (elapsed 12s, at most 1m12s left)"},
		{4, 100, 2 * time.Minute, false, 1, 1, 30 * time.Second, 20 * time.Second, "round 4 (elapsed 30s of 2m0s)"},
	} {
		if got := roundLine(tc.round, tc.max, tc.budget, tc.adaptive, tc.active, tc.total, tc.elapsed, tc.since); got != tc.want {
			t.Errorf("roundLine(%d, %d, %s, %v, …) = %q, want %q", tc.round, tc.max, tc.budget, tc.adaptive, got, tc.want)
		}
	}
}

func TestFixedIters(t *testing.T) {
	for _, tc := range []struct {
		benchtime string
		iters     int
		secOp     float64
		want      int
	}{
		// 4.2 µs/op: 100ms is 23810 iterations, not the testing
		// package's 20 % more (28571).
		{"100ms", 28571, 4.2e-6, 23810},
		{"", 2800, 4.2e-6, 2381}, // DefaultBenchtime, 10ms
		{"1s", 1, 2.5, 1},        // slower than the benchmark time: one iteration
		{"2s", 1, 0.5, 4},
		{"1s", 1e9, 1e-12, 1e9}, // the testing package's limit
		{"100ms", 500, 0, 500},  // no time measured: the first round's count
		{"100ms", 500, -1, 500},
		{"bogus", 500, 1e-6, 500},
		{"100ms", 0, 1e-6, 0}, // never ran: no run
	} {
		if got := fixedIters(tc.benchtime, tc.iters, tc.secOp); got != tc.want {
			t.Errorf("fixedIters(%q, %d, %v) = %d, want %d", tc.benchtime, tc.iters, tc.secOp, got, tc.want)
		}
	}
}

func TestGroupIters(t *testing.T) {
	for _, tc := range []struct {
		benchtime string
		iters     []int
		secOp     []float64
		want      []int
	}{
		// One side's first iteration outlasted 100ms (N=1 at 150ms/op),
		// the other ramped up to 78 at 1.5ms/op: both run 67.
		{"100ms", []int{1, 78}, []float64{0.15, 1.5e-3}, []int{67, 67}},
		{"100ms", []int{78, 1}, []float64{1.5e-3, 0.15}, []int{67, 67}},
		// Both cold: one iteration each, as go test would run.
		{"100ms", []int{1, 1}, []float64{0.15, 0.2}, []int{1, 1}},
		// Variants 12 times apart: one count, the one that makes the
		// faster one's run last the benchmark time.
		{"100ms", []int{2000, 24000}, []float64{6e-5, 5e-6}, []int{20000, 20000}},
		// Old 5 % slower: both run the new side's count.
		{"100ms", []int{20000, 21000}, []float64{5.25e-6, 5e-6}, []int{20000, 20000}},
		// No time measured: the larger first-round count.
		{"100ms", []int{10, 20}, []float64{0, 0}, []int{20, 20}},
		// The default benchmark time: runs of DefaultBenchtime, and at
		// least DefaultMinIters iterations for a benchmark slower than
		// that, even when both first rounds stopped at one iteration.
		{"", []int{2000, 1000}, []float64{5e-6, 1e-5}, []int{2000, 2000}},
		{"", []int{1, 1}, []float64{0.15, 0.2}, []int{DefaultMinIters, DefaultMinIters}},
		{"", []int{1, 3}, []float64{0.15, 4e-3}, []int{DefaultMinIters, DefaultMinIters}},
	} {
		if got := groupIters(tc.benchtime, tc.iters, tc.secOp); !slices.Equal(got, tc.want) {
			t.Errorf("groupIters(%q, %v, %v) = %v, want %v", tc.benchtime, tc.iters, tc.secOp, got, tc.want)
		}
	}
}
