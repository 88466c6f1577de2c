package useafterput

import (
	_ "embed"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/perfproof/perfproof/analysis/internal/callscc"
	"github.com/perfproof/perfproof/analysis/internal/checkdoc"
	"github.com/perfproof/perfproof/analysis/internal/factmemo"
	"github.com/perfproof/perfproof/analysis/internal/localssa"
	"github.com/perfproof/perfproof/internal/astutil"
)

//go:embed doc.go
var doc string

// Analyzer reports uses of pooled memory after Put.
var Analyzer = check.Analyzer(nil)

// Memoized returns a new copy of Analyzer with a memo of its own (package
// factmemo) that names a package by key (factmemo.NewKeyed; nil: by its
// path and its own files' contents, right within one snapshot of the
// code), for a driver that meets a package more than once: test variants,
// or later runs. Analyzer itself remembers nothing between runs.
func Memoized(key func(*analysis.Pass) string) *analysis.Analyzer {
	return check.Analyzer(factmemo.NewKeyed[*summary](key))
}

// check defines the Analyzer, with or without a memo.
var check = factmemo.Check[*summary]{
	Template: analysis.Analyzer{
		Name: "useafterput",
		Doc:  checkdoc.MustExtract(doc, "useafterput"),
		URL:  "https://pkg.go.dev/github.com/perfproof/perfproof/analysis/passes/useafterput",
		// No Requires: the check runs on every dependency for its facts,
		// and builds SSA only for the packages that can have them.
		FactTypes:        []analysis.Fact{new(summary)},
		RunDespiteErrors: true,
	},
	Run: run,
}

// pkgAnalysis holds the state of one package's run.
type pkgAnalysis struct {
	pass     *analysis.Pass
	refCache map[types.Type]bool
	// local holds the summaries of the package's functions, closures
	// included; nil while a function is being summarised for the first
	// time.
	local    map[*ssa.Function]*summary
	imported map[*types.Func]*summary
	calls    map[token.Pos]*ast.CallExpr
	exprs    map[token.Pos]ast.Expr
	assigns  map[*ast.CallExpr][]ast.Expr
	// returnStmts maps the position of a return keyword to its statement.
	returnStmts map[token.Pos]*ast.ReturnStmt
	files       []*ast.File
	reported    map[string]bool
	funcs       []*ssa.Function
	fields      map[*types.Var]fieldUse
	// appendOnly caches appendOnlyField.
	appendOnly map[*types.Var]bool
}

func run(pass *analysis.Pass, memo *factmemo.Table[*summary]) (any, error) {
	if !needsAnalysis(pass) || memo.Replay(pass) {
		return nil, nil
	}
	rec := memo.Record(pass)
	defer rec.Store()
	a := &pkgAnalysis{
		pass:     pass,
		refCache: make(map[types.Type]bool),
		local:    make(map[*ssa.Function]*summary),
		imported: make(map[*types.Func]*summary),
		files:    pass.Files,
		reported: make(map[string]bool),
	}
	funcs := localssa.Build(pass).SrcFuncs
	a.funcs = funcs
	for _, scc := range callscc.Components(funcs) {
		a.summarizeAll(scc)
	}
	for _, fn := range funcs {
		s := a.local[fn]
		if s == nil || s.empty() || fn.Parent() != nil {
			continue
		}
		// Only exported functions and methods can be called from
		// another package.
		if obj := funcObject(fn); obj != nil && obj.Pkg() == pass.Pkg && obj.Exported() {
			rec.ExportFact(obj, s)
		}
	}
	for _, fn := range funcs {
		a.check(fn)
	}
	return nil, nil
}

// needsAnalysis reports whether the package can hold a finding or a fact
// a caller needs. A standard-library package is analysed only if it uses
// sync.Pool itself: the table covers the standard library's views (and
// scan loads no other dependency with bodies), and building SSA for every
// dependency would cost more than the whole scan otherwise.
func needsAnalysis(pass *analysis.Pass) bool {
	if len(pass.Files) == 0 {
		return false
	}
	if !isStd(pass) {
		return true
	}
	for _, obj := range pass.TypesInfo.Uses {
		if fn, ok := obj.(*types.Func); ok && (fn.Name() == "Put" || fn.Name() == "Get") && astutil.FuncKey(fn) == "sync.Pool."+fn.Name() {
			return true
		}
	}
	return false
}

// isStd reports whether pass's package belongs to the standard library:
// it is in no module (or the go command's "std") and the first element of
// its path has no dot
// ("net/http", "vendor/golang.org/x/net/dns/dnsmessage", "cmd/go/..."), as
// the go command tells standard packages. This reads only what the driver
// gives the pass, not the GOROOT of the process running the check, which
// under gopls or a pinned toolchain may not be the analysed code's.
func isStd(pass *analysis.Pass) bool {
	first, _, _ := strings.Cut(pass.Pkg.Path(), "/")
	inModule := pass.Module != nil && pass.Module.Path != "" && pass.Module.Path != "std"
	return !inModule && !strings.Contains(first, ".")
}

// maxRounds bounds the fixed-point iterations over a recursive component;
// summaries only grow, so the last round's are kept.
const maxRounds = 8

func (a *pkgAnalysis) summarizeAll(scc []*ssa.Function) {
	for round := 0; round < maxRounds; round++ {
		changed := false
		for _, fn := range scc {
			s := a.summarize(fn)
			if old := a.local[fn]; old == nil || !old.equal(s) {
				a.local[fn] = s
				changed = true
			}
		}
		if !changed || len(scc) == 1 && !selfRecursive(scc[0]) {
			return
		}
	}
}

func selfRecursive(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(ssa.CallInstruction); ok {
				if callee := c.Common().StaticCallee(); callee == fn || callee != nil && callee.Origin() == fn {
					return true
				}
			}
		}
	}
	return false
}

// slots returns a function's parameters followed by its free variables.
func slots(fn *ssa.Function) []ssa.Value {
	out := make([]ssa.Value, 0, len(fn.Params)+len(fn.FreeVars))
	for _, p := range fn.Params {
		out = append(out, p)
	}
	for _, fv := range fn.FreeVars {
		out = append(out, fv)
	}
	return out
}

// summarize computes fn's summary from its body and the summaries of its
// callees known so far.
func (a *pkgAnalysis) summarize(fn *ssa.Function) *summary {
	nres := fn.Signature.Results().Len()
	s := &summary{Returns: make([]uint64, nres), Holds: make([]uint64, nres)}
	if fn.Blocks == nil {
		return s
	}
	rets := returns(fn)
	sites := a.putSites(fn)
	for i, p := range slots(fn) {
		if i >= maxSlots {
			break
		}
		if !a.refType(p.Type()) {
			continue
		}
		t := newTracker(a, fn)
		if _, ok := p.(*ssa.FreeVar); ok {
			t.trackCell(p)
		} else {
			t.track(p)
		}
		var cand []bool // results that may refer to the slot
		for _, ret := range rets {
			for r, res := range ret.Results {
				if rl := t.rels[res]; rl != 0 && !t.onlyCell(res) && !astutil.IsError(res.Type()) {
					// An error is built from copies and types; one
					// that kept a view would be missed.
					if cand == nil {
						cand = make([]bool, nres)
					}
					cand[r] = true
				}
			}
		}
		if cand != nil {
			// Decide on each path: a result variable overwritten,
			// or a buffer the object let go of (x.buf = nil) before
			// returning it, does not refer to the slot.
			live := newFlow(t, putSite{}, nil).liveResults(nres)
			for _, ret := range rets {
				for r, res := range ret.Results {
					if !cand[r] || !live[r] || t.rels[res] == 0 {
						continue
					}
					if t.rels[res]&(same|view) != 0 {
						s.Returns[r] |= 1 << i
					} else {
						s.Holds[r] |= 1 << i
					}
				}
			}
		}
		for _, site := range sites {
			if t.puts(site) {
				s.Puts |= 1 << i
				if s.PutPool == "" {
					s.PutPool = site.pool
				}
			}
		}
		if putApart && s.Puts&(1<<i) != 0 && returnsSlot(s, i) && t.putApart(sites, rets) {
			s.PutApart |= 1 << i
		}
		if s.Puts&(1<<i) != 0 {
			switch t.putsOnlyWhen(sites) {
			case whenTrue:
				s.PutsWhenTrue |= 1 << i
			case whenNil:
				s.PutsWhenNil |= 1 << i
			}
		}
		for _, d := range t.detaches() {
			d.Slot = i
			s.Detaches = addDetach(s.Detaches, d)
		}
		if _, isFree := p.(*ssa.FreeVar); !isFree && t.mayKeep() {
			fl := newFlow(t, putSite{}, nil)
			kept, onNilError, onTrue := fl.keptAtReturn()
			for j, esc := range kept {
				if k, ok := a.keepOf(t, esc); ok {
					k.Slot = i
					k.OnNilError = onNilError[j]
					k.OnTrue = onTrue[j]
					k.Fields = fl.fieldsOnly(esc)
					s.Keeps = addKeep(s.Keeps, k)
				}
			}
		}
	}
	preferDestination(fn, s)
	for _, g := range a.getSources(fn) {
		t := newTracker(a, fn).track(g.value)
		for _, ret := range rets {
			for r, res := range ret.Results {
				if t.rels[res]&same != 0 && r < maxSlots {
					s.Gets |= 1 << r
					if s.GetPool == "" {
						s.GetPool = g.pool
					}
				}
			}
		}
	}
	return s
}

// maxKeeps bounds the keeps a summary lists.
const maxKeeps = 8

func addKeep(ks []keep, k keep) []keep {
	for i, e := range ks {
		if e.Slot == k.Slot && e.Into == k.Into && slices.Equal(e.Path, k.Path) {
			// Kept only on nil-error paths if every such keep is.
			ks[i].OnNilError = e.OnNilError && k.OnNilError
			return ks
		}
	}
	if len(ks) == maxKeeps {
		return ks
	}
	return append(ks, k)
}

// keepOf describes, for a summary, an escape of a parameter that its
// function leaves in place at a return: where it is kept, with Slot
// unset. It leaves out what is not evidence enough that a caller's
// value stays in use: a goroutine (the object's own workers, usually
// joined before the call returns), and a value that an append-style
// call may have moved to a new array (buf := append(w.AvailableBuffer(),
// ...) stored only if it outgrew w's buffer).
func (a *pkgAnalysis) keepOf(t *tracker, esc escape) (keep, bool) {
	fn := t.fn
	if t.mayRealloc(esc.val) {
		return keep{}, false
	}
	k := keep{Into: -1, Where: a.where(esc.instr.Pos())}
	if !esc.instr.Pos().IsValid() {
		k.Where = a.where(esc.val.Pos())
	}
	slotOf := func(v ssa.Value) int {
		for i, p := range slots(fn) {
			if p == v && i < maxSlots {
				return i
			}
		}
		return -1
	}
	switch in := esc.instr.(type) {
	case *ssa.Send:
		k.How = "sends it on a channel"
	case *ssa.Store, *ssa.MapUpdate:
		addr := ssa.Value(nil)
		if st, ok := in.(*ssa.Store); ok {
			addr = st.Addr
		} else {
			addr = in.(*ssa.MapUpdate).Map
		}
		root := sinkRoot(addr)
		text := a.addrText(addr)
		switch root.(type) {
		case *ssa.Global:
			k.How = "stores it in package variable " + text
		case *ssa.Parameter, *ssa.FreeVar:
			k.Into = slotOf(root)
			if k.Into < 0 {
				return keep{}, false
			}
			if r, p := addrPath(addr); r == root {
				k.Path = p
			}
			k.How = "stores it in " + text
		default:
			return keep{}, false
		}
	case *ssa.Call:
		if esc.keep == nil {
			return keep{}, false
		}
		k.How = esc.keep.How + " through " + esc.callee
		k.Where = esc.keep.Where
		if esc.into != nil {
			root := sinkRoot(esc.into)
			switch root.(type) {
			case *ssa.Global:
			case *ssa.Parameter, *ssa.FreeVar:
				k.Into = slotOf(root)
				if k.Into < 0 {
					return keep{}, false
				}
				if root == esc.into {
					k.Path = esc.keep.Path
				}
			default:
				return keep{}, false
			}
		}
	default:
		return keep{}, false
	}
	return k, true
}

// addrText returns the source text of the location an address denotes
// ("c.last"), or "memory that outlives the call".
func (a *pkgAnalysis) addrText(addr ssa.Value) string {
	if g, ok := addr.(*ssa.Global); ok {
		return g.Name()
	}
	if e := a.exprAt(addr.Pos()); e != nil {
		return exprText(e)
	}
	return "memory that outlives the call"
}

// maxDetaches bounds the fields a summary lists as detached.
const maxDetaches = 8

func addDetach(ds []detach, d detach) []detach {
	for _, e := range ds {
		if e.Slot == d.Slot && slices.Equal(e.Path, d.Path) && e.Foreign == d.Foreign {
			return ds
		}
	}
	if len(ds) == maxDetaches {
		return ds
	}
	return append(ds, d)
}

// detaches returns the fields of the tracked object that its function
// overwrites with something other than their own buffer, directly or
// through a callee, with Slot unset.
func (t *tracker) detaches() []detach {
	var out []detach
	for _, b := range t.fn.Blocks {
		for _, instr := range b.Instrs {
			switch in := instr.(type) {
			case *ssa.Store:
				root, p := addrPath(in.Addr)
				if !objectField(t, root, p) && !wholeObject(t, root, p) || t.rels[in.Val] != 0 || !viewType(in.Val.Type()) {
					continue // only buffers are views
				}
				out = append(out, detach{Path: p, Foreign: foreignValue(in.Val)})
			case ssa.CallInstruction:
				c := in.Common()
				if c.IsInvoke() || c.StaticCallee() == nil {
					continue
				}
				sum := t.a.summaryOf(c.StaticCallee())
				if sum == nil {
					continue
				}
				slots := callSlots(c)
				for _, d := range sum.Detaches {
					if d.Slot < len(slots) && (t.rels[slots[d.Slot]]&same != 0 || d.Slot >= len(c.Args) && t.cell[slots[d.Slot]]) {
						out = append(out, detach{Path: d.Path, Foreign: d.Foreign})
					}
				}
			}
		}
	}
	return out
}

// putApart switches on summary.PutApart: a helper that puts a parameter
// back only on paths that do not return it gives its caller a result that
// is not the put value. Source: the sixteenth held-out set (nbio's
// AlignedAllocator.Append, which returns pbuf when it has room and
// otherwise frees it and returns a new buffer; AppendString's return of
// its result was called a return after the Put).
const putApart = true

// returnsSlot reports whether some result of s may refer to slot i.
func returnsSlot(s *summary, i int) bool {
	for _, b := range s.Returns {
		if b&(1<<i) != 0 {
			return true
		}
	}
	return false
}

// putApart reports whether no return whose results refer to the tracked
// slot can follow a site that puts it: every put is on a path that
// returns something else. A deferred put runs at every return, so it is
// never apart.
func (t *tracker) putApart(sites []putSite, rets []*ssa.Return) bool {
	var from []ssa.Instruction
	for _, site := range sites {
		if !t.puts(site) {
			continue
		}
		if site.deferred {
			return false
		}
		from = append(from, site.instr)
	}
	if len(from) == 0 {
		return false
	}
	for _, ret := range rets {
		refers := false
		for _, res := range ret.Results {
			refers = refers || t.rels[res]&(same|view) != 0
		}
		if !refers {
			continue
		}
		for _, put := range from {
			if reaches(put, ret) {
				return false
			}
		}
	}
	return true
}

// reaches reports whether instruction b can run after instruction a in
// their function: later in the same block, or in a block a's block
// reaches.
func reaches(a, b ssa.Instruction) bool {
	ab, bb := a.Block(), b.Block()
	if ab == bb {
		for _, in := range ab.Instrs {
			if in == a {
				return true // b comes after a (or is a loop back to it)
			}
			if in == b {
				break
			}
		}
	}
	return blockReaches(ab, bb)
}

// preferDestination drops, from a result that may be a parameter of the
// result's own type (a destination: z in math/big's z.mul(x, y), dst in
// append-style functions), the other parameters it may refer to. Such
// functions swap scratch buffers in and out of the result (math/big's
// expNNWindowed alternates z with a buffer from its stack argument, and
// an even number of swaps returns z); the analysis cannot count swaps,
// and a destination-style result is built in the destination.
func preferDestination(fn *ssa.Function, s *summary) {
	params := fn.Params
	for r, bits := range s.Returns {
		rt := fn.Signature.Results().At(r).Type()
		var dest uint64
		for i, p := range params {
			if i < maxSlots && bits&(1<<i) != 0 && types.Identical(p.Type(), rt) {
				dest |= 1 << i
			}
		}
		if dest != 0 {
			s.Returns[r] = dest
		}
	}
}

// onlyCell reports whether v's only relation is holding the tracked
// variable cell itself, which is not memory a caller can see.
func (t *tracker) onlyCell(v ssa.Value) bool {
	return t.rels[v] == holder && t.cell[v]
}

func returns(fn *ssa.Function) []*ssa.Return {
	var out []*ssa.Return
	for _, b := range fn.Blocks {
		if len(b.Instrs) > 0 {
			if r, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
				out = append(out, r)
			}
		}
	}
	return out
}

// summaryOfCall returns what is known about a static call's callee: from
// the table, from this package's summaries, or from a fact; nil if
// nothing is.
func (a *pkgAnalysis) summaryOfCall(c *ssa.CallCommon) *summary {
	callee := c.StaticCallee()
	if callee == nil {
		return nil
	}
	return a.summaryOf(callee)
}

func (a *pkgAnalysis) summaryOf(callee *ssa.Function) *summary {
	fn := callee
	if o := fn.Origin(); o != nil {
		fn = o
	}
	obj := funcObject(fn)
	if obj != nil {
		if e, ok := apis[astutil.FuncKey(obj)]; ok {
			return tableSummary(obj, e)
		}
	}
	if s, ok := a.local[fn]; ok {
		return s
	}
	if obj == nil || obj.Pkg() == nil || obj.Pkg() == a.pass.Pkg {
		return nil
	}
	if s, ok := a.imported[obj]; ok {
		return s
	}
	s := new(summary)
	if !a.pass.ImportObjectFact(obj, s) {
		s = nil
	}
	a.imported[obj] = s
	return s
}

func tableSummary(obj *types.Func, e api) *summary {
	n := obj.Signature().Results().Len()
	s := &summary{Returns: make([]uint64, n), Holds: make([]uint64, n)}
	if !e.fresh {
		copy(s.Returns, e.returns)
	}
	if e.gets {
		s.Gets = 1
		s.GetPool = e.pool
	}
	if e.puts != 0 {
		s.Puts = e.puts
		s.PutPool = e.pool
	}
	return s
}

// A getSource is a value taken from a pool in a function.
type getSource struct {
	value ssa.Value
	pool  string
}

func (a *pkgAnalysis) getSources(fn *ssa.Function) []getSource {
	var out []getSource
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok || call.Call.IsInvoke() {
				continue
			}
			callee := call.Call.StaticCallee()
			if callee == nil {
				continue
			}
			if isPoolMethod(callee, "Get") {
				out = append(out, getSource{value: call, pool: a.poolName(call.Pos(), "Get")})
				continue
			}
			s := a.summaryOf(callee)
			if s == nil || s.Gets == 0 {
				continue
			}
			if _, ok := call.Type().(*types.Tuple); !ok {
				out = append(out, getSource{value: call, pool: s.GetPool})
				continue
			}
			for _, ref := range *call.Referrers() {
				if ex, ok := ref.(*ssa.Extract); ok && s.Gets&(1<<ex.Index) != 0 {
					out = append(out, getSource{value: ex, pool: s.GetPool})
				}
			}
		}
	}
	return out
}

// A putSite is a call that puts a value back into a pool: a call of
// (*sync.Pool).Put or of a Put wrapper, possibly deferred.
type putSite struct {
	instr ssa.CallInstruction
	// arg is the value put; if cell is set, arg is a captured variable's
	// cell (a closure's binding) whose value is put.
	arg      ssa.Value
	cell     bool
	deferred bool
	pool     string
	// via names the wrapper, "" for (*sync.Pool).Put.
	via string
	// slot is the index of arg among the callee's slots.
	slot int
	// detach lists the fields of arg the callee overwrites before its
	// Put.
	detach []detach
	// when says on which of the callee's (first) results it puts arg
	// back (recycleIfDone() bool: true; prepare(req) (*X, error): nil):
	// on the edge of a branch on that result where it is not so,
	// nothing was put.
	when putWhen
	// apart is set if the callee puts arg back only on paths whose
	// return gives no result that refers to it (summary.PutApart): the
	// call's own result is then not the put value.
	apart bool
}

// A putWhen says on which value of its first result a function puts a
// parameter back.
type putWhen int

const (
	always   putWhen = iota // on any path, or not known
	whenTrue                // only on paths returning true
	whenNil                 // only on paths returning nil
)

// putsOnlyWhen says on which value of its first result the function puts
// the tracked parameter back: whenTrue if the result is a bool
// (recycleIfDone() bool, or handled(m) (bool, error)) and at every return
// after a Put it is the constant true; whenNil if it is a pointer,
// interface, slice, map, channel or func (prepare(req) (*X, error)) and
// at every return after a Put it is the constant nil; always otherwise.
func (t *tracker) putsOnlyWhen(sites []putSite) putWhen {
	res := t.fn.Signature.Results()
	if res.Len() < 1 {
		return always
	}
	want := always
	switch {
	case isBool(res.At(0).Type()):
		want = whenTrue
	case nilable(res.At(0).Type()):
		want = whenNil
	default:
		return always
	}
	ok, any := true, false
	for _, site := range sites {
		if !t.puts(site) {
			continue
		}
		if site.deferred {
			return always
		}
		f := newFlow(t, site, sites)
		root, tracked := f.idx[t.root]
		if !tracked {
			return always
		}
		f.onReturn = func(ret *ssa.Return, s *state) {
			if !s.stale.has(root) {
				return
			}
			any = true
			c, isConst := returned(ret, 0).(*ssa.Const)
			switch {
			case !isConst:
				ok = false
			case want == whenTrue:
				ok = ok && c.Value != nil && c.Value.Kind() == constant.Bool && constant.BoolVal(c.Value)
			default:
				ok = ok && c.IsNil()
			}
		}
		in := f.solve()
		var found []finding
		for _, b := range t.fn.Blocks {
			if in[b.Index] != nil {
				f.transfer(b, in[b.Index].copy(), &found)
			}
		}
	}
	if !ok || !any {
		return always
	}
	return want
}

// nilable reports whether t is a pointer, interface, slice, map, channel
// or func type: one whose zero value is the constant nil.
func nilable(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Interface, *types.Slice, *types.Map, *types.Chan, *types.Signature:
		return true
	}
	return false
}

func isBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsBoolean != 0
}

func (a *pkgAnalysis) putSites(fn *ssa.Function) []putSite {
	var out []putSite
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			ci, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if _, isGo := instr.(*ssa.Go); isGo {
				continue
			}
			_, deferred := instr.(*ssa.Defer)
			c := ci.Common()
			if c.IsInvoke() {
				continue
			}
			callee := c.StaticCallee()
			if callee == nil {
				continue
			}
			if isPoolMethod(callee, "Put") && len(c.Args) == 2 {
				out = append(out, putSite{instr: ci, arg: c.Args[1], deferred: deferred, pool: a.poolName(c.Pos(), "Put"), slot: 1})
				continue
			}
			s := a.summaryOf(callee)
			if s == nil || s.Puts == 0 {
				continue
			}
			via := callee.Name()
			if o := funcObject(callee); o != nil {
				via = o.Name()
			}
			if callee.Parent() != nil {
				via = "a func literal"
			}
			for i, v := range callSlots(c) {
				if i < maxSlots && s.Puts&(1<<i) != 0 {
					pool := s.PutPool
					if i > 0 && callee.Signature.Recv() != nil {
						// pool.Put(x) of a pool type: name the receiver.
						pool = a.poolName(c.Pos(), callee.Name())
					}
					site := putSite{instr: ci, arg: v, cell: i >= len(c.Args), deferred: deferred, pool: pool, via: via, slot: i,
						when: always, apart: s.PutApart&(1<<i) != 0}
					switch {
					case s.PutsWhenTrue&(1<<i) != 0:
						site.when = whenTrue
					case s.PutsWhenNil&(1<<i) != 0:
						site.when = whenNil
					}
					for _, d := range s.Detaches {
						if d.Slot == i {
							site.detach = append(site.detach, d)
						}
					}
					out = append(out, site)
				}
			}
		}
	}
	return out
}

// puts reports whether site puts the tracked object back.
func (t *tracker) puts(site putSite) bool {
	if site.cell {
		return t.cell[site.arg]
	}
	return t.rels[site.arg]&same != 0
}

// poolName returns the source text of the pool whose method is called by
// the call with the given opening parenthesis ("bufPool", "p.pool").
func (a *pkgAnalysis) poolName(lparen token.Pos, method string) string {
	call := a.callAt(lparen)
	if call == nil {
		return "its pool"
	}
	fun := ast.Unparen(call.Fun)
	if sel, ok := fun.(*ast.SelectorExpr); ok && sel.Sel.Name == method {
		return exprText(sel.X)
	}
	return "its pool"
}

// callAt returns the call expression whose opening parenthesis is at
// lparen, or nil.
func (a *pkgAnalysis) callAt(lparen token.Pos) *ast.CallExpr {
	if a.calls == nil {
		a.calls = make(map[token.Pos]*ast.CallExpr)
		for _, f := range a.files {
			ast.Inspect(f, func(n ast.Node) bool {
				if c, ok := n.(*ast.CallExpr); ok {
					a.calls[c.Lparen] = c
				}
				return true
			})
		}
	}
	return a.calls[lparen]
}

// maxText bounds the length of source text quoted in a diagnostic.
const maxText = 48

func exprText(e ast.Expr) string {
	s := types.ExprString(e)
	if len(s) > maxText {
		s = s[:maxText-3] + "..."
	}
	return s
}
