// Package callscc orders the functions of a package for bottom-up
// summaries: the strongly connected components of their static call graph,
// callees before callers. Checks that export per-function summaries as
// facts (loopencode, useafterput) compute each component to a fixed point
// after the components it calls.
package callscc

import "golang.org/x/tools/go/ssa"

// Components returns the strongly connected components of the static call
// graph among fns, callees before callers, using Tarjan's algorithm (R.
// Tarjan, "Depth-first search and linear graph algorithms", SIAM J. Comput.
// 1(2), 1972). Only calls whose static callee (through its generic origin)
// is in fns are edges; a closure is called through its MakeClosure value,
// which StaticCallee resolves. Every function of fns is in exactly one
// component; the order of fns decides the order of unrelated components.
func Components(fns []*ssa.Function) [][]*ssa.Function {
	local := make(map[*ssa.Function]bool, len(fns))
	for _, fn := range fns {
		local[fn] = true
	}
	index := make(map[*ssa.Function]int, len(fns))
	low := make(map[*ssa.Function]int, len(fns))
	onStack := make(map[*ssa.Function]bool)
	var stack []*ssa.Function
	var out [][]*ssa.Function
	var visit func(fn *ssa.Function)
	visit = func(fn *ssa.Function) {
		index[fn] = len(index)
		low[fn] = index[fn]
		stack = append(stack, fn)
		onStack[fn] = true
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				c, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				callee := c.Common().StaticCallee()
				if callee == nil {
					continue
				}
				if o := callee.Origin(); o != nil {
					callee = o
				}
				if !local[callee] {
					continue
				}
				if _, seen := index[callee]; !seen {
					visit(callee)
					low[fn] = min(low[fn], low[callee])
				} else if onStack[callee] {
					low[fn] = min(low[fn], index[callee])
				}
			}
		}
		if low[fn] == index[fn] {
			var scc []*ssa.Function
			for {
				top := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				onStack[top] = false
				scc = append(scc, top)
				if top == fn {
					break
				}
			}
			out = append(out, scc)
		}
	}
	for _, fn := range fns {
		if _, seen := index[fn]; !seen {
			visit(fn)
		}
	}
	return out
}
