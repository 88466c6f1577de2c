package trimloop

import (
	"bytes"
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/format"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/perfproof/perfproof/analysis/internal/bytetype"
	"github.com/perfproof/perfproof/analysis/internal/checkdoc"
	"github.com/perfproof/perfproof/analysis/internal/deps"
	"github.com/perfproof/perfproof/analysis/internal/encoders"
	"github.com/perfproof/perfproof/analysis/internal/fiximport"
	"github.com/perfproof/perfproof/analysis/internal/hotpath"
	"github.com/perfproof/perfproof/internal/astutil"
)

//go:embed doc.go
var doc string

// Analyzer reports serialize-measure-shrink loops.
var Analyzer = &analysis.Analyzer{
	Name:             "trimloop",
	Doc:              checkdoc.MustExtract(doc, "trimloop"),
	URL:              "https://pkg.go.dev/github.com/perfproof/perfproof/analysis/passes/trimloop",
	Requires:         []*analysis.Analyzer{hotpath.Analyzer},
	RunDespiteErrors: true,
	Run:              run,
}

// marshalMethods are methods that encode their receiver when they take no
// arguments and return ([]byte, error).
var marshalMethods = []string{"Marshal", "MarshalJSON", "MarshalText", "MarshalBinary", "MarshalVT", "MarshalXML"}

// objPath is a chain of field selections rooted at a variable, as objects:
// c.UIDs is [c, UIDs], *levels is [levels].
type objPath []types.Object

// encoding is a serializing call met in a loop.
type encoding struct {
	name  string    // rendered callee, e.g. "json.Marshal"
	paths []objPath // the values it encodes as a whole
}

// helperEnc is a serializing call inside a same-package helper, relative to
// the helper's parameters: param is -1 for the receiver.
type helperEnc struct {
	param  int
	suffix objPath
	name   string
}

type checker struct {
	pass    *analysis.Pass
	decls   map[*types.Func]*ast.FuncDecl
	helpers map[*types.Func][]helperEnc
	busy    map[*types.Func]bool
	imports *fiximport.Editor
}

func run(pass *analysis.Pass) (any, error) {
	info := pass.ResultOf[hotpath.Analyzer].(*hotpath.Info)
	c := &checker{
		pass:    pass,
		decls:   make(map[*types.Func]*ast.FuncDecl),
		helpers: make(map[*types.Func][]helperEnc),
		busy:    make(map[*types.Func]bool),
		imports: fiximport.New(pass),
	}
	imports := deps.Imports(pass.Pkg, encoders.Packages()...)
	hasMarshalMethod := false
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					c.decls[fn] = fd
				}
				if fd.Recv != nil && slices.Contains(marshalMethods, fd.Name.Name) {
					hasMarshalMethod = true
				}
			}
		}
	}
	if !imports && !hasMarshalMethod {
		return nil, nil
	}

	for cur := range info.Inspector.Root().Preorder((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil)) {
		if info.IsBenchmarkLoop(cur.Node()) || info.Once(cur) {
			continue
		}
		c.checkLoop(cur)
	}
	return nil, nil
}

// walkDirect calls f for every node of the parts that runs at most once per
// iteration of the loop that owns them: it does not enter function
// literals, panic calls or nested loops, except a nested loop whose body
// ends in an unconditional break (a "take one" loop such as
// `for k := range m { ...; break }`).
func walkDirect(parts []ast.Node, f func(ast.Node)) {
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok && id.Name == "panic" {
				return false // a panic message is built once, on the way out
			}
		case *ast.ForStmt:
			if endsInBreak(n.Body) {
				ast.Inspect(n.Body, visit)
			}
			return false
		case *ast.RangeStmt:
			if endsInBreak(n.Body) {
				ast.Inspect(n.Body, visit)
			}
			return false
		}
		if n != nil {
			f(n)
		}
		return true
	}
	for _, p := range parts {
		ast.Inspect(p, visit)
	}
}

func endsInBreak(b *ast.BlockStmt) bool {
	if len(b.List) == 0 {
		return false
	}
	br, ok := b.List[len(b.List)-1].(*ast.BranchStmt)
	return ok && br.Tok == token.BREAK && br.Label == nil
}

func (c *checker) checkLoop(cur inspector.Cursor) {
	info := c.pass.TypesInfo
	parts := astutil.LoopParts(cur.Node())

	// Serializing calls and the variables that hold their results (or
	// quantities derived from them, such as n := len(data)).
	var encs []encoding
	encodedCalls := make(map[*ast.CallExpr]bool)
	walkDirect(parts, func(n ast.Node) {
		if call, ok := n.(*ast.CallExpr); ok {
			if e, ok := c.encodingOf(call); ok {
				encs = append(encs, e)
				encodedCalls[call] = true
			}
		}
	})
	if len(encs) == 0 {
		return
	}
	encodedVars := make(map[types.Object]bool)
	derived := func(e ast.Expr) bool {
		found := false
		ast.Inspect(e, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.CallExpr:
				if encodedCalls[n] {
					found = true
				}
			case *ast.Ident:
				if encodedVars[info.ObjectOf(n)] {
					found = true
				}
			}
			return !found
		})
		return found
	}
	for range 2 { // a second round catches uses before their definition in source order (loop conditions)
		walkDirect(parts, func(n ast.Node) {
			var lhs, rhs []ast.Expr
			switch n := n.(type) {
			case *ast.AssignStmt:
				lhs, rhs = n.Lhs, n.Rhs
			case *ast.ValueSpec:
				for _, id := range n.Names {
					lhs = append(lhs, id)
				}
				rhs = n.Values
			default:
				return
			}
			for i, r := range rhs {
				l := i
				if len(rhs) == 1 {
					l = 0 // data, err := json.Marshal(v): the first result is the encoding
				}
				if l >= len(lhs) || !derived(r) {
					continue
				}
				if id, ok := ast.Unparen(lhs[l]).(*ast.Ident); ok && id.Name != "_" {
					if obj := info.ObjectOf(id); obj != nil {
						encodedVars[obj] = true
					}
				}
			}
		})
	}

	// A comparison of the encoded size with a bound.
	measured := false
	walkDirect(parts, func(n ast.Node) {
		b, ok := n.(*ast.BinaryExpr)
		if !ok || measured {
			return
		}
		switch b.Op {
		case token.LSS, token.LEQ, token.GTR, token.GEQ:
		default:
			return
		}
		if (c.isSize(b.X, derived) && !isTrivialBound(info, b.Y)) ||
			(c.isSize(b.Y, derived) && !isTrivialBound(info, b.X)) {
			measured = true
		}
	})
	if !measured {
		return
	}

	// The removal of one element of an encoded value.
	var removal string
	var encName string
	walkDirect(parts, func(n ast.Node) {
		if removal != "" {
			return
		}
		target, text, ok := c.singleRemoval(n)
		if !ok {
			return
		}
		for _, e := range encs {
			for _, p := range e.paths {
				if isPrefix(p, target) {
					removal, encName = text, e.name
					return
				}
			}
		}
	})
	if removal == "" {
		return
	}
	// The diagnostic spans the loop: its cost is the loop's cost, which the
	// cost join measures over the whole range.
	d := analysis.Diagnostic{
		Pos: cur.Node().Pos(),
		End: cur.Node().End(),
		Message: checkdoc.Fit(
			fmt.Sprintf("%s re-encodes the whole value per removal (%s): size each element once and subtract", encName, removal),
			fmt.Sprintf("%s re-encodes the whole value per removal: size each element once and subtract", encName),
			"the whole value is re-encoded per removal: size each element once and subtract"),
	}
	if fix, ok := c.searchFix(cur); ok {
		d.SuggestedFixes = []analysis.SuggestedFix{fix}
	}
	c.pass.Report(d)
}

// isSize reports whether e measures an encoding: len of an encoded value, an
// encoded quantity, the Len of a bytes.Buffer or strings.Builder, or a
// serializing call returning a size.
func (c *checker) isSize(e ast.Expr, derived func(ast.Expr) bool) bool {
	e = ast.Unparen(e)
	if call, ok := e.(*ast.CallExpr); ok {
		if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Len" && len(call.Args) == 0 {
			t := c.pass.TypesInfo.TypeOf(sel.X)
			if p, ok := t.(*types.Pointer); ok {
				t = p.Elem()
			}
			if s := types.TypeString(t, nil); s == "bytes.Buffer" || s == "strings.Builder" {
				return true
			}
		}
	}
	return derived(e)
}

// isTrivialBound reports whether e is the constant 0 or 1: len(b) > 0 tests
// for emptiness, not for a size limit.
func isTrivialBound(info *types.Info, e ast.Expr) bool {
	return astutil.IsConst(info, e, 0) || astutil.IsConst(info, e, 1)
}

// encodingOf reports whether call serializes a value, directly or through
// a same-package helper, and which values it encodes.
func (c *checker) encodingOf(call *ast.CallExpr) (encoding, bool) {
	info := c.pass.TypesInfo
	name := types.ExprString(call.Fun)
	if args, ok := serializedArgs(info, call); ok {
		var e encoding
		e.name = name
		for _, a := range args {
			e.paths = append(e.paths, pathsOf(info, a)...)
		}
		return e, true
	}
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok {
		return encoding{}, false
	}
	hs := c.helper(fn, 0)
	if len(hs) == 0 {
		return encoding{}, false
	}
	e := encoding{name: fmt.Sprintf("%s (which calls %s)", name, hs[0].name)}
	for _, h := range hs {
		actual := actualArg(call, fn, h.param)
		if actual == nil {
			continue
		}
		for _, p := range pathsOf(info, actual) {
			e.paths = append(e.paths, append(slices.Clip(p), h.suffix...))
		}
	}
	return e, true
}

// actualArg returns the expression passed for parameter i of fn at call (-1
// for the receiver), or nil.
func actualArg(call *ast.CallExpr, fn *types.Func, i int) ast.Expr {
	if i < 0 {
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && fn.Signature().Recv() != nil {
			return sel.X
		}
		return nil
	}
	if call.Ellipsis.IsValid() || i >= len(call.Args) || (fn.Signature().Variadic() && i >= fn.Signature().Params().Len()-1) {
		return nil
	}
	return call.Args[i]
}

// helper returns the serializing calls of a same-package function fn whose
// encoded values derive from its receiver or parameters. Calls inside
// loops of fn are ignored. depth bounds the helper-of-helper chain.
func (c *checker) helper(fn *types.Func, depth int) []helperEnc {
	if hs, ok := c.helpers[fn]; ok {
		return hs
	}
	decl := c.decls[fn]
	if decl == nil || depth > 1 || c.busy[fn] {
		return nil
	}
	c.busy[fn] = true
	defer delete(c.busy, fn)

	info := c.pass.TypesInfo
	params := make(map[types.Object]int)
	sig := fn.Signature()
	if sig.Recv() != nil {
		params[sig.Recv()] = -1
	}
	for i := range sig.Params().Len() {
		params[sig.Params().At(i)] = i
	}
	var hs []helperEnc
	add := func(paths []objPath, name string) {
		for _, p := range paths {
			if i, ok := params[p[0]]; ok {
				hs = append(hs, helperEnc{param: i, suffix: p[1:], name: name})
			}
		}
	}
	walkDirect([]ast.Node{decl.Body}, func(n ast.Node) {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return
		}
		if args, ok := serializedArgs(info, call); ok {
			for _, a := range args {
				add(pathsOf(info, a), types.ExprString(call.Fun))
			}
			return
		}
		callee, ok := typeutil.Callee(info, call).(*types.Func)
		if !ok {
			return
		}
		for _, h := range c.helper(callee, depth+1) {
			if actual := actualArg(call, callee, h.param); actual != nil {
				var ps []objPath
				for _, p := range pathsOf(info, actual) {
					ps = append(ps, append(slices.Clip(p), h.suffix...))
				}
				add(ps, h.name)
			}
		}
	})
	if depth == 0 {
		c.helpers[fn] = hs
	}
	return hs
}

// serializedArgs reports whether call is a known serializing call and
// returns the arguments (or receiver) it encodes.
func serializedArgs(info *types.Info, call *ast.CallExpr) ([]ast.Expr, bool) {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok || fn.Pkg() == nil {
		return nil, false
	}
	sig := fn.Signature()
	if e, ok := encoders.Lookup(fn); ok {
		if e.Value >= len(call.Args) {
			return nil, true
		}
		if e.Variadic {
			return call.Args[e.Value:], true
		}
		return call.Args[e.Value : e.Value+1], true
	}
	if sig.Recv() != nil && astutil.FuncKey(fn) != "" && slices.Contains(marshalMethods, fn.Name()) && sig.Params().Len() == 0 && returnsBytes(sig) {
		if x, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			return []ast.Expr{x.X}, true
		}
	}
	return nil, false
}

func returnsBytes(sig *types.Signature) bool {
	return sig.Results().Len() == 2 && bytetype.IsSlice(sig.Results().At(0).Type())
}

// pathsOf returns the field-selection chains that e denotes as a whole: one
// for x.f.g, *p or &x, one per element for a composite literal
// (wrapper{Items: c.items}), none for indexing or calls.
func pathsOf(info *types.Info, e ast.Expr) []objPath {
	e = ast.Unparen(e)
	switch x := e.(type) {
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			return pathsOf(info, x.X)
		}
		return nil
	case *ast.CompositeLit:
		var ps []objPath
		for _, elt := range x.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				elt = kv.Value
			}
			ps = append(ps, pathsOf(info, elt)...)
		}
		return ps
	}
	if p := pathOf(info, e); p != nil {
		return []objPath{p}
	}
	return nil
}

// pathOf returns the chain of field selections rooted at a variable that e
// denotes (c.UIDs, *levels, &x.items), or nil.
func pathOf(info *types.Info, e ast.Expr) objPath {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		if v, ok := info.ObjectOf(x).(*types.Var); ok {
			return objPath{v}
		}
	case *ast.StarExpr:
		return pathOf(info, x.X)
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			return pathOf(info, x.X)
		}
	case *ast.SelectorExpr:
		if s, ok := info.Selections[x]; ok {
			if s.Kind() != types.FieldVal {
				return nil
			}
			if p := pathOf(info, x.X); p != nil {
				return append(p, s.Obj())
			}
			return nil
		}
		if v, ok := info.Uses[x.Sel].(*types.Var); ok { // pkg.Var
			return objPath{v}
		}
	}
	return nil
}

func isPrefix(p, q objPath) bool {
	return len(p) <= len(q) && slices.Equal(p, q[:len(p)])
}

// singleRemoval reports whether n removes exactly one element of a slice or
// map, returning the path of the container and the statement as text.
func (c *checker) singleRemoval(n ast.Node) (objPath, string, bool) {
	info := c.pass.TypesInfo
	switch n := n.(type) {
	case *ast.ExprStmt:
		call, ok := ast.Unparen(n.X).(*ast.CallExpr)
		if !ok || !astutil.IsBuiltin(info, call.Fun, "delete") || len(call.Args) != 2 {
			return nil, "", false
		}
		p := pathOf(info, call.Args[0])
		return p, c.render(call), p != nil
	case *ast.AssignStmt:
		if n.Tok != token.ASSIGN || len(n.Lhs) != 1 || len(n.Rhs) != 1 {
			return nil, "", false
		}
		lp := pathOf(info, n.Lhs[0])
		if lp == nil {
			return nil, "", false
		}
		text := c.render(n)
		switch r := ast.Unparen(n.Rhs[0]).(type) {
		case *ast.SliceExpr:
			if !slices.Equal(pathOf(info, r.X), lp) || r.Slice3 {
				return nil, "", false
			}
			// s = s[1:]
			if r.High == nil && astutil.IsConst(info, r.Low, 1) {
				return lp, text, true
			}
			// s = s[:len(s)-1]
			if (r.Low == nil || astutil.IsConst(info, r.Low, 0)) && r.High != nil {
				if b, ok := ast.Unparen(r.High).(*ast.BinaryExpr); ok && b.Op == token.SUB && astutil.IsConst(info, b.Y, 1) {
					if call, ok := ast.Unparen(b.X).(*ast.CallExpr); ok && astutil.IsBuiltin(info, call.Fun, "len") &&
						len(call.Args) == 1 && slices.Equal(pathOf(info, call.Args[0]), lp) {
						return lp, text, true
					}
				}
			}
		case *ast.CallExpr:
			// s = slices.Delete(s, i, i+1)
			if fn, ok := typeutil.Callee(info, r).(*types.Func); ok && fn.Pkg() != nil &&
				fn.Pkg().Path() == "slices" && fn.Name() == "Delete" && len(r.Args) == 3 &&
				slices.Equal(pathOf(info, r.Args[0]), lp) && isSuccessor(info, r.Args[1], r.Args[2]) {
				return lp, text, true
			}
			// s = append(s[:i], s[i+1:]...)
			if astutil.IsBuiltin(info, r.Fun, "append") && len(r.Args) == 2 && r.Ellipsis.IsValid() {
				a, ok1 := ast.Unparen(r.Args[0]).(*ast.SliceExpr)
				b, ok2 := ast.Unparen(r.Args[1]).(*ast.SliceExpr)
				if ok1 && ok2 && a.Low == nil && a.High != nil && b.High == nil && b.Low != nil &&
					slices.Equal(pathOf(info, a.X), lp) && slices.Equal(pathOf(info, b.X), lp) &&
					isSuccessor(info, a.High, b.Low) {
					return lp, text, true
				}
			}
		}
	}
	return nil, "", false
}

// render prints n as gofmt would.
func (c *checker) render(n ast.Node) string {
	var buf bytes.Buffer
	if err := format.Node(&buf, c.pass.Fset, n); err != nil {
		return "?"
	}
	return buf.String()
}

// isSuccessor reports whether j is i+1: syntactically (i+1, 1+i) or as
// constants.
func isSuccessor(info *types.Info, i, j ast.Expr) bool {
	ti, ok1 := info.Types[i]
	tj, ok2 := info.Types[j]
	if ok1 && ok2 && ti.Value != nil && tj.Value != nil {
		a, ok1 := constant.Int64Val(constant.ToInt(ti.Value))
		b, ok2 := constant.Int64Val(constant.ToInt(tj.Value))
		return ok1 && ok2 && b == a+1
	}
	b, ok := ast.Unparen(j).(*ast.BinaryExpr)
	if !ok || b.Op != token.ADD {
		return false
	}
	is := types.ExprString(i)
	return (types.ExprString(b.X) == is && astutil.IsConst(info, b.Y, 1)) ||
		(types.ExprString(b.Y) == is && astutil.IsConst(info, b.X, 1))
}
