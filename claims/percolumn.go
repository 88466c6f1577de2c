package claims

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// perItemColumn (forty-first round): a table column whose header says
// "per <item>" ("v1 per chunk (ms)", "v3 per audio-second (ms)") next to
// a first column of counts or lengths ("Batch" 8, 32, 64; "clip length"
// 10 s, 30 s) holds another column's figure of the row divided by the
// row's count: 31.4 ms / 8 = 3.93 ms per chunk. Such cells were not read
// (the table's pairs are its before and after columns). A cell is read
// when one other column of the table gives its column's cells so on at
// least two rows: consistent when its row gives it, unverifiable when
// not (a per-item cell may round another way).
const perItemColumn = true

var (
	// perItemHeaderRE finds "per <item>" in a column's header.
	perItemHeaderRE = regexp.MustCompile(`(?i)\bper\s+[a-z][a-z-]*`)
	// cellNumberRE reads a cell that is one number, with an optional
	// unit after it: "7.88", "**61.4**", "10 s".
	cellNumberRE = regexp.MustCompile(`^\**([0-9][0-9,]*(?:\.[0-9]+)?)\**(?:\s*[a-zA-Zµ]{1,3})?\**$`)
)

// perCellNumber reads cell as one number: its text, value and step.
func perCellNumber(cell string) (string, float64, float64, bool) {
	m := cellNumberRE.FindStringSubmatch(strings.TrimSpace(cell))
	if m == nil {
		return "", 0, 0, false
	}
	v, err := strconv.ParseFloat(strings.ReplaceAll(m[1], ",", ""), 64)
	if err != nil {
		return "", 0, 0, false
	}
	return m[1], v, stepOf(strings.ReplaceAll(m[1], ",", "")), true
}

// listPerItemColumns: see perItemColumn.
func (x *extractor) listPerItemColumns() {
	if !perItemColumn {
		return
	}
	var add []Claim
	for _, t := range x.tables {
		if len(t.rows) < 2 || len(t.header) < 3 || perItemHeaderRE.FindString(t.header[0]) != "" {
			continue
		}
		for j := 1; j < len(t.header); j++ {
			if !perItemHeaderRE.MatchString(t.header[j]) {
				continue
			}
			// The other column that gives this one's cells on most rows.
			best, bestN := -1, 0
			for o := 1; o < len(t.header); o++ {
				if o == j {
					continue
				}
				n := 0
				for _, r := range t.rows {
					if perItemFits(r, j, o, 2) {
						n++
					}
				}
				if n > bestN {
					best, bestN = o, n
				}
			}
			if bestN < 2 {
				continue
			}
			for _, r := range t.rows {
				if j >= len(r.cells) {
					continue
				}
				text, v, step, ok := perCellNumber(r.cells[j])
				if !ok || x.figureClaimed(r.line+1, text) {
					continue
				}
				c := x.newClaim(r.line, Absolute)
				c.Claimed, c.Numbers = text, []Number{{Text: text, Value: v, High: v, step: step, scale: 1}}
				if perItemFits(r, j, best, 1) {
					_, u, _, _ := perCellNumber(r.cells[best])
					_, k, _, _ := perCellNumber(r.cells[0])
					c.Verdict = Consistent
					c.Detail = fmt.Sprintf("the row's %s, %s, per %s of its %s: %s", strings.TrimSpace(t.header[best]), trimFloat(u, 6), trimFloat(k, 6), strings.TrimSpace(t.header[0]), trimFloat(u/k, 4))
				} else {
					c.Verdict = Unverifiable
					c.Detail = "a per-item cell its row's figures do not give as the column's other cells are given"
				}
				add = append(add, *c)
			}
		}
	}
	x.addClaims(add)
}

// perItemFits reports whether row r's cell of column j is its cell of
// column o divided by its first cell, within the rounding of j's cell;
// the first cell is at least least (a count of 1 divides nothing when
// the column's divisor is looked for).
func perItemFits(r mdRow, j, o int, least float64) bool {
	if j >= len(r.cells) || o >= len(r.cells) {
		return false
	}
	_, v, step, ok := perCellNumber(r.cells[j])
	_, u, _, ok2 := perCellNumber(r.cells[o])
	_, k, _, ok3 := perCellNumber(r.cells[0])
	if !ok || !ok2 || !ok3 || !(k >= least) {
		return false
	}
	return math.Abs(u/k-v) <= step/2+1e-9
}
