package queryonce

import (
	"bytes"
	_ "embed"
	"fmt"
	"go/ast"
	"go/format"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/perfproof/perfproof/analysis/internal/checkdoc"
	"github.com/perfproof/perfproof/analysis/internal/deps"
	"github.com/perfproof/perfproof/analysis/internal/fixtext"
	"github.com/perfproof/perfproof/analysis/internal/hotpath"
)

//go:embed doc.go
var doc string

// Analyzer reports url.URL.Query called again on a URL it already parsed,
// in the same function or in a loop that does not change the URL.
var Analyzer = &analysis.Analyzer{
	Name:             "queryonce",
	Doc:              checkdoc.MustExtract(doc, "queryonce"),
	URL:              "https://pkg.go.dev/github.com/perfproof/perfproof/analysis/passes/queryonce",
	Requires:         []*analysis.Analyzer{hotpath.Analyzer},
	RunDespiteErrors: true,
	Run:              run,
}

// A queryCall is one parse of a URL's query string: a call of
// (net/url.URL).Query, or a call of a function of the package that makes
// one on a URL it is given (via).
type queryCall struct {
	cur  inspector.Cursor
	call *ast.CallExpr
	via  string // the function of the package the call parses through, "" for a Query call
}

// A group is the parses of one URL expression's query string in one
// function.
type group struct {
	fn    inspector.Cursor // the *ast.FuncDecl or *ast.FuncLit
	key   string           // types.ExprString of the URL, without a leading *
	root  *types.Var       // the variable the URL expression starts from
	calls []queryCall
}

// A paramQuery says that a function of the package parses the query of
// the URL its parameter index reaches through suffix ("" for the
// parameter itself, ".URL" for a request's), as getBoolParam(u *url.URL,
// name string) does with u.Query()[name].
type paramQuery struct {
	index  int
	suffix string
}

func run(pass *analysis.Pass) (any, error) {
	if !deps.DependsOn(pass.Pkg, "net/url") {
		return nil, nil
	}
	hot := pass.ResultOf[hotpath.Analyzer].(*hotpath.Info)
	info := pass.TypesInfo
	helpers := parsers(info, hot)
	var groups []*group
	byKey := make(map[[2]any]*group)
	add := func(cur inspector.Cursor, url ast.Expr, via string) {
		root := stableRoot(info, url)
		if root == nil || hot.Once(cur) {
			return
		}
		fn, ok := enclosingFunc(cur)
		if !ok {
			return
		}
		key := types.ExprString(stripStar(url))
		if via != "" {
			key += helpers[typeutil.Callee(info, cur.Node().(*ast.CallExpr)).(*types.Func)][0].suffix
		}
		k := [2]any{fn.Node(), key}
		g := byKey[k]
		if g == nil {
			g = &group{fn: fn, key: key, root: root}
			byKey[k] = g
			groups = append(groups, g)
		}
		g.calls = append(g.calls, queryCall{cur: cur, call: cur.Node().(*ast.CallExpr), via: via})
	}
	for cur := range hot.Inspector.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && len(call.Args) == 0 && isQuery(info, call) {
			add(cur, stripAddr(sel.X), "")
			continue
		}
		if fn, ok := typeutil.Callee(info, call).(*types.Func); ok {
			if pqs := helpers[fn]; len(pqs) == 1 && pqs[0].index < len(call.Args) {
				add(cur, stripAddr(call.Args[pqs[0].index]), fn.Name())
			}
		}
	}
	for _, g := range groups {
		if changed(info, g) {
			continue
		}
		name := funcName(g.fn)
		if seq := sequential(g); len(seq) >= 2 {
			n := len(seq)
			var vias []string
			for _, c := range g.calls {
				if c.via != "" && !slices.Contains(vias, c.via) {
					vias = append(vias, c.via)
				}
			}
			msg := checkdoc.Fit(
				fmt.Sprintf("%s.Query() parses the query string again (%d calls in %s): parse it once and read the url.Values", g.key, n, name),
				fmt.Sprintf("url.URL.Query() parses the same query string again (%d calls in one function): parse it once", n))
			if len(vias) > 0 {
				msg = checkdoc.Fit(
					fmt.Sprintf("%s.Query() parses the query string again (%d parses in %s, via %s): parse it once", g.key, n, name, strings.Join(vias, ", ")),
					fmt.Sprintf("%s.Query() parses the query string again (%d parses in %s, via calls): parse it once", g.key, n, name),
					fmt.Sprintf("url.URL.Query() parses the same query string again (%d parses in one function, via calls): parse it once", n))
			}
			d := analysis.Diagnostic{Pos: seq[1].call.Pos(), End: seq[1].call.End(), Message: msg}
			if fix, ok := fixGroup(pass, g); ok && n == len(g.calls) {
				d.SuggestedFixes = []analysis.SuggestedFix{fix}
			}
			pass.Report(d)
			continue
		}
		c, ok := inInvariantLoop(hot, g)
		if !ok {
			continue // parsed once per call, or a URL of each iteration
		}
		what := g.key + ".Query() parses the same query string"
		if c.via != "" {
			what = c.via + " parses " + g.key + "'s query string"
		}
		pass.Report(analysis.Diagnostic{
			Pos: c.call.Pos(),
			End: c.call.End(),
			Message: checkdoc.Fit(
				fmt.Sprintf("%s on every iteration of the loop in %s: parse it once before the loop", what, name),
				"url.URL.Query() parses the same query string on every iteration of the loop: parse it once before the loop"),
		})
	}
	return nil, nil
}

// inInvariantLoop returns the first call of g in a loop that does not
// change the URL (its variable is declared before the loop; changed has
// ruled out assignments).
func inInvariantLoop(hot *hotpath.Info, g *group) (queryCall, bool) {
	for _, c := range g.calls {
		if loop, ok := hot.Loop(c.cur); ok && g.root.Pos() < loop.Node().Pos() {
			return c, true
		}
	}
	return queryCall{}, false
}

// sequential returns the most calls of g that one run of its function can
// make, in source order: greedily from each call, the calls of which no
// two are exclusive (see exclusive). Calls in different cases of a switch,
// or in the two branches of an if, parse once per run (asynq's
// ParseRedisURI hands the URL to one parser per scheme). Cost: quadratic
// in the calls of one URL in one function, a handful.
func sequential(g *group) []queryCall {
	var best []queryCall
	for i, a := range g.calls {
		kept := []queryCall{a}
		for j, b := range g.calls {
			if i != j && !slices.ContainsFunc(kept, func(k queryCall) bool { return exclusive(g.fn.Node(), k.call, b.call) }) {
				kept = append(kept, b)
			}
		}
		if len(kept) > len(best) {
			best = kept
		}
	}
	slices.SortFunc(best, func(a, b queryCall) int { return int(a.call.Pos() - b.call.Pos()) })
	return best
}

// exclusive reports whether no run of fn reaches both a and b: they sit in
// different cases of one switch or select statement, or one in the body
// and the other in the else branch of one if statement, or one of them in
// a block that ends in a return statement and the other after that block
// (if legacy { return u.Query().Get("v1") }; return u.Query().Get("v2")).
func exclusive(fn, a, b ast.Node) bool {
	within := func(n, outer ast.Node) bool {
		return outer != nil && outer.Pos() <= n.Pos() && n.End() <= outer.End()
	}
	var lca ast.Node
	ast.Inspect(fn, func(n ast.Node) bool {
		if n == nil || !within(a, n) || !within(b, n) {
			return false
		}
		lca = n
		return true
	})
	if returnsBefore(lca, a, b) || returnsBefore(lca, b, a) {
		return true
	}
	switch n := lca.(type) {
	case *ast.IfStmt:
		return n.Else != nil && (within(a, n.Body) && within(b, n.Else) || within(b, n.Body) && within(a, n.Else))
	case *ast.BlockStmt:
		for _, st := range n.List {
			switch st.(type) {
			case *ast.CaseClause, *ast.CommClause:
				// a and b sit in different clauses: this block,
				// the switch's body, is the innermost node holding both.
				return true
			}
		}
	}
	return false
}

// returnsBefore reports whether x sits, below lca, in a block or a case's
// body that ends in a return statement, and y comes after that block: a
// run that reaches x returns before y.
func returnsBefore(lca, x, y ast.Node) bool {
	found := false
	ast.Inspect(lca, func(n ast.Node) bool {
		if found || n == nil || n.Pos() > x.Pos() || x.End() > n.End() {
			return false
		}
		list := stmtList(n)
		if n != lca && len(list) > 0 && y.Pos() >= n.End() {
			if _, ok := list[len(list)-1].(*ast.ReturnStmt); ok {
				found = true
			}
		}
		return true
	})
	return found
}

// parsers returns the functions of the package (declared at top level,
// methods included) whose own body — its function literals left out —
// parses the query of a URL it reaches from one of its parameters, as
// paramQuery says, and does not change that URL. A function that parses
// URLs of several parameters, or one URL through several suffixes, has
// several entries; callers use only functions with one. Cost: one walk of
// each function's body.
func parsers(info *types.Info, hot *hotpath.Info) map[*types.Func][]paramQuery {
	out := make(map[*types.Func][]paramQuery)
	for fcur := range hot.Inspector.Root().Preorder((*ast.FuncDecl)(nil)) {
		decl := fcur.Node().(*ast.FuncDecl)
		fn, ok := info.Defs[decl.Name].(*types.Func)
		if !ok || decl.Body == nil {
			continue
		}
		params := fn.Signature().Params()
		for cur := range fcur.Preorder((*ast.CallExpr)(nil)) {
			call := cur.Node().(*ast.CallExpr)
			sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
			if !ok || len(call.Args) != 0 || !isQuery(info, call) {
				continue
			}
			if lit, ok := enclosingFunc(cur); !ok || lit.Node() != decl {
				continue
			}
			url := stripAddr(sel.X)
			root := stableRoot(info, url)
			for i := 0; i < params.Len(); i++ {
				if params.At(i) != root || params.At(i).Name() == "" {
					continue
				}
				key := types.ExprString(stripStar(url))
				g := &group{fn: fcur, key: key, root: root}
				pq := paramQuery{index: i, suffix: strings.TrimPrefix(key, root.Name())}
				if !changed(info, g) && !slices.Contains(out[fn], pq) {
					out[fn] = append(out[fn], pq)
				}
			}
		}
	}
	return out
}

// stripAddr removes parentheses and a & taken for a method call: u in
// (&u).Query().
func stripAddr(e ast.Expr) ast.Expr {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		return ast.Unparen(u.X)
	}
	return e
}

// isQuery reports whether call calls the Query method of net/url's URL.
func isQuery(info *types.Info, call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok || fn.Name() != "Query" || fn.Pkg() == nil || fn.Pkg().Path() != "net/url" {
		return false
	}
	recv := fn.Signature().Recv()
	if recv == nil {
		return false
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := t.(*types.Named)
	return ok && n.Obj().Name() == "URL"
}

// stableRoot returns the variable a URL expression made of variables,
// field selections and dereferences starts from (r in r.URL, u in *u),
// or nil for any other expression (a call, an index, a conversion), which
// may denote another URL each time it is evaluated.
func stableRoot(info *types.Info, e ast.Expr) *types.Var {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			v, _ := info.Uses[x].(*types.Var)
			if v == nil || v.IsField() {
				return nil
			}
			return v
		case *ast.SelectorExpr:
			sel := info.Selections[x]
			if sel == nil || sel.Kind() != types.FieldVal {
				return nil
			}
			e = x.X
		case *ast.StarExpr:
			e = x.X
		default:
			return nil
		}
	}
}

// enclosingFunc returns the innermost function declaration or literal
// around cur.
func enclosingFunc(cur inspector.Cursor) (inspector.Cursor, bool) {
	for fn := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		return fn, true
	}
	return inspector.Cursor{}, false
}

// funcName names fn for a message: its name, or "a function literal".
func funcName(fn inspector.Cursor) string {
	if d, ok := fn.Node().(*ast.FuncDecl); ok {
		return d.Name.Name
	}
	return "a function literal"
}

// changed reports whether g's function may change the URL between the
// calls: it assigns (=, op=, ++, --, a range's = clause) to the URL
// expression, to a part of it or to an expression it is part of (r.URL,
// r.URL.RawQuery, r, *u), or takes the address of one of them other than
// to call Query on it ((&u).Query()). Declarations (:=, var) of the
// variable itself are not changes. The function's literals count: they
// may run between the calls.
func changed(info *types.Info, g *group) bool {
	root, key := g.root, g.key
	touches := func(e ast.Expr) bool {
		if stableRoot(info, e) != root {
			return false
		}
		s := types.ExprString(stripStar(e))
		return s == key || strings.HasPrefix(s, key+".") || strings.HasPrefix(key, s+".")
	}
	assigned := func(lhs ast.Expr) bool {
		if id, ok := ast.Unparen(lhs).(*ast.Ident); ok && info.Defs[id] != nil {
			return false // declared here
		}
		return touches(lhs)
	}
	for cur := range g.fn.Preorder((*ast.AssignStmt)(nil), (*ast.IncDecStmt)(nil), (*ast.RangeStmt)(nil), (*ast.UnaryExpr)(nil)) {
		switch n := cur.Node().(type) {
		case *ast.AssignStmt:
			for _, lhs := range n.Lhs {
				if assigned(lhs) {
					return true
				}
			}
		case *ast.IncDecStmt:
			if assigned(n.X) {
				return true
			}
		case *ast.RangeStmt:
			if n.Tok == token.ASSIGN {
				for _, lhs := range []ast.Expr{n.Key, n.Value} {
					if lhs != nil && assigned(lhs) {
						return true
					}
				}
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND && touches(n.X) && !queryReceiver(info, cur) {
				return true
			}
		}
	}
	return false
}

// queryReceiver reports whether the &x at cur is taken only to call Query
// on it: (&u).Query().
func queryReceiver(info *types.Info, cur inspector.Cursor) bool {
	p := cur.Parent()
	for {
		if _, ok := p.Node().(*ast.ParenExpr); !ok {
			break
		}
		p = p.Parent()
	}
	sel, ok := p.Node().(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Query" {
		return false
	}
	call, ok := p.Parent().Node().(*ast.CallExpr)
	return ok && ast.Unparen(call.Fun) == sel && isQuery(info, call)
}

// stripStar removes parentheses and a leading dereference: *u and u name
// the same URL for the comparison of expressions.
func stripStar(e ast.Expr) ast.Expr {
	e = ast.Unparen(e)
	if s, ok := e.(*ast.StarExpr); ok {
		return ast.Unparen(s.X)
	}
	return e
}

// fixGroup returns the fix that parses the query string once, if it is
// exact (see the package doc): query := <URL>.Query() before the
// statement holding the first call, and query in place of every call.
func fixGroup(pass *analysis.Pass, g *group) (analysis.SuggestedFix, bool) {
	info := pass.TypesInfo
	for _, c := range g.calls {
		if c.via != "" || !readOnly(info, c.cur) {
			return analysis.SuggestedFix{}, false
		}
	}
	first := g.calls[0]
	stmt, ok := hoistPoint(first.cur, g.calls)
	if !ok || g.root.Pos() >= stmt.Pos() {
		return analysis.SuggestedFix{}, false
	}
	const name = "query"
	if usesName(g.fn.Node(), name) {
		return analysis.SuggestedFix{}, false
	}
	if scope := pass.Pkg.Scope().Innermost(stmt.Pos()); scope != nil {
		if _, obj := scope.LookupParent(name, stmt.Pos()); obj != nil {
			return analysis.SuggestedFix{}, false
		}
	}
	var recv bytes.Buffer
	if err := format.Node(&recv, pass.Fset, ast.Unparen(first.call.Fun).(*ast.SelectorExpr).X); err != nil {
		return analysis.SuggestedFix{}, false
	}
	indent, ok := fixtext.Indent(pass, stmt.Pos())
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	edits := []analysis.TextEdit{{
		Pos:     stmt.Pos(),
		End:     stmt.Pos(),
		NewText: []byte(name + " := " + recv.String() + ".Query()\n" + indent),
	}}
	for _, c := range g.calls {
		edits = append(edits, analysis.TextEdit{Pos: c.call.Pos(), End: c.call.End(), NewText: []byte(name)})
	}
	return analysis.SuggestedFix{
		Message:   "Parse the query string once into " + name + " and read it where Query was called",
		TextEdits: edits,
	}, true
}

// readOnly reports whether the url.Values the call at cur returns is only
// read: by its Get or Has method, an index that is not assigned to, len,
// or a range.
func readOnly(info *types.Info, cur inspector.Cursor) bool {
	parent := cur.Parent()
	switch p := parent.Node().(type) {
	case *ast.ParenExpr:
		return readOnly(info, parent)
	case *ast.SelectorExpr:
		if p.Sel.Name != "Get" && p.Sel.Name != "Has" {
			return false
		}
		_, called := parent.Parent().Node().(*ast.CallExpr)
		return called
	case *ast.IndexExpr:
		if p.X != cur.Node() {
			return false
		}
		if as, ok := parent.Parent().Node().(*ast.AssignStmt); ok {
			for _, lhs := range as.Lhs {
				if lhs == p {
					return false
				}
			}
		}
		return true
	case *ast.CallExpr:
		id, ok := ast.Unparen(p.Fun).(*ast.Ident)
		if !ok {
			return false
		}
		b, ok := info.Uses[id].(*types.Builtin)
		return ok && b.Name() == "len"
	case *ast.RangeStmt:
		return p.X == cur.Node()
	}
	return false
}

// hoistPoint returns the statement before which the query can be parsed
// once: the statement, in the innermost statement list holding every call,
// that holds the first call. ok is false if that statement list is not a
// block or a case's body.
func hoistPoint(first inspector.Cursor, calls []queryCall) (ast.Stmt, bool) {
	contains := func(n ast.Node) bool {
		for _, c := range calls {
			if c.call.Pos() < n.Pos() || c.call.End() > n.End() {
				return false
			}
		}
		return true
	}
	child := first
	for p := first.Parent(); ; p = p.Parent() {
		switch n := p.Node().(type) {
		case *ast.FuncDecl, *ast.FuncLit, nil:
			return nil, false
		case *ast.BlockStmt:
			if s, ok := child.Node().(ast.Stmt); ok && contains(n) {
				return s, true
			}
		case *ast.CaseClause, *ast.CommClause:
			if s, ok := child.Node().(ast.Stmt); ok && contains(n) && isBodyStmt(n, s) {
				return s, true
			}
		}
		child = p
	}
}

// isBodyStmt reports whether s is one of the statements of the case
// clause n's body (not its expression list or comm statement).
func isBodyStmt(n ast.Node, s ast.Stmt) bool {
	return slices.Contains(stmtList(n), s)
}

// stmtList returns the statements of a block or of a case's body, nil for
// any other node.
func stmtList(n ast.Node) []ast.Stmt {
	switch n := n.(type) {
	case *ast.BlockStmt:
		return n.List
	case *ast.CaseClause:
		return n.Body
	case *ast.CommClause:
		return n.Body
	}
	return nil
}

// usesName reports whether any identifier in n is name.
func usesName(n ast.Node, name string) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == name {
			found = true
		}
		return !found
	})
	return found
}
