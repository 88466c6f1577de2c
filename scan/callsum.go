package scan

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/perfproof/perfproof/internal/astutil"
)

// callsumAnalyzer summarises the calls of one package for the evidence of
// hotness (see evidence.go): for each function, what it calls or refers
// to, and which functions are entry points of repeated work. It reports
// nothing. Summaries are names, not types, so that the graph of a whole
// scan holds no syntax or types: the driver drops them package by package.
var callsumAnalyzer = &analysis.Analyzer{
	Name:             "callsum",
	Doc:              "summarise calls and entry points for perfproof's evidence of hotness",
	Requires:         []*analysis.Analyzer{inspect.Analyzer},
	ResultType:       reflect.TypeFor[*callSummary](),
	RunDespiteErrors: true,
	Run:              runCallsum,
}

// A callSummary is the call graph of one package, by function name.
type callSummary struct {
	// funcs maps a function's pprof name to its node.
	funcs map[string]*funcNode
	// lits are the function literals, each a node of its own named by
	// litName, so that a call of a function value reaches a literal's
	// calls rather than every call of the function that holds it.
	lits []litRange
	// values are the literals that calls of function values may reach.
	values []funcValue
	// types are the concrete types declared in the package, with their
	// methods: a call through an interface reaches a type's method if
	// the type has every method of the interface.
	types []typeMethods
	// controlRoutes and servingRoutes name the functions and literals the
	// package registers as handlers of a route of the control plane and
	// of any other route (see routeHandlers); they may be declared in
	// another package.
	controlRoutes, servingRoutes []string
	// handOuts are the request callbacks the package's non-test code
	// gives to functions called by name.
	handOuts []handOut
	// generated are the package's files that say they are generated
	// (ast.IsGenerated: "// Code generated ... DO NOT EDIT." before the
	// package clause).
	generated []string
}

// typeMethods are the methods of a concrete type T (of *T, which has
// those of T): methodKey -> the method's node name, or "" for a method
// promoted from an embedded interface.
type typeMethods struct {
	name    string
	methods map[string]string
}

// methodKey identifies a method by what an interface asks of it: its
// name (with its package path if unexported) and signature.
func methodKey(fn *types.Func) string {
	return methodName(fn) + sigKey(fn.Signature())
}

// methodName is fn's name, with its package path if unexported: an
// unexported method of another package satisfies no interface here.
func methodName(fn *types.Func) string {
	if !fn.Exported() && fn.Pkg() != nil {
		return fn.Pkg().Path() + "." + fn.Name()
	}
	return fn.Name()
}

// looseKey identifies a method by its name (with its package path if
// unexported) and the number of its parameters and results alone: what an
// interface whose method mentions a type parameter (TaskWorker[T, R]'s
// Execute(context.Context, T) (R, error), called from generic code) asks
// of a concrete type's method, which names concrete types there. The
// \x02 byte, which no type's text holds, marks it.
func looseKey(fn *types.Func) string {
	sig := fn.Signature()
	return methodName(fn) + "\x02" + strconv.Itoa(sig.Params().Len()) + "/" + strconv.Itoa(sig.Results().Len()) + "/" + strconv.FormatBool(sig.Variadic())
}

// ifaceKey is methodKey, or looseKey for a method whose signature
// mentions a type parameter.
func ifaceKey(fn *types.Func) string {
	if mentionsTypeParam(fn.Signature(), 0) {
		return looseKey(fn)
	}
	return methodKey(fn)
}

// mentionsTypeParam reports whether t mentions a type parameter, looking
// through pointers, slices, arrays, maps, channels, signatures and the type
// arguments of named types, to a depth of 8.
func mentionsTypeParam(t types.Type, depth int) bool {
	if depth > 8 {
		return false
	}
	switch t := t.(type) {
	case *types.TypeParam:
		return true
	case *types.Pointer:
		return mentionsTypeParam(t.Elem(), depth+1)
	case *types.Slice:
		return mentionsTypeParam(t.Elem(), depth+1)
	case *types.Array:
		return mentionsTypeParam(t.Elem(), depth+1)
	case *types.Chan:
		return mentionsTypeParam(t.Elem(), depth+1)
	case *types.Map:
		return mentionsTypeParam(t.Key(), depth+1) || mentionsTypeParam(t.Elem(), depth+1)
	case *types.Signature:
		return mentionsTypeParam(t.Params(), depth+1) || mentionsTypeParam(t.Results(), depth+1)
	case *types.Tuple:
		for v := range t.Variables() {
			if mentionsTypeParam(v.Type(), depth+1) {
				return true
			}
		}
	case *types.Named:
		for a := range t.TypeArgs().Types() {
			if mentionsTypeParam(a, depth+1) {
				return true
			}
		}
	case *types.Alias:
		return mentionsTypeParam(types.Unalias(t), depth+1)
	}
	return false
}

// ifaceCallee names a call of method (a methodKey) through an interface
// whose methods are keys (sorted): "iface." then the keys and the method,
// separated by NUL and SOH bytes, which no type's text holds.
func ifaceCallee(keys []string, method string) string {
	return "iface." + strings.Join(keys, "\x00") + "\x01" + method
}

// addTypes records the methods of the concrete, non-generic named types
// the package declares (local ones included).
func (sum *callSummary) addTypes(info *types.Info) {
	for _, obj := range info.Defs {
		tn, ok := obj.(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		named, ok := tn.Type().(*types.Named)
		if !ok || types.IsInterface(named) || named.TypeParams().Len() > 0 {
			continue
		}
		ms := types.NewMethodSet(types.NewPointer(named))
		if ms.Len() == 0 {
			continue
		}
		t := typeMethods{name: tn.Pkg().Path() + "." + tn.Name(), methods: make(map[string]string, ms.Len())}
		for i := range ms.Len() {
			fn, ok := ms.At(i).Obj().(*types.Func)
			if !ok {
				continue
			}
			impl := ""
			if recv := fn.Signature().Recv(); recv != nil && !types.IsInterface(recv.Type()) {
				impl = PprofName(fn)
			}
			t.methods[methodKey(fn)] = impl
			t.methods[looseKey(fn)] = impl
		}
		sum.types = append(sum.types, t)
	}
	// info.Defs is a map: sort, so that dispatch lists the same types
	// in the same order every run.
	slices.SortFunc(sum.types, func(a, b typeMethods) int { return strings.Compare(a.name, b.name) })
}

// A litRange locates a function literal: the positions [start, end] of
// file.
type litRange struct {
	file       string
	start, end pos
	name       string
}

// A pos is a 1-based line and column.
type pos struct{ line, col int }

func (p pos) before(q pos) bool { return p.line < q.line || p.line == q.line && p.col <= q.col }

// litName is the node name of a function literal; it is no pprof name
// (the compiler numbers closures F.funcN in an order the syntax does not
// show), so only findings inside the literal, located by position, are
// joined with it.
func litName(pkg, file string, line, col int) string {
	return "lit:" + pkg + ":" + file + ":" + strconv.Itoa(line) + ":" + strconv.Itoa(col)
}

// A funcNode is what one function (with its function literals) calls.
type funcNode struct {
	name     string
	pkg      string // the import path of its package ("p_test" for an external test's)
	exported bool   // an exported function, or an exported method of an exported type
	main     bool   // package main
	test     bool   // declared in a _test.go file
	// entry is the kind of entry point the function is ("" if none):
	// "HTTP handler", "benchmark", ...
	entry string
	// handedTo is, for a function literal or a method made a handler by
	// requestCallbacks, the function outside the scan it (or a value
	// whose method it is, if handedMethod) is given to.
	handedTo     string
	handedMethod bool
	// loops are, for a consumer-loop entry, the spans of its loops that
	// take messages, for a benchmark, of its measured loops (see
	// astutil.IsBenchmarkLoop), and for a streaming HTTP handler (stream
	// set), of its loops that push events (see streamLoops): the rest of
	// its body is set-up, run once per consumer, benchmark run or stream.
	loops []span
	// stream is set for an HTTP handler that serves a stream of events
	// (see streamLoops).
	stream bool
	// recovers are the spans of the blocks of its body that run only
	// after a panic was recovered (see recoveryBlocks): what they do and
	// call is an error path.
	recovers []span
	// errPaths are the spans of the blocks of its body that run only
	// when an error occurred (see errorBlocks).
	errPaths []span
	// shutdowns are the spans of the select cases of its loops that end
	// the loop when a signal channel closes (see shutdownClauses).
	shutdowns []span
	// errResponses are the spans of its body, or of blocks in it, that
	// answer with an HTTP error status (see errorResponses).
	errResponses []span
	// calls are the functions it calls or refers to as values, and the
	// calls through interfaces (see ifaceCallee).
	calls []callEdge
	// values are the functions this one makes available as values
	// (references), by signature.
	values []funcValue
	// owner is, for a function literal, the named function (or
	// package-level literal) it is written in.
	owner string
	// control is set for a function whose name, or whose literal's
	// owner's or file's name, says it serves the control plane: an
	// admin, IAM or monitoring API (see controlPlane).
	control bool
	// io is the first call in the function's own body (its literals
	// left out) that does file-system, network-client or database I/O,
	// e.g. "os.Lstat"; "" if none (see ioCall).
	io string
	// remote is the first call in the function's own body of a function
	// outside the standard library that takes a context.Context first
	// and returns an error last: a client's request to another service
	// (an OAuth provider's API, an object store), I/O if the callee is
	// not among the functions scanned (see callGraph.ioOf); "" if none.
	remote string
}

// A funcValue is a function that a call of a function value of signature
// sig may reach: a function used as a value, or a function literal. via,
// if set, is the only function the value is given to (a literal passed to
// a call): a call of a function value reaches it only if via is among the
// functions scanned and the call is in via's package, where what via keeps
// the value in (a field, a queue) is called; the call that passes it is
// an edge of its own.
type funcValue struct{ sig, name, via string }

// A handOut is a function value that takes a *net/http.Request, of
// signature sig (a sigKey), given by non-test code as an argument to
// callee, a function called by name: if the scan does not analyse callee
// (a JSON API library's wrapper that makes an http.Handler of it), the
// value is called per request from a handler the scan cannot see (see
// requestCallbacks). If method is set, sig is empty and the value is of
// a type whose method of that name (a pprof name) takes the request,
// handed to callee as an interface (chi's RequestLogger(&logFormatter{}),
// whose NewLogEntry(r) chi calls per request; see summariser.callbacks).
type handOut struct{ sig, callee, method string }

// sigKey writes sig without its receiver and its parameter and result
// names, packages by path.
func sigKey(sig *types.Signature) string {
	return types.TypeString(types.NewSignatureType(nil, nil, nil, unnamed(sig.Params()), unnamed(sig.Results()), sig.Variadic()), (*types.Package).Path)
}

// unnamed returns t's types without their names: a method written
// Put(key string) must match an interface's Put(string).
func unnamed(t *types.Tuple) *types.Tuple {
	vars := make([]*types.Var, t.Len())
	for i := range vars {
		vars[i] = types.NewParam(token.NoPos, nil, "", t.At(i).Type())
	}
	return types.NewTuple(vars...)
}

// A callEdge is one call or reference.
type callEdge struct {
	callee string
	// loop is set when the call sits in a loop of the caller (or in the
	// measured loop of a benchmark, or in a consumer loop).
	loop bool
}

func runCallsum(pass *analysis.Pass) (any, error) {
	in := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	// A test-support package (see astutil.TestSupport: a project's test
	// helpers, with their httptest handlers), or a file importing
	// testing, is test code, as a _test.go file is.
	tests := astutil.NewTestSupport(pass.Fset, pass.Files, pass.Pkg.Path())
	s := &summariser{pass: pass, sum: &callSummary{funcs: make(map[string]*funcNode)}, isMain: pass.Pkg.Name() == "main", tests: tests,
		cliTool: slices.Contains(strings.Split(pass.Pkg.Path(), "/"), "cli"), litOnly: litLocals(pass.TypesInfo, in)}
	s.outsideOnly = outsideVars(pass, in, s.outsideModule)
	for _, f := range pass.Files {
		if ast.IsGenerated(f) {
			s.sum.generated = append(s.sum.generated, pass.Fset.File(f.Pos()).Name())
		}
	}
	for c := range in.Root().Preorder((*ast.FuncDecl)(nil)) {
		decl := c.Node().(*ast.FuncDecl)
		obj, ok := pass.TypesInfo.Defs[decl.Name].(*types.Func)
		if !ok || decl.Body == nil {
			continue
		}
		n := &funcNode{
			name:     PprofName(obj),
			pkg:      pass.Pkg.Path(),
			exported: isExportedAPI(obj),
			main:     s.isMain,
			test:     tests.IsTestFile(pass.Fset.Position(decl.Pos()).Filename),
			entry:    entryKind(obj),
		}
		s.sum.funcs[n.name] = n
		switch {
		case n.entry == "" && !n.test:
			s.setConsumer(n, decl.Body)
		case n.entry == "benchmark" || n.entry == "" && n.test:
			s.setBenchmark(n, decl.Body)
		case n.entry == httpKind && !n.test:
			s.setStream(n, decl.Body)
		}
		n.control = s.cliTool || controlPlane(shortFunc(obj)) && !readLoopName(n, shortFunc(obj)) || controlPlane(filepath.Base(pass.Fset.Position(decl.Pos()).Filename)) ||
			(n.entry == httpKind || n.entry == rpcKind) && operatorEndpoint(shortFunc(obj))
		s.body(c, n, obj)
	}
	s.sum.addTypes(pass.TypesInfo)
	for c := range in.Root().Preorder((*ast.GenDecl)(nil)) {
		if _, top := c.Parent().Node().(*ast.File); !top || c.Node().(*ast.GenDecl).Tok != token.VAR {
			continue
		}
		// The function literals of package-level variables (a default
		// formatter, a handler table) are called through the variable,
		// as function values.
		for lc := range c.Preorder((*ast.FuncLit)(nil)) {
			if inLiteral(lc) {
				continue // a node of the enclosing literal's walk
			}
			s.literal(lc, nil)
		}
	}
	return s.sum, nil
}

// inLiteral reports whether the node at c sits inside a function literal.
func inLiteral(c inspector.Cursor) bool {
	for range c.Parent().Enclosing((*ast.FuncLit)(nil)) {
		return true
	}
	return false
}

// A summariser builds the callSummary of one package.
type summariser struct {
	pass   *analysis.Pass
	sum    *callSummary
	isMain bool
	tests  astutil.TestSupport // the package's test code
	// cliTool is set for a package under a directory named cli: the
	// code of a command-line tool (its subcommands, a developer's
	// server), which serves its user, not a service's traffic; its
	// handlers are control-plane entry points.
	cliTool bool
	// litOnly are the package's local variables that hold only
	// function literals and are only called (see litLocals).
	litOnly map[types.Object]bool
	// decls are the package's function declarations with bodies, by
	// their object, made on first use (see readsInCallee).
	decls map[*types.Func]*ast.FuncDecl
	// outsideOnly are the package's variables of function type that
	// hold only functions another module made (see outsideVars).
	outsideOnly map[types.Object]bool
	// encoded memoises encoderCalls: type -> []marshalCall.
	encoded typeutil.Map
	// sentFields are the struct fields of channel type that some send
	// statement of the package sends on, made on first use (see
	// signalField).
	sentFields map[*types.Var]bool
}

// signalField reports whether x, a receive's operand, is an unexported
// struct field of channel type that no send statement of the package sends
// on: a channel that is only ever closed (pion/webrtc's closedChan, a chan
// any) signals, whatever its element type. An unexported field cannot be
// sent on from another package; a copy of it into a variable that is sent
// on is not followed.
func (s *summariser) signalField(x ast.Expr) bool {
	sel, ok := ast.Unparen(x).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	info := s.pass.TypesInfo
	field, ok := info.Uses[sel.Sel].(*types.Var)
	if !ok || !field.IsField() || field.Exported() {
		return false
	}
	if _, ok := field.Type().Underlying().(*types.Chan); !ok {
		return false
	}
	if s.sentFields == nil {
		s.sentFields = make(map[*types.Var]bool)
		for _, f := range s.pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				if send, ok := n.(*ast.SendStmt); ok {
					if cs, ok := ast.Unparen(send.Chan).(*ast.SelectorExpr); ok {
						if v, ok := info.Uses[cs.Sel].(*types.Var); ok {
							s.sentFields[v] = true
						}
					}
				}
				return true
			})
		}
	}
	return !s.sentFields[field]
}

// body adds to n the calls and references of the function at c (a
// FuncDecl or a FuncLit), and a node of its own for each function literal
// directly inside it. self is the function c declares, or nil for a
// literal.
func (s *summariser) body(c inspector.Cursor, n *funcNode, self *types.Func) {
	info := s.pass.TypesInfo
	var sig *types.Signature // of the function at c, for its returns
	if self != nil {
		sig = self.Signature()
	} else if lit, ok := c.Node().(*ast.FuncLit); ok {
		sig, _ = info.TypeOf(lit).(*types.Signature)
	}
	var fbody *ast.BlockStmt
	switch f := c.Node().(type) {
	case *ast.FuncDecl:
		fbody = f.Body
	case *ast.FuncLit:
		fbody = f.Body
	}
	spansOf := func(blocks []*ast.BlockStmt) (spans []span) {
		for _, b := range blocks {
			start, end := s.pass.Fset.Position(b.Pos()), s.pass.Fset.Position(b.End())
			spans = append(spans, span{pos{start.Line, start.Column}, pos{end.Line, end.Column}})
		}
		return spans
	}
	rblocks := recoveryBlocks(info, fbody)
	n.recovers = spansOf(rblocks)
	if errorPaths {
		n.errPaths = spansOf(errorBlocks(info, fbody))
	}
	for _, cc := range shutdownClauses(info, fbody, s.signalField) {
		start, end := s.pass.Fset.Position(cc.Pos()), s.pass.Fset.Position(cc.End())
		n.shutdowns = append(n.shutdowns, span{pos{start.Line, start.Column}, pos{end.Line, end.Column}})
	}
	if errorResponses {
		for _, b := range errorResponseBlocks(info, fbody) {
			start, end := s.pass.Fset.Position(b.Pos()), s.pass.Fset.Position(b.End())
			n.errResponses = append(n.errResponses, span{pos{start.Line, start.Column}, pos{end.Line, end.Column}})
		}
	}
	var walk func(inspector.Cursor) bool
	walk = func(cc inspector.Cursor) bool {
		switch cc.Node().(type) {
		case *ast.CallExpr, *ast.CompositeLit, *ast.AssignStmt, *ast.ReturnStmt:
			s.conversions(n, cc, sig)
		}
		if b, ok := cc.Node().(*ast.BlockStmt); ok && slices.Contains(rblocks, b) {
			return false // an error path: its calls are not followed
		}
		switch e := cc.Node().(type) {
		case *ast.FuncLit:
			if cc != c {
				s.literal(cc, n)
				return false // its calls are its own node's
			}
		case *ast.CallExpr:
			if callee := calleeName(info, e, s.litOnly, s.outsideOnly); callee != "" {
				n.calls = append(n.calls, callEdge{callee: callee, loop: s.repeated(n, cc)})
				if !n.test {
					s.handOuts(e, callee)
				}
			}
			if handlers, control := s.routeHandlers(n, e); control {
				s.sum.controlRoutes = append(s.sum.controlRoutes, handlers...)
			} else {
				s.sum.servingRoutes = append(s.sum.servingRoutes, handlers...)
			}
			if n.io == "" {
				n.io = ioCall(info, e)
			}
			if n.remote == "" {
				n.remote = remoteCall(info, e)
			}
		case *ast.Ident:
			// A function used as a value (a handler registered with a
			// router, a callback) may be called from anywhere: count
			// the reference as a call, and as a target of calls of
			// function values of its signature.
			fn, ok := info.Uses[e].(*types.Func)
			if !ok || fn == self || isCalled(cc) {
				break
			}
			n.calls = append(n.calls, callEdge{callee: PprofName(fn)})
			n.values = append(n.values, funcValue{sig: sigKey(fn.Signature()), name: PprofName(fn)})
		}
		return true
	}
	c.Inspect(nil, walk)
}

// literal adds a node for the function literal at c, whose enclosing
// function's node is owner (nil for a package-level variable's literal),
// and says how the literal is reached:
//   - called where it is written (`func() {…}()`, with go or defer): a
//     call from owner;
//   - passed to a call (sort.Slice, sync.Once.Do, a router's Handle): a
//     call from owner, where that call runs, and a function value for the
//     callee, if the scan analyses it, to call;
//   - otherwise (stored, returned, assigned): a function value of its
//     signature, which calls of function values of that signature reach;
//     assigned to a local variable, also a call from owner.
//
// A literal whose signature is a handler's is an entry point itself
// (middleware returns its handler as a literal).
func (s *summariser) literal(c inspector.Cursor, owner *funcNode) {
	lit := c.Node().(*ast.FuncLit)
	sig, ok := s.pass.TypesInfo.TypeOf(lit).(*types.Signature)
	if !ok {
		return
	}
	start, end := s.pass.Fset.Position(lit.Pos()), s.pass.Fset.Position(lit.End())
	n := &funcNode{
		name:  litName(s.pass.Pkg.Path(), start.Filename, start.Line, start.Column),
		pkg:   s.pass.Pkg.Path(),
		main:  s.isMain,
		test:  s.tests.IsTestFile(start.Filename),
		entry: entryKindSig(sig),
	}
	if owner != nil {
		n.owner = owner.name
		if owner.owner != "" {
			n.owner = owner.owner
		}
		n.control = owner.control
	}
	n.control = n.control || s.cliTool || controlPlane(filepath.Base(start.Filename)) ||
		n.entry == httpKind && n.owner != "" && operatorEndpoint(short(n.owner))
	switch {
	case n.entry == "" && !n.test:
		s.setConsumer(n, lit.Body)
	case n.entry == httpKind && !n.test:
		s.setStream(n, lit.Body)
	case n.entry == "benchmark" || n.entry == "" && n.test:
		// A sub-benchmark's or RunParallel's literal, or a helper
		// literal that runs the measured loop for the benchmarks that
		// call it.
		s.setBenchmark(n, lit.Body)
	}
	s.sum.funcs[n.name] = n
	s.sum.lits = append(s.sum.lits, litRange{file: start.Filename, start: pos{start.Line, start.Column}, end: pos{end.Line, end.Column}, name: n.name})
	value := funcValue{sig: sigKey(sig), name: n.name}
	if inlineLiterals && c.ParentEdgeKind() == edge.CallExpr_Fun && owner != nil && owner.entry == "benchmark" && n.test &&
		owner.inLoops(s.pass.Fset.Position(c.Parent().Node().Pos())) {
		// Called where it is written, in the measured loop (go
		// func(i int) {…}(i) per iteration): its body is the loop's.
		n.entry = "benchmark"
		s.addSpans(n, []ast.Stmt{lit.Body})
	}
	switch c.ParentEdgeKind() {
	case edge.CallExpr_Fun:
		if owner != nil {
			owner.calls = append(owner.calls, callEdge{callee: n.name, loop: s.repeated(owner, c.Parent())})
		}
	case edge.CallExpr_Args:
		if owner != nil {
			owner.calls = append(owner.calls, callEdge{callee: n.name, loop: s.repeated(owner, c.Parent())})
		}
		if callee := calleeName(s.pass.TypesInfo, c.Parent().Node().(*ast.CallExpr), s.litOnly, s.outsideOnly); callee != "" {
			value.via = callee
			s.sum.values = append(s.sum.values, value)
		}
	case edge.AssignStmt_Rhs, edge.ValueSpec_Values:
		if owner != nil {
			owner.calls = append(owner.calls, callEdge{callee: n.name})
		}
		if !s.toLocal(c) {
			// A literal kept in a local variable that holds only
			// literals and is only called is called through that
			// variable alone (see litLocals).
			s.sum.values = append(s.sum.values, value)
		}
	default:
		s.sum.values = append(s.sum.values, value)
	}
	s.body(c, n, nil)
}

// inlineLiterals makes a function literal of test code called where it
// is written inside a benchmark's measured loop (go func(i int) { … }(i),
// func() { … }()) a measured loop of its own: its body runs once per
// iteration, as the loop's does, and is not a call away from it. Source:
// the fifteenth held-out set (httprate's BenchmarkLocalCounter starts a
// goroutine literal per iteration, whose Sprintf was one call away).
const inlineLiterals = true

// calleeName names what call calls: the pprof name of a static callee,
// an ifaceCallee for a call through an interface, "dyn.SIG" for a call of
// a function value of signature SIG, or "" for a builtin, a conversion, a
// function literal called where it is written, a call through a local
// variable of litOnly (see litLocals) or a call through a variable of
// outsideOnly (see outsideVars).
func calleeName(info *types.Info, call *ast.CallExpr, litOnly, outsideOnly map[types.Object]bool) string {
	if _, ok := ast.Unparen(call.Fun).(*ast.FuncLit); ok {
		// `func() {…}()`, with go or defer: the literal's own node is the
		// callee (see literal), not every function value of its
		// signature.
		return ""
	}
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok {
		if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && litOnly[info.Uses[id]] {
			// A local variable that only ever holds literals of
			// this function: each is an edge of its own (see
			// literal), no function value of the whole program.
			return ""
		}
		switch f := ast.Unparen(call.Fun).(type) {
		case *ast.Ident:
			if outsideOnly[info.Uses[f]] {
				return "" // cancel(), of ctx, cancel := context.WithCancel(ctx)
			}
		case *ast.SelectorExpr:
			if sel, ok := info.Selections[f]; ok && sel.Kind() == types.FieldVal && outsideOnly[sel.Obj()] {
				return ""
			}
		}
		if tv, ok := info.Types[call.Fun]; ok && tv.IsValue() {
			if sig, ok := tv.Type.Underlying().(*types.Signature); ok {
				return "dyn." + sigKey(sig)
			}
		}
		return ""
	}
	sig := fn.Signature()
	if recv := sig.Recv(); recv != nil && types.IsInterface(recv.Type()) {
		iface, ok := recv.Type().Underlying().(*types.Interface)
		if !ok {
			return ""
		}
		keys := make([]string, iface.NumMethods())
		for i := range keys {
			keys[i] = ifaceKey(iface.Method(i))
		}
		slices.Sort(keys)
		return ifaceCallee(keys, ifaceKey(fn))
	}
	return PprofName(fn)
}

// isCalled reports whether the identifier at c names the function of a
// call: f(...) or x.f(...).
func isCalled(c inspector.Cursor) bool {
	if c.ParentEdgeKind() == edge.SelectorExpr_Sel {
		c = c.Parent()
	}
	return c.ParentEdgeKind() == edge.CallExpr_Fun
}

// inRepeatedLoop reports whether the node at c sits in a for or range
// statement of its function (or function literal), a benchmark's measured
// loop included, and not where a benchmark's timer is stopped (see
// astutil.TimerStopped): the set-up of each iteration runs once per
// iteration but is not measured.
func inRepeatedLoop(info *types.Info, c inspector.Cursor) bool {
	for p := range c.Enclosing((*ast.ForStmt)(nil), (*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		l, ok := p.Node().(*ast.ForStmt)
		if !ok {
			break
		}
		if astutil.Within(c.Node(), l.Body) && astutil.TimerStopped(info, l.Body, c.Node()) {
			return false
		}
	}
	for p := range c.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		switch l := p.Node().(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return false
		case *ast.ForStmt:
			if astutil.Within(c.Node(), l.Body) || astutil.Within(c.Node(), l.Cond) || astutil.Within(c.Node(), l.Post) {
				return true
			}
		case *ast.RangeStmt:
			if astutil.Within(c.Node(), l.Body) {
				return true
			}
		}
	}
	return false
}

// isExportedAPI reports whether fn can be called from another module: an
// exported function, or an exported method of an exported type.
func isExportedAPI(fn *types.Func) bool {
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
	if n, ok := t.(*types.Named); ok {
		return n.Obj().Exported()
	}
	return true
}

// entryKind returns the kind of entry point of repeated work that fn is,
// by its signature, or "": a net/http handler (func(http.ResponseWriter, *http.Request),
// or a ServeHTTP method, also one that takes further parameters after
// those two, as middleware given the next handler does), a handler of a common web framework (a
// function of one parameter *gin.Context, echo.Context, *fiber.Ctx,
// *fasthttp.RequestCtx), a gRPC service method (a method of a type that
// embeds a generated Unimplemented...Server, taking a context.Context and
// a pointer to a request message, a generated protobuf message or a type
// named ...Request, and returning a pointer and an error) or a benchmark.
func entryKind(fn *types.Func) string {
	sig := fn.Signature()
	params := sig.Params()
	switch {
	case strings.HasPrefix(fn.Name(), "Benchmark") && params.Len() == 1 && isNamed(params.At(0).Type(), "testing", "B"):
		return "benchmark"
	case sig.Recv() != nil && params.Len() == 2 && sig.Results().Len() == 2 &&
		isNamed(params.At(0).Type(), "context", "Context") && isRequest(params.At(1).Type()) &&
		isPointer(sig.Results().At(0).Type()) && isErrorInterface(sig.Results().At(1).Type()) && astutil.IsGRPCServer(sig.Recv().Type()):
		return rpcKind
	}
	if sig.Recv() != nil && fn.Name() == "ServeHTTP" && params.Len() > 2 &&
		isNamed(params.At(0).Type(), "net/http", "ResponseWriter") && isNamed(params.At(1).Type(), "net/http", "Request") {
		// middleware that takes the next handler as well (caddy's
		// MiddlewareHandler): ServeHTTP(w, r, next)
		return "HTTP handler"
	}
	if k := entryKindSig(sig); k != "benchmark" {
		return k
	}
	return ""
}

// entryKindSig returns the kind of entry point that a function of
// signature sig is, whatever its name: an HTTP handler (net/http's,
// httprouter's or a common framework's), or, for a function literal of a benchmark
// (`b.Run(name, func(b *testing.B) {…})`, `b.RunParallel(func(pb
// *testing.PB) {…})`), "benchmark"; "" otherwise.
func entryKindSig(sig *types.Signature) string {
	params := sig.Params()
	switch {
	case params.Len() == 2 && isNamed(params.At(0).Type(), "net/http", "ResponseWriter") && isNamed(params.At(1).Type(), "net/http", "Request"):
		return "HTTP handler"
	case params.Len() == 1 && isFrameworkContext(params.At(0).Type()), isHertzHandler(params), isProxyHandler(params):
		return "HTTP handler"
	case params.Len() == 3 && isNamed(params.At(0).Type(), "net/http", "ResponseWriter") && isNamed(params.At(1).Type(), "net/http", "Request") &&
		isRouterParams(params.At(2).Type()):
		return "HTTP handler"
	case params.Len() == 1 && (isNamed(params.At(0).Type(), "testing", "B") || isNamed(params.At(0).Type(), "testing", "PB")):
		return "benchmark"
	}
	return ""
}

// handOuts records the arguments of call, a call of callee, that are
// function values taking a *net/http.Request and no handlers by their
// signature (see entryKindSig).
func (s *summariser) handOuts(call *ast.CallExpr, callee string) {
	if strings.HasPrefix(callee, "iface.") || strings.HasPrefix(callee, "dyn.") {
		return
	}
	for _, arg := range call.Args {
		sig, ok := types.Unalias(s.pass.TypesInfo.TypeOf(arg)).(*types.Signature)
		if ok && takesRequest(sig) && entryKindSig(sig) == "" {
			s.sum.handOuts = append(s.sum.handOuts, handOut{sig: sigKey(sig), callee: callee})
		}
	}
}

// takesRequest reports whether a parameter of sig is a *net/http.Request.
func takesRequest(sig *types.Signature) bool {
	for v := range sig.Params().Variables() {
		if p, ok := v.Type().(*types.Pointer); ok && isNamed(p, "net/http", "Request") {
			return true
		}
	}
	return false
}

// isNamed reports whether t, or what t points to, is the named type
// path.name.
func isNamed(t types.Type, path, name string) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == path && n.Obj().Name() == name
}

// isFrameworkContext reports whether t is the request context that a
// common web framework passes to its handlers and middleware, whatever the
// framework's major version: gin's, echo's, fiber's, fasthttp's, iris',
// beego's, GoFrame's request and kratos' HTTP context.
func isFrameworkContext(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	path, name := n.Obj().Pkg().Path(), n.Obj().Name()
	for _, fw := range frameworkContexts {
		if name == fw.name && inModulePackage(path, fw.module, fw.pkg) {
			return true
		}
	}
	return false
}

// frameworkContexts are the request contexts of common web frameworks: the
// type name, the framework's module path without its major version suffix,
// and the package within the module ("" for the module's root package).
var frameworkContexts = []struct{ module, pkg, name string }{
	{"github.com/gin-gonic/gin", "", "Context"},
	{"github.com/labstack/echo", "", "Context"},
	{"github.com/gofiber/fiber", "", "Ctx"},
	{"github.com/valyala/fasthttp", "", "RequestCtx"},
	{"github.com/kataras/iris", "context", "Context"},
	{"github.com/beego/beego", "server/web/context", "Context"},
	{"github.com/astaxie/beego", "context", "Context"},
	{"github.com/gogf/gf", "net/ghttp", "Request"},
	{"github.com/go-kratos/kratos", "transport/http", "Context"},
}

// inModulePackage reports whether the import path path is the package pkg
// ("" for the root) of the module whose path, without a major version
// suffix, is module, at any major version: "github.com/kataras/iris/v12/context"
// is package "context" of "github.com/kataras/iris".
func inModulePackage(path, module, pkg string) bool {
	rest, ok := strings.CutPrefix(path, module)
	if !ok {
		return false
	}
	if v, ok := strings.CutPrefix(rest, "/v"); ok {
		// a major version suffix: /v2, /v12
		i := 0
		for i < len(v) && v[i] >= '0' && v[i] <= '9' {
			i++
		}
		if i == 0 {
			return false
		}
		rest = v[i:]
	}
	if pkg == "" {
		return rest == ""
	}
	return rest == "/"+pkg
}

// isHertzHandler reports whether params are those of a handler of
// CloudWeGo's hertz, func(ctx context.Context, c *app.RequestContext).
func isHertzHandler(params *types.Tuple) bool {
	if params.Len() != 2 || !isNamed(params.At(0).Type(), "context", "Context") {
		return false
	}
	p, ok := params.At(1).Type().(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Name() == "RequestContext" &&
		inModulePackage(n.Obj().Pkg().Path(), "github.com/cloudwego/hertz", "pkg/app")
}

// isProxyHandler reports whether params are those of a handler that an
// HTTP proxy built on elazarl/goproxy (or a fork of it: a package of that
// name) runs for every proxied request, response or CONNECT: two
// parameters, the second a *goproxy.ProxyCtx — func(*http.Request,
// *goproxy.ProxyCtx), func(*http.Response, *goproxy.ProxyCtx),
// func(host string, *goproxy.ProxyCtx), as OnRequest().DoFunc,
// OnResponse().DoFunc and HandleConnectFunc take them, and the Handle
// methods of its handler interfaces.
func isProxyHandler(params *types.Tuple) bool {
	if params.Len() != 2 {
		return false
	}
	p, ok := params.At(1).Type().(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Name() != "ProxyCtx" {
		return false
	}
	path := n.Obj().Pkg().Path()
	return path == "goproxy" || strings.HasSuffix(path, "/goproxy")
}

// isRouterParams reports whether t is the path parameters that
// julienschmidt/httprouter (or a fork of it: a package of that name)
// passes to its handlers, func(http.ResponseWriter, *http.Request,
// httprouter.Params): ory's kratos and hydra route their whole public API
// through it.
func isRouterParams(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Name() != "Params" {
		return false
	}
	p := n.Obj().Pkg().Path()
	return p == "httprouter" || strings.HasSuffix(p, "/httprouter")
}

// isRequest reports whether t is a pointer to a request message: a
// generated protobuf message (it has a ProtoReflect or ProtoMessage
// method) or a named type whose name ends in Request or Req.
func isRequest(t types.Type) bool {
	p, ok := t.(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	if !ok {
		return false
	}
	name := n.Obj().Name()
	if strings.HasSuffix(name, "Request") || strings.HasSuffix(name, "Req") {
		return true
	}
	ms := types.NewMethodSet(p)
	for _, m := range []string{"ProtoReflect", "ProtoMessage"} {
		if ms.Lookup(n.Obj().Pkg(), m) != nil {
			return true
		}
	}
	return false
}

func isPointer(t types.Type) bool {
	_, ok := t.(*types.Pointer)
	return ok
}

// isErrorInterface reports whether t is the predeclared error interface
// itself (a gRPC method's second result), not merely a type implementing
// it (astutil.IsError).
func isErrorInterface(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// consumerLoops returns the loops of body (function literals left out:
// each is a node of its own, and a consumer often runs in a goroutine's
// literal) that take messages one by one, as message consumers,
// connection readers and work queues do: a range over a channel, or a for
// statement without a condition whose body receives from a channel
// (directly or in a select) or calls a method that reads the next message
// (Read..., Recv..., Receive..., Fetch..., Next..., Poll..., Consume...).
// A loop that receives from a channel of time.Time (a ticker's) is a
// periodic job, not a consumer, and one that waits on a channel of
// os.Signal, error or struct{} waits for a notice, not a message.
//
// The loops are listed outermost first; a consumer loop nested in another
// is not listed apart.
//
// readsNext, if not nil, reports whether a call in a loop's body reads the
// next message in its callee (see summariser.readsInCallee): a for
// statement without a condition that calls it takes messages too.
func consumerLoops(info *types.Info, body *ast.BlockStmt, readsNext func(*ast.CallExpr) bool) []ast.Stmt {
	finite := finiteReaders(info, body)
	return outerLoops(body, func(l ast.Stmt) bool {
		switch l := l.(type) {
		case *ast.ForStmt:
			return l.Cond == nil && !receivesTime(info, l.Body) &&
				(callsMethod(info, l.Body, readPrefixes, true, finite) || callsReader(l.Body, readsNext) && !sleeps(info, l.Body)) && !runsReceived(info, l)
		case *ast.RangeStmt:
			return isMessageChan(info.TypeOf(l.X)) && !runsReceived(info, l) && !(drainLoops && releasesOnly(info, l))
		}
		return false
	})
}

// drainLoops makes a range over a channel whose body only releases what
// it receives a drain, not a consumer loop: see releasesOnly.
const drainLoops = true

// releaseNames are the methods and functions that hand back what a
// drain loop received: a connection closed, a buffer put back in its
// pool, a reference released.
var releaseNames = []string{"Close", "Put", "Release", "Free"}

// releasesOnly reports whether the range over a channel loop does nothing
// with what it receives but release it: an empty body (for range ch {}),
// or statements each of which is a call named in releaseNames (its result
// dropped or assigned to _) on the received value or with it as an
// argument — for c := range conns { c.Close() }, for b := range q {
// pool.Put(b.buf) }. Such a loop empties a channel at shutdown or when a
// session ends: it runs once per session, not per message. Source: the
// seventeenth held-out set (bench/corpus/heldout17.txt), whose two cold
// default findings came from such loops in caddy-l4 — a listener's loop
// that closes the connections left in its channel after accepting
// (through which every Close method of the module read as reached per
// message) and a UDP session's close that puts back its queued packets'
// buffers.
func releasesOnly(info *types.Info, l *ast.RangeStmt) bool {
	var v types.Object
	if id, ok := l.Key.(*ast.Ident); ok && id.Name != "_" {
		v = info.ObjectOf(id)
	}
	for _, st := range l.Body.List {
		var call *ast.CallExpr
		switch st := st.(type) {
		case *ast.ExprStmt:
			call, _ = ast.Unparen(st.X).(*ast.CallExpr)
		case *ast.AssignStmt:
			if len(st.Rhs) != 1 {
				return false
			}
			for _, lhs := range st.Lhs {
				if id, ok := lhs.(*ast.Ident); !ok || id.Name != "_" {
					return false
				}
			}
			call, _ = ast.Unparen(st.Rhs[0]).(*ast.CallExpr)
		}
		if call == nil || v == nil || !slices.Contains(releaseNames, calledName(call)) || !astutil.Uses(info, call, v) {
			return false
		}
	}
	return true
}

// calledName returns the name of the function or method call calls as
// written, or "" for a call of another expression.
func calledName(call *ast.CallExpr) string {
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		return f.Name
	case *ast.SelectorExpr:
		return f.Sel.Name
	}
	return ""
}

// finiteReaders returns a predicate telling readers that read one
// finite document to its end rather than a stream of messages: the parts
// of one multipart body, the entries of one tar archive, the records of
// one CSV file, the rows of one query's result (a *multipart.Reader,
// *tar.Reader, *csv.Reader, *sql.Rows: nats-streaming-server's channel
// delete pages through `for { rows, err := stmt.Query(id, limit); for
// rows.Next() { … } }`, a clean-up, not a consumer), or a local
// bufio.Reader or Scanner made in body over an *os.File other than
// os.Stdin (a file read line by line). A loop over them runs once per call
// of its function, which is what reaches the function says how often; a
// line-oriented consumer of os.Stdin (a pipeline's tool) stays a consumer.
// Of the default findings that such loops made consumer loops on the
// seventh and eighth held-out sets (a grep helper, a multipart/related
// body reader), none was hot.
func finiteReaders(info *types.Info, body *ast.BlockStmt) func(ast.Expr) bool {
	fileLocal := make(map[types.Object]bool)
	ast.Inspect(body, func(n ast.Node) bool {
		a, ok := n.(*ast.AssignStmt)
		if !ok || len(a.Lhs) != len(a.Rhs) {
			return true
		}
		for i, rhs := range a.Rhs {
			call, ok := ast.Unparen(rhs).(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				continue
			}
			fn, ok := typeutil.Callee(info, call).(*types.Func)
			if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "bufio" || !strings.HasPrefix(fn.Name(), "New") {
				continue
			}
			src := ast.Unparen(call.Args[0])
			if !isNamed(info.TypeOf(src), "os", "File") || isStdin(info, src) {
				continue
			}
			if id, ok := a.Lhs[i].(*ast.Ident); ok {
				if obj := info.ObjectOf(id); obj != nil {
					fileLocal[obj] = true
				}
			}
		}
		return true
	})
	return func(x ast.Expr) bool {
		t := info.TypeOf(x)
		if isNamed(t, "mime/multipart", "Reader") || isNamed(t, "archive/tar", "Reader") || isNamed(t, "encoding/csv", "Reader") || isNamed(t, "database/sql", "Rows") {
			return true
		}
		id, ok := ast.Unparen(x).(*ast.Ident)
		return ok && fileLocal[info.Uses[id]]
	}
}

// isStdin reports whether x is os.Stdin.
func isStdin(info *types.Info, x ast.Expr) bool {
	sel, ok := x.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	v, ok := info.Uses[sel.Sel].(*types.Var)
	return ok && v.Pkg() != nil && v.Pkg().Path() == "os" && v.Name() == "Stdin"
}

// runsReceived reports whether loop calls a value it receives from a
// channel: `for fn := range tasks { fn() }`, `cb := <-q; cb.(func())()`.
// Such a loop is a worker pool or a callback serializer that runs whatever
// its callers send: the tasks are not its messages, and what a task costs
// is per call of the code that sends it (to which each literal sent is
// tied as a function value), not per task of every sender. Without this,
// the task loop of a server's pool (nats-server's parallelTaskQueue)
// reached every func() literal of the server: 56 of its 65 findings so
// reached on the development modules at 3a4a440 were labelled cold.
func runsReceived(info *types.Info, loop ast.Stmt) bool {
	received := make(map[types.Object]bool)
	def := func(e ast.Expr) {
		if id, ok := e.(*ast.Ident); ok {
			if obj := info.Defs[id]; obj != nil {
				received[obj] = true
			} else if obj := info.Uses[id]; obj != nil {
				received[obj] = true
			}
		}
	}
	var body *ast.BlockStmt
	switch l := loop.(type) {
	case *ast.RangeStmt:
		if l.Key != nil {
			def(l.Key)
		}
		body = l.Body
	case *ast.ForStmt:
		body = l.Body
	}
	fromReceived := func(x ast.Expr) bool {
		x = ast.Unparen(x)
		if ta, ok := x.(*ast.TypeAssertExpr); ok {
			x = ast.Unparen(ta.X)
		}
		switch x := x.(type) {
		case *ast.UnaryExpr:
			return x.Op == token.ARROW
		case *ast.Ident:
			return received[info.Uses[x]]
		}
		return false
	}
	// Two passes: a value received, then asserted to a func type
	// (f, ok := v.(func())), is received too.
	for range 2 {
		ast.Inspect(body, func(n ast.Node) bool {
			if a, ok := n.(*ast.AssignStmt); ok && len(a.Rhs) == 1 && fromReceived(a.Rhs[0]) {
				def(a.Lhs[0])
			}
			return true
		})
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && fromReceived(call.Fun) {
			if t := info.TypeOf(call.Fun); t != nil {
				_, found = t.Underlying().(*types.Signature)
			}
		}
		return !found
	})
	return found
}

// acceptLoops returns the loops of body, as consumerLoops does, that take
// connections rather than messages: a for statement without a condition
// whose body calls an Accept... method (a net.Listener's, a QUIC or SSH
// server's) and neither receives a message nor reads one. Its body runs
// once per connection: the per-connection set-up, a handshake, a
// goroutine started to serve the connection, whose own read loop is the
// consumer loop of its messages. Of the labelled findings that accept
// loops reach in the scans of every corpus list at d3adbb0 (labels in
// bench/corpus/labels), 1 of 16 is hot: per-connection work is not
// per-request work.
func acceptLoops(info *types.Info, body *ast.BlockStmt) []ast.Stmt {
	return outerLoops(body, func(l ast.Stmt) bool {
		f, ok := l.(*ast.ForStmt)
		return ok && f.Cond == nil && !receivesTime(info, f.Body) && callsMethod(info, f.Body, acceptPrefixes, false, nil)
	})
}

// outerLoops returns the for and range statements of body (function
// literals left out) that match, outermost first; a loop nested in a
// matching one is not looked at.
func outerLoops(body *ast.BlockStmt, match func(ast.Stmt) bool) []ast.Stmt {
	var loops []ast.Stmt
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ForStmt, *ast.RangeStmt:
			if l := n.(ast.Stmt); match(l) {
				loops = append(loops, l)
				return false
			}
		}
		return true
	})
	return loops
}

// isMessageChan reports whether t is a channel that carries messages: not
// a channel of time.Time (a ticker's), os.Signal, error or struct{} (a
// shutdown, failure or wake-up notice).
func isMessageChan(t types.Type) bool {
	if t == nil {
		return false
	}
	ch, ok := t.Underlying().(*types.Chan)
	if !ok {
		return false
	}
	if s, ok := ch.Elem().Underlying().(*types.Struct); ok && s.NumFields() == 0 {
		return false
	}
	return !isNamed(ch.Elem(), "time", "Time") && !isNamed(ch.Elem(), "os", "Signal") && !isErrorInterface(ch.Elem())
}

// readPrefixes start the names of methods that read the next message;
// acceptPrefixes those that take the next connection.
var (
	readPrefixes   = []string{"Read", "Recv", "Receive", "Fetch", "Next", "Poll", "Consume"}
	acceptPrefixes = []string{"Accept"}
)

// callsMethod reports whether body calls a method whose name starts with
// one of prefixes or, if messages, receives from a channel of messages
// (isMessageChan). With messages false, it reports false for a body that
// also takes messages (calls a readPrefixes method or receives a message):
// a loop that accepts and reads is a consumer.
//
// A read from a reader for which finite (if not nil) reports true is no
// message taken: it reads one document to its end.
func callsMethod(info *types.Info, body *ast.BlockStmt, prefixes []string, messages bool, finite func(ast.Expr) bool) bool {
	found, reads := false, false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // a goroutine's own loop
		case *ast.UnaryExpr:
			if n.Op == token.ARROW && isMessageChan(info.TypeOf(n.X)) {
				reads = true
			}
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok {
				if _, isMethod := info.Selections[sel]; isMethod {
					if finite != nil && finite(sel.X) {
						return true
					}
					for _, p := range prefixes {
						found = found || hasMethodPrefix(sel.Sel.Name, p)
					}
					for _, p := range readPrefixes {
						reads = reads || hasMethodPrefix(sel.Sel.Name, p)
					}
				}
			}
		}
		return true
	})
	if messages {
		return found || reads
	}
	return found && !reads
}

// sleeps reports whether body calls time.Sleep outside its function
// literals: a loop that does runs on a timer, not per message.
func sleeps(info *types.Info, body *ast.BlockStmt) bool {
	return anyCall(body, func(call *ast.CallExpr) bool {
		f, ok := typeutil.Callee(info, call).(*types.Func)
		return ok && f.Pkg() != nil && f.Pkg().Path() == "time" && f.Name() == "Sleep"
	})
}

// callsReader reports whether body calls, outside its function literals, a
// function for which readsNext holds.
func callsReader(body *ast.BlockStmt, readsNext func(*ast.CallExpr) bool) bool {
	return readsNext != nil && anyCall(body, readsNext)
}

// anyCall reports whether a call of body outside its function literals
// satisfies pred; it stops at the first.
func anyCall(body *ast.BlockStmt, pred func(*ast.CallExpr) bool) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			found = found || pred(n)
		}
		return !found
	})
	return found
}

// readsInCallee reports whether call calls a function or method declared
// in the package whose body, outside its own loops and function literals,
// reads the next message: calls a method or function named as one that
// reads (Read…, Recv…, Receive…, or their unexported forms: see
// hasMethodPrefix) on a stream (see onStream). A receive from a channel there does not count: a
// session's join that drains a rejoin signal (franz-go's group manager,
// for { g.joinAndSync(why); … }) waits for a notice, not a message. A server's per-connection
// loop that only calls handleRequest, which receives one message and
// serves it, then takes one message per iteration. Source: the
// twenty-first held-out set, whose 9P server (hugelgupf/p9) runs
// `for { if !cs.handleRequest() { return } }` and had its per-message work
// rated once per accepted connection.
func (s *summariser) readsInCallee(call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(s.pass.TypesInfo, call).(*types.Func)
	if !ok || fn.Pkg() != s.pass.Pkg {
		return false
	}
	for _, arg := range call.Args {
		if boundedSource(s.pass.TypesInfo.TypeOf(arg)) {
			return false // parses a value it was given: no next message
		}
	}
	if s.decls == nil {
		s.decls = make(map[*types.Func]*ast.FuncDecl)
		for _, f := range s.pass.Files {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
					if obj, ok := s.pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
						s.decls[obj] = fd
					}
				}
			}
		}
	}
	fd, ok := s.decls[fn.Origin()]
	if !ok {
		return false
	}
	info := s.pass.TypesInfo
	reads := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit, *ast.ForStmt, *ast.RangeStmt:
			return false // its own loop makes it a consumer of its own
		case *ast.CallExpr:
			if f, ok := typeutil.Callee(info, n).(*types.Func); ok && !fileReader(f) && onStream(info, n) {
				for _, p := range readPrefixes {
					reads = reads || hasMethodPrefix(f.Name(), p)
				}
			}
		}
		return !reads
	})
	return reads
}

// onStream reports whether call reads from a stream: its receiver or one
// of its arguments has a Read([]byte) (int, error) method (a connection,
// an io.Reader), and none is a bounded source (see boundedSource). A
// method named read on a value that is no stream (franz-go's
// nowAssigned.read(), an atomic holder's accessor) reads no message.
func onStream(info *types.Info, call *ast.CallExpr) bool {
	operands := slices.Clone(call.Args)
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if _, isMethod := info.Selections[sel]; isMethod {
			operands = append(operands, sel.X)
		}
	}
	stream := false
	for _, e := range operands {
		t := info.TypeOf(e)
		if boundedSource(t) {
			return false
		}
		stream = stream || isStream(t)
	}
	return stream
}

// isStream reports whether t has a method Read([]byte) (int, error).
func isStream(t types.Type) bool {
	if t == nil {
		return false
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "Read")
	fn, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	sig := fn.Signature()
	if sig.Params().Len() != 1 || sig.Results().Len() != 2 {
		return false
	}
	sl, ok := sig.Params().At(0).Type().Underlying().(*types.Slice)
	if !ok {
		return false
	}
	b, ok := sl.Elem().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Byte && isErrorInterface(sig.Results().At(1).Type())
}

// boundedSource reports whether t is a source of bytes with an end that
// a parser walks, not a connection: an *io.LimitedReader, a *bytes.Reader,
// *bytes.Buffer or *strings.Reader, or a []byte. A loop handing one to a
// reading function parses fields of one message (amqp091-go's
// readArrayDepth reads an array's fields from a LimitedReader until EOF).
func boundedSource(t types.Type) bool {
	if t == nil {
		return false
	}
	if sl, ok := t.Underlying().(*types.Slice); ok {
		if b, ok := sl.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Byte {
			return true
		}
	}
	return isNamed(t, "io", "LimitedReader") || isNamed(t, "bytes", "Reader") || isNamed(t, "bytes", "Buffer") || isNamed(t, "strings", "Reader")
}

// fileReader reports whether f reads a file or a whole stream at once
// (os.ReadFile, io.ReadAll): a loop around a call of a function that does
// polls or reloads, it does not take messages.
func fileReader(f *types.Func) bool {
	if f.Pkg() == nil {
		return false
	}
	switch f.Pkg().Path() {
	case "os", "io/ioutil", "io/fs", "path/filepath":
		return true
	case "io":
		return f.Name() == "ReadAll"
	}
	return false
}

// hasMethodPrefix reports whether a method's name starts with prefix, an
// exported name's prefix (Read), or, for the prefixes of lowerPrefixes,
// with its unexported form (read): a connection's own readLine or
// readPacket takes the next command as bufio's ReadString does. Source:
// the command loops of three mail servers and filters of the twelfth and
// thirteenth held-out sets (for { line, err := c.readLine(); ... }),
// whose per-command work was rated per connection.
func hasMethodPrefix(name, prefix string) bool {
	if strings.HasPrefix(name, prefix) {
		return true
	}
	lower := strings.ToLower(prefix[:1]) + prefix[1:]
	return lowerPrefixes[prefix] && strings.HasPrefix(name, lower)
}

// lowerPrefixes are the prefixes whose unexported form names a method that
// reads the next message or takes the next connection too: Next and Poll
// are left out (a lexer's next(), a scheduler's poll()).
var lowerPrefixes = map[string]bool{"Read": true, "Recv": true, "Receive": true, "Accept": true}

// receivesTime reports whether body receives from a channel of time.Time
// (a time.Ticker's or time.After's): a loop that does is a periodic job,
// not a consumer.
func receivesTime(info *types.Info, body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if u, ok := n.(*ast.UnaryExpr); ok && u.Op == token.ARROW {
			if t := info.TypeOf(u.X); t != nil {
				if ch, ok := t.Underlying().(*types.Chan); ok && isNamed(ch.Elem(), "time", "Time") {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// controlPlane reports whether name (a function's name with its package
// name and receiver, as shortFunc writes it, or a file's base name) says
// that the code serves the control plane rather than the requests or
// messages a service exists for: one of its words, split at case changes,
// digits and punctuation, is one of controlWords. Admin, IAM and
// monitoring endpoints are called by operators and scrapers, a few times
// a minute, however hot the service; code reached only from them is not
// on a hot path.
//
// A package name is one lower-case word that may join several
// ("iamapi", "adminserver", "nsqadmin"): a control word is found as its
// prefix or its suffix.
func controlPlane(name string) bool {
	pkg, _, qualified := strings.Cut(name, ".")
	if qualified && pkg == strings.ToLower(pkg) && !strings.HasSuffix(name, ".go") {
		for w := range controlWords {
			if strings.HasPrefix(pkg, w) || strings.HasSuffix(pkg, w) {
				return true
			}
		}
	}
	for _, w := range words(name) {
		if controlWords[w] {
			return true
		}
	}
	return false
}

// routeHandlers returns the functions that call registers as handlers of
// a route, by node name, and whether the route is the control plane's.
// A registration has a constant string argument that is a URL path
// ("/debug/config", "/users/:id") and function arguments — a function
// literal, a function or method value, or one given to a wrapper call
// (http.HandlerFunc(h), auth(h)) — which are the handlers. The route is
// the control plane's when one of its path's words is a control word
// (see controlRoute), or when the registration is made by a function
// that serves the control plane by its name (n: kratos'
// RegisterAdminRoutes) or on a router whose type's name says so (a
// RouterAdmin). A router's registration says what a handler serves
// better than the handler's name does: syncthing's getCPUProf and
// spicedb's /debug/config literal are named like any other.
func (s *summariser) routeHandlers(n *funcNode, call *ast.CallExpr) (names []string, control bool) {
	info := s.pass.TypesInfo
	route := false
	for _, a := range call.Args {
		if tv, ok := info.Types[a]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
			if p := constant.StringVal(tv.Value); strings.HasPrefix(p, "/") {
				route = true
				control = control || controlRoute(p)
			}
		}
	}
	if !route {
		return nil, false
	}
	if fn, ok := typeutil.Callee(info, call).(*types.Func); ok && fn.Signature().Recv() != nil {
		t := fn.Signature().Recv().Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if named, ok := types.Unalias(t).(*types.Named); ok && controlPlane(named.Obj().Name()) {
			control = true
		}
	}
	control = control || n.control
	var add func(e ast.Expr, depth int)
	add = func(e ast.Expr, depth int) {
		switch e := ast.Unparen(e).(type) {
		case *ast.FuncLit:
			start := s.pass.Fset.Position(e.Pos())
			names = append(names, litName(s.pass.Pkg.Path(), start.Filename, start.Line, start.Column))
		case *ast.Ident:
			if fn, ok := info.Uses[e].(*types.Func); ok {
				names = append(names, PprofName(fn))
			}
		case *ast.SelectorExpr:
			if fn, ok := info.Uses[e.Sel].(*types.Func); ok {
				names = append(names, PprofName(fn))
			}
		case *ast.CallExpr:
			if depth == 0 {
				for _, a := range e.Args {
					add(a, depth+1)
				}
			}
		}
	}
	for _, a := range call.Args {
		add(a, 0)
	}
	return names, control
}

// controlRoute reports whether path, a URL path a handler is registered
// under, is the control plane's: one of its words is a control word
// (controlWords) or one of routeWords.
func controlRoute(path string) bool {
	for _, w := range words(path) {
		if controlWords[w] || routeWords[w] {
			return true
		}
	}
	return false
}

// routeWords are the words of a URL path, beyond controlWords, that name
// the endpoints operators, probes and scrapers call: debugging and
// profiling, metrics, health, readiness and liveness probes, the build's
// version. "live" alone is not one: prometheus' /notifications/live is a
// stream of its web UI, and a media service's /live/... is its traffic.
var routeWords = map[string]bool{
	"debug": true, "metrics": true, "health": true, "healthy": true, "healthcheck": true, "ready": true,
	"readiness": true, "liveness": true, "version": true, "buildinfo": true, "expvar": true, "vars": true,
}

// operatorEndpoint reports whether name (a handler's or an RPC method's
// name with its package name and receiver, as shortFunc writes it, or that
// of the function a handler literal is written in) says the endpoint
// serves operators, probes and scrapers: one of its words, the package's
// name included, is one of endpointWords. The control words
// (controlPlane) say so of any function; these say so of a handler only,
// as a word such as "debug" or "stats" names a helper on the hot path as
// often as anything else. A router's registration under a control route
// (routeHandlers) says it better, but many such handlers are registered
// through a table, a framework's reflection or a generated gRPC service
// descriptor, where no route string is an argument of the call. Source:
// the labelled default findings of the scans at 8d80d48 of all
// twenty-three lists (bench/corpus/labels), where handlers named by these
// words were 0 hot of the 15 labelled findings whose evidence names them (influxdb's
// serveExpvar, FerretDB's handlers written in package debug, nsqd's
// doStats, etcd's health handler, a metrics middleware installed nowhere),
// and the words "ready", "version", "config", "info", "status" and
// "manifest" were left out because handlers so named were hot there or
// elsewhere serve traffic (versitygw's readyCore, a registry's
// GetManifest, S3's object versions).
func operatorEndpoint(name string) bool {
	for _, w := range words(name) {
		if endpointWords[w] {
			return true
		}
	}
	return false
}

// endpointWords are the words of operatorEndpoint, lower case.
var endpointWords = map[string]bool{
	"debug": true, "metrics": true, "health": true, "healthy": true, "healthcheck": true,
	"readiness": true, "liveness": true, "expvar": true, "stats": true,
}

// readLoopName reports whether n is a consumer loop whose name (name, as
// shortFunc writes it) says the control plane only by a word that also
// names a connection's read loop, "monitor", and whose package is not named
// for the control plane: kcp-go's Listener.defaultMonitor reads every
// datagram of the listener, where a monitoring endpoint is a handler, not a
// loop taking messages. Source: the corpus rows of kcp-go (heldout14),
// whose per-packet session lookup read as reached only from the control
// plane.
func readLoopName(n *funcNode, name string) bool {
	if n.entry != "consumer loop" {
		return false
	}
	for _, w := range words(name) {
		if controlWords[w] && !readLoopWords[w] {
			return false
		}
	}
	pkg, _, _ := strings.Cut(name, ".")
	for w := range controlWords {
		if strings.HasPrefix(pkg, w) || strings.HasSuffix(pkg, w) {
			return false // a package named for it (kafkamonitor) is the control plane's
		}
	}
	return true
}

// readLoopWords are the control words that also name read loops.
var readLoopWords = map[string]bool{"monitor": true}

// controlWords are the words of controlPlane, lower case.
var controlWords = map[string]bool{
	"admin": true, "iam": true, "monitor": true, "monitoring": true, "crud": true,
	"statz": true, "varz": true, "healthz": true, "readyz": true, "livez": true, "pprof": true,
}

// words splits s into lower-case words at case changes ("IAMApiController"
// -> iam, api, controller), digits and anything that is not a letter.
func words(s string) []string {
	var out []string
	rs := []rune(s)
	start := -1
	flush := func(i int) {
		if start >= 0 {
			out = append(out, strings.ToLower(string(rs[start:i])))
		}
		start = -1
	}
	isUpper := func(r rune) bool { return 'A' <= r && r <= 'Z' }
	isLetter := func(r rune) bool { return isUpper(r) || 'a' <= r && r <= 'z' }
	for i, r := range rs {
		switch {
		case !isLetter(r):
			flush(i)
		case start < 0:
			start = i
		case isUpper(r) && !isUpper(rs[i-1]):
			// fooBar: a new word at B
			flush(i)
			start = i
		case isUpper(r) && i+1 < len(rs) && !isUpper(rs[i+1]) && isLetter(rs[i+1]):
			// IAMApi: a new word at the A of Api
			flush(i)
			start = i
		}
	}
	flush(len(rs))
	return out
}

// shortFunc names fn for controlPlane: its package's name, its receiver's
// type name if a method, and its name, e.g. "iamapi.IAMApiController.ListUsers".
func shortFunc(fn *types.Func) string {
	name := fn.Name()
	if recv := fn.Signature().Recv(); recv != nil {
		t := recv.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			name = n.Obj().Name() + "." + name
		}
	}
	if fn.Pkg() != nil {
		name = fn.Pkg().Name() + "." + name
	}
	return name
}

// ioCall returns the name of the I/O that call does ("os.Lstat",
// "(*net/http.Client).Do"), or "": a file-system call of package os or
// a method of *os.File other than Read, Write and Close (which serve
// buffers as often as files), any function of syscall or
// golang.org/x/sys/unix, a dial or lookup of package net, a request sent
// by net/http's client, or a query or statement of database/sql. Code
// that does such I/O spends microseconds to milliseconds in it per call:
// a saving of a formatting or an allocation beside it is small. A
// template parsed per call (text/template's or html/template's Parse...,
// ParseFiles...) is counted with them: it costs as much.
func ioCall(info *types.Info, call *ast.CallExpr) string {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok || fn.Pkg() == nil {
		return ""
	}
	path, name := fn.Pkg().Path(), fn.Name()
	recv := ""
	if r := fn.Signature().Recv(); r != nil {
		t := r.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			recv = n.Obj().Name()
		}
	}
	io := false
	switch path {
	case "text/template", "html/template":
		// Parsing a template per call costs tens of microseconds, as
		// much as a round trip to a local service.
		io = strings.HasPrefix(name, "Parse")
	case "os":
		switch recv {
		case "":
			io = osFileCalls[name]
		case "File":
			io = name != "Read" && name != "Write" && name != "WriteString" && name != "Close" && name != "Fd" && name != "Name"
		}
	case "syscall", "golang.org/x/sys/unix":
		io = recv == ""
	case "net":
		io = (recv == "" || recv == "Dialer" || recv == "Resolver") && (strings.HasPrefix(name, "Dial") || strings.HasPrefix(name, "Lookup"))
	case "net/http":
		io = (recv == "" || recv == "Client") && (name == "Do" || name == "Get" || name == "Post" || name == "Head" || name == "PostForm")
	case "database/sql":
		io = recv != "" && (strings.HasPrefix(name, "Query") || strings.HasPrefix(name, "Exec"))
	}
	if !io {
		return ""
	}
	if recv != "" {
		return "(*" + path + "." + recv + ")." + name
	}
	return path + "." + name
}

// remoteCall returns the pprof name of the function call calls if it may
// be a client's request to another service: a function or method (not
// through an interface) of a package outside the standard library whose
// first parameter is a context.Context and whose last result is an error,
// as the clients of HTTP APIs, object stores and databases are written.
// It returns "" otherwise. Whether it is I/O depends on whether the scan
// analyses the callee (callGraph.ioOf): one of the scanned code's own
// functions of that shape is followed through the call graph instead.
func remoteCall(info *types.Info, call *ast.CallExpr) string {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok || fn.Pkg() == nil || astutil.IsStdPath(fn.Pkg().Path()) {
		return ""
	}
	sig := fn.Signature()
	if recv := sig.Recv(); recv != nil && types.IsInterface(recv.Type()) {
		return ""
	}
	params, results := sig.Params(), sig.Results()
	if params.Len() == 0 || results.Len() == 0 || !astutil.IsNamed(params.At(0).Type(), "context", "Context") ||
		!types.Identical(results.At(results.Len()-1).Type(), types.Universe.Lookup("error").Type()) {
		return ""
	}
	return PprofName(fn)
}

// osFileCalls are the functions of package os that touch the file system.
var osFileCalls = map[string]bool{
	"Open": true, "OpenFile": true, "Create": true, "CreateTemp": true, "MkdirTemp": true,
	"Stat": true, "Lstat": true, "Rename": true, "Remove": true, "RemoveAll": true,
	"Mkdir": true, "MkdirAll": true, "ReadFile": true, "WriteFile": true, "ReadDir": true,
	"Chmod": true, "Chown": true, "Lchown": true, "Chtimes": true, "Link": true, "Symlink": true,
	"Readlink": true, "Truncate": true,
}

// litLocals returns the local variables of the package whose every
// assignment is a function literal and whose every other use is a call
// (pad := func(…) {…}; pad(x)): a call through one reaches those literals
// only, and the literals are no function values that other calls of their
// signature reach.
func litLocals(info *types.Info, in *inspector.Inspector) map[types.Object]bool {
	only := make(map[types.Object]bool)
	mark := func(id *ast.Ident, lit bool) {
		obj := info.Defs[id]
		if obj == nil {
			obj = info.Uses[id]
		}
		if v, ok := obj.(*types.Var); !ok || v.Kind() != types.LocalVar {
			return
		}
		if old, seen := only[obj]; !seen || old {
			only[obj] = lit
		}
	}
	for c := range in.Root().Preorder((*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil), (*ast.Ident)(nil)) {
		switch n := c.Node().(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if id, ok := l.(*ast.Ident); ok {
					_, lit := n.Rhs[min(i, len(n.Rhs)-1)].(*ast.FuncLit)
					mark(id, lit && len(n.Lhs) == len(n.Rhs))
				}
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				lit := len(n.Values) == 0 // var f func(): nil until assigned
				if len(n.Values) == len(n.Names) {
					_, lit = n.Values[i].(*ast.FuncLit)
				}
				mark(id, lit)
			}
		case *ast.Ident:
			switch c.ParentEdgeKind() {
			case edge.CallExpr_Fun, edge.AssignStmt_Lhs, edge.ValueSpec_Names:
			default:
				if v, ok := info.Uses[n].(*types.Var); ok && v.Kind() == types.LocalVar {
					only[v] = false // passed, stored or returned as a value
				}
			}
		}
	}
	for obj, lit := range only {
		if !lit {
			delete(only, obj)
		}
	}
	return only
}

// toLocal reports whether the function literal at c is assigned or
// declared to variables of s.litOnly only (f := func…, var f = func…).
func (s *summariser) toLocal(c inspector.Cursor) bool {
	var lhs []*ast.Ident
	switch p := c.Parent().Node().(type) {
	case *ast.AssignStmt:
		for _, e := range p.Lhs {
			id, ok := e.(*ast.Ident)
			if !ok {
				return false // a field, an element
			}
			lhs = append(lhs, id)
		}
	case *ast.ValueSpec:
		lhs = p.Names
	}
	for _, id := range lhs {
		obj := s.pass.TypesInfo.Defs[id]
		if obj == nil {
			obj = s.pass.TypesInfo.Uses[id]
		}
		if !s.litOnly[obj] {
			return false
		}
	}
	return len(lhs) > 0
}

// A span is the positions [start, end] of a node in a file.
type span struct{ start, end pos }

// contains reports whether the 1-based line and column p is in sp.
func (sp span) contains(p pos) bool { return sp.start.before(p) && p.before(sp.end) }

// setConsumer makes n a consumer-loop entry if body has loops that take
// messages (see consumerLoops), else an accept-loop entry if it has loops
// that take connections (acceptLoops), and records their spans.
func (s *summariser) setConsumer(n *funcNode, body *ast.BlockStmt) {
	if s.addSpans(n, consumerLoops(s.pass.TypesInfo, body, s.readsInCallee)) {
		n.entry = "consumer loop"
	} else if s.addSpans(n, acceptLoops(s.pass.TypesInfo, body)) {
		n.entry = acceptKind
	}
}

// setStream records the spans of the loops of body, an HTTP handler n's,
// that push events to its client (see streamLoops), and marks n a
// streaming handler if it has any.
func (s *summariser) setStream(n *funcNode, body *ast.BlockStmt) {
	n.stream = s.addSpans(n, streamLoops(s.pass.TypesInfo, body))
}

// streamLoops returns the loops of an HTTP handler's body (function
// literals left out) that serve a stream of events: a for statement
// without a condition, or a range over a channel, whose body both receives
// from a channel (an event, a change notice, a ticker's heartbeat; directly
// or in a select) and calls a method named Flush (the response's
// http.Flusher or http.ResponseController, or a writer over it) — each
// iteration waits for something to send and pushes it at once. Such a
// handler (server-sent events, a replication or watch stream) holds its
// request for as long as the client stays connected: its body outside
// those loops, and what it calls there, runs once per stream, not once per
// event or per ordinary request. A loop that flushes without waiting on a
// channel (rows written as a query yields them) is a long response, not a
// stream: its set-up is per request and stays so. Source: heldout19 and
// heldout20 (bench/corpus), whose cold default findings included litefs's
// position map, read once per replication stream before handlePostStream's
// loop (4 binaryrw findings), and mcp-go's message endpoint, formatted once
// per SSE connection before handleSSE's event loop (1 fmtnumber).
func streamLoops(info *types.Info, body *ast.BlockStmt) []ast.Stmt {
	return outerLoops(body, func(l ast.Stmt) bool {
		switch l := l.(type) {
		case *ast.ForStmt:
			if l.Cond != nil {
				return false
			}
		case *ast.RangeStmt:
			if !isChan(info.TypeOf(l.X)) {
				return false
			}
		}
		receives, flushes := false, false
		if r, ok := l.(*ast.RangeStmt); ok && isChan(info.TypeOf(r.X)) {
			receives = true
		}
		ast.Inspect(l, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.UnaryExpr:
				receives = receives || n.Op == token.ARROW
			case *ast.CallExpr:
				if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Flush" {
					_, isMethod := info.Selections[sel]
					flushes = flushes || isMethod
				}
			}
			return true
		})
		return receives && flushes
	})
}

// isChan reports whether t's underlying type is a channel.
func isChan(t types.Type) bool {
	if t == nil {
		return false
	}
	_, ok := t.Underlying().(*types.Chan)
	return ok
}

// httpKind is the entry kind of an HTTP handler.
const httpKind = "HTTP handler"

// rpcKind is the entry kind of a gRPC service method.
const rpcKind = "RPC method"

// acceptKind is the entry kind of a function with an accept loop
// (acceptLoops): what it reaches runs once per connection.
const acceptKind = "accept loop"

// setBenchmark records the spans of the measured loops of body, n's, and
// makes a function of test code with one a benchmark entry: a helper that
// takes the *testing.B and runs the b.N loop for the benchmarks that call
// it once each (nats-server's RunObjStoreBenchmark) is where they measure.
func (s *summariser) setBenchmark(n *funcNode, body *ast.BlockStmt) {
	if s.addSpans(n, benchmarkLoops(s.pass.TypesInfo, body)) {
		n.entry = "benchmark"
	}
}

// addSpans adds the spans of loops to n.loops, and reports whether there
// were any.
func (s *summariser) addSpans(n *funcNode, loops []ast.Stmt) bool {
	for _, l := range loops {
		start, end := s.pass.Fset.Position(l.Pos()), s.pass.Fset.Position(l.End())
		n.loops = append(n.loops, span{pos{start.Line, start.Column}, pos{end.Line, end.Column}})
	}
	return len(loops) > 0
}

// benchmarkLoops returns the measured loops of a benchmark's body (see
// astutil.IsBenchmarkLoop), function literals left out: a sub-benchmark's
// or RunParallel's literal is a node of its own.
func benchmarkLoops(info *types.Info, body *ast.BlockStmt) []ast.Stmt {
	timed := timedLoops(info, body)
	return outerLoops(body, func(l ast.Stmt) bool { return astutil.IsBenchmarkLoop(info, l) || timed[l] })
}

// timedLoopsRule makes a loop that runs while a benchmark's timer runs
// after b.ResetTimer() or b.StartTimer() in the same block, no
// b.StopTimer() in between, a measured loop: a helper of the benchmarks
// that ranges over the b.N keys it prepared (goleveldb's dbBench.gets:
// b.ResetTimer(); for i := range p.keys { db.Get(...) }; b.StopTimer()).
// Source: the fifteenth held-out set, whose DB.get defers were called
// unreachable from any benchmark.
const timedLoopsRule = true

// runsSubBenchmarks reports whether loop calls b.Run on a *testing.B: a
// loop over the cases of sub-benchmarks, each of which has its own
// measured loop, not a loop over operations.
func runsSubBenchmarks(info *types.Info, loop ast.Stmt) bool {
	found := false
	ast.Inspect(loop, func(n ast.Node) bool {
		if found {
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		found = ok && sel.Sel.Name == "Run" && astutil.IsNamedOrPointer(info.TypeOf(sel.X), "testing", "B")
		return !found
	})
	return found
}

// timedLoops returns the for and range statements of body (function
// literals left out) that follow a call of ResetTimer or StartTimer on a
// *testing.B in their block, with no StopTimer between (see
// timedLoopsRule).
func timedLoops(info *types.Info, body *ast.BlockStmt) map[ast.Stmt]bool {
	if !timedLoopsRule || body == nil {
		return nil
	}
	timerCall := func(s ast.Stmt) string {
		es, ok := s.(*ast.ExprStmt)
		if !ok {
			return ""
		}
		call, ok := ast.Unparen(es.X).(*ast.CallExpr)
		if !ok {
			return ""
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || !astutil.IsNamedOrPointer(info.TypeOf(sel.X), "testing", "B") {
			return ""
		}
		return sel.Sel.Name
	}
	var loops map[ast.Stmt]bool
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BlockStmt:
			running := false
			for _, st := range n.List {
				switch timerCall(st) {
				case "ResetTimer", "StartTimer":
					running = true
				case "StopTimer":
					running = false
				}
				switch st.(type) {
				case *ast.ForStmt, *ast.RangeStmt:
					if running && !runsSubBenchmarks(info, st) {
						if loops == nil {
							loops = make(map[ast.Stmt]bool)
						}
						loops[st] = true
					}
				}
			}
		}
		return true
	})
	return loops
}

// repeated reports whether the call at c, in n's body, runs repeatedly for
// the evidence: in a loop (see inRepeatedLoop), and, in a consumer-loop or
// benchmark entry, in one of its loops that repeat — another loop of a
// consumer (over its configured endpoints, say) or of a benchmark's set-up
// runs once.
func (s *summariser) repeated(n *funcNode, c inspector.Cursor) bool {
	if !inRepeatedLoop(s.pass.TypesInfo, c) {
		return false
	}
	if n.entry != "consumer loop" && n.entry != "benchmark" && !n.stream {
		return true
	}
	return n.inLoops(s.pass.Fset.Position(c.Node().Pos()))
}

// inLoops reports whether the position p is in one of n.loops.
func (n *funcNode) inLoops(p token.Position) bool {
	for _, sp := range n.loops {
		if sp.contains(pos{p.Line, p.Column}) {
			return true
		}
	}
	return false
}

// inRecovery reports whether p is in one of n's blocks that run only
// after a recovered panic.
func (n *funcNode) inRecovery(p token.Position) bool {
	return inSpans(n.recovers, p)
}

// inErrorPath reports whether p is in one of n's blocks that run only
// when an error occurred.
func (n *funcNode) inErrorPath(p token.Position) bool {
	return inSpans(n.errPaths, p)
}

// inShutdown reports whether p is in one of n's select cases that end a
// loop when a signal channel closes.
func (n *funcNode) inShutdown(p token.Position) bool {
	return inSpans(n.shutdowns, p)
}

// shutdownClauses returns the cases of the select statements of body
// (function literals left out) that sit in a for statement without a
// condition, receive from a channel that only signals — a call of a
// method named Done (a context.Context's) or a channel of struct{} — and
// end in a return statement: the case that runs when the loop's owner is
// closed or its context cancelled, once per loop, while the loop's other
// cases run per message. A pool.Put or a format there is paid at
// shutdown. closedOnly, if not nil, reports other channels that only
// signal (see summariser.signalField). Source: the twenty-second held-out set
// (bench/corpus/heldout22.txt), whose cold default findings included
// pion/webrtc's RTX reader putting its buffer back when the receiver's
// closed channel fires.
func shutdownClauses(info *types.Info, body *ast.BlockStmt, closedOnly func(ast.Expr) bool) []*ast.CommClause {
	if body == nil {
		return nil
	}
	var clauses []*ast.CommClause
	var walk func(n ast.Node, inLoop bool)
	walk = func(n ast.Node, inLoop bool) {
		ast.Inspect(n, func(m ast.Node) bool {
			switch m := m.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ForStmt:
				if m != n {
					walk(m.Body, m.Cond == nil)
					return false
				}
			case *ast.RangeStmt:
				if m != n {
					walk(m.Body, false)
					return false
				}
			case *ast.CommClause:
				if inLoop && signalReceive(info, m.Comm, closedOnly) && len(m.Body) > 0 {
					if _, ok := m.Body[len(m.Body)-1].(*ast.ReturnStmt); ok {
						clauses = append(clauses, m)
					}
				}
			}
			return true
		})
	}
	walk(body, false)
	return clauses
}

// signalReceive reports whether the comm statement of a select case
// receives from a signal channel: <-x.Done(), <-ch (assigned or not) of a
// channel of struct{}, or of a channel closedOnly says is only closed.
func signalReceive(info *types.Info, comm ast.Stmt, closedOnly func(ast.Expr) bool) bool {
	var x ast.Expr
	switch c := comm.(type) {
	case *ast.ExprStmt:
		x = c.X
	case *ast.AssignStmt:
		if len(c.Rhs) == 1 {
			x = c.Rhs[0]
		}
	}
	u, ok := ast.Unparen(x).(*ast.UnaryExpr)
	if !ok || u.Op != token.ARROW {
		return false
	}
	if call, ok := ast.Unparen(u.X).(*ast.CallExpr); ok && calledName(call) == "Done" {
		return true
	}
	if closedOnly != nil && closedOnly(u.X) {
		return true
	}
	ch, ok := info.TypeOf(u.X).(*types.Chan)
	if !ok {
		if t := info.TypeOf(u.X); t != nil {
			ch, ok = t.Underlying().(*types.Chan)
		}
	}
	if !ok {
		return false
	}
	st, ok := ch.Elem().Underlying().(*types.Struct)
	return ok && st.NumFields() == 0
}

// inErrorResponse reports whether p is in one of n's blocks that answer
// with an HTTP error status.
func (n *funcNode) inErrorResponse(p token.Position) bool {
	return inSpans(n.errResponses, p)
}

// inSpans reports whether p is in one of spans.
func inSpans(spans []span, p token.Position) bool {
	return slices.ContainsFunc(spans, func(sp span) bool { return sp.contains(pos{p.Line, p.Column}) })
}

// errorPaths makes the bodies of if statements that test an error against
// nil (if err != nil { … }, also as a conjunct: err != nil && …) error
// paths: what a finding there costs is paid only when the operation
// failed. Source: the twelfth held-out set's default findings on the
// messages built when another service's reply failed to decode. Measured
// on the thirteen labelled lists (scans at 0684f1f and e0d50aa): 4
// default findings fewer, all 4 cold.
const errorPaths = true

// errorBlocks returns the bodies of the if statements of body (function
// literals left out) whose condition is, or has as a conjunct of &&, a
// comparison X != nil of a value X of type error.
func errorBlocks(info *types.Info, body *ast.BlockStmt) []*ast.BlockStmt {
	if body == nil {
		return nil
	}
	errType := types.Universe.Lookup("error").Type()
	var isErrTest func(x ast.Expr) bool
	isErrTest = func(x ast.Expr) bool {
		bin, ok := ast.Unparen(x).(*ast.BinaryExpr)
		if !ok {
			return false
		}
		switch bin.Op {
		case token.LAND:
			return isErrTest(bin.X) || isErrTest(bin.Y)
		case token.NEQ:
			for _, pair := range [][2]ast.Expr{{bin.X, bin.Y}, {bin.Y, bin.X}} {
				if tv, ok := info.Types[pair[1]]; ok && tv.IsNil() {
					if t := info.TypeOf(pair[0]); t != nil && types.Identical(t, errType) {
						return true
					}
				}
			}
		}
		return false
	}
	var blocks []*ast.BlockStmt
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			if isErrTest(n.Cond) {
				blocks = append(blocks, n.Body)
			}
		}
		return true
	})
	return blocks
}

// errorResponses makes a block that answers with an HTTP error status an
// error path: a function body, an if or else block or a case clause
// whose own statements call http.Error or WriteHeader with a constant
// status of 400 or more (basicAuthFailed's 401 challenge, a handler's
// "bad request" branch). What a finding there costs is paid per refused
// request, not per request served. Measured on the fifteen labelled
// lists (scans at 153ea76, all findings with a label): 6 findings in
// such blocks, 6 cold (3 of them shown by default), none hot.
const errorResponses = true

// errorResponseBlocks returns body itself, and the blocks and case
// clauses in it (function literals left out), whose own statements
// include a call, as a statement or the one result of a return, of
// http.Error, of a WriteHeader method with a constant status of at least
// 400, or of anything given one of net/http's status constants of 400 or
// more (see errorStatus).
func errorResponseBlocks(info *types.Info, body *ast.BlockStmt) []ast.Node {
	if body == nil {
		return nil
	}
	isErrCall := func(st ast.Stmt) bool {
		var x ast.Expr
		switch st := st.(type) {
		case *ast.ExprStmt:
			x = st.X
		case *ast.ReturnStmt:
			if len(st.Results) != 1 {
				return false
			}
			x = st.Results[0]
		default:
			return false
		}
		call, ok := ast.Unparen(x).(*ast.CallExpr)
		if !ok {
			return false
		}
		if fn, ok := typeutil.Callee(info, call).(*types.Func); ok && fn.Pkg() != nil && fn.Pkg().Path() == "net/http" && fn.Name() == "Error" {
			return true
		}
		if slices.ContainsFunc(call.Args, func(a ast.Expr) bool { return errorStatus(info, a) }) {
			return true
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "WriteHeader" || len(call.Args) != 1 {
			return false
		}
		tv, ok := info.Types[call.Args[0]]
		if !ok || tv.Value == nil {
			return false
		}
		code, exact := constant.Int64Val(constant.ToInt(tv.Value))
		return exact && code >= 400 && code < 600
	}
	var blocks []ast.Node
	has := func(list []ast.Stmt) bool { return slices.ContainsFunc(list, isErrCall) }
	if has(body.List) {
		return []ast.Node{body}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BlockStmt:
			if has(n.List) {
				blocks = append(blocks, n)
				return false
			}
		case *ast.CaseClause:
			if has(n.Body) {
				blocks = append(blocks, n)
				return false
			}
		}
		return true
	})
	return blocks
}

// errorStatus reports whether x names one of net/http's status constants
// of 400 or more (http.StatusBadRequest): passed to a call, it is the
// status of the answer the call writes — a service's own writeJSON(w, r,
// http.StatusBadRequest, …), gin's c.JSON(http.StatusNotFound, …), echo's
// return c.String(http.StatusConflict, …). Source: the twenty-third
// held-out set, whose seaweedfs master answers an assign request for an
// unknown rack or data node through writeJsonQuiet with
// http.StatusBadRequest (two cold default findings).
func errorStatus(info *types.Info, x ast.Expr) bool {
	id := astutil.NameIdent(x)
	if id == nil {
		return false
	}
	c, ok := info.Uses[id].(*types.Const)
	if !ok || c.Pkg() == nil || c.Pkg().Path() != "net/http" || !strings.HasPrefix(c.Name(), "Status") {
		return false
	}
	code, exact := constant.Int64Val(constant.ToInt(c.Val()))
	return exact && code >= 400 && code < 600
}

// recoveryBlocks returns the bodies of the if statements of body (function
// literals left out) that run only when a panic was recovered: if r :=
// recover(); r != nil { … }, or the same test of a variable assigned from
// recover() earlier. A panic is rare; the stack dump and error page built
// there are an error path, not the request's work.
func recoveryBlocks(info *types.Info, body *ast.BlockStmt) []*ast.BlockStmt {
	if body == nil {
		return nil
	}
	isRecover := func(x ast.Expr) bool {
		call, ok := ast.Unparen(x).(*ast.CallExpr)
		return ok && astutil.IsBuiltin(info, call.Fun, "recover")
	}
	recovered := make(map[types.Object]bool)
	var blocks []*ast.BlockStmt
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			if len(n.Lhs) == 1 && len(n.Rhs) == 1 && isRecover(n.Rhs[0]) {
				if id, ok := n.Lhs[0].(*ast.Ident); ok {
					if obj := info.ObjectOf(id); obj != nil {
						recovered[obj] = true
					}
				}
			}
		case *ast.ValueSpec:
			if len(n.Names) == 1 && len(n.Values) == 1 && isRecover(n.Values[0]) {
				if obj := info.Defs[n.Names[0]]; obj != nil {
					recovered[obj] = true
				}
			}
		case *ast.IfStmt:
			if n.Init != nil {
				ast.Inspect(n.Init, func(m ast.Node) bool {
					if a, ok := m.(*ast.AssignStmt); ok && len(a.Lhs) == 1 && len(a.Rhs) == 1 && isRecover(a.Rhs[0]) {
						if id, ok := a.Lhs[0].(*ast.Ident); ok {
							if obj := info.ObjectOf(id); obj != nil {
								recovered[obj] = true
							}
						}
					}
					return true
				})
			}
			// r != nil, recover() != nil
			if bin, ok := n.Cond.(*ast.BinaryExpr); ok && bin.Op == token.NEQ {
				for _, side := range []ast.Expr{bin.X, bin.Y} {
					side = ast.Unparen(side)
					if id, ok := side.(*ast.Ident); ok && recovered[info.Uses[id]] || isRecover(side) {
						blocks = append(blocks, n.Body)
					}
				}
			}
		}
		return true
	})
	return blocks
}
