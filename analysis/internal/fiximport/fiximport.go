// Package fiximport computes the import edits of suggested fixes: it makes
// a package visible in a file under a usable name, adding its import when
// the file lacks it, and removes an import whose last use the fix replaces
// (the "fmt" import when fmt.Sprintf becomes strconv.Itoa).
//
// A new import goes into the import declaration of the dropped import, or
// else the file's first one: in sorted position among its standard-library
// imports when it is parenthesised and each import sits on a line of its
// own, and otherwise into a declaration of its own after it. When the
// dropped import goes and has no explicit name, the new path takes its
// place instead, which may leave the block unsorted for gofmt to fix.
package fiximport

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/perfproof/perfproof/internal/astutil"
)

// An Editor prepares the import edits of the suggested fixes of one
// package. Make one per analysis.Pass with New; it is not safe for
// concurrent use.
type Editor struct {
	pass    *analysis.Pass
	uses    map[*types.PkgName]int // number of uses of each imported package name; built on first need
	sources map[string][]byte      // file contents by name, read on first need
}

// New returns an Editor for the files of pass.
func New(pass *analysis.Pass) *Editor {
	return &Editor{pass: pass, sources: make(map[string][]byte)}
}

// Source returns the text of n as written in its file, for building the
// NewText of a fix. ok is false if the file cannot be read (through
// pass.ReadFile) or n's position lies outside it.
func (e *Editor) Source(n ast.Node) (text string, ok bool) {
	tf := e.pass.Fset.File(n.Pos())
	if tf == nil {
		return "", false
	}
	src, ok := e.sources[tf.Name()]
	if !ok {
		var err error
		if src, err = e.pass.ReadFile(tf.Name()); err != nil {
			return "", false
		}
		e.sources[tf.Name()] = src
	}
	start, end := tf.Offset(n.Pos()), tf.Offset(n.End())
	if end > len(src) || start > end {
		return "", false
	}
	return string(src[start:end]), true
}

// Prepare returns the name under which the package add can be referred to
// at pos in file, and the edits that make it so: none if file imports add
// already under a name visible at pos, or else an edit adding the import.
// If add is empty, Prepare adds nothing and returns an empty name.
//
// If drop is not empty and file's import of the package drop has exactly
// one use, which the caller's fix at pos replaces, the edits also remove
// that import; when an import of add is needed too and drop's import has
// no explicit name, a single edit turns the path of drop into that of add.
//
// ok is false if no such edits are safe: add is imported with a dot or
// blank name or under a name shadowed at pos, the name of a new import (the
// last element of add) is already declared at pos, or the import
// declarations are laid out in a way Prepare does not edit. A dot or blank
// import of drop is left alone. The edits touch only import declarations.
func (e *Editor) Prepare(file *ast.File, pos token.Pos, add, drop string) (name string, edits []analysis.TextEdit, ok bool) {
	info := e.pass.TypesInfo
	var dropSpec *ast.ImportSpec
	removeDrop := false
	if drop != "" {
		dropSpec = find(file, drop)
		if dropSpec != nil {
			if pn := info.PkgNameOf(dropSpec); pn != nil && pn.Name() != "." && pn.Name() != "_" && e.useCount(pn) == 1 {
				removeDrop = true
			}
		}
	}
	if add == "" {
		// No import to add: only the removal of drop, if any.
		if removeDrop {
			del, ok := e.deleteSpec(file, dropSpec)
			if !ok {
				return "", nil, false
			}
			edits = append(edits, del)
		}
		return "", edits, true
	}
	scope := e.pass.Pkg.Scope().Innermost(pos)
	if scope == nil {
		return "", nil, false
	}
	if spec := find(file, add); spec != nil {
		pn := info.PkgNameOf(spec)
		if pn == nil || pn.Name() == "." || pn.Name() == "_" {
			return "", nil, false
		}
		if _, obj := scope.LookupParent(pn.Name(), pos); obj != pn {
			return "", nil, false // shadowed
		}
		if removeDrop {
			del, ok := e.deleteSpec(file, dropSpec)
			if !ok {
				return "", nil, false
			}
			edits = append(edits, del)
		}
		return pn.Name(), edits, true
	}

	name = add[strings.LastIndex(add, "/")+1:]
	if _, obj := scope.LookupParent(name, pos); obj != nil {
		return "", nil, false // the name is taken
	}
	quoted := strconv.Quote(add)
	if removeDrop && dropSpec.Name == nil {
		// The only use of drop goes: the new path in its place.
		return name, []analysis.TextEdit{{
			Pos:     dropSpec.Path.Pos(),
			End:     dropSpec.Path.End(),
			NewText: []byte(quoted),
		}}, true
	}
	anchor := dropSpec
	if anchor == nil && len(file.Imports) > 0 {
		anchor = file.Imports[0]
	}
	ins, ok := e.addSpec(file, anchor, add)
	if !ok {
		return "", nil, false
	}
	edits = append(edits, ins)
	if removeDrop {
		del, ok := e.deleteSpec(file, dropSpec)
		if !ok {
			return "", nil, false
		}
		edits = append(edits, del)
	}
	return name, edits, true
}

// find returns the first import spec of the package path in file, or nil
// if file does not import it.
func find(file *ast.File, path string) *ast.ImportSpec {
	for _, spec := range file.Imports {
		if p, err := strconv.Unquote(spec.Path.Value); err == nil && p == path {
			return spec
		}
	}
	return nil
}

// useCount returns the number of uses of the imported package name pn in
// the package.
func (e *Editor) useCount(pn *types.PkgName) int {
	if e.uses == nil {
		e.uses = make(map[*types.PkgName]int)
		for _, obj := range e.pass.TypesInfo.Uses {
			if pn, ok := obj.(*types.PkgName); ok {
				e.uses[pn]++
			}
		}
	}
	return e.uses[pn]
}

// addSpec returns an edit adding an import of the package path to the
// import declaration that holds anchor, in sorted position among its
// standard-library imports when each of its imports sits on a line of its
// own, or else as a declaration of its own after it. With no anchor (a
// file without imports) the declaration goes after the package clause.
func (e *Editor) addSpec(file *ast.File, anchor *ast.ImportSpec, path string) (analysis.TextEdit, bool) {
	quoted := strconv.Quote(path)
	if anchor == nil {
		at := file.Name.End()
		return analysis.TextEdit{Pos: at, End: at, NewText: []byte("\n\nimport " + quoted)}, true
	}
	decl := importDecl(file, anchor)
	if decl == nil {
		return analysis.TextEdit{}, false
	}
	tf := e.pass.Fset.File(decl.Pos())
	if decl.Lparen.IsValid() && onOwnLines(tf, decl) {
		var lastStd *ast.ImportSpec
		for _, s := range decl.Specs {
			spec := s.(*ast.ImportSpec)
			p, err := strconv.Unquote(spec.Path.Value)
			if err != nil || !astutil.IsStdPath(p) {
				continue
			}
			if p > path {
				at := tf.LineStart(tf.Line(spec.Pos()))
				return analysis.TextEdit{Pos: at, End: at, NewText: []byte("\t" + quoted + "\n")}, true
			}
			lastStd = spec
		}
		if lastStd != nil {
			at := tf.LineStart(tf.Line(lastStd.End()) + 1)
			return analysis.TextEdit{Pos: at, End: at, NewText: []byte("\t" + quoted + "\n")}, true
		}
	}
	return analysis.TextEdit{Pos: decl.End(), End: decl.End(), NewText: []byte("\nimport " + quoted)}, true
}

// deleteSpec returns an edit deleting spec: its whole line in a
// parenthesised declaration of several lines, or the whole declaration if
// spec is its only import.
func (e *Editor) deleteSpec(file *ast.File, spec *ast.ImportSpec) (analysis.TextEdit, bool) {
	decl := importDecl(file, spec)
	if decl == nil {
		return analysis.TextEdit{}, false
	}
	tf := e.pass.Fset.File(decl.Pos())
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
