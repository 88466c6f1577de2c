// Package hotpath defines an Analyzer whose result tells the checks where
// code runs repeatedly: inside a loop of its function, or in a function that
// runs many times; and where it runs once: init functions, package-level
// variable initialisers, sync.Once bodies and func main outside its loops
// (Info.Once), and the functions called only from such code
// (Info.RunsOnce). It also names code that probably runs rarely
// (constructors, factories, commands: Info.RarelyCalled), code that never
// runs (Info.InDeadCode), code that leaves its loop (LeavesLoop), and test
// code (Info.InTestCode) with the measured loops of benchmarks
// (Info.InBenchmarkLoop). Which of these make a report pointless is each
// check's policy.
//
// The benchmark loop of a Go benchmark (`for b.Loop()` or
// `for i := 0; i < b.N; i++`) is not a loop in this sense: it is the
// boundary of the measured operation, as a function body is the boundary of
// one call. A json.Marshal of a constant value directly in a benchmark loop
// is what the benchmark measures, not a loop-invariant computation.
package hotpath

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/perfproof/perfproof/internal/astutil"
)

// Analyzer computes an *Info for the package.
var Analyzer = &analysis.Analyzer{
	Name:             "hotpath",
	Doc:              "locate loops and run-once code for the perfproof checks",
	URL:              "https://pkg.go.dev/github.com/perfproof/perfproof/analysis/internal/hotpath",
	Requires:         []*analysis.Analyzer{inspect.Analyzer},
	ResultType:       reflect.TypeFor[*Info](),
	RunDespiteErrors: true,
	Run:              run,
}

// Info answers questions about the execution frequency of syntax in one
// package. Its methods take cursors of the package's inspector
// (inspect.Analyzer's result). The checks of a package share one Info and
// may run concurrently: its methods are safe for concurrent use.
type Info struct {
	Inspector *inspector.Inspector
	info      *types.Info
	fset      *token.FileSet
	pkg       *types.Package
	pkgName   string
	// tests tells the package's test code (see InTestCode).
	tests astutil.TestSupport
	// calls holds the state of RunsOnce.
	calls onceCalls
	// measured holds the state of InBenchmarkLoop.
	measured measuredSet
	// serves holds the answer of servesRequests.
	serves struct {
		once sync.Once
		yes  bool
	}
}

func run(pass *analysis.Pass) (any, error) {
	return New(pass, pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)), nil
}

// New returns the Info of pass's package, whose files in has inspected.
// Checks get it from Analyzer's result; New is for a check that must not
// require Analyzer, such as one that runs on every dependency and wants
// to skip the work when it has nothing to do.
func New(pass *analysis.Pass, in *inspector.Inspector) *Info {
	return &Info{
		Inspector: in,
		info:      pass.TypesInfo,
		fset:      pass.Fset,
		pkg:       pass.Pkg,
		pkgName:   pass.Pkg.Name(),
		tests:     astutil.NewTestSupport(pass.Fset, pass.Files, pass.Pkg.Path()),
	}
}

// Loop returns the innermost for or range statement of the same function
// whose repeated part contains c: the body of either, or the condition or
// post statement of a for statement. The range expression and the init
// statement run once and are not inside the loop. A function literal
// called in place (func(){...}(), also with go or defer) belongs to the
// loop around its call; any other literal ends the search. Benchmark loops (see the
// package doc) are skipped. ok is false if c is in no such loop.
func (h *Info) Loop(c inspector.Cursor) (loop inspector.Cursor, ok bool) {
	for cur := c; ; {
		parent, found := h.enclosingLoopOrFunc(cur)
		if !found {
			return inspector.Cursor{}, false
		}
		switch parent.Node().(type) {
		case *ast.FuncDecl:
			return inspector.Cursor{}, false
		case *ast.FuncLit:
			if !isCalledInPlace(parent) {
				return inspector.Cursor{}, false
			}
			// func(){ ... }() runs where it stands: keep looking.
			cur = parent
			continue
		}
		if astutil.Repeats(parent.Node(), cur.Node()) && !h.IsBenchmarkLoop(parent.Node()) {
			return parent, true
		}
		cur = parent
	}
}

// enclosingLoopOrFunc returns the nearest strict ancestor of c that is a
// loop or a function.
func (h *Info) enclosingLoopOrFunc(c inspector.Cursor) (inspector.Cursor, bool) {
	for p := range c.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		if p == c {
			continue
		}
		return p, true
	}
	return inspector.Cursor{}, false
}

// LeavesLoop reports whether the code at c, inside loop (a for or range
// statement enclosing c, as returned by Info.Loop), is always followed by a
// return or a break out of loop before the iteration ends, so that it runs
// at most once per execution of the loop: c is part of a return statement,
// or a later statement of a statement list enclosing c within loop is a
// return, a break labelled with the label of loop or of a statement around
// it, or an unlabelled break whose innermost enclosing for, range, switch
// or select is loop (a break in a case clause leaves only its switch or
// select), or a continue of a loop around loop. A continue of loop itself
// or a goto before any of these means the code is not known to leave,
// also where it is nested in a statement between c and the return or
// break (if x { continue }): the iteration may then start again.
func LeavesLoop(c, loop inspector.Cursor) bool {
	labels := labelsAround(loop)
	own := 0 // labels[own:] are those of the statements around loop
	if _, ok := loop.Parent().Node().(*ast.LabeledStmt); ok {
		own = 1
	}
	for cur := c; cur != loop && cur.Node() != nil; cur = cur.Parent() {
		if _, ok := cur.Node().(*ast.ReturnStmt); ok {
			return true
		}
		list, ok := astutil.StmtList(cur.Parent().Node())
		if !ok {
			continue
		}
		for _, s := range list {
			if s.Pos() < cur.Node().End() {
				continue
			}
			if _, ok := s.(*ast.BranchStmt); !ok && mayRepeat(s, labels[:own]) {
				return false
			}
			switch s := s.(type) {
			case *ast.ReturnStmt:
				return true
			case *ast.BranchStmt:
				switch s.Tok {
				case token.BREAK:
					if s.Label != nil && slices.Contains(labels, s.Label.Name) ||
						s.Label == nil && breakTarget(cur.Parent(), loop) == loop {
						return true
					}
				case token.CONTINUE:
					// The next iteration of loop, or of a loop
					// around it, which leaves loop.
					return s.Label != nil && slices.Contains(labels[own:], s.Label.Name)
				case token.GOTO:
					return false // not followed
				}
			}
		}
	}
	return false
}

// mayRepeat reports whether s may start the next iteration of the loop
// whose own labels are own, from inside a statement nested in it: it holds
// an unlabelled continue outside the loops nested in s, a continue with
// one of own, or a goto (not followed). Function literals are not looked
// into: their branches stay inside them.
func mayRepeat(s ast.Stmt, own []string) bool {
	found := false
	var visit func(n ast.Node, nested bool)
	visit = func(n ast.Node, nested bool) {
		ast.Inspect(n, func(x ast.Node) bool {
			if found {
				return false
			}
			switch x := x.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ForStmt:
				if x != n {
					visit(x, true)
					return false
				}
			case *ast.RangeStmt:
				if x != n {
					visit(x, true)
					return false
				}
			case *ast.BranchStmt:
				switch x.Tok {
				case token.CONTINUE:
					found = x.Label == nil && !nested || x.Label != nil && slices.Contains(own, x.Label.Name)
				case token.GOTO:
					found = true
				}
			}
			return true
		})
	}
	_, isFor := s.(*ast.ForStmt)
	_, isRange := s.(*ast.RangeStmt)
	visit(s, isFor || isRange)
	return found
}

// labelsAround returns the labels of loop and of the statements around it
// in its function: a break with one of them leaves loop.
func labelsAround(loop inspector.Cursor) []string {
	var labels []string
	for cur := loop.Parent(); cur.Node() != nil; cur = cur.Parent() {
		switch n := cur.Node().(type) {
		case *ast.LabeledStmt:
			labels = append(labels, n.Label.Name)
		case *ast.FuncDecl, *ast.FuncLit:
			return labels
		}
	}
	return labels
}

// breakTarget returns the statement an unlabelled break in the statement
// list of c breaks out of: the innermost for, range, switch, type switch or
// select enclosing c, stopping at loop.
func breakTarget(c, loop inspector.Cursor) inspector.Cursor {
	for cur := c; cur != loop && cur.Node() != nil; cur = cur.Parent() {
		switch cur.Node().(type) {
		case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
			return cur
		}
	}
	return loop
}

// IsBenchmarkLoop reports whether loop is the measured loop of a benchmark:
// `for b.Loop()` or a for statement whose condition compares with b.N, for b
// of type *testing.B, or the `for pb.Next()` loop of b.RunParallel, for pb
// of type *testing.PB.
func (h *Info) IsBenchmarkLoop(loop ast.Node) bool {
	return astutil.IsBenchmarkLoop(h.info, loop)
}

// Once reports whether c runs at most once per program (or per sync.Once):
// it is in an init function, a package-level variable initialiser, the body
// of a function literal passed to (*sync.Once).Do or sync.OnceFunc/
// OnceValue/OnceValues, or in func main of package main outside any loop.
// Function literals that are merely declared in such places (and may be
// called many times later) are not Once, except the sync.Once ones; a
// literal called in place, func(){...}(), runs as often as its call.
func (h *Info) Once(c inspector.Cursor) bool {
	for p := range c.Enclosing((*ast.FuncLit)(nil), (*ast.FuncDecl)(nil), (*ast.GenDecl)(nil), (*ast.ForStmt)(nil), (*ast.RangeStmt)(nil)) {
		switch n := p.Node().(type) {
		case *ast.GenDecl:
			if p.ParentEdgeKind() != edge.File_Decls {
				continue // a local declaration
			}
			return n.Tok == token.VAR || n.Tok == token.CONST
		case *ast.FuncDecl:
			if n.Recv != nil {
				return false
			}
			if n.Name.Name == "init" {
				return true
			}
			return n.Name.Name == "main" && h.pkgName == "main"
		case *ast.FuncLit:
			if isCalledInPlace(p) {
				continue // runs as often as the code around it
			}
			return h.isOnceFunc(p)
		case *ast.ForStmt, *ast.RangeStmt:
			if p != c && astutil.Repeats(p.Node(), c.Node()) {
				// A loop inside main or init repeats; still "once"
				// for init and package-level code is too lenient:
				// only main's loops are hot.
				if h.inMain(p) {
					return false
				}
			}
		}
	}
	return false
}

func (h *Info) inMain(c inspector.Cursor) bool {
	for p := range c.Enclosing((*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		d, ok := p.Node().(*ast.FuncDecl)
		return ok && d.Recv == nil && d.Name.Name == "main" && h.pkgName == "main"
	}
	return false
}

// isCalledInPlace reports whether the function literal at lit is called
// where it is written: func(){...}(), including after go or defer.
func isCalledInPlace(lit inspector.Cursor) bool {
	return lit.ParentEdgeKind() == edge.CallExpr_Fun
}

// isOnceFunc reports whether the function literal at lit is the argument of
// (*sync.Once).Do, sync.OnceFunc, sync.OnceValue or sync.OnceValues.
func (h *Info) isOnceFunc(lit inspector.Cursor) bool {
	if lit.ParentEdgeKind() != edge.CallExpr_Args {
		return false
	}
	call := lit.Parent().Node().(*ast.CallExpr)
	var obj types.Object
	switch fun := ast.Unparen(call.Fun).(type) {
	case *ast.SelectorExpr:
		obj = h.info.Uses[fun.Sel]
	case *ast.IndexExpr: // sync.OnceValue[T](...)
		if sel, ok := fun.X.(*ast.SelectorExpr); ok {
			obj = h.info.Uses[sel.Sel]
		}
	case *ast.IndexListExpr:
		if sel, ok := fun.X.(*ast.SelectorExpr); ok {
			obj = h.info.Uses[sel.Sel]
		}
	}
	fn, ok := obj.(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "sync" {
		return false
	}
	switch fn.Name() {
	case "OnceFunc", "OnceValue", "OnceValues":
		return true
	case "Do":
		recv := fn.Signature().Recv()
		return recv != nil && types.TypeString(recv.Type(), nil) == "*sync.Once"
	}
	return false
}

// FuncName names the function enclosing cur for a diagnostic: "f", "T.m",
// "a function literal in f" (or in the package-level variable v that
// holds it), "a function literal", or "this function" outside any.
func FuncName(cur inspector.Cursor) string {
	for p := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		switch n := p.Node().(type) {
		case *ast.FuncDecl:
			return declName(n)
		case *ast.FuncLit:
			if name := TopName(TopDecl(p).Node()); name != "" {
				return "a function literal in " + name
			}
			return "a function literal"
		}
	}
	return "this function"
}

// Where describes how often the code at cur runs, for a diagnostic: "on
// every iteration of a loop in f" when it sits in a loop it does not leave,
// else "on every call of f".
func (h *Info) Where(cur inspector.Cursor) string {
	if loop, ok := h.Loop(cur); ok && !LeavesLoop(cur, loop) {
		return "on every iteration of a loop in " + FuncName(cur)
	}
	return "on every call of " + FuncName(cur)
}

func declName(d *ast.FuncDecl) string {
	if recv := RecvTypeName(d); recv != "" {
		return recv + "." + d.Name.Name
	}
	return d.Name.Name
}

// TopName returns the name of a top-level declaration: the function, or the
// first named variable of a var declaration; "" otherwise.
func TopName(n ast.Node) string {
	switch d := n.(type) {
	case *ast.FuncDecl:
		return declName(d)
	case *ast.GenDecl:
		for _, s := range d.Specs {
			if vs, ok := s.(*ast.ValueSpec); ok && len(vs.Names) > 0 && vs.Names[0].Name != "_" {
				return vs.Names[0].Name
			}
		}
	}
	return ""
}
