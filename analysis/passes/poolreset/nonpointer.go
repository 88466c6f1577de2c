package poolreset

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/perfproof/perfproof/analysis/internal/checkdoc"
)

// checkPutArg reports a Put of a value whose conversion to an interface
// allocates, and a Put of the address of a local slice or string
// variable, which allocates the variable instead.
func (c *checker) checkPutArg(fn *funcInfo, call *ast.CallExpr, site putArg, deferred bool) {
	arg := ast.Unparen(site.arg)
	tv, ok := c.pass.TypesInfo.Types[arg]
	if !ok || tv.Value != nil || tv.IsNil() {
		return
	}
	if u, ok := arg.(*ast.UnaryExpr); ok && u.Op == token.AND {
		c.checkBoxed(fn, call, site, u, deferred)
		return
	}
	if !site.direct && !site.generic {
		// A wrapper with a concrete parameter type: its own Put is
		// reported where it is.
		return
	}
	t := tv.Type
	what, ok := c.allocates(t)
	if !ok {
		return
	}
	put := types.ExprString(call.Fun)
	if site.direct {
		msg := checkdoc.Fit(
			fmt.Sprintf("%s(%s) puts a %s, allocating %s per Put: pool a pointer (%s)",
				put, types.ExprString(arg), typeName(c.pass, t), what, pointerAdvice(c.pass, t)),
			fmt.Sprintf("%s(%s) puts a %s, which allocates on every Put: pool a pointer (%s)",
				put, types.ExprString(arg), typeName(c.pass, t), pointerAdvice(c.pass, t)),
			fmt.Sprintf("%s puts a non-pointer value, which allocates on every Put: pool a pointer", put))
		c.pass.Report(analysis.Diagnostic{
			Pos:      call.Pos(),
			End:      call.End(),
			Category: "nonpointer",
			Message:  msg,
		})
		return
	}
	c.pass.Report(analysis.Diagnostic{
		Pos:      call.Pos(),
		End:      call.End(),
		Category: "nonpointer",
		Message: checkdoc.Fit(
			fmt.Sprintf("%s(%s) puts a %s into the sync.Pool at %s, allocating on every Put: instantiate %s with %s",
				put, types.ExprString(arg), typeName(c.pass, t), site.fact.Where, site.via.Name(), pointerAdvice(c.pass, t)),
			fmt.Sprintf("%s puts a non-pointer value into the sync.Pool at %s: instantiate %s with a pointer",
				put, site.fact.Where, site.via.Name())),
	})
}

// allocates reports whether converting a value of type t to an interface
// allocates, and describes what: "a 24-byte copy of the slice header".
// Pointer-shaped types (pointers, maps, channels, funcs, and structs and
// arrays of one such element) are stored in the interface directly, and
// zero-size values point at a shared zero value. Numbers and booleans are
// not reported: small values use the runtime's static table, and pooling
// a number is not a buffer reuse.
func (c *checker) allocates(t types.Type) (string, bool) {
	if pointerShaped(t) {
		return "", false
	}
	size := c.pass.TypesSizes.Sizeof(t)
	if size == 0 {
		return "", false
	}
	switch u := t.Underlying().(type) {
	case *types.Slice:
		return fmt.Sprintf("a %d-byte copy of the slice header", size), true
	case *types.Basic:
		if u.Info()&types.IsString != 0 {
			return fmt.Sprintf("a %d-byte copy of the string header", size), true
		}
	case *types.Struct:
		return fmt.Sprintf("a %d-byte copy of the struct", size), true
	case *types.Array:
		return fmt.Sprintf("a %d-byte copy of the array", size), true
	}
	return "", false
}

// pointerShaped reports whether a value of type t is stored directly in
// an interface (the gc compiler's "direct interface" types).
func pointerShaped(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Pointer, *types.Map, *types.Chan, *types.Signature:
		return true
	case *types.Basic:
		return u.Kind() == types.UnsafePointer
	case *types.Struct:
		return u.NumFields() == 1 && pointerShaped(u.Field(0).Type())
	case *types.Array:
		return u.Len() == 1 && pointerShaped(u.Elem())
	case *types.Interface, *types.TypeParam:
		return true // not known here
	}
	return false
}

func typeName(pass *analysis.Pass, t types.Type) string {
	return types.TypeString(t, types.RelativeTo(pass.Pkg))
}

func pointerAdvice(pass *analysis.Pass, t types.Type) string {
	return "*" + typeName(pass, t)
}

// checkBoxed reports Put(&x) of a local slice or string variable x: x
// moves to the heap, so every call allocates it, which is the
// allocation that putting a pointer was meant to avoid.
func (c *checker) checkBoxed(fn *funcInfo, call *ast.CallExpr, site putArg, addr *ast.UnaryExpr, deferred bool) {
	v := c.identVar(addr.X)
	if v == nil || !fn.declares(v) || fn.isInit {
		return
	}
	switch u := v.Type().Underlying().(type) {
	case *types.Slice:
	case *types.Basic:
		if u.Info()&types.IsString == 0 {
			return
		}
	default:
		return
	}
	// Report only a copy of a pooled header (b := *bp), a slice a call
	// given the pool returns (b, err := m.PooledMarshal(pool): a Get
	// wrapper) or a parameter, never modified but by appending,
	// reslicing or making it anew. A variable made here
	// (b := make(...)) and put by address is a new pooled object, as in
	// a Pool's New function: its one allocation is reused.
	bp := fn.derefOrigin(v)
	if bp == nil && !fn.isParam(v) && !fn.derefOfCall(v) && !(site.direct && fn.fromPoolCall(v, site.pool)) || !fn.onlyGrown(v, addr.Pos()) {
		return
	}
	put := types.ExprString(call.Fun)
	d := analysis.Diagnostic{
		Pos:      call.Pos(),
		End:      call.End(),
		Category: "boxed",
		Message:  fmt.Sprintf("%s(&%s) moves %s to the heap on every call", put, v.Name(), v.Name()),
	}
	// b := *bp, with bp a local pointer from the pool: store b back
	// through bp and put bp.
	if bp != nil && site.direct && !deferred {
		d.Message += fmt.Sprintf(": store it through the pointer it came from: *%s = %s; %s(%s)", bp.Name(), v.Name(), put, bp.Name())
		if stmt := fn.exprStmt(call); stmt != nil && !fn.assignedBetween(bp, fn.originPos(v), call.Pos()) {
			indent := c.indentOf(stmt)
			fun, ok1 := c.imports.Source(call.Fun)
			if ok1 {
				d.SuggestedFixes = []analysis.SuggestedFix{{
					Message: fmt.Sprintf("Store %s through %s and put %s", v.Name(), bp.Name(), bp.Name()),
					TextEdits: []analysis.TextEdit{{
						Pos:     stmt.Pos(),
						End:     stmt.End(),
						NewText: fmt.Appendf(nil, "*%s = %s\n%s%s(%s)", bp.Name(), v.Name(), indent, fun, bp.Name()),
					}},
				}}
			}
		}
	} else {
		d.Message += fmt.Sprintf(": keep the pointer from Get and store %s through it", v.Name())
	}
	c.pass.Report(d)
}

// indentOf returns the whitespace before n on its line.
func (c *checker) indentOf(n ast.Node) string {
	tf := c.pass.Fset.File(n.Pos())
	if tf == nil {
		return "\t"
	}
	line := tf.Line(n.Pos())
	start := tf.LineStart(line)
	text, ok := c.imports.Source(&span{start, n.Pos()})
	if !ok {
		return "\t"
	}
	for i, r := range text {
		if r != ' ' && r != '\t' {
			return text[:i]
		}
	}
	return text
}

// span is an ast.Node covering [pos, end).
type span struct{ pos, end token.Pos }

func (s *span) Pos() token.Pos { return s.pos }
func (s *span) End() token.Pos { return s.end }
