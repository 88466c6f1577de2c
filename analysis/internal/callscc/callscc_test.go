package callscc

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

const src = `package p

func even(n int) bool { if n == 0 { return true }; return odd(n - 1) }
func odd(n int) bool  { if n == 0 { return false }; return even(n - 1) }
func top(n int) bool  { return even(n) && leaf() }
func leaf() bool      { f := func() bool { return true }; return f() }
func alone()          {}
`

func TestComponents(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, _, err := ssautil.BuildPackage(&types.Config{Importer: importer.Default()}, fset,
		types.NewPackage("p", "p"), []*ast.File{f}, ssa.SanityCheckFunctions)
	if err != nil {
		t.Fatal(err)
	}
	var fns []*ssa.Function
	for _, name := range []string{"top", "alone", "even", "odd", "leaf"} {
		fn := pkg.Func(name)
		fns = append(fns, fn)
		fns = append(fns, fn.AnonFuncs...)
	}
	var got []string
	pos := make(map[string]int)
	for i, scc := range Components(fns) {
		var names []string
		for _, fn := range scc {
			names = append(names, fn.Name())
			pos[fn.Name()] = i
		}
		sort.Strings(names)
		got = append(got, strings.Join(names, "+"))
	}
	for _, want := range []string{"even+odd", "top", "alone", "leaf", "leaf$1"} {
		if !slices.Contains(got, want) {
			t.Errorf("Components = %q, want a component %q", got, want)
		}
	}
	if len(got) != 5 {
		t.Errorf("Components = %q, want 5 components", got)
	}
	// Callees come before their callers.
	for _, e := range [][2]string{{"even", "top"}, {"leaf", "top"}, {"leaf$1", "leaf"}} {
		if pos[e[0]] >= pos[e[1]] {
			t.Errorf("Components = %q: %s (callee) is not before %s", got, e[0], e[1])
		}
	}
}
