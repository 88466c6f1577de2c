package scan

import (
	"context"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/perfproof/perfproof/analysis/suite"
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

// TestRunAnyGOCACHE scans a package that imports net, whose cgo files the
// go command generates into its build cache, once with the default cache
// and once with a cache whose path says nothing about being one: the
// findings must be the same, and every package analysed.
func TestRunAnyGOCACHE(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command with a fresh build cache")
	}
	dir := filepath.Join("testdata", "netsvc")
	scanWith := func(env []string) *Result {
		t.Helper()
		res, err := Run(context.Background(), suite.Analyzers(), []string{"./..."}, Options{Dir: dir, Tests: true, Env: env})
		if err != nil {
			t.Fatalf("Run(GOCACHE from %v): %v", env, err)
		}
		if len(res.NotAnalysed) > 0 || len(res.Errors) > 0 {
			t.Errorf("Run: not analysed %v, errors %v; want none", res.NotAnalysed, res.Errors)
		}
		return res
	}
	base := scanWith(nil)
	other := scanWith(append(os.Environ(), "GOCACHE="+filepath.Join(t.TempDir(), "any", "cache")))
	if len(base.Findings) == 0 {
		t.Fatal("no findings with the default cache; the test needs one")
	}
	if !reflect.DeepEqual(base.Findings, other.Findings) {
		t.Errorf("findings differ:\ndefault cache: %+v\nother cache:   %+v", base.Findings, other.Findings)
	}
}
