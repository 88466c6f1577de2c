package hotpath

import (
	"go/ast"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
)

// InTestCode reports whether c is in test code: a _test.go file, or any
// file of package testing, of a package below it (testing/quick), or of a
// test-support package, one whose non-test files import testing
// (net/http/httptest, testing helpers of a project). Test code runs once
// per test, except for the measured loops of benchmarks (see
// InBenchmarkLoop).
func (h *Info) InTestCode(c inspector.Cursor) bool {
	return h.testPkg || strings.HasSuffix(h.fset.File(c.Node().Pos()).Name(), "_test.go")
}

// InBenchmarkLoop reports whether c is in the body of the measured loop
// (see IsBenchmarkLoop) of a benchmark: a top-level function whose name
// starts with Benchmark. The loop may be nested in function literals of the
// benchmark, as the `for pb.Next()` loop of b.RunParallel is. The set-up
// and clean-up around the loop are not measured, and nor is the condition
// of the loop.
func (h *Info) InBenchmarkLoop(c inspector.Cursor) bool {
	var decl *ast.FuncDecl
	for d := range c.Enclosing((*ast.FuncDecl)(nil)) {
		decl = d.Node().(*ast.FuncDecl)
		break
	}
	if decl == nil || !strings.HasPrefix(decl.Name.Name, "Benchmark") {
		return false
	}
	for p := range c.Enclosing((*ast.ForStmt)(nil)) {
		loop := p.Node().(*ast.ForStmt)
		if loop.Body.Pos() > c.Node().Pos() || c.Node().End() > loop.Body.End() {
			continue
		}
		if h.IsBenchmarkLoop(loop) {
			return true
		}
	}
	return false
}

// isTestPackage reports whether the package of pass is package testing, a
// package below it, or a test-support package: one of its files other
// than _test.go files imports testing.
func isTestPackage(pass *analysis.Pass) bool {
	path := pass.Pkg.Path()
	if path == "testing" || strings.HasPrefix(path, "testing/") {
		return true
	}
	for _, f := range pass.Files {
		if strings.HasSuffix(pass.Fset.File(f.Pos()).Name(), "_test.go") {
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
