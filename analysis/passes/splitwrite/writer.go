package splitwrite

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"
)

// A writerKind says why a writer is not buffered, so that each of its
// Write calls is a system call (or, for an io.Pipe, a hand-off to the
// reading goroutine).
type writerKind int

const (
	notUnbuffered writerKind = iota
	osFile                   // *os.File, os.Stdout and os.Stderr among them
	netConn                  // net.Conn, *net.TCPConn, *net.UnixConn
	stdinPipe                // the io.WriteCloser of exec.Cmd.StdinPipe
	ioPipe                   // *io.PipeWriter
)

func (k writerKind) String() string {
	switch k {
	case osFile:
		return "an unbuffered *os.File"
	case netConn:
		return "an unbuffered socket"
	case stdinPipe:
		return "an unbuffered pipe"
	case ioPipe:
		return "an *io.PipeWriter"
	}
	return "a writer of unknown buffering"
}

// typeKind returns the kind of an unbuffered writer whose static type is
// t, or notUnbuffered. The datagram conns *net.UDPConn and *net.IPConn
// are left out: each of their Writes is a datagram of its own, so two
// writes are two messages, not one message split.
func typeKind(t types.Type) writerKind {
	if t == nil {
		return notUnbuffered
	}
	t = types.Unalias(t)
	ptr := false
	if p, ok := t.(*types.Pointer); ok {
		t, ptr = types.Unalias(p.Elem()), true
	}
	n, ok := t.(*types.Named)
	if !ok || n.Obj() == nil || n.Obj().Pkg() == nil {
		return notUnbuffered
	}
	path, name := n.Obj().Pkg().Path(), n.Obj().Name()
	switch {
	case ptr && path == "os" && name == "File":
		return osFile
	case ptr && path == "net" && (name == "TCPConn" || name == "UnixConn"):
		return netConn
	case !ptr && path == "net" && name == "Conn":
		return netConn
	case ptr && path == "io" && name == "PipeWriter":
		return ioPipe
	}
	return notUnbuffered
}

// varKinds knows which variables of interface type (locals and struct
// fields) hold only unbuffered writers: every value the package assigns
// to them is the io.WriteCloser of exec.Cmd.StdinPipe, an expression
// whose static type is an unbuffered writer, nil, or another such
// variable, and at least one is not nil. Parameters are never such
// variables: their values come from the callers.
type varKinds struct {
	info *types.Info
	// sources holds the values assigned to each variable; a nil entry
	// stands for a value the check cannot see (a parameter, a range
	// variable, one result of a call of several results other than
	// StdinPipe's, a variable whose address is taken).
	sources map[*types.Var][]ast.Expr
	memo    map[*types.Var]writerKind
	// busy holds the variables being classified, to stop on cycles.
	busy map[*types.Var]bool
}

func newVarKinds(info *types.Info, in *inspector.Inspector) *varKinds {
	vk := &varKinds{
		info:    info,
		sources: make(map[*types.Var][]ast.Expr),
		memo:    make(map[*types.Var]writerKind),
		busy:    make(map[*types.Var]bool),
	}
	for c := range in.Root().Preorder(
		(*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil), (*ast.CompositeLit)(nil),
		(*ast.RangeStmt)(nil), (*ast.FuncType)(nil), (*ast.UnaryExpr)(nil)) {
		switch n := c.Node().(type) {
		case *ast.AssignStmt:
			if n.Tok == token.ASSIGN || n.Tok == token.DEFINE {
				vk.assign(n.Lhs, n.Rhs)
			} else {
				for _, l := range n.Lhs {
					vk.add(l, nil)
				}
			}
		case *ast.ValueSpec:
			lhs := make([]ast.Expr, len(n.Names))
			for i, id := range n.Names {
				lhs[i] = id
			}
			if len(n.Values) > 0 {
				vk.assign(lhs, n.Values)
			}
		case *ast.CompositeLit:
			vk.literal(n)
		case *ast.RangeStmt:
			vk.add(n.Key, nil)
			vk.add(n.Value, nil)
		case *ast.FuncType:
			if n.Params != nil {
				for _, f := range n.Params.List {
					for _, id := range f.Names {
						vk.add(id, nil)
					}
				}
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				vk.add(n.X, nil)
			}
		}
	}
	return vk
}

// assign records the assignment of rhs to lhs.
func (vk *varKinds) assign(lhs, rhs []ast.Expr) {
	if len(lhs) == len(rhs) {
		for i := range lhs {
			vk.add(lhs[i], rhs[i])
		}
		return
	}
	if len(rhs) != 1 {
		return
	}
	// v, err := cmd.StdinPipe(), or another call of several results.
	call, _ := ast.Unparen(rhs[0]).(*ast.CallExpr)
	for i, l := range lhs {
		if i == 0 && call != nil && vk.isStdinPipe(call) {
			vk.add(l, call)
		} else {
			vk.add(l, nil)
		}
	}
}

// literal records the fields of a struct literal.
func (vk *varKinds) literal(lit *ast.CompositeLit) {
	t := vk.info.TypeOf(lit)
	if t == nil {
		return
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return
	}
	for i, e := range lit.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			if key, ok := kv.Key.(*ast.Ident); ok {
				if f, ok := vk.info.Uses[key].(*types.Var); ok && f.IsField() {
					vk.addVar(f, kv.Value)
				}
			}
			continue
		}
		if i < st.NumFields() {
			vk.addVar(st.Field(i), e)
		}
	}
}

// add records that value (nil if unknown) is assigned to the variable
// that x denotes, if x denotes one.
func (vk *varKinds) add(x ast.Expr, value ast.Expr) {
	if x == nil {
		return
	}
	if v := vk.varOf(x); v != nil {
		vk.addVar(v, value)
	}
}

func (vk *varKinds) addVar(v *types.Var, value ast.Expr) {
	if v == nil || v.Type() == nil || !types.IsInterface(v.Type()) {
		return // a variable of concrete type has the kind of its type
	}
	v = v.Origin()
	vk.sources[v] = append(vk.sources[v], value)
}

// varOf returns the variable (local, package-level or field) that x
// denotes, or nil.
func (vk *varKinds) varOf(x ast.Expr) *types.Var {
	switch x := ast.Unparen(x).(type) {
	case *ast.Ident:
		if x.Name == "_" {
			return nil
		}
		if v, ok := vk.info.ObjectOf(x).(*types.Var); ok {
			return v.Origin()
		}
	case *ast.SelectorExpr:
		if v, ok := vk.info.ObjectOf(x.Sel).(*types.Var); ok {
			return v.Origin()
		}
	}
	return nil
}

// writerKind returns the kind of the writer w: that of its static type,
// or of the variable it denotes.
func (vk *varKinds) writerKind(w ast.Expr) writerKind {
	if k := typeKind(vk.info.TypeOf(w)); k != notUnbuffered {
		return k
	}
	switch ast.Unparen(w).(type) {
	case *ast.Ident, *ast.SelectorExpr:
		if v := vk.varOf(w); v != nil {
			return vk.varKind(v)
		}
	}
	return notUnbuffered
}

// varKind returns the kind of the writers that v holds, or notUnbuffered
// if it may hold another writer.
func (vk *varKinds) varKind(v *types.Var) writerKind {
	if k, ok := vk.memo[v]; ok {
		return k
	}
	if vk.busy[v] {
		return notUnbuffered
	}
	if v.Exported() && (v.IsField() || v.Pkg() != nil && v.Parent() == v.Pkg().Scope()) {
		// Other packages may assign any writer to it.
		vk.memo[v] = notUnbuffered
		return notUnbuffered
	}
	vk.busy[v] = true
	kind := notUnbuffered
	for _, src := range vk.sources[v] {
		k, neutral := vk.exprKind(src)
		if neutral {
			continue
		}
		if k == notUnbuffered {
			kind = notUnbuffered
			break
		}
		if kind == notUnbuffered {
			kind = k
		}
	}
	delete(vk.busy, v)
	vk.memo[v] = kind
	return kind
}

// exprKind returns the kind of the writer that x yields. neutral is set
// for nil, which writes nothing, and for a variable on a cycle of
// assignments.
func (vk *varKinds) exprKind(x ast.Expr) (k writerKind, neutral bool) {
	if x == nil {
		return notUnbuffered, false
	}
	x = ast.Unparen(x)
	if id, ok := x.(*ast.Ident); ok && id.Name == "nil" {
		if _, isNil := vk.info.ObjectOf(id).(*types.Nil); isNil {
			return notUnbuffered, true
		}
	}
	if call, ok := x.(*ast.CallExpr); ok {
		if vk.isStdinPipe(call) {
			return stdinPipe, false
		}
		// A conversion to an interface: io.Writer(conn). A conversion
		// to a concrete type may change the Write method.
		if tv, ok := vk.info.Types[call.Fun]; ok && tv.IsType() && tv.Type != nil && types.IsInterface(tv.Type) && len(call.Args) == 1 {
			return vk.exprKind(call.Args[0])
		}
	}
	if k := typeKind(vk.info.TypeOf(x)); k != notUnbuffered {
		return k, false
	}
	if v := vk.varOf(x); v != nil && types.IsInterface(v.Type()) {
		if vk.busy[v] {
			return notUnbuffered, true
		}
		return vk.varKind(v), false
	}
	return notUnbuffered, false
}

// isStdinPipe reports whether call is cmd.StdinPipe() of an *exec.Cmd.
func (vk *varKinds) isStdinPipe(call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(vk.info, call).(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "os/exec" || fn.Name() != "StdinPipe" {
		return false
	}
	recv := fn.Signature().Recv()
	return recv != nil
}
