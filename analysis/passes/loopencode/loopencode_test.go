package loopencode_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/perfproof/perfproof/analysis/passes/loopencode"
)

func Test(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), loopencode.Analyzer, "fpd", "exchange")
}
