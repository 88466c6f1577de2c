package hotpath

import (
	"go/ast"
	"go/types"
	"strings"
	"sync"

	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
)

// onceCalls is the state of Info.RunsOnce, built on the first query.
type onceCalls struct {
	mu   sync.Mutex
	uses map[*types.Func][]inspector.Cursor // references to package-level functions outside _test.go files
	memo map[*types.Func]bool               // whether every call of the function runs once
}

// RunsOnce reports whether the code at c runs at most once per program. It
// extends Once to functions: c also runs once if it is outside the loops
// of an unexported package-level function (or any package-level function
// of package main) whose every reference in the package's non-test files
// is a call that runs once by the same rule. A helper that builds the
// table of a package-level variable is the typical case. A function that
// is not referenced, is referenced other than by a call (a function
// value), or calls itself (directly or through others) does not run once
// by this rule; calls from _test.go files do not count, as tests run once.
//
// The first call indexes the references of the package's functions; the
// index and the answers for each function are kept for later calls.
func (h *Info) RunsOnce(c inspector.Cursor) bool {
	h.calls.mu.Lock()
	defer h.calls.mu.Unlock()
	return h.runsOnce(c)
}

// runsOnce is RunsOnce with h.calls.mu held.
func (h *Info) runsOnce(c inspector.Cursor) bool {
	if h.Once(c) {
		return true
	}
	if _, ok := h.Loop(c); ok {
		return false
	}
	for p := range c.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		d, ok := p.Node().(*ast.FuncDecl)
		if !ok || d.Recv != nil {
			return false
		}
		fn, ok := h.info.Defs[d.Name].(*types.Func)
		return ok && h.calledOnce(fn)
	}
	return false
}

// calledOnce reports whether every call of fn runs once.
func (h *Info) calledOnce(fn *types.Func) bool {
	oc := &h.calls
	if oc.memo == nil {
		oc.memo = make(map[*types.Func]bool)
	}
	if done, ok := oc.memo[fn]; ok {
		return done
	}
	oc.memo[fn] = false // a recursive function is not called once
	if fn.Exported() && h.pkgName != "main" {
		return false
	}
	if oc.uses == nil {
		oc.uses = h.indexUses()
	}
	uses := oc.uses[fn]
	if len(uses) == 0 {
		return false
	}
	for _, u := range uses {
		if u.ParentEdgeKind() != edge.CallExpr_Fun || !h.runsOnce(u.Parent()) {
			return false
		}
	}
	oc.memo[fn] = true
	return true
}

// indexUses returns the references to each package-level function outside
// _test.go files (a call from a test is a cold call).
func (h *Info) indexUses() map[*types.Func][]inspector.Cursor {
	uses := make(map[*types.Func][]inspector.Cursor)
	for cur := range h.Inspector.Root().Preorder((*ast.Ident)(nil)) {
		id := cur.Node().(*ast.Ident)
		fn, ok := h.info.Uses[id].(*types.Func)
		if !ok || fn.Pkg() != h.pkg || fn.Parent() != h.pkg.Scope() {
			continue
		}
		if strings.HasSuffix(h.fset.File(id.Pos()).Name(), "_test.go") {
			continue
		}
		uses[fn] = append(uses[fn], cur)
	}
	return uses
}
