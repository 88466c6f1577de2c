package claims

import (
	"slices"
	"strconv"
)

// pairOperandsApart: a factor or percentage that its own line's pair
// does not give ("fell by 29.9 %, from 517 m to 398 m") is an
// arithmetic error of the ratio, not of the figures it is checked
// against when the report writes them on another line too (a table's
// 517 and 398): those are split from it into a claim of their own,
// left unverifiable (the alarm names the ratio). They had shared the
// ratio's alarm. A figure of the pair written nowhere else keeps it
// (it may be the slip: "96.4 ns instead of 412.6 µs, a 4.28x
// speed-up" against a table's 96.40 µs). Thirty-fourth round (splitPairOperands).
const pairOperandsApart = true

// contradictedOperandApart (thirty-seventh round): with pairOperandsApart,
// a factor or percentage contradicted because one figure of its own
// line's pair is stated otherwise elsewhere ("cuts the lookup from
// 2,741.6 ns to 188.6 ns, 93.1 % less" where the week's row gives 318.7)
// keeps that figure, but the other operand, written elsewhere as it is
// here (2,741.6 in the table), is split from it and left unverifiable: the
// alarm names the figure in doubt, not the one the report confirms.
const contradictedOperandApart = false

// splitPairOperands separates the pair figures of an arithmetic error
// whose pair is on its own line (see pairOperandsApart).
func (x *extractor) splitPairOperands() {
	if !pairOperandsApart {
		return
	}
	// The values each line writes, to know the operands the report
	// writes on another line too.
	type value struct {
		q Quantity
		v string
	}
	key := func(n Number) value { return value{n.Quantity, strconv.FormatFloat(n.mid(), 'g', 6, 64)} }
	written := make(map[value][]int)
	bare := func(n Number) value { return value{Unknown, strconv.FormatFloat(n.Value, 'g', 6, 64)} }
	x.eachWritten(func(n Number, line int) {
		switch {
		case n.isRange() || n.Unit == "x" || n.Unit == "%":
		case n.Unit == "":
			// A table's cell under a column that names the unit.
			if x.lines[line-1].kind == lkTable {
				written[bare(n)] = append(written[bare(n)], line)
			}
		default:
			written[key(n)] = append(written[key(n)], line)
		}
	})
	elsewhere := func(n Number, line int) bool {
		other := func(l int) bool { return l != line }
		return slices.ContainsFunc(written[key(n)], other) || slices.ContainsFunc(written[bare(n)], other)
	}
	var add []Claim
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		restated := contradictedOperandApart && c.Verdict == Contradicted && c.Cross != nil && c.Cross.Reason == RestatedDiffers
		if c.Verdict != ArithmeticError && !restated || c.Pair == nil || !pairOnOwnLines(c) ||
			c.Kind != Speedup && c.Kind != Percent || len(c.Numbers) < 3 {
			continue
		}
		var keep, ops []Number
		for _, n := range c.Numbers {
			if restated && sameWritten(n, c.Cross.Stated) {
				// The figure the contradiction names keeps the alarm.
				keep = append(keep, n)
				continue
			}
			if n.Unit != "x" && n.Unit != "%" && (sameWritten(n, c.Pair.Old) || sameWritten(n, c.Pair.New)) && elsewhere(n, c.Line) {
				ops = append(ops, n)
			} else {
				keep = append(keep, n)
			}
		}
		if len(ops) == 0 || len(keep) == 0 {
			continue
		}
		e := *c
		e.Kind, e.Numbers, e.Claimed, e.Pair, e.Cross, e.Measured = BeforeAfter, ops, ops[0].String(), nil, nil, nil
		e.Verdict, e.Arithmetic, e.Detail = Unverifiable, Unverifiable, "the figures "+c.Claimed+" is checked against"
		c.Numbers = keep
		add = append(add, e)
	}
	x.addClaims(add)
}

// pairOperandsWrapped (fifty-first round): splitPairOperands read a pair
// on the ratio's own line only, so a sentence wrapped inside its pair
// ("hyperfine measures 19.874 s against" / "48.612 s: the new release is
// 2.7x faster end to end") left the hyperfine mean on the second line
// sharing the factor's arithmetic error. A pair whose figures stand on
// the ratio's line and the line before it, in one paragraph, is read as
// one on its own line. Cost: none.
const pairOperandsWrapped = true

// pairOnOwnLines reports whether the pair of claim c stands on c's line,
// or (pairOperandsWrapped) on it and the prose line before it.
func pairOnOwnLines(c *Claim) bool {
	p := c.Pair
	if p.OldLine == c.Line && p.NewLine == c.Line {
		return true
	}
	if !pairOperandsWrapped {
		return false
	}
	on := func(l int) bool { return l == c.Line || l == c.Line-1 }
	return on(p.OldLine) && on(p.NewLine) && (p.OldLine == c.Line || p.NewLine == c.Line)
}

// sameWritten reports whether two figures are written alike.
func sameWritten(a, b Number) bool { return a.Text == b.Text && a.Unit == b.Unit }
