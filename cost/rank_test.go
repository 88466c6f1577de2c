package cost

import (
	"math"
	"slices"
	"testing"

	"github.com/perfproof/perfproof/finding"
)

func TestRank(t *testing.T) {
	fs := []finding.Finding{
		{Message: "unmeasured"},
		{Message: "cold a", Cost: &finding.Cost{Cold: true}},
		{Message: "alloc only", Cost: &finding.Cost{AllocBytes: 0.4}},
		{Message: "line 0.2, alloc 0.1", Cost: &finding.Cost{CPULine: 0.2, AllocBytes: 0.1}},
		{Message: "cold b", Cost: &finding.Cost{Cold: true}},
		{Message: "line 0.5", Cost: &finding.Cost{CPULine: 0.5, CPUCum: 0.5}},
		{Message: "function 0.9 only", Cost: &finding.Cost{CPUCum: 0.9}},
		{Message: "line 0.2, alloc 0.3", Cost: &finding.Cost{CPULine: 0.2, AllocBytes: 0.3}},
		{Message: "line 0.2, alloc 0.3, function 0.6", Cost: &finding.Cost{CPULine: 0.2, AllocBytes: 0.3, CPUCum: 0.6}},
		{Message: "inherent line 0.7", Cost: &finding.Cost{CPULine: 0.7, Inherent: "result"}},
	}
	Rank(fs)
	var got []string
	for _, f := range fs {
		got = append(got, f.Message)
	}
	want := []string{
		"line 0.5",
		"line 0.2, alloc 0.3, function 0.6",
		"line 0.2, alloc 0.3",
		"line 0.2, alloc 0.1",
		"alloc only",
		"function 0.9 only",
		"inherent line 0.7",
		"cold a",
		"cold b",
		"unmeasured",
	}
	if !slices.Equal(got, want) {
		t.Errorf("Rank order = %q, want %q", got, want)
	}
}

func TestBound(t *testing.T) {
	tests := []struct{ share, want float64 }{
		{0, 1},
		{-0.1, 1},
		{0.2, 1.25},
		{0.5, 2},
		{0.9, 10},
		{1, math.Inf(1)},
		{1.5, math.Inf(1)},
	}
	for _, tt := range tests {
		if got := Bound(tt.share); !(got == tt.want || math.Abs(got-tt.want) < 1e-12) {
			t.Errorf("Bound(%v) = %v, want %v", tt.share, got, tt.want)
		}
	}
}
