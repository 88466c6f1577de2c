package compileonce

import (
	"fmt"
	"go/ast"
	"go/build"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/perfproof/perfproof/analysis/internal/checkdoc"
	"github.com/perfproof/perfproof/analysis/internal/hotpath"
	"github.com/perfproof/perfproof/internal/astutil"
)

// A compilesFact says that a function compiles a regexp, or makes a
// cipher or MAC (see keyedConstructors), on a call, from a pattern or key
// built only from some of its parameters (and constants, package-level
// variables and stable calls): the same arguments compile the same regexp,
// or run the same key schedule, again. Slots number the receiver of a
// method 0 and its parameters from 1; a function's parameters from 0.
type compilesFact struct {
	Slots []int
	// Where is the compilation, "file.go:line", directly or in the
	// function the call passes the slots to.
	Where string
	// Cipher names the key schedule's constructor ("aes.NewCipher"); ""
	// for a regexp.
	Cipher string
}

func (*compilesFact) AFact() {}

func (f *compilesFact) String() string {
	return fmt.Sprintf("%s from slots %v (%s)", f.work(), f.Slots, f.Where)
}

// work says what a call of the function does again: "compiles a regexp",
// "makes an aes.NewCipher".
func (f *compilesFact) work() string {
	if f.Cipher != "" {
		return "makes an " + f.Cipher
	}
	return "compiles a regexp"
}

// acrossCalls turns on the summaries and the reports of compilations a
// loop repeats in a callee. Source: the fourteenth held-out set (a feed
// reader's URL rewrite rule compiled per entry of a refresh) and the
// tenth (a document database's query regex compiled per value compared).
const acrossCalls = true

// maxSummaryRounds bounds the rounds over a package's functions that let
// a summary reach a caller through its callees in the same package.
const maxSummaryRounds = 4

// summarise computes the compilesFact of every function of the package
// that compiles a regexp from its parameters, directly or through a
// function that has one, and exports it for the other packages. Only the
// packages of the module being checked (or of an unknown module) are
// summarised: a dependency's own compile helpers are its business, and
// running on every dependency would cost every scan.
func (c *checker) summarise() {
	c.compiles = make(map[*types.Func]*compilesFact)
	if !acrossCalls {
		return
	}
	if isDependency(c.pass) || inGOROOT(c.pass) {
		return
	}
	var decls []inspector.Cursor
	for cur := range c.hot.Inspector.Root().Preorder((*ast.FuncDecl)(nil)) {
		d := cur.Node().(*ast.FuncDecl)
		if d.Body == nil || isTestFile(c.pass, d) {
			continue
		}
		decls = append(decls, cur)
	}
	for round := 0; round < maxSummaryRounds; round++ {
		changed := false
		for _, dc := range decls {
			d := dc.Node().(*ast.FuncDecl)
			fn, ok := c.pass.TypesInfo.Defs[d.Name].(*types.Func)
			if !ok || c.compiles[fn] != nil {
				continue
			}
			if f := c.summary(dc, fn); f != nil {
				c.compiles[fn] = f
				changed = true
			}
		}
		if !changed {
			break
		}
	}
	for fn, f := range c.compiles {
		if fn.Exported() || fn.Signature().Recv() != nil {
			c.pass.ExportObjectFact(fn, f)
		}
	}
}

// isDependency reports whether the package belongs to a module required
// at a version: a dependency of the code being checked, whose diagnostics
// no one reads and whose compile helpers are its own business. The main
// module (and a package of no known module) has no version.
func isDependency(pass *analysis.Pass) bool {
	m := pass.Module
	return m != nil && m.Path != "" && m.Version != ""
}

// inGOROOT reports whether the package's files are in the Go tree: the
// standard library, whose drivers may give no module.
func inGOROOT(pass *analysis.Pass) bool {
	root := build.Default.GOROOT
	if root == "" || len(pass.Files) == 0 {
		return false
	}
	name := pass.Fset.File(pass.Files[0].Pos()).Name()
	rel, err := filepath.Rel(root, name)
	return err == nil && !strings.HasPrefix(rel, "..")
}

// isTestFile reports whether n is in a _test.go file.
func isTestFile(pass *analysis.Pass, n ast.Node) bool {
	return strings.HasSuffix(pass.Fset.File(n.Pos()).Name(), "_test.go")
}

// summary returns the compilesFact of fn, declared at dc, or nil.
func (c *checker) summary(dc inspector.Cursor, fn *types.Func) *compilesFact {
	d := dc.Node().(*ast.FuncDecl)
	for cur := range dc.Preorder((*ast.CallExpr)(nil), (*ast.FuncLit)(nil)) {
		if _, isLit := cur.Node().(*ast.FuncLit); isLit {
			continue // a literal runs when it is called, not with fn
		}
		if inLiteral(cur, dc) {
			continue
		}
		operands, where, cipher, ok := c.compileOperands(cur)
		if !ok || returnsRegexp(c.pass.TypesInfo, cur) && !c.usedOnly(cur, true, nil) {
			continue // kept in a cache, a field or a package variable
		}
		if cipher != "" && (!c.cipherUsedLocally(cur) || c.keyFilled(operands[0], cur)) {
			continue // kept, or a key filled in place (fresh bytes)
		}
		slots, ok := c.paramSlots(operands, d, fn, cur)
		if ok && len(slots) > 0 {
			return &compilesFact{Slots: slots, Where: where, Cipher: cipher}
		}
	}
	return nil
}

// inLiteral reports whether cur is inside a function literal within dc.
func inLiteral(cur, dc inspector.Cursor) bool {
	for p := range cur.Enclosing((*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		return p != dc
	}
	return false
}

// compileOperands returns the expressions that decide what the call at cur
// compiles: the pattern of a regexp compilation that is not a constant,
// the key of a cipher or MAC constructor (cipher is then its name), or the
// arguments a call passes at the slots of a function that has a
// compilesFact (cipher is then the fact's). where is the compilation's
// position.
func (c *checker) compileOperands(cur inspector.Cursor) (operands []ast.Expr, where, cipher string, ok bool) {
	call := cur.Node().(*ast.CallExpr)
	fn, isFunc := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	if !isFunc || fn.Pkg() == nil {
		return nil, "", "", false
	}
	pos := c.pass.Fset.Position(call.Pos())
	at := fmt.Sprintf("%s:%d", filepath.Base(pos.Filename), pos.Line)
	if key, isKeyed := keyArg(fn, call); isKeyed {
		return []ast.Expr{key}, at, fn.Pkg().Name() + "." + fn.Name(), true
	}
	if fn.Pkg().Path() == "regexp" && fn.Signature().Recv() == nil {
		switch fn.Name() {
		case "MustCompile", "Compile", "MustCompilePOSIX", "CompilePOSIX":
		default:
			return nil, "", "", false
		}
		if len(call.Args) != 1 {
			return nil, "", "", false
		}
		if _, isConst := c.constString(call.Args[0]); isConst {
			return nil, "", "", false // reported where it is, as a constant
		}
		return call.Args, at, "", true
	}
	f := c.compilesOf(fn)
	if f == nil {
		return nil, "", "", false
	}
	args, ok := slotArgs(c.pass.TypesInfo, call, fn, f.Slots)
	return args, f.Where, f.Cipher, ok
}

// returnsRegexp reports whether the call at cur returns a
// *regexp.Regexp (a compilation, or a helper that hands the regexp back),
// whose uses then tell whether it is kept.
func returnsRegexp(info *types.Info, cur inspector.Cursor) bool {
	t := info.TypeOf(cur.Node().(*ast.CallExpr))
	if tuple, ok := t.(*types.Tuple); ok && tuple.Len() > 0 {
		t = tuple.At(0).Type()
	}
	return astutil.IsNamedOrPointer(t, "regexp", "Regexp")
}

// paramSlots returns the slots of fn, declared by d, that the operands
// are built from, if they are built from those only (and constants,
// package-level variables, locals holding one value of such, and stable
// calls); ok is false otherwise or if d assigns one of them.
func (c *checker) paramSlots(operands []ast.Expr, d *ast.FuncDecl, fn *types.Func, cur inspector.Cursor) (slots []int, ok bool) {
	visiting := make(map[*types.Var]bool)
	var leaf func(e ast.Expr, depth int) bool
	leaf = func(e ast.Expr, depth int) bool {
		return c.leaves(e, func(v *types.Var) bool {
			if s := slotOf(fn, v); s >= 0 {
				if c.assignedIn(v, d.Body) {
					return false
				}
				if !slices.Contains(slots, s) {
					slots = append(slots, s)
				}
				return true
			}
			if depth >= maxValueDepth {
				return false
			}
			if visiting[v] {
				return true // opts += "i": what else it holds decides
			}
			values, ok := c.valuesOf(v, d.Body)
			if !ok {
				return false
			}
			visiting[v] = true
			defer delete(visiting, v)
			for _, value := range values {
				if !leaf(value, depth+1) {
					return false
				}
			}
			return true
		}, c.stableCall)
	}
	for _, e := range operands {
		if !leaf(e, 0) {
			return nil, false
		}
	}
	slices.Sort(slots)
	return slots, true
}

// valuesOf returns every value body gives the local variable v: the
// right-hand sides of its declaration and assignments (for x += y, both x
// and y), and the collection a range over which declares or assigns it;
// ok is false if v is declared outside body, incremented, has its address
// taken or is assigned from a call with several results other than its
// first.
func (c *checker) valuesOf(v *types.Var, body *ast.BlockStmt) (values []ast.Expr, ok bool) {
	if !astutil.ContainsPos(body, v.Pos()) {
		return nil, false
	}
	info := c.pass.TypesInfo
	isV := func(e ast.Expr) bool {
		id, isID := ast.Unparen(e).(*ast.Ident)
		return isID && (info.Uses[id] == v || info.Defs[id] == v)
	}
	ok = true
	ast.Inspect(body, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if !isV(l) {
					continue
				}
				switch {
				case len(n.Lhs) == len(n.Rhs):
					values = append(values, n.Rhs[i])
					if n.Tok != token.ASSIGN && n.Tok != token.DEFINE {
						values = append(values, l) // x op= y
					}
				case len(n.Rhs) == 1 && i == 0:
					values = append(values, n.Rhs[0]) // re, err := f(x)
				default:
					ok = false
				}
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if info.Defs[name] != v {
					continue
				}
				if len(n.Values) != len(n.Names) {
					ok = false // var x T: a zero value, then assigned; or a tuple
					if len(n.Values) == 0 {
						ok = true
					}
					continue
				}
				values = append(values, n.Values[i])
			}
		case *ast.RangeStmt:
			if n.Key != nil && isV(n.Key) || n.Value != nil && isV(n.Value) {
				values = append(values, n.X)
			}
		case *ast.IncDecStmt:
			ok = ok && !isV(n.X)
		case *ast.UnaryExpr:
			ok = ok && !(n.Op == token.AND && isV(n.X))
		}
		return true
	})
	return values, ok && len(values) > 0
}

// slotOf returns v's slot in fn's signature, or -1 if v is not its
// receiver or one of its parameters.
func slotOf(fn *types.Func, v *types.Var) int {
	sig := fn.Signature()
	base := 0
	if r := sig.Recv(); r != nil {
		if r == v {
			return 0
		}
		base = 1
	}
	for i := range sig.Params().Len() {
		if sig.Params().At(i) == v {
			return base + i
		}
	}
	return -1
}

// slotArgs returns the expressions a call of fn passes at slots: the
// receiver of a method call (x in x.M(...)) and the arguments. ok is false
// for a method expression or value, a variadic slot, or a missing
// argument.
func slotArgs(info *types.Info, call *ast.CallExpr, fn *types.Func, slots []int) ([]ast.Expr, bool) {
	sig := fn.Signature()
	var recv ast.Expr
	base := 0
	if sig.Recv() != nil {
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return nil, false
		}
		if s := info.Selections[sel]; s == nil || s.Kind() != types.MethodVal {
			return nil, false
		}
		recv, base = sel.X, 1
	}
	var out []ast.Expr
	for _, s := range slots {
		if s < base {
			out = append(out, recv)
			continue
		}
		i := s - base
		if i >= len(call.Args) || sig.Variadic() && i >= sig.Params().Len()-1 {
			return nil, false
		}
		out = append(out, call.Args[i])
	}
	return out, true
}

// compilesOf returns fn's compilesFact: the package's own, or one
// imported from fn's package.
func (c *checker) compilesOf(fn *types.Func) *compilesFact {
	if fn.Pkg() == c.pass.Pkg {
		return c.compiles[fn.Origin()]
	}
	f := new(compilesFact)
	if !c.pass.ImportObjectFact(fn.Origin(), f) {
		return nil
	}
	return f
}

// acrossCall reports a call at cur, in a loop, of a function that
// compiles a regexp, or makes a cipher or MAC, from the arguments it is
// given, when the loop passes the same arguments in every iteration: the
// same regexp is compiled, or key schedule run, again per iteration, in
// the callee.
func (c *checker) acrossCall(cur inspector.Cursor) {
	call := cur.Node().(*ast.CallExpr)
	fn, ok := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	if !acrossCalls || !ok || fn.Pkg() == nil || fn.Pkg().Path() == "regexp" {
		return
	}
	f := c.compilesOf(fn)
	if f == nil {
		return
	}
	args, ok := slotArgs(c.pass.TypesInfo, call, fn, f.Slots)
	if !ok || c.hot.InDeadCode(cur) || c.hot.RunsOnce(cur) {
		return
	}
	var loop inspector.Cursor
	found := false
	for at := cur; ; {
		l, inLoop := c.hot.Loop(at)
		if !inLoop || hotpath.LeavesLoop(at, l) {
			break
		}
		invariant := true
		for _, a := range args {
			if !c.invariant(a, l.Node(), cur, 0) {
				invariant = false
				break
			}
		}
		if !invariant {
			break
		}
		loop, found = l, true
		at = l
	}
	if !found {
		return
	}
	what := types.ExprString(args[0])
	if len(args) > 1 {
		what = "its arguments"
	}
	line := c.pass.Fset.Position(loop.Node().Pos()).Line
	if f.Cipher != "" {
		c.pass.Report(analysis.Diagnostic{
			Pos:      call.Pos(),
			End:      call.End(),
			Category: "cipher",
			Message: checkdoc.Fit(
				fmt.Sprintf("%s %s from %s per call (%s), the same in each iteration: make it once before the loop at line %d",
					fn.Name(), f.work(), shortText(what), f.Where, line),
				fmt.Sprintf("%s %s from %s per call, the same in each iteration: make it before the loop at line %d",
					fn.Name(), f.work(), shortText(what), line),
				fmt.Sprintf("%s runs the same key schedule in each iteration: make it before the loop at line %d", fn.Name(), line)),
		})
		return
	}
	c.pass.Report(analysis.Diagnostic{
		Pos:      call.Pos(),
		End:      call.End(),
		Category: "regexp",
		Message: checkdoc.Fit(
			fmt.Sprintf("%s compiles a regexp from %s per call (%s), the same in each iteration: compile it before the loop at line %d",
				fn.Name(), shortText(what), f.Where, line),
			fmt.Sprintf("%s compiles a regexp from %s per call, the same in each iteration: compile it before the loop at line %d",
				fn.Name(), shortText(what), line),
			fmt.Sprintf("%s compiles the same regexp in each iteration: compile it before the loop at line %d", fn.Name(), line)),
	})
}

// shortText shortens s for a message.
func shortText(s string) string {
	if len(s) > 24 {
		return s[:21] + "..."
	}
	return s
}
