package useafterput

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/perfproof/perfproof/internal/astutil"
)

// check reports the uses of pooled memory after Put in fn.
func (a *pkgAnalysis) check(fn *ssa.Function) {
	if fn.Blocks == nil {
		return
	}
	sites := a.putSites(fn)
	if len(sites) == 0 {
		return
	}
	// Track each pooled value taken in fn, then the values put that did
	// not come from a Get in fn (parameters, fields, captured variables).
	var trackers []*tracker
	for _, g := range a.getSources(fn) {
		trackers = append(trackers, newTracker(a, fn).track(g.value))
	}
	done := make(map[ssa.Value]bool)
	for _, site := range sites {
		covered := false
		for _, t := range trackers {
			if t.puts(site) {
				covered = true
				break
			}
		}
		if covered {
			continue
		}
		root, isCell := putRoot(site)
		if root == nil || done[root] {
			continue
		}
		done[root] = true
		t := newTracker(a, fn)
		if isCell {
			t.trackCell(root)
		} else {
			t.track(root)
		}
		trackers = append(trackers, t)
	}
	for _, t := range trackers {
		for _, site := range sites {
			if t.puts(site) {
				newFlow(t, site, sites).run()
			}
		}
	}
}

// putRoot returns the value whose object a site puts: the argument
// without its conversions, or the variable cell it was loaded from.
func putRoot(site putSite) (v ssa.Value, isCell bool) {
	if site.cell {
		return site.arg, true
	}
	v = site.arg
	for range 16 {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			v = x.X
			continue
		case *ssa.ChangeType:
			v = x.X
			continue
		case *ssa.ChangeInterface:
			v = x.X
			continue
		case *ssa.TypeAssert:
			v = x.X
			continue
		case *ssa.Extract:
			if ta, ok := x.Tuple.(*ssa.TypeAssert); ok && x.Index == 0 {
				v = ta
				continue
			}
		case *ssa.UnOp:
			if x.Op == token.MUL {
				switch c := x.X.(type) {
				case *ssa.Alloc, *ssa.FreeVar:
					return c, true
				}
			}
		case *ssa.Const:
			return nil, false
		}
		break
	}
	return v, false
}

// A flow decides, for one tracked object and one Put site, which tracked
// values refer to the object, and which are stale (refer to it after it
// was put back), at each point of the function, and reports the uses of
// stale values.
//
// It is a forward may-analysis over the control-flow graph. A value
// refers to the object if it is derived from a value that does on this
// path; a variable overwritten with something else stops referring to
// it. Each execution of the root (a Get in a loop) takes a new instance:
// what referred to the previous one is then tracked apart (state.old),
// so that a Put of a variable still holding the previous instance does
// not make the new one stale. The Put makes stale every value that refers
// to the instance put; a value computed later from a stale value is
// stale too. A phi takes the state of the operand of the edge it is
// entered by. A store into one of the object's fields of anything but
// that field's own buffer detaches the values loaded from the field
// (x.buf = nil: the pool no longer holds that buffer). Stores of
// referring values into memory that outlives the function (a
// parameter's, a package variable's) are pending until the Put, when
// they are reported. A deferred Put runs after the return values are
// computed: a returned value that refers to the object, or a pending
// store, is reported at each return the deferred Put is registered for.
type flow struct {
	t     *tracker
	site  putSite
	sites []putSite
	// idx numbers the tracked values; a holder's addresses share the
	// number of their root.
	idx  map[ssa.Value]int
	vals []ssa.Value
	// escapes are the stores, sends and go statements that let a
	// tracked value outlive the function.
	escapes []escape
	escIdx  map[ssa.Instruction]int
	// keys numbers the fields of the object that tracked values were
	// loaded from; loadKey maps such a load to its key; origins caches
	// originsOf.
	keys    []path
	loadKey map[ssa.Value]int
	origins map[ssa.Value]origin
	// onReturn, if set, is called at each return in the final pass.
	onReturn func(*ssa.Return, *state)
}

// An origin says which of the object's fields a value was loaded from
// (keys), and whether it also refers to the object directly (a field
// address, the object itself), which no store can undo.
type origin struct {
	keys   []int
	direct bool
}

type escape struct {
	instr ssa.Instruction
	val   ssa.Value
	loc   string // location stored to, for kills; "" for sends and go
	// keep is set for a call whose callee keeps val (its summary's
	// Keeps): into is the argument whose memory holds it (nil for a
	// package variable, a channel or a goroutine), callee its name.
	keep   *keep
	into   ssa.Value
	callee string
}

func newFlow(t *tracker, site putSite, sites []putSite) *flow {
	f := &flow{
		t: t, site: site, sites: sites,
		idx:     make(map[ssa.Value]int),
		escIdx:  make(map[ssa.Instruction]int),
		loadKey: make(map[ssa.Value]int),
		origins: make(map[ssa.Value]origin),
	}
	for _, v := range t.order {
		if t.rels[v] == holder {
			if b := holderBase(v); b != v {
				if _, ok := t.rels[b]; ok {
					continue // numbered with its root below
				}
			}
		}
		f.idx[v] = len(f.vals)
		f.vals = append(f.vals, v)
	}
	for _, v := range t.order {
		if _, ok := f.idx[v]; !ok {
			f.idx[v] = f.idx[holderBase(v)]
		}
	}
	for _, b := range t.fn.Blocks {
		for _, instr := range b.Instrs {
			f.findEscape(instr)
		}
	}
	for _, v := range t.order {
		if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
			if k, ok := f.fieldKey(load.X, true); ok {
				f.loadKey[v] = k
			}
		}
	}
	return f
}

// fieldKey returns the number of the object's field at addr; with add it
// numbers a new one.
func (f *flow) fieldKey(addr ssa.Value, add bool) (int, bool) {
	root, p := addrPath(addr)
	if !objectField(f.t, root, p) {
		return 0, false
	}
	for k, q := range f.keys {
		if len(q) == len(p) && q.overlaps(p) {
			return k, true
		}
	}
	if !add {
		return 0, false
	}
	f.keys = append(f.keys, p)
	return len(f.keys) - 1, true
}

// wholeObject reports whether the address root.p is the whole tracked
// object, a struct (a pooled *T whose T is a struct): a store there, such
// as *m = T{} or the struct assignment of generated protobuf code's Reset,
// overwrites every field at once. Source: the twenty-third held-out set
// (seaweedfs' resetPbEntry zeroes a pooled filer_pb.Entry with *e =
// filer_pb.Entry{} before its Put; the slices an Entry kept from it were
// called used after the Put, twice, both labelled wrong).
func wholeObject(t *tracker, root ssa.Value, p path) bool {
	if len(p) > 0 || t.rels[root]&same == 0 {
		return false
	}
	ptr, ok := root.Type().Underlying().(*types.Pointer)
	if !ok {
		return false
	}
	_, isStruct := ptr.Elem().Underlying().(*types.Struct)
	return isStruct
}

// objectField reports whether the address root.p is a field of the
// tracked object, or, for a pooled pointer to a slice or map (*[]byte),
// the pointee itself.
func objectField(t *tracker, root ssa.Value, p path) bool {
	if t.rels[root]&same == 0 {
		return false
	}
	if len(p) > 0 {
		return true
	}
	ptr, ok := root.Type().Underlying().(*types.Pointer)
	return ok && bufferType(ptr.Elem())
}

// originOf returns the fields v was loaded from.
func (f *flow) originOf(v ssa.Value) origin {
	if o, ok := f.origins[v]; ok {
		return o
	}
	f.origins[v] = origin{} // in progress: neutral for cycles through phis
	var o origin
	if k, ok := f.loadKey[v]; ok {
		o.keys = []int{k}
	} else if f.t.rels[v] == holder && holderBase(v) == v {
		// A holder holds what was stored into it.
		stored := false
		for _, st := range f.storesInto(v) {
			stored = true
			so := f.originOf(st.Val)
			o.direct = o.direct || so.direct
			for _, k := range so.keys {
				if !slices.Contains(o.keys, k) {
					o.keys = append(o.keys, k)
				}
			}
		}
		o.direct = o.direct || !stored
	} else if f.t.rels[v]&(same|holder) != 0 || len(f.t.from[v]) == 0 {
		o.direct = true
	} else {
		for _, from := range f.t.from[v] {
			fo := f.originOf(from)
			o.direct = o.direct || fo.direct
			for _, k := range fo.keys {
				if !slices.Contains(o.keys, k) {
					o.keys = append(o.keys, k)
				}
			}
		}
	}
	f.origins[v] = o
	return o
}

// storesInto returns the stores of tracked values into the holder base.
func (f *flow) storesInto(base ssa.Value) []*ssa.Store {
	var out []*ssa.Store
	for _, b := range f.t.fn.Blocks {
		for _, instr := range b.Instrs {
			if st, ok := instr.(*ssa.Store); ok && holderBase(st.Addr) == base && f.t.rels[st.Val] != 0 {
				out = append(out, st)
			}
		}
	}
	return out
}

// holderBase returns the root of a holder address.
func holderBase(v ssa.Value) ssa.Value {
	for range 32 {
		switch x := v.(type) {
		case *ssa.FieldAddr:
			v = x.X
		case *ssa.IndexAddr:
			v = x.X
		case *ssa.Slice:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		default:
			return v
		}
	}
	return v
}

func (f *flow) findEscape(instr ssa.Instruction) {
	add := func(val ssa.Value, loc string) {
		if _, ok := f.idx[val]; !ok || f.t.onlyCell(val) {
			return
		}
		f.escIdx[instr] = len(f.escapes)
		f.escapes = append(f.escapes, escape{instr: instr, val: val, loc: loc})
	}
	switch in := instr.(type) {
	case *ssa.Store:
		if isSink(sinkRoot(in.Addr)) && !f.t.inObject(in.Addr) {
			add(in.Val, locKey(in.Addr))
		}
	case *ssa.MapUpdate:
		if isSink(sinkRoot(in.Map)) && !f.t.inObject(in.Map) {
			if _, ok := f.idx[in.Value]; ok {
				add(in.Value, "")
			} else {
				add(in.Key, "")
			}
		}
	case *ssa.Send:
		add(in.X, "")
	case *ssa.Go:
		if f.transfers(in) {
			return // the goroutine puts the object back itself
		}
		if joined(in) {
			return // the function waits for the goroutine before it returns
		}
		for _, arg := range callSlots(in.Common()) {
			if _, ok := f.idx[arg]; ok {
				add(arg, "")
				break
			}
		}
	case *ssa.Call:
		f.keepEscape(in)
	}
}

// keepEscape records a call whose callee keeps a tracked argument where
// it outlives the function: in memory outliving any argument, or in an
// argument's memory that outlives this function (a parameter's, a
// package variable's).
func (f *flow) keepEscape(call *ssa.Call) {
	c := call.Common()
	if c.IsInvoke() || c.StaticCallee() == nil {
		return
	}
	sum := f.t.a.summaryOf(c.StaticCallee())
	if sum == nil || len(sum.Keeps) == 0 {
		return
	}
	slots := callSlots(c)
	for i := range sum.Keeps {
		k := &sum.Keeps[i]
		if k.Slot >= len(slots) || k.Slot < maxSlots && sum.Puts&(1<<k.Slot) != 0 {
			// A callee that may also put the value back owns it
			// from the call on (it keeps it or releases it).
			continue
		}
		val := slots[k.Slot]
		if _, ok := f.idx[val]; !ok || f.t.onlyCell(val) {
			continue
		}
		var into ssa.Value
		if k.Into >= 0 {
			if k.Into >= len(slots) {
				continue
			}
			into = slots[k.Into]
			if f.t.rels[into] != 0 || f.t.inObject(into) || !isSink(sinkRoot(into)) {
				continue // kept in the object itself, or in local memory
			}
		}
		name := c.StaticCallee().Name()
		if obj := funcObject(c.StaticCallee()); obj != nil {
			name = obj.Name()
		}
		f.escIdx[call] = len(f.escapes)
		f.escapes = append(f.escapes, escape{instr: call, val: val, keep: k, into: into, callee: name})
		return
	}
}

// mayKeep reports whether the tracked value may leave its function
// through an instruction that a keep can come from: a store or map
// update into memory rooted outside the function, a send, or a call of a
// callee that keeps an argument. It spares the flow for the values that
// cannot.
func (t *tracker) mayKeep() bool {
	for _, b := range t.fn.Blocks {
		for _, instr := range b.Instrs {
			switch in := instr.(type) {
			case *ssa.Store:
				if t.rels[in.Val] != 0 && isSink(sinkRoot(in.Addr)) {
					return true
				}
			case *ssa.MapUpdate:
				if (t.rels[in.Value] != 0 || t.rels[in.Key] != 0) && isSink(sinkRoot(in.Map)) {
					return true
				}
			case *ssa.Send:
				if t.rels[in.X] != 0 {
					return true
				}
			case *ssa.Call:
				c := in.Common()
				if c.IsInvoke() || c.StaticCallee() == nil {
					continue
				}
				tracked := false
				for _, arg := range callSlots(c) {
					if t.rels[arg] != 0 {
						tracked = true
						break
					}
				}
				if !tracked {
					continue
				}
				if sum := t.a.summaryOf(c.StaticCallee()); sum != nil && len(sum.Keeps) > 0 {
					return true
				}
			}
		}
	}
	return false
}

// keepKills drops the pending escapes into a callee's argument whose
// kept location instr overwrites: a store into the same field of the
// same value, or a call whose callee overwrites that field (c.cur =
// nil in c.done()).
func (f *flow) keepKills(instr ssa.Instruction, s *state) {
	var root ssa.Value
	var paths []path
	switch in := instr.(type) {
	case *ssa.Store:
		r, p := addrPath(in.Addr)
		if j, ok := f.idx[in.Val]; ok && s.refers(j) {
			return
		}
		root, paths = r, []path{p}
	case *ssa.Call:
		c := in.Common()
		if c.IsInvoke() || c.StaticCallee() == nil {
			return
		}
		sum := f.t.a.summaryOf(c.StaticCallee())
		if sum == nil {
			return
		}
		slots := callSlots(c)
		for _, d := range sum.Detaches {
			if d.Slot >= len(slots) {
				continue
			}
			if root == nil {
				root = slots[d.Slot]
			} else if root != slots[d.Slot] {
				continue
			}
			paths = append(paths, d.Path)
		}
	default:
		return
	}
	if root == nil {
		return
	}
	for e, esc := range f.escapes {
		if esc.keep == nil || esc.into == nil || !sameValue(esc.into, root, 0) || esc.keep.Path == nil || esc.instr == instr || !s.pending.has(e) {
			continue
		}
		for _, p := range paths {
			if len(p) > 0 && len(p) <= len(esc.keep.Path) && path(esc.keep.Path).overlaps(p) {
				s.pending.unset(e)
			}
		}
	}
}

// keptAtReturn returns the escapes still pending at some return: stores
// of the tracked value (a parameter, in a summary) that the function
// leaves in place.
//
// onNilError[i] is set if out[i] is pending only at returns of a nil
// error; onTrue[i] if the function's only result is a bool and out[i] is
// pending only at returns of the constant true (a tryDeliver(c) bool that
// keeps c only when it reports taking it).
func (f *flow) keptAtReturn() (out []escape, onNilError, onTrue []bool) {
	if len(f.escapes) == 0 {
		return nil, nil, nil
	}
	kept := newBitset(len(f.escapes))
	keptOnFail := newBitset(len(f.escapes))
	keptNotTrue := newBitset(len(f.escapes))
	res := f.t.fn.Signature.Results()
	returnsError := res.Len() > 0 && astutil.IsError(res.At(res.Len()-1).Type())
	returnsBool := res.Len() == 1 && types.Identical(res.At(0).Type().Underlying(), types.Typ[types.Bool])
	f.onReturn = func(ret *ssa.Return, s *state) {
		for e := range f.escapes {
			if s.pending.has(e) && s.refers(f.idx[f.escapes[e].val]) {
				kept.set(e)
				if !returnsError || failing(ret) {
					keptOnFail.set(e)
				}
				if !returnsBool || !constTrue(ret.Results[0]) {
					keptNotTrue.set(e)
				}
			}
		}
	}
	in := f.solve()
	var found []finding
	for _, b := range f.t.fn.Blocks {
		if in[b.Index] != nil {
			f.transfer(b, in[b.Index].copy(), &found)
		}
	}
	f.onReturn = nil
	for e, esc := range f.escapes {
		if kept.has(e) {
			out = append(out, esc)
			onNilError = append(onNilError, !keptOnFail.has(e))
			onTrue = append(onTrue, !keptNotTrue.has(e))
		}
	}
	return out, onNilError, onTrue
}

// constTrue reports whether v is the boolean constant true, also when a
// function with deferred calls returns it through its result's slot
// (*t0 = true; rundefers; t8 = *t0; return t8: the last store to the slot
// in the load's block).
func constTrue(v ssa.Value) bool {
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		slot, ok := load.X.(*ssa.Alloc)
		if !ok {
			return false
		}
		v = nil
		for _, instr := range load.Block().Instrs {
			if instr == load {
				break
			}
			if st, ok := instr.(*ssa.Store); ok && st.Addr == slot {
				v = st.Val
			}
		}
	}
	c, ok := v.(*ssa.Const)
	return ok && c.Value != nil && c.Value.Kind() == constant.Bool && constant.BoolVal(c.Value)
}

// transfers reports whether a go statement hands the object to a
// goroutine that puts it back: the object is the goroutine's from then on.
func (f *flow) transfers(g *ssa.Go) bool {
	c := g.Common()
	if c.IsInvoke() || c.StaticCallee() == nil {
		return false
	}
	s := f.t.a.summaryOf(c.StaticCallee())
	if s == nil {
		return false
	}
	for i, arg := range callSlots(c) {
		if i < maxSlots && s.Puts&(1<<i) != 0 {
			if i >= len(c.Args) && f.t.cell[arg] || f.t.rels[arg]&same != 0 {
				return true
			}
		}
	}
	return false
}

// joined reports whether the function waits for the goroutine g starts
// before it returns: g's call is handed a *sync.WaitGroup (an argument,
// or a variable its function literal captures) and every path from g to
// a return passes a Wait on that WaitGroup. A value the goroutine uses
// then does not outlive the function (a fan-out of one pooled batch to
// goroutines joined by wg.Wait before the deferred Put: rueidis's
// cluster DoMulti, in the thirteenth held-out set).
func joined(g *ssa.Go) bool {
	c := g.Common()
	groups := make(map[ssa.Value]bool)
	for _, arg := range c.Args {
		if isWaitGroup(arg.Type()) {
			groups[arg] = true
		}
	}
	if mc, ok := c.Value.(*ssa.MakeClosure); ok {
		for _, b := range mc.Bindings {
			if isWaitGroup(b.Type()) {
				groups[b] = true
			}
		}
	}
	if len(groups) == 0 {
		return false
	}
	waits := func(instr ssa.Instruction) bool {
		call, ok := instr.(*ssa.Call)
		if !ok {
			return false
		}
		fn := call.Common().StaticCallee()
		return fn != nil && fn.Name() == "Wait" && len(call.Common().Args) == 1 && groups[call.Common().Args[0]]
	}
	// Walk the blocks from g on: a path that meets a Wait is covered; one
	// that reaches a return first is not.
	seen := make(map[*ssa.BasicBlock]bool)
	var covered func(b *ssa.BasicBlock, from int) bool
	covered = func(b *ssa.BasicBlock, from int) bool {
		for _, instr := range b.Instrs[from:] {
			if waits(instr) {
				return true
			}
			if _, ok := instr.(*ssa.Return); ok {
				return false
			}
		}
		for _, succ := range b.Succs {
			if seen[succ] {
				continue
			}
			seen[succ] = true
			if !covered(succ, 0) {
				return false
			}
		}
		return true
	}
	b := g.Block()
	return covered(b, slices.Index(b.Instrs, ssa.Instruction(g))+1)
}

// isWaitGroup reports whether t is *sync.WaitGroup.
func isWaitGroup(t types.Type) bool {
	p, ok := t.(*types.Pointer)
	return ok && astutil.IsNamed(p.Elem(), "sync", "WaitGroup")
}

// locKey names the location an address denotes, so that a later store to
// the same location (by another address computation) is recognised.
func locKey(addr ssa.Value) string {
	var b strings.Builder
	for a := addr; a != nil; a = step(a) {
		switch x := a.(type) {
		case *ssa.FieldAddr:
			fmt.Fprintf(&b, ".%d", x.Field)
		case *ssa.IndexAddr:
			if c, ok := x.Index.(*ssa.Const); ok {
				fmt.Fprintf(&b, "[%s]", c.Value)
			} else {
				b.WriteString("[?]")
			}
		case *ssa.UnOp:
			b.WriteString("*")
		case *ssa.Slice:
			b.WriteString("[:]")
		}
		if step(a) == nil {
			fmt.Fprintf(&b, "@%p", a)
		}
	}
	return b.String()
}

// A bitset is a set of small integers.
type bitset []uint64

func newBitset(n int) bitset    { return make(bitset, (n+63)/64) }
func (s bitset) has(i int) bool { return s[i/64]&(1<<(i%64)) != 0 }
func (s bitset) set(i int)      { s[i/64] |= 1 << (i % 64) }
func (s bitset) unset(i int)    { s[i/64] &^= 1 << (i % 64) }
func (s bitset) put(i int, v bool) {
	if v {
		s.set(i)
	} else {
		s.unset(i)
	}
}

// union adds t to s and reports whether s changed.
func (s bitset) union(t bitset) bool {
	changed := false
	for i := range s {
		if n := s[i] | t[i]; n != s[i] {
			s[i] = n
			changed = true
		}
	}
	return changed
}

func (s bitset) clear() {
	for i := range s {
		s[i] = 0
	}
}

// state is the dataflow fact at a program point.
type state struct {
	// refs holds the tracked values that refer to the object on this
	// path: to its current instance (taken by the latest execution of
	// the root, a Get in a loop) or, in old, to an earlier one.
	refs    bitset
	old     bitset
	stale   bitset // tracked values that refer to the object after its Put
	pending bitset // escapes of fresh values that the Put would make stale
	// foreign holds the object's fields that hold memory lent by
	// someone else (x.buf = dst): loads of them are not the object's.
	foreign bitset
	// registered is set once the deferred Put has been registered.
	registered bool
	// cellHeld is cleared where the variable whose value a deferred Put
	// puts (site.cell) was last set to a value that is not the object on
	// this path (buf = nil before a return that hands buf out): the Put
	// then puts something else, or nothing.
	cellHeld bool
	// unput holds the stale values as they were before a Put that the
	// callee makes only when it returns true; the false edge of a
	// branch on its result restores them. nil otherwise.
	unput bitset
}

func (f *flow) newState() *state {
	return &state{
		stale:    newBitset(len(f.vals)),
		refs:     newBitset(len(f.vals)),
		old:      newBitset(len(f.vals)),
		pending:  newBitset(len(f.escapes)),
		foreign:  newBitset(len(f.keys)),
		cellHeld: true,
	}
}

func (s *state) copy() *state {
	return &state{
		stale:      append(bitset(nil), s.stale...),
		refs:       append(bitset(nil), s.refs...),
		old:        append(bitset(nil), s.old...),
		pending:    append(bitset(nil), s.pending...),
		foreign:    append(bitset(nil), s.foreign...),
		registered: s.registered,
		cellHeld:   s.cellHeld,
		unput:      append(bitset(nil), s.unput...),
	}
}

// merge adds o to s and reports whether s changed.
func (s *state) merge(o *state) bool {
	c := s.stale.union(o.stale)
	c = s.refs.union(o.refs) || c
	c = s.old.union(o.old) || c
	c = s.pending.union(o.pending) || c
	c = s.foreign.union(o.foreign) || c
	if o.registered && !s.registered {
		s.registered = true
		c = true
	}
	if o.cellHeld && !s.cellHeld {
		s.cellHeld = true
		c = true
	}
	if o.unput != nil {
		if s.unput == nil {
			s.unput = append(bitset(nil), o.unput...)
			c = true
		} else {
			c = s.unput.union(o.unput) || c
		}
	}
	return c
}

func (f *flow) run() {
	in := f.solve()
	var found []finding
	for _, b := range f.t.fn.Blocks {
		if in[b.Index] != nil {
			f.transfer(b, in[b.Index].copy(), &found)
		}
	}
	found = slices.DeleteFunc(found, f.infeasible)
	f.t.a.report(f, found)
}

// infeasible reports whether a use after the Put can happen only on paths
// that the branch conditions rule out; the dataflow joins paths at every
// merge and cannot tell. Two forms, from the nineteenth held-out set
// (quic-go's frame sorter, whose removed gap goes back to its list's
// element pool; three uses called a use after the Put there were wrong):
//
//   - the use is of a value v, or of memory reached from v, on the edge
//     where v and the put value compare unequal (same := first == last;
//     if !same { last.start = b }): v is not the put object there;
//   - the use is on the edge of a branch on a boolean phi whose incoming
//     constants say how the phi's block was entered (adjusted := false; if
//     … { Remove(g) } else { adjusted = true }; if adjusted { use(g) }),
//     and every entry of that block that gives the phi the value the
//     use's edge needs is one the Put's block cannot reach: the Put and the
//     use lie on paths the flag tells apart.
func (f *flow) infeasible(fd finding) bool {
	if fd.kind != usedAfter || f.site.instr == nil || fd.instr.Block() == nil || f.site.instr.Block() == nil {
		return false
	}
	put := f.site.instr.Block()
	for _, g := range guards(fd.instr.Block()) {
		if bin, ok := g.cond.(*ssa.BinOp); ok && (bin.Op == token.EQL || bin.Op == token.NEQ) && (bin.Op == token.NEQ) == g.pol {
			// The guard says bin.X != bin.Y.
			x, y := bin.X, bin.Y
			if y == f.site.arg {
				x, y = y, x
			}
			if x == f.site.arg && x != y && base(fd.val) == y {
				return true
			}
		}
		if phi, ok := g.cond.(*ssa.Phi); ok && flagApart(phi, g.pol, put) {
			return true
		}
	}
	return false
}

// base returns the value v's address or value is computed from through
// holder addresses (holderBase), field and element reads and loads: last
// for &last.start and for last.start.
func base(v ssa.Value) ssa.Value {
	for range 16 {
		switch x := holderBase(v).(type) {
		case *ssa.Field:
			v = x.X
		case *ssa.Index:
			v = x.X
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return x
			}
			v = x.X
		default:
			return x
		}
	}
	return v
}

// flagApart reports whether phi, a boolean phi whose incoming values are
// constants, cannot be pol on a path that runs block put before phi's
// block: put reaches phi's block, and no entry of it whose constant is
// pol (or not a constant) comes from put's block or a block put reaches.
func flagApart(phi *ssa.Phi, pol bool, put *ssa.BasicBlock) bool {
	m := phi.Block()
	if !blockReaches(put, m) {
		return false // the Put comes after the flag is settled
	}
	for i, e := range phi.Edges {
		c, ok := e.(*ssa.Const)
		if ok && c.Value != nil && c.Value.Kind() == constant.Bool && constant.BoolVal(c.Value) != pol {
			continue // this entry gives the flag the other value
		}
		p := m.Preds[i]
		if p == put || blockReaches(put, p) {
			return false
		}
	}
	return true
}

// blockReaches reports whether some path leads from the end of block a to
// block b.
func blockReaches(a, b *ssa.BasicBlock) bool {
	seen := map[*ssa.BasicBlock]bool{}
	stack := append([]*ssa.BasicBlock(nil), a.Succs...)
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if x == b {
			return true
		}
		if seen[x] {
			continue
		}
		seen[x] = true
		stack = append(stack, x.Succs...)
	}
	return false
}

// liveResults returns, for each result index, whether some return
// statement returns a value that refers to the tracked object on its
// path (without a Put: the flow of a summary).
func (f *flow) liveResults(n int) []bool {
	live := make([]bool, n)
	f.onReturn = func(ret *ssa.Return, s *state) {
		for r, res := range ret.Results {
			if r < n && f.live(res, s) {
				live[r] = true
			}
		}
	}
	in := f.solve()
	var found []finding
	for _, b := range f.t.fn.Blocks {
		if in[b.Index] != nil {
			f.transfer(b, in[b.Index].copy(), &found)
		}
	}
	return live
}

// solve computes the state at the entry of each block; nil for blocks
// that cannot be reached.
func (f *flow) solve() []*state {
	fn := f.t.fn
	in := make([]*state, len(fn.Blocks))
	in[0] = f.newState()
	if _, isInstr := f.t.root.(ssa.Instruction); !isInstr {
		// A parameter or captured variable refers to the object from
		// the start.
		in[0].refs.set(f.idx[f.t.root])
	}
	work := []*ssa.BasicBlock{fn.Blocks[0]}
	queued := make([]bool, len(fn.Blocks))
	queued[0] = true
	for len(work) > 0 {
		b := work[0]
		work = work[1:]
		queued[b.Index] = false
		out := in[b.Index].copy()
		f.transfer(b, out, nil)
		for _, succ := range b.Succs {
			s := f.enter(b, succ, out)
			if in[succ.Index] == nil {
				in[succ.Index] = s
			} else if !in[succ.Index].merge(s) {
				continue
			}
			if !queued[succ.Index] {
				queued[succ.Index] = true
				work = append(work, succ)
			}
		}
	}
	return in
}

// enter returns the state on entry to succ from b: each tracked phi takes
// the staleness of the operand for the edge from b.
func (f *flow) enter(b, succ *ssa.BasicBlock, out *state) *state {
	s := out.copy()
	if s.unput != nil && len(b.Instrs) > 0 && len(b.Succs) == 2 && b.Succs[0] != b.Succs[1] {
		// The edge of a branch on the (first) result of a callee that
		// puts only when it returns true (or nil) there, taken when it
		// did not: nothing was put.
		if ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok {
			if v, isVal := f.site.instr.(ssa.Value); isVal && f.notPutEdge(ifi, v) == succ {
				copy(s.stale, s.unput)
			}
		}
	}
	k := -1
	for i, p := range succ.Preds {
		if p == b {
			k = i
			break
		}
	}
	for _, instr := range succ.Instrs {
		phi, ok := instr.(*ssa.Phi)
		if !ok {
			break
		}
		i, tracked := f.idx[phi]
		if !tracked || f.vals[i] != phi {
			continue
		}
		stale, refs, old := false, false, false
		if k >= 0 && k < len(phi.Edges) {
			if j, ok := f.idx[phi.Edges[k]]; ok {
				stale, refs, old = out.stale.has(j), out.refs.has(j), out.old.has(j)
			}
		}
		s.stale.put(i, stale)
		s.refs.put(i, refs)
		s.old.put(i, old)
	}
	return s
}

// A finding is a use of stale memory, or an escape made stale by a Put.
type finding struct {
	instr ssa.Instruction
	val   ssa.Value
	kind  findingKind
}

type findingKind int

const (
	usedAfter     findingKind = iota // used after the Put
	returnedAfter                    // returned after the Put (explicit or deferred)
	storedBefore                     // stored where it outlives the Put
)

// transfer applies b's instructions to s; with found non-nil it records
// the findings.
func (f *flow) transfer(b *ssa.BasicBlock, s *state, found *[]finding) {
	for _, instr := range b.Instrs {
		if _, ok := instr.(*ssa.Phi); ok {
			continue
		}
		if found != nil && instr != f.site.instr {
			f.uses(instr, s, found)
		}
		if c, ok := instr.(ssa.CallInstruction); ok {
			if _, isDefer := instr.(*ssa.Defer); !isDefer {
				f.callDetach(c.Common(), s)
			}
		}
		f.keepKills(instr, s)
		switch in := instr.(type) {
		case *ssa.Store:
			f.store(in, s)
			if f.site.deferred && f.site.cell && in.Addr == f.site.arg {
				j, ok := f.idx[in.Val]
				s.cellHeld = ok && s.refers(j)
			}
		case *ssa.MapUpdate:
			if i, ok := f.idx[in.Map]; ok && f.t.rels[in.Map]&holder != 0 {
				for _, v := range []ssa.Value{in.Key, in.Value} {
					if j, ok := f.idx[v]; ok && s.refers(j) {
						s.refs.put(i, s.refs.has(i) || s.refs.has(j))
						s.old.put(i, s.old.has(i) || s.old.has(j))
						if s.stale.has(j) {
							s.stale.set(i)
						}
					}
				}
			}
		case *ssa.Return:
			if found != nil && f.onReturn != nil {
				f.onReturn(in, s)
			}
			if found != nil && s.registered && !failing(in) && (!f.site.cell || s.cellHeld) {
				s := f.withSiteDetach(s)
				for _, r := range in.Results {
					if f.live(r, s) {
						*found = append(*found, finding{instr: in, val: r, kind: returnedAfter})
					}
				}
				f.flushPending(s, found)
			}
		}
		if e, ok := f.escIdx[instr]; ok {
			if j := f.idx[f.escapes[e].val]; s.refers(j) && !s.stale.has(j) {
				s.pending.set(e)
			}
		}
		if v, ok := instr.(ssa.Value); ok {
			f.define(v, s)
		}
		if instr == f.site.instr && f.putsHere(s) {
			if f.site.deferred {
				s.registered = true
			} else {
				f.flushPending(s, found)
				if f.site.when != always {
					s.unput = append(bitset(nil), s.stale...)
				}
				f.put(s)
				if v, isVal := instr.(ssa.Value); isVal && f.site.apart {
					if j, ok := f.idx[v]; ok {
						s.stale.unset(j) // the callee put the argument only where it returned another value
					}
				}
			}
		}
	}
}

// withSiteDetach returns s, or a copy with the fields that the deferred
// site's callee overwrites before its Put applied.
func (f *flow) withSiteDetach(s *state) *state {
	if len(f.site.detach) == 0 {
		return s
	}
	c := s.copy()
	for _, d := range f.site.detach {
		f.overwrite(c, d.Path, d.Foreign)
	}
	return c
}

// overwrite applies a store into the object's field at p of something
// other than that field's own buffer: values loaded from the field no
// longer refer to the object (it let go of that buffer), and later loads
// are the object's only if the new value is (foreign is unset).
func (f *flow) overwrite(s *state, p path, foreign bool) {
	if len(p) == 0 {
		// The whole object is overwritten: a callee that kept only
		// buffers of its fields keeps nothing of it any more.
		for e, esc := range f.escapes {
			if esc.keep != nil && esc.keep.Fields {
				s.pending.unset(e)
			}
		}
	}
	var ks []int
	for k, q := range f.keys {
		if len(q) >= len(p) && q.overlaps(p) {
			ks = append(ks, k)
			s.foreign.put(k, foreign)
		}
	}
	if ks == nil {
		return
	}
	for i, v := range f.vals {
		if !s.refers(i) {
			continue
		}
		o := f.originOf(v)
		if o.direct || len(o.keys) == 0 {
			continue
		}
		all := true
		for _, k := range o.keys {
			all = all && slices.Contains(ks, k)
		}
		if all {
			s.refs.unset(i)
			s.old.unset(i)
			s.stale.unset(i)
		}
	}
}

// fieldsOnly reports whether what esc keeps of the object is only
// buffers loaded from its fields (a slice or map field, or what a callee
// keeps of them), not the object itself or an address inside it.
func (f *flow) fieldsOnly(esc escape) bool {
	if esc.keep != nil && esc.keep.Fields {
		return true
	}
	o := f.originOf(esc.val)
	return !o.direct && len(o.keys) > 0
}

// callDetach applies the overwrites that a call's callee makes to the
// fields of the object passed to it.
func (f *flow) callDetach(c *ssa.CallCommon, s *state) {
	if c.IsInvoke() || c.StaticCallee() == nil {
		return
	}
	sum := f.t.a.summaryOf(c.StaticCallee())
	if sum == nil || len(sum.Detaches) == 0 {
		return
	}
	slots := callSlots(c)
	for _, d := range sum.Detaches {
		if d.Slot >= len(slots) {
			continue
		}
		arg := slots[d.Slot]
		i, ok := f.idx[arg]
		if !ok || !s.refers(i) || f.t.rels[arg]&same == 0 && !(d.Slot >= len(c.Args) && f.t.cell[arg]) {
			continue
		}
		f.overwrite(s, d.Path, d.Foreign)
	}
}

// failing reports whether ret returns an error that may be non-nil: by
// convention the caller then ignores the other results, and a pooled
// value among them is not used.
func failing(ret *ssa.Return) bool {
	n := len(ret.Results)
	if n < 2 || !astutil.IsError(ret.Results[n-1].Type()) {
		return false
	}
	v := returned(ret, n-1)
	if v == nil {
		return true
	}
	c, ok := v.(*ssa.Const)
	return !ok || !c.IsNil()
}

// returned returns the value ret gives as its result i. In a function
// with defers the results go through variables that deferred calls could
// change (return true is stored, the defers run, then the variable is
// loaded): it returns the value of the last store to that variable in
// ret's block, or nil if the block does not store it.
func returned(ret *ssa.Return, i int) ssa.Value {
	v := ret.Results[i]
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return v
	}
	slot, ok := load.X.(*ssa.Alloc)
	if !ok {
		return v
	}
	v = nil
	for _, instr := range ret.Block().Instrs {
		if st, ok := instr.(*ssa.Store); ok && st.Addr == slot {
			v = st.Val
		}
		if instr == load {
			break
		}
	}
	return v
}

// putsHere reports whether the site's argument refers to the object on
// this path: a variable that once held it may hold another value by now.
func (f *flow) putsHere(s *state) bool {
	i, ok := f.idx[f.site.arg]
	return ok && s.refers(i)
}

// live reports whether a returned value refers to the object on this
// path.
func (f *flow) live(v ssa.Value, s *state) bool {
	i, ok := f.idx[v]
	return ok && !f.t.onlyCell(v) && s.refers(i)
}

func (f *flow) flushPending(s *state, found *[]finding) {
	// The Put makes stale what refers to the instance it puts: the
	// current one (the latest Get) or an earlier one.
	putCur, putOld := true, true
	if i, ok := f.idx[f.site.arg]; ok && f.site.instr != nil {
		putCur, putOld = s.refs.has(i), s.old.has(i)
	}
	for e := range f.escapes {
		if !s.pending.has(e) {
			continue
		}
		j := f.idx[f.escapes[e].val]
		if !(putCur && s.refs.has(j) || putOld && s.old.has(j)) {
			continue // another instance, put back elsewhere
		}
		if found != nil && !f.exclusive(f.escapes[e]) {
			*found = append(*found, finding{instr: f.escapes[e].instr, val: f.escapes[e].val, kind: storedBefore})
		}
		s.pending.unset(e)
	}
}

// notPutEdge returns the successor of ifi's block taken when the site's
// callee, call, did not put its argument back: the false edge of if
// handled, the edge where the first result is not nil of if x == nil or
// if x != nil; nil if ifi's condition does not tell.
func (f *flow) notPutEdge(ifi *ssa.If, call ssa.Value) *ssa.BasicBlock {
	succs := ifi.Block().Succs
	if len(succs) != 2 {
		return nil
	}
	switch f.site.when {
	case whenTrue:
		if firstResult(ifi.Cond, call) {
			return succs[1]
		}
	case whenNil:
		bin, ok := ifi.Cond.(*ssa.BinOp)
		if !ok || bin.Op != token.EQL && bin.Op != token.NEQ {
			return nil
		}
		x, y := bin.X, bin.Y
		if c, isConst := x.(*ssa.Const); isConst && c.IsNil() {
			x, y = y, x
		}
		if c, isConst := y.(*ssa.Const); !isConst || !c.IsNil() || !firstResult(x, call) {
			return nil
		}
		if bin.Op == token.EQL {
			return succs[1] // x == nil is false: x is not nil
		}
		return succs[0]
	}
	return nil
}

// firstResult reports whether cond is the result of call, or its first
// result when it has several (handled, err := f(m); if handled).
func firstResult(cond, call ssa.Value) bool {
	if cond == call {
		return true
	}
	ex, ok := cond.(*ssa.Extract)
	return ok && ex.Tuple == call && ex.Index == 0
}

// A guard is a branch condition that holds on entry to a block: the
// block is reached only through the edge of an If on cond taken when
// cond is pol.
type guard struct {
	cond ssa.Value
	pol  bool
}

// guards returns the branch conditions that hold in b: for each If in a
// block that dominates b, the edge whose target (entered only from
// there) dominates b.
func guards(b *ssa.BasicBlock) []guard {
	var out []guard
	for d := b; d != nil; d = d.Idom() {
		a := d.Idom()
		if a == nil || len(a.Instrs) == 0 {
			continue
		}
		ifi, ok := a.Instrs[len(a.Instrs)-1].(*ssa.If)
		if !ok || len(a.Succs) != 2 {
			continue
		}
		for k, succ := range a.Succs {
			if len(succ.Preds) == 1 && succ.Dominates(b) {
				out = append(out, guard{cond: ifi.Cond, pol: k == 0})
			}
		}
	}
	return out
}

// exclusive reports whether the escape and the site's Put cannot both
// happen on one path: they lie on opposite edges of branches on the same
// condition (if keep { store } ... if !keep { Put }), or the escape is a
// callee keeping the value only when it returns a nil error and the Put
// runs only when that error is not nil.
func (f *flow) exclusive(esc escape) bool {
	if f.site.instr == nil || esc.instr.Block() == nil || f.site.instr.Block() == nil {
		return false
	}
	pg := guards(f.site.instr.Block())
	if len(pg) == 0 {
		return false
	}
	for _, eg := range guards(esc.instr.Block()) {
		for _, g := range pg {
			if g.cond == eg.cond && g.pol != eg.pol {
				return true
			}
		}
	}
	if esc.keep != nil && esc.keep.OnNilError {
		call, ok := esc.instr.(*ssa.Call)
		if !ok {
			return false
		}
		for _, g := range pg {
			if nonNil, ok := errTest(g, call); ok && nonNil {
				return true
			}
		}
	}
	if esc.keep != nil && esc.keep.OnTrue {
		call, ok := esc.instr.(*ssa.Call)
		if !ok {
			return false
		}
		for _, g := range pg {
			if falseTest(g, call) {
				return true
			}
		}
	}
	return false
}

// falseTest reports whether a guard holds only when call, of a single
// bool result, returned false: if !call(...) or the false edge of if
// call(...).
func falseTest(g guard, call *ssa.Call) bool {
	if g.cond == call {
		return !g.pol
	}
	if not, ok := g.cond.(*ssa.UnOp); ok && not.Op == token.NOT && not.X == call {
		return g.pol
	}
	return false
}

// errTest reports, for a guard that compares the last (error) result of
// call with nil, whether it holds when that error is not nil.
func errTest(g guard, call *ssa.Call) (nonNil, ok bool) {
	bin, isBin := g.cond.(*ssa.BinOp)
	if !isBin || bin.Op != token.NEQ && bin.Op != token.EQL {
		return false, false
	}
	x, y := bin.X, bin.Y
	if c, isConst := x.(*ssa.Const); isConst && c.IsNil() {
		x, y = y, x
	}
	if c, isConst := y.(*ssa.Const); !isConst || !c.IsNil() {
		return false, false
	}
	if tup, isTup := call.Type().(*types.Tuple); isTup {
		ex, isEx := x.(*ssa.Extract)
		if !isEx || ex.Tuple != call || ex.Index != tup.Len()-1 {
			return false, false
		}
	} else if x != call {
		return false, false
	}
	// err != nil holds on the true edge, err == nil on the false one.
	return (bin.Op == token.NEQ) == g.pol, true
}

// put applies the Put: every value that refers to the object becomes
// stale.
func (f *flow) put(s *state) {
	i := f.idx[f.site.arg]
	if s.refs.has(i) {
		s.stale.union(s.refs)
	}
	if s.old.has(i) {
		s.stale.union(s.old)
	}
}

// refers reports whether tracked value i refers to any instance of the
// object.
func (s *state) refers(i int) bool { return s.refs.has(i) || s.old.has(i) }

func (f *flow) store(in *ssa.Store, s *state) {
	// A store into one of the object's fields detaches the views loaded
	// from it, unless the stored value is that field's buffer again.
	root, p := addrPath(in.Addr)
	if objectField(f.t, root, p) {
		if k, ok := f.fieldKey(in.Addr, false); !ok || !slices.Contains(f.originOf(in.Val).keys, k) {
			if _, tracked := f.idx[in.Val]; !tracked {
				f.overwrite(s, p, foreignValue(in.Val))
			}
		}
	} else if wholeObject(f.t, root, p) {
		// *m = T{}: every field is overwritten, so every view loaded
		// from any of them is let go of.
		if _, tracked := f.idx[in.Val]; !tracked {
			f.overwrite(s, p, foreignValue(in.Val))
		}
	}
	j, tracked := f.idx[in.Val]
	if tracked && (f.t.onlyCell(in.Val) || !s.refers(j)) {
		tracked = false
	}
	base := holderBase(in.Addr)
	i, isHolder := f.idx[base]
	isHolder = isHolder && f.t.rels[base]&holder != 0
	whole := isHolder && in.Addr == base
	if !tracked {
		// Overwriting a location kills a pending escape to it, and
		// overwriting a whole holder (a variable) forgets the object.
		key := locKey(in.Addr)
		for e, esc := range f.escapes {
			if esc.loc == key {
				s.pending.unset(e)
			}
		}
		if whole {
			s.stale.unset(i)
			s.refs.unset(i)
			s.old.unset(i)
			if base == f.t.root {
				// The variable no longer holds the object: a Put
				// of the variable puts something else.
				s.pending.clear()
			}
		}
		return
	}
	if !isHolder {
		return
	}
	if whole {
		s.stale.put(i, s.stale.has(j))
		s.refs.put(i, s.refs.has(j))
		s.old.put(i, s.old.has(j))
		return
	}
	s.refs.put(i, s.refs.has(i) || s.refs.has(j))
	s.old.put(i, s.old.has(i) || s.old.has(j))
	if s.stale.has(j) {
		s.stale.set(i)
	}
}

// define computes the state of a newly defined tracked value: the root
// refers to the object, fresh; a holder's root (a new variable or
// composite literal) holds nothing yet; any other value refers to the
// object if a value it is derived from does, and is stale if one is.
func (f *flow) define(v ssa.Value, s *state) {
	i, ok := f.idx[v]
	if !ok || f.vals[i] != v {
		return
	}
	if v == f.t.root {
		s.stale.unset(i)
		if f.t.cell[v] {
			// A new variable holds nothing yet.
			s.refs.unset(i)
			s.old.unset(i)
			return
		}
		// A new instance: what referred to the current one now
		// refers to an earlier one.
		s.old.union(s.refs)
		s.refs.clear()
		s.old.unset(i)
		s.refs.set(i)
		return
	}
	stale, refs, old := false, false, false
	for _, from := range f.t.from[v] {
		if j, ok := f.idx[from]; ok {
			stale = stale || s.stale.has(j)
			refs = refs || s.refs.has(j)
			old = old || s.old.has(j)
		}
	}
	if k, ok := f.loadKey[v]; ok && s.foreign.has(k) {
		stale, refs, old = false, false, false // memory lent to the object
	}
	s.stale.put(i, stale)
	s.refs.put(i, refs)
	s.old.put(i, old)
}

// foreignValue reports whether v, stored into a field of the object, is
// memory the object does not own: a parameter, or something loaded from
// elsewhere. A new allocation, nil, or a call's result is the object's.
func foreignValue(v ssa.Value) bool {
	seen := make(map[ssa.Value]bool)
	var walk func(v ssa.Value) bool
	walk = func(v ssa.Value) bool {
		if seen[v] {
			return false
		}
		seen[v] = true
		switch x := v.(type) {
		case *ssa.Parameter, *ssa.FreeVar, *ssa.Global:
			return true
		case *ssa.UnOp:
			return x.Op == token.MUL
		case *ssa.Slice:
			return walk(x.X)
		case *ssa.ChangeType:
			return walk(x.X)
		case *ssa.Convert:
			return walk(x.X)
		case *ssa.Phi:
			for _, e := range x.Edges {
				if walk(e) {
					return true
				}
			}
		case *ssa.Call:
			if b, ok := x.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" && len(x.Call.Args) > 0 {
				return walk(x.Call.Args[0])
			}
		}
		return false
	}
	return walk(v)
}

// uses records the uses by instr of stale tracked values.
func (f *flow) uses(instr ssa.Instruction, s *state, found *[]finding) {
	if ignoredUse(instr) || f.otherPut(instr) {
		return
	}
	var ops []*ssa.Value
	ops = instr.Operands(ops[:0])
	for k, op := range ops {
		v := *op
		if v == nil {
			continue
		}
		i, ok := f.idx[v]
		if !ok || !s.stale.has(i) || f.t.onlyCell(v) {
			continue
		}
		if f.t.rels[v]&(same|view) == 0 && !holderUse(instr, k) {
			continue
		}
		if st, ok := instr.(*ssa.Store); ok && v == st.Addr && f.t.rels[v]&(same|view) == 0 {
			continue
		}
		kind := usedAfter
		if ret, ok := instr.(*ssa.Return); ok {
			if failing(ret) {
				return // the caller ignores the other results
			}
			kind = returnedAfter
		}
		*found = append(*found, finding{instr: instr, val: v, kind: kind})
		return
	}
}

// otherPut reports whether instr is another Put of the object: a double
// Put is a different mistake, not a read of the memory.
func (f *flow) otherPut(instr ssa.Instruction) bool {
	for _, site := range f.sites {
		if site.instr == instr && f.t.puts(site) {
			return true
		}
	}
	return false
}

// holderUse reports whether operand k of instr passes a holder on beyond
// the function, so that whoever receives it may read the stale view it
// holds. A call with a holder is not reported: the callee may read only
// the holder's other fields, or release it.
func holderUse(instr ssa.Instruction, k int) bool {
	switch in := instr.(type) {
	case *ssa.Return, *ssa.Send, *ssa.Go:
		return true
	case *ssa.MapUpdate:
		return isSink(sinkRoot(in.Map))
	case *ssa.Store:
		return k == 1 && isSink(sinkRoot(in.Addr)) // the value, stored where it outlives the function
	}
	return false
}

// ignoredUse reports whether instr does not read the memory its operands
// refer to: it only derives a value (whose own uses are checked),
// compares references, or asks for a length.
func ignoredUse(instr ssa.Instruction) bool {
	switch in := instr.(type) {
	case *ssa.DebugRef, *ssa.Phi, *ssa.FieldAddr, *ssa.IndexAddr, *ssa.Slice, *ssa.ChangeType,
		*ssa.ChangeInterface, *ssa.MakeInterface, *ssa.Convert, *ssa.TypeAssert, *ssa.Extract,
		*ssa.SliceToArrayPointer, *ssa.MakeClosure, *ssa.Range, *ssa.Field, *ssa.Index, *ssa.MultiConvert:
		return true
	case *ssa.BinOp:
		if in.Op == token.EQL || in.Op == token.NEQ {
			switch in.X.Type().Underlying().(type) {
			case *types.Basic:
				return !astutil.IsString(in.X.Type())
			default:
				return true
			}
		}
	case *ssa.Call:
		c := in.Common()
		if b, ok := c.Value.(*ssa.Builtin); ok {
			switch b.Name() {
			case "len", "cap", "String", "Slice", "SliceData", "StringData", "Add":
				return true
			}
		}
		if callee := c.StaticCallee(); callee != nil {
			if obj := funcObject(callee); obj != nil && astutil.FuncKey(obj) == "runtime.KeepAlive" {
				return true
			}
		}
	}
	return false
}
