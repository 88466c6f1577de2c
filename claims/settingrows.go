package claims

import (
	"fmt"
	"regexp"
	"strings"
)

// settingPairRows: a factor checked against its line's pair of bare
// numbers ("Going from 3 to 12 brokers multiplies throughput by 3.49×",
// "roughly doubles per doubling, 2.14x from 64 to 128") was called an
// ArithmeticError because 3 → 12 gives 4x (or 0.25x): the pair is of a
// setting the report sweeps, not of the measure the factor compares.
// When both figures of the pair name rows of one table or of one block
// of benchmark output (a first cell "3" and "12", benchmark names ending
// "/64" and "/128"), the factor is consistent when a column of those two
// rows gives it; otherwise the alarm stays. Twenty-eighth round
// (testdata/labels/README.md): blind27's 2.14x, blind5's 3.49×.
const settingPairRows = true

// unalarmSettingPairs: see settingPairRows.
func (x *extractor) unalarmSettingPairs() {
	if !settingPairRows {
		return
	}
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Kind != Speedup || c.Verdict != ArithmeticError || c.Cross != nil || c.Pair == nil ||
			c.Pair.OldLine != c.Line || c.Pair.NewLine != c.Line || c.Pair.Old.Unit != "" || c.Pair.New.Unit != "" ||
			c.stated.Unit != "x" || c.stated.Value <= 1 {
			continue
		}
		a, b := c.Pair.Old.Text, c.Pair.New.Text
		if strings.ContainsAny(a+b, ".") || a == b {
			continue
		}
		if x.fitSettingRows(c, a, b) {
			continue
		}
		// "1.94x from 16 to 32 and 2.02x from 32 to 64": the line's
		// other settings pair may be the factor's.
		for _, m := range settingFromToRE.FindAllStringSubmatch(x.lines[c.Line-1].raw, 4) {
			if (m[1] != a || m[2] != b) && m[1] != m[2] && x.fitSettingRows(c, m[1], m[2]) {
				break
			}
		}
	}
}

// settingFromToRE finds "from A to B" of two whole numbers.
var settingFromToRE = regexp.MustCompile(`\bfrom ([0-9][0-9,]*) to ([0-9][0-9,]*)\b`)

// settingRow is a line whose first cell or field names a setting.
type settingRow struct {
	line  int
	block int32
	table int32
	cells []string
}

// rowKeyCells splits a table row or a line of program output into its
// cells, the first one the row's name.
func rowKeyCells(raw string, table bool) []string {
	if table {
		var out []string
		for _, c := range strings.Split(strings.Trim(strings.TrimSpace(raw), "|"), "|") {
			out = append(out, strings.TrimSpace(c))
		}
		return out
	}
	f, _ := fieldsWithOffsets(strings.TrimSpace(raw))
	return f
}

// keyNames reports whether a row name names the setting v: "12", "12
// brokers", "BM_Update/64".
func keyNames(name, v string) bool {
	name = strings.Trim(name, "*` ")
	if name == v || strings.HasSuffix(name, "/"+v) {
		return true
	}
	f := strings.Fields(name)
	return len(f) == 2 && f[0] == v
}

// fitSettingRows makes c consistent when two rows named a and b of one
// table or block give its factor in a column; it reports whether they
// did.
func (x *extractor) fitSettingRows(c *Claim, a, b string) bool {
	var ra, rb []settingRow
	for j := range x.lines {
		dl := &x.lines[j]
		if dl.kind != lkTable && dl.kind != lkOutput {
			continue
		}
		cells := rowKeyCells(dl.raw, dl.kind == lkTable)
		if len(cells) < 2 {
			continue
		}
		r := settingRow{line: j + 1, block: dl.block, table: dl.table, cells: cells}
		if keyNames(cells[0], a) {
			ra = append(ra, r)
		} else if keyNames(cells[0], b) {
			rb = append(rb, r)
		}
	}
	v, tol := c.stated.Value, c.stated.step/2+c.stated.Value*0.002
	for _, p := range ra {
		for _, q := range rb {
			if p.block != q.block || len(p.cells) != len(q.cells) {
				continue
			}
			for col := 1; col < len(p.cells); col++ {
				na, okA := leadNumber(p.cells[col])
				nb, okB := leadNumber(q.cells[col])
				if !okA || !okB || na.Value <= 0 || nb.Value <= 0 {
					continue
				}
				r := max(na.Value, nb.Value) / min(na.Value, nb.Value)
				if r < v-tol || r > v+tol {
					continue
				}
				c.Cross = &Cross{Reason: SupportedElsewhere, Lines: []int{p.line, q.line}, Stated: c.stated, Got: r,
					GotUnit: "x", Operands: []Number{na, nb}}
				c.Verdict = Consistent
				c.Detail = fmt.Sprintf("%s → %s names two rows of a sweep, not a change; their figures %s and %s (lines %d and %d) give %.3gx",
					a, b, na.Text, nb.Text, p.line, q.line, r)
				return true
			}
		}
	}
	return false
}

// leadNumber reads the figure a cell starts with.
func leadNumber(cell string) (Number, bool) {
	f := strings.Fields(cell)
	if len(f) == 0 {
		return Number{}, false
	}
	v, text, step, ok := numberField(f[0])
	if !ok {
		return Number{}, false
	}
	return Number{Text: text, Value: v, High: v, step: step, scale: 1}, true
}

// settingNamedPair: a factor or percentage whose clause names a setting
// ("At 64 entities the speed-up is 4.37x; at 128 it is 8.16x") was
// checked against its line's pair (the old pass's 412,856 → 1,648,220 ns
// from 64 to 128 entities) or the closest pair of its subject, and
// alarmed. When a pair of the report whose benchmark name ends in that
// setting ("BM_Update/64") or whose row is named by it gives the claim,
// the claim is consistent with that pair; one no such pair gives keeps
// its alarm. Twenty-eighth round (testdata/labels/README.md): blind27.
const settingNamedPair = false

// settingAtRE finds a setting a clause names: "at 64 entities", "at 128".
var settingAtRE = regexp.MustCompile(`\b[Aa]t ([0-9][0-9,]*)\b`)

// unalarmSettingNamedPairs: see settingNamedPair.
func (x *extractor) unalarmSettingNamedPairs() {
	if !settingNamedPair {
		return
	}
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Kind != Speedup && c.Kind != Percent || !c.Verdict.Failed() || c.Line < 1 || c.Line > len(x.lines) ||
			x.lines[c.Line-1].kind != lkProse || c.stated.Text == "" {
			continue
		}
		if c.Verdict != ArithmeticError && c.Verdict != Unsupported {
			continue
		}
		if c.Cross != nil && c.Cross.Reason != ClosestPair {
			continue
		}
		text, _ := x.proseWithWrap(c.Line)
		lo, hi := clauseAround(text, c.stated.Text)
		at := indexFigure(text, c.stated.Text)
		if at < lo || at > hi {
			continue
		}
		// The setting the clause names before the figure, else after it.
		var v string
		if ms := settingAtRE.FindAllStringSubmatch(text[lo:at], -1); len(ms) > 0 {
			v = ms[len(ms)-1][1]
		} else if m := settingAtRE.FindStringSubmatch(text[at:hi]); m != nil {
			v = m[1]
		} else {
			continue
		}
		v = strings.ReplaceAll(v, ",", "")
		for _, d := range x.pairs {
			name := strings.ReplaceAll(strings.TrimSpace(d.subject), ",", "")
			if !(strings.HasSuffix(name, "/"+v) || name == v || strings.HasPrefix(name, v+" ")) {
				continue
			}
			if g, ok := settingRatioFits(c, d.p); ok {
				c.Cross = &Cross{Reason: SupportedElsewhere, Lines: []int{d.p.OldLine, d.p.NewLine}, Stated: c.stated, Got: g,
					GotUnit: c.stated.Unit, Operands: []Number{d.p.Old, d.p.New}}
				c.Verdict = Consistent
				c.Detail = c.Cross.String()
				break
			}
		}
	}
}

// settingRatioFits reports whether the pair p gives c's factor (the
// larger figure over the smaller) or percentage (either reading), within
// the rounding of the stated figure, and the value it gives.
func settingRatioFits(c *Claim, p *Pair) (float64, bool) {
	a, b := p.Old.mid(), p.New.mid()
	if a <= 0 || b <= 0 || p.Old.Unit != p.New.Unit {
		return 0, false
	}
	hi, lo := max(a, b), min(a, b)
	v, tol := c.stated.Value, c.stated.step/2+c.stated.Value*0.002
	var gots []float64
	if c.Kind == Speedup {
		gots = []float64{hi / lo}
	} else {
		gots = []float64{100 * (1 - lo/hi), 100 * (hi/lo - 1)}
	}
	for _, g := range gots {
		if g >= v-tol && g <= v+tol {
			return g, true
		}
	}
	return 0, false
}
