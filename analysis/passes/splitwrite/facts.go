package splitwrite

import (
	"fmt"
	"go/ast"
	"go/types"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/perfproof/perfproof/analysis/internal/checkdoc"
	"github.com/perfproof/perfproof/internal/astutil"
)

// writerFact is what other packages need to know of a function or
// method about unbuffered writers: which of its parameters it writes in
// several Write calls, which of its results are always unbuffered
// writers, and, for a Write method, whether it forwards to one.
type writerFact struct {
	// Splits lists the parameters of interface type that the function
	// writes in several consecutive Write calls, itself or through a
	// function it passes them to.
	Splits []paramSplit
	// Results holds, for each result, the kind of unbuffered writer
	// that it always is, or notUnbuffered.
	Results []writerKind
	// Forwards is set on a Write method that writes what it is given to
	// an unbuffered writer of this kind and keeps nothing of it.
	Forwards writerKind
}

func (*writerFact) AFact() {}

func (f *writerFact) String() string {
	var parts []string
	for _, s := range f.Splits {
		parts = append(parts, fmt.Sprintf("writes parameter %d in %s at %s", s.Param, s.calls(), s.Where))
	}
	for i, k := range f.Results {
		if k.unbuffered() {
			parts = append(parts, fmt.Sprintf("result %d is %s", i, k))
		}
	}
	if f.Forwards.unbuffered() {
		parts = append(parts, "forwards to "+f.Forwards.String())
	}
	return strings.Join(parts, "; ")
}

func (f *writerFact) empty() bool {
	if len(f.Splits) > 0 || f.Forwards.unbuffered() {
		return false
	}
	for _, k := range f.Results {
		if k.unbuffered() {
			return false
		}
	}
	return true
}

// A paramSplit is a parameter written in several consecutive Write
// calls: a caller passing an unbuffered writer makes that many system
// calls for one message.
type paramSplit struct {
	// Param is the index of the parameter (the receiver not counted).
	Param int
	// Calls is the number of writes; UpTo is set if some are
	// conditional.
	Calls int
	UpTo  bool
	// Name is the method all the writes call (Write, WriteString,
	// io.WriteString), or "" if they differ.
	Name string
	// Delim names the constant last part (newline, CRLF, delimiter),
	// or is "".
	Delim string
	// Where is the file base name and line of the first write, e.g.
	// "frame.go:12".
	Where string
}

func (s paramSplit) calls() string {
	count := countWord(s.Calls)
	if s.UpTo {
		count = "up to " + count
	}
	if s.Name == "" {
		return count + " write calls"
	}
	return count + " " + s.Name + " calls"
}

// A callSite is a call of the package with the declared function it is
// in (nil in a function literal or at package level).
type callSite struct {
	cur  inspector.Cursor
	call *ast.CallExpr
	fn   *types.Func
}

// sites returns the package's calls.
func (ch *checker) sites() []callSite {
	var sites []callSite
	for cur := range ch.in.Root().Preorder((*ast.CallExpr)(nil)) {
		s := callSite{cur: cur, call: cur.Node().(*ast.CallExpr)}
	up:
		for p := cur.Parent(); p.Node() != nil; p = p.Parent() {
			switch n := p.Node().(type) {
			case *ast.FuncLit:
				break up
			case *ast.FuncDecl:
				s.fn, _ = ch.pass.TypesInfo.Defs[n.Name].(*types.Func)
				break up
			}
		}
		sites = append(sites, s)
	}
	return sites
}

// recordSplit records a run of writes on a writer of unknown buffering
// if that writer is a parameter of the declared function at c, which
// the function does not assign: its callers decide.
func (ch *checker) recordSplit(c inspector.Cursor, run []*write, rest []ast.Stmt) {
	w := run[0].w
	id, ok := ast.Unparen(w).(*ast.Ident)
	if !ok {
		return
	}
	v, ok := ch.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || v.Kind() != types.ParamVar || !types.IsInterface(v.Type()) || ch.vars.assigned[v.Origin()] {
		return
	}
	cur, ok := c.FindNode(run[0].call)
	if !ok || ch.hot.InDeadCode(cur) || ch.beforeExit(cur) || ch.closedAfter(w, rest) {
		return
	}
	var fn *types.Func
	for p := cur.Parent(); p.Node() != nil && fn == nil; p = p.Parent() {
		switch n := p.Node().(type) {
		case *ast.FuncLit:
			return
		case *ast.FuncDecl:
			fn, _ = ch.pass.TypesInfo.Defs[n.Name].(*types.Func)
			if fn == nil {
				return
			}
		}
	}
	if fn == nil {
		return
	}
	i := paramIndex(fn, v)
	if i < 0 {
		return
	}
	s := paramSplit{Param: i, Calls: len(run), Delim: ch.delimiter(run[len(run)-1].arg), Where: ch.where(run[0].call)}
	if allNamed(run, run[0].name) {
		s.Name = run[0].name
	}
	for _, wr := range run {
		s.UpTo = s.UpTo || wr.guard != nil && !wr.onSuccess
	}
	ch.addSplit(fn, s)
}

// addSplit adds s to the splits of fn unless one of the same parameter
// is known, and reports whether it did.
func (ch *checker) addSplit(fn *types.Func, s paramSplit) bool {
	fn = fn.Origin()
	for _, t := range ch.splits[fn] {
		if t.Param == s.Param {
			return false
		}
	}
	ch.splits[fn] = append(ch.splits[fn], s)
	return true
}

func paramIndex(fn *types.Func, v *types.Var) int {
	ps := fn.Origin().Signature().Params()
	for i := range ps.Len() {
		if ps.At(i) == v.Origin() {
			return i
		}
	}
	return -1
}

// where returns the file base name and line of n.
func (ch *checker) where(n ast.Node) string {
	pos := ch.pass.Fset.Position(n.Pos())
	return fmt.Sprintf("%s:%d", filepath.Base(pos.Filename), pos.Line)
}

// splitsOf returns the parameters that fn writes in several Write calls.
func (ch *checker) splitsOf(fn *types.Func) []paramSplit {
	fn = fn.Origin()
	if fn.Pkg() == ch.pass.Pkg {
		return ch.splits[fn]
	}
	if f := ch.vars.factOf(fn); f != nil {
		return f.Splits
	}
	return nil
}

// argOf returns the argument that call passes to parameter i of fn, or
// nil if it is not one expression of its own. call must not call a
// method expression (see methodExpr).
func argOf(call *ast.CallExpr, fn *types.Func, i int) ast.Expr {
	sig := fn.Origin().Signature()
	if call.Ellipsis.IsValid() || sig.Variadic() && i >= sig.Params().Len()-1 || i >= len(call.Args) || len(call.Args) != sig.Params().Len() {
		return nil
	}
	return call.Args[i]
}

// propagate gives a function whose parameter it passes on, unassigned,
// to a parameter that a callee writes in several calls, the callee's
// split: its callers decide the writer.
func (ch *checker) propagate(sites []callSite) {
	for changed := true; changed; {
		changed = false
		for _, site := range sites {
			if site.fn == nil {
				continue
			}
			callee := typeutil.StaticCallee(ch.pass.TypesInfo, site.call)
			if callee == nil || ch.methodExpr(site.call) {
				continue
			}
			for _, s := range ch.splitsOf(callee) {
				id, ok := ast.Unparen(argOf(site.call, callee, s.Param)).(*ast.Ident)
				if !ok {
					continue
				}
				v, ok := ch.pass.TypesInfo.Uses[id].(*types.Var)
				if !ok || v.Kind() != types.ParamVar || !types.IsInterface(v.Type()) || ch.vars.assigned[v.Origin()] {
					continue
				}
				i := paramIndex(site.fn, v)
				if i < 0 || ch.vars.varKind(v) != notUnbuffered || ch.lastUse(site.cur, id) {
					continue // not its parameter, known at the call, or its last use
				}
				t := s
				t.Param = i
				if ch.addSplit(site.fn, t) {
					changed = true
				}
			}
		}
	}
}

// methodExpr reports whether call calls a method expression, (*T).m(x, ...).
func (ch *checker) methodExpr(call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	s := ch.pass.TypesInfo.Selections[sel]
	return s != nil && s.Kind() == types.MethodExpr
}

// reportCalls reports the calls that pass an unbuffered writer to a
// parameter that the callee writes in several Write calls, unless the
// callee is reported itself (its callers all pass unbuffered writers).
func (ch *checker) reportCalls(sites []callSite) {
	for _, site := range sites {
		callee := typeutil.StaticCallee(ch.pass.TypesInfo, site.call)
		if callee == nil || ch.methodExpr(site.call) {
			continue
		}
		for _, s := range ch.splitsOf(callee) {
			arg := argOf(site.call, callee, s.Param)
			if arg == nil || isStream(ch.pass.TypesInfo, arg, "Stderr") {
				continue
			}
			kind := ch.vars.writerKind(arg)
			if !kind.unbuffered() {
				continue
			}
			if callee.Pkg() == ch.pass.Pkg && ch.vars.typed[callee.Origin()] && ch.vars.varKind(callee.Origin().Signature().Params().At(s.Param)) != notUnbuffered {
				continue // reported at the writes
			}
			if ch.skipCall(site, arg) {
				break
			}
			ch.reportCall(site.call, callee, arg, kind, s)
			break
		}
	}
}

// skipCall reports whether the call at site runs once or in tests, or
// is the last use of arg on its path (see lastUse).
func (ch *checker) skipCall(site callSite, arg ast.Expr) bool {
	cur := site.cur
	if ch.hot.RunsOnce(cur) || ch.hot.InTestCode(cur) && !ch.hot.InBenchmarkLoop(cur) {
		return true
	}
	return ch.lastUse(cur, arg)
}

// lastUse reports whether the call at cur is in dead code, or followed
// by an exit, a return of a new error, or the Close of arg: its writes
// are the last on their path.
func (ch *checker) lastUse(cur inspector.Cursor, arg ast.Expr) bool {
	if ch.hot.InDeadCode(cur) || ch.beforeExit(cur) {
		return true
	}
	// The statement of the call, and those after it in its block.
	for c := cur; c.Node() != nil; c = c.Parent() {
		p := c.Parent()
		switch p.Node().(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return false
		}
		list, ok := astutil.StmtList(p.Node())
		if !ok {
			continue
		}
		for i, s := range list {
			if s == c.Node() {
				return ch.closedAfter(arg, list[i+1:])
			}
		}
		return false
	}
	return false
}

func (ch *checker) reportCall(call *ast.CallExpr, callee *types.Func, arg ast.Expr, kind writerKind, s paramSplit) {
	calls := s.calls()
	if s.UpTo {
		calls = "up to " + calls
	}
	diag := analysis.Diagnostic{Pos: call.Pos(), End: call.End(), Category: "parts"}
	advice := "join the parts and write once"
	switch {
	case s.Delim != "" && s.Calls == 2:
		diag.Category = "delimiter"
		advice = "append the " + s.Delim + " and write once"
	case kind == netConn:
		advice = "join the parts and write once, or use net.Buffers"
	}
	name := ch.funcName(callee)
	diag.Message = checkdoc.Fit(
		fmt.Sprintf("%s makes %s on %s for one message (%s): %s", name, calls, ch.describe(arg, kind), s.Where, advice),
		fmt.Sprintf("%s makes %s on %s for one message (%s): %s", name, calls, ch.label(arg, "the writer"), s.Where, advice),
		fmt.Sprintf("%s makes %s on %s for one message: %s", name, calls, ch.label(arg, "the writer"), advice),
		fmt.Sprintf("%s makes %s on %s for one message: join the parts and write once", name, calls, ch.label(arg, "the writer")))
	ch.pass.Report(diag)
}

// funcName names fn for a message: F, pkg.F, T.M or pkg.T.M.
func (ch *checker) funcName(fn *types.Func) string {
	name := fn.Name()
	if recv := fn.Signature().Recv(); recv != nil {
		if n := namedOf(recv.Type()); n != nil {
			name = n.Obj().Name() + "." + name
		}
	}
	if fn.Pkg() != nil && fn.Pkg() != ch.pass.Pkg {
		name = fn.Pkg().Name() + "." + name
	}
	return name
}

// exportFacts exports the facts of the package's functions that other
// packages can call.
func (ch *checker) exportFacts(export func(*types.Func, *writerFact)) {
	for fn, decl := range ch.vars.decls {
		if !fn.Exported() {
			continue
		}
		f := &writerFact{Splits: ch.splits[fn]}
		if res := fn.Signature().Results(); res.Len() > 0 {
			f.Results = make([]writerKind, res.Len())
			for i := range res.Len() {
				f.Results[i] = ch.vars.resultKind(fn, i)
			}
		}
		if decl.Recv != nil && fn.Name() == "Write" && isWriteSig(fn.Signature()) {
			f.Forwards = ch.vars.forwardKind(fn.Signature().Recv().Type())
		}
		if !f.empty() {
			export(fn, f)
		}
	}
}
