package fmtwrite

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// importer prepares the import edits of fixes in one package.
type importer struct {
	pass *analysis.Pass
	uses map[*types.PkgName]int // number of uses of each imported package name
}

func newImporter(pass *analysis.Pass) *importer {
	im := &importer{pass: pass, uses: make(map[*types.PkgName]int)}
	for _, obj := range pass.TypesInfo.Uses {
		if pn, ok := obj.(*types.PkgName); ok {
			im.uses[pn]++
		}
	}
	return im
}

// prepare returns the name under which the package path can be referred to
// at pos in file, and the edits that make it so: adding its import if the
// file lacks it (nothing if path is empty) and, if dropFmt is set and the call being replaced is the
// only use of "fmt" in the file, removing the "fmt" import. ok is false if
// no such edits are safe (a dot or blank import, a name that is shadowed or
// already taken, an import layout it does not handle).
func (im *importer) prepare(file *ast.File, pos token.Pos, path string, dropFmt bool) (name string, edits []analysis.TextEdit, ok bool) {
	info := im.pass.TypesInfo
	fmtSpec := findImport(file, "fmt")
	removeFmt := false
	if dropFmt && fmtSpec != nil {
		if pn := info.PkgNameOf(fmtSpec); pn != nil && pn.Name() != "." && pn.Name() != "_" && im.uses[pn] == 1 {
			removeFmt = true
		}
	}
	if path == "" {
		// No import to add: only the removal of fmt, if any.
		if removeFmt {
			del, ok := im.deleteSpec(file, fmtSpec)
			if !ok {
				return "", nil, false
			}
			edits = append(edits, del)
		}
		return "", edits, true
	}
	scope := im.pass.Pkg.Scope().Innermost(pos)
	if scope == nil {
		return "", nil, false
	}
	if spec := findImport(file, path); spec != nil {
		pn := info.PkgNameOf(spec)
		if pn == nil || pn.Name() == "." || pn.Name() == "_" {
			return "", nil, false
		}
		if _, obj := scope.LookupParent(pn.Name(), pos); obj != pn {
			return "", nil, false // shadowed
		}
		if removeFmt {
			del, ok := im.deleteSpec(file, fmtSpec)
			if !ok {
				return "", nil, false
			}
			edits = append(edits, del)
		}
		return pn.Name(), edits, true
	}

	name = path[strings.LastIndex(path, "/")+1:]
	if _, obj := scope.LookupParent(name, pos); obj != nil {
		return "", nil, false // the name is taken
	}
	quoted := strconv.Quote(path)
	if removeFmt && fmtSpec.Name == nil {
		// The only use of fmt goes: import path in its place.
		return name, []analysis.TextEdit{{
			Pos:     fmtSpec.Path.Pos(),
			End:     fmtSpec.Path.End(),
			NewText: []byte(quoted),
		}}, true
	}
	add, ok := im.addSpec(file, fmtSpec, path)
	if !ok {
		return "", nil, false
	}
	edits = append(edits, add)
	if removeFmt {
		del, ok := im.deleteSpec(file, fmtSpec)
		if !ok {
			return "", nil, false
		}
		edits = append(edits, del)
	}
	return name, edits, true
}

// findImport returns the import spec of path in file, or nil.
func findImport(file *ast.File, path string) *ast.ImportSpec {
	for _, spec := range file.Imports {
		if p, err := strconv.Unquote(spec.Path.Value); err == nil && p == path {
			return spec
		}
	}
	return nil
}

// addSpec returns an edit adding an import of the standard package path to
// the import declaration that holds anchor (the "fmt" import), in sorted
// position among its standard-library imports when each of them sits on a
// line of its own, or else as a declaration of its own after it.
func (im *importer) addSpec(file *ast.File, anchor *ast.ImportSpec, path string) (analysis.TextEdit, bool) {
	quoted := strconv.Quote(path)
	decl := importDecl(file, anchor)
	if decl == nil {
		return analysis.TextEdit{}, false
	}
	tf := im.pass.Fset.File(decl.Pos())
	line := func(p token.Pos) int { return tf.Line(p) }
	if decl.Lparen.IsValid() && onOwnLines(tf, decl) {
		var lastStd *ast.ImportSpec
		for _, s := range decl.Specs {
			spec := s.(*ast.ImportSpec)
			p, err := strconv.Unquote(spec.Path.Value)
			if err != nil || !isStd(p) {
				continue
			}
			if p > path {
				at := tf.LineStart(line(spec.Pos()))
				return analysis.TextEdit{Pos: at, End: at, NewText: []byte("\t" + quoted + "\n")}, true
			}
			lastStd = spec
		}
		if lastStd != nil {
			at := tf.LineStart(line(lastStd.End()) + 1)
			return analysis.TextEdit{Pos: at, End: at, NewText: []byte("\t" + quoted + "\n")}, true
		}
	}
	return analysis.TextEdit{Pos: decl.End(), End: decl.End(), NewText: []byte("\nimport " + quoted)}, true
}

// deleteSpec returns an edit deleting spec: its whole line in a
// parenthesised declaration of several lines, or the whole declaration if
// spec is its only import.
func (im *importer) deleteSpec(file *ast.File, spec *ast.ImportSpec) (analysis.TextEdit, bool) {
	decl := importDecl(file, spec)
	if decl == nil {
		return analysis.TextEdit{}, false
	}
	tf := im.pass.Fset.File(decl.Pos())
	if len(decl.Specs) == 1 {
		end := decl.End()
		if l := tf.Line(end); l < tf.LineCount() {
			end = tf.LineStart(l + 1)
		}
		return analysis.TextEdit{Pos: decl.Pos(), End: end}, true
	}
	if !decl.Lparen.IsValid() || !onOwnLines(tf, decl) || spec.Doc != nil {
		return analysis.TextEdit{}, false
	}
	l := tf.Line(spec.Pos())
	return analysis.TextEdit{Pos: tf.LineStart(l), End: tf.LineStart(l + 1)}, true
}

// importDecl returns the import declaration of file holding spec.
func importDecl(file *ast.File, spec *ast.ImportSpec) *ast.GenDecl {
	for _, d := range file.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			continue
		}
		for _, s := range gd.Specs {
			if s == spec {
				return gd
			}
		}
	}
	return nil
}

// onOwnLines reports whether each import of the parenthesised declaration
// sits on a line of its own, between the lines of the parentheses.
func onOwnLines(tf *token.File, decl *ast.GenDecl) bool {
	prev := tf.Line(decl.Lparen)
	for _, s := range decl.Specs {
		start, end := tf.Line(s.Pos()), tf.Line(s.End())
		if start <= prev {
			return false
		}
		prev = end
	}
	return prev < tf.Line(decl.Rparen)
}

// isStd reports whether path looks like a standard-library import path: its
// first element has no dot.
func isStd(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}
