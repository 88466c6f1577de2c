package poolreset

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/perfproof/perfproof/analysis/internal/checkdoc"
	"github.com/perfproof/perfproof/analysis/internal/deps"
	"github.com/perfproof/perfproof/analysis/internal/fiximport"
)

//go:embed doc.go
var doc string

// Analyzer reports ineffective resets before Put and Put of non-pointer
// values.
var Analyzer = &analysis.Analyzer{
	Name: "poolreset",
	Doc:  checkdoc.MustExtract(doc, "poolreset"),
	URL:  "https://pkg.go.dev/github.com/perfproof/perfproof/analysis/passes/poolreset",
	// No Requires: the check runs on every dependency for its facts.
	FactTypes:        []analysis.Fact{new(putFact), new(resetFact), new(growFact)},
	RunDespiteErrors: true,
	Run:              run,
}

// putFact marks a Put wrapper: a function that passes some of its
// parameters straight to (*sync.Pool).Put. Slots count the receiver
// first.
type putFact struct {
	// Slots has bit i set if parameter i is put.
	Slots uint64
	// Generic has bit i set if parameter i has a type parameter's type:
	// its conversion to an interface allocates or not depending on the
	// instantiation.
	Generic uint64
	// Pool names the pool, e.g. "bufPool".
	Pool string
	// Where is the file base name and line of the Put, e.g. "pool.go:12".
	Where string
	// Truncates has bit i set if the wrapper sets the slice parameter i
	// points to to length 0 (*p = (*p)[:0]) on every path to its Put;
	// Clears if it clears that slice's elements (clear(*p), or a loop
	// over *p zeroing them) before the Put. ClearWhere is the line of
	// the clear.
	Truncates  uint64
	Clears     uint64
	ClearWhere string
}

func (*putFact) AFact() {}

func (f *putFact) String() string {
	s := fmt.Sprintf("puts %s into %s", slotList(f.Slots), f.Pool)
	if f.Generic != 0 {
		s += fmt.Sprintf(" (generic %s)", slotList(f.Generic))
	}
	if f.Truncates != 0 {
		s += fmt.Sprintf("; truncates %s", slotList(f.Truncates))
	}
	if f.Clears != 0 {
		s += fmt.Sprintf("; clears %s", slotList(f.Clears))
	}
	return s
}

// resetFact marks a method with a value receiver that assigns to its
// receiver: the assignments change the method's copy only.
type resetFact struct {
	Fields []string // the receiver fields assigned, or "*" for the whole receiver
}

func (*resetFact) AFact() {}

func (f *resetFact) String() string { return "resets a copy: " + strings.Join(f.Fields, ",") }

func slotList(b uint64) string {
	var s []string
	for i := range 64 {
		if b&(1<<i) != 0 {
			s = append(s, fmt.Sprint("p", i))
		}
	}
	return strings.Join(s, ",")
}

// checker holds the state of one package's run.
type checker struct {
	pass    *analysis.Pass
	imports *fiximport.Editor
	// puts and resets hold the facts of this package's functions,
	// exported or not.
	puts   map[*types.Func]*putFact
	resets map[*types.Func]*resetFact
	grows  map[*types.Func]*growFact
	// copyResets holds the copies whose reset checkSliceCopies
	// reported: the grown-copy check does not report them again.
	copyResets map[*types.Var]bool
}

func run(pass *analysis.Pass) (any, error) {
	c := &checker{
		pass:       pass,
		imports:    fiximport.New(pass),
		puts:       make(map[*types.Func]*putFact),
		resets:     make(map[*types.Func]*resetFact),
		grows:      make(map[*types.Func]*growFact),
		copyResets: make(map[*types.Var]bool),
	}
	// A Put needs package sync, directly or through a Put wrapper of
	// another package (known by its fact). A package without either can
	// still hold a helper that grows a copy of a pooled slice for a
	// caller in another package: only its grow facts are computed.
	if !deps.Imports(pass.Pkg, "sync") && !importsFacts(pass) {
		c.collectGrowFacts(c.funcDecls())
		return nil, nil
	}
	c.collectFacts()
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			c.checkBody(fd.Body, fd.Type, fd.Recv == nil && fd.Name.Name == "init")
			c.checkBuilders(fd.Body)
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if lit, ok := n.(*ast.FuncLit); ok {
					c.checkBody(lit.Body, lit.Type, false)
					c.checkBuilders(lit.Body)
				}
				return true
			})
		}
	}
	return nil, nil
}

// importsFacts reports whether a dependency exported a fact of this
// analyzer: a Put wrapper or a value-receiver reset method.
func importsFacts(pass *analysis.Pass) bool {
	return len(pass.AllObjectFacts()) > 0
}

// collectFacts computes the put and reset facts of the package's
// functions, exports those of exported ones, and keeps all for local use.
func (c *checker) collectFacts() {
	info := c.pass.TypesInfo
	decls := c.funcDecls()
	for _, fd := range decls {
		fn, ok := info.Defs[fd.Name].(*types.Func)
		if !ok {
			continue
		}
		if r := c.valueReset(fd); r != nil {
			c.resets[fn] = r
			if fn.Exported() {
				c.pass.ExportObjectFact(fn, r)
			}
		}
	}
	// Put wrappers can wrap each other: iterate to a fixed point.
	for range 4 {
		changed := false
		for _, fd := range decls {
			fn, ok := info.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			if p := c.putWrapper(fd); p != nil && c.puts[fn] == nil {
				c.puts[fn] = p
				changed = true
			}
		}
		if !changed {
			break
		}
	}
	for fn, p := range c.puts {
		if fn.Exported() {
			c.pass.ExportObjectFact(fn, p)
		}
	}
	c.collectGrowFacts(decls)
}

// funcDecls returns the package's function declarations with bodies.
func (c *checker) funcDecls() []*ast.FuncDecl {
	var decls []*ast.FuncDecl
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				decls = append(decls, fd)
			}
		}
	}
	return decls
}

// params returns the objects of a function's slots: receiver first.
func (c *checker) params(fd *ast.FuncDecl) []*types.Var {
	var out []*types.Var
	add := func(fl *ast.FieldList) {
		if fl == nil {
			return
		}
		for _, f := range fl.List {
			if len(f.Names) == 0 {
				out = append(out, nil)
			}
			for _, n := range f.Names {
				v, _ := c.pass.TypesInfo.Defs[n].(*types.Var)
				out = append(out, v)
			}
		}
	}
	add(fd.Recv)
	add(fd.Type.Params)
	return out
}

// putWrapper returns the put fact of fd if it passes one of its
// parameters, unchanged, to a Put.
func (c *checker) putWrapper(fd *ast.FuncDecl) *putFact {
	params := c.params(fd)
	var p *putFact
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		for _, site := range c.putArgs(call) {
			v := c.identVar(site.arg)
			for i, pv := range params {
				if pv == nil || pv != v || i >= 64 {
					continue
				}
				if p == nil {
					p = &putFact{Pool: site.pool, Where: c.where(call.Pos())}
				}
				p.Slots |= 1 << i
				if _, isTP := pv.Type().(*types.TypeParam); isTP {
					p.Generic |= 1 << i
				}
				trunc, clearPos := c.wrapperResets(fd.Body, pv, call.Pos())
				if site.fact != nil && site.slot < 64 {
					// A wrapper of a wrapper resets what the inner one does.
					trunc = trunc || site.fact.Truncates&(1<<site.slot) != 0
					if !clearPos.IsValid() && site.fact.Clears&(1<<site.slot) != 0 && p.ClearWhere == "" {
						p.Clears |= 1 << i
						p.ClearWhere = site.fact.ClearWhere
					}
				}
				if trunc {
					p.Truncates |= 1 << i
				}
				if clearPos.IsValid() {
					p.Clears |= 1 << i
					if p.ClearWhere == "" {
						p.ClearWhere = c.where(clearPos)
					}
				}
			}
		}
		return true
	})
	return p
}

// A putArg is an argument that a call puts back into a pool.
type putArg struct {
	arg     ast.Expr
	slot    int // the argument's slot in the wrapper's parameters
	pool    string
	direct  bool // the call is (*sync.Pool).Put itself
	generic bool // the wrapper's parameter has a type parameter's type
	via     *types.Func
	fact    *putFact
}

// putArgs returns the arguments that call puts back into a pool: the
// argument of (*sync.Pool).Put, or those of a Put wrapper.
func (c *checker) putArgs(call *ast.CallExpr) []putArg {
	fn, ok := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	if !ok {
		return nil
	}
	if isPoolPut(fn) {
		if len(call.Args) != 1 {
			return nil
		}
		pool := "a sync.Pool"
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			pool = types.ExprString(sel.X)
		}
		return []putArg{{arg: call.Args[0], pool: pool, direct: true}}
	}
	fact := c.putFactOf(fn)
	if fact == nil {
		return nil
	}
	args := callSlots(c.pass.TypesInfo, call)
	var out []putArg
	for i, a := range args {
		if i < 64 && a != nil && fact.Slots&(1<<i) != 0 {
			out = append(out, putArg{arg: a, slot: i, pool: fact.Pool, generic: fact.Generic&(1<<i) != 0, via: fn, fact: fact})
		}
	}
	return out
}

func (c *checker) putFactOf(fn *types.Func) *putFact {
	fn = fn.Origin()
	if p, ok := c.puts[fn]; ok {
		return p
	}
	if fn.Pkg() == nil || fn.Pkg() == c.pass.Pkg {
		return nil
	}
	p := new(putFact)
	if c.pass.ImportObjectFact(fn, p) {
		return p
	}
	return nil
}

func (c *checker) resetFactOf(fn *types.Func) *resetFact {
	fn = fn.Origin()
	if r, ok := c.resets[fn]; ok {
		return r
	}
	if fn.Pkg() == nil || fn.Pkg() == c.pass.Pkg {
		return nil
	}
	r := new(resetFact)
	if c.pass.ImportObjectFact(fn, r) {
		return r
	}
	return nil
}

// callSlots returns a call's arguments by slot: the receiver of a method
// call first. A slot is nil where the call has no syntax for it.
func callSlots(info *types.Info, call *ast.CallExpr) []ast.Expr {
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if s, ok := info.Selections[sel]; ok && s.Kind() == types.MethodVal {
			return append([]ast.Expr{sel.X}, call.Args...)
		}
	}
	return call.Args
}

// isPoolPut reports whether fn is (*sync.Pool).Put, or the Put method of
// an interface of a pool's shape, which a *sync.Pool satisfies and
// callers usually fill with one: Get() any and Put(any), as
// gorilla/websocket's and centrifuge's BufferPool.
func isPoolPut(fn *types.Func) bool { return isPoolMethod(fn, "Put") }

// isPoolGet is isPoolPut for the Get method.
func isPoolGet(fn *types.Func) bool { return isPoolMethod(fn, "Get") }

// isPoolMethod reports whether fn is the method name of *sync.Pool or of
// an interface of a pool's shape (see poolShaped).
func isPoolMethod(fn *types.Func, name string) bool {
	if fn.Name() != name {
		return false
	}
	recv := fn.Signature().Recv()
	if recv == nil {
		return false
	}
	if iface, ok := recv.Type().Underlying().(*types.Interface); ok {
		return poolShaped(iface)
	}
	if fn.Pkg() == nil || fn.Pkg().Path() != "sync" {
		return false
	}
	ptr, ok := recv.Type().(*types.Pointer)
	if !ok {
		return false
	}
	named, ok := ptr.Elem().(*types.Named)
	return ok && named.Obj().Name() == "Pool"
}

// poolShaped reports whether iface has exactly the methods Get() any and
// Put(any) of a sync.Pool.
func poolShaped(iface *types.Interface) bool {
	if iface.NumMethods() != 2 {
		return false
	}
	emptyIface := func(t types.Type) bool {
		i, ok := t.Underlying().(*types.Interface)
		return ok && i.Empty()
	}
	var get, put bool
	for i := range iface.NumMethods() {
		sig := iface.Method(i).Signature()
		switch iface.Method(i).Name() {
		case "Get":
			get = sig.Params().Len() == 0 && sig.Results().Len() == 1 && emptyIface(sig.Results().At(0).Type())
		case "Put":
			put = sig.Params().Len() == 1 && sig.Results().Len() == 0 && emptyIface(sig.Params().At(0).Type())
		}
	}
	return get && put
}

// identVar returns the variable an identifier (possibly parenthesised)
// refers to, or nil.
func (c *checker) identVar(e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := c.pass.TypesInfo.Uses[id].(*types.Var)
	if v == nil {
		v, _ = c.pass.TypesInfo.Defs[id].(*types.Var)
	}
	return v
}

func (c *checker) where(pos token.Pos) string {
	p := c.pass.Fset.Position(pos)
	return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
}
