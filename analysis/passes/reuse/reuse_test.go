package reuse_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/perfproof/perfproof/analysis/internal/checkdoc/checkdoctest"
	"github.com/perfproof/perfproof/analysis/passes/reuse"
)

func Test(t *testing.T) {
	testdata := analysistest.TestData()
	checkdoctest.Messages(t, analysistest.Run(t, testdata, reuse.Analyzer, "a", "zipper", "percall", "broken", "testkit"))
}

// TestCategory checks that scratch buffers made once per call are reported
// with Category "percall" (perfproof scan weighs them by evidence of
// hotness), and that the other reports keep no category.
func TestCategory(t *testing.T) {
	testdata := analysistest.TestData()
	results := analysistest.Run(t, testdata, reuse.Analyzer, "a", "percall")
	checkdoctest.Messages(t, results)
	n := 0
	for _, r := range results {
		for _, d := range r.Diagnostics {
			perCall := strings.Contains(d.Message, "dropped per call")
			switch {
			case perCall && d.Category != "percall":
				t.Errorf("%v: per-call scratch report has Category %q, want \"percall\": %s", r.Pass.Fset.Position(d.Pos), d.Category, d.Message)
			case !perCall && d.Category != "":
				t.Errorf("%v: Category %q, want none: %s", r.Pass.Fset.Position(d.Pos), d.Category, d.Message)
			}
			if perCall {
				n++
				if len(d.SuggestedFixes) > 0 {
					t.Errorf("%v: a per-call report has a suggested fix", r.Pass.Fset.Position(d.Pos))
				}
			}
		}
	}
	if n < 10 {
		t.Errorf("got %d per-call reports, want at least 10", n)
	}
}
