package splitcut

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"go/version"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/perfproof/perfproof/analysis/internal/checkdoc"
	"github.com/perfproof/perfproof/analysis/internal/fiximport"
	"github.com/perfproof/perfproof/analysis/internal/hotpath"
	"github.com/perfproof/perfproof/internal/astutil"
)

//go:embed doc.go
var doc string

// Analyzer reports strings.Split and bytes.Split whose result is used
// only for its first one or two fields.
var Analyzer = &analysis.Analyzer{
	Name:             "splitcut",
	Doc:              checkdoc.MustExtract(doc, "splitcut"),
	URL:              "https://pkg.go.dev/github.com/perfproof/perfproof/analysis/passes/splitcut",
	Requires:         []*analysis.Analyzer{hotpath.Analyzer},
	RunDespiteErrors: true,
	Run:              run,
}

func run(pass *analysis.Pass) (any, error) {
	imported := false
	for _, p := range pass.Pkg.Imports() {
		imported = imported || p.Path() == "strings" || p.Path() == "bytes"
	}
	if !imported {
		return nil, nil
	}
	c := &checker{
		pass:    pass,
		hot:     pass.ResultOf[hotpath.Analyzer].(*hotpath.Info),
		imports: fiximport.New(pass),
	}
	for cur := range c.hot.Inspector.Root().Preorder((*ast.CallExpr)(nil)) {
		c.check(cur)
	}
	return nil, nil
}

type checker struct {
	pass    *analysis.Pass
	hot     *hotpath.Info
	imports *fiximport.Editor
}

// A split is a call of Split or SplitN of package strings or bytes whose
// separator is a non-empty constant.
type split struct {
	call *ast.CallExpr
	pkg  string // "strings" or "bytes"
	name string // "Split" or "SplitN"
	// pair reports SplitN(s, sep, 2): its second field is the rest of s
	// after the first separator, as Cut's after is; a Split's second
	// field ends at the next separator.
	pair bool
}

// The uses of a split's result that the check reads.
type use struct {
	index int      // 0 or 1 for parts[0], parts[1]; -1 for a comparison of len(parts)
	node  ast.Expr // parts[i], or the comparison
	// For a comparison: ok reports that found (or !found, when found is
	// false) says the same; exact that it counts exactly two fields
	// (len(parts) == 2), which says found only for SplitN(s, sep, 2).
	found, ok, exact bool
}

func (c *checker) check(cur inspector.Cursor) {
	call := cur.Node().(*ast.CallExpr)
	sp, ok := c.split(call)
	if !ok {
		return
	}
	h := c.hot
	if h.RunsOnce(cur) || h.InDeadCode(cur) || h.InTestCode(cur) && !h.InBenchmarkLoop(cur) {
		return
	}
	// A module that still builds with Go older than 1.18 gets the
	// report, without a fix that would not build there.
	fixable := c.cutAvailable(call.Pos())
	parent := cur.Parent()
	// strings.Split(s, sep)[0], strings.SplitN(s, sep, 2)[1]
	if ix, ok := parent.Node().(*ast.IndexExpr); ok && ix.X == call {
		i, ok := constIndex(c.pass.TypesInfo, ix.Index)
		if !ok {
			return
		}
		p := first
		if i == 1 {
			p = second
		}
		d := analysis.Diagnostic{Pos: call.Pos(), End: ix.End(), Message: message(sp, p)}
		if i == 0 && fixable {
			if as, ok := parent.Parent().Node().(*ast.AssignStmt); ok && (as.Tok == token.DEFINE || as.Tok == token.ASSIGN) &&
				len(as.Lhs) == 1 && len(as.Rhs) == 1 && as.Rhs[0] == ix {
				// x := strings.Split(s, sep)[0]  →  x, _, _ := strings.Cut(s, sep)
				lhs, ok := c.imports.Source(as.Lhs[0])
				if fix, fixed := c.cutFix(sp, as.Lhs[0].Pos(), ix.End(), lhs+", _, _ "+as.Tok.String()+" "); ok && fixed {
					d.SuggestedFixes = []analysis.SuggestedFix{fix}
				}
			}
		}
		c.pass.Report(d)
		return
	}
	// parts := strings.Split(s, sep), then parts[0], parts[1], len(parts)
	as, ok := parent.Node().(*ast.AssignStmt)
	if !ok || as.Tok != token.DEFINE || len(as.Lhs) != 1 || len(as.Rhs) != 1 || as.Rhs[0] != call {
		return
	}
	id, ok := as.Lhs[0].(*ast.Ident)
	if !ok || id.Name == "_" {
		return
	}
	v, ok := c.pass.TypesInfo.Defs[id].(*types.Var)
	if !ok {
		return
	}
	fn, ok := astutil.EnclosingFunc(cur)
	if !ok {
		return
	}
	body := astutil.FuncBody(fn.Node())
	if body == nil {
		return
	}
	uses, ok := c.uses(body, v)
	if !ok || len(uses) == 0 {
		return
	}
	p := first
	for _, u := range uses {
		if u.index == 1 {
			p = both
		}
	}
	d := analysis.Diagnostic{Pos: call.Pos(), End: call.End(), Message: message(sp, p)}
	if fix, ok := c.varFix(sp, as, body, uses); ok && fixable {
		d.SuggestedFixes = []analysis.SuggestedFix{fix}
	}
	c.pass.Report(d)
}

// What a split's fields are used for, for its message.
type purpose int

const (
	first  purpose = iota // the first field
	second                // the second field alone (…)[1]
	both                  // the first two
)

// message says what the split costs and what to write instead. A Split's
// second field ends at the next separator, where Cut's after runs to the
// end of s: the message says so when the second field of a Split is used.
func message(sp split, p purpose) string {
	fn := sp.pkg + "." + sp.name
	switch {
	case p != first && !sp.pair:
		return checkdoc.Fit(
			fn+" allocates a slice of every field to use two: "+sp.pkg+".Cut returns them, its after up to the end",
			fn+" allocates a slice of every field to use two: "+sp.pkg+".Cut returns them without one")
	case p == second:
		return fn + " allocates a slice to use the text after the separator: " + sp.pkg + ".Cut returns it without one"
	case p == both:
		return fn + " allocates a slice to use its two fields: " + sp.pkg + ".Cut returns them without allocating"
	default:
		return fn + " allocates a slice of every field to use the first: " + sp.pkg + ".Cut finds it without allocating"
	}
}

// split returns the split call is, if it is one.
func (c *checker) split(call *ast.CallExpr) (split, bool) {
	fn, ok := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Signature().Recv() != nil {
		return split{}, false
	}
	pkg := fn.Pkg().Path()
	if pkg != "strings" && pkg != "bytes" {
		return split{}, false
	}
	sp := split{call: call, pkg: pkg, name: fn.Name()}
	switch {
	case fn.Name() == "Split" && len(call.Args) == 2:
	case fn.Name() == "SplitN" && len(call.Args) == 3:
		tv, ok := c.pass.TypesInfo.Types[call.Args[2]]
		if !ok || tv.Value == nil {
			return split{}, false
		}
		n, ok := constant.Int64Val(constant.ToInt(tv.Value))
		switch {
		case !ok:
			return split{}, false
		case n == 2:
			sp.pair = true
		case n < 0 || n > 2:
			// the first two fields are Split's
		default:
			return split{}, false
		}
	default:
		return split{}, false
	}
	if !nonEmptySep(c.pass.TypesInfo, call.Args[1]) {
		return split{}, false
	}
	if _, ok := call.Fun.(*ast.SelectorExpr); !ok {
		return split{}, false
	}
	return sp, true
}

// nonEmptySep reports whether sep is a separator known not to be empty: a
// non-empty string constant, []byte of one, or a []byte literal with
// elements. Split with an empty separator splits after each UTF-8
// sequence, and returns no field at all for an empty s.
func nonEmptySep(info *types.Info, sep ast.Expr) bool {
	sep = ast.Unparen(sep)
	if tv, ok := info.Types[sep]; ok && tv.Value != nil {
		return tv.Value.Kind() == constant.String && constant.StringVal(tv.Value) != ""
	}
	switch e := sep.(type) {
	case *ast.CallExpr: // []byte("=")
		if len(e.Args) != 1 {
			return false
		}
		if tv, ok := info.Types[e.Fun]; !ok || !tv.IsType() {
			return false
		}
		return nonEmptySep(info, e.Args[0])
	case *ast.CompositeLit: // []byte{'='}
		return len(e.Elts) > 0
	}
	return false
}

// cutAvailable reports whether the file at pos is built with Go 1.18 or
// later, which has strings.Cut and bytes.Cut; a file of unknown version
// is.
func (c *checker) cutAvailable(pos token.Pos) bool {
	for _, f := range c.pass.Files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			if v := c.pass.TypesInfo.FileVersions[f]; v != "" {
				return version.Compare(v, "go1.18") >= 0
			}
		}
	}
	if v := c.pass.Pkg.GoVersion(); v != "" {
		return version.Compare(v, "go1.18") >= 0
	}
	return true
}

// constIndex returns the value of an index expression that is the
// constant 0 or 1.
func constIndex(info *types.Info, e ast.Expr) (int, bool) {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil {
		return 0, false
	}
	n, ok := constant.Int64Val(constant.ToInt(tv.Value))
	if !ok || n != 0 && n != 1 {
		return 0, false
	}
	return int(n), true
}

// uses returns every use of v in body, and false if one is not parts[0],
// parts[1] read as a value, or len(parts) compared with a constant.
func (c *checker) uses(body *ast.BlockStmt, v *types.Var) ([]use, bool) {
	info := c.pass.TypesInfo
	var uses []use
	ok := true
	// Walk with a stack of parents, to see each identifier's context.
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if !ok {
			return false
		}
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		defer func() { stack = append(stack, n) }()
		id, isID := n.(*ast.Ident)
		if !isID || info.Uses[id] != v {
			return true
		}
		u, good := classifyUse(info, id, stack)
		if !good {
			ok = false
			return false
		}
		uses = append(uses, u)
		return true
	})
	return uses, ok
}

// classifyUse reads the use of the variable id given its ancestors
// (stack, innermost last).
func classifyUse(info *types.Info, id *ast.Ident, stack []ast.Node) (use, bool) {
	if len(stack) == 0 {
		return use{}, false
	}
	parent := stack[len(stack)-1]
	switch p := parent.(type) {
	case *ast.IndexExpr:
		if p.X != id {
			return use{}, false
		}
		i, ok := constIndex(info, p.Index)
		if !ok || written(p, stack[:len(stack)-1]) {
			return use{}, false
		}
		return use{index: i, node: p}, true
	case *ast.CallExpr:
		if !astutil.IsResolvedBuiltin(info, p.Fun, "len") || len(p.Args) != 1 || len(stack) < 2 {
			return use{}, false
		}
		switch q := stack[len(stack)-2].(type) {
		case *ast.BinaryExpr:
			return comparison(info, q, p)
		case *ast.SwitchStmt: // switch len(parts) { case 1: …; case 2: … }
			if q.Tag == p && fewCases(info, q) {
				return use{index: -1, node: p}, true
			}
		}
		return use{}, false
	}
	return use{}, false
}

// written reports whether the index expression ix is assigned to, has its
// address taken or is incremented.
func written(ix *ast.IndexExpr, stack []ast.Node) bool {
	if len(stack) == 0 {
		return false
	}
	switch p := stack[len(stack)-1].(type) {
	case *ast.AssignStmt:
		for _, l := range p.Lhs {
			if l == ix {
				return true
			}
		}
	case *ast.IncDecStmt:
		return p.X == ix
	case *ast.UnaryExpr:
		return p.Op == token.AND
	}
	return false
}

// comparison reads len(parts) op k (or k op len(parts)) as a test of
// whether the separator was found: true for len ≥ 2, len > 1, len != 1;
// false for len < 2, len ≤ 1, len == 1. Other comparisons (len == 2, which
// for Split also says there is no second separator) are uses the check
// accepts but does not rewrite.
func comparison(info *types.Info, cmp *ast.BinaryExpr, lenCall *ast.CallExpr) (use, bool) {
	op := cmp.Op
	var k ast.Expr
	switch {
	case cmp.X == lenCall:
		k = cmp.Y
	case cmp.Y == lenCall:
		k, op = cmp.X, astutil.FlipComparison(op) // k op len  →  len op' k
	default:
		return use{}, false
	}
	tv, ok := info.Types[k]
	if !ok || tv.Value == nil {
		return use{}, false
	}
	n, ok := constant.Int64Val(constant.ToInt(tv.Value))
	if !ok {
		return use{}, false
	}
	u := use{index: -1, node: cmp}
	switch {
	case op == token.GEQ && n == 2, op == token.GTR && n == 1, op == token.NEQ && n == 1:
		u.found, u.ok = true, true
	case op == token.LSS && n == 2, op == token.LEQ && n == 1, op == token.EQL && n == 1:
		u.found, u.ok = false, true
	case op == token.EQL && n == 2, op == token.NEQ && n == 2:
		// exactly two fields: for SplitN(s, sep, 2) the same as found
		u.found, u.ok, u.exact = op == token.EQL, true, true
	}
	// Any other comparison counts fields beyond the second (len(parts)
	// == 3, != 6, > 2): the slice's length is the point, which Cut does
	// not give.
	return u, u.ok
}

// fewCases reports whether every case of a switch on len(parts) is the
// constant 1 or 2: a switch with a case for three fields or more counts
// what Cut does not give.
func fewCases(info *types.Info, sw *ast.SwitchStmt) bool {
	for _, st := range sw.Body.List {
		cc, ok := st.(*ast.CaseClause)
		if !ok {
			return false
		}
		for _, e := range cc.List {
			tv, ok := info.Types[e]
			if !ok || tv.Value == nil {
				return false
			}
			if n, ok := constant.Int64Val(constant.ToInt(tv.Value)); !ok || n != 1 && n != 2 {
				return false
			}
		}
	}
	return true
}

// cutFix replaces the source from pos to end (an assignment's left side
// through its split) with prefix followed by the Cut call of sp.
func (c *checker) cutFix(sp split, pos, end token.Pos, prefix string) (analysis.SuggestedFix, bool) {
	call := sp.call
	qual, ok := c.imports.Source(call.Fun.(*ast.SelectorExpr).X)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	s, ok1 := c.imports.Source(call.Args[0])
	sep, ok2 := c.imports.Source(call.Args[1])
	if !ok1 || !ok2 {
		return analysis.SuggestedFix{}, false
	}
	return analysis.SuggestedFix{
		Message:   fmt.Sprintf("Use %s.Cut", sp.pkg),
		TextEdits: []analysis.TextEdit{{Pos: pos, End: end, NewText: []byte(prefix + qual + ".Cut(" + s + ", " + sep + ")")}},
	}, true
}

// varFix rewrites parts := strings.Split(s, sep) and its uses into
// before, after, found := strings.Cut(s, sep), when Cut reads the same:
// every use is parts[0], or (for SplitN(s, sep, 2)) parts[1], or a
// comparison of len(parts) that found or !found says. Names not used in
// the function are chosen; those the uses do not need are _.
func (c *checker) varFix(sp split, as *ast.AssignStmt, body *ast.BlockStmt, uses []use) (analysis.SuggestedFix, bool) {
	var need [3]bool // before, after, found
	for _, u := range uses {
		switch {
		case u.index == 0:
			need[0] = true
		case u.index == 1:
			if !sp.pair {
				return analysis.SuggestedFix{}, false
			}
			need[1] = true
		case !u.ok, u.exact && !sp.pair:
			return analysis.SuggestedFix{}, false
		default:
			need[2] = true
		}
	}
	taken := map[string]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			taken[id.Name] = true
		}
		return true
	})
	var names [3]string
	for i, base := range []string{"before", "after", "found"} {
		names[i] = "_"
		if !need[i] {
			continue
		}
		name := base
		for k := 2; taken[name]; k++ {
			name = fmt.Sprintf("%s%d", base, k)
		}
		taken[name] = true
		names[i] = name
	}
	fix, ok := c.cutFix(sp, as.Lhs[0].Pos(), as.End(), names[0]+", "+names[1]+", "+names[2]+" := ")
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	for _, u := range uses {
		text := ""
		switch {
		case u.index >= 0:
			text = names[u.index]
		case u.found:
			text = names[2]
		default:
			text = "!" + names[2]
		}
		fix.TextEdits = append(fix.TextEdits, analysis.TextEdit{Pos: u.node.Pos(), End: u.node.End(), NewText: []byte(text)})
	}
	return fix, true
}
