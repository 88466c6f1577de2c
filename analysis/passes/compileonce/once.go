package compileonce

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/perfproof/perfproof/analysis/internal/hotpath"
)

// onceFuncs extends hotpath.Info.Once to functions: an unexported top-level
// function (or any function of package main) whose every call in the
// package's non-test files runs once, outside loops, runs once itself.
// A helper that builds a table for a package-level variable is the typical
// case.
type onceFuncs struct {
	pass *analysis.Pass
	hot  *hotpath.Info
	uses map[*types.Func][]inspector.Cursor // built on first need
	memo map[*types.Func]bool
}

func newOnceFuncs(pass *analysis.Pass, hot *hotpath.Info) *onceFuncs {
	return &onceFuncs{pass: pass, hot: hot, memo: make(map[*types.Func]bool)}
}

// runsOnce reports whether the code at cur runs at most once per program.
func (o *onceFuncs) runsOnce(cur inspector.Cursor) bool {
	if o.hot.Once(outsideLocalDecl(cur)) {
		return true
	}
	if _, ok := o.hot.Loop(cur); ok {
		return false
	}
	for p := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		d, ok := p.Node().(*ast.FuncDecl)
		if !ok || d.Recv != nil {
			return false
		}
		fn, ok := o.pass.TypesInfo.Defs[d.Name].(*types.Func)
		return ok && o.calledOnce(fn)
	}
	return false
}

// outsideLocalDecl returns the statement that declares cur if cur is inside
// a var or const declaration in a function body, and cur otherwise.
// hotpath.Info.Once takes any enclosing var declaration for a package-level
// one, so it must not see a local one.
func outsideLocalDecl(cur inspector.Cursor) inspector.Cursor {
	for p := range cur.Enclosing((*ast.DeclStmt)(nil), (*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		if _, ok := p.Node().(*ast.DeclStmt); ok {
			return p
		}
		break
	}
	return cur
}

// calledOnce reports whether every call of fn runs once.
func (o *onceFuncs) calledOnce(fn *types.Func) bool {
	if done, ok := o.memo[fn]; ok {
		return done
	}
	o.memo[fn] = false // a recursive function is not called once
	if fn.Exported() && o.pass.Pkg.Name() != "main" {
		return false
	}
	if o.uses == nil {
		o.indexUses()
	}
	uses := o.uses[fn]
	if len(uses) == 0 {
		return false
	}
	for _, u := range uses {
		if u.ParentEdgeKind() != edge.CallExpr_Fun || !o.runsOnce(u.Parent()) {
			return false
		}
	}
	o.memo[fn] = true
	return true
}

// indexUses records every reference to a package-level function outside
// _test.go files (a call from a test is a cold call).
func (o *onceFuncs) indexUses() {
	o.uses = make(map[*types.Func][]inspector.Cursor)
	for cur := range o.hot.Inspector.Root().Preorder((*ast.Ident)(nil)) {
		id := cur.Node().(*ast.Ident)
		fn, ok := o.pass.TypesInfo.Uses[id].(*types.Func)
		if !ok || fn.Pkg() != o.pass.Pkg || fn.Parent() != o.pass.Pkg.Scope() {
			continue
		}
		if strings.HasSuffix(o.pass.Fset.File(id.Pos()).Name(), "_test.go") {
			continue
		}
		o.uses[fn] = append(o.uses[fn], cur)
	}
}

// leavesLoop reports whether the code at cur, inside loop, is always
// followed by a return or a break out of loop before the iteration ends, so
// that it runs at most once per execution of the loop: cur is part of a
// return statement, or a later statement of an enclosing statement list is
// a return or an unlabelled break of the loop.
func leavesLoop(cur, loop inspector.Cursor) bool {
	inSwitch := false
	for c := cur; c != loop && c.Node() != nil; c = c.Parent() {
		switch c.Node().(type) {
		case *ast.ReturnStmt:
			return true
		case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
			if c != cur {
				inSwitch = true
			}
		}
		var list []ast.Stmt
		switch p := c.Parent().Node().(type) {
		case *ast.BlockStmt:
			list = p.List
		case *ast.CaseClause:
			list = p.Body
		case *ast.CommClause:
			list = p.Body
		default:
			continue
		}
		for _, s := range list {
			if s.Pos() < c.Node().End() {
				continue
			}
			switch s := s.(type) {
			case *ast.ReturnStmt:
				return true
			case *ast.BranchStmt:
				if s.Tok == token.BREAK && s.Label == nil && !inSwitch {
					return true
				}
			}
		}
	}
	return false
}
