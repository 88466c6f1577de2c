package addrkey_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/perfproof/perfproof/analysis/internal/checkdoc/checkdoctest"
	"github.com/perfproof/perfproof/analysis/passes/addrkey"
)

func Test(t *testing.T) {
	checkdoctest.Messages(t, analysistest.Run(t, analysistest.TestData(), addrkey.Analyzer, "a"))
}
