package splitcut_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/perfproof/perfproof/analysis/internal/checkdoc/checkdoctest"
	"github.com/perfproof/perfproof/analysis/passes/splitcut"
)

func Test(t *testing.T) {
	checkdoctest.Messages(t, analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), splitcut.Analyzer, "a"))
}

// TestOldGo checks that a module built with a Go older than 1.18 gets the
// reports without fixes: testdata/old has no golden file, so a fix would
// fail the run.
func TestOldGo(t *testing.T) {
	results := analysistest.RunWithSuggestedFixes(t, filepath.Join(analysistest.TestData(), "old"), splitcut.Analyzer, "./...")
	n := 0
	for _, r := range results {
		for _, d := range r.Diagnostics {
			n++
			if len(d.SuggestedFixes) > 0 {
				t.Errorf("%v: a fix for a module built with Go 1.16: %+v", r.Pass.Fset.Position(d.Pos), d.SuggestedFixes)
			}
		}
	}
	if n != 2 {
		t.Errorf("%d reports, want 2", n)
	}
}
