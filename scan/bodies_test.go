package scan

import (
	"go/ast"
	"go/token"
	"testing"
)

func TestParseFileDropsBodies(t *testing.T) {
	const src = `package p

import "strings"

func init() { _ = strings.ToUpper("x") }

func Plain(s string) string { return strings.ToUpper(s) }

func Generic[T any](x T) T { return x }

type G[T any] struct{ v T }

func (g *G[T]) Get() T { return g.v }
`
	b := newBodyPolicy(map[string]bool{"/mod/own": true}, "/tmp/any/cache")
	for _, tc := range []struct {
		file      string
		wantPlain bool // Plain keeps its body
	}{
		{"/mod/own/p.go", true},
		{"/modcache/dep/p.go", false},
		// cgo output in the go command's cache, wherever GOCACHE is
		{"/tmp/any/cache/3f/3f2a-d", true},
	} {
		f, err := b.parseFile(token.NewFileSet(), tc.file, []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		bodies := map[string]*ast.BlockStmt{}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				bodies[fd.Name.Name] = fd.Body
			}
		}
		if got := bodies["Plain"] != nil; got != tc.wantPlain {
			t.Errorf("%s: Plain has body = %v, want %v", tc.file, got, tc.wantPlain)
		}
		// go/types requires these bodies, dropped or not.
		for _, name := range []string{"init", "Generic", "Get"} {
			if bodies[name] == nil {
				t.Errorf("%s: %s has no body", tc.file, name)
			}
		}
		if !tc.wantPlain && len(bodies["init"].List) != 0 {
			t.Errorf("%s: init body kept, want emptied", tc.file)
		}
	}
}

func TestIsUnusedImport(t *testing.T) {
	for msg, want := range map[string]bool{
		`"strings" imported and not used`:                                     true,
		`"google.golang.org/protobuf/proto" imported as protoV2 and not used`: true,
		`declared and not used: x`:                                            false,
		`undefined: strings`:                                                  false,
	} {
		if got := isUnusedImport(msg); got != want {
			t.Errorf("isUnusedImport(%q) = %v, want %v", msg, got, want)
		}
	}
}
