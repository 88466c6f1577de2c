package astutil_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/perfproof/perfproof/internal/astutil"
)

const src = `package p

import "errors"

type celsius float64

type label string

type ptrErr struct{}

func (*ptrErr) Error() string { return "" }

type valErr struct{}

func (valErr) Error() string { return "" }

const ten = 10

var pkgLevel = len("x")

func outer(m map[string]int, s label) {
	_ = 0
	_ = 0.0
	_ = '\x00'
	_ = 0i
	_ = ""
	_ = ten
	_ = 10.0
	_ = 1.0 / 10
	_ = "10"
	f := func() int {
		return len("inner")
	}
	_ = f
	for i := 0; ; i++ {
		_ = append([]int(nil), i)
	}
}

func shadow() {
	append := func(x ...int) {}
	append(1)
	_ = errors.New("")
}
`

type fixture struct {
	fset *token.FileSet
	file *ast.File
	info *types.Info
	pkg  *types.Package
	root inspector.Cursor
}

func load(t *testing.T) *fixture {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{
		Types: make(map[ast.Expr]types.TypeAndValue),
		Defs:  make(map[*ast.Ident]types.Object),
		Uses:  make(map[*ast.Ident]types.Object),
	}
	conf := types.Config{Importer: importer.Default()}
	pkg, err := conf.Check("p", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	return &fixture{fset, f, info, pkg, inspector.New([]*ast.File{f}).Root()}
}

// find returns the cursor of the first node of type T for which match
// holds, in preorder.
func find[T ast.Node](t *testing.T, fx *fixture, match func(T) bool) inspector.Cursor {
	t.Helper()
	var zero T
	for c := range fx.root.Preorder(zero) {
		if match(c.Node().(T)) {
			return c
		}
	}
	t.Fatalf("no %T matches", zero)
	return inspector.Cursor{}
}

func lenCall(arg string) func(*ast.CallExpr) bool {
	return func(c *ast.CallExpr) bool {
		if len(c.Args) != 1 {
			return false
		}
		lit, ok := c.Args[0].(*ast.BasicLit)
		return ok && lit.Value == arg
	}
}

func TestEnclosingFunc(t *testing.T) {
	fx := load(t)
	name := func(c inspector.Cursor) string {
		switch n := c.Node().(type) {
		case *ast.FuncDecl:
			return n.Name.Name
		case *ast.FuncLit:
			return "literal"
		}
		return "?"
	}
	for _, tc := range []struct {
		what string
		cur  inspector.Cursor
		want string // "" for none
	}{
		{"call in a literal", find(t, fx, lenCall(`"inner"`)), "literal"},
		{"the literal itself", find(t, fx, func(*ast.FuncLit) bool { return true }), "outer"},
		{"package-level initialiser", find(t, fx, lenCall(`"x"`)), ""},
		{"a declaration itself", find(t, fx, func(d *ast.FuncDecl) bool { return d.Name.Name == "outer" }), ""},
	} {
		fn, ok := astutil.EnclosingFunc(tc.cur)
		got := ""
		if ok {
			got = name(fn)
		}
		if got != tc.want {
			t.Errorf("EnclosingFunc(%s) = %q, want %q", tc.what, got, tc.want)
		}
	}
}

func TestEnclosingFile(t *testing.T) {
	fx := load(t)
	if f, ok := astutil.EnclosingFile(find(t, fx, lenCall(`"inner"`))); !ok || f != fx.file {
		t.Errorf("EnclosingFile(call) = %v, %v, want the file, true", f, ok)
	}
	fileCur := find(t, fx, func(*ast.File) bool { return true })
	if f, ok := astutil.EnclosingFile(fileCur); !ok || f != fx.file {
		t.Errorf("EnclosingFile(file) = %v, %v, want the file itself, true", f, ok)
	}
}

func TestFuncTypeAndBody(t *testing.T) {
	fx := load(t)
	lit := find(t, fx, func(*ast.FuncLit) bool { return true }).Node().(*ast.FuncLit)
	decl := find(t, fx, func(d *ast.FuncDecl) bool { return d.Name.Name == "shadow" }).Node().(*ast.FuncDecl)
	if got := astutil.FuncType(lit); got != lit.Type {
		t.Errorf("FuncType(literal) = %v, want its type", got)
	}
	if got := astutil.FuncBody(decl); got != decl.Body {
		t.Errorf("FuncBody(shadow) = %v, want its body", got)
	}
	if got := astutil.FuncBody(decl.Body); got != nil {
		t.Errorf("FuncBody(block) = %v, want nil", got)
	}
	if got := astutil.FuncType(decl.Body); got != nil {
		t.Errorf("FuncType(block) = %v, want nil", got)
	}
}

func TestWithin(t *testing.T) {
	fx := load(t)
	loop := find(t, fx, func(*ast.ForStmt) bool { return true }).Node().(*ast.ForStmt)
	call := find(t, fx, func(c *ast.CallExpr) bool { return astutil.IsBuiltin(fx.info, c.Fun, "append") }).Node()
	for _, tc := range []struct {
		what     string
		n, outer ast.Node
		want     bool
	}{
		{"call in body", call, loop.Body, true},
		{"node in itself", loop.Body, loop.Body, true},
		{"body in call", loop.Body, call, false},
		{"call in missing cond", call, loop.Cond, false}, // typed nil
		{"call in nil", call, nil, false},
		{"call in post", call, loop.Post, false},
	} {
		if got := astutil.Within(tc.n, tc.outer); got != tc.want {
			t.Errorf("Within(%s) = %v, want %v", tc.what, got, tc.want)
		}
	}
	if !astutil.ContainsPos(loop, loop.Pos()) {
		t.Errorf("ContainsPos(loop, loop.Pos()) = false, want true")
	}
	if astutil.ContainsPos(loop, loop.End()) {
		t.Errorf("ContainsPos(loop, loop.End()) = true, want false")
	}
	if astutil.ContainsPos(loop.Cond, loop.Pos()) {
		t.Errorf("ContainsPos(nil cond, _) = true, want false")
	}
}

func TestStmtList(t *testing.T) {
	block := &ast.BlockStmt{List: []ast.Stmt{&ast.EmptyStmt{}}}
	for _, tc := range []struct {
		n     ast.Node
		wantN int
		want  bool
	}{
		{block, 1, true},
		{&ast.CaseClause{Body: []ast.Stmt{&ast.EmptyStmt{}, &ast.EmptyStmt{}}}, 2, true},
		{&ast.CommClause{}, 0, true},
		{&ast.BlockStmt{}, 0, true},
		{&ast.IfStmt{Body: block}, 0, false},
	} {
		list, ok := astutil.StmtList(tc.n)
		if len(list) != tc.wantN || ok != tc.want {
			t.Errorf("StmtList(%T) = %d statements, %v, want %d, %v", tc.n, len(list), ok, tc.wantN, tc.want)
		}
	}
}

// values returns the right-hand sides of the blank assignments in outer, in
// order.
func values(t *testing.T, fx *fixture) []ast.Expr {
	t.Helper()
	var out []ast.Expr
	for c := range fx.root.Preorder((*ast.AssignStmt)(nil)) {
		as := c.Node().(*ast.AssignStmt)
		if id, ok := as.Lhs[0].(*ast.Ident); ok && id.Name == "_" && as.Tok == token.ASSIGN {
			out = append(out, as.Rhs[0])
		}
	}
	return out
}

func TestIsZeroAndIsConst(t *testing.T) {
	fx := load(t)
	vs := values(t, fx)
	// 0, 0.0, '\x00', 0i, "", ten, 10.0, 1.0/10, "10", f, append(...), errors.New
	for i, tc := range []struct {
		zero bool
		ten  bool
		tnth bool
	}{
		{zero: true}, {zero: true}, {zero: true}, {}, {}, {ten: true}, {ten: true}, {tnth: true}, {}, {}, {}, {},
	} {
		if i >= len(vs) {
			t.Fatalf("only %d values in the fixture", len(vs))
		}
		e := vs[i]
		s := types.ExprString(e)
		if got := astutil.IsZero(fx.info, e); got != tc.zero {
			t.Errorf("IsZero(%s) = %v, want %v", s, got, tc.zero)
		}
		if got := astutil.IsConst(fx.info, e, 10); got != tc.ten {
			t.Errorf("IsConst(%s, 10) = %v, want %v", s, got, tc.ten)
		}
		if got := astutil.IsConst(fx.info, e, 0.1); got != tc.tnth {
			t.Errorf("IsConst(%s, 0.1) = %v, want %v", s, got, tc.tnth)
		}
	}
	if astutil.IsZero(fx.info, nil) || astutil.IsConst(fx.info, nil, 0) {
		t.Errorf("IsZero(nil) or IsConst(nil, 0) = true, want false")
	}
}

func TestIsBuiltin(t *testing.T) {
	fx := load(t)
	var got []bool
	for c := range fx.root.Preorder((*ast.CallExpr)(nil)) {
		call := c.Node().(*ast.CallExpr)
		if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "append" {
			got = append(got, astutil.IsBuiltin(fx.info, call.Fun, "append"))
		}
	}
	// The builtin in outer, then the shadowing variable in shadow.
	if len(got) != 2 || !got[0] || got[1] {
		t.Errorf("IsBuiltin(append calls) = %v, want [true false]", got)
	}
	lenc := find(t, fx, lenCall(`"inner"`)).Node().(*ast.CallExpr)
	if astutil.IsBuiltin(fx.info, lenc.Fun, "cap") {
		t.Errorf("IsBuiltin(len, \"cap\") = true, want false")
	}
}

func TestTypePredicates(t *testing.T) {
	fx := load(t)
	scope := fx.pkg.Scope()
	typ := func(name string) types.Type { return scope.Lookup(name).Type() }
	untypedString := types.Typ[types.UntypedString]
	for _, tc := range []struct {
		name string
		got  bool
		want bool
	}{
		{"IsString(label)", astutil.IsString(typ("label")), true},
		{"IsString(untyped string)", astutil.IsString(untypedString), true},
		{"IsString(celsius)", astutil.IsString(typ("celsius")), false},
		{"IsString(nil)", astutil.IsString(nil), false},
		{"IsUntyped(untyped string)", astutil.IsUntyped(untypedString), true},
		{"IsUntyped(string)", astutil.IsUntyped(types.Typ[types.String]), false},
		{"IsUntyped(label)", astutil.IsUntyped(typ("label")), false},
		{"IsMap(map)", astutil.IsMap(types.NewMap(types.Typ[types.String], types.Typ[types.Int])), true},
		{"IsMap(label)", astutil.IsMap(typ("label")), false},
		{"IsMap(nil)", astutil.IsMap(nil), false},
		{"IsError(error)", astutil.IsError(types.Universe.Lookup("error").Type()), true},
		{"IsError(valErr)", astutil.IsError(typ("valErr")), true},
		{"IsError(ptrErr)", astutil.IsError(typ("ptrErr")), false},
		{"IsError(*ptrErr)", astutil.IsError(types.NewPointer(typ("ptrErr"))), true},
		{"IsError(tuple)", astutil.IsError(types.NewTuple()), false},
		{"IsError(nil)", astutil.IsError(nil), false},
	} {
		if tc.got != tc.want {
			t.Errorf("%s = %v, want %v", tc.name, tc.got, tc.want)
		}
	}
}

func TestLookupInterface(t *testing.T) {
	fx := load(t)
	var errs *types.Package
	for _, imp := range fx.pkg.Imports() {
		if imp.Path() == "errors" {
			errs = imp
		}
	}
	if errs == nil {
		t.Fatal("fixture does not import errors")
	}
	if got := astutil.LookupInterface(fx.pkg, "label"); got != nil {
		t.Errorf("LookupInterface(p, label) = %v, want nil (not an interface)", got)
	}
	if got := astutil.LookupInterface(fx.pkg, "missing"); got != nil {
		t.Errorf("LookupInterface(p, missing) = %v, want nil", got)
	}
	iface := types.NewInterfaceType(nil, nil)
	pkg := types.NewPackage("q", "q")
	pkg.Scope().Insert(types.NewTypeName(token.NoPos, pkg, "Any", iface))
	if got := astutil.LookupInterface(pkg, "Any"); got != iface {
		t.Errorf("LookupInterface(q, Any) = %v, want the declared interface", got)
	}
}

func TestFuncKey(t *testing.T) {
	fx := load(t)
	var errsNew *types.Func
	for _, imp := range fx.pkg.Imports() {
		if imp.Path() == "errors" {
			errsNew = imp.Scope().Lookup("New").(*types.Func)
		}
	}
	method := func(typeName string) *types.Func {
		t.Helper()
		obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(fx.pkg.Scope().Lookup(typeName).Type()), true, fx.pkg, "Error")
		return obj.(*types.Func)
	}
	errorMethod := types.Universe.Lookup("error").Type().Underlying().(*types.Interface).Method(0)
	for _, tc := range []struct {
		fn   *types.Func
		want string
	}{
		{errsNew, "errors.New"},
		{method("ptrErr"), "p.ptrErr.Error"},
		{method("valErr"), "p.valErr.Error"},
		{errorMethod, "Error"},
	} {
		if got := astutil.FuncKey(tc.fn); got != tc.want {
			t.Errorf("FuncKey(%v) = %q, want %q", tc.fn, got, tc.want)
		}
	}
}

func TestIsStdPath(t *testing.T) {
	for path, want := range map[string]bool{
		"fmt":                       true,
		"net/http":                  true,
		"golang.org/x/tools/go/ssa": false,
		"example.com":               false,
	} {
		if got := astutil.IsStdPath(path); got != want {
			t.Errorf("IsStdPath(%q) = %v, want %v", path, got, want)
		}
	}
}

func TestLoopPartsAndRepeats(t *testing.T) {
	fx := load(t)
	loop := find(t, fx, func(*ast.ForStmt) bool { return true }).Node().(*ast.ForStmt)
	parts := astutil.LoopParts(loop)
	// for i := 0; ; i++ has no condition: body, then post.
	if len(parts) != 2 || parts[0] != ast.Node(loop.Body) || parts[1] != ast.Node(loop.Post) {
		t.Errorf("LoopParts(for without cond) = %v, want [body post]", parts)
	}
	rng := &ast.RangeStmt{X: ast.NewIdent("xs"), Body: &ast.BlockStmt{}}
	if got := astutil.LoopParts(rng); len(got) != 1 || got[0] != ast.Node(rng.Body) {
		t.Errorf("LoopParts(range) = %v, want [body]", got)
	}
	if got := astutil.LoopParts(loop.Body); got != nil {
		t.Errorf("LoopParts(block) = %v, want nil", got)
	}
	call := find(t, fx, func(c *ast.CallExpr) bool { return astutil.IsBuiltin(fx.info, c.Fun, "append") }).Node()
	for _, tc := range []struct {
		what string
		n    ast.Node
		want bool
	}{
		{"call in body", call, true},
		{"post", loop.Post, true},
		{"init", loop.Init, false},
	} {
		if got := astutil.Repeats(loop, tc.n); got != tc.want {
			t.Errorf("Repeats(loop, %s) = %v, want %v", tc.what, got, tc.want)
		}
	}
}

func TestIsNamed(t *testing.T) {
	fx := load(t)
	label := fx.pkg.Scope().Lookup("label").Type()
	alias := types.NewAlias(types.NewTypeName(token.NoPos, fx.pkg, "alias", nil), label)
	for _, tc := range []struct {
		what             string
		t                types.Type
		named, orPointer bool
	}{
		{"label", label, true, true},
		{"*label", types.NewPointer(label), false, true},
		{"**label", types.NewPointer(types.NewPointer(label)), false, false},
		{"alias of label", alias, true, true},
		{"string", types.Typ[types.String], false, false},
		{"nil", nil, false, false},
	} {
		if got := astutil.IsNamed(tc.t, "p", "label"); got != tc.named {
			t.Errorf("IsNamed(%s, p, label) = %v, want %v", tc.what, got, tc.named)
		}
		if got := astutil.IsNamedOrPointer(tc.t, "p", "label"); got != tc.orPointer {
			t.Errorf("IsNamedOrPointer(%s, p, label) = %v, want %v", tc.what, got, tc.orPointer)
		}
	}
	if astutil.IsNamed(label, "q", "label") || astutil.IsNamed(label, "p", "celsius") {
		t.Errorf("IsNamed matched another package or name")
	}
}

// TestUntypedCode checks the answers for expressions that info has no
// record of, as in code that did not type-check.
func TestUntypedCode(t *testing.T) {
	empty := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Uses: map[*ast.Ident]types.Object{}}
	for _, tc := range []struct {
		lit  *ast.BasicLit
		want bool
	}{
		{&ast.BasicLit{Kind: token.INT, Value: "0"}, true},
		{&ast.BasicLit{Kind: token.INT, Value: "0x0"}, true},
		{&ast.BasicLit{Kind: token.FLOAT, Value: "0.0"}, true},
		{&ast.BasicLit{Kind: token.INT, Value: "1"}, false},
		{&ast.BasicLit{Kind: token.STRING, Value: `"0"`}, false},
	} {
		if got := astutil.IsZero(empty, tc.lit); got != tc.want {
			t.Errorf("IsZero(unchecked %s) = %v, want %v", tc.lit.Value, got, tc.want)
		}
	}
	if astutil.IsZero(empty, ast.NewIdent("zero")) {
		t.Errorf("IsZero(unchecked identifier) = true, want false")
	}
	if !astutil.IsBuiltin(empty, ast.NewIdent("append"), "append") {
		t.Errorf("IsBuiltin(unresolved append, append) = false, want true")
	}
	if astutil.IsBuiltin(empty, ast.NewIdent("appendx"), "append") {
		t.Errorf("IsBuiltin(unresolved appendx, append) = true, want false")
	}
}

// TestIsResolvedBuiltin: unlike IsBuiltin, an identifier that resolves to
// nothing is not the builtin.
func TestIsResolvedBuiltin(t *testing.T) {
	fx := load(t)
	var got []bool
	for c := range fx.root.Preorder((*ast.CallExpr)(nil)) {
		call := c.Node().(*ast.CallExpr)
		if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "append" {
			got = append(got, astutil.IsResolvedBuiltin(fx.info, call.Fun, "append"))
		}
	}
	// The builtin in outer, then the shadowing variable in shadow.
	if len(got) != 2 || !got[0] || got[1] {
		t.Errorf("IsResolvedBuiltin(append calls) = %v, want [true false]", got)
	}
	lenc := find(t, fx, lenCall(`"inner"`)).Node().(*ast.CallExpr)
	if !astutil.IsResolvedBuiltin(fx.info, lenc.Fun, "len") || astutil.IsResolvedBuiltin(fx.info, lenc.Fun, "cap") {
		t.Errorf("IsResolvedBuiltin(len call): want true for len, false for cap")
	}
	empty := &types.Info{Uses: map[*ast.Ident]types.Object{}}
	if astutil.IsResolvedBuiltin(empty, ast.NewIdent("len"), "len") {
		t.Errorf("IsResolvedBuiltin(unresolved len) = true, want false")
	}
}

// TestFlipComparison: x op y is y Flip(op) x; other operators unchanged.
func TestFlipComparison(t *testing.T) {
	for op, want := range map[token.Token]token.Token{token.LSS: token.GTR, token.GTR: token.LSS, token.LEQ: token.GEQ, token.GEQ: token.LEQ, token.EQL: token.EQL} {
		if got := astutil.FlipComparison(op); got != want {
			t.Errorf("FlipComparison(%v) = %v, want %v", op, got, want)
		}
	}
}

func TestPureExpr(t *testing.T) {
	for src, want := range map[string]bool{
		"x":        true,
		"x.f.g":    true,
		"*p":       true,
		"(*p).f":   true,
		"(x)":      true,
		"f()":      false,
		"x.f()":    false,
		"a[i]":     false,
		"&x":       false,
		"f().g":    false,
		"<-ch":     false,
		"x.f[0].g": false,
	} {
		e, err := parser.ParseExpr(src)
		if err != nil {
			t.Fatal(err)
		}
		if got := astutil.PureExpr(e); got != want {
			t.Errorf("PureExpr(%s) = %v, want %v", src, got, want)
		}
	}
}

func TestUses(t *testing.T) {
	fx := load(t)
	outer := fx.pkg.Scope().Lookup("outer").(*types.Func)
	decl := find(t, fx, func(d *ast.FuncDecl) bool { return d.Name.Name == "outer" }).Node().(*ast.FuncDecl)
	shadow := find(t, fx, func(d *ast.FuncDecl) bool { return d.Name.Name == "shadow" }).Node().(*ast.FuncDecl)
	f := fx.info.Defs[find(t, fx, func(id *ast.Ident) bool { return id.Name == "f" }).Node().(*ast.Ident)]
	ten := fx.pkg.Scope().Lookup("ten")
	for _, tc := range []struct {
		what string
		n    ast.Node
		obj  types.Object
		want bool
	}{
		{"f in outer's body (f := …, then _ = f)", decl.Body, f, true},
		{"f in shadow, which has none", shadow.Body, f, false},
		{"the constant ten in outer", decl.Body, ten, true},
		{"outer in its own declaration (a definition, not a use)", decl, outer, false},
	} {
		if got := astutil.Uses(fx.info, tc.n, tc.obj); got != tc.want {
			t.Errorf("Uses(%s) = %v, want %v", tc.what, got, tc.want)
		}
	}
}

func TestNameIdent(t *testing.T) {
	for in, want := range map[string]string{
		"resp.Error":           "Error",
		"(http.StatusOK)":      "StatusOK",
		"err":                  "err",
		"f().Error":            "Error",
		"errs[0]":              "",
		"fmt.Sprint(x)":        "",
		"&Reply{Error: \"x\"}": "",
	} {
		x, err := parser.ParseExpr(in)
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		if id := astutil.NameIdent(x); id != nil {
			got = id.Name
		}
		if got != want {
			t.Errorf("NameIdent(%s) = %q, want %q", in, got, want)
		}
	}
}
