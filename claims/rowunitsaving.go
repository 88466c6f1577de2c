package claims

import (
	"fmt"
	"regexp"
	"strings"
)

// savingOfLabelledRow (forty-ninth round): a saving written in a unit of
// resource time ("2.4 CPU-hours less compute") that a table row names in
// its label, its cells bare numbers ("| CPU-hours for stacking | 3.90 |
// 1.53 |"), was called unsupported: the pairs tried were the figures with
// a unit (the wall times of the row above, 31.5 min − 11.7 min), and the
// row's bare cells are no time. A time alarmed unsupported whose unit
// word after the figure ("CPU-hours", "core-hours", "node-hours") is
// written in a table row's label is consistent when that row's first two
// bare cells differ by it at their roundings; a row that does not give
// it leaves the alarm. Cost: per unsupported time of prose one regular
// expression, and one pass over the report's table lines when it has a
// unit word.
const savingOfLabelledRow = true

// resourceUnitAfterRE reads the unit word written after a figure:
// "CPU-hours", "core hours", "node-hours".
var resourceUnitAfterRE = regexp.MustCompile(`(?i)^\s*((?:cpu|core|node|vcpu|gpu|machine|worker|runner)[\s-]hours?)\b`)

// unalarmLabelledRowSavings: see savingOfLabelledRow.
func (x *extractor) unalarmLabelledRowSavings() {
	if !savingOfLabelledRow {
		return
	}
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Verdict != Unsupported || c.Kind != Absolute || len(c.Numbers) != 1 || c.Numbers[0].Quantity != Time || c.Numbers[0].isRange() ||
			c.Line < 1 || c.Line > len(x.lines) || x.lines[c.Line-1].kind != lkProse {
			continue
		}
		n := c.Numbers[0]
		raw := blankCode(plain(x.lines[c.Line-1].raw))
		at := indexFigure(raw, n.Text)
		if at < 0 {
			continue
		}
		m := resourceUnitAfterRE.FindStringSubmatch(raw[at+len(n.Text):])
		if m == nil {
			continue
		}
		word := strings.ToLower(strings.ReplaceAll(m[1], " ", "-"))
		word = strings.TrimSuffix(word, "s")
		for i := range x.lines {
			if x.lines[i].kind != lkTable {
				continue
			}
			cells := strings.Split(strings.Trim(strings.TrimSpace(x.lines[i].raw), "|"), "|")
			if len(cells) < 3 || !strings.Contains(strings.ToLower(strings.ReplaceAll(cells[0], " ", "-")), word) {
				continue
			}
			var bare []figure
			for _, cell := range cells[1:] {
				fs := scanFigures(blankCode(plain(cell)))
				if len(fs) == 1 && fs[0].Unit == "" && !fs[0].isRange() {
					bare = append(bare, fs[0])
				}
			}
			if len(bare) < 2 {
				continue
			}
			a, b := bare[0], bare[1]
			lo := abs(a.Value-b.Value) - (a.step+b.step)/2
			hi := abs(a.Value-b.Value) + (a.step+b.step)/2
			if n.Value+n.step/2 < lo || n.Value-n.step/2 > hi {
				continue
			}
			c.Cross = &Cross{Reason: DerivedHolds, Derivation: Difference, Lines: []int{i + 1}, Stated: n, Got: abs(a.Value - b.Value), GotUnit: n.Unit,
				Operands: []Number{a.Number, b.Number}}
			c.Verdict, c.Arithmetic = Consistent, Consistent
			c.Detail = fmt.Sprintf("difference recomputed: %s − %s %s (line %d) gives %s", a.Text, b.Text, m[1], i+1, trimFloat(abs(a.Value-b.Value), 4))
			break
		}
	}
}
