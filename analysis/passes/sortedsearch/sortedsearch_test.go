package sortedsearch_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/perfproof/perfproof/analysis/internal/checkdoc/checkdoctest"
	"github.com/perfproof/perfproof/analysis/passes/sortedsearch"
)

func Test(t *testing.T) {
	testdata := analysistest.TestData()
	checkdoctest.Messages(t, analysistest.Run(t, testdata, sortedsearch.Analyzer, "orderbook", "nearmiss"))
}
