package makecap

import (
	"bytes"
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/format"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/perfproof/perfproof/analysis/internal/checkdoc"
	"github.com/perfproof/perfproof/analysis/internal/fixtext"
	"github.com/perfproof/perfproof/analysis/internal/hotpath"
	"github.com/perfproof/perfproof/internal/astutil"
)

//go:embed doc.go
var doc string

// Analyzer reports slices and maps filled in a loop to a length known
// before the loop but made without that capacity.
//
// It requires inspect.Analyzer and builds its hotpath.Info with
// hotpath.New rather than requiring hotpath.Analyzer, because it runs
// despite type errors and the checker skips an analyzer whose
// prerequisite does not.
var Analyzer = &analysis.Analyzer{
	Name:             "makecap",
	Doc:              checkdoc.MustExtract(doc, "makecap"),
	URL:              "https://pkg.go.dev/github.com/perfproof/perfproof/analysis/passes/makecap",
	Requires:         []*analysis.Analyzer{inspect.Analyzer},
	RunDespiteErrors: true,
	Run:              run,
}

type checker struct {
	pass *analysis.Pass
	info *types.Info
	hot  *hotpath.Info
}

func run(pass *analysis.Pass) (any, error) {
	in := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	c := &checker{pass: pass, info: pass.TypesInfo, hot: hotpath.New(pass, in)}
	for cur := range in.Root().Preorder((*ast.AssignStmt)(nil), (*ast.DeclStmt)(nil)) {
		c.check(cur)
	}
	if namedResults {
		for cur := range in.Root().Preorder((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
			c.checkResults(cur)
		}
	}
	return nil, nil
}

// namedResults makes a function's named slice results targets: a result
// starts as a nil slice, as var out []T does, and the function's first
// statements may fill it (func toWords(b []byte) (out []uint16) { for i
// := 0; i < len(b); i += 2 { out = append(out, …) }; return }). Source:
// the thirteenth held-out set (modbus's register codecs, per request).
const namedResults = true

// checkResults reports the named slice results of the function at cur
// that its body fills from the start as check reports a var out []T.
func (c *checker) checkResults(cur inspector.Cursor) {
	ft, body := astutil.FuncType(cur.Node()), astutil.FuncBody(cur.Node())
	if ft == nil || ft.Results == nil || body == nil || len(body.List) == 0 {
		return
	}
	first, ok := cur.FindNode(body.List[0])
	if !ok {
		return
	}
	for _, field := range ft.Results.List {
		for _, name := range field.Names {
			obj := c.info.Defs[name]
			if obj == nil || name.Name == "_" {
				continue
			}
			if isSlice, isMap := c.kind(field.Type, obj.Type()); !isSlice || isMap {
				continue // a nil map cannot be filled
			}
			t := target{path: []types.Object{obj}, expr: name, form: varDecl, typ: field.Type, stmt: body.List[0], at: name}
			f, between, last, ok := c.sequence(body.List, t)
			if !ok || !c.hotEnough(first) {
				continue
			}
			c.report(t, f, between, last)
		}
	}
}

// A form is the way a statement makes the empty slice or map.
type form int

const (
	varDecl   form = iota // var out []T: a nil slice
	composite             // []T{} or map[K]V{}
	makeCall              // make([]T, 0) or make(map[K]V)
	makeLen               // make([]T, n) with a constant n > 0, then appended to
)

// A target is a slice or map variable (or a field of one) that a statement
// sets to an empty value without a capacity.
type target struct {
	path  []types.Object // the variable and the fields selected from it
	expr  ast.Expr       // the variable as written on the left
	isMap bool
	form  form
	typ   ast.Expr // the type as written, for the message
	init  ast.Expr // the composite literal or make call; nil for varDecl
	stmt  ast.Stmt
	n     ast.Expr // the length of a makeLen target
	// at is where the report goes if not at stmt: the field of a struct
	// literal that makes the target (Query: map[string]string{}).
	at ast.Node
}

// A fill is a loop that adds one element to the target per iteration.
type fill struct {
	length ast.Expr // the number of iterations, evaluable before the loop
	// exact is false for a map store whose key may repeat: length is then
	// an upper bound.
	exact bool
	// deps are the variables length reads.
	deps []types.Object
	// indirect is set if evaluating length may panic (a pointer
	// dereference or an index), so that it must not move above guards.
	indirect bool
	// call, if not nil, is the call whose result the loop ranges over:
	// length is len(call), known only once call has run, so the fix
	// stores its result in a variable before the make.
	call *ast.CallExpr
	// filtered is set when the body may skip the add with a continue:
	// length is then an upper bound.
	filtered bool
	// approx is set when length calls a Len method, which the loop may
	// change by calls the check does not follow: an upper bound too.
	approx bool
}

func (c *checker) check(cur inspector.Cursor) {
	list, ok := astutil.StmtList(cur.Parent().Node())
	if !ok {
		return
	}
	switch cur.ParentEdgeKind() {
	case edge.BlockStmt_List, edge.CaseClause_Body, edge.CommClause_Body:
	default:
		return
	}
	_, idx := cur.ParentEdge()
	if idx < 0 || idx >= len(list) || list[idx] != cur.Node() {
		return
	}
	stmt := cur.Node().(ast.Stmt)
	ts := c.fieldTargets(stmt)
	if t, ok := c.target(stmt); ok {
		ts = append(ts, t)
	}
	for _, t := range ts {
		f, between, last, ok := c.sequence(list[idx+1:], t)
		if !ok || !c.hotEnough(cur) {
			continue
		}
		c.report(t, f, between, last)
	}
}

// literalFields makes the slice and map fields of a new struct value
// targets too: r := &T{ID: id} leaves r.Items a nil slice, and r := &T{
// Query: map[string]string{}} makes r.Query an empty map, which the loops
// after it then fill (a reply packet's entries appended per directory
// entry). Source: the fifteenth held-out set (sftp's readdir reply).
const literalFields = true

// fieldTargets returns the targets that the statement s makes as fields
// of a struct literal assigned to a variable (x := &T{...} or x :=
// T{...}, keyed or empty): each slice field the literal leaves out (a nil
// slice, reported as var out []T is) and each slice or map field it sets
// to an empty composite literal or a make without capacity.
func (c *checker) fieldTargets(s ast.Stmt) []target {
	if !literalFields {
		return nil
	}
	a, ok := s.(*ast.AssignStmt)
	if !ok || len(a.Lhs) != 1 || len(a.Rhs) != 1 || a.Tok != token.DEFINE && a.Tok != token.ASSIGN {
		return nil
	}
	id, ok := ast.Unparen(a.Lhs[0]).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := c.info.ObjectOf(id).(*types.Var)
	if !ok || id.Name == "_" {
		return nil
	}
	rhs := ast.Unparen(a.Rhs[0])
	if u, isAddr := rhs.(*ast.UnaryExpr); isAddr && u.Op == token.AND {
		rhs = ast.Unparen(u.X)
	}
	lit, ok := rhs.(*ast.CompositeLit)
	if !ok {
		return nil
	}
	st, ok := coreType(c.info.TypeOf(lit)).(*types.Struct)
	if !ok {
		return nil
	}
	given := make(map[string]*ast.KeyValueExpr)
	for _, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			return nil // positional: every field is given
		}
		if k, ok := kv.Key.(*ast.Ident); ok {
			given[k.Name] = kv
		}
	}
	qual := types.RelativeTo(c.pass.Pkg)
	var out []target
	for fv := range st.Fields() {
		if fv.Embedded() || fv.Name() == "_" {
			continue
		}
		expr := &ast.SelectorExpr{X: ast.NewIdent(id.Name), Sel: ast.NewIdent(fv.Name())}
		path := []types.Object{v, fv}
		kv, isGiven := given[fv.Name()]
		if !isGiven {
			u := coreType(fv.Type())
			if _, isSlice := u.(*types.Slice); !isSlice {
				continue // a nil map cannot be filled
			}
			out = append(out, target{path: path, expr: expr, form: varDecl, typ: ast.NewIdent(types.TypeString(fv.Type(), qual)), stmt: s})
			continue
		}
		if t, ok := c.initTarget(s, path, expr, kv.Value); ok && t.form != makeLen {
			t.at = kv
			out = append(out, t)
		}
	}
	return out
}

// A part is a statement that adds a number of elements known before it
// runs to the target: a fill loop, or an append of listed elements or of
// a slice (out = append(out, a, b), out = append(out, xs...), return
// append(out, xs...)).
type part struct {
	fill
	loop bool
	// n is the number of elements if it is a constant (isConst).
	n       int64
	isConst bool
	// terminal is set for a return: nothing follows it.
	terminal bool
}

// sequence returns the fill made of the statements after the target's
// statement that add to it, in order, up to the first that mentions it in
// another way: their lengths sum up to the size the target reaches. It
// also returns the statements between the target's and the last part
// that are not parts, and the last part. A target made with a length
// (make([]byte, 2)) may first have its elements written by calls
// (binary.BigEndian.PutUint16(l, n)) or stores (l[0] = v).
//
// ok is false when nothing would grow: no part, a single append to an
// empty target (one allocation of the right size), or only constant
// appends (whether they outgrow the first array depends on the size
// classes of the allocator).
func (c *checker) sequence(rest []ast.Stmt, t target) (f fill, between []ast.Stmt, last ast.Stmt, ok bool) {
	var parts []part
	var seen, pending []ast.Stmt
	for _, s := range rest {
		if !c.mentions(s, t) || t.form == makeLen && len(parts) == 0 && c.elementsOnly(s, t) {
			pending = append(pending, s)
			seen = append(seen, s)
			continue
		}
		inner := s
		for {
			l, isLabeled := inner.(*ast.LabeledStmt)
			if !isLabeled {
				break
			}
			inner = l.Stmt
		}
		p, isPart := c.part(inner, t)
		if !isPart || len(parts) > 0 && (p.call != nil || parts[0].call != nil) {
			break // a range over a call must be the only part (see report)
		}
		if t.form == makeLen && p.loop {
			break // make([]T, n) then a fill loop is most often a bug, not a size hint
		}
		changed := false
		for _, x := range seen {
			if c.assigns(x, p.deps) {
				changed = true // the length read before would differ
				break
			}
		}
		if changed {
			break
		}
		parts = append(parts, p)
		between = append(between, pending...)
		pending = nil
		seen = append(seen, s)
		last = inner
		if p.terminal {
			break
		}
	}
	if len(parts) == 0 {
		return fill{}, nil, nil, false
	}
	var k int64
	var terms []ast.Expr
	f.exact = true
	for _, p := range parts {
		f.exact = f.exact && p.exact && !p.approx
		f.approx = f.approx || p.approx
		f.filtered = f.filtered || p.filtered
		f.indirect = f.indirect || p.indirect
		f.deps = append(f.deps, p.deps...)
		f.call = p.call
		if p.isConst {
			k += p.n
			continue
		}
		terms = append(terms, p.length)
	}
	switch {
	case len(terms) == 0:
		return fill{}, nil, nil, false // constant appends only
	case t.form != makeLen && len(parts) == 1 && !parts[0].loop:
		return fill{}, nil, nil, false // one append: one allocation
	}
	if t.form == makeLen {
		if !c.sideEffectFree(t.n, &f) {
			return fill{}, nil, nil, false
		}
		if v := c.info.Types[t.n].Value; v != nil {
			n, exact := constant.Int64Val(constant.ToInt(v))
			if !exact {
				return fill{}, nil, nil, false
			}
			k += n
		} else {
			terms = append([]ast.Expr{t.n}, terms...)
		}
	}
	if k > 0 {
		terms = append([]ast.Expr{&ast.BasicLit{Kind: token.INT, Value: strconv.FormatInt(k, 10)}}, terms...)
	}
	f.length = terms[0]
	if len(terms) > 1 {
		// An identifier renders as written: 1+len(rows), as gofmt
		// prints a sum inside the make's arguments.
		rendered := make([]string, len(terms))
		for i, e := range terms {
			rendered[i] = c.render(e)
		}
		f.length = ast.NewIdent(strings.Join(rendered, "+"))
	}
	return f, between, last, true
}

// part returns the part s is, if it adds to the target.
func (c *checker) part(s ast.Stmt, t target) (part, bool) {
	switch s := s.(type) {
	case *ast.ForStmt, *ast.RangeStmt:
		f, ok := c.fillLoop(s, t)
		return part{fill: f, loop: true}, ok
	case *ast.AssignStmt:
		if t.isMap || s.Tok != token.ASSIGN || len(s.Lhs) != 1 || len(s.Rhs) != 1 || !c.matches(ast.Unparen(s.Lhs[0]), t) {
			return part{}, false
		}
		return c.appendPart(s.Rhs[0], s, t, 2)
	case *ast.ReturnStmt:
		if t.isMap || len(s.Results) != 1 {
			return part{}, false
		}
		p, ok := c.appendPart(s.Results[0], s, t, 1)
		p.terminal = true
		return p, ok
	}
	return part{}, false
}

// appendPart returns the part of the statement s whose expression e
// appends to the target, which s mentions exactly mentions times.
func (c *checker) appendPart(e ast.Expr, s ast.Stmt, t target, mentions int) (part, bool) {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || !astutil.IsBuiltin(c.info, call.Fun, "append") || len(call.Args) < 2 ||
		!c.matches(ast.Unparen(call.Args[0]), t) || c.count(s, t) != mentions {
		return part{}, false
	}
	p := part{fill: fill{exact: true}}
	if !call.Ellipsis.IsValid() {
		p.isConst, p.n = true, int64(len(call.Args)-1)
		return p, true
	}
	if len(call.Args) != 2 {
		return part{}, false
	}
	x := call.Args[1]
	if v := c.info.Types[x].Value; v != nil && v.Kind() == constant.String {
		p.isConst, p.n = true, int64(len(constant.StringVal(v)))
		return p, true
	}
	if !valid(c.info.TypeOf(x)) || !c.sideEffectFree(x, &p.fill) {
		return part{}, false
	}
	p.length = &ast.CallExpr{Fun: ast.NewIdent("len"), Args: []ast.Expr{x}}
	return p, true
}

// elementsOnly reports whether s only writes elements of the target, made
// with a length: a call that takes it as an argument (binary.BigEndian.
// PutUint16(l, n), copy(l, src)), which cannot change its length, or
// stores to its elements (l[0] = v).
func (c *checker) elementsOnly(s ast.Stmt, t target) bool {
	k := 0
	switch s := s.(type) {
	case *ast.ExprStmt:
		call, ok := ast.Unparen(s.X).(*ast.CallExpr)
		if !ok || astutil.IsBuiltin(c.info, call.Fun, "append") {
			return false
		}
		for _, a := range call.Args {
			if c.matches(ast.Unparen(a), t) {
				k++
			}
		}
	case *ast.AssignStmt:
		if s.Tok != token.ASSIGN {
			return false
		}
		for _, lhs := range s.Lhs {
			if ix, ok := ast.Unparen(lhs).(*ast.IndexExpr); ok && c.matches(ast.Unparen(ix.X), t) {
				k++
			}
		}
	}
	return k > 0 && k == c.count(s, t)
}

// hotEnough reports whether the code at cur may run often enough for the
// growth to matter: not in code that runs once, dead code or test code
// outside the measured loop of a benchmark, nor in rarely called code
// (constructors, commands) outside a loop.
func (c *checker) hotEnough(cur inspector.Cursor) bool {
	h := c.hot
	if h.RunsOnce(cur) || h.InDeadCode(cur) || h.InTestCode(cur) && !h.InBenchmarkLoop(cur) {
		return false
	}
	if _, inLoop := h.Loop(cur); !inLoop && h.RarelyCalled(cur) {
		return false
	}
	return true
}

// target returns the variable that s sets to an empty slice or map without
// a capacity.
func (c *checker) target(s ast.Stmt) (target, bool) {
	switch s := s.(type) {
	case *ast.AssignStmt:
		if len(s.Lhs) != 1 || len(s.Rhs) != 1 || s.Tok != token.DEFINE && s.Tok != token.ASSIGN {
			return target{}, false
		}
		path, ok := c.path(s.Lhs[0])
		if !ok {
			return target{}, false
		}
		return c.initTarget(s, path, s.Lhs[0], s.Rhs[0])
	case *ast.DeclStmt:
		g, ok := s.Decl.(*ast.GenDecl)
		if !ok || g.Tok != token.VAR || len(g.Specs) != 1 {
			return target{}, false
		}
		spec := g.Specs[0].(*ast.ValueSpec)
		if len(spec.Names) != 1 || spec.Names[0].Name == "_" {
			return target{}, false
		}
		obj := c.info.Defs[spec.Names[0]]
		if obj == nil {
			return target{}, false
		}
		path := []types.Object{obj}
		switch len(spec.Values) {
		case 0:
			if spec.Type == nil {
				return target{}, false
			}
			isSlice, isMap := c.kind(spec.Type, obj.Type())
			if !isSlice || isMap {
				return target{}, false // a nil map cannot be filled
			}
			return target{path: path, expr: spec.Names[0], form: varDecl, typ: spec.Type, stmt: s}, true
		case 1:
			return c.initTarget(s, path, spec.Names[0], spec.Values[0])
		}
	}
	return target{}, false
}

// initTarget returns the target of a statement that assigns init to the
// variable at lhs.
func (c *checker) initTarget(s ast.Stmt, path []types.Object, lhs, init ast.Expr) (target, bool) {
	t := target{path: path, expr: lhs, init: init, stmt: s}
	var isSlice bool
	switch e := ast.Unparen(init).(type) {
	case *ast.CompositeLit:
		if len(e.Elts) != 0 || e.Type == nil {
			return target{}, false
		}
		t.form, t.typ = composite, e.Type
		isSlice, t.isMap = c.kind(e.Type, c.info.TypeOf(e))
	case *ast.CallExpr:
		if !astutil.IsBuiltin(c.info, e.Fun, "make") || len(e.Args) == 0 || e.Ellipsis.IsValid() {
			return target{}, false
		}
		t.form, t.typ = makeCall, e.Args[0]
		isSlice, t.isMap = c.kind(e.Args[0], c.info.TypeOf(e))
		switch {
		case isSlice && len(e.Args) == 2 && astutil.IsZero(c.info, e.Args[1]):
		case isSlice && len(e.Args) == 2 && c.smallLength(e.Args[1]):
			t.form, t.n = makeLen, e.Args[1]
		case t.isMap && len(e.Args) == 1:
		default:
			return target{}, false // a length or a capacity is given
		}
	default:
		return target{}, false
	}
	if !isSlice && !t.isMap {
		return target{}, false
	}
	return t, true
}

// maxHeader is the largest constant length of a makeLen target: the
// fixed-size header of a frame (a 2-byte length, an 8-byte id) that the
// payload is appended to.
const maxHeader = 16

// smallLength reports whether e is a constant from 1 to maxHeader.
func (c *checker) smallLength(e ast.Expr) bool {
	v := c.info.Types[e].Value
	if v == nil {
		return false
	}
	n, exact := constant.Int64Val(constant.ToInt(v))
	return exact && n >= 1 && n <= maxHeader
}

// kind tells whether the type of a value whose type expression is texpr is a
// slice or a map. It uses the type checker's type t when it is valid and
// falls back to the syntax of texpr otherwise.
func (c *checker) kind(texpr ast.Expr, t types.Type) (isSlice, isMap bool) {
	if valid(t) {
		switch coreType(t).(type) {
		case *types.Slice:
			return true, false
		case *types.Map:
			return false, true
		}
		return false, false
	}
	switch e := ast.Unparen(texpr).(type) {
	case *ast.ArrayType:
		return e.Len == nil, false
	case *ast.MapType:
		return false, true
	}
	return false, false
}

// valid reports whether t is a known type.
func valid(t types.Type) bool {
	if t == nil {
		return false
	}
	b, ok := t.(*types.Basic)
	return !ok || b.Kind() != types.Invalid
}

// coreType returns the underlying type of t, or for a type parameter
// whose constraint's types all have the same underlying type, that type.
// It returns nil if there is none.
func coreType(t types.Type) types.Type {
	tp, ok := types.Unalias(t).(*types.TypeParam)
	if !ok {
		return t.Underlying()
	}
	iface, ok := tp.Underlying().(*types.Interface)
	if !ok || iface.NumEmbeddeds() != 1 {
		return nil
	}
	e := iface.EmbeddedType(0)
	u, ok := e.(*types.Union)
	if !ok {
		if _, isIface := e.Underlying().(*types.Interface); isIface {
			return nil
		}
		return e.Underlying()
	}
	var core types.Type
	for term := range u.Terms() {
		tu := term.Type().Underlying()
		if core != nil && !types.Identical(core, tu) {
			return nil
		}
		core = tu
	}
	return core
}

// path returns the objects of a variable and the fields selected from it,
// for an expression v or v.f.g. ok is false for anything else.
func (c *checker) path(e ast.Expr) (path []types.Object, ok bool) {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		obj := c.info.ObjectOf(e)
		if _, isVar := obj.(*types.Var); !isVar || e.Name == "_" {
			return nil, false
		}
		return []types.Object{obj}, true
	case *ast.SelectorExpr:
		if sel, found := c.info.Selections[e]; found {
			if sel.Kind() != types.FieldVal {
				return nil, false
			}
			p, ok := c.path(e.X)
			if !ok {
				return nil, false
			}
			return append(p, sel.Obj()), true
		}
		// A qualified identifier: a package-level variable.
		if v, isVar := c.info.Uses[e.Sel].(*types.Var); isVar {
			return []types.Object{v}, true
		}
	}
	return nil, false
}

// matches reports whether e denotes the target's variable. In code that
// does not type-check, an identifier with the name of the variable and no
// object also matches, so that mentions are overcounted, never missed.
func (c *checker) matches(e ast.Expr, t target) bool {
	switch e := e.(type) {
	case *ast.Ident:
		if len(t.path) != 1 {
			return false
		}
		obj := c.info.ObjectOf(e)
		return obj == t.path[0] || obj == nil && e.Name == t.path[0].Name()
	case *ast.SelectorExpr:
		if len(t.path) == 1 {
			// A qualified identifier of a package-level variable.
			return c.info.Uses[e.Sel] == t.path[0]
		}
		p, ok := c.path(e)
		if !ok {
			return c.info.ObjectOf(e.Sel) == nil && e.Sel.Name == t.path[len(t.path)-1].Name()
		}
		if len(p) != len(t.path) {
			return false
		}
		for i := range p {
			if p[i] != t.path[i] {
				return false
			}
		}
		return true
	}
	return false
}

// count returns how often n mentions the target's variable, including in
// function literals. An assignment to a variable the target is a field
// of (r = other for the target r.idx) counts as a mention.
func (c *checker) count(n ast.Node, t target) int {
	if n == nil {
		return 0
	}
	k := 0
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident, *ast.SelectorExpr:
			if c.matches(n.(ast.Expr), t) {
				k++
				return false
			}
		case *ast.AssignStmt:
			if len(t.path) > 1 {
				for _, lhs := range n.Lhs {
					if p, ok := c.path(lhs); ok && len(p) < len(t.path) && isPrefix(p, t.path) {
						k++
					}
				}
			}
		}
		return true
	})
	return k
}

func isPrefix(p, of []types.Object) bool {
	for i := range p {
		if p[i] != of[i] {
			return false
		}
	}
	return true
}

func (c *checker) mentions(n ast.Node, t target) bool { return c.count(n, t) > 0 }

// fillLoop returns the fill of loop if loop adds exactly one element to
// the target per iteration, unconditionally, over a number of iterations
// known before the loop, and does nothing else with the target.
func (c *checker) fillLoop(loop ast.Stmt, t target) (fill, bool) {
	var (
		f        fill
		body     *ast.BlockStmt
		distinct types.Object   // a variable distinct in each iteration
		known    constant.Value // the length if it is a constant
	)
	switch l := loop.(type) {
	case *ast.RangeStmt:
		if c.mentions(l.X, t) || c.mentions(l.Key, t) || c.mentions(l.Value, t) {
			return fill{}, false
		}
		tx := c.info.TypeOf(l.X)
		if !valid(tx) {
			return fill{}, false
		}
		u := coreType(tx)
		if p, ok := u.(*types.Pointer); ok {
			u = coreType(p.Elem())
		}
		var ok bool
		switch u := u.(type) {
		case *types.Slice, *types.Array, *types.Map:
			f.length = &ast.CallExpr{Fun: ast.NewIdent("len"), Args: []ast.Expr{l.X}}
			ok = c.sideEffectFree(l.X, &f)
			if call, isCall := ast.Unparen(l.X).(*ast.CallExpr); !ok && isCall {
				// range c.Items(): the range evaluates the call
				// once; its length is known once it has run.
				f = fill{length: f.length, call: call}
				ok = true
			}
			if a, isArray := u.(*types.Array); isArray {
				known = constant.MakeInt64(a.Len())
			}
		case *types.Basic:
			if u.Info()&types.IsInteger == 0 {
				return fill{}, false // strings range by rune, not by byte
			}
			f.length = l.X
			ok = c.sideEffectFree(l.X, &f)
			known = c.info.Types[l.X].Value
		}
		if !ok {
			return fill{}, false // channels, iterator functions, calls
		}
		// The key of a map, the index of a slice or array and the value
		// of a range over an integer differ in each iteration.
		distinct = c.identObj(l.Key)
		body = l.Body
	case *ast.ForStmt:
		i, n, step, ok := c.countedLoop(l)
		if !ok || c.mentions(l.Cond, t) || c.mentions(l.Post, t) || c.mentions(l.Init, t) {
			return fill{}, false
		}
		f.length = n
		known = c.info.Types[n].Value
		if !c.sideEffectFree(n, &f) || c.assigns(l.Body, append(f.deps, i)) {
			return fill{}, false
		}
		distinct = i
		if step > 1 {
			// for i := 0; i < n; i += k runs (n+k-1)/k times: a
			// list of pairs read two by two fills len/2 entries.
			// An identifier renders as written: (len(kv)+1)/2, as
			// gofmt prints it inside the make.
			f.length = ast.NewIdent("(" + c.render(n) + "+" + strconv.FormatInt(step-1, 10) + ")/" + strconv.FormatInt(step, 10))
			if known != nil {
				known = constant.BinaryOp(constant.BinaryOp(known, token.ADD, constant.MakeInt64(step-1)), token.QUO_ASSIGN, constant.MakeInt64(step))
			}
		}
		body = l.Body
	default:
		return fill{}, false
	}
	if body == nil {
		return fill{}, false
	}
	esc, skip := c.escapes(body)
	if esc {
		return fill{}, false
	}
	if distinct != nil && c.assigns(body, []types.Object{distinct}) {
		distinct = nil // k = strings.ToLower(k) may make two keys one
	}
	if known != nil {
		// A map of up to 8 entries fits in the group it allocates on
		// the first store and never grows; a slice of one element is
		// allocated once.
		n, exact := constant.Int64Val(constant.ToInt(known))
		if exact && (t.isMap && n <= 8 || !t.isMap && n <= 1) {
			return fill{}, false
		}
	}
	// Exactly one top-level statement of the body mentions the target,
	// and it adds one element.
	// Other statements may look a map's keys up (a set of the keys seen
	// so far, to reject or skip a duplicate): they read the map, they do
	// not add to it.
	var fillStmt *ast.AssignStmt
	condFill := false // the store is the body of an if: a filter
	for _, s := range body.List {
		if !c.mentions(s, t) {
			continue
		}
		if ifs, isIf := s.(*ast.IfStmt); isIf && t.isMap && fillStmt == nil {
			if a, ok := c.conditionalStore(ifs, t); ok {
				fillStmt, condFill = a, true
				continue
			}
		}
		a, ok := s.(*ast.AssignStmt)
		if ok && t.isMap && c.onlyLookups(a, t) || !ok && t.isMap && c.onlyLookups(s, t) {
			continue
		}
		if fillStmt != nil || !ok {
			return fill{}, false
		}
		fillStmt = a
	}
	if fillStmt == nil || fillStmt.Tok != token.ASSIGN || len(fillStmt.Lhs) != 1 || len(fillStmt.Rhs) != 1 {
		return fill{}, false
	}
	// A continue before the add may skip it: a filtered copy. Only maps
	// are reported then (see the package doc).
	f.filtered = skip.IsValid() && skip < fillStmt.Pos() || condFill
	if f.filtered && !t.isMap {
		return fill{}, false
	}
	if t.isMap {
		ix, ok := ast.Unparen(fillStmt.Lhs[0]).(*ast.IndexExpr)
		if !ok || !c.matches(ast.Unparen(ix.X), t) || c.count(fillStmt, t) != 1 {
			return fill{}, false
		}
		key := ast.Unparen(ix.Index)
		if !c.variesIn(key, loop) {
			return fill{}, false // the same key in every iteration
		}
		id, ok := key.(*ast.Ident)
		f.exact = ok && distinct != nil && c.info.ObjectOf(id) == distinct && !f.filtered
	} else {
		call, ok := ast.Unparen(fillStmt.Rhs[0]).(*ast.CallExpr)
		if !ok || !astutil.IsBuiltin(c.info, call.Fun, "append") || call.Ellipsis.IsValid() || len(call.Args) != 2 ||
			!c.matches(ast.Unparen(fillStmt.Lhs[0]), t) || !c.matches(ast.Unparen(call.Args[0]), t) ||
			c.count(fillStmt, t) != 2 {
			return fill{}, false
		}
		f.exact = !f.filtered
	}
	f.exact = f.exact && !f.approx
	return f, true
}

// conditionalStore returns the store of ifs, an if without else whose
// body's only statement that mentions the map target is a store into it
// (if len(v) > 0 { m[k] = v[0] }) and whose condition at most looks the
// map up: a filtered copy, as with a continue before the store.
func (c *checker) conditionalStore(ifs *ast.IfStmt, t target) (*ast.AssignStmt, bool) {
	if ifs.Else != nil || ifs.Init != nil && c.mentions(ifs.Init, t) || c.mentions(ifs.Cond, t) && !c.onlyLookups(ifs.Cond, t) {
		return nil, false
	}
	var store *ast.AssignStmt
	for _, s := range ifs.Body.List {
		if !c.mentions(s, t) {
			continue
		}
		a, ok := s.(*ast.AssignStmt)
		if !ok || store != nil {
			return nil, false
		}
		store = a
	}
	return store, store != nil
}

// countedLoop matches `for i := 0; i < n; i++` (or i += k, k a constant
// from 1 to maxStep when steps is on) and returns i, n and the step k.
func (c *checker) countedLoop(l *ast.ForStmt) (i types.Object, n ast.Expr, step int64, ok bool) {
	init, ok := l.Init.(*ast.AssignStmt)
	if !ok || len(init.Lhs) != 1 || len(init.Rhs) != 1 || !astutil.IsZero(c.info, init.Rhs[0]) {
		return nil, nil, 0, false
	}
	i = c.identObj(init.Lhs[0])
	if i == nil {
		return nil, nil, 0, false
	}
	cond, ok := ast.Unparen(l.Cond).(*ast.BinaryExpr)
	if !ok || cond.Op != token.LSS || c.identObj(ast.Unparen(cond.X)) != i {
		return nil, nil, 0, false
	}
	step = 1
	switch post := l.Post.(type) {
	case *ast.IncDecStmt:
		ok = post.Tok == token.INC && c.identObj(post.X) == i
	case *ast.AssignStmt:
		ok = post.Tok == token.ADD_ASSIGN && len(post.Lhs) == 1 && len(post.Rhs) == 1 && c.identObj(post.Lhs[0]) == i
		if v := c.info.Types[post.Rhs[0]].Value; ok && v != nil {
			k, exact := constant.Int64Val(constant.ToInt(v))
			ok = exact && (k == 1 || steps && k > 1 && k <= maxStep)
			step = k
		} else {
			ok = false
		}
	default:
		ok = false
	}
	return i, cond.Y, step, ok
}

// steps counts loops stepping by a constant k > 1, such as the reader of
// a flat list of key-value pairs (for i := 0; i < len(kv); i += 2 {
// m[kv[i]] = kv[i+1] }), which fill (n+k-1)/k elements. The recall sample
// of the second held-out set (bench/corpus/labels/recall-heldout2.tsv)
// holds three such maps filled per reply of a Redis client's search
// commands, none of which the check found.
const steps = true

// maxStep is the largest step counted: a loop striding further walks a
// record layout, where the count is rarely what the reader expects.
const maxStep = 16

// isLenMethod reports whether call, whose function is sel, calls a method
// named Len without arguments that returns an integer: the length of a
// container (protoreflect.List, container/list, a heap), by convention
// a read without side effects.
func (c *checker) isLenMethod(call *ast.CallExpr, sel *ast.SelectorExpr) bool {
	if sel.Sel.Name != "Len" || len(call.Args) != 0 {
		return false
	}
	s, ok := c.info.Selections[sel]
	if !ok || s.Kind() != types.MethodVal {
		return false
	}
	sig, ok := s.Type().(*types.Signature)
	if !ok || sig.Results().Len() != 1 {
		return false
	}
	b, ok := sig.Results().At(0).Type().Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// identObj returns the variable that e, an identifier, denotes, or nil.
func (c *checker) identObj(e ast.Expr) types.Object {
	id, ok := e.(*ast.Ident)
	if !ok || id.Name == "_" {
		return nil
	}
	if v, ok := c.info.ObjectOf(id).(*types.Var); ok {
		return v
	}
	return nil
}

// variesIn reports whether e reads a variable declared in loop (its range
// key or value, its counter or a variable of its body), so that it may
// differ from one iteration to the next.
func (c *checker) variesIn(e ast.Expr, loop ast.Node) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := c.info.ObjectOf(id).(*types.Var); ok && astutil.ContainsPos(loop, v.Pos()) {
				found = true
			}
		}
		return !found
	})
	return found
}

// sideEffectFree reports whether e can be evaluated again, before the
// loop, with the same result and no side effect: variables, constants,
// field selections, dereferences, indexes and slices of those, len and
// cap of those, and +, - and * of those. It adds the variables e reads to
// f.deps and sets f.indirect if e dereferences a pointer, indexes or
// slices.
func (c *checker) sideEffectFree(e ast.Expr, f *fill) bool {
	if tv, ok := c.info.Types[e]; ok && tv.Value != nil {
		return true // a constant
	}
	switch e := e.(type) {
	case *ast.ParenExpr:
		return c.sideEffectFree(e.X, f)
	case *ast.BasicLit:
		return true
	case *ast.Ident:
		switch obj := c.info.ObjectOf(e).(type) {
		case *types.Var:
			f.deps = append(f.deps, obj)
			return true
		case *types.Const:
			return true
		}
		return false
	case *ast.SelectorExpr:
		if sel, ok := c.info.Selections[e]; ok {
			if sel.Kind() != types.FieldVal {
				return false // a method value or call
			}
			if sel.Indirect() {
				f.indirect = true
			}
			f.deps = append(f.deps, sel.Obj())
			return c.sideEffectFree(e.X, f)
		}
		switch obj := c.info.Uses[e.Sel].(type) {
		case *types.Var:
			f.deps = append(f.deps, obj)
			return true
		case *types.Const:
			return true
		}
		return false
	case *ast.StarExpr:
		f.indirect = true
		return c.sideEffectFree(e.X, f)
	case *ast.IndexExpr:
		if tv, ok := c.info.Types[e.X]; !ok || !tv.IsValue() {
			return false // an instantiation
		}
		if _, isMap := coreType(c.info.TypeOf(e.X)).(*types.Map); !isMap {
			f.indirect = true // may be out of range
		}
		return c.sideEffectFree(e.X, f) && c.sideEffectFree(e.Index, f)
	case *ast.SliceExpr:
		f.indirect = true // may be out of range
		for _, x := range []ast.Expr{e.Low, e.High, e.Max} {
			if x != nil && !c.sideEffectFree(x, f) {
				return false
			}
		}
		return c.sideEffectFree(e.X, f)
	case *ast.CallExpr:
		if (astutil.IsBuiltin(c.info, e.Fun, "len") || astutil.IsBuiltin(c.info, e.Fun, "cap")) && len(e.Args) == 1 && !e.Ellipsis.IsValid() {
			return c.sideEffectFree(e.Args[0], f)
		}
		if sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr); ok && c.isLenMethod(e, sel) {
			// list.Len() of a container: read again before the loop.
			// A body that pops or pushes changes it unseen, so the
			// count is an upper bound.
			f.indirect, f.approx = true, true
			return c.sideEffectFree(sel.X, f)
		}
		return false
	case *ast.BinaryExpr:
		switch e.Op {
		case token.ADD, token.SUB, token.MUL:
			return c.sideEffectFree(e.X, f) && c.sideEffectFree(e.Y, f)
		}
	}
	return false
}

// assigns reports whether n may change one of the variables: it assigns to
// an expression rooted at one of them, increments or decrements one, takes
// the address of one or ranges into one.
func (c *checker) assigns(n ast.Node, vars []types.Object) bool {
	if n == nil || len(vars) == 0 {
		return false
	}
	changes := func(e ast.Expr) bool {
		for {
			switch x := e.(type) {
			case *ast.ParenExpr:
				e = x.X
			case *ast.SelectorExpr:
				if obj := c.info.ObjectOf(x.Sel); obj != nil && contains(vars, obj) {
					return true
				}
				e = x.X
			case *ast.IndexExpr:
				e = x.X
			case *ast.StarExpr:
				e = x.X
			case *ast.Ident:
				obj := c.info.ObjectOf(x)
				return obj != nil && contains(vars, obj)
			default:
				return false
			}
		}
	}
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, lhs := range n.Lhs {
				if id, ok := lhs.(*ast.Ident); ok && n.Tok == token.DEFINE && c.info.Defs[id] != nil {
					continue // declares the variable
				}
				found = found || changes(lhs)
			}
		case *ast.IncDecStmt:
			found = found || changes(n.X)
		case *ast.UnaryExpr:
			found = found || n.Op == token.AND && changes(n.X)
		case *ast.RangeStmt:
			if n.Tok == token.ASSIGN {
				found = found || n.Key != nil && changes(n.Key) || n.Value != nil && changes(n.Value)
			}
		}
		return !found
	})
	return found
}

func contains(vars []types.Object, obj types.Object) bool {
	for _, v := range vars {
		if v == obj {
			return true
		}
	}
	return false
}

// escapes reports whether the loop body may leave the loop on its way to
// a result: a return other than an error exit, a goto, a break of the
// loop itself, or a break or continue of a statement around it. An error
// exit (`return nil, err`) drops what the loop built, so the capacity it
// was made with does not matter there. Function literals are not entered:
// their returns leave only themselves. skip is the position of the first
// unlabelled continue of the loop itself (token.NoPos if there is none),
// which may skip the add of an iteration (a filter): the loop then adds at
// most one element per iteration.
func (c *checker) escapes(body *ast.BlockStmt) (esc bool, skip token.Pos) {
	labels := make(map[string]bool) // labels of statements inside body
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.LabeledStmt:
			labels[n.Label.Name] = true
		}
		return true
	})
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if esc {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			esc = !c.isErrorExit(n) && !c.isZeroExit(n)
		case *ast.BranchStmt:
			switch {
			case n.Tok == token.GOTO:
				esc = true
			case n.Label != nil:
				esc = !labels[n.Label.Name]
			case n.Tok == token.BREAK:
				esc = !inside(stack, true)
			case n.Tok == token.CONTINUE && !inside(stack, false):
				if !skip.IsValid() {
					skip = n.Pos()
				}
			}
		}
		stack = append(stack, n)
		return true
	})
	return esc, skip
}

// isErrorExit reports whether ret returns an error: its last result is
// not nil and of type error or of a type that implements error (return
// &ValidationError{...}).
func (c *checker) isErrorExit(ret *ast.ReturnStmt) bool {
	if len(ret.Results) == 0 {
		return false
	}
	last := ret.Results[len(ret.Results)-1]
	tv, ok := c.info.Types[last]
	return ok && !tv.IsNil() && valid(tv.Type) && astutil.IsError(tv.Type)
}

// isZeroExit reports whether ret returns zero values only (return nil,
// nil; return 0, false): like an error exit, it drops what the loop
// built, here without saying why (SQL's CONCAT giving NULL at the first
// NULL argument). A bare return is not one: it may return named results
// or end a function that fills a field.
func (c *checker) isZeroExit(ret *ast.ReturnStmt) bool {
	if len(ret.Results) == 0 {
		return false
	}
	for _, e := range ret.Results {
		if astutil.IsZero(c.info, e) {
			continue // 0, 0.0
		}
		tv, ok := c.info.Types[e]
		if !ok {
			return false
		}
		switch {
		case tv.IsNil():
		case tv.Value != nil && tv.Value.Kind() == constant.String && constant.StringVal(tv.Value) == "":
		case tv.Value != nil && tv.Value.Kind() == constant.Bool && !constant.BoolVal(tv.Value):
		default:
			return false
		}
	}
	return true
}

// onlyLookups reports whether every mention of the map target in n reads
// one of its entries (m[k] as a value or in v, ok := m[k]): n neither
// stores, deletes nor ranges, nor takes the map's length.
func (c *checker) onlyLookups(n ast.Node, t target) bool {
	lookups, stores := 0, 0
	isEntry := func(e ast.Expr) bool {
		ix, ok := ast.Unparen(e).(*ast.IndexExpr)
		return ok && c.matches(ast.Unparen(ix.X), t)
	}
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, lhs := range n.Lhs {
				if isEntry(lhs) {
					stores++
				}
			}
		case *ast.IncDecStmt:
			if isEntry(n.X) {
				stores++
			}
		case *ast.IndexExpr:
			if c.matches(ast.Unparen(n.X), t) {
				lookups++
			}
		}
		return true
	})
	return stores == 0 && lookups > 0 && lookups == c.count(n, t)
}

// inside reports whether the stack holds a loop, or, if switches is set, a
// loop, switch or select: the target of an unlabelled continue or break.
func inside(stack []ast.Node, switches bool) bool {
	for _, n := range stack {
		switch n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			return true
		case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
			if switches {
				return true
			}
		}
	}
	return false
}

// report reports the target t filled by the loop, with a fix that adds the
// capacity when it is safe.
func (c *checker) report(t target, f fill, between []ast.Stmt, loop ast.Stmt) {
	name := c.render(t.expr)
	length := c.render(f.length)
	typ := c.render(t.typ)
	diag := analysis.Diagnostic{Pos: t.stmt.Pos(), End: t.stmt.End()}
	if t.at != nil {
		diag.Pos, diag.End = t.at.Pos(), t.at.End()
	}
	// For a range over a call's result, the make needs the result
	// first: the advice and the fix store it in a variable.
	src, store := "", ""
	capacity := length
	if f.call != nil {
		src = c.freshName(t.stmt.Pos())
		if src == "" {
			src = "src"
		}
		store = fmt.Sprintf("store %s in %s before it and ", c.render(f.call), src)
		capacity = "len(" + src + ")"
	}
	upTo := "up to "
	if f.exact {
		upTo = ""
	}
	var made, fixMsg string
	if t.isMap {
		diag.Category = "map"
		made = fmt.Sprintf("make(%s, %s)", typ, capacity)
		diag.Message = checkdoc.Fit(
			fmt.Sprintf("%s grows to %s%s entries without a size hint: %smake it with %s", name, upTo, length, store, made),
			fmt.Sprintf("%s grows to a known size without a size hint: %smake it with %s", name, store, made),
			fmt.Sprintf("%s grows to %s%s entries without a size hint: make it with that hint", name, upTo, length),
			fmt.Sprintf("%s grows to a known size without a size hint: make it with that hint", name))
		fixMsg = fmt.Sprintf("Make %s with size hint %s", name, capacity)
	} else if t.form == makeLen {
		diag.Category = "slice"
		n := c.render(t.n)
		made = fmt.Sprintf("make(%s, %s, %s)", typ, n, capacity)
		diag.Message = checkdoc.Fit(
			fmt.Sprintf("%s is made with length %s and grown by append to %s elements: make it with %s", name, n, length, made),
			fmt.Sprintf("%s is made with length %s and grown again by append: make it with %s", name, n, made),
			fmt.Sprintf("%s is made with length %s and grown by append to %s elements: make it with that capacity", name, n, length),
			fmt.Sprintf("%s is made with length %s and grown again by append: make it with that capacity", name, n))
		fixMsg = fmt.Sprintf("Make %s with capacity %s", name, capacity)
	} else {
		diag.Category = "slice"
		made = fmt.Sprintf("make(%s, 0, %s)", typ, capacity)
		diag.Message = checkdoc.Fit(
			fmt.Sprintf("%s grows by append to %s%s elements: %smake it with %s", name, upTo, length, store, made),
			fmt.Sprintf("%s grows by append to a known length: %smake it with %s", name, store, made),
			fmt.Sprintf("%s grows by append to %s%s elements: make it with that capacity", name, upTo, length),
			fmt.Sprintf("%s grows by append to a known length: make it with that capacity", name))
		fixMsg = fmt.Sprintf("Make %s with capacity %s", name, capacity)
	}
	if t.form == varDecl {
		// No fix: make returns a non-nil slice where the loop over an
		// empty source leaves the var nil (see the package doc).
		diag.Category = "nilslice"
		c.pass.Report(diag)
		return
	}
	// The length must be evaluable where the make is: its variables
	// declared before it and, if it may panic, no statement in between
	// that could be the guard against that.
	for _, d := range f.deps {
		if d.Pos() > t.stmt.Pos() && d.Pos() < loop.Pos() {
			c.pass.Report(diag)
			return
		}
	}
	if f.indirect && len(between) > 0 {
		c.pass.Report(diag)
		return
	}
	var edits []analysis.TextEdit
	if f.call != nil {
		// The call moves before the make: nothing may stand between
		// them, and the variable needs a name free where it goes.
		indent, ok := fixtext.Indent(c.pass, t.stmt.Pos())
		if len(between) > 0 || !ok || c.freshName(t.stmt.Pos()) == "" {
			c.pass.Report(diag)
			return
		}
		fixMsg = fmt.Sprintf("Store %s in %s and %s", c.render(f.call), src, lowerFirst(fixMsg))
		edits = append(edits,
			analysis.TextEdit{Pos: t.stmt.Pos(), End: t.stmt.Pos(), NewText: []byte(src + " := " + c.render(f.call) + "\n" + indent)},
			analysis.TextEdit{Pos: f.call.Pos(), End: f.call.End(), NewText: []byte(src)})
	}
	switch init := ast.Unparen(t.init).(type) {
	case *ast.CallExpr:
		last := init.Args[len(init.Args)-1]
		edits = append(edits, analysis.TextEdit{Pos: last.End(), End: last.End(), NewText: []byte(", " + capacity)})
	case *ast.CompositeLit:
		edits = append(edits, analysis.TextEdit{Pos: init.Pos(), End: init.End(), NewText: []byte(made)})
	}
	diag.SuggestedFixes = []analysis.SuggestedFix{{Message: fixMsg, TextEdits: edits}}
	c.pass.Report(diag)
}

// fallbackNames are the names the fix tries, in order, for the variable
// that holds the result of a call ranged over.
var fallbackNames = []string{"src", "srcItems", "srcElems"}

// freshName returns a name for a new variable declared at pos that
// neither refers to anything there nor is declared later in the same
// block, or "" if none of fallbackNames is free.
func (c *checker) freshName(pos token.Pos) string {
	scope := c.pass.Pkg.Scope().Innermost(pos)
	if scope == nil {
		return ""
	}
	for _, name := range fallbackNames {
		if _, obj := scope.LookupParent(name, pos); obj != nil {
			continue
		}
		if scope.Lookup(name) != nil {
			continue // declared later in the block
		}
		return name
	}
	return ""
}

// lowerFirst returns s with its first letter in lower case.
func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

// render returns the source form of e.
func (c *checker) render(e ast.Expr) string {
	var buf bytes.Buffer
	if err := format.Node(&buf, c.pass.Fset, e); err != nil {
		return types.ExprString(e)
	}
	return buf.String()
}
