package suppress

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// TestSilenced runs a copy of a check that reports every call, over a
// file where one call is silenced for it and one for another check: only
// its own directive drops a finding, and the original is left as it was.
func TestSilenced(t *testing.T) {
	const src = `package p

func f() {
	g() //perfproof:ignore calls the reason
	g() //perfproof:ignore other the reason
	//perfproof:ignore calls a comment line of its own covers the line below
	g()
	g()
}

func g() {}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	calls := &analysis.Analyzer{Name: "calls", Doc: "calls: report calls", Run: func(pass *analysis.Pass) (any, error) {
		ast.Inspect(pass.Files[0], func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok {
				pass.Report(analysis.Diagnostic{Pos: c.Pos(), Message: "call"})
			}
			return true
		})
		return nil, nil
	}}
	run := func(a *analysis.Analyzer) []int {
		var lines []int
		pass := &analysis.Pass{Analyzer: a, Fset: fset, Files: []*ast.File{f},
			Report: func(d analysis.Diagnostic) { lines = append(lines, fset.Position(d.Pos).Line) }}
		if _, err := a.Run(pass); err != nil {
			t.Fatal(err)
		}
		return lines
	}
	if got := run(Silenced(calls)); len(got) != 2 || got[0] != 5 || got[1] != 8 {
		t.Errorf("silenced copy reported on lines %v, want [5 8] (a trailing directive covers its own line only)", got)
	}
	if got := run(calls); len(got) != 4 {
		t.Errorf("original reported on lines %v, want 4 findings: Silenced must not modify it", got)
	}
}
