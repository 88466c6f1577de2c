package claims

import (
	"fmt"
	"math"
	"strings"
)

// bdnRatioCells (forty-sixth round) reads the Ratio and Alloc Ratio cells
// of a BenchmarkDotNet table pasted in a fence ("| ValidateV2 | 16 |
// 1,122.5 ns | … | 0.29 | … | 32 B | 0.02 |"), which the reader left
// out, as figures of their own, and recomputes each from its row and the
// baseline row above it (the nearest row whose Ratio is 1.00): Ratio as
// the row's Mean over the baseline's, Alloc Ratio as its Allocated over
// the baseline's. Consistent at the cell's rounding; left unverifiable
// otherwise (never alarmed: the tool's output). The header is found once
// per row by reading up the fence (at most forty lines).
const bdnRatioCells = true

// bdnCells splits a pipe-delimited line into its trimmed cells.
func bdnCells(s string) []string {
	s = strings.TrimSpace(s)
	if !strings.HasPrefix(s, "|") {
		return nil
	}
	parts := strings.Split(strings.Trim(s, "|"), "|")
	for k := range parts {
		parts[k] = strings.TrimSpace(parts[k])
	}
	return parts
}

// bdnHeader returns the header cells of the BenchmarkDotNet table line i
// (0-based) is a row of, and its line, or nil.
func (x *extractor) bdnHeader(i int) ([]string, int) {
	for j := i - 1; j >= 0 && j >= i-40 && x.lines[j].block == x.lines[i].block && x.lines[j].kind == lkOutput; j-- {
		cs := bdnCells(x.lines[j].raw)
		if cs == nil {
			return nil, 0
		}
		if len(cs) > 0 && cs[0] == "Method" {
			return cs, j
		}
	}
	return nil, 0
}

// bdnLineClaims adds the claims of the Ratio and Alloc Ratio cells of
// output line i (0-based).
func (x *extractor) bdnLineClaims(i int, scan string) {
	if !bdnRatioCells {
		return
	}
	cs := bdnCells(scan)
	if len(cs) < 3 || strings.HasPrefix(cs[0], "-") || cs[0] == "Method" {
		return
	}
	head, _ := x.bdnHeader(i)
	if head == nil || len(head) != len(cs) {
		return
	}
	var nums []Number
	for k, h := range head {
		if h != "Ratio" && h != "Alloc Ratio" {
			continue
		}
		n, ok := wrkNumber(cs[k], "", Other, strings.ToLower(h))
		if !ok {
			continue
		}
		nums = append(nums, n)
	}
	if len(nums) == 0 {
		return
	}
	abs := x.newClaim(i, Absolute)
	abs.Numbers = nums
	abs.listed = true
	x.addAbsolute(abs)
}

// checkBdnRatios: see bdnRatioCells.
func (x *extractor) checkBdnRatios() {
	if !bdnRatioCells {
		return
	}
	value := func(cell string) float64 {
		fs := scanFigures(cell)
		if len(fs) != 1 || !(fs[0].mid() > 0) {
			return 0
		}
		lo, hi := fs[0].base()
		return (lo + hi) / 2
	}
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Kind != Absolute || c.Verdict != Unverifiable || c.Line < 1 || c.Line > len(x.lines) || x.lines[c.Line-1].kind != lkOutput ||
			len(c.Numbers) == 0 || c.Numbers[0].Unit != "ratio" && c.Numbers[0].Unit != "alloc ratio" {
			continue
		}
		i := c.Line - 1
		head, hl := x.bdnHeader(i)
		cs := bdnCells(x.lines[i].raw)
		if head == nil || len(cs) != len(head) {
			continue
		}
		col := func(name string) int {
			for k, h := range head {
				if h == name {
					return k
				}
			}
			return -1
		}
		ratio := col("Ratio")
		if ratio < 0 {
			continue
		}
		// The baseline: the nearest row at or above with Ratio 1.00.
		var base []string
		for j := i; j > hl; j-- {
			b := bdnCells(x.lines[j].raw)
			if len(b) == len(head) && b[ratio] == "1.00" {
				base = b
				break
			}
		}
		if base == nil {
			continue
		}
		ok := true
		var details []string
		for _, n := range c.Numbers {
			of := map[string]string{"ratio": "Mean", "alloc ratio": "Allocated"}[n.Unit]
			m := col(of)
			if m < 0 {
				ok = false
				break
			}
			a, b := value(cs[m]), value(base[m])
			if !(a > 0) || !(b > 0) || math.Abs(a/b-n.Value) > n.step/2+1e-9 {
				ok = false
				break
			}
			details = append(details, fmt.Sprintf("%s %s over the baseline's %s gives %s", of, cs[m], base[m], trimFloat(a/b, 3)))
		}
		if !ok {
			continue
		}
		c.Verdict, c.Arithmetic = Consistent, Consistent
		c.Detail = strings.Join(details, "; ")
	}
}
