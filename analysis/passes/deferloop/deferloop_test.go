package deferloop_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/perfproof/perfproof/analysis/internal/checkdoc/checkdoctest"
	"github.com/perfproof/perfproof/analysis/passes/deferloop"
)

func Test(t *testing.T) {
	checkdoctest.Messages(t, analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), deferloop.Analyzer, "lsm", "authz", "tsdb", "nearmiss", "longpoll"))
}

// TestIllTyped runs the check on a package that does not type-check: it
// must not panic, and it still reports what has types.
func TestIllTyped(t *testing.T) {
	checkdoctest.Messages(t, analysistest.Run(t, analysistest.TestData(), deferloop.Analyzer, "broken"))
}
