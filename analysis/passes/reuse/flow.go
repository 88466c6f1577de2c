package reuse

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/perfproof/perfproof/internal/astutil"
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
	written      bool // the value is written to (for bytes.Buffer) or appended to
	big          bool // a write of more than a few constant bytes, or one in a loop
	reusedInLoop bool // the function already reuses the value across loop iterations
	grown        bool // the function that makes the value calls its Grow method
	dynamic      bool // the value reaches an interface (so the compiler puts it on the heap)
	readInto     bool // the value is the buffer of a Read, ReadAt, io.ReadFull or io.ReadAtLeast

	// strAlias is set for a strings.Builder, whose String result shares
	// its memory, and for a scratch []byte, whose string conversion
	// returned or kept shows that it builds the function's output:
	// strings are followed like slices.
	strAlias bool
	// bytesCopied is set to ask whether the value stays in the call once
	// the function's result is a copy: the slice of a Bytes call that the
	// function that makes the value returns (return buf.Bytes()) is not
	// followed.
	bytesCopied bool
	// bytesVars are the local variables, in the function that makes the
	// value, assigned the slice of its Bytes call (bs := buf.Bytes()),
	// with bytesCopied set: returning one of them, or a slice of it, is
	// returning the function's result.
	bytesVars map[*types.Var]bool
	// depth is 0 for the function that makes the value, and counts the
	// calls of the package's functions followed into.
	depth int
	// toResult is set, in a callee, when the parameter followed is
	// returned: the caller follows the call's result in its place.
	toResult bool

	// holders are the struct types of the literals the value was stored
	// in as a field (entry := &logEntry{buf: &bytes.Buffer{}}), and
	// fields those fields.
	holders []types.Type
	fields  []*types.Var
	// returnedHolder is set when the function that makes the value
	// returns the object that holds it: the value lives as long as that
	// object, a new one per call.
	returnedHolder bool
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
			if s, ok := p.(*ast.SliceExpr); ok && f.depth == 0 && astutil.IsZero(info, s.High) && (s.Low == nil || astutil.IsZero(info, s.Low)) {
				if _, ok := f.c.hot.Loop(parent); ok {
					f.reusedInLoop = true // buf = buf[:0] in a loop
				}
			}
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

	case *ast.ReturnStmt:
		if f.depth == 0 && f.bytesVars[f.rootVar(cur.Node())] && f.returnsFrom(parent) {
			return // bs := buf.Bytes() ... return bs: the function's result
		}
		if f.depth > 0 && f.returnsFrom(parent) {
			f.toResult = true // the caller follows the result
			return
		}
		if f.depth == 0 && f.returnsFrom(parent) && f.isHolder(info.TypeOf(cur.Node().(ast.Expr))) {
			f.returnedHolder = true // a new object per call, with its own buffer
			return
		}
		f.escapes = true

	case *ast.KeyValueExpr:
		if kind != edge.KeyValueExpr_Value {
			f.escapes = true // a map key
			return
		}
		lit, ok := parent.Parent().Node().(*ast.CompositeLit)
		key, isID := p.Key.(*ast.Ident)
		if !ok || !isID || !isStruct(info.TypeOf(lit)) {
			f.escapes = true // an element of a map or slice
			return
		}
		field, ok := info.Uses[key].(*types.Var)
		if !ok || !field.IsField() {
			f.escapes = true
			return
		}
		f.hold(parent.Parent(), cur, field)

	case *ast.CompositeLit:
		t := info.TypeOf(p)
		st, ok := structOf(t)
		if kind != edge.CompositeLit_Elts || !ok || idx >= st.NumFields() {
			f.escapes = true // an element of a map, slice or array
			return
		}
		f.hold(parent, cur, st.Field(idx))

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
		if m, ok := sel.Obj().(*types.Func); ok && keepsArgument[m.Name()] && onlyError(m.Signature().Results()) {
			// A decoded value decoding again (p.Unmarshal(b) on
			// the packet that holds slices of the value) keeps what
			// it holds and, returning only an error, gives the value
			// to no one else.
			return
		}
		if m, ok := sel.Obj().(*types.Func); ok && m.Pkg() != nil && !astutil.IsStdPath(m.Pkg().Path()) && !tablePkgs[m.Pkg().Path()] {
			// A method of a type of the program's own, such as a
			// conversion of a scratch slice: follow the receiver into
			// its body, or assume it is kept.
			if !f.receiver(call, m) {
				f.escapes = true
			}
			return
		}
		f.method(p.Sel.Name, call)
		if f.bytesCopied && f.depth == 0 && p.Sel.Name == "Bytes" && astutil.IsNamedOrPointer(sel.Recv(), "bytes", "Buffer") {
			if call.ParentEdgeKind() == edge.ReturnStmt_Results {
				return // the function's result: the caller of the check asks what else leaves
			}
			if appendedResult(info, call) {
				return // return append(buf.Bytes(), '\r', '\n'): the result too
			}
			if v := f.bytesVar(call); v != nil && bytesAliases {
				if f.bytesVars == nil {
					f.bytesVars = make(map[*types.Var]bool)
				}
				f.bytesVars[v] = true
			}
		}
		if !freshResult[p.Sel.Name] {
			f.follow(call)
		}

	case *ast.IndexExpr:
		switch {
		case kind == edge.IndexExpr_X:
			f.follow(parent)
		case astutil.IsMap(info.TypeOf(p.X)) && !assigned(parent):
			// A map lookup keeps nothing of its key.
		default:
			f.escapes = true // stored as a map key, or an index
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
			if f.refs(info.TypeOf(lhs)) {
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
			if f.refs(info.TypeOf(id)) {
				f.storeIdent(id)
			}
		}

	case *ast.RangeStmt:
		if kind != edge.RangeStmt_X {
			return
		}
		for _, e := range []ast.Expr{p.Key, p.Value} {
			if e != nil {
				if f.refs(info.TypeOf(e)) {
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

// hold follows the value into the struct literal at lit, as its field
// field set to the expression at elem: the new object shares the value's
// memory. The object counts as a holder, whose return the caller of the
// check weighs, only if elem is the buffer itself (buf: &bytes.Buffer{}),
// not memory shared with it (Certificate: buf.Bytes() is the result).
func (f *flow) hold(lit, elem inspector.Cursor, field *types.Var) {
	if _, ok := f.c.zeroValue(f.c.pass.TypesInfo.TypeOf(elem.Node().(ast.Expr))); ok && f.depth == 0 {
		f.holders = append(f.holders, f.c.pass.TypesInfo.TypeOf(lit.Node().(ast.Expr)))
		f.fields = append(f.fields, field)
	}
	f.follow(lit)
}

// isHolder reports whether t is the type of a struct literal the value
// was stored in, or a pointer to one.
func (f *flow) isHolder(t types.Type) bool {
	if t == nil {
		return false
	}
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	for _, h := range f.holders {
		if types.Identical(t, h) {
			return true
		}
	}
	return false
}

// isStruct reports whether t is a struct type.
func isStruct(t types.Type) bool {
	_, ok := structOf(t)
	return ok
}

func structOf(t types.Type) (*types.Struct, bool) {
	if t == nil {
		return nil, false
	}
	st, ok := t.Underlying().(*types.Struct)
	return st, ok
}

// follow continues with the value of the expression at cur if its type can
// hold a reference to the tracked value.
func (f *flow) follow(cur inspector.Cursor) {
	e, ok := cur.Node().(ast.Expr)
	if !ok {
		f.escapes = true
		return
	}
	if f.refs(f.c.pass.TypesInfo.TypeOf(e)) {
		f.expr(cur)
	}
}

// appendedResult reports whether the call at call is the first argument
// of an append whose result is returned (return append(buf.Bytes(),
// '\n')): the result may share the buffer's memory, as buf.Bytes() does.
func appendedResult(info *types.Info, call inspector.Cursor) bool {
	kind, idx := call.ParentEdge()
	if kind != edge.CallExpr_Args || idx != 0 {
		return false
	}
	app := call.Parent()
	if !astutil.IsBuiltin(info, app.Node().(*ast.CallExpr).Fun, "append") {
		return false
	}
	return app.ParentEdgeKind() == edge.ReturnStmt_Results
}

// bytesAliases switches on following a bytes.Buffer's Bytes slice through
// a local variable to the function's return (see flow.bytesVars).
const bytesAliases = true

// bytesVar returns the local variable that the Bytes call at call is
// defined or assigned to on its own (bs := buf.Bytes()), or nil.
func (f *flow) bytesVar(call inspector.Cursor) *types.Var {
	as, ok := call.Parent().Node().(*ast.AssignStmt)
	if !ok || call.ParentEdgeKind() != edge.AssignStmt_Rhs || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return nil
	}
	id, ok := as.Lhs[0].(*ast.Ident)
	if !ok {
		return nil
	}
	info := f.c.pass.TypesInfo
	v, _ := info.ObjectOf(id).(*types.Var)
	if v == nil || f.isResult(v) || v.Pos() < f.scope.Pos() || v.Pos() >= f.scope.End() {
		return nil
	}
	return v
}

// rootVar returns the variable that the expression n slices (bs,
// bs[:n-1], (bs)), or nil.
func (f *flow) rootVar(n ast.Node) *types.Var {
	e, _ := n.(ast.Expr)
	for e != nil {
		if s, ok := ast.Unparen(e).(*ast.SliceExpr); ok {
			e = s.X
			continue
		}
		id, _ := ast.Unparen(e).(*ast.Ident)
		if id == nil {
			return nil
		}
		v, _ := f.c.pass.TypesInfo.Uses[id].(*types.Var)
		return v
	}
	return nil
}

// refs reports whether a value of type t can refer to the tracked value's
// memory: holdsRefs, and strings too for a strings.Builder or a scratch
// []byte.
func (f *flow) refs(t types.Type) bool {
	return refsOf(t, f.strAlias)
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
	if types.IsInterface(v.Type()) {
		f.dynamic = true
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
	return astutil.ContainsPos(ft.Results, v.Pos())
}

// method notes a method call on the tracked value (or a value sharing its
// memory).
func (f *flow) method(name string, call inspector.Cursor) {
	if writeMethods[name] {
		ce, _ := call.Node().(*ast.CallExpr)
		var args []ast.Expr
		if ce != nil {
			args = ce.Args
		}
		f.write(call, name == "WriteByte" || name == "WriteRune", args...)
	}
	switch name {
	case "Grow":
		if f.depth == 0 {
			f.grown = true
		}
	case "Reset", "Parse", "ParseBytes":
		if _, ok := f.c.hot.Loop(call); ok && f.depth == 0 {
			f.reusedInLoop = true
		}
	}
}

// write notes a write to the tracked value by the call at cur. It is small
// if it writes a byte or rune (small) or only constants (data), and is not
// repeated by a loop or made in a callee.
func (f *flow) write(cur inspector.Cursor, small bool, data ...ast.Expr) {
	f.written = true
	if f.depth > 0 {
		f.big = true
		return
	}
	if _, ok := f.c.hot.Loop(cur); ok {
		f.big = true
		return
	}
	if small {
		return
	}
	for _, e := range data {
		if tv, ok := f.c.pass.TypesInfo.Types[e]; !ok || tv.Value == nil {
			f.big = true
			return
		}
	}
	if len(data) == 0 {
		f.big = true
	}
}

// returnsFrom reports whether the return statement at ret returns from
// the function followed (not from a function literal in it).
func (f *flow) returnsFrom(ret inspector.Cursor) bool {
	fc, ok := astutil.EnclosingFunc(ret)
	return ok && fc == f.fn
}

// arg follows the tracked value passed as argument i of call.
func (f *flow) arg(cur inspector.Cursor, i int) {
	info := f.c.pass.TypesInfo
	call := cur.Node().(*ast.CallExpr)
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
		if types.IsInterface(tv.Type) {
			f.dynamic = true
		}
		f.follow(cur) // a conversion; string(b) copies and is dropped by follow
		return
	}
	if f.reachesInterface(call, i) {
		f.dynamic = true
	}
	if isWriterParam(paramType(info, call, i)) && !listed(info, call) {
		// Passed as an io.Writer (http.Header.Write(&buf),
		// template.Execute(&buf, v)): the callee writes to it.
		f.write(cur, false)
	}
	switch obj := typeutil.Callee(info, call).(type) {
	case *types.Builtin:
		switch obj.Name() {
		case "len", "cap", "print", "println", "clear", "min", "max":
		case "copy":
			if i == 1 && f.refs(elem(info.TypeOf(call.Args[1]))) {
				f.escapes = true
			}
		case "append":
			if i == 0 {
				f.write(cur, false, call.Args[1:]...)
			}
			if i == 0 || call.Ellipsis == token.NoPos || f.refs(elem(info.TypeOf(call.Args[i]))) {
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
					f.write(cur, false, call.Args[i+1:]...)
				}
				if i == 1 && readers[full] {
					// io.ReadFull(r, buf) reads into buf through r's
					// Read: the compiler moves buf to the heap.
					f.readInto, f.dynamic = true, true
				}
				return
			}
			if writes, ok := wrappers[full]; ok {
				if writes {
					f.write(cur, false)
				}
				f.follow(cur)
				return
			}
			if fresh[full] {
				return // the result is a copy
			}
			if pure[obj.Pkg().Path()] {
				if i == 0 && strings.HasPrefix(obj.Name(), "Append") {
					f.write(cur, false, call.Args[1:]...) // strconv.AppendInt(buf, ...)
				}
				f.follow(cur)
				return
			}
			if f.callee(cur, obj, i) {
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
		// A method of another value: one of the package's, followed into
		// its body, an Append method of the standard library
		// (binary.BigEndian.AppendUint32, time.Time.AppendFormat), which
		// returns its extended first argument, or a known consumer.
		if f.callee(cur, obj, i) {
			return
		}
		if i == 0 && strings.HasPrefix(obj.Name(), "Append") && obj.Pkg() != nil && astutil.IsStdPath(obj.Pkg().Path()) {
			f.write(cur, false, call.Args[1:]...)
			f.follow(cur)
			return
		}
		if obj.Pkg().Path() == "encoding/binary" {
			// binary.BigEndian.Uint32(b), PutUint32(b, v): the byte
			// orders read or write the slice during the call only.
			if i == 0 && strings.HasPrefix(obj.Name(), "Put") {
				f.write(cur, false)
			}
			return
		}
		if w, ok := consumerMethods[obj.Name()]; ok {
			if keepsArgument[obj.Name()] && !astutil.IsStdPath(obj.Pkg().Path()) {
				// The decoded value may hold slices of its input
				// (pion/rtp's Packet.Unmarshal sets Payload to a
				// slice of it): it shares memory with the value
				// from now on.
				sel, _ := ast.Unparen(call.Fun).(*ast.SelectorExpr)
				if sel == nil {
					f.escapes = true
					return
				}
				f.store(receiverVar(sel.X))
				if f.escapes {
					return
				}
				if !onlyError(obj.Signature().Results()) {
					f.follow(cur) // v, err := parser.ParseBytes(b): v may hold slices of b
				}
			}
			if w == i {
				f.write(cur, false)
			}
			if i == 0 && (obj.Name() == "Read" || obj.Name() == "ReadAt") {
				f.readInto, f.dynamic = true, true
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

// onlyError reports whether results are a single error.
func onlyError(results *types.Tuple) bool {
	return results.Len() == 1 && types.Identical(results.At(0).Type(), types.Universe.Lookup("error").Type())
}

// receiverVar returns the variable expression a method's receiver x
// names: v for v and &v, else x itself (a field or an element, which
// store takes to outlive the call).
func receiverVar(x ast.Expr) ast.Expr {
	if u, ok := ast.Unparen(x).(*ast.UnaryExpr); ok && u.Op == token.AND {
		return u.X
	}
	return x
}

// reachesInterface reports whether argument i of call is converted to an
// interface (an interface parameter, ...any) or passed to a method called
// through an interface: the compiler cannot see what becomes of it and
// moves it to the heap.
func (f *flow) reachesInterface(call *ast.CallExpr, i int) bool {
	info := f.c.pass.TypesInfo
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if s := info.Selections[sel]; s != nil && types.IsInterface(s.Recv()) {
			return true
		}
	}
	t := paramType(info, call, i)
	return t == nil || types.IsInterface(t)
}

// listed reports whether call calls a function of the consumers or
// wrappers tables, which say themselves how they write.
func listed(info *types.Info, call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Signature().Recv() != nil {
		return false
	}
	full := fn.Pkg().Path() + "." + fn.Name()
	_, c := consumers[full]
	_, w := wrappers[full]
	return c || w
}

// paramType returns the type of the parameter that receives argument i of
// call, or nil if it is not known.
func paramType(info *types.Info, call *ast.CallExpr, i int) types.Type {
	sig, ok := types.Unalias(info.TypeOf(call.Fun)).(*types.Signature)
	if !ok {
		return nil
	}
	params := sig.Params()
	switch {
	case sig.Variadic() && i >= params.Len()-1:
		t := params.At(params.Len() - 1).Type()
		if call.Ellipsis == token.NoPos {
			t = elem(t)
		}
		return t
	case i < params.Len():
		return params.At(i).Type()
	}
	return nil
}

// isWriterParam reports whether t is an interface type with a Write or
// WriteString method, such as io.Writer: a parameter that is written to.
func isWriterParam(t types.Type) bool {
	if t == nil {
		return false
	}
	it, ok := t.Underlying().(*types.Interface)
	if !ok {
		return false
	}
	for m := range it.Methods() {
		if m.Name() == "Write" || m.Name() == "WriteString" {
			return true
		}
	}
	return false
}

// callee follows the tracked value, passed as argument i of the call at
// cur, into the body of obj if it is a function or concrete method of the
// package, up to a few calls deep. It reports false if it cannot, and the
// caller decides.
func (f *flow) callee(cur inspector.Cursor, obj *types.Func, i int) bool {
	if f.depth >= maxDepth || obj.Pkg() != f.c.pass.Pkg {
		return false
	}
	sig := obj.Signature()
	if recv := sig.Recv(); recv != nil && types.IsInterface(recv.Type()) {
		return false
	}
	params := obj.Origin().Signature().Params()
	if i >= params.Len() || (sig.Variadic() && i >= params.Len()-1) {
		return false
	}
	return f.applySummary(cur, obj, params.At(i))
}

// receiver follows the tracked value, the receiver of the method m called
// at cur, into m's body if m is the package's.
func (f *flow) receiver(cur inspector.Cursor, m *types.Func) bool {
	if f.depth >= maxDepth || m.Pkg() != f.c.pass.Pkg {
		return false
	}
	recv := m.Origin().Signature().Recv()
	if recv == nil || types.IsInterface(recv.Type()) {
		return false
	}
	return f.applySummary(cur, m, recv)
}

// applySummary applies what fn does with its parameter param to the
// tracked value passed there by the call at cur.
func (f *flow) applySummary(cur inspector.Cursor, fn *types.Func, param *types.Var) bool {
	s, ok := f.c.summary(fn.Origin(), param, f)
	if !ok {
		return false
	}
	if s.escapes {
		f.escapes = true
		return true
	}
	if s.written {
		f.write(cur, false) // a helper writes it: as much as it likes
	}
	if s.dynamic {
		f.dynamic = true
	}
	if s.readInto {
		f.readInto = true
	}
	if s.toResult {
		f.follow(cur)
	}
	return true
}

// maxDepth bounds the calls followed from the function that makes a value.
const maxDepth = 3

// A paramSummary says what a function does with one of its parameters.
type paramSummary struct {
	escapes, written, dynamic, toResult, readInto bool
}

type paramKey struct {
	fn    *types.Func
	param *types.Var
}

// summary returns what fn does with its parameter param, following it as
// parent follows its value; ok is false if fn has no body in the package.
//
// Recursion (writeValue calling writeList calling writeValue with the same
// buffer) is met optimistically: a function met again while its summary
// is being computed adds nothing there, since what it does is found in
// its own body, which the outer computation follows. The summaries
// computed in between depend on the unfinished one and are not kept; the
// outermost, complete once the cycle's bodies are followed, is.
func (c *checker) summary(fn *types.Func, param *types.Var, parent *flow) (paramSummary, bool) {
	if c.decls == nil {
		c.decls = make(map[*types.Func]inspector.Cursor)
		for cur := range c.hot.Inspector.Root().Preorder((*ast.FuncDecl)(nil)) {
			d := cur.Node().(*ast.FuncDecl)
			if fn, ok := c.pass.TypesInfo.Defs[d.Name].(*types.Func); ok && d.Body != nil {
				c.decls[fn] = cur
			}
		}
		c.summaries = make(map[paramKey]*paramSummary)
	}
	decl, ok := c.decls[fn]
	if !ok {
		return paramSummary{}, false
	}
	key := paramKey{fn, param}
	// The summary depends on whether strings are followed; a strings.Builder
	// is passed by pointer and its String result seldom returned, so the
	// two kinds of flows share summaries only when strAlias is off.
	if !parent.strAlias {
		if s, ok := c.summaries[key]; ok {
			if s == nil {
				c.recursion(key)
				return paramSummary{}, true
			}
			return *s, true
		}
		c.summaries[key] = nil
		c.inProgress = append(c.inProgress, key)
		c.low = append(c.low, len(c.inProgress)-1)
	}
	sub := &flow{c: c, fn: decl, scope: decl.Node(), vars: make(map[*types.Var]bool), strAlias: parent.strAlias, depth: parent.depth + 1}
	if param.Name() != "" && param.Name() != "_" {
		sub.taint(param)
		sub.drain()
	}
	s := paramSummary{escapes: sub.escapes, written: sub.written, dynamic: sub.dynamic, toResult: sub.toResult, readInto: sub.readInto}
	if !parent.strAlias {
		top := len(c.inProgress) - 1
		provisional := c.low[top] < top
		c.inProgress, c.low = c.inProgress[:top], c.low[:top]
		if provisional {
			delete(c.summaries, key) // computed again when asked again
		} else {
			c.summaries[key] = &s
		}
	}
	return s, true
}

// recursion records that the summaries being computed above key's on the
// stack met key, still in progress, again.
func (c *checker) recursion(key paramKey) {
	idx := -1
	for i, k := range c.inProgress {
		if k == key {
			idx = i
			break
		}
	}
	for j := idx + 1; j < len(c.low); j++ {
		c.low[j] = min(c.low[j], idx)
	}
}

// fresh lists functions of the pure packages whose result is a new copy.
var fresh = map[string]bool{
	"bytes.Clone":   true,
	"strings.Clone": true,
	"slices.Clone":  true,
}

// assigned reports whether the expression at cur is assigned to (m[k] = v,
// m[k] += v, m[k]++) or has its address taken.
func assigned(cur inspector.Cursor) bool {
	switch cur.ParentEdgeKind() {
	case edge.AssignStmt_Lhs, edge.IncDecStmt_X, edge.RangeStmt_Key, edge.RangeStmt_Value:
		return true
	case edge.UnaryExpr_X:
		return cur.Parent().Node().(*ast.UnaryExpr).Op == token.AND
	}
	return false
}

func asVar(obj types.Object) *types.Var {
	v, _ := obj.(*types.Var)
	return v
}

// freshResult lists methods of tracked values whose results do not share
// the tracked value's memory: fastjson's Value.MarshalTo appends a copy to
// its argument, and a multipart.Writer's FormDataContentType and Boundary
// return its boundary, not what it wrote.
var freshResult = map[string]bool{"MarshalTo": true, "FormDataContentType": true, "Boundary": true}

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
	return refsOf(t, false)
}

// refsOf is holdsRefs, with strings counted as references if strs is set.
func refsOf(t types.Type, strs bool) bool {
	if t == nil {
		return true
	}
	if types.Identical(t, errorType) {
		return false
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		// An invalid type (code that does not type-check) may be anything.
		return u.Kind() == types.UnsafePointer || u.Kind() == types.Invalid || (strs && u.Info()&types.IsString != 0)
	case *types.Tuple:
		for v := range u.Variables() {
			if refsOf(v.Type(), strs) {
				return true
			}
		}
		return false
	case *types.Struct:
		for v := range u.Fields() {
			if refsOf(v.Type(), strs) {
				return true
			}
		}
		return false
	case *types.Array:
		return refsOf(u.Elem(), strs)
	}
	return true
}

var errorType = types.Universe.Lookup("error").Type()
