package sortedsearch

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/perfproof/perfproof/internal/astutil"
)

// A chain is the sequence of fields selected from a slice element to reach
// its sort key: [Price] for lvl.Price, nil for the element itself.
type chain []*types.Var

func (c chain) String() string {
	s := ""
	for i, f := range c {
		if i > 0 {
			s += "."
		}
		s += f.Name()
	}
	return s
}

// order records that a slice is sorted by key at pos (a sort call or an
// in-order insertion).
type order struct {
	key chain
	pos token.Pos
}

// elementSorts are the sorting functions ("pkg.Func") that order a slice by
// its elements themselves.
var elementSorts = []string{"sort.Strings", "sort.Ints", "sort.Float64s", "slices.Sort"}

// collector finds the slices a package keeps sorted, keyed by the object
// that names them: the variable, or the struct field for x.f.
type collector struct {
	info   *types.Info
	decls  map[*types.Func]*ast.FuncDecl
	sorted map[types.Object][]order
	// defs maps a variable to the call that defined or assigned it last in
	// source order, for positions found by sort.Search and friends.
	defs map[types.Object]*ast.CallExpr
}

func funcName(fn *types.Func) string {
	if fn == nil || fn.Pkg() == nil {
		return ""
	}
	return fn.Pkg().Path() + "." + fn.Name()
}

// keyObj returns the object naming the slice e denotes: the last field of a
// selection chain, or the variable (through * and &).
func keyObj(info *types.Info, e ast.Expr) types.Object {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		if v, ok := info.ObjectOf(x).(*types.Var); ok {
			return v
		}
	case *ast.StarExpr:
		return keyObj(info, x.X)
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			return keyObj(info, x.X)
		}
	case *ast.SelectorExpr:
		if s, ok := info.Selections[x]; ok {
			if s.Kind() == types.FieldVal {
				return s.Obj()
			}
			return nil
		}
		if v, ok := info.Uses[x.Sel].(*types.Var); ok {
			return v
		}
	}
	return nil
}

// fieldChain strips field selections from e and, if isBase accepts what is
// left, returns the selected fields outermost last.
func fieldChain(info *types.Info, e ast.Expr, isBase func(ast.Expr) bool) (chain, bool) {
	var c chain
	for {
		e = ast.Unparen(e)
		if isBase(e) {
			slices.Reverse(c)
			return c, true
		}
		sel, ok := e.(*ast.SelectorExpr)
		if !ok {
			return nil, false
		}
		s, ok := info.Selections[sel]
		if !ok || s.Kind() != types.FieldVal {
			return nil, false
		}
		c = append(c, s.Obj().(*types.Var))
		e = sel.X
	}
}

// isIdentOf returns a predicate accepting identifiers (or dereferences of
// identifiers) that denote one of objs.
func isIdentOf(info *types.Info, objs ...types.Object) func(ast.Expr) bool {
	return func(e ast.Expr) bool {
		if s, ok := e.(*ast.StarExpr); ok {
			e = ast.Unparen(s.X)
		}
		id, ok := e.(*ast.Ident)
		return ok && slices.Contains(objs, info.ObjectOf(id))
	}
}

// isIndexBy returns a predicate accepting x[i] for i one of objs.
func isIndexBy(info *types.Info, objs ...types.Object) func(ast.Expr) bool {
	return func(e ast.Expr) bool {
		ix, ok := e.(*ast.IndexExpr)
		if !ok {
			return false
		}
		id, ok := ast.Unparen(ix.Index).(*ast.Ident)
		return ok && slices.Contains(objs, info.ObjectOf(id))
	}
}

func isComparison(op token.Token) bool {
	switch op {
	case token.LSS, token.LEQ, token.GTR, token.GEQ, token.EQL, token.NEQ:
		return true
	}
	return false
}

// keyOf returns the key compared first in body, a less, compare or search
// function: the field chain of the first comparison or compare call one of
// whose operands is an element (as told by isBase).
func (c *collector) keyOf(body ast.Node, isBase func(ast.Expr) bool) (key chain, ok bool) {
	ast.Inspect(body, func(n ast.Node) bool {
		if ok {
			return false
		}
		var operands []ast.Expr
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BinaryExpr:
			if isComparison(n.Op) {
				operands = []ast.Expr{n.X, n.Y}
			}
		case *ast.CallExpr:
			fn, _ := typeutil.Callee(c.info, n).(*types.Func)
			switch funcName(fn) {
			case "cmp.Compare", "cmp.Less", "strings.Compare", "bytes.Compare":
				operands = n.Args
			default:
				if sel, isSel := ast.Unparen(n.Fun).(*ast.SelectorExpr); isSel && fn != nil && fn.Signature().Recv() != nil && len(n.Args) == 1 {
					switch fn.Name() {
					case "Compare", "Cmp", "Before", "After", "Less":
						operands = []ast.Expr{sel.X, n.Args[0]}
					}
				}
			}
		}
		for _, o := range operands {
			if k, found := fieldChain(c.info, o, isBase); found {
				key, ok = k, true
				return false
			}
		}
		return true
	})
	return key, ok
}

// funcBody returns the body and parameters of a function value: a literal,
// or a named function of the package.
func (c *collector) funcBody(e ast.Expr) (*ast.BlockStmt, *types.Signature) {
	switch f := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		sig, _ := c.info.TypeOf(f).(*types.Signature)
		return f.Body, sig
	case *ast.Ident, *ast.SelectorExpr:
		var id *ast.Ident
		if sel, ok := f.(*ast.SelectorExpr); ok {
			id = sel.Sel
		} else {
			id = f.(*ast.Ident)
		}
		if fn, ok := c.info.Uses[id].(*types.Func); ok {
			if d := c.decls[fn]; d != nil && d.Body != nil {
				return d.Body, fn.Signature()
			}
		}
	}
	return nil, nil
}

// paramObjs returns the objects of the parameters of the function literal or
// declaration behind body.
func paramObjs(info *types.Info, fl *ast.FieldList) []types.Object {
	var objs []types.Object
	if fl == nil {
		return nil
	}
	for _, f := range fl.List {
		for _, n := range f.Names {
			objs = append(objs, info.Defs[n])
		}
	}
	return objs
}

// params returns the parameter objects of a function value e.
func (c *collector) params(e ast.Expr) []types.Object {
	switch f := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		return paramObjs(c.info, f.Type.Params)
	case *ast.Ident, *ast.SelectorExpr:
		var id *ast.Ident
		if sel, ok := f.(*ast.SelectorExpr); ok {
			id = sel.Sel
		} else {
			id = f.(*ast.Ident)
		}
		if fn, ok := c.info.Uses[id].(*types.Func); ok {
			if d := c.decls[fn]; d != nil {
				return paramObjs(c.info, d.Type.Params)
			}
		}
	}
	return nil
}

func (c *collector) add(obj types.Object, key chain, pos token.Pos) {
	if obj == nil {
		return
	}
	c.sorted[obj] = append(c.sorted[obj], order{key: key, pos: pos})
}

// sortCall records the slice sorted by call, if it sorts one with a key the
// collector can read.
func (c *collector) sortCall(call *ast.CallExpr) {
	fn, _ := typeutil.Callee(c.info, call).(*types.Func)
	name := funcName(fn)
	switch {
	case slices.Contains(elementSorts, name) && len(call.Args) == 1:
		c.add(keyObj(c.info, call.Args[0]), nil, call.Pos())
	case (name == "sort.Slice" || name == "sort.SliceStable") && len(call.Args) == 2:
		body, _ := c.funcBody(call.Args[1])
		ps := c.params(call.Args[1])
		if body == nil || len(ps) != 2 {
			return
		}
		if key, ok := c.keyOf(body, isIndexBy(c.info, ps...)); ok {
			c.add(keyObj(c.info, call.Args[0]), key, call.Pos())
		}
	case (name == "slices.SortFunc" || name == "slices.SortStableFunc") && len(call.Args) == 2:
		body, _ := c.funcBody(call.Args[1])
		ps := c.params(call.Args[1])
		if body == nil || len(ps) != 2 {
			return
		}
		if key, ok := c.keyOf(body, isIdentOf(c.info, ps...)); ok {
			c.add(keyObj(c.info, call.Args[0]), key, call.Pos())
		}
	case (name == "sort.Sort" || name == "sort.Stable") && len(call.Args) == 1:
		// sort.Sort(byPrice(x)) or sort.Sort(x) with x of a sort.Interface
		// type declared in this package.
		arg := ast.Unparen(call.Args[0])
		target := arg
		if conv, ok := arg.(*ast.CallExpr); ok && len(conv.Args) == 1 {
			if tv, ok := c.info.Types[conv.Fun]; ok && tv.IsType() {
				target = conv.Args[0]
			}
		}
		less := c.lessMethod(c.info.TypeOf(arg))
		if less == nil {
			return
		}
		ps := paramObjs(c.info, less.Type.Params)
		if len(ps) != 2 {
			return
		}
		if key, ok := c.keyOf(less.Body, isIndexBy(c.info, ps...)); ok {
			c.add(keyObj(c.info, target), key, call.Pos())
		}
	}
}

// lessMethod returns the declaration of the Less method of t, if the
// package declares it.
func (c *collector) lessMethod(t types.Type) *ast.FuncDecl {
	if t == nil {
		return nil
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "Less")
	fn, ok := obj.(*types.Func)
	if !ok {
		return nil
	}
	if d := c.decls[fn]; d != nil && d.Body != nil {
		return d
	}
	return nil
}

// insertion records the slice an in-order insertion fills: slices.Insert
// (s, i, v), append(s[:i], append([]T{v}, s[i:]...)...) or
// copy(s[i+1:], s[i:]), where i is the position of a search. cur lists the
// enclosing nodes of call, innermost first.
func (c *collector) insertion(call *ast.CallExpr, stack []ast.Node) {
	var s, i ast.Expr
	fn, _ := typeutil.Callee(c.info, call).(*types.Func)
	switch {
	case funcName(fn) == "slices.Insert" && len(call.Args) >= 3:
		s, i = call.Args[0], call.Args[1]
	case astutil.IsBuiltin(c.info, call.Fun, "append") && len(call.Args) == 2 && call.Ellipsis.IsValid():
		head, ok1 := ast.Unparen(call.Args[0]).(*ast.SliceExpr)
		inner, ok2 := ast.Unparen(call.Args[1]).(*ast.CallExpr)
		if !ok1 || !ok2 || head.Low != nil || head.High == nil || !astutil.IsBuiltin(c.info, inner.Fun, "append") ||
			len(inner.Args) != 2 || !inner.Ellipsis.IsValid() {
			return
		}
		tail, ok := ast.Unparen(inner.Args[1]).(*ast.SliceExpr)
		if !ok || tail.High != nil || tail.Low == nil || types.ExprString(tail.Low) != types.ExprString(head.High) ||
			keyObj(c.info, tail.X) != keyObj(c.info, head.X) {
			return
		}
		s, i = head.X, head.High
	case astutil.IsBuiltin(c.info, call.Fun, "copy") && len(call.Args) == 2:
		dst, ok1 := ast.Unparen(call.Args[0]).(*ast.SliceExpr)
		src, ok2 := ast.Unparen(call.Args[1]).(*ast.SliceExpr)
		if !ok1 || !ok2 || dst.High != nil || src.High != nil || dst.Low == nil || src.Low == nil ||
			keyObj(c.info, dst.X) != keyObj(c.info, src.X) {
			return
		}
		b, ok := ast.Unparen(dst.Low).(*ast.BinaryExpr)
		if !ok || b.Op != token.ADD || types.ExprString(b.X) != types.ExprString(src.Low) {
			return
		}
		s, i = src.X, src.Low
	default:
		return
	}
	obj := keyObj(c.info, s)
	id, ok := ast.Unparen(i).(*ast.Ident)
	if obj == nil || !ok {
		return
	}
	pos := c.info.ObjectOf(id)
	if pos == nil {
		return
	}
	// i is the index of an enclosing loop over s: the key is the one
	// compared by an ordering condition of an if between the loop and the
	// insertion.
	var conds []ast.Expr
	for _, n := range stack {
		switch n := n.(type) {
		case *ast.IfStmt:
			conds = append(conds, n.Cond)
		case *ast.FuncLit, *ast.FuncDecl:
			goto searched
		case *ast.RangeStmt, *ast.ForStmt:
			sc, ok := describe(c.info, n, nil)
			if !ok || sc.index != pos || sc.obj != obj {
				continue
			}
			for _, cond := range conds {
				if b, ok := ast.Unparen(cond).(*ast.BinaryExpr); ok && isOrdering(b.Op) {
					for _, o := range []ast.Expr{b.X, b.Y} {
						if k, ok := sc.elemChain(c.info, o); ok {
							c.add(obj, k, call.Pos())
							return
						}
					}
				}
			}
			return
		}
	}
searched:
	// i is the index left by an earlier search loop over s in the same
	// function: `i := 0; for i < len(s) { if s[i].K >= k { break }; i++ }`.
	for _, n := range stack {
		var body *ast.BlockStmt
		switch f := n.(type) {
		case *ast.FuncDecl:
			body = f.Body
		case *ast.FuncLit:
			body = f.Body
		default:
			continue
		}
		if k, ok := c.searchBefore(body, obj, pos, call.Pos()); ok {
			c.add(obj, k, call.Pos())
			return
		}
		break
	}
	// i was set by a search: sort.Search(n, func(i int) bool {...}),
	// slices.BinarySearch(s, x) or slices.BinarySearchFunc(s, x, cmp).
	def := c.defs[pos]
	if def == nil {
		return
	}
	dfn, _ := typeutil.Callee(c.info, def).(*types.Func)
	switch funcName(dfn) {
	case "slices.BinarySearch", "sort.SearchInts", "sort.SearchStrings", "sort.SearchFloat64s":
		c.add(obj, nil, call.Pos())
	case "sort.Search":
		if len(def.Args) == 2 {
			if body, _ := c.funcBody(def.Args[1]); body != nil {
				if k, ok := c.keyOf(body, func(e ast.Expr) bool {
					ix, ok := e.(*ast.IndexExpr)
					return ok && keyObj(c.info, ix.X) == obj
				}); ok {
					c.add(obj, k, call.Pos())
				}
			}
		}
	case "slices.BinarySearchFunc":
		if len(def.Args) == 3 {
			body, _ := c.funcBody(def.Args[2])
			ps := c.params(def.Args[2])
			if body != nil && len(ps) == 2 {
				if k, ok := c.keyOf(body, isIdentOf(c.info, ps[0])); ok {
					c.add(obj, k, call.Pos())
				}
			}
		}
	}
}

// searchBefore looks in body for a search loop over obj with index pos
// that ends before end, and returns the key it compares.
func (c *collector) searchBefore(body *ast.BlockStmt, obj, pos types.Object, end token.Pos) (key chain, ok bool) {
	ast.Inspect(body, func(n ast.Node) bool {
		if ok {
			return false
		}
		block, isBlock := n.(*ast.BlockStmt)
		if !isBlock {
			_, isLit := n.(*ast.FuncLit)
			return !isLit
		}
		for i, s := range block.List {
			if s.End() > end {
				break
			}
			var prev ast.Stmt
			if i > 0 {
				prev = block.List[i-1]
			}
			sc, isScan := describe(c.info, s, prev)
			if !isScan || sc.index != pos || sc.obj != obj {
				continue
			}
			if k, found := searches(c.info, s, nil, sc); found {
				key, ok = k, true
				return false
			}
		}
		return true
	})
	return key, ok
}

func isOrdering(op token.Token) bool {
	switch op {
	case token.LSS, token.LEQ, token.GTR, token.GEQ:
		return true
	}
	return false
}
