package scan

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"
)

// callsumAnalyzer summarises the calls of one package for the evidence of
// hotness (see evidence.go): for each function, what it calls or refers
// to, and which functions are entry points of repeated work. It reports
// nothing. Summaries are names, not types, so that the packages of every
// batch of a scan join into one graph that holds no syntax or types.
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
	// lits are the function literals of package-level variables (a
	// default formatter, a handler table), each a node of its own named
	// by litName: such a literal is called through the variable, as a
	// function value.
	lits []litRange
}

// A litRange locates a package-level function literal: the lines
// [start, end] of file.
type litRange struct {
	file       string
	start, end int
	name       string
}

// litName is the node name of a package-level function literal; it is no
// pprof name (the compiler numbers such closures pkg.init.funcN in an
// order the syntax does not show), so only findings inside the literal,
// located by position, are joined with it.
func litName(pkg, file string, line int) string {
	return "lit:" + pkg + ":" + file + ":" + strconv.Itoa(line)
}

// A funcNode is what one function (with its function literals) calls.
type funcNode struct {
	name     string
	exported bool // an exported function, or an exported method of an exported type
	main     bool // package main
	test     bool // declared in a _test.go file
	// method is "M/N" for a method M with N parameters, "" for a
	// function; a call through an interface may reach it.
	method string
	// entry is the kind of entry point the function is ("" if none):
	// "HTTP handler", "benchmark", ...
	entry string
	// calls are the functions it calls or refers to as values; a callee
	// "iface.M/2" is any method M with 2 parameters (a call through an
	// interface).
	calls []callEdge
	// values are the functions this one makes available as values
	// (references and its literals), by signature.
	values []funcValue
}

// A funcValue is a function that a call of a function value of signature
// sig may reach: a function used as a value, or the function holding a
// literal.
type funcValue struct{ sig, name string }

// sigKey writes sig without its receiver, packages by path.
func sigKey(sig *types.Signature) string {
	return types.TypeString(types.NewSignatureType(nil, nil, nil, sig.Params(), sig.Results(), sig.Variadic()), (*types.Package).Path)
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
	sum := &callSummary{funcs: make(map[string]*funcNode)}
	isMain := pass.Pkg.Name() == "main"
	for c := range in.Root().Preorder((*ast.FuncDecl)(nil)) {
		decl := c.Node().(*ast.FuncDecl)
		obj, ok := pass.TypesInfo.Defs[decl.Name].(*types.Func)
		if !ok || decl.Body == nil {
			continue
		}
		n := &funcNode{
			name:     PprofName(obj),
			exported: isExportedAPI(obj),
			main:     isMain,
			test:     strings.HasSuffix(pass.Fset.Position(decl.Pos()).Filename, "_test.go"),
			entry:    entryKind(obj),
		}
		if obj.Signature().Recv() != nil {
			n.method = obj.Name() + "/" + strconv.Itoa(obj.Signature().Params().Len())
		}
		sum.funcs[n.name] = n
		if n.entry == "" && !n.test && hasConsumerLoop(pass.TypesInfo, decl) {
			n.entry = "consumer loop"
		}
		for cc := range c.Preorder((*ast.CallExpr)(nil), (*ast.Ident)(nil), (*ast.FuncLit)(nil)) {
			switch e := cc.Node().(type) {
			case *ast.CallExpr:
				if callee := calleeName(pass.TypesInfo, e); callee != "" {
					n.calls = append(n.calls, callEdge{callee: callee, loop: inRepeatedLoop(cc)})
				}
			case *ast.Ident:
				// A function used as a value (a handler registered
				// with a router, a callback) may be called from
				// anywhere: count the reference as a call, and as
				// a target of calls of function values of its
				// signature.
				fn, ok := pass.TypesInfo.Uses[e].(*types.Func)
				if !ok || fn == obj || isCalled(cc) {
					continue
				}
				n.calls = append(n.calls, callEdge{callee: PprofName(fn)})
				n.values = append(n.values, funcValue{sig: sigKey(fn.Signature()), name: PprofName(fn)})
			case *ast.FuncLit:
				// A literal's calls are its function's in this
				// summary: a call of a function value of the
				// literal's signature may reach them.
				if sig, ok := pass.TypesInfo.TypeOf(e).(*types.Signature); ok {
					n.values = append(n.values, funcValue{sig: sigKey(sig), name: n.name})
				}
			}
		}
	}
	for _, file := range pass.Files {
		for _, d := range file.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			ast.Inspect(gd, func(x ast.Node) bool {
				lit, ok := x.(*ast.FuncLit)
				if !ok {
					return true
				}
				sum.addLit(pass, lit)
				return false // its nested literals are its own
			})
		}
	}
	return sum, nil
}

// addLit adds a node for the package-level function literal lit: what it
// calls, and itself as a value of its signature.
func (sum *callSummary) addLit(pass *analysis.Pass, lit *ast.FuncLit) {
	sig, ok := pass.TypesInfo.TypeOf(lit).(*types.Signature)
	if !ok {
		return
	}
	start, end := pass.Fset.Position(lit.Pos()), pass.Fset.Position(lit.End())
	n := &funcNode{
		name: litName(pass.Pkg.Path(), start.Filename, start.Line),
		main: pass.Pkg.Name() == "main",
		test: strings.HasSuffix(start.Filename, "_test.go"),
	}
	n.values = append(n.values, funcValue{sig: sigKey(sig), name: n.name})
	ast.Inspect(lit.Body, func(x ast.Node) bool {
		if call, ok := x.(*ast.CallExpr); ok {
			if callee := calleeName(pass.TypesInfo, call); callee != "" {
				n.calls = append(n.calls, callEdge{callee: callee, loop: litLoop(lit.Body, call)})
			}
		}
		return true
	})
	sum.funcs[n.name] = n
	sum.lits = append(sum.lits, litRange{file: start.Filename, start: start.Line, end: end.Line, name: n.name})
}

// litLoop reports whether call sits in a for or range statement of body.
func litLoop(body *ast.BlockStmt, call *ast.CallExpr) bool {
	in := false
	ast.Inspect(body, func(x ast.Node) bool {
		switch l := x.(type) {
		case *ast.ForStmt:
			if within(call, l.Body) || within(call, l.Cond) || within(call, l.Post) {
				in = true
			}
		case *ast.RangeStmt:
			if within(call, l.Body) {
				in = true
			}
		case *ast.FuncLit:
			return x == ast.Node(body) || within(call, l)
		}
		return !in
	})
	return in
}

// calleeName names what call calls: the pprof name of a static callee,
// "iface.M/N" for a method M with N parameters called through an
// interface, "dyn.SIG" for a call of a function value of signature SIG,
// or "" for a builtin or a conversion.
func calleeName(info *types.Info, call *ast.CallExpr) string {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok {
		if tv, ok := info.Types[call.Fun]; ok && tv.IsValue() {
			if sig, ok := tv.Type.Underlying().(*types.Signature); ok {
				return "dyn." + sigKey(sig)
			}
		}
		return ""
	}
	sig := fn.Signature()
	if recv := sig.Recv(); recv != nil && types.IsInterface(recv.Type()) {
		return "iface." + fn.Name() + "/" + strconv.Itoa(sig.Params().Len())
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

// inRepeatedLoop reports whether the call at c sits in a for or range
// statement of its function, a benchmark's measured loop included.
func inRepeatedLoop(c inspector.Cursor) bool {
	for p := range c.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.FuncDecl)(nil)) {
		switch l := p.Node().(type) {
		case *ast.FuncDecl:
			return false
		case *ast.ForStmt:
			if within(c.Node(), l.Body) || within(c.Node(), l.Cond) || within(c.Node(), l.Post) {
				return true
			}
		case *ast.RangeStmt:
			if within(c.Node(), l.Body) {
				return true
			}
		}
	}
	return false
}

func within(n, outer ast.Node) bool {
	if outer == nil || reflect.ValueOf(outer).IsNil() {
		return false
	}
	return outer.Pos() <= n.Pos() && n.End() <= outer.End()
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
// or a ServeHTTP method), a handler of a common web framework (a
// function of one parameter *gin.Context, echo.Context, *fiber.Ctx,
// *fasthttp.RequestCtx), a gRPC-style service method (a method taking a
// context.Context and a pointer to a request message, a generated protobuf
// message or a type named ...Request, and returning a pointer and an
// error) or a benchmark.
func entryKind(fn *types.Func) string {
	sig := fn.Signature()
	params := sig.Params()
	switch {
	case strings.HasPrefix(fn.Name(), "Benchmark") && params.Len() == 1 && isNamed(params.At(0).Type(), "testing", "B"):
		return "benchmark"
	case params.Len() == 2 && isNamed(params.At(0).Type(), "net/http", "ResponseWriter") && isNamed(params.At(1).Type(), "net/http", "Request"):
		return "HTTP handler"
	case params.Len() == 1 && isFrameworkContext(params.At(0).Type()):
		return "HTTP handler"
	case sig.Recv() != nil && params.Len() == 2 && sig.Results().Len() == 2 &&
		isNamed(params.At(0).Type(), "context", "Context") && isRequest(params.At(1).Type()) &&
		isPointer(sig.Results().At(0).Type()) && isError(sig.Results().At(1).Type()):
		return "RPC method"
	}
	return ""
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

// isFrameworkContext reports whether t is the request context of a
// common web framework, whatever its major version.
func isFrameworkContext(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	path, name := n.Obj().Pkg().Path(), n.Obj().Name()
	for _, fw := range []struct{ path, name string }{
		{"github.com/gin-gonic/gin", "Context"},
		{"github.com/labstack/echo", "Context"},
		{"github.com/gofiber/fiber", "Ctx"},
		{"github.com/valyala/fasthttp", "RequestCtx"},
	} {
		if name == fw.name && (path == fw.path || strings.HasPrefix(path, fw.path+"/v")) {
			return true
		}
	}
	return false
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

func isError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// hasConsumerLoop reports whether decl's body (function literals
// included: a consumer often runs in a goroutine the function starts, and
// the literal's calls are the function's in the summary) has a loop that
// takes messages one by one, as message consumers,
// connection readers and work queues do: a range over a channel, or a for
// statement without a condition whose body receives from a channel
// (directly or in a select) or calls a method that reads the next message
// (Read..., Recv..., Receive..., Fetch..., Next..., Poll..., Consume...,
// Accept...). A loop that receives from a channel of time.Time (a ticker's)
// is a periodic job, not a consumer, and one that waits on a channel of
// os.Signal or struct{} waits for a notice, not a message.
func hasConsumerLoop(info *types.Info, decl *ast.FuncDecl) bool {
	found := false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ForStmt:
			found = n.Cond == nil && !receivesTime(info, n.Body) && takesMessages(info, n.Body)
		case *ast.RangeStmt:
			found = isMessageChan(info.TypeOf(n.X))
		}
		return !found
	})
	return found
}

// isMessageChan reports whether t is a channel that carries messages: not
// a channel of time.Time (a ticker's), os.Signal or struct{} (a shutdown or
// wake-up notice).
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
	return !isNamed(ch.Elem(), "time", "Time") && !isNamed(ch.Elem(), "os", "Signal")
}

// readPrefixes start the names of methods that read the next message.
var readPrefixes = []string{"Read", "Recv", "Receive", "Fetch", "Next", "Poll", "Consume", "Accept"}

// takesMessages reports whether body receives from a channel or calls a
// method whose name starts with one of readPrefixes.
func takesMessages(info *types.Info, body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.UnaryExpr:
			if n.Op == token.ARROW {
				found = isMessageChan(info.TypeOf(n.X))
			}
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok {
				if _, isMethod := info.Selections[sel]; isMethod {
					for _, p := range readPrefixes {
						if strings.HasPrefix(sel.Sel.Name, p) {
							found = true
						}
					}
				}
			}
		}
		return !found
	})
	return found
}

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
