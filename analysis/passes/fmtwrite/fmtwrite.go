package fmtwrite

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/perfproof/perfproof/analysis/internal/bytetype"
	"github.com/perfproof/perfproof/analysis/internal/checkdoc"
	"github.com/perfproof/perfproof/analysis/internal/fiximport"
	"github.com/perfproof/perfproof/analysis/internal/hotpath"
	"github.com/perfproof/perfproof/internal/astutil"
)

//go:embed doc.go
var doc string

// Analyzer reports fmt.Fprint, fmt.Fprintf and fmt.Fprintln calls that
// only write bytes or a string.
var Analyzer = &analysis.Analyzer{
	Name:             "fmtwrite",
	Doc:              checkdoc.MustExtract(doc, "fmtwrite"),
	URL:              "https://pkg.go.dev/github.com/perfproof/perfproof/analysis/passes/fmtwrite",
	Requires:         []*analysis.Analyzer{hotpath.Analyzer},
	RunDespiteErrors: true,
	Run:              run,
}

type checker struct {
	pass    *analysis.Pass
	hot     *hotpath.Info
	imports *fiximport.Editor
	// stringer and formatter are fmt.Stringer and fmt.Formatter.
	stringer, formatter *types.Interface
}

func run(pass *analysis.Pass) (any, error) {
	var fmtPkg *types.Package
	for _, p := range pass.Pkg.Imports() {
		if p.Path() == "fmt" {
			fmtPkg = p
		}
	}
	if fmtPkg == nil || pass.Pkg.Path() == "fmt" || pass.Pkg.Path() == "fmt_test" {
		// fmt's own benchmarks measure fmt.
		return nil, nil
	}
	ch := &checker{
		pass:      pass,
		hot:       pass.ResultOf[hotpath.Analyzer].(*hotpath.Info),
		imports:   fiximport.New(pass),
		stringer:  astutil.LookupInterface(fmtPkg, "Stringer"),
		formatter: astutil.LookupInterface(fmtPkg, "Formatter"),
	}
	if ch.stringer == nil || ch.formatter == nil {
		return nil, nil
	}
	for c := range ch.hot.Inspector.Root().Preorder((*ast.CallExpr)(nil)) {
		ch.check(c)
	}
	return nil, nil
}

var errorType = types.Universe.Lookup("error").Type().Underlying().(*types.Interface)

// A payload is what a call writes.
type payload int

const (
	converted   payload = iota // string(b) of a byte slice b: a copy
	byteSlice                  // a byte slice with %s
	plainString                // a string with %s
)

func (ch *checker) check(c inspector.Cursor) {
	pass := ch.pass
	call := c.Node().(*ast.CallExpr)
	fn, ok := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "fmt" || call.Ellipsis.IsValid() {
		return
	}
	var (
		arg     ast.Expr
		newline bool
		verbS   bool // the argument is formatted by %s
	)
	// args are the arguments after the writer; w is nil for Print,
	// Printf and Println, which write to os.Stdout.
	args := call.Args
	var w ast.Expr
	if strings.HasPrefix(fn.Name(), "Fprint") {
		if len(args) == 0 {
			return
		}
		w, args = args[0], args[1:]
	}
	switch fn.Name() {
	case "Print", "Println", "Fprint", "Fprintln":
		if len(args) != 1 {
			return
		}
		arg, newline = args[0], strings.HasSuffix(fn.Name(), "ln")
	case "Printf", "Fprintf":
		if len(args) != 2 {
			return
		}
		tv := pass.TypesInfo.Types[args[0]]
		if tv.Value == nil || tv.Value.Kind() != constant.String {
			return
		}
		switch constant.StringVal(tv.Value) {
		case "%s":
		case "%s\n":
			newline = true
		default:
			return
		}
		arg, verbS = args[1], true
	default:
		return
	}

	kind, data, ok := ch.classify(arg, verbS)
	if !ok || kind == plainString && newline {
		// Writing a string and a newline copies nothing: fmt's
		// overhead is small next to the write.
		return
	}
	if ch.hot.Once(c) || ch.hot.InTestCode(c) && !ch.hot.InBenchmarkLoop(c) || ch.isStderr(w) {
		return
	}

	name := "fmt." + fn.Name()
	wText := "os.Stdout"
	if w != nil {
		wText = ch.label(w, "w")
	}
	dText := ch.label(data, "the data")
	var what string
	switch kind {
	case converted:
		what = fmt.Sprintf("%s converts %s to a string", name, dText)
	case byteSlice:
		what = fmt.Sprintf("%s formats %s with %%s", name, dText)
	case plainString:
		what = fmt.Sprintf("%s formats %s with %q", name, dText, "%s")
	}
	diag := analysis.Diagnostic{Pos: call.Pos(), End: call.End()}
	if newline {
		if buf := bufferType(pass.TypesInfo.TypeOf(w)); w != nil && buf != "" {
			diag.Category = "buffered"
			diag.Message = checkdoc.Fit(
				fmt.Sprintf("%s only to write it and a newline to a %s: call its Write and WriteByte('\\n')", what, buf),
				fmt.Sprintf("%s and a newline to a %s: call its Write and WriteByte('\\n')", what, buf))
		} else {
			diag.Category = "newline"
			diag.Message = fmt.Sprintf("%s only to write it and a newline: append '\\n' to the bytes and call Write once", what)
		}
		pass.Report(diag)
		return
	}

	var fixMsg string
	switch {
	case kind == plainString && w == nil:
		diag.Category = "string"
		diag.Message = fmt.Sprintf("%s only to write it: use os.Stdout.WriteString", what)
		fixMsg = fmt.Sprintf("Replace %s with os.Stdout.WriteString", name)
	case kind == plainString:
		diag.Category = "string"
		diag.Message = fmt.Sprintf("%s only to write it: use io.WriteString", what)
		fixMsg = fmt.Sprintf("Replace %s with io.WriteString", name)
	default:
		diag.Category = "bytes"
		diag.Message = fmt.Sprintf("%s only to write it: use %s.Write", what, wText)
		fixMsg = fmt.Sprintf("Replace %s with %s.Write", name, wText)
	}
	if edits, ok := ch.fix(c, kind, w, data); ok {
		diag.SuggestedFixes = []analysis.SuggestedFix{{Message: fixMsg, TextEdits: edits}}
	}
	pass.Report(diag)
}

// classify tells what arg is: a conversion string(b) of a byte slice b, a
// byte slice or a string formatted by %s (verbS). data is the byte slice or
// the string. ok is false for anything else, including values whose type
// has a Format method, or a String or Error method that %s would call.
func (ch *checker) classify(arg ast.Expr, verbS bool) (kind payload, data ast.Expr, ok bool) {
	info := ch.pass.TypesInfo
	arg = ast.Unparen(arg)
	if conv, ok := arg.(*ast.CallExpr); ok && len(conv.Args) == 1 {
		if tv, ok := info.Types[conv.Fun]; ok && tv.IsType() && types.Identical(tv.Type, types.Typ[types.String]) && bytetype.IsSlice(info.TypeOf(conv.Args[0])) {
			return converted, conv.Args[0], true
		}
	}
	if !verbS {
		return 0, nil, false
	}
	t := info.TypeOf(arg)
	if t == nil || types.Implements(t, ch.formatter) || types.Implements(t, ch.stringer) || types.Implements(t, errorType) {
		return 0, nil, false
	}
	switch {
	case bytetype.IsSlice(t):
		return byteSlice, arg, true
	case types.Identical(t, types.Typ[types.String]):
		return plainString, arg, true
	}
	return 0, nil, false
}

// bufferType returns the name of t if it is an in-memory or buffered writer
// for which a second write costs no syscall: *bytes.Buffer,
// *strings.Builder or *bufio.Writer. Otherwise it returns "".
func bufferType(t types.Type) string {
	if t == nil {
		return ""
	}
	switch s := types.TypeString(t, nil); s {
	case "*bytes.Buffer", "*strings.Builder", "*bufio.Writer":
		return s
	}
	return ""
}

// fix returns the edits replacing the call at c with w.Write(data) or
// io.WriteString(w, data).
func (ch *checker) fix(c inspector.Cursor, kind payload, w, data ast.Expr) ([]analysis.TextEdit, bool) {
	call := c.Node().(*ast.CallExpr)
	var file *ast.File
	for f := range c.Enclosing((*ast.File)(nil)) {
		file = f.Node().(*ast.File)
	}
	if file == nil {
		return nil, false
	}
	dText, ok := ch.imports.Source(data)
	if !ok {
		return nil, false
	}
	if w == nil {
		// fmt.Print and friends write to os.Stdout.
		q, edits, ok := ch.imports.Prepare(file, call.Pos(), "os", "fmt")
		if !ok {
			return nil, false
		}
		text := q + ".Stdout.Write(" + dText + ")"
		if kind == plainString {
			text = q + ".Stdout.WriteString(" + dText + ")"
		}
		return append(edits, analysis.TextEdit{Pos: call.Pos(), End: call.End(), NewText: []byte(text)}), true
	}
	wText, ok := ch.imports.Source(w)
	if !ok {
		return nil, false
	}
	path := ""
	if kind == plainString {
		path = "io"
	}
	q, edits, ok := ch.imports.Prepare(file, call.Pos(), path, "fmt")
	if !ok {
		return nil, false
	}
	var text string
	if kind == plainString {
		text = q + ".WriteString(" + wText + ", " + dText + ")"
	} else {
		if u, ok := ast.Unparen(w).(*ast.UnaryExpr); ok && u.Op == token.AND {
			// &buf.Write(b) is buf.Write(b): buf is addressable, as & needs,
			// unless it is a composite literal.
			if _, lit := ast.Unparen(u.X).(*ast.CompositeLit); !lit {
				if x, ok := ch.imports.Source(u.X); ok && isPrimary(u.X) {
					wText, w = x, u.X
				}
			}
		}
		if !isPrimary(w) {
			wText = "(" + wText + ")"
		}
		text = wText + ".Write(" + dText + ")"
	}
	return append(edits, analysis.TextEdit{Pos: call.Pos(), End: call.End(), NewText: []byte(text)}), true
}

// isPrimary reports whether x can take a selector without parentheses.
func isPrimary(x ast.Expr) bool {
	switch x.(type) {
	case *ast.Ident, *ast.SelectorExpr, *ast.CallExpr, *ast.IndexExpr, *ast.IndexListExpr, *ast.ParenExpr, *ast.SliceExpr, *ast.TypeAssertExpr:
		return true
	}
	return false
}

// label returns the source text of x if it is short enough to quote in a
// message, or else def.
func (ch *checker) label(x ast.Expr, def string) string {
	if s, ok := ch.imports.Source(x); ok && len(s) <= 24 && !strings.ContainsAny(s, "\n\t") {
		return s
	}
	return def
}

// isStderr reports whether w is os.Stderr, which carries diagnostics, not
// data.
func (ch *checker) isStderr(w ast.Expr) bool {
	sel, ok := ast.Unparen(w).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	v, ok := ch.pass.TypesInfo.Uses[sel.Sel].(*types.Var)
	return ok && v.Pkg() != nil && v.Pkg().Path() == "os" && v.Name() == "Stderr"
}
