package astutil

import (
	"go/ast"
	"go/types"
)

// TimerStopped reports whether n, in body (the body of a benchmark's
// measured loop), sits in a statement of body run while the benchmark's
// timer is stopped: after a b.StopTimer() statement of body and before the
// next b.StartTimer() (testing.B's methods; a call nested in another
// statement does not count). Such code (the set-up of each iteration) is
// not what the benchmark measures.
func TimerStopped(info *types.Info, body *ast.BlockStmt, n ast.Node) bool {
	stopped := false
	for _, stmt := range body.List {
		if stmt.Pos() <= n.Pos() && n.End() <= stmt.End() {
			return stopped
		}
		expr, ok := stmt.(*ast.ExprStmt)
		if !ok {
			continue
		}
		call, ok := expr.X.(*ast.CallExpr)
		if !ok {
			continue
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || !IsNamedOrPointer(info.TypeOf(sel.X), "testing", "B") {
			continue
		}
		switch sel.Sel.Name {
		case "StopTimer":
			stopped = true
		case "StartTimer":
			stopped = false
		}
	}
	return false
}
