package astutil

import (
	"go/ast"
	"go/token"
	"reflect"

	"golang.org/x/tools/go/ast/inspector"
)

// EnclosingFunc returns the cursor of the innermost function declaration
// or function literal strictly around cur, and false when cur is outside
// every function (in a package-level declaration). A function literal at
// cur is not its own enclosing function: EnclosingFunc of a *ast.FuncLit
// is the function the literal is written in.
func EnclosingFunc(cur inspector.Cursor) (inspector.Cursor, bool) {
	for p := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		if p == cur {
			continue
		}
		return p, true
	}
	return inspector.Cursor{}, false
}

// EnclosingFile returns the file that contains cur (cur's own node if it
// is a file), and false if none does. cur must not be the inspector's
// root, as for Cursor.Enclosing.
func EnclosingFile(cur inspector.Cursor) (*ast.File, bool) {
	for p := range cur.Enclosing((*ast.File)(nil)) {
		return p.Node().(*ast.File), true
	}
	return nil, false
}

// LoopBody returns the body of a *ast.ForStmt or *ast.RangeStmt, and nil
// for any other node.
func LoopBody(n ast.Node) *ast.BlockStmt {
	switch n := n.(type) {
	case *ast.ForStmt:
		return n.Body
	case *ast.RangeStmt:
		return n.Body
	}
	return nil
}

// FuncType returns the signature syntax of a *ast.FuncDecl or *ast.FuncLit
// (without a method's receiver), and nil for any other node.
func FuncType(n ast.Node) *ast.FuncType {
	switch f := n.(type) {
	case *ast.FuncDecl:
		return f.Type
	case *ast.FuncLit:
		return f.Type
	}
	return nil
}

// FuncBody returns the body of a *ast.FuncDecl or *ast.FuncLit, and nil for
// any other node or for a declaration without a body (an assembly or
// linkname function).
func FuncBody(n ast.Node) *ast.BlockStmt {
	switch f := n.(type) {
	case *ast.FuncDecl:
		return f.Body
	case *ast.FuncLit:
		return f.Body
	}
	return nil
}

// Within reports whether n lies inside outer's source range, bounds
// included, so a node is within itself. A nil outer — including a typed
// nil such as the missing Cond of a for statement, (ast.Expr)(nil) — holds
// nothing.
func Within(n, outer ast.Node) bool {
	if outer == nil || reflect.ValueOf(outer).IsNil() {
		return false
	}
	return outer.Pos() <= n.Pos() && n.End() <= outer.End()
}

// ContainsPos reports whether pos falls in n's half-open source range
// [n.Pos(), n.End()): the position of an object declared in n, such as a
// variable's, is contained; the position just after n is not. A nil n,
// typed or not, contains nothing.
func ContainsPos(n ast.Node, pos token.Pos) bool {
	if n == nil || reflect.ValueOf(n).IsNil() {
		return false
	}
	return n.Pos() <= pos && pos < n.End()
}

// StmtList returns the statements n holds directly — a block's list, or
// the body of a case or select clause — and whether n is one of those
// three. An empty block yields (nil, true).
func StmtList(n ast.Node) ([]ast.Stmt, bool) {
	switch n := n.(type) {
	case *ast.BlockStmt:
		return n.List, true
	case *ast.CaseClause:
		return n.Body, true
	case *ast.CommClause:
		return n.Body, true
	}
	return nil, false
}
