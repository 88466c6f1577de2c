package astutil

import "go/ast"

// PureExpr reports whether e is an identifier, or field selections and
// dereferences of one (x, x.f.g, *p, (*p).f): evaluating it again has no
// effect and reads the same variable, so a fix may write it twice.
func PureExpr(e ast.Expr) bool {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			return true
		case *ast.SelectorExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		default:
			return false
		}
	}
}
