package binaryrw

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/perfproof/perfproof/analysis/internal/checkdoc"
	"github.com/perfproof/perfproof/analysis/internal/fiximport"
	"github.com/perfproof/perfproof/analysis/internal/hotpath"
	"github.com/perfproof/perfproof/internal/astutil"
)

//go:embed doc.go
var doc string

// Analyzer reports binary.Write and binary.Read of fixed-size values.
var Analyzer = &analysis.Analyzer{
	Name:             "binaryrw",
	Doc:              checkdoc.MustExtract(doc, "binaryrw"),
	URL:              "https://pkg.go.dev/github.com/perfproof/perfproof/analysis/passes/binaryrw",
	Requires:         []*analysis.Analyzer{hotpath.Analyzer},
	RunDespiteErrors: true,
	Run:              run,
}

type checker struct {
	pass    *analysis.Pass
	hot     *hotpath.Info
	imports *fiximport.Editor
}

func run(pass *analysis.Pass) (any, error) {
	imported := false
	for _, p := range pass.Pkg.Imports() {
		imported = imported || p.Path() == "encoding/binary"
	}
	if !imported {
		return nil, nil
	}
	c := &checker{
		pass:    pass,
		hot:     pass.ResultOf[hotpath.Analyzer].(*hotpath.Info),
		imports: fiximport.New(pass),
	}
	for cur := range c.hot.Inspector.Root().Preorder((*ast.CallExpr)(nil)) {
		c.check(cur)
	}
	return nil, nil
}

// A shape is what the data argument of a call is, as encoding/binary
// treats it.
type shape int

const (
	none      shape = iota // not reported: not fixed-size, or a []byte Write writes as is
	scalar                 // a bool, sized integer or float, or a pointer to one: the fast path
	byteSlice              // []byte given to Read: read into a scratch slice, then copied
	slice                  // a slice of scalars: the fast path
	composite              // a struct, array or named type: reflection
)

func (c *checker) check(cur inspector.Cursor) {
	call := cur.Node().(*ast.CallExpr)
	fn, ok := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "encoding/binary" || fn.Signature().Recv() != nil ||
		fn.Name() != "Write" && fn.Name() != "Read" || len(call.Args) != 3 {
		return
	}
	h := c.hot
	if h.RunsOnce(cur) || h.InDeadCode(cur) || h.InTestCode(cur) && !h.InBenchmarkLoop(cur) {
		return
	}
	data := call.Args[2]
	t := c.pass.TypesInfo.TypeOf(data)
	if t == nil {
		return
	}
	sh, elem := classify(t, fn.Name() == "Read")
	if sh == none {
		return
	}
	what := types.TypeString(elem, types.RelativeTo(c.pass.Pkg))
	var msg string
	switch {
	case fn.Name() == "Read" && sh == composite:
		msg = checkdoc.Fit(
			fmt.Sprintf("binary.Read of %s decodes by reflection: read into a scratch array and decode it with the byte order", a(what)),
			"binary.Read decodes by reflection: read into a scratch array and decode it with the byte order")
	case fn.Name() == "Read" && sh == byteSlice:
		msg = "binary.Read of a []byte reads into a new slice and copies it: read into the slice with io.ReadFull"
	case fn.Name() == "Read":
		msg = checkdoc.Fit(
			fmt.Sprintf("binary.Read of %s allocates a scratch slice per call: read into a scratch array and decode it with the byte order", what),
			"binary.Read allocates a scratch slice per call: read into a scratch array and decode it with the byte order")
	case sh == composite:
		msg = checkdoc.Fit(
			fmt.Sprintf("binary.Write of %s encodes by reflection into a new slice: append it with the byte order's Append methods", a(what)),
			"binary.Write encodes by reflection into a new slice: append the value with the byte order's Append methods")
	default:
		msg = checkdoc.Fit(
			fmt.Sprintf("binary.Write of %s allocates a scratch slice per call: append it with the byte order's Append method", what),
			"binary.Write allocates a scratch slice per call: append the value with the byte order's Append method")
	}
	d := analysis.Diagnostic{Pos: call.Pos(), End: call.End(), Message: msg}
	if fn.Name() == "Write" {
		if fix, ok := c.fix(cur, call, sh, elem); ok {
			d.SuggestedFixes = []analysis.SuggestedFix{fix}
		}
	}
	c.pass.Report(d)
}

// classify returns the shape of a data argument of type t and the type it
// encodes (the element of a pointer or slice). encoding/binary's fast path
// (intDataSize) matches the unnamed basic types, pointers to them and
// slices of them; any other fixed-size type — a named one among them — goes
// through reflection. A Read needs a pointer or a slice.
func classify(t types.Type, read bool) (shape, types.Type) {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		if unnamedBasic(p.Elem()) {
			return scalar, p.Elem()
		}
		if fixedSize(p.Elem()) {
			return composite, p.Elem()
		}
		return none, nil
	}
	if sl, ok := types.Unalias(t).(*types.Slice); ok && unnamedBasic(sl.Elem()) {
		if b := sl.Elem().Underlying().(*types.Basic); b.Kind() == types.Uint8 {
			if read {
				return byteSlice, t
			}
			return none, nil // written as is
		}
		return slice, t
	}
	if sl, ok := t.Underlying().(*types.Slice); ok && fixedSize(sl.Elem()) {
		return composite, t // a named slice, or a slice of structs
	}
	if !fixedSize(t) {
		return none, nil
	}
	if _, isSlice := t.Underlying().(*types.Slice); read && !isSlice {
		return none, nil // a Read needs a pointer or a slice
	}
	if !read && unnamedBasic(t) {
		return scalar, t
	}
	return composite, t
}

// unnamedBasic reports whether t is one of the unnamed fixed-size basic
// types encoding/binary's fast path matches.
func unnamedBasic(t types.Type) bool {
	b, ok := types.Unalias(t).(*types.Basic)
	return ok && fixedSize(b) && b.Kind() != types.Complex64 && b.Kind() != types.Complex128
}

// a returns what with an indefinite article, for a type's name in a
// message: "a header", "an event", "a []T".
func a(what string) string {
	if what != "" && strings.ContainsRune("aeiou", rune(what[0])) {
		return "an " + what
	}
	return "a " + what
}

// fixedSize reports whether encoding/binary can encode a value of type t:
// a bool, a sized integer or float, or an array or struct of such values.
func fixedSize(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch u.Kind() {
		case types.Bool, types.Int8, types.Uint8, types.Int16, types.Uint16, types.Int32, types.Uint32,
			types.Int64, types.Uint64, types.Float32, types.Float64, types.Complex64, types.Complex128:
			return true
		}
	case *types.Array:
		return fixedSize(u.Elem())
	case *types.Struct:
		for f := range u.Fields() {
			if !fixedSize(f.Type()) {
				return false
			}
		}
		return u.NumFields() > 0
	}
	return false
}

// appendFunc names the byte order's Append method for an integer kind and
// the unsigned type it takes.
var appendFunc = map[types.BasicKind]struct {
	method, unsigned string
}{
	types.Uint16: {"AppendUint16", "uint16"},
	types.Int16:  {"AppendUint16", "uint16"},
	types.Uint32: {"AppendUint32", "uint32"},
	types.Int32:  {"AppendUint32", "uint32"},
	types.Uint64: {"AppendUint64", "uint64"},
	types.Int64:  {"AppendUint64", "uint64"},
}

// fix returns the rewrite of a binary.Write of one integer into a
// *bytes.Buffer or *bufio.Writer (see the package doc), if the call is a
// statement or the value of an assignment of its error.
func (c *checker) fix(cur inspector.Cursor, call *ast.CallExpr, sh shape, elem types.Type) (analysis.SuggestedFix, bool) {
	if sh != scalar && sh != composite {
		return analysis.SuggestedFix{}, false
	}
	b, ok := elem.Underlying().(*types.Basic)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	// The order: a package-level byte order of encoding/binary.
	sel, ok := ast.Unparen(call.Args[1]).(*ast.SelectorExpr)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	if v, ok := c.pass.TypesInfo.Uses[sel.Sel].(*types.Var); !ok || v.Pkg() == nil || v.Pkg().Path() != "encoding/binary" ||
		v.Name() != "BigEndian" && v.Name() != "LittleEndian" && v.Name() != "NativeEndian" {
		return analysis.SuggestedFix{}, false
	}
	// The writer: a *bytes.Buffer or *bufio.Writer named without a call,
	// as it is written twice.
	w := ast.Unparen(call.Args[0])
	if u, ok := w.(*ast.UnaryExpr); ok && u.Op == token.AND {
		w = ast.Unparen(u.X)
	} else if !isPtr(c.pass.TypesInfo.TypeOf(w)) {
		return analysis.SuggestedFix{}, false
	}
	wt := c.pass.TypesInfo.TypeOf(w)
	if !astutil.IsNamedOrPointer(wt, "bytes", "Buffer") && !astutil.IsNamedOrPointer(wt, "bufio", "Writer") || !astutil.PureExpr(w) {
		return analysis.SuggestedFix{}, false
	}
	// The value: a pointer is dereferenced.
	v := ast.Unparen(call.Args[2])
	ptr := isPtr(c.pass.TypesInfo.TypeOf(v))
	if u, ok := v.(*ast.UnaryExpr); ok && u.Op == token.AND && ptr {
		v, ptr = ast.Unparen(u.X), false
	}
	wText, ok1 := c.imports.Source(w)
	orderText, ok2 := c.imports.Source(sel)
	vText, ok3 := c.imports.Source(v)
	if !ok1 || !ok2 || !ok3 {
		return analysis.SuggestedFix{}, false
	}
	if ptr {
		vText = "*" + vText
	}
	var repl string
	switch b.Kind() {
	case types.Uint8, types.Int8:
		if !types.Identical(elem, types.Typ[types.Byte]) {
			vText = "byte(" + vText + ")"
		}
		repl = fmt.Sprintf("%s.WriteByte(%s)", wText, vText)
	default:
		a, ok := appendFunc[b.Kind()]
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		if !types.Identical(elem, types.Universe.Lookup(a.unsigned).Type()) {
			vText = a.unsigned + "(" + vText + ")"
		}
		repl = fmt.Sprintf("%s.Write(%s.%s(%s.AvailableBuffer(), %s))", wText, orderText, a.method, wText, vText)
	}
	var edit analysis.TextEdit
	switch cur.ParentEdgeKind() {
	case edge.ExprStmt_X:
		edit = analysis.TextEdit{Pos: call.Pos(), End: call.End(), NewText: []byte(repl)}
	case edge.AssignStmt_Rhs:
		as := cur.Parent().Node().(*ast.AssignStmt)
		if len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			return analysis.SuggestedFix{}, false
		}
		if b.Kind() == types.Uint8 || b.Kind() == types.Int8 {
			// WriteByte returns the error alone: the assignment stays.
			edit = analysis.TextEdit{Pos: call.Pos(), End: call.End(), NewText: []byte(repl)}
		} else {
			lhs, ok := c.imports.Source(as.Lhs[0])
			if !ok {
				return analysis.SuggestedFix{}, false
			}
			edit = analysis.TextEdit{Pos: as.Pos(), End: as.End(), NewText: []byte(fmt.Sprintf("_, %s %s %s", lhs, as.Tok, repl))}
		}
	default:
		return analysis.SuggestedFix{}, false
	}
	return analysis.SuggestedFix{
		Message:   "Append the value to the writer's free buffer with the byte order and write it",
		TextEdits: []analysis.TextEdit{edit},
	}, true
}

func isPtr(t types.Type) bool {
	if t == nil {
		return false
	}
	_, ok := t.Underlying().(*types.Pointer)
	return ok
}
