package eagerlog_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/perfproof/perfproof/analysis/internal/checkdoc/checkdoctest"
	"github.com/perfproof/perfproof/analysis/passes/eagerlog"
)

func Test(t *testing.T) {
	checkdoctest.Messages(t, analysistest.Run(t, analysistest.TestData(), eagerlog.Analyzer, "a"))
}
