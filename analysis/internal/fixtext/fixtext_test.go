package fixtext

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"testing"

	"golang.org/x/tools/go/analysis"
)

func TestIndent(t *testing.T) {
	const src = "package p\n\nfunc f() {\n\tx := 1\n\t\ty := x; _ = y\n}\n"
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	read := func(string) ([]byte, error) { return []byte(src), nil }
	pass := &analysis.Pass{Fset: fset, ReadFile: read}
	body := f.Decls[0].(*ast.FuncDecl).Body.List
	for _, tc := range []struct {
		stmt   ast.Stmt
		indent string
		ok     bool
	}{
		{body[0], "\t", true},
		{body[1], "\t\t", true},
		{body[2], "", false}, // `_ = y` follows another statement on its line
	} {
		got, ok := Indent(pass, tc.stmt.Pos())
		if got != tc.indent && ok || ok != tc.ok {
			t.Errorf("Indent(%v) = %q, %v; want %q, %v", fset.Position(tc.stmt.Pos()), got, ok, tc.indent, tc.ok)
		}
	}
	// A file changed on disk since it was parsed: its offsets are wrong.
	pass.ReadFile = func(string) ([]byte, error) { return []byte(src + "// more\n"), nil }
	if _, ok := Indent(pass, body[0].Pos()); ok {
		t.Error("Indent of a file whose size changed: ok, want false")
	}
	pass.ReadFile = func(string) ([]byte, error) { return nil, os.ErrNotExist }
	if _, ok := Indent(pass, body[0].Pos()); ok {
		t.Error("Indent of an unreadable file: ok, want false")
	}
}
