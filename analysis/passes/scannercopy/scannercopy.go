package scannercopy

import (
	_ "embed"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/perfproof/perfproof/analysis/internal/bytetype"
	"github.com/perfproof/perfproof/analysis/internal/checkdoc"
	"github.com/perfproof/perfproof/analysis/internal/deps"
	"github.com/perfproof/perfproof/analysis/internal/hotpath"
	"github.com/perfproof/perfproof/internal/astutil"
)

//go:embed doc.go
var doc string

// Analyzer reports []byte(sc.Text()) for a *bufio.Scanner sc.
var Analyzer = &analysis.Analyzer{
	Name:             "scannercopy",
	Doc:              checkdoc.MustExtract(doc, "scannercopy"),
	URL:              "https://pkg.go.dev/github.com/perfproof/perfproof/analysis/passes/scannercopy",
	Requires:         []*analysis.Analyzer{hotpath.Analyzer},
	RunDespiteErrors: true,
	Run:              run,
}

func run(pass *analysis.Pass) (any, error) {
	// The Text method can be called on a scanner obtained from another
	// package, so a direct import of bufio is not required.
	if !deps.DependsOn(pass.Pkg, "bufio") {
		return nil, nil
	}
	hot := pass.ResultOf[hotpath.Analyzer].(*hotpath.Info)
	c := &checker{pass: pass, hot: hot}
	for cur := range hot.Inspector.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		if isText(pass.TypesInfo, call) {
			c.checkTextVar(cur)
			continue
		}
		if len(call.Args) != 1 || !isByteSliceConversion(pass.TypesInfo, call) {
			continue
		}
		if text, ok := ast.Unparen(call.Args[0]).(*ast.CallExpr); ok && isText(pass.TypesInfo, text) {
			c.checkConversion(cur, text)
		}
	}
	return nil, nil
}

type checker struct {
	pass *analysis.Pass
	hot  *hotpath.Info
}

// checkConversion reports conv, a conversion of text (a call of
// (*bufio.Scanner).Text) to a byte slice.
func (c *checker) checkConversion(conv inspector.Cursor, text *ast.CallExpr) {
	loop, ok := c.hot.Loop(conv)
	if !ok {
		return
	}
	sel := text.Fun.(*ast.SelectorExpr)
	sc := types.ExprString(sel.X)
	head := "[]byte(" + sc + ".Text()) copies each token twice"
	call := conv.Node().(*ast.CallExpr)
	switch c.flow(conv, loop, 0) {
	case kept:
		c.pass.Reportf(call.Pos(), "%s and the slice outlives the iteration: use bytes.Clone(%s.Bytes()) to copy once", head, sc)
	case unknown:
		c.pass.Reportf(call.Pos(), "%s: use %s.Bytes(), cloned if kept past the next Scan", head, sc)
	case local:
		var edits []analysis.TextEdit
		if isPlainByteSlice(c.pass.TypesInfo.TypeOf(call)) {
			edits = []analysis.TextEdit{
				{Pos: call.Pos(), End: text.Pos()},
				{Pos: text.End(), End: call.End()},
			}
		}
		edits = append(edits, analysis.TextEdit{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte("Bytes")})
		c.pass.Report(analysis.Diagnostic{
			Pos:     call.Pos(),
			End:     call.End(),
			Message: head + ": use " + sc + ".Bytes(), cloned if kept past the next Scan",
			SuggestedFixes: []analysis.SuggestedFix{{
				Message:   "Replace " + sc + ".Text() with " + sc + ".Bytes()",
				TextEdits: edits,
			}},
		})
	}
}

// checkTextVar reports text, a call of (*bufio.Scanner).Text, when it
// initialises a local string variable whose only uses are conversions to a
// byte slice and tests for emptiness.
func (c *checker) checkTextVar(text inspector.Cursor) {
	var id *ast.Ident
	switch text.ParentEdgeKind() {
	case edge.AssignStmt_Rhs:
		as := text.Parent().Node().(*ast.AssignStmt)
		if as.Tok != token.DEFINE || len(as.Lhs) != 1 {
			return
		}
		id, _ = as.Lhs[0].(*ast.Ident)
	case edge.ValueSpec_Values:
		vs := text.Parent().Node().(*ast.ValueSpec)
		if len(vs.Names) != 1 {
			return
		}
		id = vs.Names[0]
	}
	if id == nil {
		return
	}
	v, ok := c.pass.TypesInfo.Defs[id].(*types.Var)
	if !ok {
		return
	}
	if _, ok := c.hot.Loop(text); !ok {
		return
	}
	fn, ok := astutil.EnclosingFunc(text)
	if !ok {
		return
	}
	conversions := 0
	for use := range fn.Preorder((*ast.Ident)(nil)) {
		if c.pass.TypesInfo.Uses[use.Node().(*ast.Ident)] != v {
			continue
		}
		for use.ParentEdgeKind() == edge.ParenExpr_X {
			use = use.Parent()
		}
		switch use.ParentEdgeKind() {
		case edge.CallExpr_Args:
			call := use.Parent().Node().(*ast.CallExpr)
			switch {
			case isByteSliceConversion(c.pass.TypesInfo, call):
				conversions++
				continue
			case astutil.IsBuiltin(c.pass.TypesInfo, call.Fun, "len"):
				continue
			}
		case edge.BinaryExpr_X, edge.BinaryExpr_Y:
			bin := use.Parent().Node().(*ast.BinaryExpr)
			if (bin.Op == token.EQL || bin.Op == token.NEQ) && (isEmptyString(c.pass.TypesInfo, bin.X) || isEmptyString(c.pass.TypesInfo, bin.Y)) {
				continue
			}
		}
		return // a use that needs the string
	}
	if conversions == 0 {
		return
	}
	sc := types.ExprString(text.Node().(*ast.CallExpr).Fun.(*ast.SelectorExpr).X)
	c.pass.Reportf(text.Node().Pos(), "%s := %s.Text() is only converted back to []byte: use %s.Bytes(), cloned if kept past the next Scan", id.Name, sc, sc)
}

// flowKind says where a byte slice goes.
type flowKind int

const (
	local   flowKind = iota // used and dropped within the iteration
	unknown                 // passed to code that may keep or modify it
	kept                    // stored where it outlives the iteration
)

// maxDepth bounds the tracing of the slice through local variables.
const maxDepth = 4

// flow classifies the uses of the byte-slice value of the expression at cur,
// which is inside loop.
func (c *checker) flow(cur, loop inspector.Cursor, depth int) flowKind {
	info := c.pass.TypesInfo
	parent := cur.Parent()
	switch cur.ParentEdgeKind() {
	case edge.ParenExpr_X, edge.SliceExpr_X:
		// The result aliases the same bytes.
		return c.flow(parent, loop, depth)
	case edge.IndexExpr_X:
		if isWritten(parent) {
			return unknown // writes into the scanner's buffer
		}
		return local
	case edge.RangeStmt_X, edge.BinaryExpr_X, edge.BinaryExpr_Y:
		return local
	case edge.CallExpr_Args:
		call := parent.Node().(*ast.CallExpr)
		if isByteSliceConversion(info, call) {
			return c.flow(parent, loop, depth)
		}
		if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
			if b, ok := tv.Type.Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
				return local // string(b) copies
			}
			return unknown // e.g. any(b) keeps the slice
		}
		switch parent.ParentEdgeKind() {
		case edge.GoStmt_Call, edge.DeferStmt_Call:
			return kept
		}
		if astutil.IsBuiltin(info, call.Fun, "len") || astutil.IsBuiltin(info, call.Fun, "cap") {
			return local
		}
		if astutil.IsBuiltin(info, call.Fun, "copy") {
			if call.Args[0] == cur.Node() {
				return unknown // copies into the scanner's buffer
			}
			return local
		}
		if astutil.IsBuiltin(info, call.Fun, "append") {
			if call.Args[0] == cur.Node() {
				return unknown // may write into the scanner's buffer
			}
			if call.Ellipsis.IsValid() {
				return local // appends a copy of the bytes
			}
			return kept // appends the slice itself
		}
		if doesNotKeep(typeutil.Callee(info, call)) {
			return local
		}
		return unknown
	case edge.AssignStmt_Rhs:
		as := parent.Node().(*ast.AssignStmt)
		if len(as.Lhs) != len(as.Rhs) {
			return unknown
		}
		return c.flowInto(as.Lhs[cur.ParentEdgeIndex()], loop, depth)
	case edge.ValueSpec_Values:
		vs := parent.Node().(*ast.ValueSpec)
		if len(vs.Names) != len(vs.Values) {
			return unknown
		}
		return c.flowInto(vs.Names[cur.ParentEdgeIndex()], loop, depth)
	case edge.ReturnStmt_Results, edge.SendStmt_Value, edge.CompositeLit_Elts, edge.KeyValueExpr_Value:
		return kept
	}
	return unknown
}

// flowInto classifies the uses of a byte slice assigned to lhs.
func (c *checker) flowInto(lhs ast.Expr, loop inspector.Cursor, depth int) flowKind {
	id, ok := lhs.(*ast.Ident)
	if !ok {
		return kept // a field, element or dereference
	}
	if id.Name == "_" {
		return local
	}
	obj := c.pass.TypesInfo.ObjectOf(id)
	v, ok := obj.(*types.Var)
	if !ok || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
		return kept
	}
	body := astutil.LoopBody(loop.Node())
	if !astutil.ContainsPos(body, v.Pos()) {
		// Declared outside the loop: the value may survive into the
		// next iteration.
		return kept
	}
	if depth >= maxDepth {
		return unknown
	}
	bodyCur, ok := loop.FindNode(body)
	if !ok {
		return unknown
	}
	result := local
	for use := range bodyCur.Preorder((*ast.Ident)(nil)) {
		if c.pass.TypesInfo.Uses[use.Node().(*ast.Ident)] != v {
			continue
		}
		if use.ParentEdgeKind() == edge.AssignStmt_Lhs {
			continue // overwritten, not read
		}
		if inClosure(use, loop) {
			return unknown
		}
		result = max(result, c.flow(use, loop, depth+1))
		if result == kept {
			break
		}
	}
	return result
}

// inClosure reports whether use is inside a function literal within loop.
func inClosure(use, loop inspector.Cursor) bool {
	for p := range use.Enclosing((*ast.FuncLit)(nil)) {
		return astutil.Within(p.Node(), loop.Node())
	}
	return false
}

// isWritten reports whether the index expression at cur is assigned to.
func isWritten(cur inspector.Cursor) bool {
	switch cur.ParentEdgeKind() {
	case edge.AssignStmt_Lhs, edge.IncDecStmt_X:
		return true
	case edge.UnaryExpr_X:
		return cur.Parent().Node().(*ast.UnaryExpr).Op == token.AND
	}
	return false
}

// isText reports whether call calls (*bufio.Scanner).Text.
func isText(info *types.Info, call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok || fn.Name() != "Text" || fn.Pkg() == nil || fn.Pkg().Path() != "bufio" {
		return false
	}
	recv := fn.Signature().Recv()
	return recv != nil && types.TypeString(recv.Type(), nil) == "*bufio.Scanner"
}

// isByteSliceConversion reports whether call converts to a type whose
// underlying type is []byte.
func isByteSliceConversion(info *types.Info, call *ast.CallExpr) bool {
	tv, ok := info.Types[call.Fun]
	return ok && tv.IsType() && bytetype.IsSlice(tv.Type)
}

// isPlainByteSlice reports whether t is []byte itself, not a named type.
func isPlainByteSlice(t types.Type) bool {
	return types.Identical(t, types.NewSlice(types.Typ[types.Byte]))
}

func isEmptyString(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.String && constant.StringVal(tv.Value) == ""
}

// noKeep lists functions, by package path and name, that read a byte-slice
// argument during the call and do not keep it or write to it.
var noKeep = map[string]map[string]bool{
	"bytes": set("Clone", "Compare", "Contains", "ContainsAny", "ContainsFunc", "ContainsRune", "Count",
		"Equal", "EqualFold", "HasPrefix", "HasSuffix", "Index", "IndexAny", "IndexByte", "IndexFunc",
		"IndexRune", "LastIndex", "LastIndexAny", "LastIndexByte", "LastIndexFunc"),
	"crypto/md5":    set("Sum"),
	"crypto/sha1":   set("Sum"),
	"crypto/sha256": set("Sum224", "Sum256"),
	"crypto/sha512": set("Sum384", "Sum512"),
	// json.Unmarshal copies what it keeps, including into json.RawMessage.
	"encoding/json": set("Compact", "HTMLEscape", "Indent", "Unmarshal", "Valid"),
	"encoding/xml":  set("Unmarshal"),
	"fmt": set("Errorf", "Fprint", "Fprintf", "Fprintln", "Print", "Printf", "Println",
		"Sprint", "Sprintf", "Sprintln"),
	"hash/crc32":   set("Checksum", "ChecksumIEEE", "Update"),
	"log":          set("Print", "Printf", "Println"),
	"unicode/utf8": set("DecodeLastRune", "DecodeRune", "FullRune", "RuneCount", "Valid"),
}

func set(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// doesNotKeep reports whether obj is a function or method known not to
// keep or modify a byte-slice argument.
func doesNotKeep(obj types.Object) bool {
	fn, ok := obj.(*types.Func)
	if !ok || fn.Pkg() == nil {
		return false
	}
	sig := fn.Signature()
	if sig.Recv() == nil {
		return noKeep[fn.Pkg().Path()][fn.Name()]
	}
	// The io.Writer contract: "Implementations must not retain p."
	if fn.Name() == "Write" && sig.Params().Len() == 1 && sig.Results().Len() == 2 &&
		isPlainByteSlice(sig.Params().At(0).Type()) &&
		types.Identical(sig.Results().At(0).Type(), types.Typ[types.Int]) &&
		types.Identical(sig.Results().At(1).Type(), types.Universe.Lookup("error").Type()) {
		return true
	}
	if fn.Pkg().Path() == "regexp" {
		switch fn.Name() {
		case "Match", "FindIndex", "FindSubmatchIndex":
			return true
		}
	}
	return false
}
