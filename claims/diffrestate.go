package claims

import "fmt"

// contradictionIsDifference takes back a "contradicted" from a time or
// size of prose read as a restatement of a level ("On d125 the step
// takes 131.3 s" against 171.6 s; "the cost of vacuum on Put p99 was
// 6.1 ms" against 8.7 ms) when the figure is, at the rounding of the
// three, the difference of a pair of the report one side of which is
// the figure it was said to contradict (171.6 s → 40.3 s; 8.7 ms → 2.6
// ms): the sentence states what the change saved, not the level again.
// The claim becomes consistent, a difference recomputed from that pair.
// A pair of the report is indexed once by the line of each side; each
// contradicted figure reads the pairs of the one line it names.
// Forty-fifth round.
const contradictionIsDifference = true

// unalarmContradictedDifferences: see contradictionIsDifference.
func (x *extractor) unalarmContradictedDifferences() {
	if !contradictionIsDifference || len(x.pairs) == 0 {
		return
	}
	var byLine map[int][]*docPair
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Verdict != Contradicted || c.Kind != Absolute || c.Cross == nil || c.Cross.Reason != RestatedDiffers ||
			len(c.Cross.Lines) != 1 || len(c.Numbers) != 1 || c.Line < 1 || c.Line > len(x.lines) || x.lines[c.Line-1].kind != lkProse {
			continue
		}
		n := c.Numbers[0]
		if n.isRange() || n.Quantity != Time && n.Quantity != Memory || !(n.mid() > 0) {
			continue
		}
		if byLine == nil {
			byLine = make(map[int][]*docPair)
			for _, d := range x.pairs {
				byLine[d.p.OldLine] = append(byLine[d.p.OldLine], d)
				if d.p.NewLine != d.p.OldLine {
					byLine[d.p.NewLine] = append(byLine[d.p.NewLine], d)
				}
			}
		}
		l := c.Cross.Lines[0]
		for _, d := range byLine[l] {
			p := d.p
			if p.Old.Quantity != n.Quantity || p.New.Quantity != n.Quantity {
				continue
			}
			side := p.OldLine == l && nearRel(p.Old.Value, c.Cross.Got, 1e-9) && p.Old.Unit == c.Cross.GotUnit ||
				p.NewLine == l && nearRel(p.New.Value, c.Cross.Got, 1e-9) && p.New.Unit == c.Cross.GotUnit
			if !side {
				continue
			}
			got, ok := holdByDifference(c, n, p)
			if !ok {
				continue
			}
			c.Detail = fmt.Sprintf("difference recomputed: %s − %s (lines %d and %d) gives %s %s; not a restatement of %s",
				p.Old, p.New, p.OldLine, p.NewLine, trimFloat(got, 4), n.Unit, p.Old)
			break
		}
	}
}
