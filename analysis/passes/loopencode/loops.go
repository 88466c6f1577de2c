package loopencode

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// A loop is a natural loop of the SSA control-flow graph: the blocks from
// which a back edge into header can be reached without passing header.
type loop struct {
	header *ssa.BasicBlock
	blocks []bool // indexed by BasicBlock.Index
	// written holds the memory classes that instructions of the loop
	// may write.
	written map[int32]bool
	// lo and hi are the smallest and largest source positions of the
	// loop's instructions; computed by span.
	lo, hi   token.Pos
	spanDone bool
}

func (l *loop) contains(b *ssa.BasicBlock) bool { return l.blocks[b.Index] }

// loopOf returns the innermost natural loop containing b, or nil.
// Candidate headers are b's dominators: in a reducible graph the header
// of every loop containing b dominates it, and inner headers come first
// on the way up the dominator tree.
func (fs *funcState) loopOf(b *ssa.BasicBlock) *loop {
	for h := b; h != nil; h = h.Idom() {
		l := fs.loopAt(h)
		if l != nil && l.contains(b) {
			return l
		}
	}
	return nil
}

// loopAt returns the natural loop with header h, or nil if no back edge
// enters h.
func (fs *funcState) loopAt(h *ssa.BasicBlock) *loop {
	if l, ok := fs.loops[h]; ok {
		return l
	}
	if fs.loops == nil {
		fs.loops = make(map[*ssa.BasicBlock]*loop)
	}
	var l *loop
	var stack []*ssa.BasicBlock
	for _, p := range h.Preds {
		if h.Dominates(p) {
			if l == nil {
				l = &loop{header: h, blocks: make([]bool, len(fs.fn.Blocks))}
				l.blocks[h.Index] = true
			}
			if !l.blocks[p.Index] {
				l.blocks[p.Index] = true
				stack = append(stack, p)
			}
		}
	}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, p := range b.Preds {
			if !l.blocks[p.Index] {
				l.blocks[p.Index] = true
				stack = append(stack, p)
			}
		}
	}
	if l != nil {
		l.written = make(map[int32]bool)
		for _, w := range fs.writes {
			if l.blocks[w.block] {
				l.written[fs.find(w.node)] = true
			}
		}
	}
	fs.loops[h] = l
	return l
}

// span returns the smallest and largest source positions of the loop's
// instructions.
func (fs *funcState) span(l *loop) (lo, hi token.Pos) {
	if l.spanDone {
		return l.lo, l.hi
	}
	defer func() { l.lo, l.hi, l.spanDone = lo, hi, true }()
	for _, b := range fs.fn.Blocks {
		if !l.contains(b) {
			continue
		}
		for _, instr := range b.Instrs {
			if _, ok := instr.(*ssa.Phi); ok {
				continue // positioned at the variable's declaration
			}
			p := instr.Pos()
			if !p.IsValid() {
				continue
			}
			if !lo.IsValid() || p < lo {
				lo = p
			}
			if p > hi {
				hi = p
			}
		}
	}
	return lo, hi
}

// maxVisit bounds the values one dependency query visits.
const maxVisit = 2000

// depends reports which parameters v depends on, through pure operations
// and loads of memory that is not written.
//
// With l == nil it answers for the whole function: ok is false if v
// depends on anything but parameters and constants (a call result, an
// allocation, package-level memory, memory the function writes).
//
// With l != nil it answers whether v is invariant in l: values defined
// outside the loop are, and ok is false if v depends on a φ-node of the
// loop, a call, an allocation in the loop, or memory the loop writes.
// params is then meaningless.
func (fs *funcState) depends(v ssa.Value, l *loop) (params uint64, ok bool) {
	written := fs.written
	if l != nil {
		written = l.written
	}
	global := fs.find(globalNode)
	memOK := func(x ssa.Value) bool {
		c := fs.class(x)
		return !written[c] && (l != nil || c != global)
	}
	if !memOK(v) {
		return 0, false
	}
	seen := make(map[ssa.Value]bool)
	stack := []ssa.Value{v}
	push := func(vs ...ssa.Value) {
		for _, v := range vs {
			if v != nil && !seen[v] {
				seen[v] = true
				stack = append(stack, v)
			}
		}
	}
	seen[v] = true
	for len(stack) > 0 {
		if len(seen) > maxVisit {
			return 0, false
		}
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch v := v.(type) {
		case *ssa.Const, *ssa.Function, *ssa.Builtin, *ssa.Global:
			continue
		case *ssa.FreeVar:
			if l == nil {
				return 0, false
			}
			continue
		case *ssa.Parameter:
			if l == nil {
				i := paramIndex(fs.fn, v)
				if i < 0 || i >= maxParams {
					return 0, false
				}
				params |= 1 << i
			}
			continue
		}
		instr, isInstr := v.(ssa.Instruction)
		if !isInstr {
			return 0, false
		}
		if l != nil && !l.contains(instr.Block()) {
			continue
		}
		switch v := v.(type) {
		case *ssa.Phi:
			if l != nil {
				return 0, false
			}
			push(v.Edges...)
		case *ssa.UnOp:
			switch v.Op {
			case token.ARROW:
				return 0, false
			case token.MUL:
				if !memOK(v.X) {
					return 0, false
				}
			}
			push(v.X)
		case *ssa.BinOp:
			push(v.X, v.Y)
		case *ssa.Convert:
			push(v.X)
		case *ssa.ChangeType:
			push(v.X)
		case *ssa.ChangeInterface:
			push(v.X)
		case *ssa.MakeInterface:
			push(v.X)
		case *ssa.MultiConvert:
			push(v.X)
		case *ssa.SliceToArrayPointer:
			push(v.X)
		case *ssa.TypeAssert:
			push(v.X)
		case *ssa.FieldAddr:
			push(v.X)
		case *ssa.Field:
			push(v.X)
		case *ssa.IndexAddr:
			push(v.X, v.Index)
		case *ssa.Index:
			push(v.X, v.Index)
		case *ssa.Slice:
			push(v.X, v.Low, v.High, v.Max)
		case *ssa.Lookup:
			if !memOK(v.X) {
				return 0, false
			}
			push(v.X, v.Index)
		case *ssa.Extract:
			push(v.Tuple)
		case *ssa.Range:
			if !memOK(v.X) {
				return 0, false
			}
			push(v.X)
		case *ssa.Next:
			// A Next in the loop advances its iterator: each
			// iteration's key and value of a map, or rune of a string,
			// is another.
			if l != nil || !memOK(v.Iter) {
				return 0, false
			}
			push(v.Iter)
		case *ssa.Call:
			bi, ok := v.Call.Value.(*ssa.Builtin)
			if !ok || (bi.Name() != "len" && bi.Name() != "cap") {
				return 0, false
			}
			a := v.Call.Args[0]
			switch a.Type().Underlying().(type) {
			case *types.Chan:
				return 0, false
			case *types.Map:
				if !memOK(a) {
					return 0, false
				}
			}
			push(a)
		default:
			return 0, false
		}
	}
	return params, true
}

func paramIndex(fn *ssa.Function, p *ssa.Parameter) int {
	for i, q := range fn.Params {
		if q == p {
			return i
		}
	}
	return -1
}

// isConst reports whether v is a constant, possibly converted.
func isConst(v ssa.Value) bool {
	for {
		switch x := v.(type) {
		case *ssa.Const:
			return true
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		case *ssa.Convert:
			v = x.X
		default:
			return false
		}
	}
}

// carried reports whether the result of call survives into the next
// iteration of l through a φ-node of its header: the loop caches the
// encoding, as in `if b == nil { b, _ = json.Marshal(v) }`.
func carried(call *ssa.Call, l *loop) bool {
	seen := make(map[ssa.Value]bool)
	stack := []ssa.Value{call}
	for len(stack) > 0 && len(seen) < maxVisit {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		refs := v.Referrers()
		if refs == nil {
			continue
		}
		for _, r := range *refs {
			var next ssa.Value
			switch r := r.(type) {
			case *ssa.Extract:
				if r.Index == 0 {
					next = r
				}
			case *ssa.Phi:
				if r.Block() == l.header {
					return true
				}
				next = r
			case *ssa.Store:
				// Stored into a variable that lives across
				// iterations (declared before the loop).
				if a, ok := r.Addr.(*ssa.Alloc); ok && !l.contains(a.Block()) {
					return true
				}
			}
			if next != nil && !seen[next] {
				seen[next] = true
				stack = append(stack, next)
			}
		}
	}
	return false
}
