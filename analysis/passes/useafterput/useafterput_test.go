package useafterput_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/perfproof/perfproof/analysis/internal/checkdoc/checkdoctest"
	"github.com/perfproof/perfproof/analysis/passes/useafterput"
)

func Test(t *testing.T) {
	checkdoctest.Messages(t, analysistest.Run(t, analysistest.TestData(), useafterput.Analyzer, "wrap", "pooled", "keep", "api", "broken"))
}

// TestMemoReplay analyses the same packages twice in one process: the
// second time, with one memoised copy of the check, the facts and
// diagnostics are replayed from its memo, and
// must meet the same expectations.
func TestMemoReplay(t *testing.T) {
	a, replays := useafterput.MemoizedWithReplays()
	analysistest.Run(t, analysistest.TestData(), a, "wrap", "pooled")
	before := replays()
	analysistest.Run(t, analysistest.TestData(), a, "wrap", "pooled")
	if got := replays() - before; got < 2 {
		t.Errorf("second analysis replayed %d packages from the memo, want at least 2 (wrap, pooled)", got)
	}
}
