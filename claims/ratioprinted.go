package claims

import "fmt"

// ratioOfPrintedPair (fifty-fifth round): a factor called unsupported
// because the closest pair of its subject does not give it ("4.74x at
// 8,192" set against a later sentence's 21.2 M/s → 92.8 M/s, 4.38x, where
// compare.py's row of BM_HeadwayCheck/8192 prints 461907 → 97412 ns) is
// consistent when a pair a table or program output prints, of the
// quantity of the claim or of that closest pair, gives it: the search
// paired the wrong figures. The factor must have three significant
// digits or more; with two, printed pairs give it by chance (tried: four
// catches lost). Arithmetic: the claim's own check (checkStated) with
// the printed pair in its place. Cost: per such claim one pass over the
// report's pairs.
const ratioOfPrintedPair = true

// holdRatiosOfPrintedPairs: see ratioOfPrintedPair.
func (x *extractor) holdRatiosOfPrintedPairs() {
	if !ratioOfPrintedPair {
		return
	}
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Verdict != Unsupported || c.Kind != Speedup || c.Cross == nil || c.Cross.Reason != ClosestPair ||
			c.Cross.Derivation != NoDerivation || len(c.Cross.Operands) != 2 || c.stated.isRange() || c.expected ||
			significantDigits(digitsOf(c.stated.Text)) < 3 {
			continue
		}
		q := canonical(c.Cross.Operands[0].Quantity)
		for _, d := range x.pairs {
			p := d.p
			if p.OldLine < 1 || p.OldLine > len(x.lines) || p.NewLine < 1 || p.NewLine > len(x.lines) ||
				x.lines[p.OldLine-1].kind == lkProse || x.lines[p.NewLine-1].kind == lkProse ||
				canonical(p.Old.Quantity) != canonical(p.New.Quantity) || canonical(p.Old.Quantity) != q && canonical(p.Old.Quantity) != canonical(c.Quantity) || p.Old.isRange() || p.New.isRange() {
				continue
			}
			e := *c
			e.Pair = p
			e.checkStated(e.stated, e.sense)
			if e.Arithmetic != Consistent {
				continue
			}
			c.Cross, c.Verdict, c.Arithmetic = nil, Consistent, Consistent
			c.Detail = fmt.Sprintf("%s → %s (%s, lines %d and %d) gives it", p.Old, p.New, p.From, p.OldLine, p.NewLine)
			break
		}
	}
}
