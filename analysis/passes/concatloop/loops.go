package concatloop

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/perfproof/perfproof/internal/astutil"
)

// maxSmallTrip is the largest number of iterations of a loop too short
// for the growth of a string to matter: a loop over a literal of up to
// four parts, or for i := 0; i < 3; i++.
const maxSmallTrip = 4

// smallTrip reports whether loop runs at most maxSmallTrip times: a range
// over a constant, an array (or pointer to array) or a composite literal
// of at most that many elements, or a for statement counting between
// constants.
func (ch *checker) smallTrip(loop ast.Node) bool {
	info := ch.pass.TypesInfo
	switch l := loop.(type) {
	case *ast.RangeStmt:
		if tv, ok := info.Types[l.X]; ok && tv.Value != nil {
			switch tv.Value.Kind() {
			case constant.Int:
				n, ok := constant.Int64Val(tv.Value)
				return ok && n <= maxSmallTrip
			case constant.String:
				return len(constant.StringVal(tv.Value)) <= maxSmallTrip
			}
		}
		t := info.TypeOf(l.X)
		if t != nil {
			if p, ok := t.Underlying().(*types.Pointer); ok {
				t = p.Elem()
			}
			if a, ok := t.Underlying().(*types.Array); ok {
				return a.Len() <= maxSmallTrip
			}
		}
		if lit, ok := ast.Unparen(l.X).(*ast.CompositeLit); ok && len(lit.Elts) <= maxSmallTrip {
			for _, e := range lit.Elts {
				if _, keyed := e.(*ast.KeyValueExpr); keyed {
					// [10]T{9: x} or a map literal: the count of
					// a map literal is its number of entries, that
					// of a keyed slice literal its largest index.
					_, isMap := typeUnder(info.TypeOf(lit)).(*types.Map)
					return isMap
				}
			}
			return true
		}
	case *ast.ForStmt:
		n, ok := ch.countedTrips(l)
		return ok && n <= maxSmallTrip
	}
	return false
}

func typeUnder(t types.Type) types.Type {
	if t == nil {
		return nil
	}
	return t.Underlying()
}

// countedTrips returns the number of iterations of a loop of the form
// for i := a; i < b; i++ (or <=, >, >=, --, += k, -= k) with constants a,
// b and k, assuming the body does not assign i.
func (ch *checker) countedTrips(f *ast.ForStmt) (int64, bool) {
	init, ok := f.Init.(*ast.AssignStmt)
	if !ok || len(init.Lhs) != 1 || len(init.Rhs) != 1 {
		return 0, false
	}
	iv, ok := ast.Unparen(init.Lhs[0]).(*ast.Ident)
	if !ok {
		return 0, false
	}
	i := ch.pass.TypesInfo.ObjectOf(iv)
	if i == nil {
		return 0, false
	}
	start, ok := ch.intConst(init.Rhs[0])
	if !ok {
		return 0, false
	}
	var step int64
	switch p := f.Post.(type) {
	case *ast.IncDecStmt:
		if !ch.isVar(p.X, i) {
			return 0, false
		}
		step = 1
		if p.Tok == token.DEC {
			step = -1
		}
	case *ast.AssignStmt:
		if len(p.Lhs) != 1 || len(p.Rhs) != 1 || !ch.isVar(p.Lhs[0], i) {
			return 0, false
		}
		k, ok := ch.intConst(p.Rhs[0])
		if !ok || k <= 0 {
			return 0, false
		}
		switch p.Tok {
		case token.ADD_ASSIGN:
			step = k
		case token.SUB_ASSIGN:
			step = -k
		default:
			return 0, false
		}
	default:
		return 0, false
	}
	cond, ok := ast.Unparen(f.Cond).(*ast.BinaryExpr)
	if !ok {
		return 0, false
	}
	op, other := cond.Op, cond.Y
	if !ch.isVar(cond.X, i) {
		if !ch.isVar(cond.Y, i) {
			return 0, false
		}
		other, op = cond.X, astutil.FlipComparison(op) // b > i is i < b
	}
	end, ok := ch.intConst(other)
	if !ok {
		return 0, false
	}
	// The distance to cover, counting the bound itself for <= and >=.
	var dist int64
	switch {
	case op == token.LSS && step > 0:
		dist = end - start
	case op == token.LEQ && step > 0:
		dist = end - start + 1
	case op == token.GTR && step < 0:
		dist = start - end
	case op == token.GEQ && step < 0:
		dist = start - end + 1
	default:
		return 0, false
	}
	if dist <= 0 {
		return 0, true
	}
	if step < 0 {
		step = -step
	}
	return (dist + step - 1) / step, true
}

func (ch *checker) intConst(e ast.Expr) (int64, bool) {
	tv, ok := ch.pass.TypesInfo.Types[e]
	if !ok || tv.Value == nil {
		return 0, false
	}
	return constant.Int64Val(constant.ToInt(tv.Value))
}

func (ch *checker) isVar(e ast.Expr, obj types.Object) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && ch.pass.TypesInfo.ObjectOf(id) == obj
}

// resets reports whether loop sets v afresh in each of its iterations, so
// that its growth is bounded by one iteration: an assignment of a value
// that does not depend on v, either unconditional (in the loop body or a
// plain block of it) or after a statement that reads v, as in a loop that
// flushes a line once it is long enough:
//
//	if len(line)+len(w) > width {
//		lines = append(lines, line)
//		line = ""
//	}
//
// A conditional assignment not preceded by a read, as in
// if s == "" { s = x } else { s += "," + x }, starts the string and does
// not bound it.
func (ch *checker) resets(loop inspector.Cursor, v *types.Var) bool {
	found := false
	loop.Inspect([]ast.Node{(*ast.AssignStmt)(nil), (*ast.FuncLit)(nil)}, func(cur inspector.Cursor) bool {
		switch n := cur.Node().(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			if n.Tok != token.ASSIGN || !astutil.Repeats(loop.Node(), n) {
				return true
			}
			for i, l := range n.Lhs {
				if !ch.isVar(l, v) {
					continue
				}
				rhs := n.Rhs[0]
				if len(n.Rhs) == len(n.Lhs) {
					rhs = n.Rhs[i]
				}
				if ch.mentions(rhs, v) {
					continue
				}
				if ch.unconditional(cur, loop) || ch.readBefore(cur, v) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// unconditional reports whether the statement at cur runs in every
// iteration of loop that reaches it: only blocks lie between them.
func (ch *checker) unconditional(cur, loop inspector.Cursor) bool {
	for p := cur.Parent(); p.Node() != nil; p = p.Parent() {
		if p == loop {
			return true
		}
		if _, ok := p.Node().(*ast.BlockStmt); !ok {
			return false
		}
	}
	return false
}

// readBefore reports whether an earlier statement of the statement list
// holding the statement at cur mentions v.
func (ch *checker) readBefore(cur inspector.Cursor, v *types.Var) bool {
	list, _ := astutil.StmtList(cur.Parent().Node())
	for _, s := range list {
		if s.Pos() >= cur.Node().Pos() {
			break
		}
		if ch.mentions(s, v) {
			return true
		}
	}
	return false
}

// isStmtListParent reports whether n holds a statement list.
func isStmtListParent(n ast.Node) bool {
	switch n.(type) {
	case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
		return true
	}
	return false
}

// mentions reports whether v occurs in n.
func (ch *checker) mentions(n ast.Node, v *types.Var) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && ch.pass.TypesInfo.Uses[id] == v {
			found = true
		}
		return !found
	})
	return found
}
