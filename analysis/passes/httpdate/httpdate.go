package httpdate

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/perfproof/perfproof/analysis/internal/checkdoc"
	"github.com/perfproof/perfproof/analysis/internal/deps"
	"github.com/perfproof/perfproof/analysis/internal/fiximport"
	"github.com/perfproof/perfproof/internal/astutil"
)

//go:embed doc.go
var doc string

// Analyzer reports HTTP date headers formatted with time.RFC1123 or
// time.RFC1123Z.
var Analyzer = &analysis.Analyzer{
	Name: "httpdate",
	Doc:  checkdoc.MustExtract(doc, "httpdate"),
	URL:  "https://pkg.go.dev/github.com/perfproof/perfproof/analysis/passes/httpdate",
	// No Requires: this check runs on every dependency for its facts,
	// and a prerequisite pass would too; run builds an inspector only
	// for the packages it inspects.
	FactTypes:        []analysis.Fact{new(rfc1123Result)},
	RunDespiteErrors: true,
	Run:              run,
}

// rfc1123Result marks a function that returns the result of formatting a
// time with time.RFC1123 or time.RFC1123Z. Layout is the name of the layout
// constant.
type rfc1123Result struct{ Layout string }

func (*rfc1123Result) AFact() {}

func (f *rfc1123Result) String() string { return "returns time." + f.Layout }

// dateHeaders are the header fields whose value is an HTTP-date
// (RFC 9110 sections 6.6.1, 8.8.2, 13.1.3, 13.1.4, 13.1.5, 10.2.3;
// RFC 9111 section 5.3).
var dateHeaders = []string{
	"Date", "Expires", "If-Modified-Since", "If-Range", "If-Unmodified-Since", "Last-Modified", "Retry-After",
}

func run(pass *analysis.Pass) (any, error) {
	// A date needs package time: a package that does not depend on it
	// can neither format one nor pass one to a helper. This check runs on
	// every dependency (it exports facts), so this test keeps it cheap.
	if !deps.DependsOn(pass.Pkg, "time") {
		return nil, nil
	}
	c := &checker{pass: pass, imports: fiximport.New(pass)}

	// Mark the functions that return an RFC1123 date before looking at
	// the calls, so that calls in this package see them. A helper package
	// need not know about HTTP, so this runs in every package.
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				c.markHelper(fd)
			}
		}
	}

	// An http.Header can reach the package through another package, so a
	// direct import of net/http is not required.
	if !deps.DependsOn(pass.Pkg, "net/http") {
		return nil, nil
	}

	ins := inspector.New(pass.Files)
	for cur := range ins.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		if layout, ok := c.rfc1123Format(call); ok {
			c.checkFormat(cur, layout)
			continue
		}
		if fn := typeutil.StaticCallee(pass.TypesInfo, call); fn != nil {
			var fact rfc1123Result
			if pass.ImportObjectFact(fn, &fact) {
				c.checkHelperCall(cur, fn, fact.Layout)
			}
		}
	}
	return nil, nil
}

type checker struct {
	pass    *analysis.Pass
	imports *fiximport.Editor
}

// rfc1123Format reports whether call is (time.Time).Format with the layout
// of time.RFC1123 or time.RFC1123Z, and returns the layout's name.
func (c *checker) rfc1123Format(call *ast.CallExpr) (layout string, ok bool) {
	fn, ok := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	if !ok || fn.Name() != "Format" || fn.Pkg() == nil || fn.Pkg().Path() != "time" || len(call.Args) != 1 {
		return "", false
	}
	if recv := fn.Signature().Recv(); recv == nil || types.TypeString(recv.Type(), nil) != "time.Time" {
		return "", false
	}
	tv, ok := c.pass.TypesInfo.Types[call.Args[0]]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	switch constant.StringVal(tv.Value) {
	case time.RFC1123:
		return "RFC1123", true
	case time.RFC1123Z:
		return "RFC1123Z", true
	}
	return "", false
}

// markHelper exports a fact for decl if it returns a single string and one
// of its return statements returns an RFC1123 Format call.
func (c *checker) markHelper(decl *ast.FuncDecl) {
	fn, ok := c.pass.TypesInfo.Defs[decl.Name].(*types.Func)
	if !ok || decl.Body == nil {
		return
	}
	res := fn.Signature().Results()
	if res.Len() != 1 || !types.Identical(res.At(0).Type(), types.Typ[types.String]) {
		return
	}
	layout := ""
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) == 1 {
				if call, ok := ast.Unparen(n.Results[0]).(*ast.CallExpr); ok {
					if l, ok := c.rfc1123Format(call); ok {
						layout = l
					}
				}
			}
		}
		return layout == ""
	})
	if layout != "" {
		c.pass.ExportObjectFact(fn, &rfc1123Result{Layout: layout})
	}
}

// checkFormat reports the Format call at cur if its result becomes an HTTP
// date header.
func (c *checker) checkFormat(cur inspector.Cursor, layout string) {
	header, onlyHeaders := c.headerFlow(cur, 0)
	if header == "" {
		return
	}
	call := cur.Node().(*ast.CallExpr)
	sel := call.Fun.(*ast.SelectorExpr)
	utc := types.ExprString(sel.X)
	if !c.isUTC(sel.X) {
		utc += ".UTC()"
	}
	d := analysis.Diagnostic{
		Pos: call.Pos(),
		End: call.End(),
		Message: "time." + layout + " puts " + zoneText(layout) + ", not GMT, in the " + header + " header: " +
			"use " + utc + ".Format(http.TimeFormat)",
	}
	d.Message = checkdoc.Fit(d.Message,
		"time."+layout+" puts "+zoneText(layout)+", not GMT, in the "+header+" header: format in UTC with http.TimeFormat")
	if onlyHeaders {
		if fix, ok := c.fix(cur); ok {
			d.SuggestedFixes = []analysis.SuggestedFix{fix}
		}
	}
	c.pass.Report(d)
}

// checkHelperCall reports the call at cur of fn, which returns a time
// formatted with the named layout, if its result becomes an HTTP date
// header.
func (c *checker) checkHelperCall(cur inspector.Cursor, fn *types.Func, layout string) {
	header, _ := c.headerFlow(cur, 0)
	if header == "" {
		return
	}
	name := fn.Name()
	if fn.Pkg() != c.pass.Pkg {
		name = fn.Pkg().Name() + "." + name
	}
	c.pass.Reportf(cur.Node().Pos(),
		"%s", checkdoc.Fit(
			fmt.Sprintf("%s formats the %s header with time.%s, not GMT: use t.UTC().Format(http.TimeFormat)", name, header, layout),
			fmt.Sprintf("%s formats the %s header with time.%s, not GMT: use http.TimeFormat in UTC", name, header, layout)))
}

func zoneText(layout string) string {
	if layout == "RFC1123Z" {
		return "a numeric zone"
	}
	return "the zone name"
}

// headerFlow returns the name of the HTTP date header that the string
// value of the expression at cur is set as, or "". onlyHeaders reports
// whether every use of the value is such a header.
func (c *checker) headerFlow(cur inspector.Cursor, depth int) (header string, onlyHeaders bool) {
	info := c.pass.TypesInfo
	for cur.ParentEdgeKind() == edge.ParenExpr_X {
		cur = cur.Parent()
	}
	parent := cur.Parent()
	switch cur.ParentEdgeKind() {
	case edge.CallExpr_Args:
		// h.Set(key, value) or h.Add(key, value).
		call := parent.Node().(*ast.CallExpr)
		if cur.ParentEdgeIndex() != 1 || !isHeaderMethod(typeutil.Callee(info, call)) {
			return "", false
		}
		h := c.dateHeader(call.Args[0])
		return h, h != ""

	case edge.CompositeLit_Elts:
		// []string{value} stored in a header map or literal.
		lit := parent
		if !isStringSlice(info.TypeOf(lit.Node().(*ast.CompositeLit))) {
			return "", false
		}
		switch lit.ParentEdgeKind() {
		case edge.AssignStmt_Rhs:
			as := lit.Parent().Node().(*ast.AssignStmt)
			if len(as.Lhs) != len(as.Rhs) {
				return "", false
			}
			ix, ok := as.Lhs[lit.ParentEdgeIndex()].(*ast.IndexExpr)
			if !ok || !isHeader(info.TypeOf(ix.X)) {
				return "", false
			}
			h := c.dateHeader(ix.Index)
			return h, h != ""
		case edge.KeyValueExpr_Value:
			kv := lit.Parent().Node().(*ast.KeyValueExpr)
			outer := lit.Parent().Parent().Node().(*ast.CompositeLit)
			if !isHeader(info.TypeOf(outer)) {
				return "", false
			}
			h := c.dateHeader(kv.Key)
			return h, h != ""
		}

	case edge.AssignStmt_Rhs:
		as := parent.Node().(*ast.AssignStmt)
		if len(as.Lhs) != len(as.Rhs) {
			return "", false
		}
		return c.varFlow(as.Lhs[cur.ParentEdgeIndex()], cur, depth)

	case edge.ValueSpec_Values:
		vs := parent.Node().(*ast.ValueSpec)
		if len(vs.Names) != len(vs.Values) {
			return "", false
		}
		return c.varFlow(vs.Names[cur.ParentEdgeIndex()], cur, depth)
	}
	return "", false
}

// varFlow follows a value assigned to lhs at cur through the uses of the
// local variable lhs in the enclosing function.
func (c *checker) varFlow(lhs ast.Expr, cur inspector.Cursor, depth int) (header string, onlyHeaders bool) {
	id, ok := lhs.(*ast.Ident)
	if !ok || depth > 0 {
		return "", false
	}
	v, ok := c.pass.TypesInfo.ObjectOf(id).(*types.Var)
	if !ok || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
		return "", false
	}
	fn, ok := astutil.EnclosingFunc(cur)
	if !ok {
		return "", false
	}
	onlyHeaders = true
	for use := range fn.Preorder((*ast.Ident)(nil)) {
		if c.pass.TypesInfo.Uses[use.Node().(*ast.Ident)] != v || use.ParentEdgeKind() == edge.AssignStmt_Lhs {
			continue
		}
		h, _ := c.headerFlow(use, depth+1)
		if h == "" {
			onlyHeaders = false
		} else if header == "" {
			header = h
		}
	}
	return header, header != "" && onlyHeaders
}

// dateHeader returns the canonical name of the date header named by the
// constant key, or "".
func (c *checker) dateHeader(key ast.Expr) string {
	tv, ok := c.pass.TypesInfo.Types[key]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return ""
	}
	k := constant.StringVal(tv.Value)
	for _, h := range dateHeaders {
		if strings.EqualFold(k, h) {
			return h
		}
	}
	return ""
}

// fix rewrites the Format call at cur to t.UTC().Format(http.TimeFormat).
func (c *checker) fix(cur inspector.Cursor) (analysis.SuggestedFix, bool) {
	call := cur.Node().(*ast.CallExpr)
	sel := call.Fun.(*ast.SelectorExpr)
	file, ok := astutil.EnclosingFile(cur)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	name, importEdits, ok := c.imports.Prepare(file, call.Pos(), "net/http", "")
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	var edits []analysis.TextEdit
	if !c.isUTC(sel.X) {
		edits = append(edits, analysis.TextEdit{Pos: sel.X.End(), End: sel.X.End(), NewText: []byte(".UTC()")})
	}
	edits = append(edits, analysis.TextEdit{Pos: call.Args[0].Pos(), End: call.Args[0].End(), NewText: []byte(name + ".TimeFormat")})
	edits = append(edits, importEdits...)
	return analysis.SuggestedFix{
		Message:   "Format in UTC with http.TimeFormat",
		TextEdits: edits,
	}, true
}

// isUTC reports whether e is a call of (time.Time).UTC.
func (c *checker) isUTC(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn, ok := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	return ok && fn.Name() == "UTC" && fn.Pkg() != nil && fn.Pkg().Path() == "time" && fn.Signature().Recv() != nil
}

// isHeaderMethod reports whether obj is (net/http.Header).Set or Add.
func isHeaderMethod(obj types.Object) bool {
	fn, ok := obj.(*types.Func)
	if !ok || (fn.Name() != "Set" && fn.Name() != "Add") {
		return false
	}
	recv := fn.Signature().Recv()
	return recv != nil && isHeader(recv.Type())
}

// isHeader reports whether t is net/http.Header.
func isHeader(t types.Type) bool {
	return astutil.IsNamed(t, "net/http", "Header")
}

func isStringSlice(t types.Type) bool {
	s, ok := t.Underlying().(*types.Slice)
	return ok && types.Identical(s.Elem(), types.Typ[types.String])
}
