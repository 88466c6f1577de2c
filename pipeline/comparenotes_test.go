package pipeline

import (
	"slices"
	"testing"

	"github.com/perfproof/perfproof/prove"
	"github.com/perfproof/perfproof/report"
)

// TestCompareNotes: the kept raw output is named only when rounds ran;
// a benchmark whose code changed is a warning without a gate, and left
// to the gate's failures with one.
func TestCompareNotes(t *testing.T) {
	changed := prove.CodeDiff{Func: "BenchmarkA", Status: prove.CodeChanged, Changed: []string{"BenchmarkA"}}
	c := &Comparison{OutDir: "/tmp/raw", Rounds: 3, Report: report.CompareReport{Comparisons: []report.Comparison{
		{Package: "p", Code: changed}, {Package: "p", Code: changed},
	}}}
	warning := "warning: p BenchmarkA: the benchmark's own code differs between old and new: the two sides measure different code; its verdict compares different work"
	if got, want := c.Notes(Gate{}), []string{"raw results kept in /tmp/raw", warning}; !slices.Equal(got, want) {
		t.Errorf("Notes(no gate) = %q, want %q", got, want)
	}
	if got, want := c.Notes(Gate{Slower: true}), []string{"raw results kept in /tmp/raw"}; !slices.Equal(got, want) {
		t.Errorf("Notes(slower gate) = %q, want %q", got, want)
	}
	c.Rounds = 0 // results files: nothing ran, nothing kept
	c.Report.Comparisons[0].Code.Status, c.Report.Comparisons[1].Code.Status = prove.CodeSame, prove.CodeSame
	if got := c.Notes(Gate{}); got != nil {
		t.Errorf("Notes(no rounds, same code) = %q, want none", got)
	}
}
