package poolreset

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/perfproof/perfproof/internal/astutil"
)

// A funcInfo describes the variables of one function body: which it
// declares, where each is assigned and used. Nested function literals
// are part of the body for uses (a closure may read a variable later)
// and for deferred Puts, but are checked as functions of their own.
type funcInfo struct {
	c      *checker
	body   *ast.BlockStmt
	isInit bool
	// decl holds the variables the function declares, parameters
	// included; params only the parameters.
	decl   map[*types.Var]bool
	params map[*types.Var]bool
	// defs maps a variable to the expressions assigned to it: its
	// initialiser and later assignments (nil for a range variable or a
	// multi-value assignment).
	defs    map[*types.Var][]ast.Expr
	assigns map[*types.Var][]token.Pos
	// tuples maps the position of a left-hand side of a multi-value
	// assignment from one call (b, err := f(b)) to that call.
	tuples map[token.Pos]*ast.CallExpr
	// addrs holds where each variable's address is taken.
	addrs map[*types.Var][]token.Pos
	uses  map[*types.Var][]*ast.Ident
	// loops holds the for and range statements of the body.
	loops []ast.Stmt
	// parents maps the nodes of the body to their parents, built on
	// first use.
	parents map[ast.Node]ast.Node
}

func (c *checker) newFuncInfo(body *ast.BlockStmt, ftype *ast.FuncType, isInit bool) *funcInfo {
	fn := &funcInfo{
		c: c, body: body, isInit: isInit,
		decl:    make(map[*types.Var]bool),
		params:  make(map[*types.Var]bool),
		defs:    make(map[*types.Var][]ast.Expr),
		assigns: make(map[*types.Var][]token.Pos),
		addrs:   make(map[*types.Var][]token.Pos),
		uses:    make(map[*types.Var][]*ast.Ident),
		tuples:  make(map[token.Pos]*ast.CallExpr),
	}
	info := c.pass.TypesInfo
	for _, fl := range []*ast.FieldList{ftype.Params, ftype.Results} {
		if fl == nil {
			continue
		}
		for _, f := range fl.List {
			for _, n := range f.Names {
				if v, ok := info.Defs[n].(*types.Var); ok {
					fn.decl[v] = true
					fn.params[v] = true
				}
			}
		}
	}
	var lits []*ast.FuncLit
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			return true
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			lits = append(lits, n)
		case *ast.ForStmt:
			if !insideAny(n, lits) {
				fn.loops = append(fn.loops, n)
			}
		case *ast.Ident:
			if v, ok := info.Defs[n].(*types.Var); ok && !insideAny(n, lits) {
				fn.decl[v] = true
			}
			if v, ok := info.Uses[n].(*types.Var); ok {
				fn.uses[v] = append(fn.uses[v], n)
			}
		case *ast.AssignStmt:
			if insideAny(n, lits) {
				break
			}
			for i, l := range n.Lhs {
				v := c.identVar(l)
				if v == nil {
					continue
				}
				fn.assigns[v] = append(fn.assigns[v], l.Pos())
				if len(n.Lhs) == len(n.Rhs) {
					fn.defs[v] = append(fn.defs[v], n.Rhs[i])
				} else {
					fn.defs[v] = append(fn.defs[v], nil)
					if call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr); ok && len(n.Rhs) == 1 {
						fn.tuples[l.Pos()] = call
					}
				}
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				v, ok := info.Defs[name].(*types.Var)
				if !ok {
					continue
				}
				fn.assigns[v] = append(fn.assigns[v], name.Pos())
				if len(n.Values) == len(n.Names) {
					fn.defs[v] = append(fn.defs[v], n.Values[i])
				} else if len(n.Values) > 0 {
					fn.defs[v] = append(fn.defs[v], nil)
				}
			}
		case *ast.RangeStmt:
			if !insideAny(n, lits) {
				fn.loops = append(fn.loops, n)
			}
			for _, e := range []ast.Expr{n.Key, n.Value} {
				if v := c.identVar(e); v != nil {
					fn.assigns[v] = append(fn.assigns[v], e.Pos())
					fn.defs[v] = append(fn.defs[v], nil)
				}
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				if v := c.identVar(n.X); v != nil {
					// Its address is taken: anything may write it.
					fn.addrs[v] = append(fn.addrs[v], n.Pos())
				}
			}
		}
		return true
	})
	return fn
}

// insideAny reports whether n lies in one of the function literals.
func insideAny(n ast.Node, lits []*ast.FuncLit) bool {
	for _, l := range lits {
		if astutil.Within(n, l.Body) {
			return true
		}
	}
	return false
}

func (fn *funcInfo) declares(v *types.Var) bool { return fn.decl[v] }

// originWithResets is origin, allowing later assignments at the given
// positions (the resets themselves).
// A later assignment that only grows or reslices v (v = append(v, ...),
// v = v[i:j]) keeps it a copy of the same header.
func (fn *funcInfo) originWithResets(v *types.Var, resets []token.Pos) ast.Expr {
	defs := fn.defs[v]
	if len(defs) == 0 || defs[0] == nil || len(defs) != len(fn.assigns[v]) || len(fn.addrs[v]) > 0 {
		return nil
	}
	for i, p := range fn.assigns[v][1:] {
		if !containsPos(resets, p) && !fn.selfDerived(defs[i+1], v) {
			return nil
		}
	}
	return defs[0]
}

// selfDerived reports whether e is append(v, ...) or a slice of v.
func (fn *funcInfo) selfDerived(e ast.Expr, v *types.Var) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.SliceExpr:
		return fn.c.identVar(x.X) == v
	case *ast.CallExpr:
		if id, ok := ast.Unparen(x.Fun).(*ast.Ident); ok && id.Name == "append" && len(x.Args) > 0 {
			if _, isBuiltin := fn.c.pass.TypesInfo.Uses[id].(*types.Builtin); isBuiltin {
				return fn.c.identVar(x.Args[0]) == v
			}
		}
	}
	return false
}

func containsPos(ps []token.Pos, p token.Pos) bool {
	for _, q := range ps {
		if q == p {
			return true
		}
	}
	return false
}

func (fn *funcInfo) originPos(v *types.Var) token.Pos {
	if a := fn.assigns[v]; len(a) > 0 {
		return a[0]
	}
	return token.NoPos
}

// isParam reports whether v is a parameter of the function.
func (fn *funcInfo) isParam(v *types.Var) bool { return fn.params[v] }

// onlyGrown reports whether every assignment to v after its first only
// appends to it or reslices it, makes it anew (b = make([]byte, n) when
// the pooled one is too small), or takes it back from a call it was
// passed to in the append style (b, err = decode(b, src)), for a parameter
// every assignment, and its address is taken only at addr.
func (fn *funcInfo) onlyGrown(v *types.Var, addr token.Pos) bool {
	defs := fn.defs[v]
	if len(defs) != len(fn.assigns[v]) {
		return false
	}
	for _, p := range fn.addrs[v] {
		if p != addr {
			return false
		}
	}
	start := 1
	if fn.params[v] {
		start = 0
	}
	for i := start; i < len(defs); i++ {
		if defs[i] == nil {
			if call := fn.tuples[fn.assigns[v][i]]; call != nil && fn.passes(call, v) {
				continue
			}
			return false
		}
		if !fn.selfDerived(defs[i], v) && !(i > 0 && fn.isMake(defs[i])) {
			return false
		}
	}
	return true
}

// isMake reports whether e is a call of the builtin make.
func (fn *funcInfo) isMake(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	return ok && astutil.IsBuiltin(fn.c.pass.TypesInfo, call.Fun, "make")
}

// fromPoolCall reports whether v was first assigned the result of a call
// that is given pool (the expression of the pool that v is put into, as
// types.ExprString writes it) as an argument: a Get wrapper, such as
// prometheus' PooledMarshal(p *sync.Pool), whose result is the pooled
// slice.
func (fn *funcInfo) fromPoolCall(v *types.Var, pool string) bool {
	defs := fn.defs[v]
	if len(defs) == 0 {
		return false
	}
	var call *ast.CallExpr
	if defs[0] != nil {
		call, _ = ast.Unparen(defs[0]).(*ast.CallExpr)
	} else if a := fn.assigns[v]; len(a) > 0 {
		call = fn.tuples[a[0]]
	}
	if call == nil {
		return false
	}
	for _, a := range call.Args {
		if u, ok := ast.Unparen(a).(*ast.UnaryExpr); ok && u.Op == token.AND {
			a = u.X // PooledMarshal(&pool) of a sync.Pool value
		}
		if types.ExprString(a) == pool {
			return true
		}
	}
	return false
}

// passes reports whether call takes v itself as an argument.
func (fn *funcInfo) passes(call *ast.CallExpr, v *types.Var) bool {
	for _, a := range call.Args {
		if fn.c.identVar(a) == v {
			return true
		}
	}
	return false
}

// derefOfCall reports whether v was initialised as *f(...) or
// (*f(...))[:n]: a header copied out of a pointer that is then dropped,
// such as *pool.Get().(*[]byte).
func (fn *funcInfo) derefOfCall(v *types.Var) bool {
	defs := fn.defs[v]
	if len(defs) == 0 || defs[0] == nil {
		return false
	}
	e := ast.Unparen(defs[0])
	if s, ok := e.(*ast.SliceExpr); ok {
		e = ast.Unparen(s.X)
	}
	star, ok := e.(*ast.StarExpr)
	if !ok {
		return false
	}
	x := ast.Unparen(star.X)
	if ta, ok := x.(*ast.TypeAssertExpr); ok {
		x = ast.Unparen(ta.X)
	}
	_, isCall := x.(*ast.CallExpr)
	return isCall
}

// derefOrigin returns bp if v was initialised as *bp (or (*bp)[:0]) from
// a local pointer variable bp.
func (fn *funcInfo) derefOrigin(v *types.Var) *types.Var {
	defs := fn.defs[v]
	if len(defs) == 0 || defs[0] == nil {
		return nil
	}
	e := ast.Unparen(defs[0])
	if s, ok := e.(*ast.SliceExpr); ok {
		e = ast.Unparen(s.X)
	}
	star, ok := e.(*ast.StarExpr)
	if !ok {
		return nil
	}
	bp := fn.c.identVar(star.X)
	if bp == nil || !fn.decl[bp] {
		return nil
	}
	if ptr, ok := bp.Type().Underlying().(*types.Pointer); !ok || !types.Identical(ptr.Elem(), v.Type()) {
		return nil
	}
	return bp
}

// assignedBetween reports whether v is assigned (or has its address
// taken) in (from, to).
func (fn *funcInfo) assignedBetween(v *types.Var, from, to token.Pos) bool {
	for _, p := range fn.assigns[v] {
		if from < p && p < to {
			return true
		}
	}
	return len(fn.addrs[v]) > 0
}

// usedAfter reports whether v is used after pos, other than in the
// given nodes.
func (fn *funcInfo) usedAfter(v *types.Var, pos token.Pos, except []ast.Node) bool {
	for _, id := range fn.uses[v] {
		if id.Pos() > pos && !withinAny(id, except) {
			return true
		}
	}
	return false
}

// usedElsewhere reports whether v has a use at a position other than
// those given.
func (fn *funcInfo) usedElsewhere(v *types.Var, except []token.Pos) bool {
	for _, id := range fn.uses[v] {
		if !containsPos(except, id.Pos()) {
			return true
		}
	}
	return false
}

// withinAny reports whether n lies inside one of outer.
func withinAny(n ast.Node, outer []ast.Node) bool {
	return slices.ContainsFunc(outer, func(o ast.Node) bool { return astutil.Within(n, o) })
}

// loopCarried reports whether the statement at n is in a loop that does
// not declare v: a use of v earlier in the loop body may read, in the
// next iteration, what n wrote.
func (fn *funcInfo) loopCarried(v *types.Var, n ast.Node, except []ast.Node) bool {
	declPos := fn.originPos(v)
	for _, l := range fn.loops {
		if !astutil.Within(n, l) {
			continue
		}
		if astutil.ContainsPos(l, declPos) {
			continue // a new v per iteration
		}
		for _, id := range fn.uses[v] {
			if astutil.Within(id, l) && !withinAny(id, except) {
				return true
			}
		}
	}
	return false
}

// exprStmt returns the expression statement that is call, or nil.
func (fn *funcInfo) exprStmt(call *ast.CallExpr) *ast.ExprStmt {
	var found *ast.ExprStmt
	ast.Inspect(fn.body, func(n ast.Node) bool {
		if s, ok := n.(*ast.ExprStmt); ok && s.X == call {
			found = s
		}
		return found == nil
	})
	return found
}
