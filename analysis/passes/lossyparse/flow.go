package lossyparse

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/perfproof/perfproof/internal/astutil"
)

// flow follows the values of a package through assignments, struct
// fields, slice and map elements, composite literals, calls and returns of
// the package's functions, and arithmetic. It is flow-insensitive and
// field-based (a field carries a value whatever struct it is read from),
// and ignores _test.go files.
type flow struct {
	pass    *analysis.Pass
	info    *types.Info
	assigns []*ast.AssignStmt
	specs   []*ast.ValueSpec
	ranges  []*ast.RangeStmt
	lits    []*ast.CompositeLit
	calls   []*ast.CallExpr // calls of the package's functions
	returns []returnSite
	funcs   []*types.Func // declared functions with named results
	eqs     []site        // == and != comparisons
	tags    []site        // switch statements with a tag
	keys    []site        // index expressions on maps with a float key
}

type returnSite struct {
	fn  *types.Func
	ret *ast.ReturnStmt
}

// site is a syntax node that may use a parsed value, with its cursor.
type site struct {
	cur  inspector.Cursor
	node ast.Node
}

// state is what flows from one parser.
type state struct {
	vars    map[*types.Var]bool
	results map[*types.Func]map[int]bool
	exprs   map[ast.Expr]bool
}

// maxRounds bounds the propagation; each round follows one more step of
// every chain of assignments and calls.
const maxRounds = 32

func newFlow(pass *analysis.Pass, in *inspector.Inspector) *flow {
	fl := &flow{pass: pass, info: pass.TypesInfo}
	for cur := range in.Root().Preorder((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		if strings.HasSuffix(pass.Fset.Position(cur.Node().Pos()).Filename, "_test.go") {
			continue
		}
		var fn *types.Func
		if d, ok := cur.Node().(*ast.FuncDecl); ok {
			fn, _ = pass.TypesInfo.Defs[d.Name].(*types.Func)
			if fn != nil && fn.Signature().Results().Len() > 0 && fn.Signature().Results().At(0).Name() != "" {
				fl.funcs = append(fl.funcs, fn)
			}
		}
		ownNodes(cur, func(c inspector.Cursor) {
			switch n := c.Node().(type) {
			case *ast.AssignStmt:
				fl.assigns = append(fl.assigns, n)
			case *ast.ValueSpec:
				fl.specs = append(fl.specs, n)
			case *ast.RangeStmt:
				fl.ranges = append(fl.ranges, n)
			case *ast.CompositeLit:
				fl.lits = append(fl.lits, n)
			case *ast.CallExpr:
				if f := typeutil.StaticCallee(fl.info, n); f != nil && f.Pkg() == pass.Pkg {
					fl.calls = append(fl.calls, n)
				}
			case *ast.ReturnStmt:
				if fn != nil {
					fl.returns = append(fl.returns, returnSite{fn, n})
				}
			case *ast.BinaryExpr:
				if n.Op == token.EQL || n.Op == token.NEQ {
					fl.eqs = append(fl.eqs, site{c, n})
				}
			case *ast.SwitchStmt:
				if n.Tag != nil {
					fl.tags = append(fl.tags, site{c, n})
				}
			case *ast.IndexExpr:
				if m, ok := fl.info.TypeOf(n.X).Underlying().(*types.Map); ok && hasFloat(m.Key(), 0) {
					fl.keys = append(fl.keys, site{c, n})
				}
			}
		})
	}
	return fl
}

// hasFloat reports whether t is a floating-point type or a struct or
// array holding one.
func hasFloat(t types.Type, depth int) bool {
	if depth > 4 {
		return false
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsFloat != 0
	case *types.Array:
		return hasFloat(u.Elem(), depth+1)
	case *types.Struct:
		for f := range u.Fields() {
			if hasFloat(f.Type(), depth+1) {
				return true
			}
		}
	}
	return false
}

// sink follows the result of p and returns how it is misused, or false.
func (fl *flow) sink(p *parser) (string, bool) {
	st := &state{vars: make(map[*types.Var]bool), results: make(map[*types.Func]map[int]bool), exprs: make(map[ast.Expr]bool)}
	for _, v := range p.vars {
		st.vars[v] = true
	}
	for _, e := range p.exprs {
		st.exprs[e] = true
	}
	fl.propagate(st)

	type use struct {
		rank int // 0 misuse in the package, 1 the parser's own export, 2 another export
		pos  token.Pos
		text string
	}
	var uses []use
	for _, s := range fl.eqs {
		bin := s.node.(*ast.BinaryExpr)
		if !fl.derived(st, bin.X) && !fl.derived(st, bin.Y) {
			continue
		}
		if astutil.IsZero(fl.info, bin.X) || astutil.IsZero(fl.info, bin.Y) || sameVar(fl.info, bin.X, bin.Y) {
			continue
		}
		uses = append(uses, use{0, bin.Pos(), "is compared with " + bin.Op.String() + " in " + fl.funcName(s.cur)})
	}
	for _, s := range fl.tags {
		if sw := s.node.(*ast.SwitchStmt); fl.derived(st, sw.Tag) {
			uses = append(uses, use{0, sw.Pos(), "is a switch tag (compared with ==) in " + fl.funcName(s.cur)})
		}
	}
	for _, s := range fl.keys {
		if ix := s.node.(*ast.IndexExpr); fl.derived(st, ix.Index) || fl.fieldsDerived(st, ix.Index) {
			uses = append(uses, use{0, ix.Pos(), "is a map key in " + fl.funcName(s.cur)})
		}
	}
	for fn, idx := range st.results {
		if len(idx) == 0 || !exportedAPI(fn) {
			continue
		}
		kind := "function"
		if fn.Signature().Recv() != nil {
			kind = "method"
		}
		rank := 2
		if fn == p.self {
			rank = 1
		}
		uses = append(uses, use{rank, fn.Pos(), "is returned by exported " + kind + " " + funcObjName(fn)})
	}
	if len(uses) == 0 {
		return "", false
	}
	sort.Slice(uses, func(i, j int) bool {
		if uses[i].rank != uses[j].rank {
			return uses[i].rank < uses[j].rank
		}
		return uses[i].pos < uses[j].pos
	})
	text := uses[0].text
	if n := len(uses) - 1; n == 1 {
		text += " (and 1 other use)"
	} else if n > 1 {
		text += " (and " + strconv.Itoa(n) + " other uses)"
	}
	return text, true
}

// exportedAPI reports whether fn can be called from other packages: an
// exported function, or an exported method of an exported type.
func exportedAPI(fn *types.Func) bool {
	if !fn.Exported() {
		return false
	}
	recv := fn.Signature().Recv()
	if recv == nil {
		return true
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := t.(*types.Named)
	return ok && n.Obj().Exported()
}

// funcObjName names fn as messages do: F, T.M or (*T).M.
func funcObjName(fn *types.Func) string {
	recv := fn.Signature().Recv()
	if recv == nil {
		return fn.Name()
	}
	t := recv.Type()
	ptr := false
	if p, ok := t.(*types.Pointer); ok {
		t, ptr = p.Elem(), true
	}
	name := types.TypeString(t, func(*types.Package) string { return "" })
	if i := strings.IndexByte(name, '['); i >= 0 {
		name = name[:i]
	}
	if ptr {
		return "(*" + name + ")." + fn.Name()
	}
	return name + "." + fn.Name()
}

// funcName names the function around cur for messages.
func (fl *flow) funcName(cur inspector.Cursor) string {
	if p, ok := astutil.EnclosingFunc(cur); ok {
		name, _ := funcName(fl.pass, p)
		return name
	}
	return "a package-level initialiser"
}

// sameVar reports whether x and y name the same variable: x != x tests
// for NaN.
func sameVar(info *types.Info, x, y ast.Expr) bool {
	a, b := varOf(info, x), varOf(info, y)
	return a != nil && a == b
}

// propagate marks, until nothing changes, every variable, field and
// function result that receives a derived value.
func (fl *flow) propagate(st *state) {
	for range maxRounds {
		changed := false
		mark := func(v *types.Var) {
			if v != nil && !st.vars[v] {
				st.vars[v] = true
				changed = true
			}
		}
		markResult := func(fn *types.Func, i int) {
			if st.results[fn] == nil {
				st.results[fn] = make(map[int]bool)
			}
			if !st.results[fn][i] {
				st.results[fn][i] = true
				changed = true
			}
		}
		for _, as := range fl.assigns {
			if len(as.Lhs) == len(as.Rhs) {
				for i, r := range as.Rhs {
					if fl.derived(st, r) {
						mark(fl.target(as.Lhs[i]))
					}
				}
				continue
			}
			if len(as.Rhs) == 1 {
				for i, l := range as.Lhs {
					if fl.derivedResult(st, as.Rhs[0], i) {
						mark(fl.target(l))
					}
				}
			}
		}
		for _, vs := range fl.specs {
			if len(vs.Names) == len(vs.Values) {
				for i, r := range vs.Values {
					if fl.derived(st, r) {
						mark(fl.target(vs.Names[i]))
					}
				}
			} else if len(vs.Values) == 1 {
				for i, n := range vs.Names {
					if fl.derivedResult(st, vs.Values[0], i) {
						mark(fl.target(n))
					}
				}
			}
		}
		for _, rs := range fl.ranges {
			if rs.Value != nil && fl.derived(st, rs.X) {
				mark(fl.target(rs.Value))
			}
		}
		for _, lit := range fl.lits {
			s, ok := fl.info.TypeOf(lit).Underlying().(*types.Struct)
			if !ok {
				continue
			}
			for i, elt := range lit.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok && fl.derived(st, kv.Value) {
						v, _ := fl.info.Uses[id].(*types.Var)
						mark(v)
					}
				} else if i < s.NumFields() && fl.derived(st, elt) {
					mark(s.Field(i))
				}
			}
		}
		for _, call := range fl.calls {
			params := typeutil.StaticCallee(fl.info, call).Signature().Params()
			for i, a := range call.Args {
				if params.Len() > 0 && fl.derived(st, a) {
					mark(params.At(min(i, params.Len()-1)))
				}
			}
		}
		for _, r := range fl.returns {
			if len(r.ret.Results) == 1 && r.fn.Signature().Results().Len() > 1 {
				for i := range r.fn.Signature().Results().Len() {
					if fl.derivedResult(st, r.ret.Results[0], i) {
						markResult(r.fn, i)
					}
				}
				continue
			}
			for i, e := range r.ret.Results {
				if fl.derived(st, e) {
					markResult(r.fn, i)
				}
			}
		}
		for _, fn := range fl.funcs {
			res := fn.Signature().Results()
			for i := range res.Len() {
				if st.vars[res.At(i)] {
					markResult(fn, i)
				}
			}
		}
		if !changed {
			return
		}
	}
}

// target returns the variable or field that an assignment to e writes:
// x, s.f, a[i] (the slice or map variable a), *p.
func (fl *flow) target(e ast.Expr) *types.Var {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, _ := fl.info.ObjectOf(e).(*types.Var)
		return v
	case *ast.SelectorExpr:
		v, _ := fl.info.Uses[e.Sel].(*types.Var)
		if v != nil && !v.IsField() && fl.info.Selections[e] == nil {
			return v // pkg.Var
		}
		return v
	case *ast.IndexExpr:
		return fl.target(e.X)
	case *ast.StarExpr:
		return fl.target(e.X)
	}
	return nil
}

// derivedResult reports whether result i of the call e (in a
// multi-value assignment) carries a derived value.
func (fl *flow) derivedResult(st *state, e ast.Expr, i int) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := typeutil.StaticCallee(fl.info, call)
	return fn != nil && st.results[fn][i]
}

// fieldsDerived reports whether e is a struct literal with a field value
// that carries a value of the parser: a composite map key.
func (fl *flow) fieldsDerived(st *state, e ast.Expr) bool {
	lit, ok := ast.Unparen(e).(*ast.CompositeLit)
	if !ok {
		return false
	}
	for _, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			elt = kv.Value
		}
		if fl.derived(st, elt) {
			return true
		}
	}
	return false
}

// derived reports whether e carries a value of the parser.
func (fl *flow) derived(st *state, e ast.Expr) bool {
	if st.exprs[e] {
		return true
	}
	switch e := e.(type) {
	case *ast.Ident:
		v, ok := fl.info.Uses[e].(*types.Var)
		return ok && st.vars[v]
	case *ast.ParenExpr:
		return fl.derived(st, e.X)
	case *ast.UnaryExpr:
		return (e.Op == token.SUB || e.Op == token.ADD) && fl.derived(st, e.X)
	case *ast.StarExpr:
		return fl.derived(st, e.X)
	case *ast.BinaryExpr:
		switch e.Op {
		case token.ADD, token.SUB, token.MUL, token.QUO:
			return fl.derived(st, e.X) || fl.derived(st, e.Y)
		}
	case *ast.SelectorExpr:
		v, ok := fl.info.Uses[e.Sel].(*types.Var)
		return ok && st.vars[v]
	case *ast.IndexExpr:
		return fl.derived(st, e.X)
	case *ast.CallExpr:
		if tv, ok := fl.info.Types[e.Fun]; ok && tv.IsType() {
			return len(e.Args) == 1 && isFloat(tv.Type) && fl.derived(st, e.Args[0])
		}
		if id, ok := ast.Unparen(e.Fun).(*ast.Ident); ok {
			if b, ok := fl.info.Uses[id].(*types.Builtin); ok && b.Name() == "append" {
				for _, a := range e.Args {
					if fl.derived(st, a) {
						return true
					}
				}
				return false
			}
		}
		fn := typeutil.StaticCallee(fl.info, e)
		return fn != nil && fn.Signature().Results().Len() == 1 && st.results[fn][0]
	case *ast.CompositeLit:
		if _, ok := fl.info.TypeOf(e).Underlying().(*types.Struct); ok {
			return false // its fields carry the value
		}
		for _, elt := range e.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				elt = kv.Value
			}
			if fl.derived(st, elt) {
				return true
			}
		}
	}
	return false
}
