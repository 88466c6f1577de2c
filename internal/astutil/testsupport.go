package astutil

import (
	"go/ast"
	"go/token"
	"strconv"
	"strings"
)

// TestSupport tells the test code of one package: the code that runs in
// tests, not in the program that serves. Make it with NewTestSupport.
type TestSupport struct {
	// Package is set when the whole package is test code: package testing,
	// a package below it (testing/quick), or a test-support package, at
	// least half of whose files other than _test.go files import testing
	// (a project's testhelpers package), or whose name ends in "test", as
	// Go names test-support packages (httptest, iotest, fstest), and one
	// of whose files other than _test.go files imports testing.
	Package bool
	// files holds the names of the other files that import testing: a
	// testutil.go in a production package (prometheus' tsdb has one) is
	// test code, and the package's other files are not.
	files map[string]bool
}

// NewTestSupport returns the test code of the package at path, made of
// files (parsed with fset).
func NewTestSupport(fset *token.FileSet, files []*ast.File, path string) TestSupport {
	if path == "testing" || strings.HasPrefix(path, "testing/") {
		return TestSupport{Package: true}
	}
	ts := TestSupport{files: make(map[string]bool)}
	nonTest := 0
	for _, f := range files {
		name := fset.File(f.Pos()).Name()
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		nonTest++
		if importsTesting(f) {
			ts.files[name] = true
		}
	}
	named := false
	for _, f := range files {
		if f.Name != nil {
			named = strings.HasSuffix(f.Name.Name, "test") && f.Name.Name != "test"
			break
		}
	}
	ts.Package = len(ts.files) > 0 && (2*len(ts.files) >= nonTest || named)
	return ts
}

// IsTestFile reports whether the code of the file named filename (as the
// FileSet gives it) is test code: the whole package is, or the file is a
// _test.go file or imports testing.
func (ts TestSupport) IsTestFile(filename string) bool {
	return ts.Package || strings.HasSuffix(filename, "_test.go") || ts.files[filename]
}

func importsTesting(f *ast.File) bool {
	for _, spec := range f.Imports {
		if p, err := strconv.Unquote(spec.Path.Value); err == nil && p == "testing" {
			return true
		}
	}
	return false
}
