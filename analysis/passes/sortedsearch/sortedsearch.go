package sortedsearch

import (
	_ "embed"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/perfproof/perfproof/analysis/internal/checkdoc"
	"github.com/perfproof/perfproof/analysis/internal/deps"
	"github.com/perfproof/perfproof/analysis/internal/hotpath"
	"github.com/perfproof/perfproof/internal/astutil"
)

//go:embed doc.go
var doc string

// Analyzer reports linear searches over sorted slices.
var Analyzer = &analysis.Analyzer{
	Name:             "sortedsearch",
	Doc:              checkdoc.MustExtract(doc, "sortedsearch"),
	URL:              "https://pkg.go.dev/github.com/perfproof/perfproof/analysis/passes/sortedsearch",
	Requires:         []*analysis.Analyzer{hotpath.Analyzer},
	RunDespiteErrors: true,
	Run:              run,
}

func run(pass *analysis.Pass) (any, error) {
	if !deps.Imports(pass.Pkg, "sort", "slices") {
		return nil, nil
	}
	hot := pass.ResultOf[hotpath.Analyzer].(*hotpath.Info)
	c := &collector{
		info:   pass.TypesInfo,
		decls:  make(map[*types.Func]*ast.FuncDecl),
		sorted: make(map[types.Object][]order),
		defs:   make(map[types.Object]*ast.CallExpr),
	}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					c.decls[fn] = fd
				}
			}
		}
	}

	root := hot.Inspector.Root()
	// Definitions of positions: i := sort.Search(...), i, ok := slices.BinarySearch(...).
	for cur := range root.Preorder((*ast.AssignStmt)(nil)) {
		as := cur.Node().(*ast.AssignStmt)
		if len(as.Rhs) != 1 {
			continue
		}
		call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if !ok {
			continue
		}
		if id, ok := as.Lhs[0].(*ast.Ident); ok {
			if obj := pass.TypesInfo.ObjectOf(id); obj != nil {
				c.defs[obj] = call
			}
		}
	}
	// Calls to functions of the package, to link a parameter (levels
	// *[]Level) with the slices passed for it (&ob.bids).
	args := make(map[types.Object][]argSite)
	for cur := range root.Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		c.sortCall(call)
		var stack []ast.Node
		for p := range cur.Enclosing() {
			if p != cur {
				stack = append(stack, p.Node())
			}
		}
		c.insertion(call, stack)

		fn, ok := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
		if !ok || fn.Pkg() != pass.Pkg || call.Ellipsis.IsValid() {
			continue
		}
		params := fn.Signature().Params()
		for i, a := range call.Args {
			if i >= params.Len() || (fn.Signature().Variadic() && i >= params.Len()-1) {
				break
			}
			args[params.At(i)] = append(args[params.At(i)], argSite{keyObj(pass.TypesInfo, a), call.Pos()})
		}
	}
	if len(c.sorted) == 0 {
		return nil, nil
	}
	unordered := unorderedAppends(pass.TypesInfo, root, c.sorted)
	bounded := smallBounds(pass, root)
	// ordersAt returns the orders obj is known to have at pos.
	var ordersAt func(obj types.Object, pos token.Pos, depth int) []order
	ordersAt = func(obj types.Object, pos token.Pos, depth int) []order {
		v, ok := obj.(*types.Var)
		if !ok || depth > 2 {
			return nil
		}
		if v.IsField() || v.Parent() == pass.Pkg.Scope() {
			// Sorted somewhere in the package: the order is an invariant
			// of the field or variable, unless a function appends to it
			// without keeping it sorted (see unorderedAppends). Parameters
			// it is passed for may keep it sorted by in-order insertion.
			if unordered[obj] {
				return nil
			}
			os := c.sorted[obj]
			for p, sites := range args {
				for _, site := range sites {
					if site.obj == obj {
						os = append(os, c.sorted[p]...)
						break
					}
				}
			}
			return os
		}
		// A local or parameter: sorted before pos (or by an insertion
		// inside the loop at pos, which ends before loopEnd).
		var os []order
		for _, o := range c.sorted[obj] {
			if o.pos < pos {
				os = append(os, o)
			}
		}
		if len(os) > 0 {
			return os
		}
		// A parameter: sorted if every caller in the package passes a
		// slice sorted by the same key.
		sites := args[obj]
		if len(sites) == 0 {
			return nil
		}
		common := ordersAt(sites[0].obj, sites[0].pos, depth+1)
		for _, site := range sites[1:] {
			theirs := ordersAt(site.obj, site.pos, depth+1)
			common = slices.DeleteFunc(common, func(o order) bool {
				return !slices.ContainsFunc(theirs, func(t order) bool { return slices.Equal(t.key, o.key) })
			})
		}
		return common
	}

	for cur := range root.Preorder((*ast.RangeStmt)(nil), (*ast.ForStmt)(nil)) {
		if hot.IsBenchmarkLoop(cur.Node()) || hot.Once(cur) {
			continue
		}
		var prev ast.Stmt
		if p, ok := cur.PrevSibling(); ok {
			prev, _ = p.Node().(ast.Stmt)
		}
		sc, ok := describe(pass.TypesInfo, cur.Node(), prev)
		if !ok || sc.obj == nil || bounded[sc.obj] || isStaticTable(pass, sc.obj) {
			continue
		}
		orders := ordersAt(sc.obj, cur.Node().End(), 0)
		if len(orders) == 0 {
			continue
		}
		var label *ast.Ident
		if ls, isLabeled := cur.Parent().Node().(*ast.LabeledStmt); isLabeled {
			label = ls.Label
		}
		key, ok := searches(pass.TypesInfo, cur.Node(), label, sc)
		if !ok {
			continue
		}
		match := false
		for _, o := range orders {
			if slices.Equal(o.key, key) {
				match = true
			}
		}
		if !match {
			continue // searched by another key than the order
		}
		name := strings.TrimLeft(types.ExprString(sc.x), "*&(")
		name = strings.TrimRight(name, ")")
		if len(key) == 0 {
			pass.Reportf(cur.Node().Pos(),
				"linear search with early exit over sorted slice %s: use slices.BinarySearch", name)
		} else {
			pass.Reportf(cur.Node().Pos(),
				"linear search with early exit on %s over sorted slice %s: use slices.BinarySearchFunc", key, name)
		}
	}
	return nil, nil
}

// unorderedAppends returns the fields and package-level variables of sorted
// that some function appends to (x.f = append(x.f, ...)) without sorting
// or inserting into them in order in the same function: such a slice is
// sorted at times (before it is written out, say) but not kept sorted, so
// a search of it may run while it is unordered. Prometheus' labels.Builder
// appends in Set and sorts only when the labels are built; the order book
// that appends a level after its in-order search (an insertion in the same
// function) keeps its order.
func unorderedAppends(info *types.Info, root inspector.Cursor, sorted map[types.Object][]order) map[types.Object]bool {
	out := make(map[types.Object]bool)
	for cur := range root.Preorder((*ast.AssignStmt)(nil)) {
		as := cur.Node().(*ast.AssignStmt)
		if len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			continue
		}
		call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if !ok || len(call.Args) < 2 {
			continue
		}
		id, ok := ast.Unparen(call.Fun).(*ast.Ident)
		if !ok {
			continue
		}
		if b, ok := info.Uses[id].(*types.Builtin); !ok || b.Name() != "append" {
			continue
		}
		obj := keyObj(info, as.Lhs[0])
		v, ok := obj.(*types.Var)
		if !ok || len(sorted[obj]) == 0 || keyObj(info, call.Args[0]) != obj || !v.IsField() && v.Parent() != v.Pkg().Scope() {
			continue
		}
		var fn ast.Node
		for p := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
			fn = p.Node()
			break
		}
		if fn == nil {
			continue
		}
		kept := slices.ContainsFunc(sorted[obj], func(o order) bool { return fn.Pos() <= o.pos && o.pos < fn.End() })
		if !kept {
			out[obj] = true
		}
	}
	return out
}

// isStaticTable reports whether obj is a package-level variable initialised
// with a composite literal: a fixed table, usually small, where a linear
// scan is the simpler choice.
func isStaticTable(pass *analysis.Pass, obj types.Object) bool {
	v, ok := obj.(*types.Var)
	if !ok || v.IsField() || v.Parent() != pass.Pkg.Scope() {
		return false
	}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, n := range vs.Names {
					if pass.TypesInfo.Defs[n] == obj && i < len(vs.Values) {
						_, lit := ast.Unparen(vs.Values[i]).(*ast.CompositeLit)
						return lit
					}
				}
			}
		}
	}
	return false
}

// maxSmall is the largest length bound under which a slice counts as tiny:
// a linear scan of up to this many elements costs about as much as a
// binary search and is simpler.
const maxSmall = 32

// smallBounds returns the slices whose length the package compares with a
// constant between 2 and maxSmall (`if len(h.queue) >= maxIDs`): a capacity
// limit that keeps them tiny.
func smallBounds(pass *analysis.Pass, root inspector.Cursor) map[types.Object]bool {
	m := make(map[types.Object]bool)
	for cur := range root.Preorder((*ast.BinaryExpr)(nil)) {
		b := cur.Node().(*ast.BinaryExpr)
		if !isComparison(b.Op) {
			continue
		}
		for _, pair := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
			call, ok := ast.Unparen(pair[0]).(*ast.CallExpr)
			if !ok || !astutil.IsBuiltin(pass.TypesInfo, call.Fun, "len") || len(call.Args) != 1 {
				continue
			}
			tv, ok := pass.TypesInfo.Types[pair[1]]
			if !ok || tv.Value == nil {
				continue
			}
			if v, exact := constant.Int64Val(constant.ToInt(tv.Value)); exact && v >= 2 && v <= maxSmall {
				if obj := keyObj(pass.TypesInfo, call.Args[0]); obj != nil {
					m[obj] = true
				}
			}
		}
	}
	return m
}

// An argSite is a slice passed for a parameter at a call.
type argSite struct {
	obj types.Object // keyObj of the argument, or nil
	pos token.Pos    // of the call
}

// A scan is a loop over the elements of a slice in increasing index order.
type scan struct {
	x     ast.Expr     // the slice
	obj   types.Object // keyObj(x)
	index types.Object // the index variable, or nil
	value types.Object // the element variable of a range loop, or nil
	cond  ast.Expr     // for an index loop, what its condition tests besides the bound, or nil
}

// describe recognises `for i, v := range s` and `for i := 0; i < len(s); i++`
// (or `for i := 0; i < len(s) && cond; ...` with i++ in the body) over a
// slice s.
func describe(info *types.Info, loop ast.Node, prev ast.Stmt) (scan, bool) {
	switch l := loop.(type) {
	case *ast.RangeStmt:
		if !isSlice(info.TypeOf(l.X)) {
			return scan{}, false
		}
		sc := scan{x: l.X, obj: keyObj(info, l.X)}
		if id, ok := l.Key.(*ast.Ident); ok && id.Name != "_" {
			sc.index = info.ObjectOf(id)
		}
		if id, ok := l.Value.(*ast.Ident); ok && id.Name != "_" {
			sc.value = info.ObjectOf(id)
		}
		return sc, true
	case *ast.ForStmt:
		if l.Cond == nil {
			return scan{}, false
		}
		var bound, rest ast.Expr = ast.Unparen(l.Cond), nil
		if b, ok := bound.(*ast.BinaryExpr); ok && b.Op == token.LAND {
			bound, rest = ast.Unparen(b.X), b.Y
		}
		b, ok := bound.(*ast.BinaryExpr)
		if !ok || b.Op != token.LSS {
			return scan{}, false
		}
		id, ok := ast.Unparen(b.X).(*ast.Ident)
		if !ok {
			return scan{}, false
		}
		lenCall, ok := ast.Unparen(b.Y).(*ast.CallExpr)
		if !ok || !astutil.IsBuiltin(info, lenCall.Fun, "len") || len(lenCall.Args) != 1 || !isSlice(info.TypeOf(lenCall.Args[0])) {
			return scan{}, false
		}
		idx := info.ObjectOf(id)
		if !startsAtZero(info, l.Init, idx) && !(l.Init == nil && startsAtZero(info, prev, idx)) {
			return scan{}, false
		}
		// The index must only move forward by one: i++ in the post
		// statement, or as the body's only change to i.
		if !increments(info, l.Post, idx) && !(l.Post == nil && bodyIncrements(info, l.Body, idx)) {
			return scan{}, false
		}
		return scan{x: lenCall.Args[0], obj: keyObj(info, lenCall.Args[0]), index: idx, cond: rest}, true
	}
	return scan{}, false
}

// startsAtZero reports whether init, the init statement of an index loop or
// the statement just before it, sets the index to 0: `i := 0`. An index
// that comes from further away may be a cursor resumed from an earlier
// call, whose scan is amortised O(1).
func startsAtZero(info *types.Info, init ast.Stmt, idx types.Object) bool {
	as, ok := init.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return false
	}
	id, ok := as.Lhs[0].(*ast.Ident)
	if !ok || info.ObjectOf(id) != idx {
		return false
	}
	return astutil.IsZero(info, as.Rhs[0])
}

func isSlice(t types.Type) bool {
	if t == nil {
		return false
	}
	_, ok := t.Underlying().(*types.Slice)
	return ok
}

func increments(info *types.Info, s ast.Stmt, obj types.Object) bool {
	inc, ok := s.(*ast.IncDecStmt)
	if !ok || inc.Tok != token.INC {
		return false
	}
	id, ok := ast.Unparen(inc.X).(*ast.Ident)
	return ok && info.ObjectOf(id) == obj
}

func bodyIncrements(info *types.Info, body *ast.BlockStmt, obj types.Object) bool {
	for _, s := range body.List {
		if increments(info, s, obj) {
			return true
		}
	}
	return false
}

// elemChain reports whether e is (a field selection of) the current element
// of the scan: v, v.F, s[i], s[i].F.G.
func (sc scan) elemChain(info *types.Info, e ast.Expr) (chain, bool) {
	return fieldChain(info, e, func(b ast.Expr) bool {
		if id, ok := b.(*ast.Ident); ok && sc.value != nil && info.ObjectOf(id) == sc.value {
			return true
		}
		ix, ok := b.(*ast.IndexExpr)
		if !ok || sc.index == nil || keyObj(info, ix.X) != sc.obj {
			return false
		}
		id, ok := ast.Unparen(ix.Index).(*ast.Ident)
		return ok && info.ObjectOf(id) == sc.index
	})
}

// searches reports whether the body of loop (labeled label, or nil) does nothing but search: each
// statement is an if comparing the current element's key with a
// loop-invariant value whose branch leaves the loop, or the increment of an
// index loop. It returns the key compared, which must be the same in every
// exit.
func searches(info *types.Info, loop ast.Node, label *ast.Ident, sc scan) (key chain, ok bool) {
	var body *ast.BlockStmt
	switch l := loop.(type) {
	case *ast.RangeStmt:
		body = l.Body
	case *ast.ForStmt:
		body = l.Body
	}
	varying := assigned(info, body)
	if sc.index != nil {
		varying[sc.index] = true
	}
	if sc.value != nil {
		varying[sc.value] = true
	}
	var keys []chain
	exits := 0
	compare := func(cond ast.Expr, ops func(token.Token) bool) bool {
		b, isBin := ast.Unparen(cond).(*ast.BinaryExpr)
		if !isBin || !ops(b.Op) {
			return false
		}
		for _, pair := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
			if k, isElem := sc.elemChain(info, pair[0]); isElem && invariant(info, pair[1], varying) {
				keys = append(keys, k)
				return true
			}
		}
		return false
	}
	if sc.cond != nil {
		if !compare(sc.cond, isOrdering) {
			return nil, false
		}
		exits++
	}
	for _, s := range body.List {
		switch s := s.(type) {
		case *ast.IncDecStmt:
			// a position counter
			if _, isIdent := ast.Unparen(s.X).(*ast.Ident); !isIdent {
				return nil, false
			}
		case *ast.IfStmt:
			if s.Init != nil || s.Else != nil || !leaves(s.Body, label) {
				return nil, false
			}
			if !compare(s.Cond, func(op token.Token) bool { return op == token.EQL || isOrdering(op) }) {
				return nil, false
			}
			exits++
		default:
			return nil, false
		}
	}
	if exits == 0 || len(keys) == 0 {
		return nil, false
	}
	for _, k := range keys[1:] {
		if !slices.Equal(k, keys[0]) {
			return nil, false
		}
	}
	return keys[0], true
}

// leaves reports whether block ends by leaving the loop: return, panic,
// goto, an unlabeled break, or a break of label.
func leaves(block *ast.BlockStmt, label *ast.Ident) bool {
	if len(block.List) == 0 {
		return false
	}
	switch s := block.List[len(block.List)-1].(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		switch s.Tok {
		case token.GOTO:
			return true
		case token.BREAK:
			return s.Label == nil || (label != nil && s.Label.Name == label.Name)
		}
	case *ast.ExprStmt:
		if call, ok := s.X.(*ast.CallExpr); ok {
			if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "panic" {
				return true
			}
		}
	}
	return false
}

// assigned returns the variables assigned, defined or incremented in n.
func assigned(info *types.Info, n ast.Node) map[types.Object]bool {
	m := make(map[types.Object]bool)
	mark := func(e ast.Expr) {
		for {
			switch x := ast.Unparen(e).(type) {
			case *ast.Ident:
				if obj := info.ObjectOf(x); obj != nil {
					m[obj] = true
				}
				return
			case *ast.SelectorExpr:
				if s, ok := info.Selections[x]; ok {
					m[s.Obj()] = true
				}
				e = x.X
			case *ast.IndexExpr:
				e = x.X
			case *ast.StarExpr:
				e = x.X
			default:
				return
			}
		}
	}
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				mark(l)
			}
		case *ast.IncDecStmt:
			mark(n.X)
		case *ast.RangeStmt:
			if n.Key != nil {
				mark(n.Key)
			}
			if n.Value != nil {
				mark(n.Value)
			}
		case *ast.ValueSpec:
			for _, id := range n.Names {
				mark(id)
			}
		}
		return true
	})
	return m
}

// invariant reports whether e is a value that cannot change during the loop:
// constants, and variables and fields not assigned in it, combined with
// operators and conversions.
func invariant(info *types.Info, e ast.Expr, varying map[types.Object]bool) bool {
	if tv, ok := info.Types[e]; ok && tv.Value != nil {
		return true
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		obj := info.ObjectOf(x)
		_, isVar := obj.(*types.Var)
		return isVar && !varying[obj]
	case *ast.SelectorExpr:
		if s, ok := info.Selections[x]; ok {
			return s.Kind() == types.FieldVal && !varying[s.Obj()] && invariant(info, x.X, varying)
		}
		_, isVar := info.Uses[x.Sel].(*types.Var)
		return isVar && !varying[info.Uses[x.Sel]]
	case *ast.StarExpr:
		return invariant(info, x.X, varying)
	case *ast.UnaryExpr:
		return x.Op != token.ARROW && invariant(info, x.X, varying)
	case *ast.BinaryExpr:
		return invariant(info, x.X, varying) && invariant(info, x.Y, varying)
	case *ast.CallExpr:
		if tv, ok := info.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 {
			return invariant(info, x.Args[0], varying)
		}
	}
	return false
}
