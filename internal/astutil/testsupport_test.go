package astutil

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"
)

// TestTestSupport checks which files of a package are test code: a
// production package with one test-utility file (as prometheus' tsdb has)
// keeps its other files, a helper package most of whose files import
// testing is test code as a whole.
func TestTestSupport(t *testing.T) {
	parse := func(fset *token.FileSet, srcs map[string]string) []*ast.File {
		var files []*ast.File
		for name, src := range srcs {
			f, err := parser.ParseFile(fset, name, src, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
		}
		return files
	}
	const prod, withTesting = "package p\nimport \"sort\"\n", "package p\nimport \"testing\"\n"
	for _, tc := range []struct {
		name    string
		path    string
		srcs    map[string]string
		pkg     bool
		testing []string // files that are test code
		serving []string // files that are not
	}{
		{
			name:    "production package with a test utility file",
			path:    "example.com/db/tsdb",
			srcs:    map[string]string{"head.go": prod, "compact.go": prod, "testutil.go": withTesting, "head_test.go": withTesting},
			testing: []string{"testutil.go", "head_test.go"},
			serving: []string{"head.go", "compact.go"},
		},
		{
			name:    "test helpers package",
			path:    "example.com/svc/internal/testhelpers",
			srcs:    map[string]string{"server.go": withTesting, "fixtures.go": withTesting, "names.go": prod},
			pkg:     true,
			testing: []string{"server.go", "fixtures.go", "names.go"},
		},
		{
			name:    "a package named for tests, with one file importing testing",
			path:    "example.com/svc/internal/metricstest",
			srcs:    map[string]string{"keys.go": "package metricstest\n", "local.go": "package metricstest\n", "assert.go": "package metricstest\nimport \"testing\"\n"},
			pkg:     true,
			testing: []string{"keys.go", "local.go", "assert.go"},
		},
		{
			name:    "a package named for tests, none of whose files import testing",
			path:    "example.com/svc/internal/loadtest",
			srcs:    map[string]string{"run.go": "package loadtest\n"},
			serving: []string{"run.go"},
		},
		{
			name:    "package below testing",
			path:    "testing/quick",
			srcs:    map[string]string{"quick.go": prod},
			pkg:     true,
			testing: []string{"quick.go"},
		},
	} {
		fset := token.NewFileSet()
		ts := NewTestSupport(fset, parse(fset, tc.srcs), tc.path)
		if ts.Package != tc.pkg {
			t.Errorf("%s: Package = %v, want %v", tc.name, ts.Package, tc.pkg)
		}
		for _, f := range tc.testing {
			if !ts.IsTestFile(f) {
				t.Errorf("%s: IsTestFile(%s) = false, want true", tc.name, f)
			}
		}
		for _, f := range tc.serving {
			if ts.IsTestFile(f) {
				t.Errorf("%s: IsTestFile(%s) = true, want false", tc.name, f)
			}
		}
	}
}
