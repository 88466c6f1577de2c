package unboundedcache

import (
	_ "embed"
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

//go:embed doc.go
var doc string

// Analyzer reports stores into package-level maps that nothing bounds.
var Analyzer = &analysis.Analyzer{
	Name:             "unboundedcache",
	Doc:              checkdoc.MustExtract(doc, "unboundedcache"),
	URL:              "https://pkg.go.dev/github.com/perfproof/perfproof/analysis/passes/unboundedcache",
	Requires:         []*analysis.Analyzer{hotpath.Analyzer},
	RunDespiteErrors: true,
	Run:              run,
}

// cache is a package-level map or sync.Map: a variable, or a field of a
// struct type whose values are all package-level variables.
type cache struct {
	obj     *types.Var // the package-level variable or the field
	name    string     // as printed in messages: "dates" or "lastModified.m"
	syncMap bool
	stores  []store
	bounded bool // deleted from, cleared, size-checked or replaced
	escapes bool // passed, returned or aliased: it may be bounded elsewhere
	// lookups are the index reads and Load calls of the map, and the
	// read-modify-write stores (m[k]++, LoadOrStore).
	lookups []inspector.Cursor
}

// store is a site that may add a key to a cache.
type store struct {
	cur     inspector.Cursor // the m[k] index expression or the Store call
	key     ast.Expr
	keyType types.Type
	value   ast.Expr // the stored value, or nil (m[k]++, m[k] += v)
}

type checker struct {
	pass   *analysis.Pass
	hot    *hotpath.Info
	caches map[*types.Var]*cache
	// funcUses holds the references to the package's functions outside
	// _test.go files, and onceMemo the answers of calledOnce.
	funcUses map[*types.Func][]inspector.Cursor
	onceMemo map[*types.Func]bool
	// request is built on first use by requestKey.
	request *requestData
}

func run(pass *analysis.Pass) (any, error) {
	hot := pass.ResultOf[hotpath.Analyzer].(*hotpath.Info)
	c := &checker{pass: pass, hot: hot, caches: make(map[*types.Var]*cache), onceMemo: make(map[*types.Func]bool)}
	c.findCaches()
	if len(c.caches) == 0 {
		return nil, nil
	}
	c.classifyUses()
	for _, ca := range c.caches {
		if ca.bounded || ca.escapes {
			continue
		}
		for _, st := range ca.stores {
			if c.growsPerRequest(ca, st) {
				c.report(ca, st)
			}
		}
	}
	return nil, nil
}

// inTestFile reports whether pos is in a _test.go file.
func (c *checker) inTestFile(pos token.Pos) bool {
	return strings.HasSuffix(c.pass.Fset.Position(pos).Filename, "_test.go")
}

// findCaches collects the unexported package-level variables of map or
// sync.Map type, and the map and sync.Map fields of struct types whose only
// values are package-level variables.
func (c *checker) findCaches() {
	scope := c.pass.Pkg.Scope()
	structVars := make(map[*types.Struct][]*types.Var) // struct type -> package-level vars holding one
	named := make(map[*types.Struct]*types.Named)
	for _, name := range scope.Names() {
		v, ok := scope.Lookup(name).(*types.Var)
		if !ok || v.Exported() || c.inTestFile(v.Pos()) {
			continue
		}
		t := v.Type()
		if astutil.IsMap(t) || isSyncMap(t) {
			c.caches[v] = &cache{obj: v, name: v.Name(), syncMap: isSyncMap(t)}
			continue
		}
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		st, ok := t.Underlying().(*types.Struct)
		if !ok {
			continue
		}
		if n, ok := t.(*types.Named); ok {
			if n.Obj().Pkg() != c.pass.Pkg || n.Obj().Exported() || n.TypeParams().Len() > 0 {
				continue
			}
			named[st] = n
		}
		structVars[st] = append(structVars[st], v)
	}
	for st, vars := range structVars {
		if n := named[st]; n != nil && !c.onlyPackageLevelValues(n) {
			continue
		}
		for f := range st.Fields() {
			if !astutil.IsMap(f.Type()) && !isSyncMap(f.Type()) {
				continue
			}
			name := f.Name()
			if len(vars) == 1 {
				name = vars[0].Name() + "." + name
			} else if n := named[st]; n != nil {
				name = n.Obj().Name() + "." + name
			}
			c.caches[f] = &cache{obj: f, name: name, syncMap: isSyncMap(f.Type())}
		}
	}
}

// onlyPackageLevelValues reports whether every value of the named struct
// type n is a package-level variable: outside _test.go files, the package
// makes values of n (composite literals, new) only in code that runs once,
// and declares no other variables, fields, or slice, array, map or channel
// elements of type n.
func (c *checker) onlyPackageLevelValues(n *types.Named) bool {
	info := c.pass.TypesInfo
	for id, obj := range info.Defs {
		v, ok := obj.(*types.Var)
		if !ok || c.inTestFile(id.Pos()) {
			continue
		}
		if v.Parent() == c.pass.Pkg.Scope() && types.Identical(v.Type(), n) {
			continue // one of the package-level values
		}
		if holdsValue(v.Type(), n) {
			return false
		}
	}
	for cur := range c.hot.Inspector.Root().Preorder((*ast.CompositeLit)(nil), (*ast.CallExpr)(nil)) {
		if c.inTestFile(cur.Node().Pos()) {
			continue
		}
		var made types.Type
		switch e := cur.Node().(type) {
		case *ast.CompositeLit:
			made = info.TypeOf(e)
		case *ast.CallExpr:
			if id, ok := ast.Unparen(e.Fun).(*ast.Ident); ok && id.Name == "new" && len(e.Args) == 1 {
				if _, ok := info.Uses[id].(*types.Builtin); ok {
					made = info.TypeOf(e.Args[0])
				}
			}
		}
		if made != nil && types.Identical(made, n) && !c.runsOnce(cur) {
			return false
		}
	}
	return true
}

// holdsValue reports whether a variable of type t holds values of n
// (not pointers to them): n itself, or an array, slice, map or channel of
// them, or a struct with such a field. A named type met again on the way
// (type Node struct{ kids []Node }) adds nothing and is not entered twice.
func holdsValue(t types.Type, n *types.Named) bool {
	return holdsValueSeen(t, n, make(map[*types.Named]bool))
}

func holdsValueSeen(t types.Type, n *types.Named, seen map[*types.Named]bool) bool {
	switch u := t.(type) {
	case *types.Named:
		if types.Identical(u, n) {
			return true
		}
		if seen[u] {
			return false
		}
		seen[u] = true
		if s, ok := u.Underlying().(*types.Struct); ok {
			for f := range s.Fields() {
				if holdsValueSeen(f.Type(), n, seen) {
					return true
				}
			}
		}
	case *types.Array:
		return holdsValueSeen(u.Elem(), n, seen)
	case *types.Slice:
		return holdsValueSeen(u.Elem(), n, seen)
	case *types.Map:
		return holdsValueSeen(u.Elem(), n, seen)
	case *types.Chan:
		return holdsValueSeen(u.Elem(), n, seen)
	case *types.Struct:
		for f := range u.Fields() {
			if holdsValueSeen(f.Type(), n, seen) {
				return true
			}
		}
	}
	return false
}

// isSyncMap reports whether t is sync.Map or *sync.Map.
func isSyncMap(t types.Type) bool {
	return astutil.IsNamedOrPointer(t, "sync", "Map")
}

// classifyUses sorts every reference to a cache, outside _test.go files,
// into a store, a bound, an escape or a plain read.
func (c *checker) classifyUses() {
	info := c.pass.TypesInfo
	for cur := range c.hot.Inspector.Root().Preorder((*ast.Ident)(nil)) {
		id := cur.Node().(*ast.Ident)
		v, ok := info.Uses[id].(*types.Var)
		if !ok {
			continue
		}
		ca := c.caches[v]
		if ca == nil || c.inTestFile(id.Pos()) {
			continue
		}
		e := cur
		if v.IsField() {
			switch cur.ParentEdgeKind() {
			case edge.SelectorExpr_Sel:
				e = cur.Parent()
			case edge.KeyValueExpr_Key:
				continue // T{m: make(...)}: the value is made where T is
			default:
				continue
			}
		}
		c.classify(ca, e)
	}
}

// classify records what the expression at e, which denotes the map of ca,
// does with it.
func (c *checker) classify(ca *cache, e inspector.Cursor) {
	info := c.pass.TypesInfo
	for e.ParentEdgeKind() == edge.ParenExpr_X {
		e = e.Parent()
	}
	switch e.ParentEdgeKind() {
	case edge.IndexExpr_X:
		ix := e.Parent()
		ixe := ix.Node().(*ast.IndexExpr)
		use := ix
		for use.ParentEdgeKind() == edge.ParenExpr_X {
			use = use.Parent()
		}
		st := store{cur: ix, key: ixe.Index}
		if m, ok := info.TypeOf(e.Node().(ast.Expr)).Underlying().(*types.Map); ok {
			st.keyType = m.Key()
		}
		switch use.ParentEdgeKind() {
		case edge.AssignStmt_Lhs:
			as := use.Parent().Node().(*ast.AssignStmt)
			if as.Tok == token.ASSIGN && len(as.Lhs) == len(as.Rhs) {
				st.value = as.Rhs[use.ParentEdgeIndex()]
			} else if as.Tok != token.ASSIGN {
				ca.lookups = append(ca.lookups, ix) // m[k] += v
			}
			ca.stores = append(ca.stores, st)
		case edge.IncDecStmt_X:
			ca.lookups = append(ca.lookups, ix)
			ca.stores = append(ca.stores, st)
		default:
			ca.lookups = append(ca.lookups, ix)
		}
		// Anything else reads an entry (v, ok := m[k]; m[k].f = v for a
		// map of pointers; m[a][b] = v, which grows the inner map).

	case edge.CallExpr_Args:
		call := e.Parent().Node().(*ast.CallExpr)
		switch builtinName(info, call) {
		case "delete", "clear":
			ca.bounded = true
		case "len":
			if !comparedWithZero(info, e.Parent()) {
				ca.bounded = true
			}
		default:
			if !readsOnly(info, call) {
				ca.escapes = true
			}
		}

	case edge.SelectorExpr_X:
		sel := e.Parent().Node().(*ast.SelectorExpr)
		if !ca.syncMap {
			ca.escapes = true // a method of a named map type: not followed
			return
		}
		if e.Parent().ParentEdgeKind() != edge.CallExpr_Fun {
			ca.escapes = true // a method value
			return
		}
		call := e.Parent().Parent().Node().(*ast.CallExpr)
		switch sel.Sel.Name {
		case "Store", "LoadOrStore", "Swap":
			if sel.Sel.Name != "Store" {
				ca.lookups = append(ca.lookups, e.Parent().Parent())
			}
			if len(call.Args) == 2 {
				ca.stores = append(ca.stores, store{
					cur:     e.Parent().Parent(),
					key:     call.Args[0],
					keyType: info.TypeOf(call.Args[0]),
					value:   call.Args[1],
				})
			}
		case "Delete", "LoadAndDelete", "CompareAndDelete", "Clear":
			ca.bounded = true
		case "Load":
			ca.lookups = append(ca.lookups, e.Parent().Parent())
		case "Range", "CompareAndSwap":
		default:
			ca.escapes = true
		}

	case edge.AssignStmt_Lhs:
		// m = make(...): a new map replaces the old one, unless this is
		// initialisation (code that runs once, or the lazy form under
		// if m == nil).
		if !c.runsOnce(e) && !c.underNilCheck(ca, e) {
			ca.bounded = true
		}

	case edge.RangeStmt_X:
		// Ranging reads; a delete in the body is counted where it is.

	case edge.BinaryExpr_X, edge.BinaryExpr_Y:
		// m == nil, m != nil.

	default:
		// Returned, passed, aliased, address taken, stored in a composite
		// literal: code the analyzer does not follow may bound it.
		ca.escapes = true
	}
}

func builtinName(info *types.Info, call *ast.CallExpr) string {
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if b, ok := info.Uses[id].(*types.Builtin); ok {
			return b.Name()
		}
	}
	return ""
}

// comparedWithZero reports whether the len call at cur is an operand of a
// comparison with the constant 0: an emptiness test, not a size check.
func comparedWithZero(info *types.Info, cur inspector.Cursor) bool {
	for cur.ParentEdgeKind() == edge.ParenExpr_X {
		cur = cur.Parent()
	}
	k := cur.ParentEdgeKind()
	if k != edge.BinaryExpr_X && k != edge.BinaryExpr_Y {
		return false
	}
	bin := cur.Parent().Node().(*ast.BinaryExpr)
	other := bin.Y
	if k == edge.BinaryExpr_Y {
		other = bin.X
	}
	return astutil.IsZero(info, other)
}

// readsOnly reports whether call only reads the maps passed to it.
func readsOnly(info *types.Info, call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok || fn.Pkg() == nil {
		return false
	}
	switch fn.Pkg().Path() {
	case "fmt":
		return strings.HasPrefix(fn.Name(), "Sprint") || strings.HasPrefix(fn.Name(), "Fprint") || strings.HasPrefix(fn.Name(), "Print")
	case "maps":
		switch fn.Name() {
		case "Keys", "Values", "All", "Clone", "Equal", "EqualFunc":
			return true
		}
	case "encoding/json":
		return fn.Name() == "Marshal" || fn.Name() == "MarshalIndent"
	}
	return false
}

// underNilCheck reports whether the assignment to the cache at e is in
// the body of an if statement whose condition is m == nil: a lazy
// initialisation, not a bound.
func (c *checker) underNilCheck(ca *cache, e inspector.Cursor) bool {
	info := c.pass.TypesInfo
	for p := range e.Enclosing((*ast.IfStmt)(nil), (*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		ifs, ok := p.Node().(*ast.IfStmt)
		if !ok {
			return false
		}
		if e.Node().Pos() < ifs.Body.Pos() || e.Node().End() > ifs.Body.End() {
			continue
		}
		found := false
		ast.Inspect(ifs.Cond, func(n ast.Node) bool {
			bin, ok := n.(*ast.BinaryExpr)
			if !ok || bin.Op != token.EQL {
				return !found
			}
			for _, pair := range [2][2]ast.Expr{{bin.X, bin.Y}, {bin.Y, bin.X}} {
				if denotes(info, pair[0], ca.obj) && info.Types[pair[1]].IsNil() {
					found = true
				}
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// denotes reports whether e is the variable or field v.
func denotes(info *types.Info, e ast.Expr, v *types.Var) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return info.Uses[e] == v
	case *ast.SelectorExpr:
		return info.Uses[e.Sel] == v
	}
	return false
}

// runsOnce reports whether the code at cur runs a bounded number of times
// per program, however its loops go: it runs once by hotpath's rules
// (Info.Once), or it is in an unexported package-level function (any
// function of package main) whose every reference outside _test.go files
// is a call in such code or an argument of (*sync.Once).Do, sync.OnceFunc,
// OnceValue or OnceValues. Unlike Info.RunsOnce, a loop inside such a
// function does not make it repeat: filling a table in a loop at start-up
// is a one-time fill.
func (c *checker) runsOnce(cur inspector.Cursor) bool {
	if c.hot.Once(cur) {
		return true
	}
	p, ok := astutil.EnclosingFunc(cur)
	if !ok {
		return false
	}
	if p.ParentEdgeKind() == edge.CallExpr_Fun {
		return c.runsOnce(p.Parent()) // func(){...}() runs where it stands
	}
	decl, ok := p.Node().(*ast.FuncDecl)
	if !ok || decl.Recv != nil || (decl.Name.IsExported() && c.pass.Pkg.Name() != "main") {
		return false
	}
	fn, ok := c.pass.TypesInfo.Defs[decl.Name].(*types.Func)
	return ok && c.calledOnce(fn)
}

// calledOnce reports whether every reference to fn is a call that runs
// once or an argument of a sync.Once function.
func (c *checker) calledOnce(fn *types.Func) bool {
	if done, ok := c.onceMemo[fn]; ok {
		return done
	}
	c.onceMemo[fn] = false // a recursive function is not called once
	if c.funcUses == nil {
		c.funcUses = make(map[*types.Func][]inspector.Cursor)
		for u := range c.hot.Inspector.Root().Preorder((*ast.Ident)(nil)) {
			id := u.Node().(*ast.Ident)
			if f, ok := c.pass.TypesInfo.Uses[id].(*types.Func); ok && f.Pkg() == c.pass.Pkg && !c.inTestFile(id.Pos()) {
				c.funcUses[f] = append(c.funcUses[f], u)
			}
		}
	}
	uses := c.funcUses[fn]
	if len(uses) == 0 {
		return false
	}
	for _, u := range uses {
		switch {
		case u.ParentEdgeKind() == edge.CallExpr_Fun && c.runsOnce(u.Parent()):
		case u.ParentEdgeKind() == edge.CallExpr_Args && isOnceCall(c.pass.TypesInfo, u.Parent().Node().(*ast.CallExpr)):
		default:
			return false
		}
	}
	c.onceMemo[fn] = true
	return true
}

// isOnceCall reports whether call is (*sync.Once).Do, sync.OnceFunc,
// sync.OnceValue or sync.OnceValues.
func isOnceCall(info *types.Info, call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "sync" {
		return false
	}
	switch fn.Name() {
	case "OnceFunc", "OnceValue", "OnceValues":
		return true
	case "Do":
		recv := fn.Signature().Recv()
		return recv != nil && astutil.IsNamedOrPointer(recv.Type(), "sync", "Once")
	}
	return false
}

// growsPerRequest reports whether st adds entries for request-derived keys
// in code that runs repeatedly.
func (c *checker) growsPerRequest(ca *cache, st store) bool {
	cur := st.cur
	if c.hot.InTestCode(cur) || c.runsOnce(cur) || c.hot.RarelyCalled(cur) || c.hot.InDeadCode(cur) {
		return false
	}
	if !c.requestKey(st) {
		return false
	}
	if c.callerSupplied(st) || c.updatesExisting(ca, st) {
		return false
	}
	return looksUp(ca, st)
}

// looksUp reports whether the function declaration around st also looks
// the map up (or st reads and writes an entry, as m[k]++ and LoadOrStore
// do): the get-or-fill shape of a cache, a counter or a set of seen keys.
// A store with no lookup beside it fills a table (a loader of
// configuration, a registry) whose reads are elsewhere.
func looksUp(ca *cache, st store) bool {
	decl := hotpath.TopDecl(st.cur)
	for _, l := range ca.lookups {
		if hotpath.TopDecl(l) == decl {
			return true
		}
	}
	return false
}

// requestKey reports whether the key of st is request-derived (see
// requestData) and its type has many values.
func (c *checker) requestKey(st store) bool {
	if tv, ok := c.pass.TypesInfo.Types[st.key]; ok && tv.Value != nil {
		return false
	}
	if st.keyType == nil || !manyValues(st.keyType, 0) {
		return false
	}
	if c.request == nil {
		c.request = newRequestData(c)
	}
	return c.request.derived(st.key)
}

// manyValues reports whether keys of type t can take an open-ended set of
// values drawn from input: strings, integers wider than 8 bits, floats,
// complex numbers, time.Time, arrays with more than one element of such or
// of bytes, and structs with at least one such field and no field of a
// program-defined kind (pointer, interface, channel, function, uintptr).
func manyValues(t types.Type, depth int) bool {
	if depth > 4 {
		return false
	}
	if astutil.IsNamedOrPointer(t, "time", "Time") {
		return true
	}
	if n, ok := t.(*types.Named); ok && hasConstants(n) {
		return false // an enum
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch u.Kind() {
		case types.Bool, types.Int8, types.Uint8, types.Uintptr, types.UnsafePointer:
			return false
		}
		return u.Info()&(types.IsString|types.IsInteger|types.IsFloat|types.IsComplex) != 0
	case *types.Array:
		if b, ok := u.Elem().Underlying().(*types.Basic); ok && (b.Kind() == types.Uint8 || b.Kind() == types.Int8) {
			return u.Len() > 1
		}
		return manyValues(u.Elem(), depth+1)
	case *types.Struct:
		many := false
		for f := range u.Fields() {
			if programDefined(f.Type(), depth+1) {
				return false
			}
			if manyValues(f.Type(), depth+1) {
				many = true
			}
		}
		return many
	}
	return false
}

// programDefined reports whether t, or a field or element of it, is of a
// kind whose values the program makes rather than reads: a pointer, an
// interface (reflect.Type), a channel, a function or an address.
func programDefined(t types.Type, depth int) bool {
	if depth > 4 || astutil.IsNamedOrPointer(t, "time", "Time") {
		return false
	}
	switch u := t.Underlying().(type) {
	case *types.Pointer, *types.Interface, *types.Chan, *types.Signature:
		return true
	case *types.Basic:
		return u.Kind() == types.Uintptr || u.Kind() == types.UnsafePointer
	case *types.Array:
		return programDefined(u.Elem(), depth+1)
	case *types.Struct:
		for f := range u.Fields() {
			if programDefined(f.Type(), depth+1) {
				return true
			}
		}
	}
	return false
}

// hasConstants reports whether constants of the named type n are declared
// in its package.
func hasConstants(n *types.Named) bool {
	pkg := n.Obj().Pkg()
	if pkg == nil {
		return false
	}
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		if k, ok := scope.Lookup(name).(*types.Const); ok && types.Identical(k.Type(), n) {
			return true
		}
	}
	return false
}

// callerSupplied reports whether the value stored by st is a parameter of
// the enclosing function other than the key (also &p, append(m[k], p) and
// a composite literal holding p): the caller registers both key and value,
// and decides how many.
func (c *checker) callerSupplied(st store) bool {
	if st.value == nil {
		return false
	}
	info := c.pass.TypesInfo
	params := make(map[*types.Var]bool)
	for p := range st.cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		var ft *ast.FuncType
		switch f := p.Node().(type) {
		case *ast.FuncDecl:
			ft = f.Type
			if f.Recv != nil {
				ft = &ast.FuncType{Params: f.Recv}
				collectParams(info, ft, params)
				ft = f.Type
			}
		case *ast.FuncLit:
			ft = f.Type
		}
		collectParams(info, ft, params)
		break
	}
	keyVars := make(map[*types.Var]bool)
	ast.Inspect(st.key, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok {
				keyVars[v] = true
			}
		}
		return true
	})
	isParam := func(e ast.Expr) bool {
		e = ast.Unparen(e)
		if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
			e = ast.Unparen(u.X)
		}
		id, ok := e.(*ast.Ident)
		if !ok {
			return false
		}
		v, ok := info.Uses[id].(*types.Var)
		return ok && params[v] && !keyVars[v]
	}
	val := ast.Unparen(st.value)
	if u, ok := val.(*ast.UnaryExpr); ok && u.Op == token.AND {
		val = ast.Unparen(u.X)
	}
	switch v := val.(type) {
	case *ast.CallExpr:
		if builtinName(info, v) == "append" {
			for _, a := range v.Args[1:] {
				if isParam(a) {
					return true
				}
			}
		}
		// A conversion of a parameter: T(p).
		if tv, ok := info.Types[v.Fun]; ok && tv.IsType() && len(v.Args) == 1 {
			return isParam(v.Args[0])
		}
	case *ast.CompositeLit:
		for _, elt := range v.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				elt = kv.Value
			}
			if isParam(elt) {
				return true
			}
		}
	}
	return isParam(val)
}

func collectParams(info *types.Info, ft *ast.FuncType, params map[*types.Var]bool) {
	if ft == nil || ft.Params == nil {
		return
	}
	for _, f := range ft.Params.List {
		for _, n := range f.Names {
			if v, ok := info.Defs[n].(*types.Var); ok {
				params[v] = true
			}
		}
	}
}

// updatesExisting reports whether st only overwrites keys already in the
// map: its key is the key variable of a range over the same map, or the
// store is guarded by if _, ok := m[k]; ok with the same key.
func (c *checker) updatesExisting(ca *cache, st store) bool {
	info := c.pass.TypesInfo
	keyID, ok := ast.Unparen(st.key).(*ast.Ident)
	if !ok {
		return false
	}
	keyVar := info.Uses[keyID]
	for p := range st.cur.Enclosing((*ast.RangeStmt)(nil), (*ast.IfStmt)(nil)) {
		switch s := p.Node().(type) {
		case *ast.RangeStmt:
			if id, ok := s.Key.(*ast.Ident); ok && info.Defs[id] == keyVar && keyVar != nil && denotes(info, s.X, ca.obj) {
				return true
			}
		case *ast.IfStmt:
			as, ok := s.Init.(*ast.AssignStmt)
			cond, ok2 := ast.Unparen(s.Cond).(*ast.Ident)
			if !ok || !ok2 || len(as.Lhs) != 2 || len(as.Rhs) != 1 {
				continue
			}
			okID, _ := as.Lhs[1].(*ast.Ident)
			ix, _ := ast.Unparen(as.Rhs[0]).(*ast.IndexExpr)
			if okID == nil || ix == nil || info.ObjectOf(okID) != info.Uses[cond] || !denotes(info, ix.X, ca.obj) {
				continue
			}
			if id, ok := ast.Unparen(ix.Index).(*ast.Ident); ok && info.Uses[id] == keyVar && astutil.Within(st.cur.Node(), s.Body) {
				return true
			}
		}
	}
	return false
}

func (c *checker) report(ca *cache, st store) {
	qual := types.RelativeTo(c.pass.Pkg)
	key := types.TypeString(st.keyType, qual)
	c.pass.Report(analysis.Diagnostic{
		Pos: st.cur.Node().Pos(),
		End: st.cur.Node().End(),
		Message: checkdoc.Fit(
			ca.name+" grows by one entry per distinct "+key+" key and is never pruned: bound it (an LRU, a size check) or drop it",
			ca.name+" grows per distinct key and is never pruned: bound it (an LRU, a size check) or drop it"),
		Related: []analysis.RelatedInformation{{Pos: ca.obj.Pos(), Message: ca.name + " is declared here"}},
	})
}
