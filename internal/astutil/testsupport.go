package astutil

import (
	"go/ast"
	"go/token"
	"strconv"
	"strings"
)

// IsTestSupport reports whether the package at path, made of files, is test
// code: package testing, a package below it (testing/quick), or a
// test-support package, one whose files other than _test.go files import
// testing (net/http/httptest, a project's test helpers). Its code runs in
// tests, not in the program that serves.
func IsTestSupport(fset *token.FileSet, files []*ast.File, path string) bool {
	if path == "testing" || strings.HasPrefix(path, "testing/") {
		return true
	}
	for _, f := range files {
		if strings.HasSuffix(fset.File(f.Pos()).Name(), "_test.go") {
			continue
		}
		for _, spec := range f.Imports {
			if p, err := strconv.Unquote(spec.Path.Value); err == nil && p == "testing" {
				return true
			}
		}
	}
	return false
}
