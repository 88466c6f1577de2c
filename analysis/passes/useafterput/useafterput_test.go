package useafterput_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/perfproof/perfproof/analysis/passes/useafterput"
)

func Test(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), useafterput.Analyzer, "wrap", "pooled", "keep", "api", "broken")
}

// TestMemoReplay analyses the same packages twice in one process: the
// second time the facts and diagnostics are replayed from the memo, and
// must meet the same expectations.
func TestMemoReplay(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), useafterput.Analyzer, "wrap", "pooled")
	before := useafterput.MemoReplays()
	analysistest.Run(t, analysistest.TestData(), useafterput.Analyzer, "wrap", "pooled")
	if got := useafterput.MemoReplays() - before; got < 2 {
		t.Errorf("second analysis replayed %d packages from the memo, want at least 2 (wrap, pooled)", got)
	}
}
