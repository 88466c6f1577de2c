package compileonce

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/perfproof/perfproof/analysis/internal/checkdoc"
	"github.com/perfproof/perfproof/analysis/internal/deps"
	"github.com/perfproof/perfproof/analysis/internal/hotpath"
	"github.com/perfproof/perfproof/internal/astutil"
)

//go:embed doc.go
var doc string

// Analyzer reports regexps and templates compiled from constant text in
// functions that run many times, and regexps compiled again from a pattern
// that a loop does not change or that comes from configuration.
var Analyzer = &analysis.Analyzer{
	Name: "compileonce",
	Doc:  checkdoc.MustExtract(doc, "compileonce"),
	URL:  "https://pkg.go.dev/github.com/perfproof/perfproof/analysis/passes/compileonce",
	// No Requires: the check runs on every dependency for its facts
	// (most return at once), and builds its hotpath.Info itself.
	FactTypes:        []analysis.Fact{new(compilesFact)},
	RunDespiteErrors: true,
	Run:              run,
}

func run(pass *analysis.Pass) (any, error) {
	if isDependency(pass) {
		return nil, nil // run only for the facts of the code checked
	}
	direct := deps.Imports(pass.Pkg, append([]string{"regexp", "text/template", "html/template"}, cipherPackages...)...)
	if !direct && !deps.DependsOn(pass.Pkg, "regexp") {
		return nil, nil // no regexp here, nor in anything it calls
	}
	hot := hotpath.New(pass, inspector.New(pass.Files))
	c := &checker{
		pass:  pass,
		hot:   hot,
		names: make(map[string]bool),
	}
	c.summarise()
	for cur := range hot.Inspector.Root().Preorder((*ast.CallExpr)(nil)) {
		if isTestFile(pass, cur.Node()) {
			continue
		}
		if direct {
			c.call(cur)
		}
		c.acrossCall(cur)
	}
	return nil, nil
}

type checker struct {
	pass  *analysis.Pass
	hot   *hotpath.Info
	names map[string]bool // package-level names taken by fixes so far
	// callsOf and valueUses index the uses of the package's functions
	// (see uses), made on first need.
	callsOf   map[*types.Func][]inspector.Cursor
	valueUses map[*types.Func]int
	// compiles holds the compilesFact of the package's functions that
	// have one (see summarise).
	compiles map[*types.Func]*compilesFact
}

func (c *checker) call(cur inspector.Cursor) {
	call := cur.Node().(*ast.CallExpr)
	fn, ok := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	if !ok || fn.Pkg() == nil || len(call.Args) == 0 {
		return
	}
	if key, ok := keyArg(fn, call); ok {
		c.cipherCall(cur, fn, key)
		return
	}
	switch fn.Pkg().Path() {
	case "regexp":
		if fn.Signature().Recv() != nil {
			return
		}
		switch fn.Name() {
		case "MustCompile", "Compile", "MustCompilePOSIX", "CompilePOSIX", "MatchString", "Match":
		default:
			return
		}
		pattern, ok := c.constString(call.Args[0])
		if !ok {
			c.variablePattern(cur, fn)
			return
		}
		if !c.hot.RunsOften(cur) {
			return
		}
		var msg string
		if strings.HasPrefix(fn.Name(), "Match") {
			msg = fmt.Sprintf("regexp.%s compiles its constant pattern %s: compile it once into a package-level variable", fn.Name(), c.often(cur))
		} else {
			msg = fmt.Sprintf("regexp.%s of a constant pattern runs %s: compile it once into a package-level variable", fn.Name(), c.often(cur))
		}
		d := analysis.Diagnostic{Pos: call.Pos(), End: call.End(), Category: "regexp", Message: msg}
		if fn.Name() == "MustCompile" || fn.Name() == "MustCompilePOSIX" {
			if fix, ok := c.hoist(cur, fn.Name() == "MustCompilePOSIX", pattern); ok {
				d.SuggestedFixes = []analysis.SuggestedFix{fix}
			}
		}
		c.pass.Report(d)

	case "text/template", "html/template":
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok || fn.Name() != "Parse" || fn.Signature().Recv() == nil {
			return
		}
		if _, ok := c.constString(call.Args[0]); !ok {
			return
		}
		top := hotpath.TopDecl(cur)
		if !c.freshTemplate(sel.X, top.Node()) || !c.hot.RunsOften(cur) {
			return
		}
		c.pass.Report(analysis.Diagnostic{
			Pos:      call.Pos(),
			End:      call.End(),
			Category: "template",
			Message:  fmt.Sprintf("template.New(...).Parse of constant text runs %s: parse it once into a package-level variable", c.often(cur)),
		})
	}
}

// often says how often the code at cur runs, for a message: "in a loop"
// when it sits in a loop it does not leave, else "on every call". The
// position of the finding names the function.
func (c *checker) often(cur inspector.Cursor) string {
	if loop, ok := c.hot.Loop(cur); ok && !hotpath.LeavesLoop(cur, loop) {
		return "in a loop"
	}
	return "on every call"
}

// constString returns the value of e if it is a constant string expression.
func (c *checker) constString(e ast.Expr) (string, bool) {
	tv, ok := c.pass.TypesInfo.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

// freshTemplate reports whether e builds a new template from nothing but
// values available at package level: template.New(name), optionally followed
// by Funcs, Delims or Option calls.
func (c *checker) freshTemplate(e ast.Expr, top ast.Node) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn, ok := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	if !ok || fn.Pkg() == nil || (fn.Pkg().Path() != "text/template" && fn.Pkg().Path() != "html/template") {
		return false
	}
	for _, arg := range call.Args {
		if !c.hoistable(arg, top) {
			return false
		}
	}
	switch fn.Name() {
	case "New":
		// (*Template).New adds to an existing template set.
		return fn.Signature().Recv() == nil
	case "Funcs", "Delims", "Option":
		sel, ok := call.Fun.(*ast.SelectorExpr)
		return ok && fn.Signature().Recv() != nil && c.freshTemplate(sel.X, top)
	}
	return false
}

// hoistable reports whether e refers to nothing declared inside the
// top-level declaration top (other than inside e itself), so that it means
// the same at package level.
func (c *checker) hoistable(e ast.Expr, top ast.Node) bool {
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		id, isIdent := n.(*ast.Ident)
		if !isIdent || !ok {
			return ok
		}
		obj := c.pass.TypesInfo.Uses[id]
		if obj == nil {
			return true
		}
		p := obj.Pos()
		if astutil.ContainsPos(top, p) && !astutil.ContainsPos(e, p) {
			ok = false
		}
		return ok
	})
	return ok
}

// hoist builds the fix that moves a MustCompile call of a constant pattern
// into a new package-level variable.
func (c *checker) hoist(cur inspector.Cursor, posix bool, pattern string) (analysis.SuggestedFix, bool) {
	// The fix must not make a broken pattern panic at initialisation.
	var err error
	if posix {
		_, err = regexp.CompilePOSIX(pattern)
	} else {
		_, err = regexp.Compile(pattern)
	}
	if err != nil {
		return analysis.SuggestedFix{}, false
	}
	call := cur.Node().(*ast.CallExpr)
	top := hotpath.TopDecl(cur).Node()
	if c.callsLongest(top) {
		return analysis.SuggestedFix{}, false
	}
	tf := c.pass.Fset.File(call.Pos())
	src, err := c.pass.ReadFile(tf.Name())
	if err != nil || tf.Size() != len(src) {
		return analysis.SuggestedFix{}, false
	}
	text := func(n ast.Node) string { return string(src[tf.Offset(n.Pos()):tf.Offset(n.End())]) }

	arg := call.Args[0]
	patText := text(arg)
	if !c.hoistable(arg, top) {
		patText = quote(pattern)
	}
	name := c.newName(topBase(top), call.Pos())
	decl := fmt.Sprintf("var %s = %s(%s)\n", name, text(call.Fun), patText)

	// Insert the declaration on its own after the enclosing declaration.
	endLine := tf.Line(top.End())
	var ins analysis.TextEdit
	if endLine < tf.LineCount() {
		at := tf.LineStart(endLine + 1)
		ins = analysis.TextEdit{Pos: at, End: at, NewText: []byte("\n" + decl)}
		if off := tf.Offset(at); off < len(src) && src[off] != '\n' {
			ins.NewText = append(ins.NewText, '\n')
		}
	} else {
		ins = analysis.TextEdit{Pos: top.End(), End: top.End(), NewText: []byte("\n\n" + decl)}
	}
	return analysis.SuggestedFix{
		Message: "Compile the pattern once into package-level variable " + name,
		TextEdits: []analysis.TextEdit{
			ins,
			{Pos: call.Pos(), End: call.End(), NewText: []byte(name)},
		},
	}, true
}

// callsLongest reports whether n calls (*regexp.Regexp).Longest, which
// modifies the regexp and so cannot be applied to a shared one.
func (c *checker) callsLongest(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok && sel.Sel.Name == "Longest" {
			if fn, ok := c.pass.TypesInfo.Uses[sel.Sel].(*types.Func); ok && fn.Pkg() != nil && fn.Pkg().Path() == "regexp" {
				found = true
			}
		}
		return !found
	})
	return found
}

// quote returns a Go string literal for s, raw if possible.
func quote(s string) string {
	if strconv.CanBackquote(s) {
		return "`" + s + "`"
	}
	return strconv.Quote(s)
}

// topBase derives a variable name stem from a top-level declaration:
// parseLine gives parseLineRe, (*Server).Route gives routeRe.
func topBase(n ast.Node) string {
	var name string
	switch d := n.(type) {
	case *ast.FuncDecl:
		name = d.Name.Name
	case *ast.GenDecl:
		name = hotpath.TopName(d)
	}
	if name == "" || name == "_" || name == "init" || name == "main" {
		name = "pattern"
	}
	return lowerInitial(name) + "Re"
}

// lowerInitial lower-cases the leading capital or initialism of a name:
// ParseLine → parseLine, URLParse → urlParse, HTTP → http.
func lowerInitial(s string) string {
	r := []rune(s)
	i := 0
	for i < len(r) && 'A' <= r[i] && r[i] <= 'Z' {
		i++
	}
	if i > 1 && i < len(r) {
		i-- // keep the capital that starts the next word
	}
	for j := 0; j < i; j++ {
		r[j] += 'a' - 'A'
	}
	return string(r)
}

// newName returns base, or base followed by a number, choosing a name that
// is declared neither at package level, in any file scope, nor in any scope
// enclosing pos, and that no earlier fix chose.
func (c *checker) newName(base string, pos token.Pos) string {
	inner := c.pass.Pkg.Scope().Innermost(pos)
	for i := 1; ; i++ {
		name := base
		if i > 1 {
			name += strconv.Itoa(i)
		}
		if c.names[name] || c.pass.Pkg.Scope().Lookup(name) != nil {
			continue
		}
		if inner != nil {
			if _, obj := inner.LookupParent(name, pos); obj != nil {
				continue
			}
		}
		taken := false
		for _, f := range c.pass.Files {
			if s := c.pass.TypesInfo.Scopes[f]; s != nil && s.Lookup(name) != nil {
				taken = true
				break
			}
		}
		if taken {
			continue
		}
		c.names[name] = true
		return name
	}
}
