package poolreset

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/perfproof/perfproof/analysis/internal/checkdoc"
	"github.com/perfproof/perfproof/internal/astutil"
)

// A putSite is a call that puts a variable's value back into a pool.
type putSite struct {
	call     *ast.CallExpr
	arg      putArg
	deferred bool
	pos      token.Pos // where the Put happens: the call, or the end of the function for a deferred one
}

// checkBody checks one function body.
func (c *checker) checkBody(body *ast.BlockStmt, ftype *ast.FuncType, isInit bool) {
	var sites []putSite
	var direct []*ast.CallExpr // calls in the body itself, not in nested literals
	var visit func(n ast.Node, deferred bool, nested bool)
	visit = func(root ast.Node, deferred bool, nested bool) {
		ast.Inspect(root, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false // handled by the callers below
			case *ast.DeferStmt:
				if lit, ok := ast.Unparen(n.Call.Fun).(*ast.FuncLit); ok {
					// defer func() { pool.Put(p) }(): a deferred Put
					// of this function's variables.
					visit(lit.Body, true, true)
					for _, a := range n.Call.Args {
						visit(a, deferred, nested)
					}
					return false
				}
				c.addSites(&sites, n.Call, true)
				if !nested {
					direct = append(direct, n.Call)
				}
				for _, a := range n.Call.Args {
					visit(a, deferred, nested)
				}
				return false
			case *ast.CallExpr:
				c.addSites(&sites, n, deferred)
				if !nested {
					direct = append(direct, n)
				}
			}
			return true
		})
	}
	visit(body, false, false)
	if len(sites) == 0 {
		return
	}
	fn := c.newFuncInfo(body, ftype, isInit)
	for _, site := range sites {
		// A Put in the body, or in a deferred literal (defer func() {
		// b = b[:0]; pool.Put(&b) }()), which puts this function's
		// variables when it returns.
		if site.deferred || containsCall(direct, site.call) {
			c.checkPutArg(fn, site.call, site.arg, site.deferred)
		}
	}
	c.checkResets(fn, sites, direct)
	c.checkGrown(fn, sites)
}

func containsCall(calls []*ast.CallExpr, call *ast.CallExpr) bool {
	for _, c := range calls {
		if c == call {
			return true
		}
	}
	return false
}

func (c *checker) addSites(sites *[]putSite, call *ast.CallExpr, deferred bool) {
	for _, a := range c.putArgs(call) {
		*sites = append(*sites, putSite{call: call, arg: a, deferred: deferred, pos: call.Pos()})
	}
}

// checkResets reports the resets of copies before the Puts of fn.
func (c *checker) checkResets(fn *funcInfo, sites []putSite, calls []*ast.CallExpr) {
	for _, site := range sites {
		p := c.identVar(site.arg.arg)
		if p == nil {
			continue
		}
		if _, ok := p.Type().Underlying().(*types.Pointer); !ok {
			continue
		}
		c.checkSliceCopies(fn, site, p)
		c.checkStructCopies(fn, site, p)
		c.checkRangeCopies(fn, site, p)
		c.checkValueResets(fn, site, p, calls)
	}
}

// before reports whether n runs before the site's Put: earlier in the
// function, or anywhere for a deferred Put.
func (site putSite) before(n ast.Node) bool {
	return site.deferred || n.End() <= site.pos
}

// rootedAt reports whether e denotes memory of the object p points to:
// *p, p.f, (*p).f.g, p.f[i].
func (c *checker) rootedAt(e ast.Expr, p *types.Var) bool {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.StarExpr:
			return c.identVar(x.X) == p
		case *ast.SelectorExpr:
			if c.identVar(x.X) == p {
				return true
			}
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		default:
			return false
		}
	}
}

// isDirectCopy reports whether e is *p or a field selection p.f.g (not
// an element): a copy of a header stored in the object.
func (c *checker) isDirectCopy(e ast.Expr, p *types.Var) bool {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.StarExpr:
			return c.identVar(x.X) == p
		case *ast.SelectorExpr:
			if c.identVar(x.X) == p {
				return true
			}
			e = x.X
		default:
			return false
		}
	}
}

// checkSliceCopies reports x = x[:0] or x = nil on a local copy x of a
// slice or map stored in the pooled object (x := *bp, x := p.buf), when x
// is not used afterwards: the reset was meant for the pooled object.
func (c *checker) checkSliceCopies(fn *funcInfo, site putSite, p *types.Var) {
	ast.Inspect(fn.body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		as, ok := n.(*ast.AssignStmt)
		if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 || !site.before(as) {
			return true
		}
		x := c.identVar(as.Lhs[0])
		if x == nil || x == p || !fn.declares(x) || !isReset(c, as.Rhs[0], x) {
			return true
		}
		switch x.Type().Underlying().(type) {
		case *types.Slice, *types.Map:
		default:
			return true
		}
		origin := fn.originWithResets(x, []token.Pos{as.Lhs[0].Pos()})
		if origin == nil || !c.isDirectCopy(origin, p) || as.Pos() < origin.End() {
			return true
		}
		except := []ast.Node{as}
		if fn.usedAfter(x, as.End(), except) || fn.loopCarried(x, as, except) || fn.assignedBetween(p, fn.originPos(x), site.pos) {
			return true
		}
		originText := types.ExprString(origin)
		rhs := types.ExprString(as.Rhs[0])
		d := analysis.Diagnostic{
			Pos:      as.Pos(),
			End:      as.End(),
			Category: "copyreset",
			Message: checkdoc.Fit(
				fmt.Sprintf("%s resets a copy of %s, not what %s puts back: assign through the pointer: %s = %s",
					c.stmtText(as), originText, c.putText(site), originText, rhs),
				fmt.Sprintf("%s resets a copy of %s, not what %s puts back: assign %s = %s",
					c.stmtText(as), originText, c.putText(site), originText, rhs),
				fmt.Sprintf("%s resets a copy of %s, not what the Put puts back: assign %s = %s",
					c.stmtText(as), originText, originText, rhs),
				fmt.Sprintf("a reset of a copy of %s, not what the Put puts back: assign through the pointer", originText)),
		}
		// Without another use of x, the fix would leave x declared and
		// not used.
		if src, ok := c.imports.Source(origin); ok && fn.usedElsewhere(x, []token.Pos{as.Lhs[0].Pos()}) {
			d.SuggestedFixes = []analysis.SuggestedFix{{
				Message:   fmt.Sprintf("Assign the reset to %s", originText),
				TextEdits: []analysis.TextEdit{{Pos: as.Lhs[0].Pos(), End: as.Lhs[0].End(), NewText: []byte(src)}},
			}}
		}
		c.copyResets[x] = true
		c.pass.Report(d)
		return true
	})
}

// isReset reports whether e is x[:0], x[:0:0], x[0:0] or nil.
func isReset(c *checker, e ast.Expr, x *types.Var) bool {
	if isNilIdent(c, e) {
		return true
	}
	s, ok := ast.Unparen(e).(*ast.SliceExpr)
	if !ok || c.identVar(s.X) != x {
		return false
	}
	return (s.Low == nil || astutil.IsZero(c.pass.TypesInfo, s.Low)) && s.High != nil && astutil.IsZero(c.pass.TypesInfo, s.High)
}

func isNilIdent(c *checker, e ast.Expr) bool {
	tv, ok := c.pass.TypesInfo.Types[ast.Unparen(e)]
	return ok && tv.IsNil()
}

// isZeroValue reports whether e is a zero value: nil, 0, "", false, an
// empty composite literal, or a reslice to length 0.
func isZeroValue(c *checker, e ast.Expr) bool {
	e = ast.Unparen(e)
	tv, ok := c.pass.TypesInfo.Types[e]
	if !ok {
		return false
	}
	if tv.IsNil() {
		return true
	}
	if tv.Value != nil {
		switch tv.Value.String() {
		case "0", `""`, "false":
			return true
		}
		return false
	}
	switch x := e.(type) {
	case *ast.CompositeLit:
		return len(x.Elts) == 0
	case *ast.SliceExpr:
		return x.High != nil && astutil.IsZero(c.pass.TypesInfo, x.High) && (x.Low == nil || astutil.IsZero(c.pass.TypesInfo, x.Low))
	}
	return false
}

func (c *checker) putText(site putSite) string {
	s := types.ExprString(site.call.Fun) + "(" + types.ExprString(site.arg.arg) + ")"
	if site.deferred {
		s = "the deferred " + s
	}
	return s
}

// checkStructCopies reports field resets on a local copy s := *p of the
// pooled struct (s.buf = s.buf[:0], s.err = nil, s = T{}, s.Reset() with
// a pointer receiver), when s is not used otherwise afterwards.
func (c *checker) checkStructCopies(fn *funcInfo, site putSite, p *types.Var) {
	for v, defs := range fn.defs {
		if len(defs) == 0 || defs[0] == nil || v == p || !fn.declares(v) {
			continue
		}
		star, ok := ast.Unparen(defs[0]).(*ast.StarExpr)
		if !ok || c.identVar(star.X) != p {
			continue
		}
		if _, ok := v.Type().Underlying().(*types.Struct); !ok {
			continue
		}
		c.structCopy(fn, site, p, v, defs[0])
	}
}

func (c *checker) structCopy(fn *funcInfo, site putSite, p, s *types.Var, origin ast.Expr) {
	var resets []ast.Node
	var lhsPos []token.Pos
	ast.Inspect(fn.body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok != token.ASSIGN || len(n.Lhs) != len(n.Rhs) || n.Pos() < origin.End() || !site.before(n) {
				return true
			}
			for i, l := range n.Lhs {
				switch l := ast.Unparen(l).(type) {
				case *ast.SelectorExpr:
					if c.identVar(l.X) == s && isZeroValue(c, n.Rhs[i]) {
						resets = append(resets, n)
						return true
					}
				case *ast.Ident:
					if c.identVar(l) == s && isZeroValue(c, n.Rhs[i]) {
						resets = append(resets, n)
						lhsPos = append(lhsPos, l.Pos())
						return true
					}
				}
			}
		case *ast.ExprStmt:
			call, ok := n.X.(*ast.CallExpr)
			if !ok || n.Pos() < origin.End() || !site.before(n) {
				return true
			}
			sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
			if !ok || c.identVar(sel.X) != s || !isResetName(sel.Sel.Name) {
				return true
			}
			if m, ok := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func); ok {
				if _, isPtr := m.Signature().Recv().Type().(*types.Pointer); isPtr {
					resets = append(resets, n)
				}
			}
		}
		return true
	})
	if len(resets) == 0 {
		return
	}
	if fn.originWithResets(s, lhsPos) == nil {
		return
	}
	first := resets[0]
	if fn.usedAfter(s, first.Pos(), resets) || fn.loopCarried(s, first, resets) || fn.assignedBetween(p, fn.originPos(s), site.pos) {
		return
	}
	stmtText := c.stmtText(first)
	originText := types.ExprString(origin)
	d := analysis.Diagnostic{
		Pos:      first.Pos(),
		End:      first.End(),
		Category: "copyreset",
		Message: checkdoc.Fit(
			fmt.Sprintf("%s resets %s, a copy of %s, not what %s puts back: reset through the pointer: %s",
				stmtText, s.Name(), originText, c.putText(site), c.retarget(first, s, p)),
			fmt.Sprintf("%s resets %s, a copy of %s, not what %s puts back: write %s",
				stmtText, s.Name(), originText, c.putText(site), c.retarget(first, s, p)),
			fmt.Sprintf("%s resets %s, a copy of %s, not what the Put puts back: write %s",
				stmtText, s.Name(), originText, c.retarget(first, s, p)),
			fmt.Sprintf("a reset of %s, a copy of %s, not what the Put puts back: reset through the pointer", s.Name(), originText)),
	}
	// Rewrite every reset of the copy to go through the pointer: the
	// same statements with s replaced by p (a field) or *p (the whole).
	var edits []analysis.TextEdit
	var replaced []token.Pos
	for _, r := range resets {
		for _, e := range c.retargetEdits(r, s, p) {
			edits = append(edits, e)
			replaced = append(replaced, e.Pos)
		}
	}
	if len(edits) > 0 && fn.usedElsewhere(s, replaced) {
		d.SuggestedFixes = []analysis.SuggestedFix{{
			Message:   fmt.Sprintf("Reset through %s instead of the copy %s", p.Name(), s.Name()),
			TextEdits: edits,
		}}
	}
	c.pass.Report(d)
}

// stmtText returns the source of a statement on one line.
func (c *checker) stmtText(n ast.Node) string {
	if src, ok := c.imports.Source(n); ok && !strings.Contains(src, "\n") {
		return src
	}
	switch n := n.(type) {
	case *ast.AssignStmt:
		return types.ExprString(n.Lhs[0]) + " " + n.Tok.String() + " " + types.ExprString(n.Rhs[0])
	case *ast.ExprStmt:
		return types.ExprString(n.X)
	}
	return "the reset"
}

// retarget returns the reset statement n with the copy s replaced by p.
func (c *checker) retarget(n ast.Node, s, p *types.Var) string {
	text := c.stmtText(n)
	src, ok := c.imports.Source(n)
	if !ok {
		return text
	}
	edits := c.retargetEdits(n, s, p)
	// Apply the edits to the statement's text, last first.
	for i := len(edits) - 1; i >= 0; i-- {
		e := edits[i]
		off := int(e.Pos - n.Pos())
		end := int(e.End - n.Pos())
		if off < 0 || end > len(src) {
			return text
		}
		src = src[:off] + string(e.NewText) + src[end:]
	}
	return src
}

// retargetEdits replaces the copy s, where a reset statement writes to it
// or calls a method on it, by the pooled pointer p: s.f = v becomes
// p.f = v, s = T{} becomes *p = T{}, s.Reset() becomes p.Reset(). Reads
// of s (s.buf in s.buf = s.buf[:0]) stay: s is a copy of *p, so they read
// the same header.
func (c *checker) retargetEdits(n ast.Node, s, p *types.Var) []analysis.TextEdit {
	var out []analysis.TextEdit
	base := func(e ast.Expr, whole bool) {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok || c.identVar(id) != s {
			return
		}
		text := p.Name()
		if whole {
			text = "*" + p.Name()
		}
		out = append(out, analysis.TextEdit{Pos: id.Pos(), End: id.End(), NewText: []byte(text)})
	}
	switch n := n.(type) {
	case *ast.AssignStmt:
		for _, l := range n.Lhs {
			switch l := ast.Unparen(l).(type) {
			case *ast.SelectorExpr:
				base(l.X, false)
			case *ast.Ident:
				base(l, true)
			}
		}
	case *ast.ExprStmt:
		if call, ok := n.X.(*ast.CallExpr); ok {
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
				base(sel.X, false)
			}
		}
	}
	return out
}

// isResetName reports whether a method name says it resets its receiver.
func isResetName(name string) bool {
	l := strings.ToLower(name)
	for _, w := range []string{"reset", "clear", "zero", "truncate"} {
		if strings.Contains(l, w) {
			return true
		}
	}
	return false
}

// checkRangeCopies reports assignments of zero values to fields of a
// range variable over the pooled object's slice or array of structs:
// for _, e := range p.items { e.ref = nil } clears copies, and the pooled
// elements keep their references.
func (c *checker) checkRangeCopies(fn *funcInfo, site putSite, p *types.Var) {
	ast.Inspect(fn.body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		rs, ok := n.(*ast.RangeStmt)
		if !ok || rs.Tok != token.DEFINE || rs.Value == nil || !site.before(rs) || !c.rootedAt(rs.X, p) {
			return true
		}
		e := c.identVar(rs.Value)
		if e == nil {
			return true
		}
		if _, ok := e.Type().Underlying().(*types.Struct); !ok {
			return true
		}
		var resets []ast.Node
		onlyResets := true
		for _, st := range rs.Body.List {
			as, ok := st.(*ast.AssignStmt)
			if ok && as.Tok == token.ASSIGN && len(as.Lhs) == len(as.Rhs) && c.fieldsOf(as.Lhs, e) && allZero(c, as.Rhs) {
				resets = append(resets, as)
				continue
			}
			onlyResets = false
		}
		if len(resets) == 0 || fn.usedAfter(e, resets[0].Pos(), resets) || fn.assignedBetween(p, rs.Pos(), site.pos) {
			return true
		}
		first := resets[0].(*ast.AssignStmt)
		xText := types.ExprString(rs.X)
		indexed := c.stmtText(first)
		if src, ok := c.imports.Source(first); ok {
			// The statement with each e.f written X[i].f.
			var b strings.Builder
			last := first.Pos()
			for _, l := range first.Lhs {
				sel := ast.Unparen(l).(*ast.SelectorExpr)
				b.WriteString(src[last-first.Pos() : sel.X.Pos()-first.Pos()])
				b.WriteString(xText + "[i]")
				last = sel.X.End()
			}
			b.WriteString(src[last-first.Pos():])
			indexed = b.String()
		}
		msg := checkdoc.Fit(
			fmt.Sprintf("%s clears %s, a copy of each element of %s, not the element: index the slice: %s",
				c.stmtText(first), e.Name(), xText, indexed),
			fmt.Sprintf("%s clears %s, a copy of each element of %s, not the element: index the slice",
				c.stmtText(first), e.Name(), xText),
			fmt.Sprintf("a reset of %s, a copy of each element of %s, not the element: index the slice", e.Name(), xText))
		d := analysis.Diagnostic{
			Pos:      first.Pos(),
			End:      first.End(),
			Category: "copyreset",
			Message:  msg,
		}
		if fix, ok := c.rangeFix(rs, e, onlyResets); ok {
			d.SuggestedFixes = []analysis.SuggestedFix{fix}
		}
		c.pass.Report(d)
		return true
	})
}

// fieldsOf reports whether every expression is a field selection on e.
func (c *checker) fieldsOf(lhs []ast.Expr, e *types.Var) bool {
	for _, l := range lhs {
		sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
		if !ok || c.identVar(sel.X) != e {
			return false
		}
	}
	return true
}

func allZero(c *checker, es []ast.Expr) bool {
	for _, e := range es {
		if !isZeroValue(c, e) {
			return false
		}
	}
	return true
}

// rangeFix rewrites for _, e := range X { e.f = zero } as
// for i := range X { X[i].f = zero } when the body holds only such
// assignments, X has no side effects, and the key is unused.
func (c *checker) rangeFix(rs *ast.RangeStmt, e *types.Var, onlyResets bool) (analysis.SuggestedFix, bool) {
	if !onlyResets || !astutil.PureExpr(rs.X) {
		return analysis.SuggestedFix{}, false
	}
	if rs.Key != nil {
		if id, ok := rs.Key.(*ast.Ident); !ok || id.Name != "_" {
			return analysis.SuggestedFix{}, false
		}
	}
	x, ok := c.imports.Source(rs.X)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	idx := c.freshName(rs, "i", "j", "k", "idx")
	if idx == "" {
		return analysis.SuggestedFix{}, false
	}
	keyStart := rs.Value.Pos()
	if rs.Key != nil {
		keyStart = rs.Key.Pos()
	}
	edits := []analysis.TextEdit{{Pos: keyStart, End: rs.Value.End(), NewText: []byte(idx)}}
	for _, st := range rs.Body.List {
		for _, l := range st.(*ast.AssignStmt).Lhs {
			sel := ast.Unparen(l).(*ast.SelectorExpr)
			edits = append(edits, analysis.TextEdit{Pos: sel.X.Pos(), End: sel.X.End(), NewText: []byte(x + "[" + idx + "]")})
		}
	}
	return analysis.SuggestedFix{
		Message:   fmt.Sprintf("Clear the fields of %s through an index", x),
		TextEdits: edits,
	}, true
}

// freshName returns the first candidate not visible at n's position and
// not declared inside n.
func (c *checker) freshName(n ast.Node, candidates ...string) string {
	scope := c.pass.Pkg.Scope().Innermost(n.Pos())
	for _, name := range candidates {
		if scope != nil {
			if _, obj := scope.LookupParent(name, n.Pos()); obj != nil {
				continue
			}
		}
		used := false
		ast.Inspect(n, func(m ast.Node) bool {
			if id, ok := m.(*ast.Ident); ok && id.Name == name {
				used = true
			}
			return !used
		})
		if !used {
			return name
		}
	}
	return ""
}

// checkValueResets reports p.Reset() before the Put of p when Reset has a
// value receiver and assigns to it: the assignments change Reset's copy.
func (c *checker) checkValueResets(fn *funcInfo, site putSite, p *types.Var, calls []*ast.CallExpr) {
	for _, call := range calls {
		if !site.before(call) || call.Pos() == site.call.Pos() {
			continue
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			continue
		}
		recv := ast.Unparen(sel.X)
		if star, ok := recv.(*ast.StarExpr); ok {
			recv = star.X
		}
		if c.identVar(recv) != p {
			continue
		}
		m, ok := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
		if !ok {
			continue
		}
		r := c.resetFactOf(m)
		if r == nil || fn.assignedBetween(p, call.Pos(), site.pos) {
			continue
		}
		c.pass.Report(analysis.Diagnostic{
			Pos:      call.Pos(),
			End:      call.End(),
			Category: "copyreset",
			Message: checkdoc.Fit(
				fmt.Sprintf("%s has a value receiver, so its assignments to %s are lost before %s: give it a pointer receiver",
					m.Name(), strings.Join(r.Fields, ", "), c.putText(site)),
				fmt.Sprintf("%s has a value receiver, so its reset is lost before %s: give it a pointer receiver", m.Name(), c.putText(site)),
				fmt.Sprintf("%s has a value receiver, so its reset is lost before the Put: give it a pointer receiver", m.Name())),
		})
	}
}

// valueReset returns the reset fact of a method with a value receiver
// that assigns to its receiver or the receiver's fields, whose name says
// it resets (Reset, clear, ...): such assignments are lost when the
// method returns.
func (c *checker) valueReset(fd *ast.FuncDecl) *resetFact {
	if fd.Recv == nil || len(fd.Recv.List) != 1 || len(fd.Recv.List[0].Names) != 1 || !isResetName(fd.Name.Name) {
		return nil
	}
	recv, ok := c.pass.TypesInfo.Defs[fd.Recv.List[0].Names[0]].(*types.Var)
	if !ok {
		return nil
	}
	if _, isPtr := recv.Type().Underlying().(*types.Pointer); isPtr {
		return nil
	}
	if _, isStruct := recv.Type().Underlying().(*types.Struct); !isStruct {
		return nil // a map or slice receiver can be reset through
	}
	var fields []string
	seen := make(map[string]bool)
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || as.Tok != token.ASSIGN {
			return true
		}
		for _, l := range as.Lhs {
			name := ""
			switch l := ast.Unparen(l).(type) {
			case *ast.SelectorExpr:
				if c.identVar(l.X) == recv {
					name = l.Sel.Name
				}
			case *ast.Ident:
				if c.identVar(l) == recv {
					name = "*"
				}
			}
			if name != "" && !seen[name] {
				seen[name] = true
				fields = append(fields, name)
			}
		}
		return true
	})
	if len(fields) == 0 {
		return nil
	}
	return &resetFact{Fields: fields}
}
