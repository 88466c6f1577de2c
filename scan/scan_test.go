package scan

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"
)

func TestPprofName(t *testing.T) {
	const src = `package p
type T struct{}
func (T) Value()    {}
func (*T) Pointer() {}
func Plain()        {}
func Generic[E any](E) {}
type G[E any] struct{}
func (g *G[E]) M() {}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}}
	conf := types.Config{Importer: importer.Default()}
	if _, err := conf.Check("example.com/m/p", fset, []*ast.File{f}, info); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"Value":   "example.com/m/p.T.Value",
		"Pointer": "example.com/m/p.(*T).Pointer",
		"Plain":   "example.com/m/p.Plain",
		"Generic": "example.com/m/p.Generic[...]",
		"M":       "example.com/m/p.(*G[...]).M",
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		got := PprofName(info.Defs[fd.Name].(*types.Func))
		if got != want[fd.Name.Name] {
			t.Errorf("PprofName(%s) = %q, want %q", fd.Name.Name, got, want[fd.Name.Name])
		}
	}
}
