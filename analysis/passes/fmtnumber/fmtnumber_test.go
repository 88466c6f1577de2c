package fmtnumber_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path"
	"slices"
	"strconv"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/perfproof/perfproof/analysis/internal/checkdoc/checkdoctest"
	"github.com/perfproof/perfproof/analysis/passes/fmtnumber"
)

func Test(t *testing.T) {
	checkdoctest.Messages(t, analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), fmtnumber.Analyzer, "s3", "s3test", "cmdmain", "authcookie", "resp", "fixengine", "tunnel"))
}

// TestFixImports applies each fix on its own, as an editor does, without
// the clean-up of unused imports that RunWithSuggestedFixes performs, and
// checks that the file's imports of fmt, strconv and encoding/hex match
// their uses.
func TestFixImports(t *testing.T) {
	results := analysistest.Run(t, analysistest.TestData(), fmtnumber.Analyzer, "s3", "s3test", "cmdmain", "authcookie", "resp", "fixengine")
	checkdoctest.Messages(t, results)
	fixes := 0
	for _, r := range results {
		for _, d := range r.Diagnostics {
			for _, fix := range d.SuggestedFixes {
				fixes++
				name := r.Pass.Fset.File(fix.TextEdits[0].Pos).Name()
				src, err := os.ReadFile(name)
				if err != nil {
					t.Fatal(err)
				}
				edits := slices.Clone(fix.TextEdits)
				slices.SortFunc(edits, func(a, b analysis.TextEdit) int { return int(b.Pos - a.Pos) })
				tf := r.Pass.Fset.File(edits[0].Pos)
				for _, e := range edits {
					start, end := tf.Offset(e.Pos), tf.Offset(e.End)
					src = append(src[:start:start], append(e.NewText, src[end:]...)...)
				}
				checkImports(t, name, src, "fmt", "strconv", "encoding/hex")
			}
		}
	}
	if fixes == 0 {
		t.Fatal("no fixes")
	}
}

// checkImports reports an error if one of the packages is imported but not
// used, or used but not imported, in the Go source src.
func checkImports(t *testing.T, name string, src []byte, pkgs ...string) {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), name, src, 0)
	if err != nil {
		t.Errorf("%s: fixed file does not parse: %v\n%s", name, err, src)
		return
	}
	imported := make(map[string]bool)
	for _, spec := range f.Imports {
		p, _ := strconv.Unquote(spec.Path.Value)
		imported[p] = true
	}
	used := make(map[string]bool)
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok {
				used[id.Name] = true
			}
		}
		return true
	})
	for _, p := range pkgs {
		if imported[p] != used[path.Base(p)] {
			t.Errorf("%s: after one fix, %q imported = %v, used = %v:\n%s", name, p, imported[p], used[p], src)
		}
	}
}
