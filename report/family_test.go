package report

import (
	"strings"
	"testing"

	"github.com/perfproof/perfproof/stats"
)

func TestFamilyNote(t *testing.T) {
	row := func(unit string, family int, corrected bool) Comparison {
		return Comparison{Comparison: stats.Comparison{Unit: unit, Family: family, Corrected: corrected}}
	}
	three := []Comparison{row("sec/op", 3, false), row("sec/op", 3, true), row("sec/op", 3, false), row("B/op", 0, false)}
	tests := []struct {
		name string
		cs   []Comparison
		opts stats.Options
		want []string // substrings; nil: ""
	}{
		{"nothing to correct", []Comparison{row("sec/op", 1, false), row("B/op", 0, false)}, stats.Options{}, nil},
		{"holm", three, stats.Options{}, []string{"(Holm's method; 3 in sec/op)", "at most alpha 0.05;", "; 1 verdict significant alone is inconclusive after the correction"}},
		{"two units", append(three, row("allocs/op", 2, true)), stats.Options{Alpha: 0.01}, []string{"3 in sec/op, 2 in allocs/op", "alpha 0.01", "; 2 verdicts significant alone"}},
		{"none", three, stats.Options{PerComparison: true}, []string{"tested at alpha 0.05 on its own (-correction none; 3 in sec/op)"}},
	}
	for _, tt := range tests {
		got := FamilyNote(tt.cs, tt.opts)
		if tt.want == nil && got != "" {
			t.Errorf("%s: FamilyNote = %q, want \"\"", tt.name, got)
		}
		for _, w := range tt.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: FamilyNote = %q, want it to contain %q", tt.name, got, w)
			}
		}
	}
}
