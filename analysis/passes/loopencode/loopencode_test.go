package loopencode_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/perfproof/perfproof/analysis/passes/loopencode"
)

func Test(t *testing.T) {
	loopencode.ResetMemo()
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), loopencode.Analyzer, "fpd", "exchange", "hoist")
}

// TestMemoReplay analyses the same packages twice in one process. The
// second time every package is found in the memo, so its facts and
// diagnostics are replayed rather than computed: they must satisfy the
// same expectations, and the replay must have happened.
func TestMemoReplay(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), loopencode.Analyzer, "fpd", "exchange")
	before := loopencode.MemoReplays()
	analysistest.Run(t, analysistest.TestData(), loopencode.Analyzer, "fpd", "exchange")
	if got := loopencode.MemoReplays() - before; got < 2 {
		t.Errorf("second analysis replayed %d packages from the memo, want at least 2 (fpd, exchange)", got)
	}
}
