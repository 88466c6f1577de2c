package fmtnumber

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/perfproof/perfproof/analysis/internal/checkdoc"
	"github.com/perfproof/perfproof/analysis/internal/fiximport"
	"github.com/perfproof/perfproof/analysis/internal/hotpath"
	"github.com/perfproof/perfproof/internal/astutil"
)

//go:embed doc.go
var doc string

// Analyzer reports fmt.Sprintf and fmt.Sprint calls that format numbers
// with a short fixed format where strconv would do.
var Analyzer = &analysis.Analyzer{
	Name:             "fmtnumber",
	Doc:              checkdoc.MustExtract(doc, "fmtnumber"),
	URL:              "https://pkg.go.dev/github.com/perfproof/perfproof/analysis/passes/fmtnumber",
	Requires:         []*analysis.Analyzer{hotpath.Analyzer},
	RunDespiteErrors: true,
	Run:              run,
}

// candidates is the -candidates flag: report every short fixed format
// that is not cold, without the syntactic evidence of hotEvidence. A
// driver that rates each finding by other evidence — perfproof scan, by
// its call graph and by profiles — sets it, so that a format in a function
// its graph or a profile finds hot is not lost to the look of its line;
// go vet leaves it off, and hotEvidence is then the only guard.
var candidates bool

// CandidateCategory is the category of a report made only because of the
// -candidates flag: nothing on its line shows the text is made for a
// protocol, so only a driver's other evidence can make it hot.
const CandidateCategory = "candidate"

func init() {
	Analyzer.Flags.BoolVar(&candidates, "candidates", false,
		"report short fixed formats of numbers without syntactic evidence of heat, for a driver that rates findings by a call graph or profiles")
}

// Limits of a "short fixed format": beyond them the format is a template
// more than a number, and fmt's cost is a smaller share of the call.
const (
	maxVerbs   = 4
	maxLiteral = 32 // bytes of literal text
)

// paddedFormats switches on reports of fmt.Sprintf with zero-padded integer
// verbs (%02d, %03d, %08x) and %X, category "padded", without a fix: a FIX
// checksum per message, a two-digit minute per row. Measured
// (BenchmarkPadded): fmt.Sprintf("%03d", n) 115 ns → 35 ns with strconv
// and a zero prefix.
const paddedFormats = true

type checker struct {
	pass    *analysis.Pass
	hot     *hotpath.Info
	imports *fiximport.Editor
	// calls and coldFuncs cache the call sites of the package's functions
	// and which of these functions only cold code calls.
	calls     map[*types.Func][]inspector.Cursor
	coldFuncs map[*types.Func]bool
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
		coldFuncs: make(map[*types.Func]bool),
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

// A kind is the class of value a verb formats.
type kind int

const (
	intKind kind = iota
	floatKind
	boolKind
	stringKind
)

func (k kind) String() string {
	return [...]string{"integer", "float", "bool", "string"}[k]
}

// A conversion is the strconv call that formats one argument as its verb
// does: q.fn(conv(x) + rest), or conv(x) alone when fn is empty.
type conversion struct {
	kind kind
	fn   string // strconv function, e.g. "FormatInt"; empty for strings
	conv string // type conversion of the argument, e.g. "int64"; may be empty
	rest string // further arguments, e.g. ", 10"
}

func (ch *checker) check(c inspector.Cursor) {
	pass := ch.pass
	call := c.Node().(*ast.CallExpr)
	fn, ok := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "fmt" || call.Ellipsis.IsValid() {
		return
	}
	var (
		pieces []piece
		args   []ast.Expr
		writer ast.Expr // Fprintf's
		padded bool     // a zero-padded verb or %X: reported without a fix
	)
	switch fn.Name() {
	case "Fprintf":
		if len(call.Args) < 2 {
			return
		}
		tv := pass.TypesInfo.Types[call.Args[1]]
		if tv.Value == nil || tv.Value.Kind() != constant.String {
			return
		}
		if pieces, ok = parseFormat(constant.StringVal(tv.Value)); !ok {
			return
		}
		writer, args = call.Args[0], call.Args[2:]
	case "Sprintf":
		if len(call.Args) == 0 {
			return
		}
		tv := pass.TypesInfo.Types[call.Args[0]]
		if tv.Value == nil || tv.Value.Kind() != constant.String {
			return
		}
		if pieces, ok = parseFormat(constant.StringVal(tv.Value)); !ok {
			if !paddedFormats {
				return
			}
			if pieces, ok = parsePadded(constant.StringVal(tv.Value)); !ok {
				return
			}
			padded = true
		}
		args = call.Args[1:]
	case "Sprint":
		// fmt.Sprint(x) formats its one operand as %v.
		if len(call.Args) != 1 {
			return
		}
		pieces = []piece{{verb: 'v', prec: -1}}
		args = call.Args
	default:
		return
	}

	if writer != nil {
		ch.checkFprintf(c, writer, pieces, args)
		return
	}
	if fn.Name() == "Sprintf" && !padded && len(pieces) == 1 && pieces[0].verb == 'x' && len(args) == 1 {
		if array, ok := ch.byteSeq(pass.TypesInfo.TypeOf(args[0])); ok {
			ch.reportHex(c, args[0], array)
			return
		}
	}

	convs, numbers, ok := ch.conversions(pieces, args)
	if !ok {
		return
	}
	// A lone verb without literal text is reported wherever it is not
	// cold: strconv is then simpler as well as faster. A format with
	// literal text needs evidence that it is hot.
	// A format of strings only (`"%s"`, "%s:%s") is concatenation: it
	// needs literal text (a lone %s of a string is the string itself,
	// which vet's own checks leave to the author) and the same evidence.
	single := len(pieces) == 1
	stringsOnly := numbers == 0 && !single && allStrings(convs)
	if numbers == 0 && !(single && convs[0].kind == boolKind) && !stringsOnly {
		return
	}
	if ch.cold(c) {
		return
	}
	// evident: a lone verb, or a format whose line shows it is made for
	// a protocol; without that, only -candidates reports it.
	evident := single || ch.hotEvidence(c, 0) || stringsOnly && ch.exportedReturn(c)
	if !evident && !candidates {
		return
	}

	name := "fmt." + fn.Name()
	diag := analysis.Diagnostic{Pos: call.Pos(), End: call.End()}
	if padded {
		// fmt pads a negative number after its sign ("-05"), so no one
		// rewrite fits every value: the report gives the usual one.
		diag.Category = "padded"
		diag.Message = fmt.Sprintf("%s with a zero-padded number: format it with strconv, pad with zeros to the width (\"000\"[:w-len(s)] + s)", name)
		if !slices.ContainsFunc(pieces, func(p piece) bool { return p.width > 0 }) {
			diag.Message = fmt.Sprintf("%s with %%X of a number: format it with strconv.FormatInt(x, 16) or AppendInt and upper-case the digits", name)
		}
		if !evident {
			diag.Category = CandidateCategory
		}
		pass.Report(diag)
		return
	}
	var fixMsg string
	if single {
		diag.Category = "single"
		diag.Message = fmt.Sprintf("%s of one %s: use strconv.%s", name, convs[0].kind, convs[0].fn)
		fixMsg = fmt.Sprintf("Replace %s with strconv.%s", name, convs[0].fn)
	} else {
		diag.Category = "format"
		diag.Message = fmt.Sprintf("%s with a fixed format of numbers: build the string with strconv Format or Append calls", name)
		fixMsg = fmt.Sprintf("Replace %s with concatenated strconv calls", name)
		if stringsOnly {
			diag.Category = "strings"
			diag.Message = fmt.Sprintf("%s with a fixed format of strings only: concatenate the strings", name)
			fixMsg = fmt.Sprintf("Replace %s with string concatenation", name)
		}
	}
	if edits, ok := ch.fix(c, pieces, convs, args); ok {
		diag.SuggestedFixes = []analysis.SuggestedFix{{Message: fixMsg, TextEdits: edits}}
	}
	if !evident {
		diag.Category = CandidateCategory
	}
	pass.Report(diag)
}

// byteSeq reports whether %x of a value of type t prints its bytes in hex
// as hex.EncodeToString does: t is a slice or array of bytes (named or
// not) without a Format, String or Error method, which fmt would call
// instead. array tells an array from a slice.
func (ch *checker) byteSeq(t types.Type) (array, ok bool) {
	if t == nil || types.Implements(t, ch.formatter) || types.Implements(t, ch.stringer) || types.Implements(t, errorType) {
		return false, false
	}
	var elem types.Type
	switch u := t.Underlying().(type) {
	case *types.Slice:
		elem = u.Elem()
	case *types.Array:
		elem, array = u.Elem(), true
	default:
		return false, false
	}
	b, ok := elem.Underlying().(*types.Basic)
	return array, ok && b.Kind() == types.Byte && !types.Implements(elem, ch.stringer) && !types.Implements(elem, ch.formatter)
}

// reportHex reports fmt.Sprintf("%x", x) of a byte slice or array x, at
// c, unless the code is cold. Its fix, hex.EncodeToString(x) (x[:] of an
// array), is offered when x is a slice or an array variable (which can be
// sliced; a function's result cannot).
func (ch *checker) reportHex(c inspector.Cursor, x ast.Expr, array bool) {
	if ch.cold(c) {
		return
	}
	call := c.Node().(*ast.CallExpr)
	what := "a byte slice"
	if array {
		what = "a byte array"
	}
	diag := analysis.Diagnostic{
		Pos: call.Pos(), End: call.End(), Category: "hex",
		Message: "fmt.Sprintf of " + what + " with %x: use hex.EncodeToString, which needs no reflection",
	}
	if edits, ok := ch.hexFix(c, x, array); ok {
		diag.SuggestedFixes = []analysis.SuggestedFix{{Message: "Replace fmt.Sprintf with hex.EncodeToString", TextEdits: edits}}
	}
	ch.pass.Report(diag)
}

// hexFix returns the edits replacing the call at c with
// hex.EncodeToString of x.
func (ch *checker) hexFix(c inspector.Cursor, x ast.Expr, array bool) ([]analysis.TextEdit, bool) {
	if array {
		id, ok := ast.Unparen(x).(*ast.Ident)
		if !ok {
			return nil, false
		}
		if _, ok := ch.pass.TypesInfo.Uses[id].(*types.Var); !ok {
			return nil, false
		}
	}
	file, ok := astutil.EnclosingFile(c)
	if !ok {
		return nil, false
	}
	call := c.Node().(*ast.CallExpr)
	q, edits, ok := ch.imports.Prepare(file, call.Pos(), "encoding/hex", "fmt")
	if !ok {
		return nil, false
	}
	text, ok := ch.imports.Source(x)
	if !ok {
		return nil, false
	}
	if array {
		text += "[:]"
	}
	return append(edits, analysis.TextEdit{Pos: call.Pos(), End: call.End(), NewText: []byte(q + ".EncodeToString(" + text + ")")}), true
}

// allStrings reports whether every conversion formats a string.
func allStrings(convs []conversion) bool {
	for _, cv := range convs {
		if cv.kind != stringKind {
			return false
		}
	}
	return true
}

// convert returns the strconv call that formats a value of type t exactly
// as the verb of p does. ok is false if there is none: the verb does not
// suit the type, or the type has a Format method, or (for %v, %s and %x,
// where fmt calls them) a String or Error method.
func (ch *checker) convert(p piece, t types.Type) (cv conversion, ok bool) {
	if t == nil {
		return conversion{}, false
	}
	basic, ok := t.Underlying().(*types.Basic)
	if !ok {
		return conversion{}, false
	}
	if basic.Info()&types.IsUntyped != 0 {
		t = types.Default(t)
		if basic, ok = t.Underlying().(*types.Basic); !ok {
			return conversion{}, false
		}
	}
	if types.Implements(t, ch.formatter) {
		return conversion{}, false
	}
	switch p.verb {
	case 'v', 's', 'x', 'X':
		if types.Implements(t, ch.stringer) || types.Implements(t, errorType) {
			return conversion{}, false
		}
	}
	// exact reports whether t is the basic type want itself, so that no
	// conversion is needed.
	exact := func(want types.BasicKind) bool { return types.Identical(t, types.Typ[want]) }
	info := basic.Info()
	switch {
	case info&types.IsInteger != 0:
		base := ", 10"
		switch p.verb {
		case 'd', 'v':
		case 'x', 'X':
			base = ", 16"
		default:
			return conversion{}, false
		}
		switch {
		case base == ", 10" && exact(types.Int):
			return conversion{kind: intKind, fn: "Itoa"}, true
		case info&types.IsUnsigned != 0:
			cv = conversion{kind: intKind, fn: "FormatUint", conv: "uint64", rest: base}
			if exact(types.Uint64) {
				cv.conv = ""
			}
		default:
			cv = conversion{kind: intKind, fn: "FormatInt", conv: "int64", rest: base}
			if exact(types.Int64) {
				cv.conv = ""
			}
		}
		return cv, true

	case info&types.IsFloat != 0:
		var format byte
		prec := p.prec
		switch p.verb {
		case 'v', 'g':
			format = 'g'
		case 'f', 'e':
			format = p.verb
			if prec < 0 {
				prec = 6 // fmt's default precision for %f and %e
			}
		default:
			return conversion{}, false
		}
		bits, conv := 64, "float64"
		if basic.Kind() == types.Float32 {
			bits = 32
		} else if exact(types.Float64) {
			conv = ""
		}
		return conversion{kind: floatKind, fn: "FormatFloat", conv: conv,
			rest: fmt.Sprintf(", '%c', %d, %d", format, prec, bits)}, true

	case info&types.IsBoolean != 0:
		if p.verb != 't' && p.verb != 'v' {
			return conversion{}, false
		}
		cv = conversion{kind: boolKind, fn: "FormatBool", conv: "bool"}
		if exact(types.Bool) {
			cv.conv = ""
		}
		return cv, true

	case info&types.IsString != 0:
		if p.verb != 's' && p.verb != 'v' {
			return conversion{}, false
		}
		cv = conversion{kind: stringKind, conv: "string"}
		if exact(types.String) {
			cv.conv = ""
		}
		return cv, true
	}
	return conversion{}, false
}

// conversions returns the strconv call of each verb of a short fixed
// format (at most maxVerbs verbs, each with its argument, and maxLiteral
// bytes of literal text), and how many format numbers; ok is false if the
// format is not one or a verb has no exact strconv equivalent (convert).
func (ch *checker) conversions(pieces []piece, args []ast.Expr) (convs []conversion, numbers int, ok bool) {
	verbs, literal := 0, 0
	for _, p := range pieces {
		if p.verb != 0 {
			verbs++
		} else {
			literal += len(p.lit)
		}
	}
	if verbs == 0 || verbs != len(args) || verbs > maxVerbs || literal > maxLiteral {
		return nil, 0, false
	}
	convs = make([]conversion, 0, verbs)
	for _, p := range pieces {
		if p.verb == 0 {
			continue
		}
		cv, ok := ch.convert(p, ch.pass.TypesInfo.TypeOf(args[len(convs)]))
		if !ok {
			return nil, 0, false
		}
		if cv.kind == intKind || cv.kind == floatKind {
			numbers++
		}
		convs = append(convs, cv)
	}
	return convs, numbers, true
}

// fix returns the edits replacing the call at c with strconv calls, joined
// by + with the literal text of the format (strconv imported, fmt dropped
// if the call was its only use).
func (ch *checker) fix(c inspector.Cursor, pieces []piece, convs []conversion, args []ast.Expr) ([]analysis.TextEdit, bool) {
	call := c.Node().(*ast.CallExpr)
	var file *ast.File
	for f := range c.Enclosing((*ast.File)(nil)) {
		file = f.Node().(*ast.File)
	}
	if file == nil {
		return nil, false
	}
	// A format of strings only needs no strconv: adding its import
	// unused would break the build.
	add := ""
	for _, cv := range convs {
		if cv.fn != "" {
			add = "strconv"
		}
	}
	q, edits, ok := ch.imports.Prepare(file, call.Pos(), add, "fmt")
	if !ok {
		return nil, false
	}
	var terms []string
	i := 0
	for _, p := range pieces {
		if p.verb == 0 {
			terms = append(terms, fmt.Sprintf("%q", p.lit))
			continue
		}
		x, ok := ch.imports.Source(args[i])
		if !ok {
			return nil, false
		}
		cv := convs[i]
		i++
		switch {
		case cv.conv != "":
			x = cv.conv + "(" + x + ")"
		case cv.fn == "" && needsParens(args[i-1]):
			x = "(" + x + ")"
		}
		if cv.fn != "" {
			x = q + "." + cv.fn + "(" + x + cv.rest + ")"
		}
		terms = append(terms, x)
	}
	text := strings.Join(terms, " + ")
	if len(terms) > 1 {
		switch c.Parent().Node().(type) {
		case *ast.IndexExpr, *ast.SliceExpr, *ast.SelectorExpr:
			text = "(" + text + ")"
		}
	}
	return append(edits, analysis.TextEdit{
		Pos:     call.Pos(),
		End:     call.End(),
		NewText: []byte(text),
	}), true
}

// needsParens reports whether x must be parenthesised as an operand of +.
func needsParens(x ast.Expr) bool {
	switch x.(type) {
	case *ast.BinaryExpr:
		return true
	}
	return false
}

// checkFprintf reports fmt.Fprintf(w, format, args...) of a short fixed
// format with at least one number (the same formats as Sprintf's, see
// check) into a *bufio.Writer or a *bytes.Buffer: a protocol writer's
// reply line, a chunk header, a record's fields. The write is the evidence
// that the text is made for a protocol; the report is left out only where
// the code is cold. Its fix appends the same text to the writer's
// AvailableBuffer with strconv's Append functions and writes it with one
// Write call, which returns what Fprintf did (the bytes written and the
// writer's error): no interface, no format parsing, no allocation.
//
// Through an io.Writer whose type is not known, the only exact fix builds
// the text as a string first: measured here it takes 19–27 % less time
// than Fprintf but allocates the string (0 → 1 allocs/op), so it is not
// proposed.
func (ch *checker) checkFprintf(c inspector.Cursor, writer ast.Expr, pieces []piece, args []ast.Expr) {
	pass := ch.pass
	if !hasAvailableBuffer(pass.TypesInfo.TypeOf(writer)) {
		return
	}
	convs, numbers, ok := ch.conversions(pieces, args)
	if !ok {
		return
	}
	if numbers == 0 || ch.cold(c) {
		return
	}
	if ch.hot.InTestCode(c) && !ch.hot.InBenchmarkLoop(c) {
		return
	}
	call := c.Node().(*ast.CallExpr)
	diag := analysis.Diagnostic{
		Pos: call.Pos(), End: call.End(), Category: "fprintf",
		Message: "fmt.Fprintf with a fixed format of numbers into a buffered writer: strconv-append to its AvailableBuffer, then Write",
	}
	if edits, ok := ch.fprintfFix(c, writer, pieces, convs, args); ok {
		diag.SuggestedFixes = []analysis.SuggestedFix{{Message: "Replace fmt.Fprintf with strconv appends to the writer's AvailableBuffer and one Write", TextEdits: edits}}
	}
	pass.Report(diag)
}

// fprintfFix returns the edits replacing fmt.Fprintf(w, ...) at c with
// w.Write(append(strconv.AppendInt(append(w.AvailableBuffer(), "lit"...),
// x, 10), ...)). The writer expression is written twice, so it must be a
// name or a chain of field selections (no call, no index); and the call
// must run where it is written, not in a defer or go statement, whose
// arguments are evaluated before the call runs.
func (ch *checker) fprintfFix(c inspector.Cursor, writer ast.Expr, pieces []piece, convs []conversion, args []ast.Expr) ([]analysis.TextEdit, bool) {
	call := c.Node().(*ast.CallExpr)
	if !isPlainRef(writer) {
		return nil, false
	}
	switch c.Parent().Node().(type) {
	case *ast.DeferStmt, *ast.GoStmt:
		// The AvailableBuffer would be taken when the statement runs
		// and written when the call does, after other writes.
		return nil, false
	}
	w, ok := ch.imports.Source(writer)
	if !ok {
		return nil, false
	}
	var file *ast.File
	for f := range c.Enclosing((*ast.File)(nil)) {
		file = f.Node().(*ast.File)
	}
	if file == nil {
		return nil, false
	}
	q, edits, ok := ch.imports.Prepare(file, call.Pos(), "strconv", "fmt")
	if !ok {
		return nil, false
	}
	text := w + ".AvailableBuffer()"
	i := 0
	for _, p := range pieces {
		if p.verb == 0 {
			text = fmt.Sprintf("append(%s, %q...)", text, p.lit)
			continue
		}
		x, ok := ch.imports.Source(args[i])
		if !ok {
			return nil, false
		}
		cv := convs[i]
		i++
		if cv.conv != "" {
			x = cv.conv + "(" + x + ")"
		}
		switch cv.fn {
		case "":
			text = fmt.Sprintf("append(%s, %s...)", text, x)
		case "Itoa":
			text = fmt.Sprintf("%s.AppendInt(%s, int64(%s), 10)", q, text, x)
		default:
			fn := strings.Replace(cv.fn, "Format", "Append", 1)
			text = fmt.Sprintf("%s.%s(%s, %s%s)", q, fn, text, x, cv.rest)
		}
	}
	return append(edits, analysis.TextEdit{
		Pos:     call.Pos(),
		End:     call.End(),
		NewText: []byte(w + ".Write(" + text + ")"),
	}), true
}

// isPlainRef reports whether x is a name or a chain of selections from a
// name (w, c.bw, s.conn.w): an expression that can be evaluated twice with
// the same result and no effect.
func isPlainRef(x ast.Expr) bool {
	switch x := ast.Unparen(x).(type) {
	case *ast.Ident:
		return true
	case *ast.SelectorExpr:
		return isPlainRef(x.X)
	}
	return false
}

// hasAvailableBuffer reports whether t is a *bufio.Writer or a
// *bytes.Buffer: a writer whose AvailableBuffer method returns an empty
// slice of its free space, to be appended to and passed to an immediately
// following Write.
func hasAvailableBuffer(t types.Type) bool {
	p, ok := t.(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	switch n.Obj().Pkg().Path() + "." + n.Obj().Name() {
	case "bufio.Writer", "bytes.Buffer":
		obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "AvailableBuffer")
		_, ok := obj.(*types.Func)
		return ok
	}
	return false
}
