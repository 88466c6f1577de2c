package concatloop

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/perfproof/perfproof/analysis/internal/checkdoc"
	"github.com/perfproof/perfproof/analysis/internal/fiximport"
	"github.com/perfproof/perfproof/analysis/internal/hotpath"
	"github.com/perfproof/perfproof/internal/astutil"
)

//go:embed doc.go
var doc string

// Analyzer reports strings that grow by concatenation across the
// iterations of a loop.
var Analyzer = &analysis.Analyzer{
	Name:             "concatloop",
	Doc:              checkdoc.MustExtract(doc, "concatloop"),
	URL:              "https://pkg.go.dev/github.com/perfproof/perfproof/analysis/passes/concatloop",
	Requires:         []*analysis.Analyzer{hotpath.Analyzer},
	RunDespiteErrors: true,
	Run:              run,
}

// A concat is one statement that concatenates onto a string variable:
// s += x, s = s + x + y, or s = x + s (a prepend).
type concat struct {
	cur  inspector.Cursor // the *ast.AssignStmt
	stmt *ast.AssignStmt
	v    *types.Var
	// parts are the operands appended after s, in order, when s is the
	// first operand (appends); nil for a prepend or an insertion.
	parts []ast.Expr
	// self is the operand of s = s + x that reads s; nil for s += x.
	self *ast.Ident
}

func (c *concat) appends() bool { return c.parts != nil }

// A group is the concats of one variable inside one outermost loop: the
// loop that holds them all and is itself outside the variable's scope
// (each iteration of an enclosing loop declares the variable afresh).
type group struct {
	v       *types.Var
	loop    inspector.Cursor // the outermost loop across whose iterations v grows
	concats []*concat        // in source order
	hot     bool             // some concat repeats in a loop that is not small and that it does not leave
}

type checker struct {
	pass    *analysis.Pass
	hot     *hotpath.Info
	imports *fiximport.Editor
	// concats are the concatenations of the package, in source order.
	concats []*concat
	// sources holds the contents of files read for fixes, by name.
	sources map[string][]byte
	// names holds, per function declaration or literal, the identifiers
	// it uses and the builder names the fixes have taken in it.
	names map[ast.Node]map[string]bool
}

func run(pass *analysis.Pass) (any, error) {
	ch := &checker{
		pass: pass,
		hot:  pass.ResultOf[hotpath.Analyzer].(*hotpath.Info),
	}
	for cur := range ch.hot.Inspector.Root().Preorder((*ast.AssignStmt)(nil)) {
		if c, ok := ch.match(cur); ok {
			ch.concats = append(ch.concats, c)
		}
	}
	if len(ch.concats) == 0 {
		return nil, nil // the package cannot match
	}
	var groups []*group
	byKey := make(map[groupKey]*group)
	for _, c := range ch.concats {
		loops := ch.loopsAround(c.cur, c.v)
		if len(loops) == 0 {
			continue // not in a loop, or the variable is declared in it
		}
		outer := loops[len(loops)-1]
		k := groupKey{c.v, outer.Node()}
		g := byKey[k]
		if g == nil {
			g = &group{v: c.v, loop: outer}
			byKey[k] = g
			groups = append(groups, g)
		}
		g.concats = append(g.concats, c)
		if !g.hot && ch.grows(c, loops) {
			g.hot = true
		}
	}
	ch.imports = fiximport.New(pass)
	for _, g := range groups {
		if g.hot && ch.frequent(g.loop) {
			ch.report(g)
		}
	}
	return nil, nil
}

type groupKey struct {
	v    *types.Var
	loop ast.Node
}

// match reports whether the assignment at cur concatenates onto a local
// string variable, a parameter or a named result.
func (ch *checker) match(cur inspector.Cursor) (*concat, bool) {
	info := ch.pass.TypesInfo
	stmt := cur.Node().(*ast.AssignStmt)
	if len(stmt.Lhs) != 1 || len(stmt.Rhs) != 1 {
		return nil, false
	}
	id, ok := ast.Unparen(stmt.Lhs[0]).(*ast.Ident)
	if !ok {
		return nil, false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.IsField() || !astutil.IsString(v.Type()) || v.Pkg() != ch.pass.Pkg ||
		v.Parent() == nil || v.Parent() == ch.pass.Pkg.Scope() {
		return nil, false
	}
	c := &concat{cur: cur, stmt: stmt, v: v}
	switch stmt.Tok {
	case token.ADD_ASSIGN:
		if !astutil.IsString(info.TypeOf(stmt.Rhs[0])) && !isUntypedString(info, stmt.Rhs[0]) {
			return nil, false
		}
		c.parts = ch.operands(stmt.Rhs[0])
		return c, true
	case token.ASSIGN:
		b, ok := ast.Unparen(stmt.Rhs[0]).(*ast.BinaryExpr)
		if !ok || b.Op != token.ADD || !astutil.IsString(info.TypeOf(b)) {
			return nil, false
		}
		ops := ch.operands(b)
		at := -1
		for i, op := range ops {
			if x, ok := ast.Unparen(op).(*ast.Ident); ok && info.Uses[x] == v {
				at = i
				break
			}
		}
		switch {
		case at < 0:
			return nil, false // s = a + b sets s afresh
		case at == 0 && len(ops) > 1:
			c.self = ast.Unparen(ops[0]).(*ast.Ident)
			c.parts = ops[1:]
		}
		return c, true
	}
	return nil, false
}

// operands flattens a chain of non-constant string concatenations into
// its operands, in order: a + (b + c) + d gives a, b, c, d. A constant
// ("a" + "b") is one operand.
func (ch *checker) operands(e ast.Expr) []ast.Expr {
	info := ch.pass.TypesInfo
	if b, ok := ast.Unparen(e).(*ast.BinaryExpr); ok && b.Op == token.ADD && astutil.IsString(info.TypeOf(b)) {
		if tv, ok := info.Types[b]; !ok || tv.Value == nil {
			return append(ch.operands(b.X), ch.operands(b.Y)...)
		}
	}
	return []ast.Expr{e}
}

func isUntypedString(info *types.Info, e ast.Expr) bool {
	b, ok := info.TypeOf(e).(*types.Basic)
	return ok && b.Kind() == types.UntypedString
}

// loopsAround returns the loops around the statement at cur across whose
// iterations v keeps its value, innermost first: the loops of the
// function (as hotpath.Info.Loop finds them) up to the one whose body
// declares v or whose range clause does, excluded, or the one whose init
// statement does, included.
func (ch *checker) loopsAround(cur inspector.Cursor, v *types.Var) []inspector.Cursor {
	var loops []inspector.Cursor
	for c := cur; ; {
		loop, ok := ch.hot.Loop(c)
		if !ok {
			return loops
		}
		n := loop.Node()
		if astutil.ContainsPos(n, v.Pos()) {
			if f, ok := n.(*ast.ForStmt); ok && astutil.ContainsPos(f.Init, v.Pos()) {
				loops = append(loops, loop)
			}
			return loops
		}
		loops = append(loops, loop)
		c = loop
	}
}

// grows reports whether one of loops repeats the concat c so that its
// variable grows: a loop with more than a few iterations, that c does not
// always leave right after (hotpath.LeavesLoop), that does not reset the
// variable in each iteration, and whose condition reads no string grown
// in it (as in for len(s) < width { s = "0" + s }, where s counts the
// iterations up to a small target and must exist whole in each of them).
func (ch *checker) grows(c *concat, loops []inspector.Cursor) bool {
	for _, l := range loops {
		if ch.growsUntil(l) {
			continue
		}
		if !ch.smallTrip(l.Node()) && !hotpath.LeavesLoop(c.cur, l) && !ch.resets(l, c.v) {
			return true
		}
	}
	return false
}

// frequent reports whether the loop at cur may run often: not code that
// runs once per program, not dead code, and in test code only what the
// measured loop of a benchmark runs. A loop that runs once per program
// grows its string once, however many iterations it has.
func (ch *checker) frequent(cur inspector.Cursor) bool {
	if ch.hot.RunsOnce(cur) || ch.hot.InDeadCode(cur) {
		return false
	}
	// InBenchmarkLoop includes the functions a measured loop calls.
	return !ch.hot.InTestCode(cur) || ch.hot.InBenchmarkLoop(cur)
}

// report reports the group g, with a fix where one is exactly
// equivalent.
func (ch *checker) report(g *group) {
	first := g.concats[0]
	name := g.v.Name()
	var msg, category string
	switch {
	case !first.appends() && slices.ContainsFunc(g.concats, (*concat).appends):
		// Report the form that grows at the end, the common one.
		for _, c := range g.concats {
			if c.appends() {
				first = c
				break
			}
		}
		fallthrough
	case first.appends():
		category = "append"
		how := "+="
		if first.stmt.Tok == token.ASSIGN {
			how = name + " = " + name + " + …"
		}
		msg = fmt.Sprintf("string %s grows by %s in a loop, copied whole each time: build it with a strings.Builder", name, how)
	default:
		category = "prepend"
		msg = fmt.Sprintf("string %s grows by prepending in a loop, copied whole each time: collect the parts and join them once", name)
	}
	diag := analysis.Diagnostic{Pos: first.stmt.Pos(), End: first.stmt.End(), Category: category, Message: msg}
	if edits, ok := ch.fix(g); ok {
		diag.SuggestedFixes = []analysis.SuggestedFix{{
			Message:   fmt.Sprintf("Build %s with a strings.Builder", name),
			TextEdits: edits,
		}}
	}
	ch.pass.Report(diag)
}

// growsUntil reports whether loop is a for statement whose condition
// reads a string that a concatenation in the loop grows: the loop runs
// until the string is long enough or no longer occurs, as in
//
//	for strings.Contains(text, fence) {
//		open += "`"
//		fence += "`"
//	}
func (ch *checker) growsUntil(loop inspector.Cursor) bool {
	f, ok := loop.Node().(*ast.ForStmt)
	if !ok || f.Cond == nil {
		return false
	}
	for _, c := range ch.concats {
		if astutil.Within(c.stmt, f) && ch.mentions(f.Cond, c.v) {
			return true
		}
	}
	return false
}
