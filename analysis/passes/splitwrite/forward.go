package splitwrite

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/perfproof/perfproof/analysis/internal/bytetype"
	"github.com/perfproof/perfproof/internal/astutil"
)

// forwardKind returns the kind of the unbuffered writer that a value of
// the concrete type t writes to, if t's Write method forwards to one, or
// notUnbuffered.
//
// A type that embeds a writer and has no Write method of its own
// forwards to the embedded writer.
//
// A Write method forwards when it writes, to a field of its receiver
// that holds only unbuffered writers, and keeps nothing of what it is
// given: it stores its argument (or a slice or append of it) in no
// field or package variable, sends it on no channel, captures it in no
// closure or go statement, and every other writer of its receiver or
// package that it writes to is flushed before it returns (a compressor
// writing into a local buffer). A wrapper that sets a deadline, or
// frames, masks or compresses each message and writes it, forwards; one
// that appends to a buffer of its own and writes when it is full does
// not.
func (vk *varKinds) forwardKind(t types.Type) writerKind {
	named := namedOf(t)
	if named == nil || types.IsInterface(named) {
		return notUnbuffered
	}
	obj, index, _ := types.LookupFieldOrMethod(types.NewPointer(named), false, named.Obj().Pkg(), "Write")
	fn, ok := obj.(*types.Func)
	if !ok || !isWriteSig(fn.Signature()) {
		return notUnbuffered
	}
	if len(index) > 1 {
		// Write is promoted from an embedded field: struct{ net.Conn; n int }.
		st, ok := named.Underlying().(*types.Struct)
		if !ok || index[0] >= st.NumFields() {
			return notUnbuffered
		}
		f := st.Field(index[0])
		if k := typeKind(f.Type()); k != notUnbuffered || !types.IsInterface(f.Type()) {
			return vk.concreteKind(f.Type())
		}
		return vk.varKind(f)
	}
	fn = fn.Origin()
	decl := vk.decls[fn]
	if decl == nil {
		if f := vk.factOf(fn); f != nil {
			return f.Forwards
		}
		return notUnbuffered
	}
	return vk.solve(forwardKey{fn}, func() writerKind { return vk.forwards(decl) })
}

func namedOf(t types.Type) *types.Named {
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	n, _ := t.(*types.Named)
	return n
}

// isWriteSig reports whether sig is that of io.Writer's Write.
func isWriteSig(sig *types.Signature) bool {
	if sig.Params().Len() != 1 || sig.Results().Len() != 2 || sig.Variadic() {
		return false
	}
	return bytetype.IsSlice(sig.Params().At(0).Type())
}

// forwards classifies the Write method decl (see forwardKind).
func (vk *varKinds) forwards(decl *ast.FuncDecl) writerKind {
	if decl.Recv == nil || len(decl.Recv.List) != 1 || len(decl.Recv.List[0].Names) != 1 ||
		len(decl.Type.Params.List) != 1 || len(decl.Type.Params.List[0].Names) != 1 {
		return notUnbuffered
	}
	info := vk.info
	recv, _ := info.Defs[decl.Recv.List[0].Names[0]].(*types.Var)
	p, _ := info.Defs[decl.Type.Params.List[0].Names[0]].(*types.Var)
	if recv == nil || p == nil {
		return notUnbuffered
	}
	local := func(x ast.Expr) bool {
		id, ok := ast.Unparen(x).(*ast.Ident)
		if !ok {
			return false
		}
		if id.Name == "_" {
			return true
		}
		v, ok := info.ObjectOf(id).(*types.Var)
		return ok && !v.IsField() && v != recv && v.Pos() >= decl.Pos() && v.Pos() < decl.End()
	}
	mentions := func(x ast.Node) bool { return astutil.Uses(info, x, p) }
	kind, cyc, bad := notUnbuffered, false, false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if bad {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			bad = mentions(n) // a closure may keep p
			return false
		case *ast.GoStmt, *ast.DeferStmt:
			bad = mentions(n)
			return false
		case *ast.SendStmt:
			bad = mentions(n.Value) // handed to another goroutine
			return false
		case *ast.AssignStmt:
			for _, r := range n.Rhs {
				if !mentions(r) {
					continue
				}
				for _, l := range n.Lhs {
					if !local(l) {
						bad = true // p is kept
					}
				}
			}
		case *ast.CallExpr:
			if b, ok := typeutil.Callee(info, n).(*types.Builtin); ok && b.Name() == "copy" && len(n.Args) == 2 && mentions(n.Args[1]) && !local(n.Args[0]) {
				bad = true
				return false
			}
			wr, ok := writeCallOf(info, n)
			if !ok {
				return true
			}
			root := rootOf(wr.w)
			if root == nil || info.ObjectOf(root) == recv && isIdent(wr.w) {
				bad = true // a write on the receiver itself, or on a call's result
				return false
			}
			if local(root) {
				return true // a local buffer
			}
			k, neutral := vk.exprKind(wr.w)
			switch {
			case neutral:
			case k == cyclic:
				cyc = true
			case k.unbuffered():
				if kind == notUnbuffered {
					kind = k
				}
			case !vk.flushed(decl.Body, wr.w):
				bad = true
			}
		}
		return true
	})
	switch {
	case bad:
		return notUnbuffered
	case kind != notUnbuffered:
		return kind
	case cyc:
		return cyclic
	}
	return notUnbuffered
}

// flushed reports whether body calls w.Flush().
func (vk *varKinds) flushed(body *ast.BlockStmt, w ast.Expr) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if ok && len(call.Args) == 0 {
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Flush" && sameRef(vk.info, sel.X, w) {
				found = true
			}
		}
		return !found
	})
	return found
}

// rootOf returns the identifier that the selector chain x starts from
// (c in c.conn.w), or nil if x is not such a chain.
func rootOf(x ast.Expr) *ast.Ident {
	for {
		switch y := ast.Unparen(x).(type) {
		case *ast.Ident:
			return y
		case *ast.SelectorExpr:
			x = y.X
		case *ast.StarExpr:
			x = y.X
		default:
			return nil
		}
	}
}

func isIdent(x ast.Expr) bool {
	_, ok := ast.Unparen(x).(*ast.Ident)
	return ok
}
