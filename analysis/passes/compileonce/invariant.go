package compileonce

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/perfproof/perfproof/analysis/internal/checkdoc"
	"github.com/perfproof/perfproof/analysis/internal/hotpath"
	"github.com/perfproof/perfproof/internal/astutil"
)

// maxValueDepth bounds the walk through the values of local variables when
// deciding what a pattern depends on.
const maxValueDepth = 4

// variablePattern reports a regexp compilation at cur whose pattern is not
// a constant but is the same on every iteration of a loop around it (it
// may be built per request, outside that loop), or comes from
// configuration only: fields of the method's receiver, variables a
// function literal captures from the function that made it, package-level
// variables and constants, combined by string functions.
func (c *checker) variablePattern(cur inspector.Cursor, fn *types.Func) {
	call := cur.Node().(*ast.CallExpr)
	pattern := call.Args[0]
	if c.hot.InDeadCode(cur) || c.hot.RunsOnce(cur) || c.hot.RarelyCalled(cur) || isConfigTime(cur) {
		return
	}
	if loop, ok := c.invariantLoop(cur, pattern); ok {
		c.pass.Report(analysis.Diagnostic{
			Pos:      call.Pos(),
			End:      call.End(),
			Category: "regexp",
			Message: checkdoc.Fit(
				fmt.Sprintf("regexp.%s of loop-invariant %s runs on every iteration: compile it before the loop at line %d",
					fn.Name(), shortExpr(pattern), c.pass.Fset.Position(loop.Node().Pos()).Line),
				fmt.Sprintf("regexp.%s of a loop-invariant pattern: compile it before the loop at line %d",
					fn.Name(), c.pass.Fset.Position(loop.Node().Pos()).Line)),
		})
		return
	}
	if !c.configured(pattern, cur, 0) || !c.usedLocally(cur) {
		return
	}
	c.pass.Report(analysis.Diagnostic{
		Pos:      call.Pos(),
		End:      call.End(),
		Category: "regexp",
		Message: checkdoc.Fit(
			fmt.Sprintf("regexp.%s of configured pattern %s runs %s: compile it with the configuration",
				fn.Name(), shortExpr(pattern), c.often(cur)),
			fmt.Sprintf("regexp.%s of a configured pattern runs %s: compile it with the configuration", fn.Name(), c.often(cur))),
	})
}

// invariantLoop returns the outermost loop of the function around cur, in
// whose every iteration cur runs, and in which pattern does not change. ok
// is false if the innermost loop around cur already changes it.
func (c *checker) invariantLoop(cur inspector.Cursor, pattern ast.Expr) (loop inspector.Cursor, ok bool) {
	for at := cur; ; {
		l, found := c.hot.Loop(at)
		if !found || hotpath.LeavesLoop(at, l) || !c.invariant(pattern, l.Node(), cur, 0) {
			return loop, ok
		}
		loop, ok = l, true
		at = l
	}
}

// invariant reports whether e has the same value in every iteration of
// loop: the local variables it reads are declared outside loop and not
// assigned in it, or declared in it once with an invariant value; the
// calls it makes take invariant arguments and are not known to depend on
// time, randomness or input.
func (c *checker) invariant(e ast.Expr, loop ast.Node, cur inspector.Cursor, depth int) bool {
	return c.leaves(e, func(v *types.Var) bool {
		if !astutil.ContainsPos(loop, v.Pos()) {
			return !c.assignedIn(v, loop)
		}
		value, ok := c.singleValue(v, cur)
		return ok && depth < maxValueDepth && c.invariant(value, loop, cur, depth+1)
	}, c.stableCall)
}

// configured reports whether e depends on configuration only: constants,
// package-level variables, the receiver of the enclosing method, variables
// a function literal captures from a function that makes handlers, and
// range variables and single-valued locals derived from those, combined
// with string functions of the standard library.
func (c *checker) configured(e ast.Expr, cur inspector.Cursor, depth int) bool {
	return c.leaves(e, func(v *types.Var) bool {
		if c.isReceiver(v, cur) || c.capturedConfig(v, cur) {
			return true
		}
		if depth >= maxValueDepth {
			return false
		}
		if c.paramConfigured(v, cur, depth) {
			return true
		}
		if x, ok := c.rangeOver(v, cur); ok {
			return c.configured(x, cur, depth+1)
		}
		value, ok := c.singleValue(v, cur)
		return ok && c.configured(value, cur, depth+1)
	}, c.stringCall)
}

// paramConfigured reports whether v is a parameter of the unexported
// function around cur (not a method: an interface may call it from
// elsewhere) that is only ever called, never used as a value, and to
// which every call in the package passes configuration at v's position
// (configured, in the caller's context): a helper such as
// regexMatch(pattern, s), called per request in a loop over a
// middleware's configured patterns, compiles configuration on every
// call. The function being unexported, all its calls are in the package.
func (c *checker) paramConfigured(v *types.Var, cur inspector.Cursor, depth int) bool {
	d, ok := hotpath.TopDecl(cur).Node().(*ast.FuncDecl)
	if !ok || d.Recv != nil || c.assignedIn(v, d.Body) {
		return false
	}
	fn, ok := c.pass.TypesInfo.Defs[d.Name].(*types.Func)
	if !ok || fn.Exported() {
		return false
	}
	index, i := -1, 0
	for _, field := range d.Type.Params.List {
		for _, name := range field.Names {
			if c.pass.TypesInfo.Defs[name] == v {
				index = i
			}
			i++
		}
		if len(field.Names) == 0 {
			i++
		}
	}
	sig := fn.Signature()
	if index < 0 || sig.Variadic() && index == sig.Params().Len()-1 {
		return false
	}
	calls, values := c.uses(fn)
	if len(calls) == 0 || values > 0 {
		return false
	}
	for _, cc := range calls {
		call := cc.Node().(*ast.CallExpr)
		if index >= len(call.Args) || !c.configured(call.Args[index], cc, depth+1) {
			return false
		}
	}
	return true
}

// uses returns the calls of fn in the package, and how many other uses of
// its name it has (as a value).
func (c *checker) uses(fn *types.Func) (calls []inspector.Cursor, values int) {
	if c.callsOf == nil {
		c.callsOf = make(map[*types.Func][]inspector.Cursor)
		c.valueUses = make(map[*types.Func]int)
		for cur := range c.hot.Inspector.Root().Preorder((*ast.Ident)(nil)) {
			f, ok := c.pass.TypesInfo.Uses[cur.Node().(*ast.Ident)].(*types.Func)
			if !ok || f.Pkg() != c.pass.Pkg {
				continue
			}
			if cur.ParentEdgeKind() == edge.CallExpr_Fun {
				c.callsOf[f] = append(c.callsOf[f], cur.Parent())
			} else {
				c.valueUses[f]++
			}
		}
	}
	return c.callsOf[fn], c.valueUses[fn]
}

// leaves reports whether every local variable that e reads satisfies
// local, and every call it makes satisfies call (given e's operands are
// checked by leaves too). Package-level variables, constants, types and
// functions named directly are accepted; function literals and channel
// receives are not.
func (c *checker) leaves(e ast.Expr, local func(*types.Var) bool, call func(*ast.CallExpr) bool) bool {
	info := c.pass.TypesInfo
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			ok = false
		case *ast.UnaryExpr:
			ok = n.Op != token.ARROW
		case *ast.SelectorExpr:
			if sel, found := info.Selections[n]; found {
				if sel.Kind() == types.FieldVal {
					ok = c.leaves(n.X, local, call)
					return false
				}
				return true
			}
			// A qualified identifier (pkg.Name).
			if v, isVar := info.Uses[n.Sel].(*types.Var); isVar && !isPackageLevel(v) {
				ok = false
			}
			return false
		case *ast.CallExpr:
			if tv, found := info.Types[n.Fun]; found && tv.IsType() {
				return true // a conversion
			}
			if id, isIdent := ast.Unparen(n.Fun).(*ast.Ident); isIdent {
				if _, isBuiltin := info.Uses[id].(*types.Builtin); isBuiltin {
					return true
				}
			}
			ok = call(n)
			return ok
		case *ast.Ident:
			if v, isVar := info.Uses[n].(*types.Var); isVar && !v.IsField() && !isPackageLevel(v) {
				ok = local(v)
			}
		}
		return ok
	})
	return ok
}

// stableCall reports whether call, a call of a named function or method,
// returns the same value for the same operands as far as a loop is
// concerned: it takes arguments (an iterator's Next takes none), and is
// not from a package of clocks, randomness or input.
func (c *checker) stableCall(call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	if !ok || len(call.Args) == 0 {
		return false
	}
	if fn.Pkg() != nil {
		switch fn.Pkg().Path() {
		case "time", "math/rand", "math/rand/v2", "crypto/rand", "os", "io", "bufio", "sync", "sync/atomic", "net", "net/http":
			return false
		}
	}
	return true
}

// stringCall reports whether call is a function of the standard library
// that builds a string from its arguments: strings, strconv, path,
// path/filepath, fmt.Sprint*, regexp.QuoteMeta.
func (c *checker) stringCall(call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Signature().Recv() != nil {
		return false
	}
	switch fn.Pkg().Path() {
	case "strings", "strconv", "path", "path/filepath":
		return true
	case "fmt":
		return strings.HasPrefix(fn.Name(), "Sprint")
	case "regexp":
		return fn.Name() == "QuoteMeta"
	}
	return false
}

// isReceiver reports whether v is the receiver of the method enclosing cur
// (also from a function literal in it).
func (c *checker) isReceiver(v *types.Var, cur inspector.Cursor) bool {
	d, ok := hotpath.TopDecl(cur).Node().(*ast.FuncDecl)
	if !ok || d.Recv == nil || len(d.Recv.List) == 0 || len(d.Recv.List[0].Names) == 0 {
		return false
	}
	return c.pass.TypesInfo.Defs[d.Recv.List[0].Names[0]] == v && !c.assignedIn(v, d.Body)
}

// capturedConfig reports whether v is captured by the function literal
// enclosing cur from the top-level function that made the literal, when
// that function makes handlers (returns a function or an interface) and
// the literal does not assign v: a middleware's configuration.
func (c *checker) capturedConfig(v *types.Var, cur inspector.Cursor) bool {
	var lit *ast.FuncLit
	for p := range cur.Enclosing((*ast.FuncLit)(nil)) {
		lit = p.Node().(*ast.FuncLit)
		break
	}
	if lit == nil || astutil.ContainsPos(lit, v.Pos()) || c.assignedIn(v, lit) {
		return false
	}
	d, ok := hotpath.TopDecl(cur).Node().(*ast.FuncDecl)
	if !ok || !astutil.ContainsPos(d, v.Pos()) {
		return false
	}
	fn, ok := c.pass.TypesInfo.Defs[d.Name].(*types.Func)
	if !ok {
		return false
	}
	for r := range fn.Signature().Results().Variables() {
		switch r.Type().Underlying().(type) {
		case *types.Signature, *types.Interface:
			return true
		}
	}
	return false
}

// rangeOver returns the range expression of the loop that declares v as
// its value (or key), if v is such a variable and not assigned elsewhere.
func (c *checker) rangeOver(v *types.Var, cur inspector.Cursor) (ast.Expr, bool) {
	for p := range cur.Enclosing((*ast.RangeStmt)(nil)) {
		rs := p.Node().(*ast.RangeStmt)
		for _, k := range []ast.Expr{rs.Key, rs.Value} {
			if id, ok := k.(*ast.Ident); ok && c.pass.TypesInfo.Defs[id] == v {
				if c.assignedIn(v, rs.Body) {
					return nil, false
				}
				return rs.X, true
			}
		}
	}
	return nil, false
}

// singleValue returns the value of the local variable v if the function
// enclosing cur declares it once, with a value, and never assigns it again
// nor takes its address.
func (c *checker) singleValue(v *types.Var, cur inspector.Cursor) (ast.Expr, bool) {
	var fn inspector.Cursor
	found := false
	for p := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		if astutil.ContainsPos(p.Node(), v.Pos()) {
			fn, found = p, true
		}
	}
	if !found {
		return nil, false
	}
	info := c.pass.TypesInfo
	var value ast.Expr
	for id := range fn.Preorder((*ast.Ident)(nil)) {
		if info.Defs[id.Node().(*ast.Ident)] != v {
			continue
		}
		switch id.ParentEdgeKind() {
		case edge.AssignStmt_Lhs:
			as := id.Parent().Node().(*ast.AssignStmt)
			if len(as.Lhs) == len(as.Rhs) {
				value = as.Rhs[id.ParentEdgeIndex()]
			} else if len(as.Rhs) == 1 && id.ParentEdgeIndex() == 0 {
				// p, err := f(x): the first result of f.
				value = as.Rhs[0]
			}
		case edge.ValueSpec_Names:
			vs := id.Parent().Node().(*ast.ValueSpec)
			if len(vs.Names) == len(vs.Values) {
				value = vs.Values[id.ParentEdgeIndex()]
			}
		}
		break // one declaration
	}
	if value == nil || c.assignedIn(v, fn.Node()) {
		return nil, false
	}
	return value, true
}

// assignedIn reports whether n assigns v (other than declaring it),
// increments it, ranges into it or takes its address.
func (c *checker) assignedIn(v *types.Var, n ast.Node) bool {
	info := c.pass.TypesInfo
	found := false
	isV := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && info.Uses[id] == v
	}
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				found = found || isV(l)
			}
		case *ast.IncDecStmt:
			found = found || isV(n.X)
		case *ast.RangeStmt:
			found = found || n.Key != nil && isV(n.Key) || n.Value != nil && isV(n.Value)
		case *ast.UnaryExpr:
			found = found || n.Op == token.AND && isV(n.X)
		}
		return !found
	})
	return found
}

// usedLocally reports whether the regexp compiled at cur is used only
// where it is made: called on directly (regexp.MustCompile(p).MatchString),
// a MatchString or Match call, or assigned to a local variable whose every
// use is a method call on it or a comparison with nil. A regexp stored in
// a field, a map or a package-level variable, or returned, is cached or
// built for later use: that is the fix, not the problem.
func (c *checker) usedLocally(cur inspector.Cursor) bool {
	return c.usedOnly(cur, false, nil)
}

// usedOnly is usedLocally, with returning the regexp (return re, nil)
// also allowed if returned is set: a function that compiles and returns
// a regexp without keeping it compiles it again on every call. A use as
// an argument of a call is allowed if arg, when not nil, allows that
// call (given its cursor).
func (c *checker) usedOnly(cur inspector.Cursor, returned bool, arg func(call inspector.Cursor) bool) bool {
	call := cur.Node().(*ast.CallExpr)
	fn, _ := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	if fn != nil && strings.HasPrefix(fn.Name(), "Match") {
		return true
	}
	for cur.ParentEdgeKind() == edge.ParenExpr_X {
		cur = cur.Parent()
	}
	switch cur.ParentEdgeKind() {
	case edge.SelectorExpr_X:
		return true
	case edge.ReturnStmt_Results:
		return returned
	case edge.CallExpr_Args:
		return arg != nil && arg(cur.Parent())
	case edge.AssignStmt_Rhs:
		as := cur.Parent().Node().(*ast.AssignStmt)
		id, ok := as.Lhs[0].(*ast.Ident)
		if !ok {
			return false
		}
		v, ok := c.pass.TypesInfo.ObjectOf(id).(*types.Var)
		if !ok || isPackageLevel(v) {
			return false
		}
		body, ok := astutil.EnclosingFunc(cur)
		if !ok {
			return false
		}
		used := true
		for u := range body.Preorder((*ast.Ident)(nil)) {
			if c.pass.TypesInfo.Uses[u.Node().(*ast.Ident)] != v {
				continue
			}
			switch u.ParentEdgeKind() {
			case edge.SelectorExpr_X:
			case edge.BinaryExpr_X, edge.BinaryExpr_Y:
			case edge.ReturnStmt_Results:
				used = used && returned
			case edge.CallExpr_Args:
				used = used && arg != nil && arg(u.Parent())
			default:
				used = false
			}
		}
		return used
	}
	return false
}

// isConfigTime reports whether the function around cur is one that
// applies or checks configuration, named Provision, Validate, Init...,
// Setup..., Configure..., Load..., Unmarshal..., Register..., Compile...
// or Build..., in any case: it runs when the configuration is set.
func isConfigTime(cur inspector.Cursor) bool {
	d, ok := hotpath.TopDecl(cur).Node().(*ast.FuncDecl)
	if !ok {
		return false // a function literal of a package-level variable
	}
	name := strings.ToLower(d.Name.Name)
	for _, p := range []string{"provision", "validate", "init", "setup", "configure", "load", "unmarshal", "register", "compile", "build"} {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// shortExpr prints e for a diagnostic, shortened.
func shortExpr(e ast.Expr) string {
	s := types.ExprString(e)
	if len(s) > 32 {
		s = s[:29] + "..."
	}
	return s
}

func isPackageLevel(v *types.Var) bool {
	return v.Pkg() != nil && v.Parent() == v.Pkg().Scope()
}
