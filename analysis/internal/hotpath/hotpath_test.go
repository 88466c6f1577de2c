package hotpath_test

import (
	"fmt"
	"go/ast"
	"strings"
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

// freq reports, at every call of a function named note, the names of the
// hotpath predicates that hold there, in this order, or "none":
// "runsonce" (RunsOnce), "rarely" (RarelyCalled), "dead" (InDeadCode),
// "leaves" (LeavesLoop of the loop around it), "test" (InTestCode) and
// "bench" (InBenchmarkLoop).
var freq = &analysis.Analyzer{
	Name:     "freq",
	Doc:      "report hotpath frequency predicates at calls of note",
	Requires: []*analysis.Analyzer{hotpath.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		h := pass.ResultOf[hotpath.Analyzer].(*hotpath.Info)
		for c := range h.Inspector.Root().Preorder((*ast.CallExpr)(nil)) {
			call := c.Node().(*ast.CallExpr)
			if id, ok := call.Fun.(*ast.Ident); !ok || id.Name != "note" {
				continue
			}
			var facts []string
			add := func(name string, ok bool) {
				if ok {
					facts = append(facts, name)
				}
			}
			add("runsonce", h.RunsOnce(c))
			add("rarely", h.RarelyCalled(c))
			add("dead", h.InDeadCode(c))
			loop, inLoop := h.Loop(c)
			add("leaves", inLoop && hotpath.LeavesLoop(c, loop))
			add("test", h.InTestCode(c))
			add("bench", h.InBenchmarkLoop(c))
			if len(facts) == 0 {
				facts = []string{"none"}
			}
			pass.Reportf(call.Pos(), "%s", strings.Join(facts, " "))
		}
		return nil, nil
	},
}

func TestFrequency(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), freq, "b", "cmd/tool", "cmd/query/app", "cmd/collector/app", "cmd/fetch", "cmd/echosrv", "tool/cmd", "support", "produtil")
}

// oftenProbe reports, at every call of a function named often, "often" if
// RunsOften holds there and "rare" if not.
var oftenProbe = &analysis.Analyzer{
	Name:     "often",
	Doc:      "report RunsOften at calls of often",
	Requires: []*analysis.Analyzer{hotpath.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		h := pass.ResultOf[hotpath.Analyzer].(*hotpath.Info)
		for c := range h.Inspector.Root().Preorder((*ast.CallExpr)(nil)) {
			call := c.Node().(*ast.CallExpr)
			if id, ok := call.Fun.(*ast.Ident); !ok || id.Name != "often" {
				continue
			}
			verdict := "rare"
			if h.RunsOften(c) {
				verdict = "often"
			}
			pass.Reportf(call.Pos(), "%s", verdict)
		}
		return nil, nil
	},
}

func TestRunsOften(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), oftenProbe, "often")
}
