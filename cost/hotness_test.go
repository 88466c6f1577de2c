package cost

import (
	"strings"
	"testing"

	"github.com/perfproof/perfproof/finding"
)

func TestHotness(t *testing.T) {
	static := &finding.Hot{Evidence: "static: reachable from HTTP handler api.Serve", Confidence: "high"}
	for _, tc := range []struct {
		name    string
		cost    *finding.Cost
		static  *finding.Hot
		want    string // confidence, "" for Hot nil
		measure bool   // the evidence says "measured"
	}{
		{"no cost keeps static", nil, static, "high", false},
		{"no cost, no evidence", nil, nil, "", false},
		{"cold overrides static", &finding.Cost{Cold: true, CPUSamples: 6000}, static, "low", true},
		{"cold needs enough samples", &finding.Cost{Cold: true, CPUSamples: 2999}, static, "high", true},
		{"cold needs enough samples of each kind", &finding.Cost{Cold: true, CPUSamples: 6000, AllocSamples: 40}, static, "high", true},
		{"cold from enough samples of both kinds", &finding.Cost{Cold: true, CPUSamples: 6000, AllocSamples: 3000}, static, "low", true},
		{"cold from a heap profile alone", &finding.Cost{Cold: true, AllocSamples: 5000}, static, "low", true},
		{"hot function, cheap line", &finding.Cost{CPULine: 0.0002, CPUCum: 0.05, CPUSamples: 6000}, static, "low", true},
		{"hot function, line in between", &finding.Cost{CPULine: 0.004, CPUCum: 0.05, CPUSamples: 6000}, &finding.Hot{Evidence: "static: no call path", Confidence: "low"}, "high", true},
		{"hot function, too few samples to judge the line", &finding.Cost{CPUCum: 0.05, CPUSamples: 300}, nil, "high", true},
		{"uncovered keeps static", &finding.Cost{Cold: true, Uncovered: true}, static, "high", true},
		{"uncovered, no static", &finding.Cost{Cold: true, Uncovered: true}, nil, "low", true},
		{"tiny share is cold", &finding.Cost{CPULine: 0.0004, CPUCum: 0.0009, CPUSamples: 10000}, static, "low", true},
		{"tiny share from few samples keeps static", &finding.Cost{CPULine: 0.0004, CPUCum: 0.0009, CPUSamples: 2500}, static, "high", true},
		{"tiny share from few samples, no static", &finding.Cost{CPULine: 0.0004, CPUSamples: 2500}, nil, "medium", true},
		{"hot line", &finding.Cost{CPULine: 0.05}, &finding.Hot{Evidence: "static: no call path", Confidence: "low"}, "high", true},
		{"hot function", &finding.Cost{CPUCum: 0.2}, nil, "high", true},
		{"hot allocations", &finding.Cost{AllocBytes: 0.3}, nil, "high", true},
		{"in between keeps static", &finding.Cost{CPULine: 0.005}, static, "high", true},
		{"in between, no static", &finding.Cost{CPULine: 0.005}, nil, "medium", true},
	} {
		fs := []finding.Finding{{Cost: tc.cost, Hot: tc.static}}
		Hotness(fs)
		got := fs[0].Hot
		switch {
		case tc.want == "" && got != nil:
			t.Errorf("%s: Hot = %+v, want nil", tc.name, got)
		case tc.want != "" && (got == nil || got.Confidence != tc.want):
			t.Errorf("%s: Hot = %+v, want confidence %s", tc.name, got, tc.want)
		case got != nil && strings.Contains(got.Evidence, "measured") != tc.measure:
			t.Errorf("%s: evidence %q, measured = %v", tc.name, got.Evidence, tc.measure)
		}
	}
	if static.Evidence != "static: reachable from HTTP handler api.Serve" {
		t.Errorf("Hotness modified the static evidence in place: %q", static.Evidence)
	}
}

// TestHotnessSpreadCost checks that a check whose cost is made after its
// line (a make without a size hint: the growth is at the appends) is
// measured by the growth its function calls, not by the function's whole
// share, where another check's line is measured by itself.
func TestHotnessSpreadCost(t *testing.T) {
	for _, tc := range []struct {
		check string
		cost  finding.Cost
		want  string
	}{
		{"makecap", finding.Cost{CPUCum: 0.03, GrowCPU: 0.02, CPUSamples: 6000}, "high"},
		{"reuse", finding.Cost{CPUCum: 0.03, GrowBytes: 0.05, CPUSamples: 6000}, "high"},
		// A hot function that grows nothing: its size hint saves nothing.
		{"makecap", finding.Cost{CPUCum: 0.05, CPUSamples: 6000}, "low"},
		// Some growth, under 1 %, in a hot function: the function's share
		// does not make it hot; the static evidence stands.
		{"makecap", finding.Cost{CPUCum: 0.05, GrowCPU: 0.004, CPUSamples: 6000}, "medium"},
		// Growth counts for these checks only.
		{"fmtnumber", finding.Cost{CPUCum: 0.03, GrowCPU: 0.02, CPUSamples: 6000}, "low"},
	} {
		c := tc.cost
		fs := []finding.Finding{{Analyzer: tc.check, Cost: &c}}
		Hotness(fs)
		if got := fs[0].Hot.Confidence; got != tc.want {
			t.Errorf("%s with %+v: confidence %s, want %s", tc.check, tc.cost, got, tc.want)
		}
	}
}
