package deps_test

import (
	"go/types"
	"testing"

	"github.com/perfproof/perfproof/analysis/internal/deps"
)

// graph builds the packages app -> (helper, fmt), helper -> bufio -> io,
// fmt -> io, with an import cycle helper -> app to check that each package
// is visited once.
func graph() map[string]*types.Package {
	pkgs := make(map[string]*types.Package)
	for _, path := range []string{"app", "helper", "fmt", "bufio", "io"} {
		pkgs[path] = types.NewPackage(path, path)
	}
	imports := map[string][]string{
		"app":    {"helper", "fmt"},
		"helper": {"bufio", "app"},
		"bufio":  {"io"},
		"fmt":    {"io"},
	}
	for path, imps := range imports {
		var list []*types.Package
		for _, imp := range imps {
			list = append(list, pkgs[imp])
		}
		pkgs[path].SetImports(list)
	}
	return pkgs
}

func TestImports(t *testing.T) {
	pkgs := graph()
	for _, tt := range []struct {
		pkg   string
		paths []string
		want  bool
	}{
		{"app", []string{"fmt"}, true},
		{"app", []string{"regexp", "helper"}, true},
		{"app", []string{"bufio"}, false}, // only through helper
		{"app", []string{"app"}, false},   // not itself
		{"app", nil, false},
		{"io", []string{"fmt"}, false},
	} {
		if got := deps.Imports(pkgs[tt.pkg], tt.paths...); got != tt.want {
			t.Errorf("Imports(%s, %q) = %v, want %v", tt.pkg, tt.paths, got, tt.want)
		}
	}
}

func TestDependsOn(t *testing.T) {
	pkgs := graph()
	for _, tt := range []struct {
		pkg, path string
		want      bool
	}{
		{"app", "fmt", true},
		{"app", "bufio", true}, // through helper
		{"app", "io", true},
		{"app", "app", true},    // itself
		{"helper", "fmt", true}, // through the cycle back to app
		{"app", "net/http", false},
		{"io", "bufio", false},
	} {
		if got := deps.DependsOn(pkgs[tt.pkg], tt.path); got != tt.want {
			t.Errorf("DependsOn(%s, %q) = %v, want %v", tt.pkg, tt.path, got, tt.want)
		}
	}
}
