package splitwrite

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/printer"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/perfproof/perfproof/analysis/internal/bytetype"
	"github.com/perfproof/perfproof/internal/astutil"
)

// fix returns the suggested fix that merges a run of two writes into
// one, if it is exactly equivalent but for the byte count, which must be
// ignored (see the package documentation for the conditions).
func (ch *checker) fix(run []*write, delim string) (analysis.SuggestedFix, bool) {
	if len(run) != 2 {
		return analysis.SuggestedFix{}, false
	}
	a, b := run[0], run[1]
	if !a.nIgnored || !b.nIgnored || a.guard != nil || b.guard != nil {
		return analysis.SuggestedFix{}, false
	}
	// The second write and its error check go: the text from the end of
	// the first write's statement (and check) to the end of the second's.
	var keepEnd, dropEnd token.Pos
	switch {
	case a.form == exprForm && b.form == exprForm:
		keepEnd, dropEnd = a.stmt.End(), b.stmt.End()
	case a.form == ifForm && b.form == ifForm:
		ia, ib := a.stmt.(*ast.IfStmt), b.stmt.(*ast.IfStmt)
		inita, initb := ia.Init.(*ast.AssignStmt), ib.Init.(*ast.AssignStmt)
		if inita.Tok != initb.Tok || !ch.sameCode(inita.Lhs[1], initb.Lhs[1]) || !ch.sameCode(ia.Cond, ib.Cond) || !ch.sameCode(ia.Body, ib.Body) {
			return analysis.SuggestedFix{}, false
		}
		keepEnd, dropEnd = ia.End(), ib.End()
	case a.form == assignForm && b.form == assignForm && a.check != nil && b.check != nil:
		if a.err == nil || a.err != b.err || !ch.sameCode(a.check.Cond, b.check.Cond) || !ch.sameCode(a.check.Body, b.check.Body) {
			return analysis.SuggestedFix{}, false
		}
		keepEnd, dropEnd = a.check.End(), b.check.End()
	default:
		return analysis.SuggestedFix{}, false
	}
	from, to := ch.wholeLines(keepEnd, b.stmt.Pos(), dropEnd)
	if ch.hasComment(from, to) {
		return analysis.SuggestedFix{}, false // a fix must not drop comments
	}
	arg, msg, ok := ch.joined(a, b, delim)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	return analysis.SuggestedFix{
		Message: msg,
		TextEdits: []analysis.TextEdit{
			{Pos: a.arg.Pos(), End: a.arg.End(), NewText: []byte(arg)},
			{Pos: from, End: to},
		},
	}, true
}

// joined returns the argument of the one write that replaces a and b,
// and the fix's message.
func (ch *checker) joined(a, b *write, delim string) (arg, msg string, ok bool) {
	info := ch.pass.TypesInfo
	aText, ok1 := ch.imports.Source(a.arg)
	bText, ok2 := ch.imports.Source(b.arg)
	if !ok1 || !ok2 || !ch.pure(b.arg) {
		return "", "", false
	}
	aLabel := ch.label(a.arg, "the first part")
	switch {
	case a.str && b.str && a.name == b.name:
		// io.WriteString(w, s1+s2): the types must allow +.
		ta, tb := info.TypeOf(a.arg), info.TypeOf(b.arg)
		if ta == nil || tb == nil || !types.Identical(ta, tb) && !astutil.IsUntyped(tb) && !astutil.IsUntyped(ta) {
			return "", "", false
		}
		msg = fmt.Sprintf("Write %s + %s in one %s call", aLabel, ch.label(b.arg, "the second part"), a.name)
		return aText + " + " + bText, msg, true
	case !a.str:
		// append(a[:len(a):len(a)], b...): the full slice expression
		// makes append copy, so that a's array, which its owner may
		// share or reuse, is never written. a appears three times.
		if !ch.dupSafe(a.arg) {
			return "", "", false
		}
		tail := bText + "..."
		switch x := ast.Unparen(b.arg).(type) {
		case *ast.CompositeLit:
			// []byte{'\r', '\n'}: append the elements themselves.
			if len(x.Elts) == 0 {
				return "", "", false
			}
			elts := make([]string, len(x.Elts))
			for i, e := range x.Elts {
				s, ok := ch.imports.Source(e)
				if !ok {
					return "", "", false
				}
				elts[i] = s
			}
			tail = strings.Join(elts, ", ")
		case *ast.CallExpr:
			// []byte(s): append the string s.
			if tv, ok := info.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 && astutil.IsString(info.TypeOf(x.Args[0])) {
				s, ok := ch.imports.Source(x.Args[0])
				if !ok {
					return "", "", false
				}
				tail = s + "..."
			}
		}
		what := ch.label(b.arg, "the second part")
		if delim != "" {
			what = "the " + delim
		}
		msg = fmt.Sprintf("Append %s to a copy of %s and write once", what, aLabel)
		return fmt.Sprintf("append(%s[:len(%s):len(%s)], %s)", aText, aText, aText, tail), msg, true
	}
	return "", "", false
}

// pure reports whether x can be evaluated before the first write instead
// of after it: it has no side effects and reads only variables, constants
// and literals.
func (ch *checker) pure(x ast.Expr) bool {
	info := ch.pass.TypesInfo
	x = ast.Unparen(x)
	if tv, ok := info.Types[x]; ok && tv.Value != nil {
		return true
	}
	switch x := x.(type) {
	case *ast.Ident, *ast.BasicLit:
		return true
	case *ast.SelectorExpr:
		return ch.dupSafe(x)
	case *ast.CallExpr:
		// A conversion such as []byte(s).
		tv, ok := info.Types[x.Fun]
		return ok && tv.IsType() && len(x.Args) == 1 && ch.pure(x.Args[0])
	case *ast.CompositeLit:
		if !bytetype.IsSlice(info.TypeOf(x)) {
			return false
		}
		for _, e := range x.Elts {
			if tv, ok := info.Types[e]; !ok || tv.Value == nil {
				return false
			}
		}
		return true
	}
	return false
}

// dupSafe reports whether x may be written several times in the fix: a
// variable, or a field selected from one.
func (ch *checker) dupSafe(x ast.Expr) bool {
	info := ch.pass.TypesInfo
	switch x := x.(type) {
	case *ast.Ident:
		_, ok := info.ObjectOf(x).(*types.Var)
		return ok && x.Name != "_"
	case *ast.SelectorExpr:
		if _, ok := info.ObjectOf(x.Sel).(*types.Var); !ok {
			return false
		}
		if id, ok := x.X.(*ast.Ident); ok {
			if _, ok := info.ObjectOf(id).(*types.PkgName); ok {
				return true
			}
		}
		return ch.dupSafe(x.X)
	}
	return false
}

// sameCode reports whether x and y print the same, comments and layout
// aside.
func (ch *checker) sameCode(x, y ast.Node) bool {
	var bx, by bytes.Buffer
	if printer.Fprint(&bx, ch.pass.Fset, x) != nil || printer.Fprint(&by, ch.pass.Fset, y) != nil {
		return false
	}
	return bx.String() == by.String()
}

// wholeLines returns the range of text that deleting the statements from
// second to end removes: from the start of second's line to the end of
// end's line, newline included, when nothing else shares those lines;
// otherwise from keepEnd, the end of the statement kept before them, to
// end.
func (ch *checker) wholeLines(keepEnd, second, end token.Pos) (from, to token.Pos) {
	tf := ch.pass.Fset.File(second)
	if tf == nil {
		return keepEnd, end
	}
	src, ok := ch.source(tf.Name())
	if !ok || tf.Size() != len(src) {
		return keepEnd, end
	}
	start, stop := tf.Offset(second), tf.Offset(end)
	lineStart := start
	for lineStart > 0 && (src[lineStart-1] == ' ' || src[lineStart-1] == '\t') {
		lineStart--
	}
	lineEnd := stop
	for lineEnd < len(src) && (src[lineEnd] == ' ' || src[lineEnd] == '\t' || src[lineEnd] == '\r') {
		lineEnd++
	}
	if lineStart == 0 || src[lineStart-1] != '\n' || lineEnd >= len(src) || src[lineEnd] != '\n' {
		return keepEnd, end
	}
	return tf.Pos(lineStart), tf.Pos(lineEnd + 1)
}

// source returns the contents of the named file of the package.
func (ch *checker) source(name string) ([]byte, bool) {
	if src, ok := ch.files[name]; ok {
		return src, true
	}
	src, err := ch.pass.ReadFile(name)
	if err != nil {
		return nil, false
	}
	if ch.files == nil {
		ch.files = make(map[string][]byte)
	}
	ch.files[name] = src
	return src, true
}

// hasComment reports whether a comment lies between from and to.
func (ch *checker) hasComment(from, to token.Pos) bool {
	for _, f := range ch.pass.Files {
		if f.FileStart > from || from > f.FileEnd {
			continue
		}
		for _, g := range f.Comments {
			if g.Pos() < to && g.End() > from {
				return true
			}
		}
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
