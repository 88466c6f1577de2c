package pipeline

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/perfproof/perfproof/report"
	"github.com/perfproof/perfproof/stats"
)

func TestParseGate(t *testing.T) {
	tests := []struct {
		in   string
		want Gate
		ok   bool
	}{
		{"", Gate{}, true},
		{"slower", Gate{Slower: true}, true},
		{"slower, allocs,inconclusive", Gate{Slower: true, Allocs: true, Inconclusive: true}, true},
		{"allocs,", Gate{Allocs: true}, true},
		{"faster", Gate{}, false},
	}
	for _, tt := range tests {
		got, err := ParseGate(tt.in)
		var ue *UsageError
		if tt.ok && (err != nil || got != tt.want) || !tt.ok && !errors.As(err, &ue) {
			t.Errorf("ParseGate(%q) = %+v, %v; want %+v, ok %v (a *UsageError otherwise)", tt.in, got, err, tt.want, tt.ok)
		}
	}
}

func TestGateFails(t *testing.T) {
	row := func(unit string, v stats.Verdict) report.Comparison {
		return report.Comparison{Comparison: stats.Comparison{Benchmark: "X", Unit: unit, Verdict: v}}
	}
	cs := []report.Comparison{
		row("sec/op", stats.Slower), row("B/op", stats.Slower), row("allocs/op", stats.Faster),
		row("sec/op", stats.Inconclusive), row("items/s", stats.Slower), row("sec/op", stats.Unchanged),
	}
	units := func(cs []report.Comparison) []string {
		var out []string
		for _, c := range cs {
			out = append(out, c.Unit+" "+c.Verdict.String())
		}
		return out
	}
	tests := []struct {
		g    Gate
		want []string
	}{
		{Gate{}, nil},
		{Gate{Slower: true}, []string{"sec/op slower", "items/s slower"}},
		{Gate{Allocs: true}, []string{"B/op slower"}},
		{Gate{Inconclusive: true}, []string{"sec/op inconclusive"}},
	}
	for _, tt := range tests {
		if got := units(tt.g.Fails(cs)); !slices.Equal(got, tt.want) {
			t.Errorf("%+v.Fails = %q, want %q", tt.g, got, tt.want)
		}
	}
}

func TestComparisonOutcome(t *testing.T) {
	slower := report.Comparison{Package: "example.com/m", Comparison: stats.Comparison{Benchmark: "X", Unit: "sec/op", Verdict: stats.Slower, Ratio: 1.2, RatioLo: 1.1, RatioHi: 1.3}}
	exact := report.Comparison{Package: "example.com/m", Comparison: stats.Comparison{Benchmark: "X", Unit: "allocs/op", Verdict: stats.Slower, Exact: true, Reason: "0 → 1 (exact)"}}
	c := &Comparison{Report: report.CompareReport{Comparisons: []report.Comparison{slower, exact}}}

	lines, err := c.Outcome(Gate{})
	if err != nil || lines != nil {
		t.Errorf("Outcome(no gate) = %q, %v; want nothing", lines, err)
	}
	lines, err = c.Outcome(Gate{Slower: true, Allocs: true})
	want := []string{"regression: example.com/m X sec/op slower +20.0% [+10.0%, +30.0%]", "regression: example.com/m X allocs/op slower 0 → 1 (exact)"}
	if !errors.Is(err, ErrFound) || !slices.Equal(lines, want) {
		t.Errorf("Outcome(slower,allocs) = %q, %v; want %q, ErrFound", lines, err, want)
	}

	c.Errors = []error{errors.New("old side: cannot load .")}
	lines, err = c.Outcome(Gate{Slower: true})
	if err == nil || errors.Is(err, ErrFound) || !slices.Equal(lines, []string{"old side: cannot load ."}) {
		t.Errorf("Outcome with an error = %q, %v; want the error as a line and an error that is not ErrFound", lines, err)
	}
	c.Stopped = context.Canceled
	if lines, err = c.Outcome(Gate{Slower: true}); err == nil || errors.Is(err, ErrFound) || lines != nil || !strings.Contains(err.Error(), "interrupted") {
		t.Errorf("Outcome interrupted = %q, %v; want an interruption error and no lines", lines, err)
	}
}
