package splitwrite

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// illTyped does not type-check: undefined names, a missing import and a
// call of a function that does not exist leave expressions of invalid
// type or of no type at all.
const illTyped = `package bad

import (
	"io"
	"missing/pkg"
	"net"
	"os"
)

func Send(conn net.Conn, data []byte) {
	conn.Write(data)
	conn.Write(undefined)
	x := pkg.Dial()
	x.Write(data)
	x.Write(data)
	var w io.Writer = nosuch
	w.Write(data)
	w.Write(data)
	undefinedFn().Write(data)
	undefinedFn().Write(data)
	var c notAType
	c.Write(data)
	c.Write(data)
	io.WriteString(nosuch, "a")
	io.WriteString(nosuch, "b")
	if _, err := conn.Write(data); err != nil {
		return
	}
	if _, err := conn.Write(nosuch); err != nil {
		return
	}
	os.Stdout.Write(data)
	os.Stdout.Write([]byte{'\n'})
}
`

// TestIllTyped runs the check on a package that does not type-check, as
// scan does when dependencies are broken: it must not panic, and it still
// reports what it can see.
func TestIllTyped(t *testing.T) {
	fset := token.NewFileSet()
	const name = "bad.go"
	f, err := parser.ParseFile(fset, name, illTyped, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{
		Types:      make(map[ast.Expr]types.TypeAndValue),
		Defs:       make(map[*ast.Ident]types.Object),
		Uses:       make(map[*ast.Ident]types.Object),
		Implicits:  make(map[ast.Node]types.Object),
		Selections: make(map[*ast.SelectorExpr]*types.Selection),
		Scopes:     make(map[ast.Node]*types.Scope),
	}
	var typeErrs int
	conf := types.Config{Importer: importer.Default(), Error: func(error) { typeErrs++ }}
	pkg, _ := conf.Check("bad", fset, []*ast.File{f}, info)
	if typeErrs == 0 {
		t.Fatal("the ill-typed source type-checks")
	}
	var got []string
	pass := &analysis.Pass{
		Analyzer:  Analyzer,
		Fset:      fset,
		Files:     []*ast.File{f},
		Pkg:       pkg,
		TypesInfo: info,
		ResultOf:  make(map[*analysis.Analyzer]any),
		ReadFile: func(string) ([]byte, error) {
			return []byte(illTyped), nil
		},
		Report: func(d analysis.Diagnostic) {
			got = append(got, fset.Position(d.Pos).String()+": "+d.Message)
		},
		ImportObjectFact: func(types.Object, analysis.Fact) bool { return false },
		ExportObjectFact: func(types.Object, analysis.Fact) {},
	}
	if _, err := run(pass, nil); err != nil {
		t.Fatalf("run: %v", err)
	}
	want := []string{"bad.go:11:2: two Write calls on conn", "bad.go:26:15: two Write calls on conn", "bad.go:32:2: two Write calls on os.Stdout"}
	if len(got) != len(want) {
		t.Fatalf("ill-typed package: got %d reports, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("report %d = %q, want prefix %q", i, got[i], want[i])
		}
	}
}
