package loopencode

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// A funcState partitions the values of one function into memory classes:
// two values are in the same class if memory reachable from one may be
// reachable from the other. The partition is flow-insensitive and built
// with union-find, so it costs near-linear time in the function's size.
// Node 0 is the class of package-level variables, closure cells and
// memory of unknown origin.
//
// The partition assumes that distinct parameters do not alias and that
// parameters do not alias package-level memory; a caller that passes
// aliased pointers can defeat it. Precision matters more than recall for
// this check, and such aliasing is rare where it would matter.
type funcState struct {
	fn     *ssa.Function
	pkg    *pkgState
	ids    map[ssa.Value]int32
	parent []int32
	writes []writeEvent
	// written holds the classes written anywhere in the function;
	// set by finish.
	written map[int32]bool
	loops   map[*ssa.BasicBlock]*loop
}

// A writeEvent records that an instruction of block may write memory of
// node's class.
type writeEvent struct {
	block int
	node  int32
}

const globalNode = 0

func newFuncState(p *pkgState, fn *ssa.Function) *funcState {
	return &funcState{fn: fn, pkg: p, ids: make(map[ssa.Value]int32), parent: []int32{globalNode}}
}

func (fs *funcState) id(v ssa.Value) int32 {
	switch v.(type) {
	case *ssa.Global, *ssa.FreeVar:
		return globalNode
	}
	if n, ok := fs.ids[v]; ok {
		return n
	}
	n := int32(len(fs.parent))
	fs.parent = append(fs.parent, n)
	fs.ids[v] = n
	return n
}

func (fs *funcState) find(n int32) int32 {
	for fs.parent[n] != n {
		fs.parent[n] = fs.parent[fs.parent[n]]
		n = fs.parent[n]
	}
	return n
}

// class returns the class of v.
func (fs *funcState) class(v ssa.Value) int32 { return fs.find(fs.id(v)) }

func (fs *funcState) unionNodes(a, b int32) {
	a, b = fs.find(a), fs.find(b)
	if a == b {
		return
	}
	// Keep the global node as the representative of its class.
	if b == globalNode {
		a, b = b, a
	}
	fs.parent[b] = a
}

func (fs *funcState) union(a, b ssa.Value) { fs.unionNodes(fs.id(a), fs.id(b)) }

func (fs *funcState) unionGlobal(v ssa.Value) { fs.unionNodes(fs.id(v), globalNode) }

func (fs *funcState) hp(t types.Type) bool { return hasPointers(t, fs.pkg.ptrCache) }

func (fs *funcState) write(b *ssa.BasicBlock, v ssa.Value) {
	fs.writes = append(fs.writes, writeEvent{b.Index, fs.id(v)})
}

func (fs *funcState) writeGlobal(b *ssa.BasicBlock) {
	fs.writes = append(fs.writes, writeEvent{b.Index, globalNode})
}

// build partitions the function's values and records its writes, using
// the summaries of its callees known so far.
func (fs *funcState) build() {
	for _, b := range fs.fn.Blocks {
		for _, instr := range b.Instrs {
			fs.instr(b, instr)
		}
	}
	fs.written = make(map[int32]bool)
	for _, w := range fs.writes {
		fs.written[fs.find(w.node)] = true
	}
}

func (fs *funcState) instr(b *ssa.BasicBlock, instr ssa.Instruction) {
	switch in := instr.(type) {
	case *ssa.FieldAddr:
		fs.union(in, in.X)
	case *ssa.IndexAddr:
		fs.union(in, in.X)
	case *ssa.Slice:
		fs.union(in, in.X)
	case *ssa.UnOp:
		switch in.Op {
		case token.MUL:
			if fs.hp(in.Type()) {
				fs.union(in, in.X)
			}
		case token.ARROW:
			if fs.hp(in.Type()) {
				fs.unionGlobal(in)
			}
		}
	case *ssa.Field:
		if fs.hp(in.Type()) {
			fs.union(in, in.X)
		}
	case *ssa.Index:
		if fs.hp(in.Type()) {
			fs.union(in, in.X)
		}
	case *ssa.Lookup:
		if fs.hp(in.Type()) {
			fs.union(in, in.X)
		}
	case *ssa.Extract:
		if fs.hp(in.Type()) {
			fs.union(in, in.Tuple)
		}
	case *ssa.Next:
		if fs.hp(in.Type()) {
			fs.union(in, in.Iter)
		}
	case *ssa.Range:
		fs.union(in, in.X)
	case *ssa.Phi:
		if fs.hp(in.Type()) {
			for _, e := range in.Edges {
				fs.union(in, e)
			}
		}
	case *ssa.Convert:
		if fs.hp(in.Type()) {
			if bt, ok := in.X.Type().Underlying().(*types.Basic); ok && bt.Kind() == types.Uintptr {
				fs.unionGlobal(in) // pointer from integer: unknown memory
			} else {
				fs.union(in, in.X)
			}
		}
	case *ssa.ChangeType:
		fs.unionIfPointers(in, in.X)
	case *ssa.ChangeInterface:
		fs.unionIfPointers(in, in.X)
	case *ssa.MakeInterface:
		fs.unionIfPointers(in, in.X)
	case *ssa.TypeAssert:
		fs.unionIfPointers(in, in.X)
	case *ssa.MultiConvert:
		fs.unionIfPointers(in, in.X)
	case *ssa.SliceToArrayPointer:
		fs.union(in, in.X)
	case *ssa.MakeClosure:
		// The closure may be called anywhere, and may write what it
		// captures whenever it is.
		fs.unionGlobal(in)
		for _, v := range in.Bindings {
			fs.unionGlobal(v)
		}
	case *ssa.Store:
		if fs.hp(in.Val.Type()) {
			fs.union(in.Addr, in.Val)
		}
		fs.write(b, in.Addr)
	case *ssa.MapUpdate:
		if fs.hp(in.Key.Type()) {
			fs.union(in.Map, in.Key)
		}
		if fs.hp(in.Value.Type()) {
			fs.union(in.Map, in.Value)
		}
		fs.write(b, in.Map)
	case *ssa.Send:
		// The receiver may be another goroutine that keeps or
		// changes what it receives.
		if fs.hp(in.X.Type()) {
			fs.unionGlobal(in.X)
		}
		fs.write(b, in.Chan)
	case *ssa.Select:
		for _, st := range in.States {
			if st.Send != nil && fs.hp(st.Send.Type()) {
				fs.unionGlobal(st.Send)
			}
			fs.write(b, st.Chan)
		}
		fs.unionGlobal(in)
	case *ssa.Panic:
		if fs.hp(in.X.Type()) {
			fs.unionGlobal(in.X)
		}
	case *ssa.Call:
		fs.call(b, in.Common(), in)
	case *ssa.Go:
		fs.call(b, in.Common(), nil)
	case *ssa.Defer:
		fs.call(b, in.Common(), nil)
	}
}

func (fs *funcState) unionIfPointers(v, x ssa.Value) {
	if fs.hp(v.Type()) {
		fs.union(v, x)
	}
}

// call records the effect of a call with the given result (nil for go and
// defer statements).
func (fs *funcState) call(b *ssa.BasicBlock, c *ssa.CallCommon, result ssa.Value) {
	args := c.Args
	if c.IsInvoke() {
		fs.unknownCall(b, c, result)
		return
	}
	if bi, ok := c.Value.(*ssa.Builtin); ok {
		fs.builtin(b, bi.Name(), args, result)
		return
	}
	callee := c.StaticCallee()
	if callee == nil {
		fs.unknownCall(b, c, result)
		return
	}
	s := fs.pkg.summaryOf(callee)
	if s == nil || len(s.Groups) != len(args) {
		fs.unknownCall(b, c, result)
		return
	}
	first := make(map[uint8]int)
	for i, a := range args {
		g := s.Groups[i]
		switch {
		case g == 0 || !fs.hp(a.Type()):
		case g == globalGroup:
			fs.unionGlobal(a)
		default:
			if j, ok := first[g]; ok {
				fs.union(a, args[j])
			} else {
				first[g] = i
			}
		}
		if s.Writes&(1<<i) != 0 && fs.hp(a.Type()) {
			fs.write(b, a)
		}
	}
	if s.Writes&globalBit != 0 {
		fs.writeGlobal(b)
	}
	if result != nil && fs.hp(result.Type()) {
		for i, a := range args {
			if s.Returns&(1<<i) != 0 {
				fs.union(result, a)
			}
		}
		if s.Returns&globalBit != 0 {
			fs.unionGlobal(result)
		}
	}
}

// unknownCall records a call of a function about which nothing is known:
// it may link and write everything its arguments reach, and package-level
// memory.
func (fs *funcState) unknownCall(b *ssa.BasicBlock, c *ssa.CallCommon, result ssa.Value) {
	if _, ok := c.Value.(*ssa.Function); !ok && fs.hp(c.Value.Type()) {
		fs.unionGlobal(c.Value)
	}
	for _, a := range c.Args {
		if fs.hp(a.Type()) {
			fs.unionGlobal(a)
		}
	}
	if result != nil && fs.hp(result.Type()) {
		fs.unionGlobal(result)
	}
	fs.writeGlobal(b)
}

func (fs *funcState) builtin(b *ssa.BasicBlock, name string, args []ssa.Value, result ssa.Value) {
	switch name {
	case "len", "cap", "print", "println", "min", "max", "real", "imag", "complex":
		// No memory effects; results hold no pointers.
	case "append":
		if result != nil {
			fs.union(result, args[0])
		}
		if len(args) > 1 && fs.hp(args[1].Type()) {
			fs.union(args[0], args[1])
		}
		fs.write(b, args[0])
	case "copy":
		if fs.hp(args[1].Type()) {
			fs.union(args[0], args[1])
		}
		fs.write(b, args[0])
	case "clear", "delete":
		fs.write(b, args[0])
	case "ssa:wrapnilchk", "Add", "Slice", "SliceData", "String", "StringData":
		if result != nil && fs.hp(result.Type()) {
			fs.union(result, args[0])
		}
	default: // recover and anything new
		for _, a := range args {
			if fs.hp(a.Type()) {
				fs.unionGlobal(a)
			}
		}
		if result != nil && fs.hp(result.Type()) {
			fs.unionGlobal(result)
		}
		fs.writeGlobal(b)
	}
}

// summarize returns the memory part of the function's summary, or nil if
// the function cannot be summarised.
func (fs *funcState) summarize() *summary {
	params := fs.fn.Params
	if len(params) > maxParams {
		return nil
	}
	s := &summary{Groups: make([]uint8, len(params))}
	global := fs.find(globalNode)
	if fs.written[global] {
		s.Writes |= globalBit
	}
	reps := make([]int32, len(params))
	for i, p := range params {
		reps[i] = fs.class(p)
		if fs.written[reps[i]] {
			s.Writes |= 1 << i
		}
	}
	for _, b := range fs.fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		for _, r := range ret.Results {
			if !fs.hp(r.Type()) {
				continue
			}
			rc := fs.class(r)
			if rc == global {
				s.Returns |= globalBit
			}
			for i := range params {
				if reps[i] == rc {
					s.Returns |= 1 << i
				}
			}
		}
	}
	next := uint8(1)
	groupOf := make(map[int32]uint8)
	for i, rep := range reps {
		if !fs.hp(params[i].Type()) {
			continue
		}
		if rep == global {
			s.Groups[i] = globalGroup
			continue
		}
		for j := range i {
			if reps[j] == rep && fs.hp(params[j].Type()) {
				g, ok := groupOf[rep]
				if !ok {
					g = next
					if next < globalGroup-1 {
						next++
					}
					groupOf[rep] = g
				}
				s.Groups[i], s.Groups[j] = g, g
			}
		}
	}
	return s
}
