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

// IsBenchmarkLoop reports whether loop is the measured loop of a benchmark:
// `for b.Loop()` or a for statement whose condition compares with b.N, for b
// of type *testing.B, or the `for pb.Next()` loop of b.RunParallel, for pb
// of type *testing.PB.
func IsBenchmarkLoop(info *types.Info, loop ast.Node) bool {
	f, ok := loop.(*ast.ForStmt)
	if !ok || f.Cond == nil {
		return false
	}
	found := false
	ast.Inspect(f.Cond, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			switch n.Sel.Name {
			case "N", "Loop":
				found = IsNamedOrPointer(info.TypeOf(n.X), "testing", "B")
			case "Next":
				found = IsNamedOrPointer(info.TypeOf(n.X), "testing", "PB")
			}
		}
		return !found
	})
	return found
}
