package poolreset

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/perfproof/perfproof/analysis/internal/checkdoc"
	"github.com/perfproof/perfproof/internal/astutil"
)

// This file reports a pooled pointer to a slice (*[]T) whose slice is
// copied out (s := *p, s := (*p)[:0]), grown (s = append(s, ...)) and
// never stored back through the pointer before p goes back into the pool:
//
//	p := framePool.Get().(*[]byte)
//	buf := (*p)[:0]
//	buf = append(buf, frame...) // may move buf to a larger array
//	handle(buf)
//	framePool.Put(p) // puts back the old, small array
//
// append moves the copy to a new array whenever it outgrows the old one;
// the pool keeps handing out the old array, so every user that outgrows
// it allocates again, and a reset of *p before the Put (a loop clearing
// (*p)[i], clear(*p)) ranges over the old length and misses what was
// appended. The copy and the Put may be in different functions: the Put
// in a wrapper (putBuf(p), known by its putFact), the growth in a callee
// that takes p (known by its growFact).

// growFact marks a function that copies the slice out of a pointer
// parameter (s := *p), grows the copy and never stores it back through
// p: a caller that puts p back into a pool puts back the old array.
// Slots count the receiver first.
type growFact struct {
	// Slots has bit i set if parameter i's slice is grown through a
	// copy; Returned if that copy is also returned (a caller could
	// store it back).
	Slots    uint64
	Returned uint64
	// Copy names the grown copy; Where is the file base name and line
	// of its first growth, e.g. "frame.go:20".
	Copy  string
	Where string
}

func (*growFact) AFact() {}

func (f *growFact) String() string {
	s := fmt.Sprintf("grows a copy of *%s (%s at %s) without storing it back", slotList(f.Slots), f.Copy, f.Where)
	if f.Returned != 0 {
		s += fmt.Sprintf("; returns it for %s", slotList(f.Returned))
	}
	return s
}

func (c *checker) growFactOf(fn *types.Func) *growFact {
	fn = fn.Origin()
	if g, ok := c.grows[fn]; ok {
		return g
	}
	if fn.Pkg() == nil || fn.Pkg() == c.pass.Pkg {
		return nil
	}
	g := new(growFact)
	if c.pass.ImportObjectFact(fn, g) {
		return g
	}
	return nil
}

// sliceElemOfPtr returns the slice type that t points to, or nil.
func sliceElemOfPtr(t types.Type) types.Type {
	if t == nil {
		return nil
	}
	ptr, ok := t.Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	if _, ok := ptr.Elem().Underlying().(*types.Slice); !ok {
		return nil
	}
	return ptr.Elem()
}

// collectGrowFacts computes the grow facts of the package's functions:
// those that grow a copy of the slice a pointer parameter points to and
// never store it back. Helpers can call each other: iterate a few rounds.
func (c *checker) collectGrowFacts(decls []*ast.FuncDecl) {
	type cand struct {
		fd     *ast.FuncDecl
		fn     *types.Func
		params []*types.Var
		info   *funcInfo
	}
	var cands []*cand
	for _, fd := range decls {
		fn, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
		if !ok {
			continue
		}
		params := c.params(fd)
		if !slices.ContainsFunc(params, func(v *types.Var) bool { return v != nil && sliceElemOfPtr(v.Type()) != nil }) {
			continue
		}
		cands = append(cands, &cand{fd: fd, fn: fn, params: params})
	}
	for range 4 {
		changed := false
		for _, cd := range cands {
			if c.grows[cd.fn] != nil {
				continue
			}
			if cd.info == nil {
				cd.info = c.newFuncInfo(cd.fd.Body, cd.fd.Type, false)
				if cd.fd.Recv != nil {
					for _, v := range cd.params[:1] {
						if v != nil {
							cd.info.params[v] = true
						}
					}
				}
			}
			put := c.puts[cd.fn]
			var g *growFact
			for i, pv := range cd.params {
				if pv == nil || i >= 64 || sliceElemOfPtr(pv.Type()) == nil || put != nil && put.Slots&(1<<i) != 0 {
					continue
				}
				pu := c.ptrUses(cd.info, pv, nil)
				if pu.storedBack || pu.escapes {
					continue
				}
				where, name, returned := "", "", false
				for _, gc := range c.grownCopies(cd.info, pv) {
					if gc.flows || pu.reassignedAfter(gc.copyPos) {
						continue
					}
					where, name, returned = c.where(gc.growth[0].Pos()), gc.x.Name(), gc.returned
					break
				}
				if where == "" && len(pu.grows) > 0 {
					gf := pu.grows[0].fact
					where, name = gf.Where, gf.Copy
				}
				if where == "" {
					continue
				}
				if g == nil {
					g = &growFact{Copy: name, Where: where}
				}
				g.Slots |= 1 << i
				if returned {
					g.Returned |= 1 << i
				}
			}
			if g != nil {
				c.grows[cd.fn] = g
				changed = true
			}
		}
		if !changed {
			break
		}
	}
	for fn, g := range c.grows {
		if fn.Exported() {
			c.pass.ExportObjectFact(fn, g)
		}
	}
}

// A ptrUse says what a function does with a pointer to a slice.
type ptrUse struct {
	// storedBack: some assignment writes *p (anywhere in the body,
	// closures included).
	storedBack bool
	// escapes: p is copied, stored, returned, has its address taken or
	// is passed to a function that may write *p.
	escapes bool
	// reassigned holds the positions of assignments to p; reads those
	// of the reads of *p (copies, len(*p), (*p)[i]).
	reassigned []token.Pos
	reads      []token.Pos
	// grows holds the calls that pass p to a function that grows a copy
	// of *p without storing it back.
	grows []growCall
}

type growCall struct {
	call *ast.CallExpr
	fact *growFact
	slot int
}

func (u *ptrUse) reassignedAfter(pos token.Pos) bool {
	for _, p := range u.reassigned {
		if p > pos {
			return true
		}
	}
	return false
}

// parentMap returns the parent of each node under root.
func parentMap(root ast.Node) map[ast.Node]ast.Node {
	m := make(map[ast.Node]ast.Node)
	var stack []ast.Node
	ast.Inspect(root, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if len(stack) > 0 {
			m[n] = stack[len(stack)-1]
		}
		stack = append(stack, n)
		return true
	})
	return m
}

func (fn *funcInfo) parent(n ast.Node) ast.Node {
	if fn.parents == nil {
		fn.parents = parentMap(fn.body)
	}
	return fn.parents[n]
}

// up returns the parent of n, skipping parentheses, and the child of
// that parent on the way (n or its outermost enclosing ParenExpr).
func (fn *funcInfo) up(n ast.Node) (child, par ast.Node) {
	child = n
	par = fn.parent(n)
	for {
		if pe, ok := par.(*ast.ParenExpr); ok {
			child = pe
			par = fn.parent(pe)
			continue
		}
		return child, par
	}
}

// ptrUses classifies the uses of the pointer p. putIdents holds the
// positions of uses of p that are put back into a pool.
func (c *checker) ptrUses(fn *funcInfo, p *types.Var, putIdents map[token.Pos]bool) *ptrUse {
	u := new(ptrUse)
	info := c.pass.TypesInfo
	for _, id := range fn.uses[p] {
		if putIdents[id.Pos()] {
			continue
		}
		child, par := fn.up(id)
		switch par := par.(type) {
		case *ast.StarExpr:
			c2, gp := fn.up(par)
			switch gp := gp.(type) {
			case *ast.AssignStmt:
				if slices.Contains(gp.Lhs, c2.(ast.Expr)) {
					u.storedBack = true
				}
			case *ast.UnaryExpr:
				if gp.Op == token.AND {
					u.escapes = true
				}
			case *ast.RangeStmt:
				if gp.Key == c2 || gp.Value == c2 {
					u.storedBack = true
				}
			}
			// Anything else reads *p or its elements.
			u.reads = append(u.reads, par.Pos())
		case *ast.BinaryExpr:
			// p == nil
		case *ast.AssignStmt:
			if slices.Contains(par.Lhs, child.(ast.Expr)) {
				u.reassigned = append(u.reassigned, id.Pos())
			} else {
				u.escapes = true
			}
		case *ast.CallExpr:
			c.ptrCallUse(u, par, child, info)
		case *ast.SelectorExpr:
			// p.M(...): p is the receiver.
			if call, ok := fn.parent(par).(*ast.CallExpr); ok && call.Fun == par {
				c.ptrCallUse(u, call, child, info)
			} else {
				u.escapes = true
			}
		default:
			u.escapes = true
		}
	}
	return u
}

// ptrCallUse classifies p passed to call (as arg, an argument or a
// method receiver).
func (c *checker) ptrCallUse(u *ptrUse, call *ast.CallExpr, arg ast.Node, info *types.Info) {
	if call.Fun == arg {
		u.escapes = true
		return
	}
	callee, _ := typeutil.Callee(info, call).(*types.Func)
	if callee == nil {
		u.escapes = true
		return
	}
	slot := -1
	slotArg := arg
	if sel, ok := arg.(*ast.SelectorExpr); ok {
		slotArg = sel.X
	}
	for i, a := range callSlots(info, call) {
		if a == slotArg || ast.Unparen(a) == ast.Unparen(slotArg.(ast.Expr)) {
			slot = i
			break
		}
	}
	if slot >= 0 && slot < 64 {
		if g := c.growFactOf(callee); g != nil && g.Slots&(1<<slot) != 0 {
			u.grows = append(u.grows, growCall{call: call, fact: g, slot: slot})
			return
		}
	}
	u.escapes = true
}

// A grownCopy is a local copy of *p that is grown.
type grownCopy struct {
	x       *types.Var
	origin  ast.Expr
	copyPos token.Pos
	// growth holds the calls that may move the copy to a larger array:
	// append with elements, an Append-style function, slices.Grow.
	growth []*ast.CallExpr
	// returned: the copy is returned; flows: it is stored elsewhere,
	// captured by a closure or has its address taken, so that storing
	// it back is not the whole story.
	returned, flows bool
}

// grownCopies returns the local copies of *p that fn grows and that are
// only grown or resliced after the copy.
func (c *checker) grownCopies(fn *funcInfo, p *types.Var) []grownCopy {
	elem := sliceElemOfPtr(p.Type())
	if elem == nil {
		return nil
	}
	var out []grownCopy
	for x, defs := range fn.defs {
		if x == p || !fn.declares(x) || fn.params[x] || len(defs) == 0 || defs[0] == nil {
			continue
		}
		if _, ok := x.Type().Underlying().(*types.Slice); !ok || !types.Identical(x.Type(), elem) {
			continue
		}
		isCopy, initGrowth := c.copyOf(defs[0], p)
		if !isCopy || len(defs) != len(fn.assigns[x]) || len(fn.addrs[x]) > 0 {
			continue
		}
		gc := grownCopy{x: x, origin: defs[0], copyPos: fn.assigns[x][0]}
		if initGrowth != nil {
			gc.growth = append(gc.growth, initGrowth)
		}
		ok := true
		for _, d := range defs[1:] {
			if d == nil {
				ok = false
				break
			}
			if g := c.growthOf(d, x); g != nil {
				gc.growth = append(gc.growth, g)
				continue
			}
			if !fn.selfDerived(d, x) {
				ok = false
				break
			}
		}
		if !ok || len(gc.growth) == 0 {
			continue
		}
		c.copyFlows(fn, p, &gc)
		slices.SortFunc(gc.growth, func(a, b *ast.CallExpr) int { return int(a.Pos() - b.Pos()) })
		out = append(out, gc)
	}
	slices.SortFunc(out, func(a, b grownCopy) int { return int(a.copyPos - b.copyPos) })
	return out
}

// copyOf reports whether e copies the slice out of *p: *p, (*p)[i:j], or
// append of either with elements (returned as the first growth).
func (c *checker) copyOf(e ast.Expr, p *types.Var) (bool, *ast.CallExpr) {
	e = ast.Unparen(e)
	var growth *ast.CallExpr
	if call, ok := e.(*ast.CallExpr); ok && astutil.IsBuiltin(c.pass.TypesInfo, call.Fun, "append") && len(call.Args) > 0 {
		if len(call.Args) == 1 && !call.Ellipsis.IsValid() {
			return false, nil
		}
		growth = call
		e = ast.Unparen(call.Args[0])
	}
	if s, ok := e.(*ast.SliceExpr); ok {
		e = ast.Unparen(s.X)
	}
	star, ok := e.(*ast.StarExpr)
	return ok && c.identVar(star.X) == p, growth
}

// growthOf returns the call if e may grow x into a new array: append(x,
// elems...), an Append-style function or method whose first argument is
// x and whose result has x's type (strconv.AppendInt, fmt.Appendf,
// x.AppendTo-style helpers), or slices.Grow(x, n).
func (c *checker) growthOf(e ast.Expr, x *types.Var) *ast.CallExpr {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) == 0 || c.identVar(call.Args[0]) != x {
		return nil
	}
	if astutil.IsBuiltin(c.pass.TypesInfo, call.Fun, "append") {
		if len(call.Args) == 1 && !call.Ellipsis.IsValid() {
			return nil
		}
		return call
	}
	if c.appendLike(call) {
		return call
	}
	return nil
}

// appendLike reports whether call is an Append-style call: its callee's
// name starts with Append or append (or it is slices.Grow), and its one
// result has its first argument's type.
func (c *checker) appendLike(call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	if !ok || len(call.Args) == 0 {
		return false
	}
	name := fn.Name()
	if !strings.HasPrefix(name, "Append") && !strings.HasPrefix(name, "append") &&
		!(fn.Pkg() != nil && fn.Pkg().Path() == "slices" && (name == "Grow" || name == "Insert")) {
		return false
	}
	res := fn.Signature().Results()
	tv, ok := c.pass.TypesInfo.Types[call.Args[0]]
	if res.Len() != 1 || !ok || tv.Type == nil {
		return false
	}
	rt, ok := c.pass.TypesInfo.Types[call]
	return ok && rt.Type != nil && types.Identical(rt.Type, tv.Type)
}

// copyFlows sets gc.returned and gc.flows from the uses of the copy.
func (c *checker) copyFlows(fn *funcInfo, p *types.Var, gc *grownCopy) {
	x := gc.x
	for _, id := range fn.uses[x] {
		if lit := fn.enclosingLit(id); lit != nil && !fn.deferredLit(lit) {
			gc.flows = true
			return
		}
		var n ast.Node = id
	walk:
		for {
			child, par := fn.up(n)
			switch par := par.(type) {
			case *ast.SliceExpr:
				if par.X != child {
					break walk
				}
				n = par
			case *ast.CallExpr:
				if par.Fun == child {
					break walk
				}
				if len(par.Args) > 0 && par.Args[0] == child && (astutil.IsBuiltin(c.pass.TypesInfo, par.Fun, "append") || c.appendLike(par)) {
					n = par
					continue
				}
				break walk // passed by value to a call
			case *ast.AssignStmt:
				for i, r := range par.Rhs {
					if r != child {
						continue
					}
					if len(par.Lhs) != len(par.Rhs) {
						gc.flows = true
						return
					}
					lhs := ast.Unparen(par.Lhs[i])
					if c.identVar(lhs) == x {
						break walk
					}
					if star, ok := lhs.(*ast.StarExpr); ok && c.identVar(star.X) == p {
						break walk // stored back: ptrUses sees it
					}
					gc.flows = true
					return
				}
				break walk // x on the left
			case *ast.ReturnStmt:
				gc.returned = true
				break walk
			case *ast.IndexExpr, *ast.RangeStmt, *ast.BinaryExpr, *ast.ExprStmt, *ast.IfStmt,
				*ast.SwitchStmt, *ast.IncDecStmt, *ast.IndexListExpr:
				break walk
			case *ast.UnaryExpr:
				if par.Op == token.AND {
					gc.flows = true
					return
				}
				break walk
			default:
				// A composite literal, a send, a var declaration, a
				// method call on x (which may assign it through a
				// pointer receiver), ...
				gc.flows = true
				return
			}
		}
	}
}

// enclosingLit returns the innermost function literal of fn's body that
// contains n, or nil.
func (fn *funcInfo) enclosingLit(n ast.Node) *ast.FuncLit {
	for p := fn.parent(n); p != nil; p = fn.parent(p) {
		if lit, ok := p.(*ast.FuncLit); ok {
			return lit
		}
	}
	return nil
}

// deferredLit reports whether lit is the function of a deferred call:
// defer func() { ... }().
func (fn *funcInfo) deferredLit(lit *ast.FuncLit) bool {
	call, ok := fn.parent(lit).(*ast.CallExpr)
	if !ok || ast.Unparen(call.Fun) != lit && call.Fun != lit {
		return false
	}
	_, ok = fn.parent(call).(*ast.DeferStmt)
	return ok
}

// checkGrown reports the grown copies of pooled slices not stored back
// before their Put, in fn and in the callees fn passes the pointer to.
func (c *checker) checkGrown(fn *funcInfo, sites []putSite) {
	byPtr := make(map[*types.Var][]putSite)
	var order []*types.Var
	for _, site := range sites {
		p := c.identVar(site.arg.arg)
		if p == nil || sliceElemOfPtr(p.Type()) == nil {
			continue
		}
		if _, seen := byPtr[p]; !seen {
			order = append(order, p)
		}
		byPtr[p] = append(byPtr[p], site)
	}
	for _, p := range order {
		ps := byPtr[p]
		putIdents := make(map[token.Pos]bool)
		for _, s := range ps {
			putIdents[ast.Unparen(s.arg.arg).Pos()] = true
		}
		u := c.ptrUses(fn, p, putIdents)
		if u.storedBack || u.escapes {
			continue
		}
		for _, gc := range c.grownCopies(fn, p) {
			if gc.flows || gc.returned || c.copyResets[gc.x] || u.reassignedAfter(gc.copyPos) || c.passedToPut(ps, gc.x) {
				continue
			}
			site, ok := firstPutAfter(ps, gc.growth[0].Pos())
			if !ok {
				continue
			}
			c.reportGrown(fn, p, gc, site, ps, u)
		}
		for _, g := range u.grows {
			site, ok := firstPutAfter(ps, g.call.End())
			if !ok {
				continue
			}
			c.reportGrowCall(p, g, site)
		}
	}
}

// passedToPut reports whether x (or a slice of it) is an argument of one
// of the Put calls: a wrapper such as release(p, buf) that stores buf
// through p itself.
func (c *checker) passedToPut(sites []putSite, x *types.Var) bool {
	for _, s := range sites {
		for _, a := range s.call.Args {
			e := ast.Unparen(a)
			for {
				se, ok := e.(*ast.SliceExpr)
				if !ok {
					break
				}
				e = ast.Unparen(se.X)
			}
			if c.identVar(e) == x {
				return true
			}
		}
	}
	return false
}

// firstPutAfter returns the first Put that runs after pos: a deferred
// one, or one that follows pos.
func firstPutAfter(sites []putSite, pos token.Pos) (putSite, bool) {
	for _, s := range sites {
		if !s.deferred && s.pos > pos {
			return s, true
		}
	}
	for _, s := range sites {
		if s.deferred {
			return s, true
		}
	}
	return putSite{}, false
}

// clearNote describes a reset of *p by the site's wrapper that misses
// what was appended to a copy.
func clearNote(site putSite, p *types.Var) string {
	f := site.arg.fact
	if f == nil || site.arg.slot >= 64 || f.Clears&(1<<site.arg.slot) == 0 {
		return ""
	}
	return fmt.Sprintf(" (the reset in %s at %s misses it)", site.arg.via.Name(), f.ClearWhere)
}

func (c *checker) reportGrown(fn *funcInfo, p *types.Var, gc grownCopy, site putSite, sites []putSite, u *ptrUse) {
	g := gc.growth[0]
	store, fixable := c.storeBack(site, p, gc.x)
	advice := "store it back before the Put: " + store
	if ds, ok := fn.parent(site.call).(*ast.DeferStmt); ok && ds.Call == site.call {
		advice = fmt.Sprintf("store it back in the deferred Put: defer func() { %s; %s }()", store, types.ExprString(site.call))
	}
	msg := fmt.Sprintf("%s grows %s, a copy of *%s, but %s puts back the old array%s: %s",
		c.callName(g), gc.x.Name(), p.Name(), c.putText(site), clearNote(site, p), advice)
	msg = checkdoc.Fit(msg,
		fmt.Sprintf("%s grows %s, a copy of *%s, but %s puts back the old array: store it back (%s)",
			c.callName(g), gc.x.Name(), p.Name(), c.putText(site), store),
		fmt.Sprintf("%s grows %s, a copy of *%s, never stored back before the Put: store it back (%s)",
			c.callName(g), gc.x.Name(), p.Name(), store))
	d := analysis.Diagnostic{
		Pos:      g.Pos(),
		End:      g.End(),
		Category: "grown",
		Message:  msg,
	}
	if fixable {
		if fix, ok := c.grownFix(fn, p, gc, sites, u); ok {
			d.SuggestedFixes = []analysis.SuggestedFix{fix}
		}
	}
	c.pass.Report(d)
}

func (c *checker) reportGrowCall(p *types.Var, g growCall, site putSite) {
	fun := types.ExprString(g.call.Fun)
	msg := checkdoc.Fit(
		fmt.Sprintf("%s grows %s, a copy of *%s (%s), without storing it back: do so in %s (*%s = %s[:0])",
			fun, g.fact.Copy, p.Name(), g.fact.Where, shortName(fun), p.Name(), g.fact.Copy),
		fmt.Sprintf("%s grows %s, a copy of *%s, without storing it back: do so in %s (*%s = %s[:0])",
			fun, g.fact.Copy, p.Name(), shortName(fun), p.Name(), g.fact.Copy),
		fmt.Sprintf("%s grows a copy of *%s without storing it back: store it back in %s", fun, p.Name(), shortName(fun)))
	if g.fact.Returned&(1<<g.slot) != 0 {
		if also := fmt.Sprintf(" or here (*%s = result[:0])", p.Name()); len(msg+also) <= 120 {
			msg += also
		}
	}
	if note := clearNote(site, p); note != "" && len(msg+note) <= 120 {
		msg += note
	}
	c.pass.Report(analysis.Diagnostic{
		Pos:      g.call.Pos(),
		End:      g.call.End(),
		Category: "grown",
		Message:  msg,
	})
}

func shortName(fun string) string {
	if i := strings.LastIndex(fun, "."); i >= 0 {
		return fun[i+1:]
	}
	return fun
}

// callName names a growing call for a message: "append", "strconv.AppendInt".
func (c *checker) callName(call *ast.CallExpr) string {
	return types.ExprString(call.Fun)
}

// storeBack returns the statement that stores x back through p before
// the site's Put, and whether it is exact: it keeps the length the pool
// holds, which is 0 if the Put wrapper truncates *p or the pool's New
// makes an empty slice.
func (c *checker) storeBack(site putSite, p *types.Var, x *types.Var) (string, bool) {
	if f := site.arg.fact; f != nil && site.arg.slot < 64 && f.Truncates&(1<<site.arg.slot) != 0 {
		return fmt.Sprintf("*%s = %s", p.Name(), x.Name()), true
	}
	text := fmt.Sprintf("*%s = %s[:0]", p.Name(), x.Name())
	return text, site.arg.direct && c.emptyAtRest(site.call)
}

// emptyAtRest reports whether the pool of a direct Put call is a
// package-level sync.Pool whose New function returns a pointer to an
// empty slice, so that a pooled slice has length 0 until someone stores
// another into it.
func (c *checker) emptyAtRest(call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	var obj types.Object
	switch x := ast.Unparen(sel.X).(type) {
	case *ast.Ident:
		obj = c.pass.TypesInfo.Uses[x]
	case *ast.SelectorExpr:
		obj = c.pass.TypesInfo.Uses[x.Sel]
	}
	v, ok := obj.(*types.Var)
	if !ok || v.Pkg() != c.pass.Pkg || v.Parent() != c.pass.Pkg.Scope() {
		return false
	}
	init := c.varInit(v)
	if u, ok := init.(*ast.UnaryExpr); ok && u.Op == token.AND {
		init = ast.Unparen(u.X)
	}
	lit, ok := init.(*ast.CompositeLit)
	if !ok {
		return false
	}
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if key, ok := kv.Key.(*ast.Ident); ok && key.Name == "New" {
			if fl, ok := ast.Unparen(kv.Value).(*ast.FuncLit); ok {
				return c.returnsEmptySlicePtr(fl)
			}
		}
	}
	return false
}

// varInit returns the initialiser of a package-level variable, or nil.
func (c *checker) varInit(v *types.Var) ast.Expr {
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, n := range vs.Names {
					if c.pass.TypesInfo.Defs[n] == v && len(vs.Values) == len(vs.Names) {
						return ast.Unparen(vs.Values[i])
					}
				}
			}
		}
	}
	return nil
}

// returnsEmptySlicePtr reports whether a New function returns &b with b
// an empty slice made in it (make(T, 0, n), T{}, nil), new([]T) or
// &[]T{}.
func (c *checker) returnsEmptySlicePtr(fl *ast.FuncLit) bool {
	var ret *ast.ReturnStmt
	n := 0
	ast.Inspect(fl.Body, func(nd ast.Node) bool {
		if _, ok := nd.(*ast.FuncLit); ok {
			return false
		}
		if r, ok := nd.(*ast.ReturnStmt); ok {
			ret = r
			n++
		}
		return true
	})
	if n != 1 || len(ret.Results) != 1 {
		return false
	}
	e := ast.Unparen(ret.Results[0])
	if call, ok := e.(*ast.CallExpr); ok && astutil.IsBuiltin(c.pass.TypesInfo, call.Fun, "new") {
		return true
	}
	u, ok := e.(*ast.UnaryExpr)
	if !ok || u.Op != token.AND {
		return false
	}
	if lit, ok := ast.Unparen(u.X).(*ast.CompositeLit); ok {
		return len(lit.Elts) == 0
	}
	b := c.identVar(u.X)
	if b == nil {
		return false
	}
	fi := c.newFuncInfo(fl.Body, fl.Type, false)
	defs := fi.defs[b]
	if len(fi.assigns[b]) != 1 || len(defs) > 1 {
		return false
	}
	if len(defs) == 0 {
		return true // var b []T
	}
	return c.emptySlice(defs[0])
}

// emptySlice reports whether e is an empty slice: make(T, 0[, n]), T{}
// or nil.
func (c *checker) emptySlice(e ast.Expr) bool {
	e = ast.Unparen(e)
	if isNilIdent(c, e) {
		return true
	}
	if lit, ok := e.(*ast.CompositeLit); ok {
		return len(lit.Elts) == 0
	}
	call, ok := e.(*ast.CallExpr)
	return ok && astutil.IsBuiltin(c.pass.TypesInfo, call.Fun, "make") && len(call.Args) >= 2 && astutil.IsZero(c.pass.TypesInfo, call.Args[1])
}

// grownFix stores the copy back through p before each Put that runs
// after the copy: a statement before a Put statement, in it for a Put in
// a deferred func literal, and defer func() { *p = x[:0]; put(p) }() for
// a deferred Put call. It gives up unless every such Put can take it.
func (c *checker) grownFix(fn *funcInfo, p *types.Var, gc grownCopy, sites []putSite, u *ptrUse) (analysis.SuggestedFix, bool) {
	var edits []analysis.TextEdit
	for _, site := range sites {
		if !site.deferred && site.pos < gc.copyPos {
			continue // before the copy: nothing to store yet
		}
		store, ok := c.storeBack(site, p, gc.x)
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		call := site.call
		if ds, ok := fn.parent(call).(*ast.DeferStmt); ok && ds.Call == call {
			// defer put(p): p and the call's operands are evaluated
			// at the defer; the closure reads them at the return.
			if ds.Pos() < gc.copyPos || !c.visible(gc.x, ds.Pos()) || u.reassignedAfter(ds.Pos()) || !c.stableCall(call, p) {
				return analysis.SuggestedFix{}, false
			}
			src, ok := c.imports.Source(call)
			if !ok {
				return analysis.SuggestedFix{}, false
			}
			edits = append(edits, analysis.TextEdit{Pos: call.Pos(), End: call.End(),
				NewText: fmt.Appendf(nil, "func() { %s; %s }()", store, src)})
			continue
		}
		stmt, ok := fn.parent(call).(*ast.ExprStmt)
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		if !c.visible(gc.x, stmt.Pos()) || !c.visible(p, stmt.Pos()) {
			return analysis.SuggestedFix{}, false
		}
		if lit := fn.enclosingLit(stmt); lit != nil {
			if !site.deferred || !fn.deferredLit(lit) {
				return analysis.SuggestedFix{}, false
			}
		} else if fn.readAfter(u, p, stmt.Pos()) {
			return analysis.SuggestedFix{}, false
		}
		edits = append(edits, analysis.TextEdit{Pos: stmt.Pos(), End: stmt.Pos(),
			NewText: fmt.Appendf(nil, "%s\n%s", store, c.indentOf(stmt))})
	}
	if len(edits) == 0 {
		return analysis.SuggestedFix{}, false
	}
	return analysis.SuggestedFix{
		Message:   fmt.Sprintf("Store %s back through %s before the Put", gc.x.Name(), p.Name()),
		TextEdits: edits,
	}, true
}

// visible reports whether v is the object its name denotes at pos.
func (c *checker) visible(v *types.Var, pos token.Pos) bool {
	scope := c.pass.Pkg.Scope().Innermost(pos)
	if scope == nil {
		return false
	}
	_, obj := scope.LookupParent(v.Name(), pos)
	return obj == v
}

// stableCall reports whether evaluating call's function and arguments
// at the return gives what evaluating them at the defer gave: p (not
// reassigned, checked by the caller), and otherwise only package-level
// variables, package names and constants.
func (c *checker) stableCall(call *ast.CallExpr, p *types.Var) bool {
	stable := true
	ast.Inspect(call, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		switch obj := c.pass.TypesInfo.Uses[id].(type) {
		case nil, *types.PkgName, *types.Const, *types.Func, *types.TypeName, *types.Builtin, *types.Nil:
		case *types.Var:
			if obj != p && obj.Parent() != c.pass.Pkg.Scope() && !obj.IsField() {
				stable = false
			}
		default:
			stable = false
		}
		return stable
	})
	return stable
}

// readAfter reports whether a read of *p may run after a store through p
// inserted at pos, and see the stored slice where it saw the old one: a
// read that follows pos, or one in a loop around pos that does not get
// a new p each iteration.
func (fn *funcInfo) readAfter(u *ptrUse, p *types.Var, pos token.Pos) bool {
	for _, r := range u.reads {
		if r > pos {
			return true
		}
		for _, l := range fn.loops {
			if astutil.ContainsPos(l, pos) && astutil.ContainsPos(l, r) && !astutil.ContainsPos(l, p.Pos()) {
				return true
			}
		}
	}
	return false
}

// wrapperResets reports whether a Put wrapper's body truncates *v (*v =
// (*v)[:0]) in a statement of its own, outside any condition, before the
// Put at putPos, and where it clears *v's elements (clear(*v), or a loop
// over *v assigning zero values to them) before it.
func (c *checker) wrapperResets(body *ast.BlockStmt, v *types.Var, putPos token.Pos) (truncates bool, clearPos token.Pos) {
	if sliceElemOfPtr(v.Type()) == nil {
		return false, token.NoPos
	}
	isDeref := func(e ast.Expr) bool {
		star, ok := ast.Unparen(e).(*ast.StarExpr)
		return ok && c.identVar(star.X) == v
	}
	for _, st := range body.List {
		if st.Pos() >= putPos {
			break
		}
		switch st := st.(type) {
		case *ast.AssignStmt:
			if len(st.Lhs) == 1 && len(st.Rhs) == 1 && isDeref(st.Lhs[0]) {
				if s, ok := ast.Unparen(st.Rhs[0]).(*ast.SliceExpr); ok && isDeref(s.X) &&
					(s.Low == nil || astutil.IsZero(c.pass.TypesInfo, s.Low)) && s.High != nil && astutil.IsZero(c.pass.TypesInfo, s.High) {
					truncates = true
				} else {
					truncates = false
				}
			}
		case *ast.ExprStmt:
			if call, ok := st.X.(*ast.CallExpr); ok && astutil.IsBuiltin(c.pass.TypesInfo, call.Fun, "clear") && len(call.Args) == 1 && isDeref(call.Args[0]) {
				clearPos = call.Pos()
			}
		case *ast.RangeStmt:
			if isDeref(st.X) && len(st.Body.List) > 0 {
				clears := true
				for _, s := range st.Body.List {
					as, ok := s.(*ast.AssignStmt)
					if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 || !isZeroValue(c, as.Rhs[0]) {
						clears = false
						break
					}
					ix, ok := ast.Unparen(as.Lhs[0]).(*ast.IndexExpr)
					if !ok || !isDeref(ix.X) {
						clears = false
						break
					}
				}
				if clears {
					clearPos = st.Pos()
				}
			}
		}
	}
	return truncates, clearPos
}
