package unboundedcache

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"
)

// TestHoldsValueRecursive checks holdsValue on types that contain
// themselves through slices and maps, as a tree of config sections does
// (found on a real application, whose scan died of a stack overflow): it
// must end, and still find a value of the wanted type in such a type.
func TestHoldsValueRecursive(t *testing.T) {
	const src = `package p
type Setting struct{ name string }
type Tree struct {
	kids  []Tree
	byKey map[string]Tree
}
type Mutual struct{ other []Other }
type Other struct {
	back []Mutual
	s    Setting
}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	named := func(name string) *types.Named { return pkg.Scope().Lookup(name).Type().(*types.Named) }
	setting := named("Setting")
	for _, tc := range []struct {
		typ  string
		want bool
	}{
		{"Tree", false},
		{"Mutual", true},
		{"Other", true},
		{"Setting", true},
	} {
		if got := holdsValue(named(tc.typ), setting); got != tc.want {
			t.Errorf("holdsValue(%s, Setting) = %v, want %v", tc.typ, got, tc.want)
		}
	}
}
