package localssa

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// TestRedeclared builds a package whose files each declare main, a
// method and a constant (a directory of example programs run one by one
// with go run): the type checker gives the second declarations no
// object, and Build must leave them out rather than make the SSA builder
// panic, while still building the functions that are well typed.
func TestRedeclared(t *testing.T) {
	srcs := map[string]string{
		"client.go": `package examples

const port = 502

type handler struct{}

func (h *handler) Serve() int { return port }

func main() { println(helper()) }

func helper() int { return port }
`,
		"server.go": `package examples

const port = 503

func (h *handler) Serve() int { return 2 }

func main() { var h handler; println(h.Serve()) }
`,
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range []string{"client.go", "server.go"} {
		f, err := parser.ParseFile(fset, name, srcs[name], 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	var typeErrors []types.Error
	conf := types.Config{Importer: importer.Default(), Error: func(err error) { typeErrors = append(typeErrors, err.(types.Error)) }}
	info := &types.Info{
		Types: make(map[ast.Expr]types.TypeAndValue), Defs: make(map[*ast.Ident]types.Object),
		Uses: make(map[*ast.Ident]types.Object), Implicits: make(map[ast.Node]types.Object),
		Selections: make(map[*ast.SelectorExpr]*types.Selection), Scopes: make(map[ast.Node]*types.Scope),
		Instances: make(map[*ast.Ident]types.Instance), FileVersions: make(map[*ast.File]string),
	}
	pkg, _ := conf.Check("example.com/examples", fset, files, info)
	if len(typeErrors) == 0 {
		t.Fatal("the package type-checked without errors; the test needs redeclarations")
	}
	pass := &analysis.Pass{Fset: fset, Files: files, Pkg: pkg, TypesInfo: info, TypeErrors: typeErrors}
	ssaInfo := Build(pass) // panicked in ssa.memberFromObject before
	var names []string
	for _, fn := range ssaInfo.SrcFuncs {
		names = append(names, fn.Name())
	}
	for _, want := range []string{"helper", "main", "Serve"} {
		if !slices.Contains(names, want) {
			t.Errorf("SrcFuncs = %v; want %s (its first declaration) among them", names, want)
		}
	}
	// The second main has no object; the second method has one of its
	// own (go/types keeps it off the method set), which SSA builds.
	if n := len(slices.DeleteFunc(slices.Clone(names), func(s string) bool { return s != "main" })); n != 1 {
		t.Errorf("SrcFuncs = %v; want main once, its first declaration", names)
	}
	// The files and info the other checks share are unchanged.
	if len(files[1].Decls) != 3 {
		t.Errorf("server.go has %d declarations after Build; want its 3 untouched", len(files[1].Decls))
	}
}
