package claims

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// changeCellOwnRow takes back an alarm from a percentage in a table row
// ("| fillrandom | ops/s | 412,300 | 538,900 | +30.7 % |"), called
// contradicted by a percentage of another table about the same subject
// (a latency table's −54.4 % for "fillrandom"), when two figures of its
// own row give it, the first as the base ((538,900 − 412,300) / 412,300
// = +30.7 %, with the sign written) and the reader paired none of them:
// the row states its own change, and the other table's is another
// measure's, not a restatement. A row whose pair the reader read keeps
// its contradiction (a summary table restating a detail with other
// figures). The row's cells are read once per
// alarmed percentage (pairs of its cells, a row of a dozen at most).
// Forty-fifth round.
const changeCellOwnRow = true

// unalarmRowChanges: see changeCellOwnRow.
func (x *extractor) unalarmRowChanges() {
	if !changeCellOwnRow {
		return
	}
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Kind != Percent || c.Verdict != Contradicted || c.Pair != nil || c.Cross == nil || c.Cross.Reason != RestatedDiffers ||
			c.Cross.GotUnit != "%" || len(c.Cross.Lines) != 1 || c.Line < 1 || c.Line > len(x.lines) || x.lines[c.Line-1].kind != lkTable ||
			c.stated.Unit != "%" || c.stated.isRange() {
			continue
		}
		dl := &x.lines[c.Line-1]
		// Contradicted by a percentage of another table.
		if l := c.Cross.Lines[0]; dl.table < 0 || l < 1 || l > len(x.lines) || x.lines[l-1].kind != lkTable || x.lines[l-1].table == dl.table {
			continue
		}
		t := x.tables[dl.table]
		r := slices.IndexFunc(t.rows, func(r mdRow) bool { return r.line == c.Line-1 })
		if r < 0 || len(t.rows[r].cells) > 16 {
			continue
		}
		// The percentage's cell, its sign, and the row's other single
		// figures in order.
		sign := 0
		var vals []figure
		for _, cell := range t.rows[r].cells {
			fs := scanFigures(blankCode(cell))
			if len(fs) != 1 {
				continue
			}
			f := fs[0]
			if f.Unit == "%" {
				if f.Text == c.stated.Text {
					switch {
					case f.sign == '+':
						sign = 1
					case f.sign == '-' || strings.Contains(cell, "−"):
						sign = -1
					}
				}
				continue
			}
			if f.Unit == "x" || !(f.Value > 0) || f.isRange() {
				continue
			}
			vals = append(vals, f)
		}
		slo, shi := c.stated.Value-c.stated.step/2, c.stated.Value+c.stated.step/2
		var hit [2]figure
		found := false
		for i := 0; i < len(vals) && !found; i++ {
			for j := i + 1; j < len(vals) && !found; j++ {
				a, b := vals[i], vals[j]
				if a.Unit != b.Unit {
					continue
				}
				alo, ahi := a.Value-a.step/2, a.Value+a.step/2
				blo, bhi := b.Value-b.step/2, b.Value+b.step/2
				if !(alo > 0) {
					continue
				}
				// (b − a) / a over the rounding of both, in percent.
				lo, hi := 100*(blo-ahi)/ahi, 100*(bhi-alo)/alo
				if sign > 0 && hi >= slo && lo <= shi || sign < 0 && -lo >= slo && -hi <= shi ||
					sign == 0 && (hi >= slo && lo <= shi || -lo >= slo && -hi <= shi) {
					hit, found = [2]figure{a, b}, true
				}
			}
		}
		if !found {
			continue
		}
		a, b := hit[0], hit[1]
		got := 100 * (b.Value - a.Value) / a.Value
		c.Verdict, c.Arithmetic = Consistent, Consistent
		c.Cross = &Cross{Reason: DerivedHolds, Lines: []int{c.Line}, Stated: c.stated, Got: math.Abs(got), GotUnit: "%", Operands: []Number{a.Number, b.Number}}
		c.Detail = fmt.Sprintf("its row's figures %s → %s give %s", a.Number, b.Number, signedPercent(got, c.stated.step))
	}
}
