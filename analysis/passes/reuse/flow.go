package reuse

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"
)

// A flow follows a new value, and every value that may share memory with
// it, through one function, to decide whether the value can outlive the
// call (or the loop iteration) that made it. It is deliberately
// conservative: any use it does not understand counts as an escape.
type flow struct {
	c     *checker
	fn    inspector.Cursor // the function that makes the value
	scope ast.Node         // the value must not outlive this node: the function, or the loop body

	vars    map[*types.Var]bool // local variables that hold the value or share memory with it
	pending []*types.Var

	escapes      bool // the value may outlive scope
	written      bool // the value is written to (for bytes.Buffer)
	reusedInLoop bool // the function already reuses the value across loop iterations
}

// taint records that v holds the value.
func (f *flow) taint(v *types.Var) {
	if f.vars[v] {
		return
	}
	f.vars[v] = true
	f.pending = append(f.pending, v)
}

// drain follows every use of the tainted variables.
func (f *flow) drain() {
	for len(f.pending) > 0 && !f.escapes {
		v := f.pending[len(f.pending)-1]
		f.pending = f.pending[:len(f.pending)-1]
		for cur := range f.fn.Preorder((*ast.Ident)(nil)) {
			if f.escapes {
				return
			}
			if f.c.pass.TypesInfo.Uses[cur.Node().(*ast.Ident)] == v {
				f.use(cur)
			}
		}
	}
}

// use follows one use of a tainted variable.
func (f *flow) use(cur inspector.Cursor) {
	// A closure that uses the value may outlive it unless it is called
	// on the spot.
	for lit := range cur.Enclosing((*ast.FuncLit)(nil)) {
		if !f.fn.Contains(lit) || lit == f.fn {
			break
		}
		if lit.ParentEdgeKind() != edge.CallExpr_Fun {
			f.escapes = true
			return
		}
		if _, ok := lit.Parent().Parent().Node().(*ast.GoStmt); ok {
			f.escapes = true
			return
		}
	}
	if cur.ParentEdgeKind() == edge.AssignStmt_Lhs {
		return // the variable is overwritten, not used
	}
	f.expr(cur)
}

// expr follows the value of the expression at cur, which may share memory
// with the tracked value, into its context.
func (f *flow) expr(cur inspector.Cursor) {
	if f.escapes {
		return
	}
	info := f.c.pass.TypesInfo
	parent := cur.Parent()
	kind, idx := cur.ParentEdge()
	switch p := parent.Node().(type) {
	case *ast.ParenExpr, *ast.TypeAssertExpr, *ast.SliceExpr, *ast.StarExpr:
		if kind == edge.SliceExpr_X || kind == edge.ParenExpr_X || kind == edge.TypeAssertExpr_X || kind == edge.StarExpr_X {
			f.follow(parent)
		}

	case *ast.UnaryExpr:
		if p.Op == token.AND {
			f.follow(parent)
			return
		}
		if p.Op == token.ARROW { // receive from a tracked channel
			f.escapes = true
		}

	case *ast.BinaryExpr:
		// Comparisons and arithmetic make new values.

	case *ast.SelectorExpr:
		if kind != edge.SelectorExpr_X {
			return
		}
		sel := info.Selections[p]
		if sel == nil {
			f.escapes = true
			return
		}
		if sel.Kind() == types.FieldVal {
			f.follow(parent)
			return
		}
		if parent.ParentEdgeKind() != edge.CallExpr_Fun {
			f.follow(parent) // method value
			return
		}
		call := parent.Parent()
		f.method(p.Sel.Name, call)
		if !freshResult[p.Sel.Name] {
			f.follow(call)
		}

	case *ast.IndexExpr:
		if kind == edge.IndexExpr_X {
			f.follow(parent)
		} else {
			f.escapes = true // used as a map key or index
		}

	case *ast.CallExpr:
		if kind == edge.CallExpr_Fun {
			f.follow(parent) // a tracked func value is called
			return
		}
		f.arg(parent, idx)

	case *ast.AssignStmt:
		if kind == edge.AssignStmt_Lhs {
			return
		}
		if p.Tok != token.ASSIGN && p.Tok != token.DEFINE {
			return // x op= y makes a new value
		}
		if len(p.Lhs) == len(p.Rhs) {
			f.store(p.Lhs[idx])
			return
		}
		for _, lhs := range p.Lhs { // x, err := call()
			if t := info.TypeOf(lhs); t != nil && holdsRefs(t) {
				f.store(lhs)
			}
		}

	case *ast.ValueSpec:
		if kind != edge.ValueSpec_Values {
			return
		}
		if len(p.Names) == len(p.Values) {
			f.storeIdent(p.Names[idx])
			return
		}
		for _, id := range p.Names {
			if t := info.TypeOf(id); t != nil && holdsRefs(t) {
				f.storeIdent(id)
			}
		}

	case *ast.RangeStmt:
		if kind != edge.RangeStmt_X {
			return
		}
		for _, e := range []ast.Expr{p.Key, p.Value} {
			if e != nil {
				if t := info.TypeOf(e); t != nil && holdsRefs(t) {
					f.store(e)
				}
			}
		}

	case *ast.ExprStmt, *ast.IfStmt, *ast.SwitchStmt, *ast.IncDecStmt, *ast.ForStmt:
		// The value is discarded or only tested.

	default:
		// Returned, sent, stored in a composite literal, a type switch
		// and anything else: assume it escapes.
		f.escapes = true
	}
}

// follow continues with the value of the expression at cur if its type can
// hold a reference to the tracked value.
func (f *flow) follow(cur inspector.Cursor) {
	e, ok := cur.Node().(ast.Expr)
	if !ok {
		f.escapes = true
		return
	}
	t := f.c.pass.TypesInfo.TypeOf(e)
	if t == nil || holdsRefs(t) {
		f.expr(cur)
	}
}

// store follows the value into the variable (or other location) lhs.
func (f *flow) store(lhs ast.Expr) {
	id, ok := ast.Unparen(lhs).(*ast.Ident)
	if !ok {
		f.escapes = true // a field, element or pointee outlives the call
		return
	}
	f.storeIdent(id)
}

func (f *flow) storeIdent(id *ast.Ident) {
	if id.Name == "_" {
		return
	}
	info := f.c.pass.TypesInfo
	obj := info.Defs[id]
	if obj == nil {
		obj = info.Uses[id]
	}
	v, ok := obj.(*types.Var)
	// The variable must be local to the scope of the value and not a
	// named result.
	if !ok || v.Pos() < f.scope.Pos() || v.Pos() >= f.scope.End() || f.isResult(v) {
		f.escapes = true
		return
	}
	f.taint(v)
}

func (f *flow) isResult(v *types.Var) bool {
	var ft *ast.FuncType
	switch n := f.fn.Node().(type) {
	case *ast.FuncDecl:
		ft = n.Type
	case *ast.FuncLit:
		ft = n.Type
	}
	if ft == nil || ft.Results == nil {
		return false
	}
	return ft.Results.Pos() <= v.Pos() && v.Pos() < ft.Results.End()
}

// method notes a method call on the tracked value (or a value sharing its
// memory).
func (f *flow) method(name string, call inspector.Cursor) {
	if writeMethods[name] {
		f.written = true
	}
	switch name {
	case "Reset", "Parse", "ParseBytes":
		if _, ok := f.c.hot.Loop(call); ok {
			f.reusedInLoop = true
		}
	}
}

// arg follows the tracked value passed as argument i of call.
func (f *flow) arg(cur inspector.Cursor, i int) {
	info := f.c.pass.TypesInfo
	call := cur.Node().(*ast.CallExpr)
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
		f.follow(cur) // a conversion; string(b) copies and is dropped by follow
		return
	}
	switch obj := typeutil.Callee(info, call).(type) {
	case *types.Builtin:
		switch obj.Name() {
		case "len", "cap", "print", "println", "clear", "min", "max":
		case "copy":
			if i == 1 && holdsRefs(elem(info.TypeOf(call.Args[1]))) {
				f.escapes = true
			}
		case "append":
			if i == 0 || call.Ellipsis == token.NoPos || holdsRefs(elem(info.TypeOf(call.Args[i]))) {
				f.follow(cur)
			}
		default:
			f.escapes = true
		}
		return

	case *types.Func:
		if obj.Pkg() == nil {
			f.escapes = true
			return
		}
		full := obj.Pkg().Path() + "." + obj.Name()
		if obj.Signature().Recv() == nil {
			if w, ok := consumers[full]; ok {
				if w == i {
					f.written = true
				}
				return
			}
			if writes, ok := wrappers[full]; ok {
				if writes {
					f.written = true
				}
				f.follow(cur)
				return
			}
			if pure[obj.Pkg().Path()] {
				f.follow(cur)
				return
			}
			f.escapes = true
			return
		}
		// A method of the tracked value itself keeps its arguments in
		// the same family of values.
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok && f.vars[asVar(info.Uses[id])] {
				return
			}
		}
		// A method of another value.
		if w, ok := consumerMethods[obj.Name()]; ok {
			if w == i {
				f.written = true
			}
			if strings.HasPrefix(obj.Name(), "Append") || obj.Name() == "MarshalTo" {
				f.follow(cur)
			}
			return
		}
		f.escapes = true

	default:
		f.escapes = true // a call through a func value or interface
	}
}

func asVar(obj types.Object) *types.Var {
	v, _ := obj.(*types.Var)
	return v
}

// freshResult lists methods of tracked values whose results do not share
// the tracked value's memory: fastjson's Value.MarshalTo appends a copy to
// its argument.
var freshResult = map[string]bool{"MarshalTo": true}

func elem(t types.Type) types.Type {
	if t == nil {
		return nil
	}
	if s, ok := t.Underlying().(*types.Slice); ok {
		return s.Elem()
	}
	return t
}

// holdsRefs reports whether a value of type t can refer to memory owned by
// another value. Strings are treated as copies: the values tracked here
// return strings that are new (bytes.Buffer.String) or none at all. Errors
// are treated as independent too.
func holdsRefs(t types.Type) bool {
	if t == nil {
		return true
	}
	if types.Identical(t, errorType) {
		return false
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Kind() == types.UnsafePointer
	case *types.Tuple:
		for v := range u.Variables() {
			if holdsRefs(v.Type()) {
				return true
			}
		}
		return false
	case *types.Struct:
		for v := range u.Fields() {
			if holdsRefs(v.Type()) {
				return true
			}
		}
		return false
	case *types.Array:
		return holdsRefs(u.Elem())
	}
	return true
}

var errorType = types.Universe.Lookup("error").Type()
