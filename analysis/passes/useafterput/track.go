package useafterput

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/perfproof/perfproof/internal/astutil"
)

// A rel is how an SSA value relates to a tracked object (a pooled value
// or, for summaries, a parameter).
type rel uint8

const (
	// same: the object itself, possibly converted (to an interface, by a
	// type assertion, through a phi).
	same rel = 1 << iota
	// view: refers into the object's memory: a field address, a slice of
	// its buffer, a slice field loaded from it, an unsafe string over its
	// bytes, a result of a method that returns such a view.
	view
	// holder: local memory (a variable, a composite literal, a slice
	// made here) into which a same or view value was stored. A holder is
	// harmless until it leaves the function or its held fields are read.
	holder
)

// A path is a sequence of field indices (or anyIndex for an element of an
// array or slice) from a holder's root to a stored-to location.
type path []int

const anyIndex = -1

// overlaps reports whether one path is a prefix of the other: a load of
// one location reads what was stored at the other.
func (p path) overlaps(q path) bool {
	n := min(len(p), len(q))
	for i := range n {
		if p[i] != q[i] && p[i] != anyIndex && q[i] != anyIndex {
			return false
		}
	}
	return true
}

// A tracker finds the values of one function related to a tracked
// object. The relation is flow-insensitive; flow.go decides which of
// these values are stale at each point.
type tracker struct {
	a    *pkgAnalysis
	fn   *ssa.Function
	root ssa.Value
	rels map[ssa.Value]rel
	// from lists, for each tracked value, the tracked values it was
	// derived from; a value derived from a stale value is stale.
	from map[ssa.Value][]ssa.Value
	// held maps each holder root to the paths where tracked values were
	// stored; cell marks a holder whose whole content is the object
	// itself (a captured or address-taken variable holding it).
	held map[ssa.Value][]path
	cell map[ssa.Value]bool
	// tuples maps a call with several results to the results that are
	// tracked; tupleHolds to those that are holders.
	tuples     map[ssa.Value]uint64
	tupleHolds map[ssa.Value]uint64
	// order lists the tracked values in discovery order.
	order []ssa.Value
	queue []ssa.Value
	// dirty is set when a holder gains a path: loads already visited
	// must be looked at again.
	dirty bool
}

func newTracker(a *pkgAnalysis, fn *ssa.Function) *tracker {
	return &tracker{
		a:          a,
		fn:         fn,
		rels:       make(map[ssa.Value]rel),
		from:       make(map[ssa.Value][]ssa.Value),
		held:       make(map[ssa.Value][]path),
		cell:       make(map[ssa.Value]bool),
		tuples:     make(map[ssa.Value]uint64),
		tupleHolds: make(map[ssa.Value]uint64),
	}
}

// track follows the object v: it adds v as same and everything related.
func (t *tracker) track(v ssa.Value) *tracker {
	t.root = v
	t.add(v, same, nil)
	t.drain()
	return t
}

// trackCell follows the object held in the variable cell c (an Alloc or
// a closure's FreeVar): loads of c are the object itself.
func (t *tracker) trackCell(c ssa.Value) *tracker {
	t.root = c
	t.cell[c] = true
	t.held[c] = append(t.held[c], path{})
	t.add(c, holder, nil)
	t.drain()
	return t
}

func (t *tracker) drain() {
	for {
		for len(t.queue) > 0 {
			v := t.queue[len(t.queue)-1]
			t.queue = t.queue[:len(t.queue)-1]
			t.visit(v)
		}
		if !t.dirty {
			return
		}
		t.dirty = false
		for _, v := range t.order {
			if t.rels[v]&holder != 0 {
				t.queue = append(t.queue, v)
			}
		}
	}
}

// add records that v has relation r, derived from the tracked value f
// (nil for the root).
func (t *tracker) add(v ssa.Value, r rel, f ssa.Value) {
	if r == 0 || v == nil {
		return
	}
	if _, ok := v.(*ssa.Const); ok {
		return
	}
	if !t.a.refType(v.Type()) {
		return
	}
	old, seen := t.rels[v]
	if f != nil && !containsValue(t.from[v], f) {
		t.from[v] = append(t.from[v], f)
	}
	if seen && old|r == old {
		return
	}
	if !seen {
		t.order = append(t.order, v)
	}
	t.rels[v] = old | r
	t.queue = append(t.queue, v)
}

func containsValue(vs []ssa.Value, v ssa.Value) bool {
	for _, w := range vs {
		if w == v {
			return true
		}
	}
	return false
}

// derived returns the relation of a value computed from v by a pure
// derivation that points into the same memory.
func derived(r rel) rel {
	var out rel
	if r&(same|view) != 0 {
		out |= view
	}
	if r&holder != 0 {
		out |= holder
	}
	return out
}

func (t *tracker) visit(v ssa.Value) {
	r := t.rels[v]
	refs := v.Referrers()
	if refs == nil {
		return
	}
	for _, instr := range *refs {
		switch in := instr.(type) {
		case *ssa.TypeAssert:
			if in.X == v {
				if in.CommaOk {
					t.tuples[in] |= 1
				}
				t.add(in, r, v)
			}
		case *ssa.ChangeType:
			t.add(in, r, v)
		case *ssa.ChangeInterface:
			t.add(in, r, v)
		case *ssa.MakeInterface:
			t.add(in, r, v)
		case *ssa.Convert:
			if pointerConversion(in) {
				t.add(in, r, v)
			}
		case *ssa.SliceToArrayPointer:
			t.add(in, derived(r), v)
		case *ssa.Phi:
			t.add(in, r, v)
		case *ssa.FieldAddr:
			t.add(in, derived(r), v)
		case *ssa.IndexAddr:
			if in.X == v {
				t.add(in, derived(r), v)
			}
		case *ssa.Slice:
			if in.X == v {
				t.add(in, derived(r), v)
			}
		case *ssa.UnOp:
			if in.Op == token.MUL {
				t.load(in, v, r)
			} else if in.Op == token.ARROW {
				// A value received from a tracked channel is not
				// the channel's memory.
			}
		case *ssa.Field:
			if r&(same|view) != 0 && viewType(in.Type()) && t.a.ownedField(structField(in.X.Type(), in.Field)) {
				t.add(in, view, v)
			}
		case *ssa.Index:
			if in.X == v && r&(same|view) != 0 && viewType(in.Type()) {
				t.add(in, view, v)
			}
		case *ssa.Lookup:
			if in.X == v && r&(same|view|holder) != 0 {
				if in.CommaOk {
					t.tuples[in] |= 1
				}
				if r&holder != 0 || viewType(lookupElem(in)) {
					t.add(in, view, v)
				}
			}
		case *ssa.Extract:
			if t.tuples[v]&(1<<in.Index) != 0 {
				if t.tupleHolds[v]&(1<<in.Index) != 0 {
					t.add(in, holder, v)
				} else {
					t.add(in, r&^holder|derived(r&holder), v)
				}
			}
		case *ssa.Range:
			if r&(same|view) != 0 {
				t.add(in, view, v)
			}
		case *ssa.Next:
			if in.Iter == v {
				t.nextResults(in, r)
			}
		case *ssa.MakeClosure:
			if r&(same|view) != 0 {
				t.add(in, view, v)
			} else if r&holder != 0 && t.cell[v] {
				// A closure capturing the variable that holds the
				// object uses the object when it runs.
				t.add(in, view, v)
			}
		case *ssa.Store:
			if in.Val == v {
				t.store(in.Addr, v, r)
			}
		case *ssa.MapUpdate:
			if (in.Value == v || in.Key == v) && r&(same|view|holder) != 0 {
				t.hold(in.Map, path{anyIndex}, v, false)
			}
		case *ssa.Call:
			t.call(in.Common(), in, v, r)
		}
	}
}

// load handles *x for a tracked address x.
func (t *tracker) load(in *ssa.UnOp, x ssa.Value, r rel) {
	if r&holder != 0 {
		root, p := addrPath(in.X)
		if t.cell[root] && len(p) == 0 {
			t.add(in, same, x)
			return
		}
		for _, q := range t.held[root] {
			if !q.overlaps(p) {
				continue
			}
			// A load of the stored location, or of a struct that
			// contains it, reads the stored value. A load of a field
			// inside a stored struct value (a callee's result) reads
			// a view only if the field is a buffer.
			if len(p) <= len(q) || bufferType(in.Type()) {
				t.add(in, view, x)
				return
			}
		}
	}
	if r&(same|view) != 0 && viewType(in.Type()) && t.a.owned(in.X) && !t.a.appendOnlyAddr(in.X) {
		// A slice, map or array loaded from the object's memory is its
		// buffer; a pointer, string or interface field was set by
		// whoever used the object and is not assumed to be owned by it.
		t.add(in, view, x)
	}
}

// store handles *addr = v for a tracked value v.
func (t *tracker) store(addr, v ssa.Value, r rel) {
	if r&(same|view|holder) == 0 || t.inObject(addr) {
		return
	}
	if isSink(sinkRoot(addr)) {
		return // an escape: flow.go reports it
	}
	root, p := addrPath(addr)
	t.hold(root, p, v, len(p) == 0 && r&same != 0)
}

// inObject reports whether addr is in the tracked object's own memory:
// an object that refers to itself is not a holder.
func (t *tracker) inObject(addr ssa.Value) bool {
	for a := addr; a != nil; a = step(a) {
		if t.rels[a]&(same|view) != 0 {
			return true
		}
	}
	return false
}

// hold records that the holder root holds v at path p.
func (t *tracker) hold(root ssa.Value, p path, v ssa.Value, isCell bool) {
	known := false
	for _, q := range t.held[root] {
		if len(q) == len(p) && q.overlaps(p) {
			known = true
		}
	}
	if !known {
		t.held[root] = append(t.held[root], p)
		t.dirty = true
	}
	if isCell {
		t.cell[root] = true
	}
	t.add(root, holder, nil)
}

func (t *tracker) nextResults(in *ssa.Next, r rel) {
	tup := in.Type().(*types.Tuple)
	for i := 1; i < tup.Len(); i++ {
		if viewType(tup.At(i).Type()) || r&holder != 0 {
			t.tuples[in] |= 1 << i
		}
	}
	if t.tuples[in] != 0 {
		t.add(in, view, in.Iter)
	}
}

// call handles a call with the tracked value v among its operands.
func (t *tracker) call(c *ssa.CallCommon, result *ssa.Call, v ssa.Value, r rel) {
	if c.IsInvoke() {
		return
	}
	if b, ok := c.Value.(*ssa.Builtin); ok {
		t.builtin(b.Name(), c.Args, result, v, r)
		return
	}
	sum := t.a.summaryOfCall(c)
	if sum == nil || r&(same|view|holder) == 0 {
		return
	}
	var views, holds uint64
	for i, arg := range callSlots(c) {
		if arg != v || i >= maxSlots {
			continue
		}
		for res, rb := range sum.Returns {
			if rb&(1<<i) != 0 {
				views |= 1 << res
			}
		}
		for res, hb := range sum.Holds {
			if hb&(1<<i) != 0 {
				holds |= 1 << res
			}
		}
	}
	if r&(same|view) == 0 {
		// A holder passed on: the result may hold what it holds.
		holds |= views
		views = 0
	}
	if views|holds == 0 {
		return
	}
	if _, ok := result.Type().(*types.Tuple); ok {
		t.tuples[result] |= views | holds
		t.tupleHolds[result] |= holds &^ views
		t.add(result, view, v)
		return
	}
	if views != 0 {
		t.add(result, view, v)
	} else {
		// The callee's object holds a reference; which field is
		// unknown, so its loads are not views.
		t.add(result, holder, v)
	}
}

func (t *tracker) builtin(name string, args []ssa.Value, result *ssa.Call, v ssa.Value, r rel) {
	switch name {
	case "append":
		if len(args) > 0 && args[0] == v {
			t.add(result, derived(r), v)
		} else if len(args) > 1 && args[1] == v {
			// The appended elements are copied; they carry a
			// reference only if they are references themselves.
			// Elements that are pointers or interfaces were set by
			// whoever used the object (as for loads); slices and maps
			// are its buffers.
			if s, ok := result.Type().Underlying().(*types.Slice); ok && (r&holder != 0 || viewType(s.Elem())) {
				t.add(result, holder, v)
				t.held[result] = append(t.held[result], path{anyIndex})
			}
		}
	case "String", "Slice", "SliceData", "StringData", "Add":
		// unsafe.String, unsafe.Slice and friends share the memory.
		if len(args) > 0 && args[0] == v {
			t.add(result, derived(r), v)
		}
	}
}

// callSlots returns the values of a static call's slots: its arguments,
// then for a closure its captured variables.
func callSlots(c *ssa.CallCommon) []ssa.Value {
	if mc, ok := c.Value.(*ssa.MakeClosure); ok {
		out := make([]ssa.Value, 0, len(c.Args)+len(mc.Bindings))
		out = append(out, c.Args...)
		return append(out, mc.Bindings...)
	}
	return c.Args
}

// pointerConversion reports whether a conversion keeps the memory
// reference: between unsafe.Pointer and pointer types. Conversions between
// strings and byte or rune slices copy.
func pointerConversion(c *ssa.Convert) bool {
	return isUnsafePointer(c.X.Type()) || isUnsafePointer(c.Type())
}

func isUnsafePointer(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.UnsafePointer
}

func lookupElem(l *ssa.Lookup) types.Type {
	if m, ok := l.X.Type().Underlying().(*types.Map); ok {
		return m.Elem()
	}
	return types.Typ[types.Byte]
}

// viewType reports whether a value of type t, loaded from an object's
// memory, shares memory the object owns: a slice (its buffer), a map, an
// unsafe.Pointer, a pointer to an array, or a struct or array holding one.
func viewType(t types.Type) bool {
	return viewType1(t, 0)
}

func viewType1(t types.Type, depth int) bool {
	if depth > 4 {
		return false
	}
	switch u := t.Underlying().(type) {
	case *types.Slice, *types.Map:
		return true
	case *types.Basic:
		return u.Kind() == types.UnsafePointer
	case *types.Pointer:
		_, ok := u.Elem().Underlying().(*types.Array)
		return ok
	case *types.Array:
		return viewType1(u.Elem(), depth+1)
	case *types.Struct:
		for i := range u.NumFields() {
			if viewType1(u.Field(i).Type(), depth+1) {
				return true
			}
		}
	case *types.Tuple:
		for i := range u.Len() {
			if viewType1(u.At(i).Type(), depth+1) {
				return true
			}
		}
	}
	return false
}

// bufferType reports whether t is a slice or a map.
func bufferType(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Slice, *types.Map:
		return true
	}
	return false
}

// refType reports whether a value of type t can refer to memory: any type
// with pointers, strings included (an unsafe string can point into a
// pooled buffer).
func (a *pkgAnalysis) refType(t types.Type) bool {
	if r, ok := a.refCache[t]; ok {
		return r
	}
	a.refCache[t] = true // provisional, for recursive types
	r := true
	switch u := t.Underlying().(type) {
	case *types.Basic:
		r = u.Kind() == types.UnsafePointer || u.Info()&types.IsString != 0
	case *types.Struct:
		r = false
		for i := range u.NumFields() {
			if a.refType(u.Field(i).Type()) {
				r = true
				break
			}
		}
	case *types.Array:
		r = u.Len() > 0 && a.refType(u.Elem())
	case *types.Tuple:
		r = false
		for i := range u.Len() {
			if a.refType(u.At(i).Type()) {
				r = true
				break
			}
		}
	}
	a.refCache[t] = r
	return r
}

// addrPath returns the base value of an address and the fields and
// indices selected from it.
func addrPath(addr ssa.Value) (ssa.Value, path) {
	var rev path
	for {
		switch a := addr.(type) {
		case *ssa.FieldAddr:
			rev = append(rev, a.Field)
			addr = a.X
			continue
		case *ssa.IndexAddr:
			rev = append(rev, anyIndex)
			addr = a.X
			continue
		}
		break
	}
	p := make(path, len(rev))
	for i, f := range rev {
		p[len(rev)-1-i] = f
	}
	return addr, p
}

// sinkRoot follows an address through field and element selections and
// pointer loads to the value whose memory it is in.
func sinkRoot(addr ssa.Value) ssa.Value {
	for range 32 {
		next := step(addr)
		if next == nil {
			return addr
		}
		addr = next
	}
	return addr
}

// step returns the value an address is selected or loaded from, or nil.
func step(addr ssa.Value) ssa.Value {
	switch a := addr.(type) {
	case *ssa.FieldAddr:
		return a.X
	case *ssa.IndexAddr:
		return a.X
	case *ssa.Slice:
		return a.X
	case *ssa.UnOp:
		if a.Op == token.MUL {
			return a.X
		}
	case *ssa.ChangeType:
		return a.X
	case *ssa.Convert:
		return a.X
	case *ssa.TypeAssert:
		return a.X
	}
	return nil
}

// isSink reports whether memory rooted at v outlives the function: a
// parameter's, a package-level variable's or a captured variable's.
func isSink(v ssa.Value) bool {
	switch v.(type) {
	case *ssa.Parameter, *ssa.Global, *ssa.FreeVar:
		return true
	}
	return false
}

// owned reports whether the slice or map at addr belongs to the object it
// is loaded from: see ownedField.
func (a *pkgAnalysis) owned(addr ssa.Value) bool {
	fa, ok := addr.(*ssa.FieldAddr)
	if !ok {
		return true
	}
	ptr, ok := fa.X.Type().Underlying().(*types.Pointer)
	if !ok {
		return true
	}
	return a.ownedField(structField(ptr.Elem(), fa.Field))
}

func structField(t types.Type, i int) *types.Var {
	if st, ok := t.Underlying().(*types.Struct); ok && i < st.NumFields() {
		return st.Field(i)
	}
	return nil
}

// ownedField reports whether a slice or map field is a buffer its object
// owns: the package allocates it (make, a literal) or grows or reslices
// it in place (x.f = append(x.f, ...), x.f = x.f[:0]) somewhere. A field
// that the package only sets from elsewhere (x.f = buf, a caller's
// slice) refers to memory the object does not own, and a view of it is
// not pooled memory. Fields of other packages' types are assumed owned.
func (a *pkgAnalysis) ownedField(f *types.Var) bool {
	if f == nil || f.Pkg() != a.pass.Pkg {
		return true
	}
	if a.fields == nil {
		a.fields = make(map[*types.Var]fieldUse)
		for _, fn := range a.funcs {
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					st, ok := instr.(*ssa.Store)
					if !ok {
						continue
					}
					fa, ok := st.Addr.(*ssa.FieldAddr)
					if !ok {
						continue
					}
					ptr, ok := fa.X.Type().Underlying().(*types.Pointer)
					if !ok {
						continue
					}
					v := structField(ptr.Elem(), fa.Field)
					if v == nil {
						continue
					}
					u := a.fields[v]
					u.stored = true
					if isConstValue(st.Val) {
						// x.f = nil resets it
					} else if allocates(st.Val, v, fa.X, make(map[ssa.Value]bool)) {
						u.owning = true
					}
					a.fields[v] = u
				}
			}
		}
	}
	u := a.fields[f]
	return !u.stored || u.owning
}

// fieldUse records how a package stores into a field.
type fieldUse struct {
	stored bool // some store
	owning bool // some store of an allocation or an in-place growth
}

func isConstValue(v ssa.Value) bool {
	_, ok := v.(*ssa.Const)
	return ok
}

// allocates reports whether v, stored into field f of the object at
// base, is memory the object owns: made here, or f's own buffer
// resliced or appended to. The same field of another object (dst.f =
// src.f, a copy between objects) is not the object's own buffer.
func allocates(v ssa.Value, f *types.Var, base ssa.Value, seen map[ssa.Value]bool) bool {
	if seen[v] || len(seen) > 64 {
		return false
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.MakeSlice, *ssa.MakeMap, *ssa.Alloc:
		return true
	case *ssa.Slice:
		return allocates(x.X, f, base, seen)
	case *ssa.ChangeType:
		return allocates(x.X, f, base, seen)
	case *ssa.Phi:
		for _, e := range x.Edges {
			if allocates(e, f, base, seen) {
				return true
			}
		}
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			if ptr, ok := fa.X.Type().Underlying().(*types.Pointer); ok {
				return structField(ptr.Elem(), fa.Field) == f && sameValue(fa.X, base, 0)
			}
		}
	case *ssa.Call:
		if b, ok := x.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" && len(x.Call.Args) > 0 {
			return true // grows in place or allocates
		}
		if callee := x.Call.StaticCallee(); callee != nil {
			if obj := funcObject(callee); obj != nil && obj.Pkg() != nil && (obj.Pkg().Path() == "slices" && obj.Name() == "Grow" || obj.Pkg().Path() == "bytes" && obj.Name() == "Clone") {
				return true
			}
		}
	}
	return false
}

// sameValue reports whether a and b compute the same pointer: the same
// value, or loads of, or fields of, the same addresses.
func sameValue(a, b ssa.Value, depth int) bool {
	if a == b {
		return true
	}
	if depth > 8 {
		return false
	}
	switch x := a.(type) {
	case *ssa.UnOp:
		y, ok := b.(*ssa.UnOp)
		return ok && x.Op == token.MUL && y.Op == token.MUL && sameValue(x.X, y.X, depth+1)
	case *ssa.FieldAddr:
		y, ok := b.(*ssa.FieldAddr)
		return ok && x.Field == y.Field && sameValue(x.X, y.X, depth+1)
	case *ssa.Field:
		y, ok := b.(*ssa.Field)
		return ok && x.Field == y.Field && sameValue(x.X, y.X, depth+1)
	}
	return false
}

// mayRealloc reports whether v is derived from the tracked object through
// an append-style call: append(x, ...) of a tracked x, or a call that
// takes a tracked slice and returns a slice of the same type (dst =
// h.AppendBytes(dst)). Such a result refers to the object's memory only
// if it fitted, which callers often test (cap(buf) != ...) before
// keeping it.
func (t *tracker) mayRealloc(v ssa.Value) bool {
	seen := make(map[ssa.Value]bool)
	var walk func(v ssa.Value) bool
	walk = func(v ssa.Value) bool {
		if seen[v] || len(seen) > 256 {
			return false
		}
		seen[v] = true
		if call, ok := v.(*ssa.Call); ok && t.reallocCall(call) {
			return true
		}
		for _, from := range t.from[v] {
			if walk(from) {
				return true
			}
		}
		return false
	}
	return walk(v)
}

func (t *tracker) reallocCall(call *ssa.Call) bool {
	c := call.Common()
	if _, ok := call.Type().Underlying().(*types.Slice); !ok {
		return false
	}
	if b, ok := c.Value.(*ssa.Builtin); ok {
		return b.Name() == "append" && len(c.Args) > 0 && t.rels[c.Args[0]] != 0
	}
	for _, arg := range c.Args {
		if t.rels[arg]&(same|view) != 0 && types.Identical(arg.Type(), call.Type()) {
			return true
		}
	}
	return false
}

// appendOnlyAddr reports whether addr is a field that appendOnlyField
// holds to be append-only.
func (a *pkgAnalysis) appendOnlyAddr(addr ssa.Value) bool {
	fa, ok := addr.(*ssa.FieldAddr)
	if !ok {
		return false
	}
	ptr, ok := fa.X.Type().Underlying().(*types.Pointer)
	if !ok {
		return false
	}
	return a.appendOnlyField(structField(ptr.Elem(), fa.Field))
}

// appendOnlyField reports whether an unexported slice field of one of
// the package's types is an append-only arena: every store into it
// appends to its own buffer or installs a new one, and its bytes are only
// read (len, cap, reslicing, string conversions, unsafe.String, the
// source of append or copy, a helper of the package that returns a
// string). Bytes handed out from such a buffer are never written again,
// by the object or by its next user (strs.Builder in protobuf hands out
// unsafe strings this way, as strings.Builder does), so views of it do
// not go stale when the object goes back into its pool.
func (a *pkgAnalysis) appendOnlyField(f *types.Var) bool {
	if f == nil || f.Pkg() != a.pass.Pkg || f.Exported() {
		return false
	}
	if a.appendOnly == nil {
		a.appendOnly = a.appendOnlyFields()
	}
	return a.appendOnly[f]
}

// appendOnlyFields computes, in one sweep over the package's functions,
// the unexported slice fields of its types that are append-only.
func (a *pkgAnalysis) appendOnlyFields() map[*types.Var]bool {
	out := make(map[*types.Var]bool)
	bad := make(map[*types.Var]bool)
	for _, fn := range a.funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				fa, ok := instr.(*ssa.FieldAddr)
				if !ok {
					continue
				}
				ptr, ok := fa.X.Type().Underlying().(*types.Pointer)
				if !ok {
					continue
				}
				f := structField(ptr.Elem(), fa.Field)
				if f == nil || f.Pkg() != a.pass.Pkg || f.Exported() || bad[f] {
					continue
				}
				if _, ok := f.Type().Underlying().(*types.Slice); !ok {
					continue
				}
				good := true
				for _, ref := range *fa.Referrers() {
					switch r := ref.(type) {
					case *ssa.UnOp:
						good = good && r.Op == token.MUL && readOnlyUses(a, r, 0)
					case *ssa.Store:
						good = good && r.Addr == fa && appendsOrAllocates(r.Val, fa)
					case *ssa.DebugRef:
					default:
						good = false // the field's address escapes
					}
				}
				if good {
					out[f] = true
				} else {
					bad[f] = true
					delete(out, f)
				}
			}
		}
	}
	return out
}

// appendsOrAllocates reports whether v, stored into the field at addr,
// is append(addr's own buffer, ...) or a new buffer (make, a literal,
// nil).
func appendsOrAllocates(v ssa.Value, addr *ssa.FieldAddr) bool {
	switch x := v.(type) {
	case *ssa.Const:
		return x.IsNil()
	case *ssa.MakeSlice:
		return true
	case *ssa.Slice:
		_, isAlloc := x.X.(*ssa.Alloc)
		return isAlloc && x.Low == nil && x.High == nil
	case *ssa.Call:
		b, ok := x.Call.Value.(*ssa.Builtin)
		if !ok || b.Name() != "append" || len(x.Call.Args) == 0 {
			return false
		}
		load, ok := x.Call.Args[0].(*ssa.UnOp)
		if !ok || load.Op != token.MUL {
			return false
		}
		fa, ok := load.X.(*ssa.FieldAddr)
		return ok && fa.Field == addr.Field && sameValue(fa.X, addr.X, 0)
	}
	return false
}

// readOnlyUses reports whether the slice v (loaded from a field, or a
// reslice of it) is only read.
func readOnlyUses(a *pkgAnalysis, v ssa.Value, depth int) bool {
	if depth > 4 {
		return false
	}
	for _, ref := range *v.Referrers() {
		switch r := ref.(type) {
		case *ssa.DebugRef, *ssa.Index:
		case *ssa.Slice:
			if !readOnlyUses(a, r, depth+1) {
				return false
			}
		case *ssa.Convert:
			if !astutil.IsString(r.Type()) {
				return false
			}
		case *ssa.IndexAddr:
			for _, ir := range *r.Referrers() {
				if load, ok := ir.(*ssa.UnOp); !ok || load.Op != token.MUL {
					return false
				}
			}
		case *ssa.Call:
			c := r.Common()
			if b, ok := c.Value.(*ssa.Builtin); ok {
				switch b.Name() {
				case "len", "cap", "String":
					continue
				case "append":
					continue // appended to (the store is checked) or copied from
				case "copy":
					if len(c.Args) == 2 && c.Args[1] == v && c.Args[0] != v {
						continue
					}
				case "SliceData":
					if readOnlyPointer(r) {
						continue
					}
				}
				return false
			}
			callee := c.StaticCallee()
			if callee == nil || callee.Pkg != nil && callee.Pkg.Pkg != a.pass.Pkg {
				return false
			}
			res := callee.Signature.Results()
			if res.Len() != 1 || !astutil.IsString(res.At(0).Type()) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// readOnlyPointer reports whether the pointer from unsafe.SliceData is
// only made into a string.
func readOnlyPointer(v ssa.Value) bool {
	for _, ref := range *v.Referrers() {
		c, ok := ref.(*ssa.Call)
		if !ok {
			return false
		}
		b, ok := c.Call.Value.(*ssa.Builtin)
		if !ok || b.Name() != "String" {
			return false
		}
	}
	return true
}
