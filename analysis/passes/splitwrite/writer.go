package splitwrite

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
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
	fsFile                   // a File of a file system abstraction, opened with OpenFile or Create

	// cyclic is the provisional kind of a writer whose value comes
	// only from a writer still being classified (a field assigned from
	// itself through a wrapper): neutral until the cycle is closed.
	// It never leaves varKinds.
	cyclic writerKind = -1
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
	case fsFile:
		return "a file opened through a file system interface"
	}
	return "a writer of unknown buffering"
}

// unbuffered reports whether k is the kind of an unbuffered writer.
func (k writerKind) unbuffered() bool { return k > notUnbuffered }

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

// A source is one value assigned to a variable, returned as a result or
// passed as an argument.
type source struct {
	// x is the expression, or nil for a value the check cannot see (a
	// range variable, a variable whose address is taken, a parameter of
	// a function that other packages or function values may call).
	x ast.Expr
	// index, if x is a call of several results, is the result taken;
	// -1 otherwise.
	index int
	// v, if not nil, is a named result returned by a bare return.
	v *types.Var
}

// Keys of the kinds varKinds computes, besides variables.
type (
	resultKey struct {
		fn *types.Func
		i  int
	}
	forwardKey struct{ fn *types.Func }
)

// maxSteps bounds the classifications of one package: cycles are not
// memoised until they close, and a pathological graph of assignments
// must not take long. Past it, every writer is notUnbuffered.
const maxSteps = 200000

// varKinds knows which writers are unbuffered: variables of interface
// type (locals, unexported struct fields, parameters of unexported
// functions) to which the package assigns, and callers pass, only
// unbuffered writers; results of functions that return only such
// writers; and types whose Write method passes what it is given to such
// a writer (a wrapper that sets a deadline, frames or compresses and
// then writes). What other packages' functions return and forward comes
// from their facts.
//
// A writer is unbuffered only if every value the package gives it is:
// the io.WriteCloser of exec.Cmd.StdinPipe, an expression whose static
// type is an unbuffered writer, nil, another such writer, and at least
// one is not nil. A bufio.Writer anywhere among them makes it buffered.
type varKinds struct {
	pass *analysis.Pass
	info *types.Info
	// sources holds the values assigned to each variable of interface
	// type; a source with a nil x stands for a value the check cannot
	// see.
	sources map[*types.Var][]source
	// assigned holds the parameters that their function assigns, or
	// whose address it takes: a write on them may not write what the
	// caller passed.
	assigned map[*types.Var]bool
	// decls holds the package's function declarations with bodies.
	decls map[*types.Func]*ast.FuncDecl
	// typed holds the unexported functions whose parameters are typed
	// by their callers: every use of the function is a static call in
	// this package.
	typed map[*types.Func]bool
	// calls lists the package's calls.
	calls []*ast.CallExpr

	memo map[any]writerKind
	// busy holds the keys being classified; assumed those found busy
	// while classifying, whose kind was assumed neutral.
	busy, assumed map[any]bool
	// steps counts the classifications computed (see maxSteps).
	steps int
	// facts caches the facts of other packages' functions (nil: none).
	facts map[*types.Func]*writerFact
}

func newVarKinds(pass *analysis.Pass, in *inspector.Inspector) *varKinds {
	vk := &varKinds{
		pass:     pass,
		info:     pass.TypesInfo,
		sources:  make(map[*types.Var][]source),
		assigned: make(map[*types.Var]bool),
		decls:    make(map[*types.Func]*ast.FuncDecl),
		typed:    make(map[*types.Func]bool),
		memo:     make(map[any]writerKind),
		busy:     make(map[any]bool),
		assumed:  make(map[any]bool),
		facts:    make(map[*types.Func]*writerFact),
	}
	for c := range in.Root().Preorder(
		(*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil), (*ast.CompositeLit)(nil),
		(*ast.RangeStmt)(nil), (*ast.FuncDecl)(nil), (*ast.FuncLit)(nil),
		(*ast.UnaryExpr)(nil), (*ast.CallExpr)(nil)) {
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
		case *ast.FuncDecl:
			if fn, ok := vk.info.Defs[n.Name].(*types.Func); ok && n.Body != nil {
				vk.decls[fn] = n
			}
		case *ast.FuncLit:
			vk.unknownParams(n.Type)
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				vk.add(n.X, nil)
			}
		case *ast.CallExpr:
			vk.calls = append(vk.calls, n)
		}
	}
	vk.typeParams()
	return vk
}

// typeParams records the sources of the parameters: the arguments of
// every call for the functions whose callers are all known (unexported,
// only called statically in this package, not a method that an
// interface of the package may call), a value the check cannot see for
// the others.
func (vk *varKinds) typeParams() {
	callees := make(map[*ast.Ident]bool) // identifiers called statically
	for _, call := range vk.calls {
		switch f := unindex(ast.Unparen(call.Fun)).(type) {
		case *ast.Ident:
			callees[f] = true
		case *ast.SelectorExpr:
			if sel := vk.info.Selections[f]; sel == nil || sel.Kind() == types.MethodVal {
				callees[f.Sel] = true
			}
		}
	}
	escaped := make(map[*types.Func]bool)
	// Methods an interface (or a type parameter's constraint) may call,
	// also through a struct that embeds the interface.
	dynamic := make(map[string]bool)
	for id, obj := range vk.info.Uses {
		fn, ok := obj.(*types.Func)
		if !ok {
			continue
		}
		if !callees[id] {
			escaped[fn.Origin()] = true
		}
		if recv := fn.Signature().Recv(); recv != nil && types.IsInterface(recv.Type()) {
			dynamic[fn.Name()] = true
		}
	}
	for fn, decl := range vk.decls {
		if !fn.Exported() && !escaped[fn] && !dynamic[fn.Name()] && fn.Name() != "init" && fn.Name() != "main" {
			vk.typed[fn] = true
		} else {
			vk.unknownParams(decl.Type)
		}
	}
	for _, call := range vk.calls {
		fn := typeutil.StaticCallee(vk.info, call)
		if fn == nil || !vk.typed[fn.Origin()] {
			continue
		}
		params := vk.paramVars(fn.Origin())
		sig := fn.Origin().Signature()
		for i, p := range params {
			switch {
			case sig.Variadic() && i == len(params)-1 || call.Ellipsis.IsValid():
				vk.addVar(p, source{})
			case len(call.Args) == 1 && len(params) > 1:
				// f(g()) of a g of several results.
				vk.addVar(p, source{x: call.Args[0], index: i})
			case i < len(call.Args):
				vk.addVar(p, source{x: call.Args[i], index: -1})
			default:
				vk.addVar(p, source{})
			}
		}
	}
}

// paramVars returns the parameters of the declared function fn.
func (vk *varKinds) paramVars(fn *types.Func) []*types.Var {
	ps := fn.Signature().Params()
	vars := make([]*types.Var, ps.Len())
	for i := range vars {
		vars[i] = ps.At(i)
	}
	return vars
}

func unindex(x ast.Expr) ast.Expr {
	switch y := x.(type) {
	case *ast.IndexExpr:
		return ast.Unparen(y.X)
	case *ast.IndexListExpr:
		return ast.Unparen(y.X)
	}
	return x
}

// unknownParams records that the parameters of ft take values the check
// cannot see.
func (vk *varKinds) unknownParams(ft *ast.FuncType) {
	if ft.Params == nil {
		return
	}
	for _, f := range ft.Params.List {
		for _, id := range f.Names {
			if v, ok := vk.info.Defs[id].(*types.Var); ok {
				vk.addVar(v, source{})
			}
		}
	}
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
	// w, ok := f.(io.WriteCloser): the writer is f's dynamic value, or
	// nil.
	if ta, ok := ast.Unparen(rhs[0]).(*ast.TypeAssertExpr); ok && len(lhs) == 2 {
		vk.add(lhs[0], ta)
		vk.add(lhs[1], nil)
		return
	}
	// v, err := cmd.StdinPipe(), or another call of several results.
	call, _ := ast.Unparen(rhs[0]).(*ast.CallExpr)
	for i, l := range lhs {
		if call != nil {
			vk.addSource(l, source{x: call, index: i})
		} else {
			vk.add(l, nil) // v, ok := m[k], x.(T), <-ch
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
					vk.addVar(f, source{x: kv.Value, index: -1})
				}
			}
			continue
		}
		if i < st.NumFields() {
			vk.addVar(st.Field(i), source{x: e, index: -1})
		}
	}
}

// add records that value (nil if unknown) is assigned to the variable
// that x denotes, if x denotes one.
func (vk *varKinds) add(x ast.Expr, value ast.Expr) {
	vk.addSource(x, source{x: value, index: -1})
}

func (vk *varKinds) addSource(x ast.Expr, s source) {
	if x == nil {
		return
	}
	if v := vk.varOf(x); v != nil {
		if v.Kind() == types.ParamVar {
			vk.assigned[v] = true
		}
		vk.addVar(v, s)
	}
}

func (vk *varKinds) addVar(v *types.Var, s source) {
	if v == nil || v.Type() == nil || !types.IsInterface(v.Type()) {
		return // a variable of concrete type has the kind of its type
	}
	v = v.Origin()
	vk.sources[v] = append(vk.sources[v], s)
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

// writerKind returns the kind of the writer w.
func (vk *varKinds) writerKind(w ast.Expr) writerKind {
	k, neutral := vk.exprKind(w)
	if neutral || !k.unbuffered() {
		return notUnbuffered
	}
	return k
}

// solve returns the kind of key, computed by compute unless memoised.
// A key met again while it is being computed is assumed neutral
// (cyclic): a field assigned a wrapper of itself holds unbuffered
// writers if its other values are. Kinds that rest on such an
// assumption are memoised only once it is closed, except
// notUnbuffered, which no assumption can make worse.
func (vk *varKinds) solve(key any, compute func() writerKind) writerKind {
	if k, ok := vk.memo[key]; ok {
		return k
	}
	if vk.busy[key] {
		vk.assumed[key] = true
		return cyclic
	}
	if vk.steps++; vk.steps > maxSteps {
		return notUnbuffered
	}
	vk.busy[key] = true
	k := compute()
	delete(vk.busy, key)
	delete(vk.assumed, key)
	if k == cyclic && len(vk.assumed) == 0 {
		k = notUnbuffered // only ever assigned from itself
	}
	if k == notUnbuffered || len(vk.assumed) == 0 {
		vk.memo[key] = k
	}
	return k
}

// join returns the kind of a writer that takes its values from srcs.
func (vk *varKinds) join(srcs []source) writerKind {
	kind, cyc := notUnbuffered, false
	for _, s := range srcs {
		k, neutral := vk.sourceKind(s)
		switch {
		case neutral:
		case k == cyclic:
			cyc = true
		case k == notUnbuffered:
			return notUnbuffered
		case kind == notUnbuffered:
			kind = k
		}
	}
	if kind == notUnbuffered && cyc {
		return cyclic
	}
	return kind
}

func (vk *varKinds) sourceKind(s source) (writerKind, bool) {
	switch {
	case s.v != nil:
		return vk.varKind(s.v), false
	case s.x == nil:
		return notUnbuffered, false
	case s.index >= 0:
		call, ok := ast.Unparen(s.x).(*ast.CallExpr)
		if !ok {
			return notUnbuffered, false
		}
		if s.index == 0 && vk.isStdinPipe(call) {
			return stdinPipe, false
		}
		if s.index == 0 && vk.isFSOpen(call) {
			return fsFile, false
		}
		if tv, ok := vk.info.Types[call]; ok {
			if tuple, ok := tv.Type.(*types.Tuple); ok && s.index < tuple.Len() {
				if k := vk.concreteKind(tuple.At(s.index).Type()); k != notUnbuffered {
					return k, false
				}
			}
		}
		if fn := typeutil.StaticCallee(vk.info, call); fn != nil {
			return vk.resultKind(fn, s.index), false
		}
		return notUnbuffered, false
	}
	return vk.exprKind(s.x)
}

// varKind returns the kind of the writers that v holds, or notUnbuffered
// if it may hold another writer.
func (vk *varKinds) varKind(v *types.Var) writerKind {
	v = v.Origin()
	if v.Exported() && (v.IsField() || v.Pkg() != nil && v.Parent() == v.Pkg().Scope()) {
		return notUnbuffered // other packages may assign any writer to it
	}
	return vk.solve(v, func() writerKind { return vk.join(vk.sources[v]) })
}

// exprKind returns the kind of the writer that x yields. neutral is set
// for nil, which writes nothing.
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
	if ta, ok := x.(*ast.TypeAssertExpr); ok && ta.Type != nil {
		// An assertion to an interface keeps the dynamic value, and
		// with it the Write method.
		if t := vk.info.TypeOf(ta.Type); t != nil && types.IsInterface(t) {
			return vk.exprKind(ta.X)
		}
	}
	if call, ok := x.(*ast.CallExpr); ok {
		if vk.isStdinPipe(call) {
			return stdinPipe, false
		}
		if vk.isFSOpen(call) {
			return fsFile, false
		}
		// A conversion to an interface: io.Writer(conn). A conversion
		// to a concrete type may change the Write method.
		if tv, ok := vk.info.Types[call.Fun]; ok && tv.IsType() && tv.Type != nil && types.IsInterface(tv.Type) && len(call.Args) == 1 {
			return vk.exprKind(call.Args[0])
		}
	}
	t := vk.info.TypeOf(x)
	if k := vk.concreteKind(t); k != notUnbuffered {
		return k, false
	}
	if t == nil || !types.IsInterface(t) {
		return notUnbuffered, false
	}
	if call, ok := x.(*ast.CallExpr); ok {
		if fn := typeutil.StaticCallee(vk.info, call); fn != nil {
			return vk.resultKind(fn, 0), false
		}
	}
	if v := vk.varOf(x); v != nil {
		return vk.varKind(v), false
	}
	return notUnbuffered, false
}

// concreteKind returns the kind of a writer of static type t: a standard
// unbuffered writer, or a type whose Write method forwards to one.
func (vk *varKinds) concreteKind(t types.Type) writerKind {
	if k := typeKind(t); k != notUnbuffered {
		return k
	}
	if t == nil || types.IsInterface(t) {
		return notUnbuffered
	}
	return vk.forwardKind(t)
}

// resultKind returns the kind of the writers that result i of fn always
// is, or notUnbuffered.
func (vk *varKinds) resultKind(fn *types.Func, i int) writerKind {
	fn = fn.Origin()
	res := fn.Signature().Results()
	if i >= res.Len() || !types.IsInterface(res.At(i).Type()) {
		return notUnbuffered
	}
	decl := vk.decls[fn]
	if decl == nil {
		if f := vk.factOf(fn); f != nil && i < len(f.Results) {
			return f.Results[i]
		}
		return notUnbuffered
	}
	return vk.solve(resultKey{fn, i}, func() writerKind {
		return vk.join(vk.returns(decl, res, i))
	})
}

// returns lists what the return statements of decl return as result i.
func (vk *varKinds) returns(decl *ast.FuncDecl, res *types.Tuple, i int) []source {
	var srcs []source
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			switch {
			case len(n.Results) == 0:
				srcs = append(srcs, source{v: res.At(i)})
			case len(n.Results) == res.Len():
				srcs = append(srcs, source{x: n.Results[i], index: -1})
			case len(n.Results) == 1:
				srcs = append(srcs, source{x: n.Results[0], index: i})
			default:
				srcs = append(srcs, source{})
			}
		}
		return true
	})
	return srcs
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

// isFSOpen reports whether call opens a file through a file system
// abstraction: a method named OpenFile or Create whose first result is
// io/fs.File or another interface type named File (the File of a
// pluggable file system, as in afero or go-billy). On a disk such a file
// is an *os.File; its writes are system calls.
func (vk *varKinds) isFSOpen(call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(vk.info, call).(*types.Func)
	if !ok || fn.Signature().Recv() == nil || fn.Name() != "OpenFile" && fn.Name() != "Create" {
		return false
	}
	res := fn.Signature().Results()
	if res.Len() == 0 || !types.IsInterface(res.At(0).Type()) {
		return false
	}
	n, ok := types.Unalias(res.At(0).Type()).(*types.Named)
	return ok && n.Obj().Name() == "File"
}

// factOf returns the fact of fn, a function of another package, or nil.
func (vk *varKinds) factOf(fn *types.Func) *writerFact {
	if f, ok := vk.facts[fn]; ok {
		return f
	}
	var f *writerFact
	if fn.Pkg() != vk.pass.Pkg {
		f = new(writerFact)
		if !vk.pass.ImportObjectFact(fn, f) {
			f = nil
		}
	}
	vk.facts[fn] = f
	return f
}
