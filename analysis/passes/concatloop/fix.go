package concatloop

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/perfproof/perfproof/internal/astutil"
)

// fix returns the edits that build the string of g in a strings.Builder,
// if that is exactly equivalent (see the package doc): the variable is a
// string declared in the function of the loop, the loop touches it only by
// appending to it, nothing captures it or takes its address, and a single
// read after the loop, in the block of the loop, consumes it.
func (ch *checker) fix(g *group) ([]analysis.TextEdit, bool) {
	info := ch.pass.TypesInfo
	v := g.v
	loop := g.loop.Node()
	if !types.Identical(v.Type(), types.Typ[types.String]) {
		return nil, false // sb.String() would need a conversion
	}
	for _, c := range g.concats {
		if !c.appends() || !isStmtListParent(c.cur.Parent().Node()) {
			return nil, false
		}
	}
	block := g.loop.Parent() // a labelled loop has a LabeledStmt here
	if !isStmtListParent(block.Node()) {
		return nil, false
	}
	fn, ok := astutil.EnclosingFunc(g.loop)
	if !ok {
		return nil, false
	}
	body := astutil.FuncBody(fn.Node())
	if body == nil || v.Pos() < body.Pos() || v.Pos() >= loop.Pos() {
		return nil, false // a parameter, a result, or declared in the loop's init
	}
	if hasBranch(body, token.GOTO) || hasLabel(loop) {
		return nil, false
	}

	// Every use of v: in the loop only by the concatenations, one read
	// after it, and before it anything but taking its address.
	own := make(map[*ast.Ident]bool)
	for _, c := range g.concats {
		own[ast.Unparen(c.stmt.Lhs[0]).(*ast.Ident)] = true
		if c.self != nil {
			own[c.self] = true
		}
	}
	var after []inspector.Cursor
	wroteBefore, readBefore := false, false
	for cur := range fn.Preorder((*ast.Ident)(nil)) {
		id := cur.Node().(*ast.Ident)
		if info.Uses[id] != v {
			continue
		}
		if f, _ := astutil.EnclosingFunc(cur); f != fn {
			return nil, false // captured by a closure
		}
		if u, ok := cur.Parent().Node().(*ast.UnaryExpr); ok && u.Op == token.AND {
			return nil, false
		}
		switch {
		case astutil.ContainsPos(loop, id.Pos()):
			if !own[id] {
				return nil, false
			}
		case id.Pos() >= loop.End():
			after = append(after, cur)
		default:
			w, r := access(cur)
			wroteBefore = wroteBefore || w
			readBefore = readBefore || r
		}
	}
	if len(after) != 1 {
		return nil, false
	}
	use := after[0]
	if w, _ := access(use); w {
		return nil, false
	}
	if b := block.Node(); use.Node().Pos() >= b.End() {
		return nil, false // outside the scope of a builder declared before the loop
	}

	decl, empty := ch.declaration(fn, v)
	emptyAtLoop := empty && !wroteBefore
	// With no other use, s would be declared and not used.
	dropDecl := emptyAtLoop && !readBefore
	if dropDecl && !deletable(decl) {
		return nil, false
	}

	name, ok := ch.freshName(fn, loop.Pos())
	if !ok {
		return nil, false
	}
	file, ok := astutil.EnclosingFile(g.loop)
	if !ok {
		return nil, false
	}
	q, edits, ok := ch.imports.Prepare(file, loop.Pos(), "strings", "")
	if !ok {
		return nil, false
	}
	sep, ok := ch.separator(loop)
	if !ok {
		return nil, false
	}
	text := "var " + name + " " + q + ".Builder" + sep
	if !emptyAtLoop {
		text += name + ".WriteString(" + v.Name() + ")" + sep
	}
	edits = append(edits, analysis.TextEdit{Pos: loop.Pos(), End: loop.Pos(), NewText: []byte(text)})
	for _, c := range g.concats {
		sep, ok := ch.separator(c.stmt)
		if !ok {
			return nil, false
		}
		var calls []string
		for _, p := range c.parts {
			call, ok := ch.write(name, p)
			if !ok {
				return nil, false
			}
			calls = append(calls, call)
		}
		edits = append(edits, analysis.TextEdit{Pos: c.stmt.Pos(), End: c.stmt.End(), NewText: []byte(strings.Join(calls, sep))})
	}
	edits = append(edits, analysis.TextEdit{Pos: use.Node().Pos(), End: use.Node().End(), NewText: []byte(name + ".String()")})
	if dropDecl {
		del, ok := ch.deleteStmt(decl)
		if !ok {
			return nil, false
		}
		edits = append(edits, del)
	}
	return edits, true
}

func hasBranch(n ast.Node, tok token.Token) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if b, ok := n.(*ast.BranchStmt); ok && b.Tok == tok {
			found = true
		}
		return !found
	})
	return found
}

func hasLabel(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if _, ok := n.(*ast.LabeledStmt); ok {
			found = true
		}
		return !found
	})
	return found
}

// access tells whether the identifier at cur is assigned (written) and
// whether it is read: s = x writes, s += x does both, anything else reads.
func access(cur inspector.Cursor) (write, read bool) {
	a, ok := cur.Parent().Node().(*ast.AssignStmt)
	if !ok {
		return false, true
	}
	for _, l := range a.Lhs {
		if ast.Unparen(l) == cur.Node() {
			return true, a.Tok != token.ASSIGN && a.Tok != token.DEFINE
		}
	}
	return false, true
}

// declaration returns the statement that declares v in fn, and whether it
// gives v the value "": var s string, var s = "" or s := "".
func (ch *checker) declaration(fn inspector.Cursor, v *types.Var) (ast.Stmt, bool) {
	info := ch.pass.TypesInfo
	for cur := range fn.Preorder((*ast.Ident)(nil)) {
		id := cur.Node().(*ast.Ident)
		if info.Defs[id] != v {
			continue
		}
		switch p := cur.Parent().Node().(type) {
		case *ast.ValueSpec:
			// A ValueSpec of a GenDecl of a DeclStmt.
			stmt, ok := cur.Parent().Parent().Parent().Node().(*ast.DeclStmt)
			if !ok {
				return nil, false
			}
			if len(p.Values) == 0 {
				return stmt, true
			}
			for i, n := range p.Names {
				if n == id && len(p.Values) == len(p.Names) {
					return stmt, ch.isEmptyString(p.Values[i])
				}
			}
			return stmt, false
		case *ast.AssignStmt:
			if p.Tok == token.DEFINE && len(p.Lhs) == len(p.Rhs) {
				for i, l := range p.Lhs {
					if l == id {
						return p, ch.isEmptyString(p.Rhs[i])
					}
				}
			}
			return p, false
		}
		return nil, false
	}
	return nil, false
}

func (ch *checker) isEmptyString(e ast.Expr) bool {
	tv, ok := ch.pass.TypesInfo.Types[e]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.String && constant.StringVal(tv.Value) == ""
}

// deletable reports whether stmt declares a single variable and nothing
// else, so that deleting it removes only that variable.
func deletable(stmt ast.Stmt) bool {
	switch s := stmt.(type) {
	case *ast.DeclStmt:
		gen, ok := s.Decl.(*ast.GenDecl)
		if !ok || len(gen.Specs) != 1 {
			return false
		}
		spec, ok := gen.Specs[0].(*ast.ValueSpec)
		return ok && len(spec.Names) == 1
	case *ast.AssignStmt:
		return s.Tok == token.DEFINE && len(s.Lhs) == 1 && len(s.Rhs) == 1
	}
	return false
}

// freshName returns a name for the builder that no identifier of fn uses,
// that is not declared at pos, and that no other fix in fn has taken (so
// that applying all fixes at once declares no name twice): sb, or sb2,
// sb3 and so on.
func (ch *checker) freshName(fn inspector.Cursor, pos token.Pos) (string, bool) {
	scope := ch.pass.Pkg.Scope().Innermost(pos)
	if scope == nil {
		return "", false
	}
	if ch.names == nil {
		ch.names = make(map[ast.Node]map[string]bool)
	}
	used := ch.names[fn.Node()]
	if used == nil {
		used = make(map[string]bool)
		for cur := range fn.Preorder((*ast.Ident)(nil)) {
			used[cur.Node().(*ast.Ident).Name] = true
		}
		ch.names[fn.Node()] = used
	}
	for i := 1; i < 100; i++ {
		name := "sb"
		if i > 1 {
			name += strconv.Itoa(i)
		}
		if _, obj := scope.LookupParent(name, pos); obj == nil && !used[name] {
			used[name] = true
			return name, true
		}
	}
	return "", false
}

// write returns the call that appends the operand x to the builder b:
// b.WriteRune(r) for string(r) of a rune r (or of a byte), b.WriteByte(c)
// for a one-byte ASCII constant string(c), else b.WriteString(x).
func (ch *checker) write(b string, x ast.Expr) (string, bool) {
	info := ch.pass.TypesInfo
	if conv, ok := ast.Unparen(x).(*ast.CallExpr); ok && len(conv.Args) == 1 && !conv.Ellipsis.IsValid() {
		if tv, ok := info.Types[conv.Fun]; ok && tv.IsType() && types.Identical(tv.Type, types.Typ[types.String]) {
			arg := conv.Args[0]
			at := info.TypeOf(arg)
			text, ok := ch.imports.Source(arg)
			if !ok {
				return "", false
			}
			if cv, ok := info.Types[conv]; ok && cv.Value != nil && cv.Value.Kind() == constant.String {
				s := constant.StringVal(cv.Value)
				if len(s) == 1 && s[0] < 0x80 && (astutil.IsUntyped(at) || types.Identical(at, types.Typ[types.Uint8])) {
					return b + ".WriteByte(" + text + ")", true
				}
			} else if at != nil {
				switch {
				case types.Identical(at, types.Typ[types.Int32]):
					return b + ".WriteRune(" + text + ")", true
				case types.Identical(at, types.Typ[types.Uint8]):
					// string(c) of a byte is the UTF-8 encoding of
					// the rune c: two bytes for c >= 0x80.
					return b + ".WriteRune(rune(" + text + "))", true
				}
			}
		}
	}
	text, ok := ch.imports.Source(x)
	if !ok {
		return "", false
	}
	return b + ".WriteString(" + text + ")", true
}

// separator returns what separates two statements put where n stands: a
// newline and the indentation of n's line when n starts its line, or else
// "; ".
func (ch *checker) separator(n ast.Node) (string, bool) {
	tf, src, ok := ch.file(n.Pos())
	if !ok {
		return "", false
	}
	off := tf.Offset(n.Pos())
	start := tf.Offset(tf.LineStart(tf.Line(n.Pos())))
	if off > len(src) || start > off {
		return "", false
	}
	prefix := string(src[start:off])
	if strings.TrimLeft(prefix, " \t") == "" {
		return "\n" + prefix, true
	}
	return "; ", true
}

// deleteStmt returns an edit deleting stmt: its whole line if nothing else
// is on it, or else the statement alone.
func (ch *checker) deleteStmt(stmt ast.Stmt) (analysis.TextEdit, bool) {
	tf, src, ok := ch.file(stmt.Pos())
	if !ok {
		return analysis.TextEdit{}, false
	}
	del := analysis.TextEdit{Pos: stmt.Pos(), End: stmt.End()}
	line, endLine := tf.Line(stmt.Pos()), tf.Line(stmt.End())
	start, off, end := tf.Offset(tf.LineStart(line)), tf.Offset(stmt.Pos()), tf.Offset(stmt.End())
	if end > len(src) || start > off {
		return analysis.TextEdit{}, false
	}
	rest := len(src)
	if endLine < tf.LineCount() {
		rest = tf.Offset(tf.LineStart(endLine + 1))
	}
	if strings.TrimLeft(string(src[start:off]), " \t") == "" && strings.TrimSpace(string(src[end:rest])) == "" {
		del.Pos = tf.LineStart(line)
		del.End = tf.Pos(rest)
	}
	return del, true
}

// file returns the token.File holding pos and its contents.
func (ch *checker) file(pos token.Pos) (*token.File, []byte, bool) {
	tf := ch.pass.Fset.File(pos)
	if tf == nil {
		return nil, nil, false
	}
	if ch.sources == nil {
		ch.sources = make(map[string][]byte)
	}
	src, ok := ch.sources[tf.Name()]
	if !ok {
		var err error
		if src, err = ch.pass.ReadFile(tf.Name()); err != nil {
			return nil, nil, false
		}
		ch.sources[tf.Name()] = src
	}
	if tf.Size() != len(src) {
		return nil, nil, false
	}
	return tf, src, true
}
