package trimloop

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/perfproof/perfproof/analysis/internal/fixtext"
	"github.com/perfproof/perfproof/internal/astutil"
)

// fixMessage is the message of the search fix.
const fixMessage = "Replace the loop with a search for the fewest elements to drop: O(log n) encodings, not O(n)"

// shape is a trim loop in one of the two forms the fix rewrites, taken
// apart:
//
//	for len(s) > 0 {                   for len(s) > 0 && size > bound {
//		defs                               s = s[1:]
//		if size <= bound { break }     }
//		s = s[1:]
//	}
type shape struct {
	loop   *ast.ForStmt
	s      ast.Expr // the shrinking slice, as the guard len(s) names it
	suffix bool     // s = s[1:] keeps a suffix; s = s[:len(s)-1] a prefix
	defs   []ast.Stmt
	// errDef is the definition whose error result is checked by an
	// `if err != nil` the fix drops (the encoding cannot fail), or nil.
	errDef *ast.AssignStmt
	// fit is the comparison that holds when the encoding fits, as
	// written (form 1) or negated (form 2: invert is set).
	fit    *ast.BinaryExpr
	invert bool
}

// searchFix returns the fix that replaces the trim loop at cur by a search
// over the number of elements dropped, if that is exactly equivalent (the
// package doc lists the conditions).
func (c *checker) searchFix(cur inspector.Cursor) (analysis.SuggestedFix, bool) {
	var none analysis.SuggestedFix
	sh, ok := c.parseShape(cur)
	if !ok {
		return none, false
	}
	fc := &fixCheck{c: c, sh: sh, vars: make(map[types.Object]valueKind)}
	if !fc.check() {
		return none, false
	}
	return c.buildFix(sh, cur)
}

// parseShape matches the loop at cur against the two forms of shape.
func (c *checker) parseShape(cur inspector.Cursor) (*shape, bool) {
	loop, ok := cur.Node().(*ast.ForStmt)
	if !ok || loop.Init != nil || loop.Post != nil || loop.Cond == nil {
		return nil, false
	}
	if _, labelled := cur.Parent().Node().(*ast.LabeledStmt); labelled {
		return nil, false
	}
	sh := &shape{loop: loop}
	body := loop.Body.List
	if s := c.guard(loop.Cond); s != nil {
		// Form 1: the test and the break in the body.
		if len(body) < 2 {
			return nil, false
		}
		ifs, ok := body[len(body)-2].(*ast.IfStmt)
		if !ok || ifs.Init != nil || ifs.Else != nil || len(ifs.Body.List) != 1 {
			return nil, false
		}
		br, ok := ifs.Body.List[0].(*ast.BranchStmt)
		if !ok || br.Tok != token.BREAK || br.Label != nil {
			return nil, false
		}
		if sh.fit, ok = ast.Unparen(ifs.Cond).(*ast.BinaryExpr); !ok {
			return nil, false
		}
		sh.s = s
		sh.defs = body[:len(body)-2]
	} else if b, ok := ast.Unparen(loop.Cond).(*ast.BinaryExpr); ok && b.Op == token.LAND {
		// Form 2: `len(s) > 0 && size > bound`, guard first: the
		// other order encodes also the empty slice.
		s := c.guard(b.X)
		if s == nil || len(body) != 1 {
			return nil, false
		}
		if sh.fit, ok = ast.Unparen(b.Y).(*ast.BinaryExpr); !ok {
			return nil, false
		}
		sh.s, sh.invert = s, true
	} else {
		return nil, false
	}
	suffix, ok := c.removal(body[len(body)-1], sh.s)
	if !ok {
		return nil, false
	}
	sh.suffix = suffix
	return sh, true
}

// guard returns s if e is a test that s is not empty: len(s) > 0,
// len(s) != 0, len(s) >= 1, or the same with the operands swapped. s must
// be a slice named by a chain of field selections rooted at a variable.
func (c *checker) guard(e ast.Expr) ast.Expr {
	info := c.pass.TypesInfo
	b, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok {
		return nil
	}
	x, y, op := b.X, b.Y, b.Op
	if _, isLen := c.lenArg(y); isLen {
		x, y, op = y, x, astutil.FlipComparison(op)
	}
	s, ok := c.lenArg(x)
	if !ok {
		return nil
	}
	s = ast.Unparen(s)
	switch {
	case (op == token.GTR || op == token.NEQ) && astutil.IsConst(info, y, 0),
		op == token.GEQ && astutil.IsConst(info, y, 1):
	default:
		return nil
	}
	if _, isSlice := typeUnder(info, s).(*types.Slice); !isSlice || pathOf(info, s) == nil {
		return nil
	}
	return s
}

// lenArg returns x if e is len(x) with the builtin len.
func (c *checker) lenArg(e ast.Expr) (ast.Expr, bool) {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 || !astutil.IsResolvedBuiltin(c.pass.TypesInfo, call.Fun, "len") {
		return nil, false
	}
	return call.Args[0], true
}

func typeUnder(info *types.Info, e ast.Expr) types.Type {
	if t := info.TypeOf(e); t != nil {
		return t.Underlying()
	}
	return nil
}

// negate returns the operator of !(x op y) for integers.
func negate(op token.Token) token.Token {
	switch op {
	case token.LSS:
		return token.GEQ
	case token.GEQ:
		return token.LSS
	case token.GTR:
		return token.LEQ
	case token.LEQ:
		return token.GTR
	}
	return token.ILLEGAL
}

// removal reports whether st is `s = s[1:]` (suffix) or
// `s = s[:len(s)-1]` / `s = s[0:len(s)-1]` (not suffix), with s written
// the same way in every place.
func (c *checker) removal(st ast.Stmt, s ast.Expr) (suffix, ok bool) {
	info := c.pass.TypesInfo
	as, isAssign := st.(*ast.AssignStmt)
	if !isAssign || as.Tok != token.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return false, false
	}
	want := types.ExprString(s)
	r, isSlice := ast.Unparen(as.Rhs[0]).(*ast.SliceExpr)
	if !isSlice || r.Slice3 || types.ExprString(as.Lhs[0]) != want || types.ExprString(ast.Unparen(r.X)) != want {
		return false, false
	}
	if r.High == nil && astutil.IsConst(info, r.Low, 1) {
		return true, true
	}
	if r.High == nil || (r.Low != nil && !astutil.IsConst(info, r.Low, 0)) {
		return false, false
	}
	b, isBin := ast.Unparen(r.High).(*ast.BinaryExpr)
	if !isBin || b.Op != token.SUB || !astutil.IsConst(info, b.Y, 1) {
		return false, false
	}
	x, isLen := c.lenArg(b.X)
	return false, isLen && types.ExprString(ast.Unparen(x)) == want
}

// valueKind says what a variable defined in the loop holds.
type valueKind uint8

const (
	notDerived   valueKind = iota
	encodedBytes           // the encoding, or a length-monotone transcoding of it (base64, hex, string(b))
	encodedSize            // a length: len of encoded bytes, or an EncodedLen of one
)

// fixCheck holds the state of the exactness checks of one loop.
type fixCheck struct {
	c    *checker
	sh   *shape
	vars map[types.Object]valueKind
	encs int // encoding calls met
}

// check reports whether the statements and the test of the loop fit the
// grammar of exact fixes: one encoding of a value that contains the
// slice, length-monotone transcodings of it, a length compared with a
// loop-invariant bound in the direction "fits when small".
func (fc *fixCheck) check() bool {
	info := fc.c.pass.TypesInfo
	defs := fc.sh.defs
	for i := 0; i < len(defs); i++ {
		as, ok := defs[i].(*ast.AssignStmt)
		if !ok || as.Tok != token.DEFINE || len(as.Rhs) != 1 {
			return false
		}
		switch len(as.Lhs) {
		case 1:
			id, ok := as.Lhs[0].(*ast.Ident)
			if !ok || id.Name == "_" || info.Defs[id] == nil {
				return false
			}
			k := fc.kind(as.Rhs[0])
			if k == notDerived {
				return false
			}
			fc.vars[info.Defs[id]] = k
		case 2:
			// data, _ := json.Marshal(v) or data, err := ... followed
			// by `if err != nil { ... }`.
			call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
			if !ok || !fc.jsonEncoding(call) {
				return false
			}
			id, ok := as.Lhs[0].(*ast.Ident)
			if !ok || id.Name == "_" || info.Defs[id] == nil {
				return false
			}
			fc.vars[info.Defs[id]] = encodedBytes
			errID, ok := as.Lhs[1].(*ast.Ident)
			if !ok {
				return false
			}
			if errID.Name != "_" {
				errVar := info.Defs[errID]
				if errVar == nil || i+1 >= len(defs) || !isErrCheck(info, defs[i+1], errVar) || fc.sh.errDef != nil {
					return false
				}
				fc.sh.errDef = as
				i++ // the check is dropped: it never runs
			}
		default:
			return false
		}
	}

	// The test: size op bound, "fits" when the size is small.
	fit := fc.sh.fit
	op := fit.Op
	if fc.sh.invert {
		op = negate(op)
	}
	bound := fit.Y
	if fc.size(fit.Y) {
		bound, op = fit.X, astutil.FlipComparison(op)
	} else if !fc.size(fit.X) {
		return false
	}
	if op != token.LSS && op != token.LEQ {
		return false
	}
	if !fc.bound(bound) || !isInteger(info.TypeOf(bound)) {
		return false
	}
	return fc.encs == 1
}

func isInteger(t types.Type) bool {
	if t == nil {
		return false
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// isErrCheck reports whether st is `if err != nil { ... }` (or
// `nil != err`) without init or else.
func isErrCheck(info *types.Info, st ast.Stmt, err types.Object) bool {
	s, ok := st.(*ast.IfStmt)
	if !ok || s.Init != nil || s.Else != nil {
		return false
	}
	b, ok := ast.Unparen(s.Cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.NEQ {
		return false
	}
	isErr := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && info.Uses[id] == err
	}
	isNil := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return false
		}
		_, isNil := info.Uses[id].(*types.Nil)
		return isNil
	}
	return isErr(b.X) && isNil(b.Y) || isNil(b.X) && isErr(b.Y)
}

// kind classifies an expression of the derivation grammar:
//
//	bytes = var | strings.Join(s, sep) | string(bytes) | []byte(bytes)
//	      | enc.EncodeToString(bytes) | hex.EncodeToString(bytes)
//	size  = var | len(bytes) | enc.EncodedLen(size) | hex.EncodedLen(size)
//
// where enc is a *base64.Encoding or *base32.Encoding, and var a variable
// defined earlier in the loop. Each form's length grows (weakly) with its
// operand's, so the size grows with the number of elements kept.
func (fc *fixCheck) kind(e ast.Expr) valueKind {
	info := fc.c.pass.TypesInfo
	e = ast.Unparen(e)
	switch e := e.(type) {
	case *ast.Ident:
		return fc.vars[info.Uses[e]]
	case *ast.CallExpr:
		if e.Ellipsis.IsValid() {
			return notDerived
		}
		if tv, ok := info.Types[e.Fun]; ok && tv.IsType() {
			// string(b) or []byte(s): the same length.
			if len(e.Args) != 1 || fc.kind(e.Args[0]) != encodedBytes {
				return notDerived
			}
			if astutil.IsString(tv.Type) || isByteSlice(tv.Type) {
				return encodedBytes
			}
			return notDerived
		}
		if arg, ok := fc.c.lenArg(e); ok {
			if fc.kind(arg) == encodedBytes {
				return encodedSize
			}
			return notDerived
		}
		if fc.join(e) {
			return encodedBytes
		}
		fn, ok := typeutil.Callee(info, e).(*types.Func)
		if !ok || fn.Pkg() == nil || len(e.Args) != 1 {
			return notDerived
		}
		var want valueKind
		switch fn.Name() {
		case "EncodeToString":
			want = encodedBytes
		case "EncodedLen":
			want = encodedSize
		default:
			return notDerived
		}
		switch fn.Pkg().Path() {
		case "encoding/hex":
			if fn.Signature().Recv() != nil {
				return notDerived
			}
		case "encoding/base64", "encoding/base32":
			// A method of *Encoding; the receiver is read, never
			// written, and the same in every iteration.
			sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr)
			if !ok || fn.Signature().Recv() == nil || !fc.invariant(sel.X, false) {
				return notDerived
			}
		default:
			return notDerived
		}
		if fc.kind(e.Args[0]) != want {
			return notDerived
		}
		return want
	}
	return notDerived
}

func isByteSlice(t types.Type) bool {
	s, ok := t.Underlying().(*types.Slice)
	if !ok {
		return false
	}
	b, ok := s.Elem().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Byte
}

// size reports whether e is a size of the grammar of kind.
func (fc *fixCheck) size(e ast.Expr) bool {
	return fc.kind(e) == encodedSize
}

// join reports whether call is strings.Join(s, sep) of the shrinking
// slice with a loop-invariant separator, and counts it.
func (fc *fixCheck) join(call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(fc.c.pass.TypesInfo, call).(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "strings" || fn.Name() != "Join" || len(call.Args) != 2 {
		return false
	}
	if types.ExprString(call.Args[0]) != types.ExprString(fc.sh.s) || !fc.invariant(call.Args[1], false) {
		return false
	}
	fc.encs++
	return true
}

// jsonEncoding reports whether call is json.Marshal(v) or
// json.MarshalIndent(v, prefix, indent) of a value that contains the
// shrinking slice, whose encoding runs only standard-library code and can
// neither fail nor panic, and counts it.
func (fc *fixCheck) jsonEncoding(call *ast.CallExpr) bool {
	info := fc.c.pass.TypesInfo
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "encoding/json" || fn.Signature().Recv() != nil || call.Ellipsis.IsValid() {
		return false
	}
	switch {
	case fn.Name() == "Marshal" && len(call.Args) == 1:
	case fn.Name() == "MarshalIndent" && len(call.Args) == 3:
		if !fc.invariant(call.Args[1], false) || !fc.invariant(call.Args[2], false) {
			return false
		}
	default:
		return false
	}
	v := call.Args[0]
	sp := pathOf(info, fc.sh.s)
	holds := false
	for _, p := range pathsOf(info, v) {
		if isPrefix(p, sp) {
			holds = true
		}
	}
	if !holds || !fc.invariant(v, true) || !jsonExact(info.TypeOf(v)) {
		return false
	}
	fc.encs++
	return true
}

// invariant reports whether evaluating e has no side effect and gives the
// same result in every iteration: it reads variables declared outside the
// loop, fields, pointers and constants, and (with lit) takes addresses
// and builds struct, array and slice literals. It calls nothing and
// mentions no variable of the loop; the shrinking slice it may name only
// with lit, inside the encoded value.
func (fc *fixCheck) invariant(e ast.Expr, lit bool) bool {
	info := fc.c.pass.TypesInfo
	if tv, ok := info.Types[e]; ok && tv.Value != nil {
		return true
	}
	if !lit && types.ExprString(e) == types.ExprString(fc.sh.s) {
		return false
	}
	switch e := e.(type) {
	case *ast.Ident:
		v, ok := info.Uses[e].(*types.Var)
		return ok && !astutil.ContainsPos(fc.sh.loop, v.Pos())
	case *ast.ParenExpr:
		return fc.invariant(e.X, lit)
	case *ast.SelectorExpr:
		if sel, ok := info.Selections[e]; ok {
			return sel.Kind() == types.FieldVal && fc.invariant(e.X, lit)
		}
		_, ok := info.Uses[e.Sel].(*types.Var) // pkg.Var
		return ok
	case *ast.StarExpr:
		return fc.invariant(e.X, lit)
	case *ast.UnaryExpr:
		switch e.Op {
		case token.AND:
			return lit && fc.invariant(e.X, lit)
		case token.SUB, token.ADD:
			return fc.invariant(e.X, lit)
		}
	case *ast.BinaryExpr:
		switch e.Op {
		case token.ADD, token.SUB, token.MUL, token.QUO, token.REM:
			return fc.invariant(e.X, lit) && fc.invariant(e.Y, lit)
		}
	case *ast.CompositeLit:
		if !lit {
			return false
		}
		switch typeUnder(info, e).(type) {
		case *types.Struct, *types.Array, *types.Slice:
		default:
			return false
		}
		for _, elt := range e.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				if _, isField := kv.Key.(*ast.Ident); !isField && !fc.invariant(kv.Key, lit) {
					return false
				}
				elt = kv.Value
			}
			if !fc.invariant(elt, lit) {
				return false
			}
		}
		return true
	}
	return false
}

// jsonExact reports whether encoding/json encodes every value of static
// type t with its own code only, without error and without panic, so
// that the length of the encoding depends only on the value and the
// encoding of a slice is "[" + its elements' encodings joined by "," +
// "]". It holds for booleans, integers and strings; pointers, slices,
// arrays and string- or integer-keyed maps of such types; and structs of
// such exported or embedded fields. It fails on any interface or type
// parameter (dynamic type unknown), any MarshalJSON or MarshalText method
// (the program's own code; time.Time's fails past year 9999), floats (NaN
// and infinities fail), complex numbers, channels, functions and
// unsafe.Pointer (unsupported), json.Number (validated when encoded) and
// recursive types (a cyclic value fails).
func jsonExact(t types.Type) bool {
	if t == nil {
		return false
	}
	w := &jsonWalk{onPath: make(map[types.Type]bool), ok: make(map[types.Type]bool)}
	return w.exact(t, 0)
}

type jsonWalk struct {
	onPath, ok map[types.Type]bool
}

// maxDepth bounds the nesting of types jsonWalk follows.
const maxDepth = 64

func (w *jsonWalk) exact(t types.Type, depth int) bool {
	t = types.Unalias(t)
	if depth > maxDepth || w.onPath[t] {
		return false
	}
	if w.ok[t] {
		return true
	}
	switch t.(type) {
	case *types.Interface, *types.TypeParam:
		return false
	case *types.Pointer:
	default:
		ms := types.NewMethodSet(types.NewPointer(t))
		if ms.Lookup(nil, "MarshalJSON") != nil || ms.Lookup(nil, "MarshalText") != nil {
			return false
		}
	}
	if astutil.IsNamed(t, "encoding/json", "Number") {
		return false
	}
	w.onPath[t] = true
	defer delete(w.onPath, t)
	ok := false
	switch u := t.Underlying().(type) {
	case *types.Basic:
		ok = u.Info()&(types.IsBoolean|types.IsInteger|types.IsString) != 0 && u.Info()&types.IsUntyped == 0
	case *types.Pointer:
		ok = w.exact(u.Elem(), depth+1)
	case *types.Slice:
		ok = w.exact(u.Elem(), depth+1)
	case *types.Array:
		ok = w.exact(u.Elem(), depth+1)
	case *types.Map:
		k, isBasic := u.Key().Underlying().(*types.Basic)
		ok = isBasic && k.Info()&(types.IsString|types.IsInteger) != 0 &&
			w.exact(u.Key(), depth+1) && w.exact(u.Elem(), depth+1)
	case *types.Struct:
		ok = true
		for f := range u.Fields() {
			if (f.Exported() || f.Embedded()) && !w.exact(f.Type(), depth+1) {
				ok = false
				break
			}
		}
	}
	if ok {
		w.ok[t] = true
	}
	return ok
}

// bound reports whether e, the bound of the test, is invariant and holds
// no value derived from the encoding.
func (fc *fixCheck) bound(e ast.Expr) bool {
	if fc.kind(e) != notDerived {
		return false
	}
	if tv, ok := fc.c.pass.TypesInfo.Types[e]; ok && tv.Value != nil {
		return true
	}
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok {
		// int(x), int64(x): a conversion of an invariant value.
		tv, isType := fc.c.pass.TypesInfo.Types[call.Fun]
		return isType && tv.IsType() && isInteger(tv.Type) && len(call.Args) == 1 && fc.bound(call.Args[0])
	}
	return fc.invariant(e, false)
}

// buildFix builds the fix for a loop whose shape passed the checks.
func (c *checker) buildFix(sh *shape, cur inspector.Cursor) (analysis.SuggestedFix, bool) {
	var none analysis.SuggestedFix
	pass := c.pass
	loop := sh.loop
	file, ok := astutil.EnclosingFile(cur)
	if !ok {
		return none, false
	}
	// The generated code names int, bool and len: they must be the
	// universe's at the loop.
	scope := pass.Pkg.Scope().Innermost(loop.Pos())
	if scope == nil {
		return none, false
	}
	for _, name := range []string{"int", "bool", "len"} {
		if _, obj := scope.LookupParent(name, loop.Pos()); obj != types.Universe.Lookup(name) {
			return none, false
		}
	}
	sortName, importEdits, ok := c.imports.Prepare(file, loop.Pos(), "sort", "")
	if !ok {
		return none, false
	}

	// Fresh names: not spelled anywhere in the loop, whose code moves
	// into their scope, nor the name of package sort.
	taken := map[string]bool{sortName: true}
	ast.Inspect(loop, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			taken[id.Name] = true
		}
		return true
	})
	fresh := func(base string) string {
		name := base
		for i := 2; taken[name]; i++ {
			name = base + strconv.Itoa(i)
		}
		taken[name] = true
		return name
	}
	full, fits, k, lo, hi, drop, i := fresh("full"), fresh("fits"), fresh("k"), fresh("lo"), fresh("hi"), fresh("drop"), fresh("i")

	indent, ok := fixtext.Indent(c.pass, loop.Pos())
	if !ok {
		return none, false
	}
	in1, in2 := indent+"\t", indent+"\t\t"
	sText, ok := c.imports.Source(sh.s)
	if !ok {
		return none, false
	}
	keep := func(n string) string { // the slice kept after dropping n elements
		if sh.suffix {
			return fmt.Sprintf("%s[%s:]", full, n)
		}
		return fmt.Sprintf("%s[:len(%s)-%s]", full, full, n)
	}

	var b strings.Builder
	line := func(in, format string, args ...any) {
		b.WriteString(in)
		fmt.Fprintf(&b, format, args...)
		b.WriteString("\n")
	}
	b.WriteString("{\n")
	line(in1, "// Drop the fewest elements for the encoding to fit, as the loop did one at a time,")
	line(in1, "// in O(log n) encodings: steps that double from 0, then %s.Search in the last one.", sortName)
	line(in1, "%s := %s", full, sText)
	line(in1, "%s := func(%s int) bool {", fits, k)
	line(in2, "%s = %s", sText, keep(k))
	for _, st := range sh.defs {
		if isErrCheckOf(sh, st) {
			continue
		}
		text, ok := c.stmtText(st, sh.errDef, in2)
		if !ok {
			return none, false
		}
		b.WriteString(in2 + text + "\n")
	}
	cond, ok := c.fitText(sh)
	if !ok {
		return none, false
	}
	line(in2, "return %s", cond)
	line(in1, "}")
	line(in1, "%s, %s := -1, 0", lo, hi)
	line(in1, "for %s < len(%s) && !%s(%s) {", hi, full, fits, hi)
	line(in2, "%s, %s = %s, 2*%s+1", lo, hi, hi, hi)
	line(in1, "}")
	line(in1, "if %s > len(%s) {", hi, full)
	line(in2, "%s = len(%s)", hi, full)
	line(in1, "}")
	line(in1, "%s := %s + 1 + %s.Search(%s-%s-1, func(%s int) bool { return %s(%s + 1 + %s) })", drop, lo, sortName, hi, lo, i, fits, lo, i)
	line(in1, "%s = %s", sText, keep(drop))
	b.WriteString(indent + "}")

	edits := append([]analysis.TextEdit{{Pos: loop.Pos(), End: loop.End(), NewText: []byte(b.String())}}, importEdits...)
	return analysis.SuggestedFix{Message: fixMessage, TextEdits: edits}, true
}

// isErrCheckOf reports whether st is the error check the fix drops.
func isErrCheckOf(sh *shape, st ast.Stmt) bool {
	if sh.errDef == nil {
		return false
	}
	for i, d := range sh.defs {
		if d == ast.Stmt(sh.errDef) {
			return i+1 < len(sh.defs) && sh.defs[i+1] == st
		}
	}
	return false
}

// stmtText returns the source of st re-indented to in, with the error
// result of errDef replaced by _ (its check is dropped). st must start
// its line and hold no multi-line raw string.
func (c *checker) stmtText(st ast.Stmt, errDef *ast.AssignStmt, in string) (string, bool) {
	old, ok := fixtext.Indent(c.pass, st.Pos())
	if !ok {
		return "", false
	}
	var text string
	if st == ast.Stmt(errDef) {
		lhs, ok1 := c.imports.Source(errDef.Lhs[0])
		rhs, ok2 := c.imports.Source(errDef.Rhs[0])
		if !ok1 || !ok2 {
			return "", false
		}
		text = lhs + ", _ := " + rhs
	} else if text, ok = c.imports.Source(st); !ok {
		return "", false
	}
	multiline := false
	ast.Inspect(st, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING && strings.Contains(lit.Value, "\n") {
			multiline = true
		}
		return !multiline
	})
	if multiline {
		return "", false
	}
	lines := strings.Split(text, "\n")
	for j := 1; j < len(lines); j++ {
		switch l := lines[j]; {
		case strings.TrimSpace(l) == "":
			lines[j] = ""
		case strings.HasPrefix(l, old):
			lines[j] = in + l[len(old):]
		default:
			return "", false
		}
	}
	return strings.Join(lines, "\n"), true
}

// fitText returns the test that holds when the encoding fits, as source:
// the if's condition as written, or the loop condition's comparison
// negated.
func (c *checker) fitText(sh *shape) (string, bool) {
	if !sh.invert {
		text, ok := c.imports.Source(sh.fit)
		return text, ok && !strings.Contains(text, "\n")
	}
	x, ok1 := c.imports.Source(sh.fit.X)
	y, ok2 := c.imports.Source(sh.fit.Y)
	if !ok1 || !ok2 || strings.Contains(x+y, "\n") {
		return "", false
	}
	return x + " " + negate(sh.fit.Op).String() + " " + y, true
}
