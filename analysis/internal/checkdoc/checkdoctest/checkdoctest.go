// Package checkdoctest checks, in a check's tests, that the diagnostics
// of an analysistest run follow the conventions of package checkdoc.
package checkdoctest

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/perfproof/perfproof/analysis/internal/checkdoc"
)

// Messages reports a test error for each diagnostic, related information
// or suggested fix in results whose message is not one line of at most
// checkdoc.MaxMessage bytes. It reuses the results of the run that checks
// the "// want" comments, so it costs no second run.
func Messages(t testing.TB, results []*analysistest.Result) {
	t.Helper()
	for _, r := range results {
		for _, d := range r.Diagnostics {
			posn := r.Pass.Fset.Position(d.Pos)
			if err := checkdoc.CheckMessage(d.Message); err != nil {
				t.Errorf("%v: %s diagnostic: %v", posn, r.Pass.Analyzer.Name, err)
			}
			for _, rel := range d.Related {
				if err := checkdoc.CheckMessage(rel.Message); err != nil {
					t.Errorf("%v: %s related information: %v", posn, r.Pass.Analyzer.Name, err)
				}
			}
			for _, f := range d.SuggestedFixes {
				if err := checkdoc.CheckMessage(f.Message); err != nil {
					t.Errorf("%v: %s suggested fix: %v", posn, r.Pass.Analyzer.Name, err)
				}
			}
		}
	}
}
