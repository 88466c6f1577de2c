package hotpath

import (
	"go/ast"
	"go/types"
	"strings"
	"sync"

	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/perfproof/perfproof/internal/astutil"
)

// measuredSet holds the state of Info.measuredFuncs.
type measuredSet struct {
	once  sync.Once
	funcs map[*ast.FuncDecl]bool
}

// InTestCode reports whether c is in test code: a _test.go file, or any
// file of package testing, of a package below it (testing/quick), or of a
// test-support package, one whose non-test files import testing
// (net/http/httptest, testing helpers of a project). Test code runs once
// per test, except for the measured loops of benchmarks (see
// InBenchmarkLoop).
func (h *Info) InTestCode(c inspector.Cursor) bool {
	return h.tests.IsTestFile(h.fset.File(c.Node().Pos()).Name())
}

// InBenchmarkLoop reports whether c is measured by a benchmark: it is in
// the body of the measured loop (see IsBenchmarkLoop) of a benchmark, a
// top-level function whose name starts with Benchmark, or in a function of
// the package that such a loop calls, directly or not. The loop may be
// nested in function literals of the benchmark, as the `for pb.Next()`
// loop of b.RunParallel is. The set-up and clean-up around the loop are
// not measured, and nor is the condition of the loop. A helper in a
// _test.go file that the loop calls (the "before" side of a before/after
// benchmark, say) is measured code like any other.
func (h *Info) InBenchmarkLoop(c inspector.Cursor) bool {
	var decl *ast.FuncDecl
	for d := range c.Enclosing((*ast.FuncDecl)(nil)) {
		decl = d.Node().(*ast.FuncDecl)
		break
	}
	if decl == nil {
		return false
	}
	if !strings.HasPrefix(decl.Name.Name, "Benchmark") {
		return h.measuredFuncs()[decl]
	}
	return h.inMeasuredLoop(c)
}

// inMeasuredLoop reports whether c, in a benchmark, is in the body of its
// measured loop.
func (h *Info) inMeasuredLoop(c inspector.Cursor) bool {
	for p := range c.Enclosing((*ast.ForStmt)(nil)) {
		loop := p.Node().(*ast.ForStmt)
		if loop.Body.Pos() > c.Node().Pos() || c.Node().End() > loop.Body.End() {
			continue
		}
		if h.IsBenchmarkLoop(loop) {
			return !astutil.TimerStopped(h.info, loop.Body, c.Node())
		}
	}
	return false
}

// measuredFuncs returns the function declarations of the package that the
// measured loops of its benchmarks call, directly or through other
// functions of the package (static calls and method calls whose callee
// is declared here). It is computed once.
func (h *Info) measuredFuncs() map[*ast.FuncDecl]bool {
	h.measured.once.Do(func() {
		decls := make(map[*types.Func]*ast.FuncDecl)
		for c := range h.Inspector.Root().Preorder((*ast.FuncDecl)(nil)) {
			d := c.Node().(*ast.FuncDecl)
			if fn, ok := h.info.Defs[d.Name].(*types.Func); ok && d.Body != nil {
				decls[fn] = d
			}
		}
		set := make(map[*ast.FuncDecl]bool)
		var queue []*ast.FuncDecl
		add := func(call *ast.CallExpr) {
			fn, ok := typeutil.Callee(h.info, call).(*types.Func)
			if !ok {
				return
			}
			if d := decls[fn.Origin()]; d != nil && !set[d] {
				set[d] = true
				queue = append(queue, d)
			}
		}
		for c := range h.Inspector.Root().Preorder((*ast.CallExpr)(nil)) {
			if h.inBenchmark(c) && h.inMeasuredLoop(c) {
				add(c.Node().(*ast.CallExpr))
			}
		}
		for len(queue) > 0 {
			d := queue[0]
			queue = queue[1:]
			ast.Inspect(d.Body, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok {
					add(call)
				}
				return true
			})
		}
		h.measured.funcs = set
	})
	return h.measured.funcs
}

// inBenchmark reports whether c is in a top-level function whose name
// starts with Benchmark.
func (h *Info) inBenchmark(c inspector.Cursor) bool {
	for d := range c.Enclosing((*ast.FuncDecl)(nil)) {
		return strings.HasPrefix(d.Node().(*ast.FuncDecl).Name.Name, "Benchmark")
	}
	return false
}
