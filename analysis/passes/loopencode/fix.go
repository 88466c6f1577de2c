package loopencode

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/perfproof/perfproof/internal/astutil"
)

// A codec is a standard encoder whose encodings the fix may hoist.
type codec uint8

const (
	noCodec codec = iota
	jsonCodec
	xmlCodec
)

// codecOf returns the codec of a call of json.Marshal, json.MarshalIndent,
// xml.Marshal or xml.MarshalIndent, and noCodec for any other call. Other
// encoders of the table call code this package does not check (proto's
// generated methods, MarshalYAML, jsoniter's extensions).
func codecOf(info *types.Info, call *ast.CallExpr) codec {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Signature().Recv() != nil {
		return noCodec
	}
	if fn.Name() != "Marshal" && fn.Name() != "MarshalIndent" {
		return noCodec
	}
	switch fn.Pkg().Path() {
	case "encoding/json":
		return jsonCodec
	case "encoding/xml":
		return xmlCodec
	}
	return noCodec
}

// hooks returns the methods through which the codec runs a type's own code.
func (c codec) hooks() []string {
	if c == jsonCodec {
		return []string{"MarshalJSON", "MarshalText"}
	}
	return []string{"MarshalXML", "MarshalXMLAttr", "MarshalText"}
}

// pureHookPkgs are the standard packages whose Marshal methods the fix
// trusts to do nothing but encode: time.Time, json.RawMessage, big.Int,
// net.IP, netip.Addr, slog.Level and their kin. A method of any other
// package may have side effects, which hoisting would run fewer times.
var pureHookPkgs = map[string]bool{
	"time":          true,
	"encoding/json": true,
	"encoding/xml":  true,
	"math/big":      true,
	"net":           true,
	"net/netip":     true,
	"log/slog":      true,
}

// hoist returns the fix that moves the encoding at call, and the error
// check after it, out of the loop at loop to just before it, if that is
// exactly equivalent. The package doc lists the conditions; each test
// below names the one it checks.
func (p *pkgState) hoist(cur inspector.Cursor, call *ast.CallExpr, loop inspector.Cursor, e Encode) (analysis.SuggestedFix, bool) {
	var none analysis.SuggestedFix
	info := p.pass.TypesInfo
	c := codecOf(info, call)
	if c == noCodec || len(call.Args) == 0 || call.Ellipsis.IsValid() {
		return none, false
	}

	// The statement `v, err := enc(...)` or `v, _ := enc(...)`, directly
	// in the loop's body.
	assign, ok := cur.Parent().Node().(*ast.AssignStmt)
	if !ok || assign.Tok != token.DEFINE || len(assign.Lhs) != 2 || len(assign.Rhs) != 1 || assign.Rhs[0] != call {
		return none, false
	}
	bodyCur := cur.Parent().Parent()
	body, ok := bodyCur.Node().(*ast.BlockStmt)
	if !ok || bodyCur.Parent() != loop {
		return none, false
	}
	k := indexOf(body.List, assign)
	if k < 0 {
		return none, false
	}
	vID, ok := assign.Lhs[0].(*ast.Ident)
	if !ok || vID.Name == "_" {
		return none, false
	}
	v, ok := info.Defs[vID].(*types.Var)
	if !ok {
		return none, false
	}
	errID, ok := assign.Lhs[1].(*ast.Ident)
	if !ok {
		return none, false
	}
	var errVar *types.Var
	if errID.Name != "_" {
		if errVar, ok = info.Defs[errID].(*types.Var); !ok {
			return none, false // err is assigned, not declared, here
		}
	}

	// The encoder runs no code but the standard library's, and the
	// arguments cannot panic: hoisted, the encoding happens also when the
	// loop runs zero times and before the statements that precede it in
	// the first iteration.
	pure, infallible := valueFacts(c, info.TypeOf(call.Args[0]))
	if !pure {
		return none, false
	}
	for _, a := range call.Args {
		if !p.panicFree(a) {
			return none, false
		}
	}

	// The error check moves along only if it can never run: then it
	// makes no difference that the hoisted encoding also runs when the
	// loop runs zero times, nor that it runs before the first iteration.
	moved := []ast.Stmt{assign}
	if errVar != nil {
		check, ok := errCheck(info, body.List, k, errVar)
		if !ok || c != jsonCodec || !infallible || hasBranchOrLabel(check.Body) {
			return none, false
		}
		moved = append(moved, check)
	}
	first, last := moved[0], moved[len(moved)-1]
	inMoved := func(pos token.Pos) bool { return first.Pos() <= pos && pos < last.End() }

	loopNode := loop.Node()
	if !p.quietPrelude(loopNode) || p.synchronizes(loopNode) {
		return none, false
	}
	fn, ok := astutil.EnclosingFunc(loop)
	if !ok || hasGoto(astutil.FuncBody(fn.Node())) {
		return none, false
	}

	// What the moved code reads is declared before the loop and not
	// assigned in it; what it declares is used in the loop only by the
	// error check (err) or to read the bytes (v), which every iteration
	// then shares.
	reads := make(map[*types.Var]bool)
	for _, s := range moved {
		okRefs := true
		ast.Inspect(s, func(n ast.Node) bool {
			id, isID := n.(*ast.Ident)
			if !isID || !okRefs {
				return okRefs
			}
			obj := info.Uses[id]
			if obj == nil || obj == v || obj == errVar {
				return true
			}
			if astutil.ContainsPos(loopNode, obj.Pos()) && !inMoved(obj.Pos()) {
				okRefs = false // a loop variable or a variable of the body
			}
			if x, isVar := obj.(*types.Var); isVar && !x.IsField() {
				reads[x] = true
			}
			return true
		})
		if !okRefs || hasMultilineString(s) {
			return none, false
		}
	}
	for idc := range loop.Preorder((*ast.Ident)(nil)) {
		id := idc.Node().(*ast.Ident)
		if inMoved(id.Pos()) {
			continue
		}
		switch obj := info.Uses[id]; {
		case obj == nil:
		case obj == v:
			if !p.readOnlyUse(idc) {
				return none, false
			}
		case obj == errVar:
			return none, false
		default:
			if x, isVar := obj.(*types.Var); isVar && reads[x] && writes(idc) {
				return none, false
			}
		}
	}

	// The statements go before the loop (before its label, if any), in
	// a block where the names they declare are new and capture no use of
	// an outer object of the same name.
	at := loop
	if _, ok := at.Parent().Node().(*ast.LabeledStmt); ok {
		at = at.Parent()
	}
	block := at.Parent()
	if _, ok := astutil.StmtList(block.Node()); !ok {
		return none, false
	}
	scope := p.blockScope(block)
	if scope == nil {
		return none, false
	}
	for _, id := range []*ast.Ident{vID, errID} {
		if id.Name == "_" {
			continue
		}
		if scope.Lookup(id.Name) != nil || p.captures(block, at.Node().Pos(), id.Name, v, errVar) {
			return none, false
		}
	}

	edits, ok := p.moveEdits(at.Node(), first, last)
	if !ok {
		return none, false
	}
	return analysis.SuggestedFix{
		Message:   fmt.Sprintf("Hoist %s of %s out of the loop: encodes once before the loop (also when the loop runs zero times)", e.Call, e.Arg),
		TextEdits: edits,
	}, true
}

func indexOf(list []ast.Stmt, s ast.Stmt) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

// errCheck returns the statement after list[k] if it is
// `if err != nil { ... }` with neither init nor else.
func errCheck(info *types.Info, list []ast.Stmt, k int, err *types.Var) (*ast.IfStmt, bool) {
	if k+1 >= len(list) {
		return nil, false
	}
	s, ok := list[k+1].(*ast.IfStmt)
	if !ok || s.Init != nil || s.Else != nil {
		return nil, false
	}
	cond, ok := ast.Unparen(s.Cond).(*ast.BinaryExpr)
	if !ok || cond.Op != token.NEQ {
		return nil, false
	}
	isErr := func(x ast.Expr) bool {
		id, ok := ast.Unparen(x).(*ast.Ident)
		return ok && info.Uses[id] == err
	}
	isNil := func(x ast.Expr) bool {
		id, ok := ast.Unparen(x).(*ast.Ident)
		_, isNil := info.Uses[id].(*types.Nil)
		return ok && isNil
	}
	if !(isErr(cond.X) && isNil(cond.Y) || isNil(cond.X) && isErr(cond.Y)) {
		return nil, false
	}
	return s, true
}

// hasBranchOrLabel reports whether n holds a break, continue, goto,
// fallthrough or label, which would bind to other statements, or not
// compile, before the loop.
func hasBranchOrLabel(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.BranchStmt, *ast.LabeledStmt:
			found = true
		}
		return !found
	})
	return found
}

// hasGoto reports whether body holds a goto, which could jump over the
// hoisted declarations.
func hasGoto(body *ast.BlockStmt) bool {
	if body == nil {
		return true
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if b, ok := n.(*ast.BranchStmt); ok && b.Tok == token.GOTO {
			found = true
		}
		return !found
	})
	return found
}

// hasMultilineString reports whether n holds a raw string literal spanning
// lines, whose text re-indenting would change.
func hasMultilineString(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING && strings.Contains(lit.Value, "\n") {
			found = true
		}
		return !found
	})
	return found
}

// maxTypeDepth bounds the nesting valueFacts follows.
const maxTypeDepth = 32

// valueFacts reports whether encoding a value of static type t with c runs
// only standard-library code (pure: no interface or type parameter, whose
// dynamic type is unknown, and no Marshal method of a package outside
// pureHookPkgs), and whether the encoding can never fail (infallible: json
// only, and no float, which may be NaN; no complex, channel or function; no
// Marshal method; no json.Number; no map with keys other than strings and
// integers; no recursive type, through which a value may be cyclic).
func valueFacts(c codec, t types.Type) (pure, infallible bool) {
	if t == nil {
		return false, false
	}
	w := &typeWalk{c: c, pure: true, infallible: c == jsonCodec, onPath: make(map[types.Type]bool), done: make(map[types.Type]bool)}
	w.walk(t, 0)
	return w.pure, w.pure && w.infallible
}

type typeWalk struct {
	c                codec
	pure, infallible bool
	onPath, done     map[types.Type]bool
}

func (w *typeWalk) walk(t types.Type, depth int) {
	if !w.pure {
		return
	}
	t = types.Unalias(t)
	if depth > maxTypeDepth {
		w.pure = false
		return
	}
	if w.onPath[t] {
		w.infallible = false // recursive: a value may be cyclic
		return
	}
	if w.done[t] {
		return
	}
	switch t.(type) {
	case *types.Interface, *types.TypeParam:
		w.pure = false
		return
	case *types.Pointer:
		// A pointer has no methods of its own: the walk of its
		// element looks at the pointer's method set.
	default:
		if found, std := w.hook(t); found {
			if !std {
				w.pure = false
			}
			w.infallible = false // time.Time beyond year 9999, invalid RawMessage
			w.done[t] = true
			return
		}
	}
	if astutil.IsNamed(t, "encoding/json", "Number") {
		w.infallible = false // validated when encoded
	}
	w.onPath[t] = true
	defer func() {
		delete(w.onPath, t)
		w.done[t] = true
	}()
	switch u := t.Underlying().(type) {
	case *types.Basic:
		if u.Info()&(types.IsFloat|types.IsComplex) != 0 || u.Kind() == types.UnsafePointer {
			w.infallible = false
		}
	case *types.Pointer:
		w.walk(u.Elem(), depth+1)
	case *types.Slice:
		w.walk(u.Elem(), depth+1)
	case *types.Array:
		w.walk(u.Elem(), depth+1)
	case *types.Map:
		if b, ok := u.Key().Underlying().(*types.Basic); !ok || b.Info()&(types.IsString|types.IsInteger) == 0 || w.c != jsonCodec {
			w.infallible = false // xml encodes no map
		}
		w.walk(u.Key(), depth+1)
		w.walk(u.Elem(), depth+1)
	case *types.Struct:
		// The codecs encode exported fields and look into embedded
		// ones.
		for f := range u.Fields() {
			if f.Exported() || f.Embedded() {
				w.walk(f.Type(), depth+1)
			}
		}
	case *types.Chan, *types.Signature:
		w.infallible = false // unsupported type
	default:
		w.pure = false
	}
}

// hook reports whether t or *t has a method through which the codec runs
// the type's own code, and whether all such methods are of packages in
// pureHookPkgs.
func (w *typeWalk) hook(t types.Type) (found, std bool) {
	ms := types.NewMethodSet(types.NewPointer(t))
	std = true
	for _, name := range w.c.hooks() {
		sel := ms.Lookup(nil, name)
		if sel == nil {
			continue
		}
		found = true
		if pkg := sel.Obj().Pkg(); pkg == nil || !pureHookPkgs[pkg.Path()] {
			std = false
		}
	}
	return found, std
}

// panicFree reports whether evaluating e cannot panic: it reads variables,
// fields of struct values (not through a pointer), constants, and builds
// composite literals and addresses of those; no index, dereference, call
// (but conversions, len and cap), division or shift.
func (p *pkgState) panicFree(e ast.Expr) bool {
	info := p.pass.TypesInfo
	if tv, ok := info.Types[e]; ok && tv.Value != nil {
		return true
	}
	switch e := e.(type) {
	case *ast.Ident, *ast.BasicLit:
		return true
	case *ast.ParenExpr:
		return p.panicFree(e.X)
	case *ast.SelectorExpr:
		if sel, ok := info.Selections[e]; ok {
			return sel.Kind() == types.FieldVal && !sel.Indirect() && p.panicFree(e.X)
		}
		id, ok := e.X.(*ast.Ident)
		if !ok {
			return false
		}
		_, ok = info.Uses[id].(*types.PkgName)
		return ok
	case *ast.UnaryExpr:
		switch e.Op {
		case token.AND, token.ADD, token.SUB, token.NOT, token.XOR:
			return p.panicFree(e.X)
		}
		return false
	case *ast.BinaryExpr:
		switch e.Op {
		case token.ADD, token.SUB, token.MUL, token.AND, token.OR, token.XOR, token.AND_NOT, token.LAND, token.LOR:
			return p.panicFree(e.X) && p.panicFree(e.Y)
		}
		return false
	case *ast.CompositeLit:
		t := info.TypeOf(e)
		if t == nil {
			return false
		}
		switch t.Underlying().(type) {
		case *types.Struct, *types.Slice, *types.Array:
		default:
			return false // a map literal may hash an interface key
		}
		for _, elt := range e.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				elt = kv.Value
			}
			if !p.panicFree(elt) {
				return false
			}
		}
		return true
	case *ast.CallExpr:
		if len(e.Args) != 1 || e.Ellipsis.IsValid() {
			return false
		}
		if tv, ok := info.Types[e.Fun]; ok && tv.IsType() {
			switch tv.Type.Underlying().(type) {
			case *types.Array, *types.Pointer:
				return false // a slice converted to an array may be too short
			}
			return p.panicFree(e.Args[0])
		}
		if astutil.IsBuiltin(info, e.Fun, "len") || astutil.IsBuiltin(info, e.Fun, "cap") {
			return p.panicFree(e.Args[0])
		}
	}
	return false
}

// quietPrelude reports whether what runs between the loop's position and
// its first iteration — a range expression, a for statement's init — makes
// no call and no channel operation, so cannot change what the hoisted
// encoding reads. A range over a function (an iterator) runs the body in
// a callback and is refused.
func (p *pkgState) quietPrelude(loop ast.Node) bool {
	switch l := loop.(type) {
	case *ast.RangeStmt:
		t := p.pass.TypesInfo.TypeOf(l.X)
		if t == nil {
			return false
		}
		switch t.Underlying().(type) {
		case *types.Signature, *types.Chan:
			return false
		}
		return p.callFree(l.X)
	case *ast.ForStmt:
		if l.Init == nil {
			return true
		}
		a, ok := l.Init.(*ast.AssignStmt)
		if !ok || a.Tok != token.DEFINE {
			return false
		}
		for _, r := range a.Rhs {
			if !p.callFree(r) {
				return false
			}
		}
		return true
	}
	return false
}

// callFree reports whether n calls nothing but conversions, len and cap,
// and receives from no channel.
func (p *pkgState) callFree(n ast.Node) bool {
	info := p.pass.TypesInfo
	ok := true
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			tv, isType := info.Types[n.Fun]
			if !(isType && tv.IsType()) && !astutil.IsBuiltin(info, n.Fun, "len") && !astutil.IsBuiltin(info, n.Fun, "cap") {
				ok = false
			}
		case *ast.UnaryExpr:
			if n.Op == token.ARROW {
				ok = false
			}
		case *ast.FuncLit:
			return false
		}
		return ok
	})
	return ok
}

// synchronizes reports whether the loop holds a channel operation, a
// select, a go statement or a call into sync or sync/atomic: another
// goroutine may then publish, during the loop, a change to the value that
// the encoding in a later iteration would see and the hoisted one would
// not.
func (p *pkgState) synchronizes(loop ast.Node) bool {
	info := p.pass.TypesInfo
	found := false
	ast.Inspect(loop, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SendStmt, *ast.SelectStmt, *ast.GoStmt:
			found = true
		case *ast.UnaryExpr:
			found = n.Op == token.ARROW
		case *ast.RangeStmt:
			if t := info.TypeOf(n.X); t != nil {
				_, found = t.Underlying().(*types.Chan)
			}
		case *ast.CallExpr:
			if fn, ok := typeutil.Callee(info, n).(*types.Func); ok && fn.Pkg() != nil {
				path := fn.Pkg().Path()
				found = path == "sync" || path == "sync/atomic"
			}
		}
		return !found
	})
	return found
}

// readOnlyUse reports whether the use of the encoded bytes at cur neither
// modifies them nor hands them to code that might: after the fix every
// iteration shares one slice where each had its own. Accepted: len, cap,
// string(v), v[i] read, append(x, v...), copy(x, v), comparison with nil,
// bytes.Equal, bytes.Compare, bytes.NewReader, and a Write([]byte) (int,
// error) method, which by io.Writer's contract must not modify the slice
// nor retain it.
func (p *pkgState) readOnlyUse(cur inspector.Cursor) bool {
	info := p.pass.TypesInfo
	var child ast.Node = cur.Node()
	c := cur.Parent()
	for {
		pe, ok := c.Node().(*ast.ParenExpr)
		if !ok {
			break
		}
		child, c = pe, c.Parent()
	}
	switch par := c.Node().(type) {
	case *ast.CallExpr:
		if child == par.Fun {
			return false
		}
		i := -1
		for j, a := range par.Args {
			if a == child {
				i = j
			}
		}
		if tv, ok := info.Types[par.Fun]; ok && tv.IsType() {
			return astutil.IsString(tv.Type)
		}
		switch {
		case astutil.IsBuiltin(info, par.Fun, "len"), astutil.IsBuiltin(info, par.Fun, "cap"):
			return true
		case astutil.IsBuiltin(info, par.Fun, "append"):
			return i == 1 && len(par.Args) == 2 && par.Ellipsis.IsValid()
		case astutil.IsBuiltin(info, par.Fun, "copy"):
			return i == 1
		}
		fn, ok := typeutil.Callee(info, par).(*types.Func)
		if !ok {
			return false
		}
		if fn.Pkg() != nil && fn.Pkg().Path() == "bytes" && fn.Signature().Recv() == nil {
			switch fn.Name() {
			case "Equal", "Compare", "NewReader":
				return true
			}
		}
		return fn.Name() == "Write" && fn.Signature().Recv() != nil && isWriteSig(fn.Signature())
	case *ast.BinaryExpr:
		other := par.X
		if other == child {
			other = par.Y
		}
		_, isNil := info.Uses[identOf(other)].(*types.Nil)
		return (par.Op == token.EQL || par.Op == token.NEQ) && isNil
	case *ast.IndexExpr:
		return child == par.X && !writes(c)
	}
	return false
}

func identOf(e ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(e).(*ast.Ident)
	return id
}

// isWriteSig reports whether sig is io.Writer's Write: func([]byte) (int, error).
func isWriteSig(sig *types.Signature) bool {
	if sig.Params().Len() != 1 || sig.Results().Len() != 2 || sig.Variadic() {
		return false
	}
	s, ok := sig.Params().At(0).Type().Underlying().(*types.Slice)
	if !ok {
		return false
	}
	b, ok := s.Elem().Underlying().(*types.Basic)
	if !ok || b.Kind() != types.Byte {
		return false
	}
	r, ok := sig.Results().At(0).Type().Underlying().(*types.Basic)
	return ok && r.Kind() == types.Int && astutil.IsError(sig.Results().At(1).Type())
}

// writes reports whether the expression at cur is assigned, incremented,
// assigned by a range clause, or has its address taken.
func writes(cur inspector.Cursor) bool {
	n := cur.Node()
	c := cur.Parent()
	for {
		pe, ok := c.Node().(*ast.ParenExpr)
		if !ok {
			break
		}
		n, c = pe, c.Parent()
	}
	switch par := c.Node().(type) {
	case *ast.AssignStmt:
		for _, l := range par.Lhs {
			if l == n {
				return true
			}
		}
	case *ast.IncDecStmt:
		return par.X == n
	case *ast.UnaryExpr:
		return par.Op == token.AND
	case *ast.RangeStmt:
		return par.Key == n || par.Value == n
	}
	return false
}

// blockScope returns the scope of the statements of block: a function
// body's is the function's.
func (p *pkgState) blockScope(block inspector.Cursor) *types.Scope {
	info := p.pass.TypesInfo
	if s := info.Scopes[block.Node()]; s != nil {
		return s
	}
	if ft := astutil.FuncType(block.Parent().Node()); ft != nil {
		return info.Scopes[ft]
	}
	return nil
}

// captures reports whether declaring name at pos in block would capture a
// later use, in block, of another object of that name declared outside
// the range from pos to the block's end (an outer variable, a package-level
// name, an imported package).
func (p *pkgState) captures(block inspector.Cursor, pos token.Pos, name string, v, err *types.Var) bool {
	info := p.pass.TypesInfo
	end := block.Node().End()
	for idc := range block.Preorder((*ast.Ident)(nil)) {
		id := idc.Node().(*ast.Ident)
		if id.Pos() < pos || id.Name != name {
			continue
		}
		if sel, ok := idc.Parent().Node().(*ast.SelectorExpr); ok && sel.Sel == id {
			continue // resolved by the operand's type or package
		}
		obj := info.Uses[id]
		if obj == nil {
			obj = info.Defs[id]
		}
		switch x := obj.(type) {
		case nil:
			continue
		case *types.Label:
			continue
		case *types.Var:
			if x == v || x == err || x.IsField() {
				continue
			}
		}
		if obj.Pos() < pos || obj.Pos() >= end {
			return true
		}
	}
	return false
}

// moveEdits returns the edits that move the statements from first to last
// (with a comment that ends last's line) to just before at, re-indented.
// Each must start its line.
func (p *pkgState) moveEdits(at ast.Node, first, last ast.Stmt) ([]analysis.TextEdit, bool) {
	tf := p.pass.Fset.File(first.Pos())
	if tf == nil || p.pass.Fset.File(at.Pos()) != tf {
		return nil, false
	}
	src, ok := p.source(tf)
	if !ok {
		return nil, false
	}
	indent := func(pos token.Pos) (string, bool) {
		start, off := tf.Offset(tf.LineStart(tf.Line(pos))), tf.Offset(pos)
		s := string(src[start:off])
		return s, strings.TrimLeft(s, " \t") == ""
	}
	atIndent, ok1 := indent(at.Pos())
	stmtIndent, ok2 := indent(first.Pos())
	if !ok1 || !ok2 {
		return nil, false
	}
	from, to := tf.Offset(first.Pos()), tf.Offset(last.End())
	lineEnd := len(src)
	if i := strings.IndexByte(string(src[to:]), '\n'); i >= 0 {
		lineEnd = to + i
	}
	text := string(src[from:to])
	switch rest := strings.TrimRight(string(src[to:lineEnd]), " \t\r"); {
	case rest == "":
	case strings.HasPrefix(strings.TrimLeft(rest, " \t"), "//"):
		text += rest
	default:
		return nil, false // another statement shares the line
	}
	lines := strings.Split(text, "\n")
	for i := 1; i < len(lines); i++ {
		switch l := lines[i]; {
		case strings.TrimSpace(l) == "":
			lines[i] = ""
		case strings.HasPrefix(l, stmtIndent):
			lines[i] = atIndent + l[len(stmtIndent):]
		default:
			return nil, false
		}
	}
	delFrom := tf.LineStart(tf.Line(first.Pos()))
	delTo := tf.Pos(lineEnd)
	if lineEnd < len(src) {
		delTo = tf.Pos(lineEnd + 1)
	}
	return []analysis.TextEdit{
		{Pos: at.Pos(), End: at.Pos(), NewText: []byte(strings.Join(lines, "\n") + "\n" + atIndent)},
		{Pos: delFrom, End: delTo},
	}, true
}

// source returns the contents of tf's file, if they match tf.
func (p *pkgState) source(tf *token.File) ([]byte, bool) {
	if p.sources == nil {
		p.sources = make(map[string][]byte)
	}
	src, ok := p.sources[tf.Name()]
	if !ok {
		var err error
		if src, err = p.pass.ReadFile(tf.Name()); err != nil {
			return nil, false
		}
		p.sources[tf.Name()] = src
	}
	return src, tf.Size() == len(src)
}
