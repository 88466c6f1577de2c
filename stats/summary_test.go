package stats

import (
	"errors"
	"math"
	"slices"
	"testing"
)

func TestSummarize(t *testing.T) {
	// 1..10 shuffled. The median is 5.5. For n = 10 the distribution-free
	// 95% interval of the median is [X(2), X(9)]: its coverage is
	// 1 − 2·P(Bin(10, ½) ≤ 1) = 1 − 2·11/1024 ≈ 0.9785, while [X(3), X(8)]
	// only reaches 1 − 2·56/1024 ≈ 0.89.
	values := []float64{7, 3, 10, 1, 5, 9, 2, 8, 4, 6}
	orig := slices.Clone(values)
	s := Summarize(values, 0.95)
	if s.Median != 5.5 || s.Lo != 2 || s.Hi != 9 || s.N != 10 {
		t.Errorf("Summarize(1..10) = median %v [%v, %v] n=%d, want 5.5 [2, 9] n=10", s.Median, s.Lo, s.Hi, s.N)
	}
	if want := 1 - 2*11.0/1024; math.Abs(s.Confidence-want) > 1e-9 {
		t.Errorf("Summarize(1..10).Confidence = %v, want %v", s.Confidence, want)
	}
	if len(s.Warnings) != 0 {
		t.Errorf("Summarize(1..10).Warnings = %v, want none", s.Warnings)
	}
	if !slices.Equal(values, orig) {
		t.Errorf("Summarize modified its input: %v, was %v", values, orig)
	}
	if d := Summarize(values, 0); d.Lo != s.Lo || d.Hi != s.Hi {
		t.Errorf("Summarize(1..10, 0) = [%v, %v], want the 95%% interval [%v, %v]", d.Lo, d.Hi, s.Lo, s.Hi)
	}
	// A lower confidence gives a narrower interval: at 80 % [X(3), X(8)].
	if s80 := Summarize(values, 0.8); s80.Lo != 3 || s80.Hi != 8 {
		t.Errorf("Summarize(1..10, 0.8) = [%v, %v], want [3, 8]", s80.Lo, s80.Hi)
	}
}

func TestSummarizeSmall(t *testing.T) {
	s := Summarize([]float64{3, 1, 2}, 0.95)
	if s.Median != 2 || !math.IsInf(s.Lo, -1) || !math.IsInf(s.Hi, 1) {
		t.Errorf("Summarize(3 values) = %v [%v, %v], want 2 [-Inf, +Inf]", s.Median, s.Lo, s.Hi)
	}
	if len(s.Warnings) == 0 {
		t.Errorf("Summarize(3 values) has no warning about too few samples")
	}

	e := Summarize(nil, 0.95)
	if !math.IsNaN(e.Median) || e.N != 0 || len(e.Warnings) != 1 || !errors.Is(e.Warnings[0], ErrNoSamples) {
		t.Errorf("Summarize(nil) = %+v, want NaN median, n=0, warning ErrNoSamples", e)
	}

	b := Summarize([]float64{1, 2, 3, 4, 5, 6, 7}, 1.5)
	if b.Median != 4 || !math.IsInf(b.Lo, -1) || !math.IsInf(b.Hi, 1) || len(b.Warnings) != 1 {
		t.Errorf("Summarize(confidence 1.5) = %+v, want median 4, infinite interval, one warning", b)
	}
}

func TestRelWidth(t *testing.T) {
	inf := math.Inf(1)
	for _, tc := range []struct {
		s    Summary
		want float64
	}{
		{Summary{Median: 100, Lo: 95, Hi: 110, N: 10}, 0.1},
		{Summary{Median: -100, Lo: -120, Hi: -90, N: 10}, 0.2},
		{Summary{Median: 100, Lo: -inf, Hi: inf, N: 3}, inf},
		{Summary{Median: 0, Lo: -1, Hi: 1, N: 10}, 0},
		{Summarize(nil, 0), 0},
	} {
		if got := tc.s.RelWidth(); !(got == tc.want || math.Abs(got-tc.want) <= 1e-12) {
			t.Errorf("%+v.RelWidth() = %v, want %v", tc.s, got, tc.want)
		}
	}
}
