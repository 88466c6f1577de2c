package binaryrw_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/perfproof/perfproof/analysis/internal/checkdoc/checkdoctest"
	"github.com/perfproof/perfproof/analysis/passes/binaryrw"
)

func Test(t *testing.T) {
	checkdoctest.Messages(t, analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), binaryrw.Analyzer, "a"))
}
