package queryonce_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/perfproof/perfproof/analysis/internal/checkdoc/checkdoctest"
	"github.com/perfproof/perfproof/analysis/passes/queryonce"
)

func Test(t *testing.T) {
	checkdoctest.Messages(t, analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), queryonce.Analyzer, "a"))
}
