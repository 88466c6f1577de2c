package scan

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
)

// outsideVars returns the variables of function type, local variables and
// unexported struct fields of the package, whose every value comes from a
// call of a function of another module (the standard library or a
// dependency, see summariser.outsideModule), from nil or from another such
// variable, and whose every other use is a call, a comparison with nil or
// the source of an assignment to another such variable:
//
//	ctx, cancel := context.WithTimeout(ctx, d)
//	defer cancel()
//	s.stop = cancel // an unexported field
//	if s.stop != nil { s.stop() }
//
// A call through one calls a function the other module made, which the
// scan does not analyse: no function value of the scanned code (a
// function value handed to another module is reached through that module
// alone; see funcValue.via). Without the set, `defer cancel()` is a call
// of every func() value of the program, and every handler that cancels a
// context reaches every goroutine literal and callback of the scan.
// Source: the eleventh held-out set, where gubernator's peer discovery
// was reached from the grpc-gateway handlers only so.
//
// A variable of any other origin (a parameter, a range or type-switch
// variable, an exported field, one whose address is taken or that is
// passed, stored elsewhere or returned) is not in the set. Cost: one pass
// over the package's identifiers, assignments and composite literals,
// then a fixpoint over the variables' sources, at most one round per
// variable removed.
func outsideVars(pass *analysis.Pass, in *inspector.Inspector, outside func(*ast.CallExpr) bool) map[types.Object]bool {
	info := pass.TypesInfo
	// candidate reports whether obj may be in the set at all.
	candidate := func(obj types.Object) bool {
		v, ok := obj.(*types.Var)
		if !ok || v.Pkg() != pass.Pkg {
			return false
		}
		if _, ok := v.Type().Underlying().(*types.Signature); !ok {
			return false
		}
		switch v.Kind() {
		case types.LocalVar:
			return true
		case types.FieldVar:
			return !v.Exported() && !v.Embedded()
		}
		return false
	}
	// varOf returns the candidate variable e names (x, or s.f, p.f),
	// or nil.
	varOf := func(e ast.Expr) types.Object {
		switch e := ast.Unparen(e).(type) {
		case *ast.Ident:
			if obj := info.Uses[e]; obj != nil && candidate(obj) {
				return obj
			}
			if obj := info.Defs[e]; obj != nil && candidate(obj) {
				return obj
			}
		case *ast.SelectorExpr:
			if sel, ok := info.Selections[e]; ok && sel.Kind() == types.FieldVal && candidate(sel.Obj()) {
				return sel.Obj()
			}
		}
		return nil
	}
	bad := make(map[types.Object]bool)            // not in the set
	from := make(map[types.Object][]types.Object) // v -> variables whose values v takes
	seen := make(map[types.Object]bool)
	// source records that v takes the value of e.
	source := func(v types.Object, e ast.Expr) {
		if v == nil {
			return
		}
		seen[v] = true
		switch e := ast.Unparen(e).(type) {
		case *ast.CallExpr:
			if !outside(e) {
				bad[v] = true
			}
			return
		case *ast.Ident:
			if e.Name == "nil" && info.Types[e].IsNil() {
				return
			}
		}
		if w := varOf(e); w != nil {
			from[v] = append(from[v], w)
			return
		}
		bad[v] = true
	}
	for c := range in.Root().Preorder((*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil), (*ast.CompositeLit)(nil), (*ast.Ident)(nil)) {
		switch n := c.Node().(type) {
		case *ast.AssignStmt:
			if n.Tok != token.ASSIGN && n.Tok != token.DEFINE {
				continue
			}
			for i, l := range n.Lhs {
				v := varOf(l)
				if v == nil {
					continue
				}
				switch {
				case len(n.Lhs) == len(n.Rhs):
					source(v, n.Rhs[i])
				case len(n.Rhs) == 1:
					source(v, n.Rhs[0]) // ctx, cancel := context.WithCancel(ctx)
				default:
					bad[v] = true
				}
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				v := varOf(id)
				switch {
				case v == nil:
				case len(n.Values) == 0:
					seen[v] = true // nil until assigned
				case len(n.Values) == len(n.Names):
					source(v, n.Values[i])
				case len(n.Values) == 1:
					source(v, n.Values[0])
				default:
					bad[v] = true
				}
			}
		case *ast.CompositeLit:
			t := info.TypeOf(n)
			if t == nil {
				continue // not type-checked
			}
			st, ok := t.Underlying().(*types.Struct)
			if !ok {
				continue
			}
			for i, elt := range n.Elts {
				var f types.Object
				val := elt
				if kv, ok := elt.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok {
						f = info.Uses[id]
					}
					val = kv.Value
				} else if i < st.NumFields() {
					f = st.Field(i)
				}
				if f != nil && candidate(f) {
					source(f, val)
				}
			}
		case *ast.Ident:
			obj := info.Uses[n]
			if obj == nil {
				if d := info.Defs[n]; d != nil && candidate(d) {
					if v := d.(*types.Var); v.Kind() == types.LocalVar {
						switch c.ParentEdgeKind() {
						case edge.AssignStmt_Lhs, edge.ValueSpec_Names:
						default:
							bad[d] = true // a range or type-switch variable
						}
					}
				}
				continue
			}
			use := c
			if c.ParentEdgeKind() == edge.SelectorExpr_Sel {
				if sel, ok := info.Selections[c.Parent().Node().(*ast.SelectorExpr)]; !ok || sel.Kind() != types.FieldVal {
					continue
				}
				use = c.Parent()
			} else if c.ParentEdgeKind() == edge.KeyValueExpr_Key {
				continue // a field's name in a composite literal: see above
			}
			if !candidate(obj) {
				continue
			}
			if !goodUse(info, use, varOf) {
				bad[obj] = true
			}
		}
	}
	// A variable taking the value of one not in the set is not in it.
	for changed := true; changed; {
		changed = false
		for v, ws := range from {
			if bad[v] {
				continue
			}
			for _, w := range ws {
				if bad[w] || !seen[w] {
					bad[v], changed = true, true
					break
				}
			}
		}
	}
	out := make(map[types.Object]bool)
	for v := range seen {
		if !bad[v] {
			out[v] = true
		}
	}
	return out
}

// goodUse reports whether the use of a variable at c (an identifier, or
// the selector of a field) is one outsideVars allows: a call of it, an
// assignment to it, a comparison with nil, or the value of an assignment
// or composite-literal field of another candidate variable.
func goodUse(info *types.Info, c inspector.Cursor, varOf func(ast.Expr) types.Object) bool {
	kind, i := c.ParentEdge()
	switch kind {
	case edge.CallExpr_Fun, edge.AssignStmt_Lhs:
		return true
	case edge.BinaryExpr_X, edge.BinaryExpr_Y:
		b := c.Parent().Node().(*ast.BinaryExpr)
		return (b.Op == token.EQL || b.Op == token.NEQ) && (info.Types[b.X].IsNil() || info.Types[b.Y].IsNil())
	case edge.AssignStmt_Rhs:
		// The i-th value of an assignment of as many values as
		// targets goes to the i-th target.
		a := c.Parent().Node().(*ast.AssignStmt)
		return len(a.Lhs) == len(a.Rhs) && varOf(a.Lhs[i]) != nil
	case edge.ValueSpec_Values:
		s := c.Parent().Node().(*ast.ValueSpec)
		return len(s.Names) == len(s.Values) && varOf(s.Names[i]) != nil
	case edge.KeyValueExpr_Value:
		kv := c.Parent().Node().(*ast.KeyValueExpr)
		if f, ok := info.Uses[keyIdent(kv)].(*types.Var); ok && f.Kind() == types.FieldVar {
			return varOf(kv.Key) != nil
		}
	}
	return false
}

// keyIdent returns the key of kv if it is an identifier (a struct
// literal's field name), or nil.
func keyIdent(kv *ast.KeyValueExpr) *ast.Ident {
	id, _ := kv.Key.(*ast.Ident)
	return id
}
