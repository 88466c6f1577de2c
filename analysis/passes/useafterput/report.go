package useafterput

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/perfproof/perfproof/analysis/internal/checkdoc"
)

// report turns one flow's findings into diagnostics, one per source
// line: the first use on a line is the one to fix.
func (a *pkgAnalysis) report(f *flow, found []finding) {
	if a.inTestFunc(f.t.fn) {
		return
	}
	for _, fd := range found {
		pos := a.findingPos(fd)
		if !pos.IsValid() {
			continue
		}
		posn := a.pass.Fset.Position(pos)
		key := fmt.Sprintf("%s:%d", posn.Filename, posn.Line)
		if a.reported[key] {
			continue
		}
		a.reported[key] = true
		a.pass.Report(analysis.Diagnostic{Pos: pos, Message: a.message(f, fd)})
	}
}

// inTestFunc reports whether fn is, or is inside, a test, example or fuzz
// function: such tests inspect pooled objects after Put on purpose, to
// check what the Put kept. Benchmarks are reported.
func (a *pkgAnalysis) inTestFunc(fn *ssa.Function) bool {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	if !strings.HasSuffix(a.pass.Fset.File(fn.Pos()).Name(), "_test.go") || fn.Signature.Recv() != nil {
		return false
	}
	for _, prefix := range []string{"Test", "Example", "Fuzz"} {
		if strings.HasPrefix(fn.Name(), prefix) {
			return true
		}
	}
	return false
}

// findingPos returns where a finding is reported: the start of the call,
// return or assignment that uses the value.
func (a *pkgAnalysis) findingPos(fd finding) token.Pos {
	switch in := fd.instr.(type) {
	case ssa.CallInstruction:
		if call := a.callAt(in.Common().Pos()); call != nil {
			return call.Pos()
		}
	case *ssa.Return:
		if in.Pos().IsValid() {
			return in.Pos()
		}
	}
	if p := fd.instr.Pos(); p.IsValid() {
		return p
	}
	return fd.val.Pos()
}

func (a *pkgAnalysis) message(f *flow, fd finding) string {
	obj := a.objName(f.site)
	put := "Put"
	if f.site.via != "" {
		put = f.site.via
	}
	if f.site.deferred {
		put = "deferred " + put
	}
	where := fmt.Sprintf("(%s at %s)", put, a.where(f.site.instr.Pos()))
	isSame := f.t.rels[fd.val]&same != 0
	what, held := a.describe(f, fd)
	var after, fix string
	switch fd.kind {
	case returnedAfter:
		after, fix = "returned after", "copy it before the Put"
	case storedBefore:
		after, fix = "outlives the function, but", "copy it before storing it"
	default:
		after, fix = "used after", "move the Put after its last use"
	}
	subject := obj
	if isSame && what == obj {
		subject = "it"
	}
	if e, ok := f.escIdx[fd.instr]; ok && fd.kind == storedBefore && f.escapes[e].keep != nil {
		esc := f.escapes[e]
		if ci, ok := fd.instr.(ssa.CallInstruction); ok {
			if t := a.slotText(ci, esc.keep.Slot); t != "" {
				what = t
				if !isSame {
					what = kindOf(esc.val.Type()) + " " + t + " into " + obj
				}
			}
		}
		return checkdoc.Fit(
			fmt.Sprintf("%s is kept by %s, which %s (%s), but %s is put back into %s %s: copy it first",
				what, esc.callee, esc.keep.How, esc.keep.Where, obj, f.site.pool, where),
			fmt.Sprintf("%s is kept by %s (%s), but %s is put back into %s %s: copy it first",
				what, esc.callee, esc.keep.Where, obj, f.site.pool, where),
			fmt.Sprintf("%s is kept by %s, but %s is put back into %s: copy it first", what, esc.callee, obj, f.site.pool))
	}
	msg := fmt.Sprintf("%s %s %s is put back into %s %s", what, after, subject, f.site.pool, where)
	short := fmt.Sprintf("%s %s %s is put back into %s", what, after, subject, f.site.pool)
	shortest := fmt.Sprintf("a value into %s %s %s is put back into %s", obj, after, subject, f.site.pool)
	if held != "" {
		return checkdoc.Fit(msg+": it holds "+held+": "+fix, msg+": "+fix, short+": "+fix, shortest+": "+fix)
	}
	return checkdoc.Fit(msg+": "+fix, short+": "+fix, shortest+": "+fix)
}

// describe names a stale value for a diagnostic: its source text and what
// it is; for a holder it also describes the view it holds.
func (a *pkgAnalysis) describe(f *flow, fd finding) (what, held string) {
	v := fd.val
	obj := a.objName(f.site)
	text := a.textOf(v)
	if ret, ok := fd.instr.(*ssa.Return); ok {
		if t := a.returnText(ret, v); t != "" {
			text = t
		}
	}
	r := f.t.rels[v]
	if r&same != 0 {
		if _, ok := fd.instr.(*ssa.Return); !ok || text == "" {
			text = obj
		}
		return text, ""
	}
	// A value loaded from a variable or field that holds a holder (a
	// result variable of a function with defers, a struct field) is
	// described by the holder.
	if h := f.heldHolder(v); h != nil {
		if text == "" {
			text = a.textOf(h)
		}
		v, r = h, holder
	}
	if r&view != 0 {
		if text == "" {
			return fmt.Sprintf("a %s into %s", kindOf(v.Type()), obj), ""
		}
		return fmt.Sprintf("%s %s into %s", kindOf(v.Type()), text, obj), ""
	}
	// A holder: find a store of a view into it.
	base := holderBase(v)
	name := text
	if alloc, ok := base.(*ssa.Alloc); ok && name == "" {
		name = alloc.Comment
	}
	if name == "" {
		name = "a value"
	}
	if st := f.storeInto(base); st != nil {
		return name, fmt.Sprintf("%s %s into %s (stored at %s)", kindOf(st.Val.Type()), a.textOf(st.Val), obj, a.where(st.Pos()))
	}
	return name, fmt.Sprintf("a reference into %s", obj)
}

// heldHolder returns the holder that v was loaded from a variable
// holding, or nil.
func (f *flow) heldHolder(v ssa.Value) ssa.Value {
	for range 8 {
		load, ok := v.(*ssa.UnOp)
		if !ok || load.Op != token.MUL || f.t.rels[holderBase(load.X)]&holder == 0 {
			break
		}
		st := f.storeInto(holderBase(load.X))
		if st == nil {
			break
		}
		v = st.Val
		if f.t.rels[v] == holder {
			return v
		}
	}
	return nil
}

// storeInto returns the first store of a tracked value into the holder
// base, preferring a same or view value over a holder.
func (f *flow) storeInto(base ssa.Value) *ssa.Store {
	var found *ssa.Store
	for _, b := range f.t.fn.Blocks {
		for _, instr := range b.Instrs {
			st, ok := instr.(*ssa.Store)
			if !ok || holderBase(st.Addr) != base {
				continue
			}
			r := f.t.rels[st.Val]
			if r&(same|view) != 0 {
				return st
			}
			if r != 0 && found == nil {
				found = st
			}
		}
	}
	return found
}

// kindOf describes a type in a few words: "string", "[]byte", "pointer".
func kindOf(t types.Type) string {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		if u.Info()&types.IsString != 0 {
			return "string"
		}
		if u.Kind() == types.UnsafePointer {
			return "unsafe.Pointer"
		}
	case *types.Slice:
		return "[]" + types.TypeString(u.Elem(), func(*types.Package) string { return "" })
	case *types.Pointer:
		return "pointer"
	case *types.Map:
		return "map"
	case *types.Interface:
		return "value"
	}
	return types.TypeString(t, func(p *types.Package) string { return p.Name() })
}

// objName returns the source text of the value a site puts.
func (a *pkgAnalysis) objName(site putSite) string {
	if site.cell {
		if alloc, ok := site.arg.(*ssa.Alloc); ok && alloc.Comment != "" {
			return alloc.Comment
		}
		if fv, ok := site.arg.(*ssa.FreeVar); ok {
			return fv.Name()
		}
		return "the pooled value"
	}
	i := site.slot
	if site.via == "" {
		i = -1 // (*sync.Pool).Put(x): x is the only argument in the source
	}
	if t := a.slotText(site.instr, i); t != "" {
		return t
	}
	return "the pooled value"
}

// slotText returns the source text of the argument of a call for the
// callee's slot i (receiver first), or "". A slot of -1 names the
// call's first argument in the source.
func (a *pkgAnalysis) slotText(ci ssa.CallInstruction, i int) string {
	call := a.callAt(ci.Common().Pos())
	if call == nil {
		return ""
	}
	if i < 0 {
		i = 0
	} else if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		// x.M(args): the receiver x is the callee's first slot, unless
		// M is a method expression T.M or a package-level function.
		if sn, ok := a.pass.TypesInfo.Selections[sel]; ok && sn.Kind() == types.MethodVal {
			if i == 0 {
				return exprText(sel.X)
			}
			i--
		}
	}
	if i < len(call.Args) {
		return exprText(call.Args[i])
	}
	return ""
}

// textOf returns the source text of the expression that computes v, or
// "".
func (a *pkgAnalysis) textOf(v ssa.Value) string {
	switch x := v.(type) {
	case *ssa.Parameter:
		return x.Name()
	case *ssa.FreeVar:
		return x.Name()
	case *ssa.Alloc:
		if x.Comment != "" && x.Comment != "complit" && x.Comment != "new" && x.Comment != "slicelit" && x.Comment != "varargs" {
			return x.Comment
		}
	case *ssa.Call:
		if call := a.callAt(x.Pos()); call != nil {
			return exprText(call)
		}
	case *ssa.Phi:
		return x.Comment
	case *ssa.Extract:
		if name := a.assignedName(x.Tuple.Pos(), x.Index); name != "" {
			return name
		}
		return a.textOf(x.Tuple)
	}
	if e := a.exprAt(v.Pos()); e != nil {
		return exprText(e)
	}
	return ""
}

// exprAt returns the expression that go/ssa associates with pos: the
// selector of a field, the bracket of an index or slice, the star of a
// dereference, the parenthesis of a call or type assertion.
func (a *pkgAnalysis) exprAt(pos token.Pos) ast.Expr {
	if !pos.IsValid() {
		return nil
	}
	if a.exprs == nil {
		a.exprs = make(map[token.Pos]ast.Expr)
		for _, f := range a.files {
			ast.Inspect(f, func(n ast.Node) bool {
				switch e := n.(type) {
				case *ast.SelectorExpr:
					a.exprs[e.Sel.Pos()] = e
				case *ast.SliceExpr:
					a.exprs[e.Lbrack] = e
				case *ast.IndexExpr:
					a.exprs[e.Lbrack] = e
				case *ast.StarExpr:
					a.exprs[e.Star] = e
				case *ast.TypeAssertExpr:
					a.exprs[e.Lparen] = e
				case *ast.CallExpr:
					a.exprs[e.Lparen] = e
				case *ast.UnaryExpr:
					a.exprs[e.OpPos] = e
				case *ast.CompositeLit:
					a.exprs[e.Lbrace] = e
				}
				return true
			})
		}
	}
	return a.exprs[pos]
}

// assignedName returns the name of the variable that result i of the
// call with the given opening parenthesis is assigned to, or "".
func (a *pkgAnalysis) assignedName(lparen token.Pos, i int) string {
	call := a.callAt(lparen)
	if call == nil {
		return ""
	}
	if a.assigns == nil {
		a.assigns = make(map[*ast.CallExpr][]ast.Expr)
		for _, f := range a.files {
			ast.Inspect(f, func(n ast.Node) bool {
				switch s := n.(type) {
				case *ast.AssignStmt:
					if len(s.Rhs) == 1 {
						if c, ok := ast.Unparen(s.Rhs[0]).(*ast.CallExpr); ok {
							a.assigns[c] = s.Lhs
						}
					}
				case *ast.ValueSpec:
					if len(s.Values) == 1 {
						if c, ok := ast.Unparen(s.Values[0]).(*ast.CallExpr); ok {
							for _, n := range s.Names {
								a.assigns[c] = append(a.assigns[c], n)
							}
						}
					}
				}
				return true
			})
		}
	}
	lhs := a.assigns[call]
	if i < len(lhs) {
		if id, ok := lhs[i].(*ast.Ident); ok && id.Name != "_" {
			return id.Name
		}
	}
	return ""
}

// returnText returns the source text of the result of ret that is v, or
// "". A function with deferred calls returns loads of its result
// variables, so the result is matched by index.
func (a *pkgAnalysis) returnText(ret *ssa.Return, v ssa.Value) string {
	if a.returnStmts == nil {
		a.returnStmts = make(map[token.Pos]*ast.ReturnStmt)
		for _, f := range a.files {
			ast.Inspect(f, func(n ast.Node) bool {
				if r, ok := n.(*ast.ReturnStmt); ok {
					a.returnStmts[r.Return] = r
				}
				return true
			})
		}
	}
	stmt := a.returnStmts[ret.Pos()]
	if stmt == nil || len(stmt.Results) != len(ret.Results) {
		return ""
	}
	for i, r := range ret.Results {
		if r == v {
			return exprText(stmt.Results[i])
		}
	}
	return ""
}

func (a *pkgAnalysis) where(pos token.Pos) string {
	posn := a.pass.Fset.Position(pos)
	return fmt.Sprintf("%s:%d", filepath.Base(posn.Filename), posn.Line)
}
