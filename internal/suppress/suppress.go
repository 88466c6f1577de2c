// Package suppress reads the directives with which a user silences a
// finding of perfproof's checks:
//
//	//perfproof:ignore check[,check...] reason
//
// A directive applies to the findings of the named checks on its own line
// (as a trailing comment) or on the line below it (as a comment line of its
// own), or, in the doc comment of a function declaration, to every finding
// inside that function. The reason is required: a directive without one
// silences nothing and is returned as malformed, so that a silenced finding
// always says why.
package suppress

import (
	"go/ast"
	"go/token"
	"slices"
	"strings"
)

// Prefix starts a directive.
const Prefix = "//perfproof:ignore"

// A Directive is one well-formed //perfproof:ignore comment.
type Directive struct {
	// Checks are the names of the checks it silences.
	Checks []string
	// Reason is the text after the check names.
	Reason string
	// Pos is the position of the comment.
	Pos token.Pos
	// from and to bound the lines (1-based, inclusive) of the file it
	// covers.
	from, to int
}

// A Malformed directive is a //perfproof:ignore comment that silences
// nothing, with why.
type Malformed struct {
	Pos     token.Pos
	Message string
}

// Index holds the directives of a set of files.
type Index struct {
	fset   *token.FileSet
	byFile map[string][]Directive
	// Malformed are the directives that silence nothing.
	Malformed []Malformed
}

// New reads the directives of files, whose positions are in fset.
func New(fset *token.FileSet, files []*ast.File) *Index {
	x := &Index{fset: fset, byFile: make(map[string][]Directive)}
	for _, f := range files {
		funcs := funcSpans(fset, f)
		code := codeLines(fset, f)
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				d, msg, ok := parse(c.Text)
				if !ok {
					continue
				}
				if msg != "" {
					x.Malformed = append(x.Malformed, Malformed{Pos: c.Pos(), Message: msg})
					continue
				}
				d.Pos = c.Pos()
				pos := fset.Position(c.Pos())
				d.from, d.to = pos.Line, pos.Line+1
				if first, ok := code[pos.Line]; ok && first < c.Pos() {
					// A trailing comment: its own line only.
					d.to = pos.Line
				}
				if span, ok := funcs[cg]; ok {
					d.from, d.to = span[0], span[1]
				}
				x.byFile[pos.Filename] = append(x.byFile[pos.Filename], d)
			}
		}
	}
	return x
}

// codeLines returns, for each line of f that holds code, the position of
// its first code: the start or end of a node on that line.
func codeLines(fset *token.FileSet, f *ast.File) map[int]token.Pos {
	first := make(map[int]token.Pos)
	note := func(p token.Pos) {
		if !p.IsValid() {
			return
		}
		line := fset.Position(p).Line
		if q, ok := first[line]; !ok || p < q {
			first[line] = p
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n.(type) {
		case nil, *ast.Comment, *ast.CommentGroup:
			return false
		}
		note(n.Pos())
		note(n.End() - 1)
		return true
	})
	return first
}

// parse reads one comment. ok is false if it is not a directive; msg says
// why a directive is malformed.
func parse(text string) (d Directive, msg string, ok bool) {
	rest, found := strings.CutPrefix(text, Prefix)
	if !found || rest != "" && rest[0] != ' ' && rest[0] != '\t' {
		return d, "", false
	}
	fields := strings.Fields(rest)
	if len(fields) == 0 {
		return d, "//perfproof:ignore names no check: write //perfproof:ignore <check> <reason>", true
	}
	if len(fields) == 1 {
		return d, "//perfproof:ignore " + fields[0] + " gives no reason: write the reason after the check name", true
	}
	for _, name := range strings.Split(fields[0], ",") {
		if name != "" {
			d.Checks = append(d.Checks, name)
		}
	}
	d.Reason = strings.Join(fields[1:], " ")
	return d, "", true
}

// funcSpans maps the doc comment of each function declaration of f to the
// lines the function spans.
func funcSpans(fset *token.FileSet, f *ast.File) map[*ast.CommentGroup][2]int {
	spans := make(map[*ast.CommentGroup][2]int)
	for _, decl := range f.Decls {
		if fd, ok := decl.(*ast.FuncDecl); ok && fd.Doc != nil {
			spans[fd.Doc] = [2]int{fset.Position(fd.Pos()).Line, fset.Position(fd.End()).Line}
		}
	}
	return spans
}

// Lookup returns the directive that silences a finding of check at pos,
// if any.
func (x *Index) Lookup(check string, pos token.Position) (Directive, bool) {
	for _, d := range x.byFile[pos.Filename] {
		if d.from <= pos.Line && pos.Line <= d.to && slices.Contains(d.Checks, check) {
			return d, true
		}
	}
	return Directive{}, false
}
