package compileonce_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/perfproof/perfproof/analysis/internal/checkdoc/checkdoctest"
	"github.com/perfproof/perfproof/analysis/passes/compileonce"
)

func Test(t *testing.T) {
	testdata := analysistest.TestData()
	checkdoctest.Messages(t, analysistest.RunWithSuggestedFixes(t, testdata, compileonce.Analyzer, "a"))
	checkdoctest.Messages(t, analysistest.Run(t, testdata, compileonce.Analyzer, "tmpl", "handlers", "cmdtool", "tools/cmd/lint/rules", "rewrite", "feeds", "sealer"))
}
