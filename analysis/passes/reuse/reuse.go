package reuse

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/perfproof/perfproof/analysis/internal/bytetype"
	"github.com/perfproof/perfproof/analysis/internal/checkdoc"
	"github.com/perfproof/perfproof/analysis/internal/hotpath"
	"github.com/perfproof/perfproof/internal/astutil"
)

//go:embed doc.go
var doc string

// Analyzer reports reusable buffers and codecs made anew on every call or
// loop iteration and discarded.
var Analyzer = &analysis.Analyzer{
	Name:             "reuse",
	Doc:              checkdoc.MustExtract(doc, "reuse"),
	URL:              "https://pkg.go.dev/github.com/perfproof/perfproof/analysis/passes/reuse",
	Requires:         []*analysis.Analyzer{hotpath.Analyzer},
	RunDespiteErrors: true,
	Run:              run,
}

// candidates is the -candidates flag: report a compressor made once per
// call in any function not known to run rarely, without the syntactic
// evidence of runsOften (an HTTP handler's parameters, a call in a loop
// of the package). A driver that rates each finding by other evidence —
// perfproof scan, by its call graph and by profiles — sets it; go vet
// leaves it off, and runsOften is then the only guard.
var candidates bool

// CandidateCategory is the category of a report made only because of the
// -candidates flag: the package shows no sign that the function runs
// often, so only a driver's other evidence can make it hot.
const CandidateCategory = "candidate"

func init() {
	Analyzer.Flags.BoolVar(&candidates, "candidates", false,
		"report compressors made per call without syntactic evidence that the function runs often, for a driver that rates findings by a call graph or profiles")
}

func run(pass *analysis.Pass) (any, error) {
	hot := pass.ResultOf[hotpath.Analyzer].(*hotpath.Info)
	c := &checker{pass: pass, hot: hot}
	nodes := []ast.Node{(*ast.CallExpr)(nil), (*ast.CompositeLit)(nil), (*ast.ValueSpec)(nil)}
	for cur := range hot.Inspector.Root().Preorder(nodes...) {
		if strings.HasSuffix(pass.Fset.File(cur.Node().Pos()).Name(), "_test.go") {
			continue
		}
		c.visit(cur)
	}
	return nil, nil
}

// bytesCopyAdvice switches on the report of a per-call bytes.Buffer whose
// memory leaves the function only through its Bytes method (return
// buf.Bytes()): the buffer grows by doubling on every call, where a
// pooled buffer copied out with bytes.Clone allocates the result once
// (BenchmarkBytesCopied). Of the recall sample's per-call buffers that no
// check reported (bench/corpus/labels, 2026-11-27), about half had this
// shape.
const bytesCopyAdvice = true

type checker struct {
	pass  *analysis.Pass
	hot   *hotpath.Info
	calls map[*types.Func][]inspector.Cursor // built on first need

	decls     map[*types.Func]inspector.Cursor // the package's function declarations, built on first need
	summaries map[paramKey]*paramSummary       // nil while being computed
	// inProgress is the stack of summaries being computed, and low[j]
	// the lowest index of that stack that the computation at j met
	// again through recursion (j itself if none): a summary that met an
	// ancestor still in progress is provisional and is not kept.
	inProgress []paramKey
	low        []int
}

// visit checks one node that may make a reusable value.
func (c *checker) visit(cur inspector.Cursor) {
	switch n := cur.Node().(type) {
	case *ast.CallExpr:
		if r, ok := c.constructor(n); ok {
			if r.kind == byteSlice && c.wrappedByNewBuffer(cur) {
				return // reported as the buffer
			}
			c.check(cur, r, nil)
		}
	case *ast.CompositeLit:
		r, ok := c.zeroValue(c.pass.TypesInfo.TypeOf(n))
		if !ok || len(n.Elts) > 0 {
			return
		}
		if cur.ParentEdgeKind() == edge.UnaryExpr_X && cur.Parent().Node().(*ast.UnaryExpr).Op == token.AND {
			cur = cur.Parent() // &T{}
		}
		c.check(cur, r, nil)
	case *ast.ValueSpec:
		// var x T, with no initialiser.
		if len(n.Values) > 0 || n.Type == nil || !inFunc(cur) {
			return
		}
		r, ok := c.zeroValue(c.pass.TypesInfo.TypeOf(n.Type))
		if !ok {
			return
		}
		var vars []*types.Var
		for _, id := range n.Names {
			if v, ok := c.pass.TypesInfo.Defs[id].(*types.Var); ok {
				vars = append(vars, v)
			}
		}
		c.check(cur, r, vars)
	}
}

// wrappedByNewBuffer reports whether cur is the argument of bytes.NewBuffer.
func (c *checker) wrappedByNewBuffer(cur inspector.Cursor) bool {
	if cur.ParentEdgeKind() != edge.CallExpr_Args {
		return false
	}
	fn, ok := typeutil.Callee(c.pass.TypesInfo, cur.Parent().Node().(*ast.CallExpr)).(*types.Func)
	return ok && fn.Pkg() != nil && fn.Pkg().Path() == "bytes" && fn.Name() == "NewBuffer"
}

// presized reports whether n makes a bytes.Buffer of a slice made with a
// length or a capacity other than a constant zero:
// bytes.NewBuffer(make([]byte, 0, n)).
func (c *checker) presized(n ast.Node) bool {
	call, ok := n.(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return false
	}
	fn, ok := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "bytes" || fn.Name() != "NewBuffer" {
		return false
	}
	mk, ok := ast.Unparen(call.Args[0]).(*ast.CallExpr)
	if !ok || !astutil.IsBuiltin(c.pass.TypesInfo, mk.Fun, "make") {
		return false
	}
	for _, size := range mk.Args[1:] {
		if !astutil.IsZero(c.pass.TypesInfo, size) {
			return true
		}
	}
	return false
}

func inFunc(cur inspector.Cursor) bool {
	_, ok := astutil.EnclosingFunc(cur)
	return ok
}

// constructor reports whether call makes a new reusable value: a listed
// constructor, new(T) for a listed type, or bytes.NewBuffer of nil or of a
// new slice.
func (c *checker) constructor(call *ast.CallExpr) (reusable, bool) {
	info := c.pass.TypesInfo
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if b, ok := info.Uses[id].(*types.Builtin); ok {
			switch {
			case b.Name() == "new" && len(call.Args) == 1:
				return c.zeroValue(info.TypeOf(call.Args[0]))
			case b.Name() == "make" && c.isScratchMake(call):
				return scratchSlice, true
			case b.Name() == "make" && c.isReadMake(call):
				return readSlice, true
			}
		}
		return reusable{}, false
	}
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Signature().Recv() != nil {
		return reusable{}, false
	}
	r, ok := constructors[fn.Pkg().Path()+"."+fn.Name()]
	if !ok || len(call.Args) == 0 {
		return reusable{}, false
	}
	switch fn.Pkg().Path() + "." + fn.Name() {
	case "bytes.NewBuffer":
		// A buffer over existing memory reuses that memory already.
		if !isNil(info, call.Args[0]) && !isMake(info, call.Args[0]) {
			return reusable{}, false
		}
	case "bufio.NewReader", "bufio.NewReaderSize", "bufio.NewWriter", "bufio.NewWriterSize":
		// bufio returns its argument when it is already a large enough
		// bufio value.
		if t := info.TypeOf(call.Args[0]); t != nil && strings.HasPrefix(types.TypeString(t, nil), "*bufio.") {
			return reusable{}, false
		}
	}
	return r, true
}

func (c *checker) zeroValue(t types.Type) (reusable, bool) {
	if t == nil {
		return reusable{}, false
	}
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return reusable{}, false
	}
	r, ok := zeroValues[n.Obj().Pkg().Path()+"."+n.Obj().Name()]
	return r, ok
}

// isScratchMake reports whether call is make([]byte, 0, n): an empty byte
// slice with room to append to. A make that bytes.NewBuffer wraps is
// reported as the buffer.
func (c *checker) isScratchMake(call *ast.CallExpr) bool {
	info := c.pass.TypesInfo
	if len(call.Args) != 3 || !bytetype.IsSlice(info.TypeOf(call.Args[0])) {
		return false
	}
	if tv, ok := info.Types[call.Args[1]]; !ok || tv.Value == nil || tv.Value.String() != "0" {
		return false
	}
	return true
}

// isReadMake reports whether call is make([]byte, n) with a length n that
// is not the constant 0: a buffer to read into (reported only if it is).
func (c *checker) isReadMake(call *ast.CallExpr) bool {
	info := c.pass.TypesInfo
	if len(call.Args) != 2 || !bytetype.IsSlice(info.TypeOf(call.Args[0])) {
		return false
	}
	tv, ok := info.Types[call.Args[1]]
	return ok && (tv.Value == nil || tv.Value.String() != "0")
}

// stackMake reports whether the make([]byte, 0, n) or make([]byte, n)
// call has a constant capacity small enough for the compiler to put it on
// the stack if the slice does not escape.
func stackMake(info *types.Info, call *ast.CallExpr) bool {
	tv, ok := info.Types[call.Args[len(call.Args)-1]]
	if !ok || tv.Value == nil {
		return false
	}
	n, ok := constant.Int64Val(constant.ToInt(tv.Value))
	return ok && n <= maxStackMake
}

func isNil(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.IsNil()
}

func isMake(info *types.Info, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return false
	}
	b, ok := info.Uses[id].(*types.Builtin)
	return ok && b.Name() == "make"
}

// check reports the value made at cur (an expression, or a var declaration
// of vars) if it is made on every call or iteration and does not outlive
// them.
func (c *checker) check(cur inspector.Cursor, r reusable, vars []*types.Var) {
	if c.inPoolNew(cur) || c.hot.RunsOnce(cur) {
		return
	}
	fn, ok := astutil.EnclosingFunc(cur)
	if !ok {
		return
	}
	if c.hot.InDeadCode(cur) {
		return
	}
	// candidate is set for a compressor reported only under -candidates:
	// nothing in the package shows that its function runs often.
	candidate := false
	loop, inLoop := c.hot.Loop(cur)
	if inLoop && hotpath.LeavesLoop(cur, loop) {
		inLoop = false // made at most once per call
	}
	if !inLoop {
		switch r.perCall {
		case never:
			return
		case whenHot:
			if c.hot.RarelyCalled(cur) {
				return
			}
			if !c.runsOften(cur) {
				if !candidates {
					return
				}
				candidate = true
			}
		case always:
			if c.hot.RarelyCalled(cur) {
				return
			}
		case scratch:
			// A factory that takes the request (NewLogEntry(r
			// *http.Request)) runs once per request, whatever its
			// name.
			if c.hot.RarelyCalled(cur) && !c.servesHTTP(cur) {
				return
			}
		}
	}
	// A per-call buffer whose text the function returns or keeps (return
	// buf.String()) builds the function's output: its allocation is the
	// result's, so its strings are followed too (33 of 61 reuse findings
	// on the corpus were such buffers before).
	//
	// Except a bytes.Buffer's: its String copies the text, so the buffer
	// itself can go back to a pool once String has run (the doc gives
	// the measured gain, BenchmarkTextCopied).
	flowOf := func(strAlias, bytesCopied bool) *flow {
		f := &flow{c: c, fn: fn, vars: make(map[*types.Var]bool), strAlias: strAlias, bytesCopied: bytesCopied}
		f.scope = fn.Node()
		if inLoop {
			switch l := loop.Node().(type) {
			case *ast.ForStmt:
				f.scope = l.Body
			case *ast.RangeStmt:
				f.scope = l.Body
			}
		}
		if vars != nil {
			for _, v := range vars {
				f.taint(v)
			}
		} else {
			f.expr(cur)
		}
		f.drain()
		return f
	}
	strAlias := r.kind == builder || r.kind == byteSlice || r.perCall == scratch && !inLoop
	textCopied := false  // a per-call bytes.Buffer whose text leaves through String only
	bytesCopied := false // a per-call bytes.Buffer whose memory leaves through Bytes only
	f := flowOf(strAlias && r.kind != buffer, false)
	if strAlias && r.kind == buffer && !f.escapes {
		textCopied = flowOf(true, false).escapes
	}
	if n0 := cur.Node(); bytesCopyAdvice && strAlias && r.kind == buffer && f.escapes && !inLoop {
		// return buf.Bytes(): the buffer's growth repeats per call; a
		// pooled buffer copied out once allocates the result only.
		// Not when the buffer is sized for its text before it is
		// written (Grow, or a NewBuffer of a slice with a length or
		// capacity): it then allocates once already, and a copy would
		// only add one.
		if g := flowOf(false, true); !g.escapes && !g.grown && !c.presized(n0) {
			f, bytesCopied = g, true
		}
	}
	if f.escapes || (r.written && !f.written) || (!inLoop && f.reusedInLoop) {
		return
	}
	if r.kind == readBuf && !f.readInto {
		return // a slice made with a length for another use
	}
	if (r.kind == byteSlice || r.kind == readBuf) && !f.dynamic && stackMake(c.pass.TypesInfo, cur.Node().(*ast.CallExpr)) {
		// The compiler keeps a small constant-size slice that reaches
		// no interface on the stack: it costs nothing per call (as long
		// as appends stay within its capacity).
		return
	}
	if f.returnedHolder && (inLoop || r.perCall != scratch || r.kind != buffer && r.kind != builder || c.fieldReset(f.fields)) {
		return // the object's buffer is reused, or is not a scratch buffer
	}
	name := hotpath.FuncName(cur)
	n := cur.Node()
	if r.perCall == scratch && !inLoop {
		if r.kind == bufioWriter && !f.written {
			return // a writer never written to is another problem
		}
		if r.kind != bufioWriter && r.kind != readBuf && !f.big {
			return // written only with a few constant bytes
		}
		if c.hot.InTestCode(cur) && !c.hot.InBenchmarkLoop(cur) {
			return // test-support code runs once per test, as _test.go files do
		}
		if isErrorMethod(fn.Node()) {
			return // an error's text is built on the error path
		}
		if c.servesForever(fn.Node()) {
			return // made once for the life of a worker goroutine
		}
		msg := perCallMessage(r, name, hasReceiver(cur))
		switch {
		case f.returnedHolder:
			msg = perObjectMessage(r, name, f.fields[0])
		case bytesCopied:
			msg = checkdoc.Fit(
				fmt.Sprintf("%s in %s is grown and dropped per call to return its bytes: pool it, return bytes.Clone of them", r.name, name),
				fmt.Sprintf("%s is grown and dropped per call to return its bytes: pool it, return bytes.Clone of them", r.name))
		case textCopied:
			msg = checkdoc.Fit(
				fmt.Sprintf("%s in %s is dropped per call after String copies its text: pool it, Put it back after String", r.name, name),
				fmt.Sprintf("%s is dropped per call after String copies its text: pool it, Put it back after String", r.name))
		}
		c.pass.Report(analysis.Diagnostic{Pos: n.Pos(), End: n.End(), Category: "percall", Message: msg})
		return
	}
	var msg string
	switch {
	case r.kind == builder && inLoop:
		msg = checkdoc.Fit(
			fmt.Sprintf("strings.Builder made in a loop in %s: use a bytes.Buffer or []byte made before the loop, reset in it", name),
			"strings.Builder made in a loop: use a bytes.Buffer or []byte made before the loop, reset in it")
	case r.kind == readBuf && inLoop:
		msg = checkdoc.Fit(
			fmt.Sprintf("make([]byte, n) read into in a loop in %s: make one before the loop and read into it in each iteration", name),
			"make([]byte, n) read into in a loop: make one before the loop and read into it in each iteration")
	case r.kind == byteSlice && inLoop:
		msg = checkdoc.Fit(
			fmt.Sprintf("make([]byte, 0, n) in a loop in %s: make one before the loop and truncate it with [:0] in it", name),
			"make([]byte, 0, n) in a loop: make one before the loop and truncate it with [:0] in it")
	case r.aliases && inLoop:
		msg = checkdoc.Fit(
			fmt.Sprintf("new %s in a loop in %s discards its internal buffers: create one before the loop and reuse it", r.name, name),
			fmt.Sprintf("new %s in a loop discards its internal buffers: create one before the loop and reuse it", r.name))
	case r.aliases:
		msg = checkdoc.Fit(
			fmt.Sprintf("new %s per call of %s discards its internal buffers: reuse one per goroutine or pool it", r.name, name),
			fmt.Sprintf("new %s per call discards its internal buffers: reuse one per goroutine or pool it", r.name))
	case r.written && inLoop:
		msg = checkdoc.Fit(
			fmt.Sprintf("%s made in a loop in %s allocates %s: make one before the loop and call Reset in it", r.name, name, r.cost),
			fmt.Sprintf("%s made in a loop: make one before the loop and call Reset in it", r.name))
	case inLoop:
		msg = checkdoc.Fit(
			fmt.Sprintf("%s allocates %s in a loop in %s: make one before the loop and call %s in it", r.name, r.cost, name, r.reset),
			fmt.Sprintf("%s allocates %s in a loop: make one before the loop and call %s in it", r.name, r.cost, r.reset),
			fmt.Sprintf("%s in a loop: make one before the loop and call %s in it", r.name, r.reset))
	default:
		msg = checkdoc.Fit(
			fmt.Sprintf("%s allocates %s per call of %s: keep one in a sync.Pool and call %s", r.name, r.cost, name, r.reset),
			fmt.Sprintf("%s allocates %s per call: keep one in a sync.Pool and call %s", r.name, r.cost, r.reset),
			fmt.Sprintf("%s per call: keep one in a sync.Pool and call %s", r.name, r.reset))
	}
	d := analysis.Diagnostic{Pos: n.Pos(), End: n.End(), Message: msg}
	if candidate {
		d.Category = CandidateCategory
	}
	c.pass.Report(d)
}

// perCallMessage words the report of a scratch buffer made once per call
// of the function called name.
//
// Every such message says "dropped per call" (TestCategory keys on it).
func perCallMessage(r reusable, name string, method bool) string {
	where := "a sync.Pool or the caller"
	if method {
		where = "a receiver field, a sync.Pool or the caller"
	}
	switch r.kind {
	case builder:
		return checkdoc.Fit(
			fmt.Sprintf("strings.Builder in %s is written and dropped per call: reuse a bytes.Buffer from %s", name, where),
			fmt.Sprintf("strings.Builder is written and dropped per call: reuse a bytes.Buffer from %s", where),
			"strings.Builder is written and dropped per call: reuse a bytes.Buffer")
	case bufioWriter:
		return checkdoc.Fit(
			fmt.Sprintf("%s in %s allocates %s, dropped per call: reuse one with Reset(w) from %s", r.name, name, r.cost, where),
			fmt.Sprintf("%s allocates %s, dropped per call: reuse one with Reset(w) from %s", r.name, r.cost, where),
			fmt.Sprintf("%s allocates %s, dropped per call: reuse one with Reset(w)", r.name, r.cost))
	case byteSlice:
		return checkdoc.Fit(
			fmt.Sprintf("make([]byte, 0, n) in %s is grown and dropped per call: reuse a slice from %s", name, where),
			fmt.Sprintf("make([]byte, 0, n) is grown and dropped per call: reuse a slice from %s", where))
	case readBuf:
		return checkdoc.Fit(
			fmt.Sprintf("make([]byte, n) in %s is read into and dropped per call: reuse a slice from %s", name, where),
			fmt.Sprintf("make([]byte, n) is read into and dropped per call: reuse a slice from %s", where))
	}
	return checkdoc.Fit(
		fmt.Sprintf("%s in %s is written and dropped per call: reuse one from %s", r.name, name, where),
		fmt.Sprintf("%s is written and dropped per call: reuse one from %s", r.name, where),
		fmt.Sprintf("%s is written and dropped per call: reuse one", r.name))
}

// perObjectMessage words the report of a scratch buffer made once per
// call of the function called name as the field of a new object that the
// function returns.
func perObjectMessage(r reusable, name string, field *types.Var) string {
	return checkdoc.Fit(
		fmt.Sprintf("%s in field %s of the object %s returns is dropped per call: pool it, put it back when done", r.name, field.Name(), name),
		fmt.Sprintf("%s in field %s is dropped per call with its object: pool it, put it back when done", r.name, field.Name()))
}

// fieldReset reports whether the package resets, truncates or assigns
// one of the fields anywhere outside a composite literal: then objects
// reuse their buffer, or are given one from elsewhere.
func (c *checker) fieldReset(fields []*types.Var) bool {
	for cur := range c.hot.Inspector.Root().Preorder((*ast.SelectorExpr)(nil)) {
		sel := cur.Node().(*ast.SelectorExpr)
		v, ok := c.pass.TypesInfo.Uses[sel.Sel].(*types.Var)
		if !ok || !slices.Contains(fields, v) {
			continue
		}
		if assigned(cur) {
			return true
		}
		if cur.ParentEdgeKind() == edge.SelectorExpr_X {
			switch cur.Parent().Node().(*ast.SelectorExpr).Sel.Name {
			case "Reset", "Truncate":
				return true
			}
		}
	}
	return false
}

// servesHTTP reports whether the function containing cur, or one
// enclosing it, has an http.ResponseWriter or *http.Request parameter.
func (c *checker) servesHTTP(cur inspector.Cursor) bool {
	for fc := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		for _, field := range astutil.FuncType(fc.Node()).Params.List {
			switch types.TypeString(c.pass.TypesInfo.TypeOf(field.Type), nil) {
			case "net/http.ResponseWriter", "*net/http.Request":
				return true
			}
		}
	}
	return false
}

// servesForever reports whether the function fn runs a worker loop, for
// the life of its goroutine: a for statement without condition around a
// select, or a range over a channel. A buffer it makes before the loop is
// made once per worker, not per message.
func (c *checker) servesForever(fn ast.Node) bool {
	var body *ast.BlockStmt
	switch f := fn.(type) {
	case *ast.FuncDecl:
		body = f.Body
	case *ast.FuncLit:
		body = f.Body
	}
	if body == nil {
		return false
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ForStmt:
			if n.Cond == nil {
				for _, st := range n.Body.List {
					if _, ok := st.(*ast.SelectStmt); ok {
						found = true
					}
				}
			}
		case *ast.RangeStmt:
			if t := c.pass.TypesInfo.TypeOf(n.X); t != nil {
				if _, ok := t.Underlying().(*types.Chan); ok {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// hasReceiver reports whether cur is in a method (or a function literal in
// one), whose receiver could hold a reused buffer.
func hasReceiver(cur inspector.Cursor) bool {
	d, ok := hotpath.TopDecl(cur).Node().(*ast.FuncDecl)
	return ok && d.Recv != nil && len(d.Recv.List) > 0
}

// isErrorMethod reports whether fn is a method Error() string: the text of
// an error is built on the error path.
func isErrorMethod(fn ast.Node) bool {
	d, ok := fn.(*ast.FuncDecl)
	return ok && d.Recv != nil && d.Name.Name == "Error" && len(d.Type.Params.List) == 0
}

// runsOften reports whether the function containing cur shows that it runs
// many times: it serves HTTP requests (it or an enclosing function has an
// http.ResponseWriter or *http.Request parameter), or the package calls it
// in a loop. Calls in _test.go files are ignored, so that a package and its
// test variant get the same reports.
func (c *checker) runsOften(cur inspector.Cursor) bool {
	if c.servesHTTP(cur) {
		return true
	}
	d, ok := hotpath.TopDecl(cur).Node().(*ast.FuncDecl)
	if !ok {
		return false
	}
	fn, ok := c.pass.TypesInfo.Defs[d.Name].(*types.Func)
	if !ok {
		return false
	}
	if c.calls == nil {
		c.indexCalls()
	}
	for _, call := range c.calls[fn] {
		if _, ok := c.hot.Loop(call); ok {
			return true
		}
	}
	return false
}

// indexCalls records the calls of the package's functions and methods
// outside _test.go files.
func (c *checker) indexCalls() {
	c.calls = make(map[*types.Func][]inspector.Cursor)
	for cur := range c.hot.Inspector.Root().Preorder((*ast.CallExpr)(nil)) {
		if strings.HasSuffix(c.pass.Fset.File(cur.Node().Pos()).Name(), "_test.go") {
			continue
		}
		fn, ok := typeutil.Callee(c.pass.TypesInfo, cur.Node().(*ast.CallExpr)).(*types.Func)
		if ok && fn.Pkg() == c.pass.Pkg {
			fn = fn.Origin()
			c.calls[fn] = append(c.calls[fn], cur)
		}
	}
}

// inPoolNew reports whether cur is inside the New function of a sync.Pool,
// where constructors belong.
func (c *checker) inPoolNew(cur inspector.Cursor) bool {
	for lit := range cur.Enclosing((*ast.FuncLit)(nil)) {
		p := lit.Parent()
		switch n := p.Node().(type) {
		case *ast.KeyValueExpr:
			if id, ok := n.Key.(*ast.Ident); ok && id.Name == "New" {
				if cl, ok := p.Parent().Node().(*ast.CompositeLit); ok && isSyncPool(c.pass.TypesInfo.TypeOf(cl)) {
					return true
				}
			}
		case *ast.AssignStmt:
			for _, lhs := range n.Lhs {
				if sel, ok := lhs.(*ast.SelectorExpr); ok && sel.Sel.Name == "New" && isSyncPool(c.pass.TypesInfo.TypeOf(sel.X)) {
					return true
				}
			}
		}
	}
	return false
}

func isSyncPool(t types.Type) bool {
	return astutil.IsNamedOrPointer(t, "sync", "Pool")
}
