package hotpath_test

import (
	"fmt"
	"go/ast"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/perfproof/perfproof/analysis/internal/hotpath"
)

// probe reports, at every call of a function named mark, what hotpath
// says about it: "loop@LINE" or "noloop", and "once" or "repeated".
var probe = &analysis.Analyzer{
	Name:     "probe",
	Doc:      "report hotpath facts at calls of mark",
	Requires: []*analysis.Analyzer{hotpath.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		h := pass.ResultOf[hotpath.Analyzer].(*hotpath.Info)
		for c := range h.Inspector.Root().Preorder((*ast.CallExpr)(nil)) {
			call := c.Node().(*ast.CallExpr)
			if id, ok := call.Fun.(*ast.Ident); !ok || id.Name != "mark" {
				continue
			}
			loop := "noloop"
			if l, ok := h.Loop(c); ok {
				loop = fmt.Sprintf("loop@%d", pass.Fset.Position(l.Node().Pos()).Line)
			}
			once := "repeated"
			if h.Once(c) {
				once = "once"
			}
			pass.Reportf(call.Pos(), "%s %s", loop, once)
		}
		return nil, nil
	},
}

func TestHotpath(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), probe, "a")
}
