package optimize

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"go/format"
	"go/parser"
	"go/token"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ast/astutil"

	"github.com/perfproof/perfproof/finding"
)

// ErrConflict is wrapped by the error of applying edits two of which
// replace overlapping ranges of a file with different text.
var ErrConflict = errors.New("overlapping edits")

// An edit is a finding.Edit of a file named relative to the top of the
// repository's work tree, slash-separated.
type edit struct {
	file       string
	start, end int
	text       string
}

// sortEdits orders edits by file, start, end and text, and drops exact
// duplicates (two fixes adding the same import insert the same text at
// the same offset).
func sortEdits(es []edit) []edit {
	slices.SortStableFunc(es, func(a, b edit) int {
		return cmp.Or(cmp.Compare(a.file, b.file), cmp.Compare(a.start, b.start), cmp.Compare(a.end, b.end), cmp.Compare(a.text, b.text))
	})
	return slices.Compact(es)
}

// applyEdits applies edits, which must all be of one file and relative to
// src, the file as it was analysed, and returns the new content. Exact
// duplicates count once; insertions at one offset are applied in order;
// two edits whose replaced ranges overlap (or an insertion strictly inside
// a replaced range) return an error wrapping ErrConflict. An edit outside
// src is an error.
func applyEdits(src []byte, edits []edit) ([]byte, error) {
	es := sortEdits(slices.Clone(edits))
	var b strings.Builder
	b.Grow(len(src))
	pos := 0
	for i, e := range es {
		if e.start < 0 || e.end < e.start || e.end > len(src) {
			return nil, fmt.Errorf("edit [%d, %d) outside the file's %d bytes", e.start, e.end, len(src))
		}
		if e.start < pos {
			prev := es[i-1]
			return nil, fmt.Errorf("%w: [%d, %d) %q and [%d, %d) %q", ErrConflict, prev.start, prev.end, prev.text, e.start, e.end, e.text)
		}
		b.Write(src[pos:e.start])
		b.WriteString(e.text)
		pos = e.end
	}
	b.Write(src[pos:])
	return []byte(b.String()), nil
}

// fixEdits returns the edits of fix with their files relative to top (the
// work tree the findings were analysed in), or an error if an edit is of a
// file outside it.
func fixEdits(top string, fix finding.Fix) ([]edit, error) {
	var out []edit
	for _, e := range fix.Edits {
		rel, ok := relTo(top, e.File)
		if !ok {
			return nil, fmt.Errorf("edit of %s, outside the repository", e.File)
		}
		out = append(out, edit{file: rel, start: e.Start, end: e.End, text: e.NewText})
	}
	return out, nil
}

// byFile groups edits by file, in file order.
func byFile(es []edit) (files []string, groups map[string][]edit) {
	groups = make(map[string][]edit)
	for _, e := range es {
		if _, ok := groups[e.file]; !ok {
			files = append(files, e.file)
		}
		groups[e.file] = append(groups[e.file], e)
	}
	slices.Sort(files)
	return files, groups
}

// gofmt formats a Go source file as gofmt does (go/format.Source); other
// files are returned as they are. A syntax error is returned, naming
// file.
func gofmt(file string, src []byte) ([]byte, error) {
	if !strings.HasSuffix(file, ".go") {
		return src, nil
	}
	out, err := format.Source(src)
	if err != nil {
		return nil, fmt.Errorf("gofmt %s: %w", file, err)
	}
	return out, nil
}

// dropImports removes from src, a Go file, the imports that the file as
// analysed (orig) used and src no longer does: each fix is exact on its
// own, but two fixes that each remove one of a file's two uses of fmt
// leave it imported and unused, which does not compile. Blank, dot and
// unused-before imports are left alone. src is returned unchanged when it
// does not parse or nothing is dropped.
func dropImports(orig, src []byte) []byte {
	fset := token.NewFileSet()
	before, err := parser.ParseFile(fset, "orig.go", orig, 0)
	if err != nil {
		return src
	}
	after, err := parser.ParseFile(fset, "src.go", src, parser.ParseComments)
	if err != nil {
		return src
	}
	dropped := false
	for _, imp := range slices.Clone(after.Imports) { // DeleteNamedImport edits the list
		path, err := strconv.Unquote(imp.Path.Value)
		if err != nil || imp.Name != nil && (imp.Name.Name == "_" || imp.Name.Name == ".") {
			continue
		}
		if astutil.UsesImport(before, path) && !astutil.UsesImport(after, path) {
			name := ""
			if imp.Name != nil {
				name = imp.Name.Name
			}
			dropped = astutil.DeleteNamedImport(fset, after, name, path) || dropped
		}
	}
	if !dropped {
		return src
	}
	var b bytes.Buffer
	if err := format.Node(&b, fset, after); err != nil {
		return src
	}
	return b.Bytes()
}
