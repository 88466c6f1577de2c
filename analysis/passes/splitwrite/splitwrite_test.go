package splitwrite_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/perfproof/perfproof/analysis/internal/checkdoc/checkdoctest"
	"github.com/perfproof/perfproof/analysis/passes/splitwrite"
)

func Test(t *testing.T) {
	checkdoctest.Messages(t, analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), splitwrite.Analyzer, "broker", "linesrv", "frame", "recordcli", "wire", "relay", "gateway", "fileout"))
}
