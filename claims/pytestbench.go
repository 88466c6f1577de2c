package claims

import (
	"fmt"
	"math"
	"regexp"
	"strings"
)

// pytestBenchRows (thirty-first round): pytest-benchmark prints a table
// per group of tests under a header naming its columns and the unit of
// its times ("Name (time in us)  Min  Max  Mean  StdDev  Median  IQR
// Outliers  OPS (Kops/s)  Rounds  Iterations"); each time and OPS cell is
// followed by its ratio to the column's best cell in brackets
// ("118.6203 (2.76)"); with --benchmark-compare, the saved run's row
// ("test_x (0007_a41c9e2)") sits beside the current one ("test_x (NOW)").
// Such rows were read as lines of bare numbers and dropped. Now each row
// states its mean, its OPS (the inverse of the mean, checked as a rate)
// and its ratios (each cell over its column's best, checked); the means
// of a group make pairs of the report (the saved run → now, or the best
// row and another), named by the test, for the prose that quotes them.
// A standard tool's output format (blind30 pastes it).
const pytestBenchRows = true

// pytestHeaderRE matches pytest-benchmark's column header: the unit of
// its times and the column names.
var pytestHeaderRE = regexp.MustCompile(`^\s*Name \(time in (ns|us|µs|μs|ms|s)\)\s+(\S.*)$`)

// pytestNowRE and pytestSavedRE tell, in a comparison, the current run
// ("(NOW)") from a saved one ("(0007_a41c9e2)", "(0001_baseline)").
var (
	pytestNowRE   = regexp.MustCompile(`^(.*\S)\s+\(NOW\)$`)
	pytestSavedRE = regexp.MustCompile(`^(.*\S)\s+\((\d{4}_[^)\s]*)\)$`)
)

// A pytestCol is a column of pytest-benchmark's table: its name in lower
// case ("min", "mean", "ops", "outliers", "rounds") and its unit.
type pytestCol struct {
	name, unit string
}

// ratioed reports whether the column's cells carry a ratio in brackets.
func (c pytestCol) ratioed() bool {
	switch c.name {
	case "min", "max", "mean", "stddev", "median", "iqr", "ops":
		return true
	}
	return false
}

// A pytestCell is a cell of a row: its figure and, for the columns that
// have one, its ratio to the column's best.
type pytestCell struct {
	n        Number
	ratio    Number
	hasRatio bool
}

// A pytestRow is a result row of pytest-benchmark's table.
type pytestRow struct {
	line  int // 0-based
	name  string
	cells map[string]pytestCell
}

// A pytestGroup is the rows under one header.
type pytestGroup struct {
	rows []*pytestRow
}

// pytestHeader reads a header line of pytest-benchmark: its columns, the
// time columns in unit.
func pytestHeader(raw string) ([]pytestCol, bool) {
	m := pytestHeaderRE.FindStringSubmatch(raw)
	if m == nil {
		return nil, false
	}
	unit := m[1]
	if unit == "us" || unit == "μs" {
		unit = "µs"
	}
	var cols []pytestCol
	for _, w := range strings.Fields(m[2]) {
		if strings.HasPrefix(w, "(") && strings.HasSuffix(w, ")") && len(cols) > 0 {
			// "OPS (Kops/s)": the unit of the column before.
			cols[len(cols)-1].unit = strings.Trim(w, "()")
			continue
		}
		c := pytestCol{name: strings.ToLower(w)}
		switch c.name {
		case "min", "max", "mean", "stddev", "median", "iqr":
			c.unit = unit
		case "ops":
			c.unit = "ops/s"
		case "outliers", "rounds", "iterations":
		default:
			return nil, false
		}
		cols = append(cols, c)
	}
	return cols, len(cols) > 0
}

// pytestRatioRE matches a ratio in brackets: "(2.76)", "(1.0)".
var pytestRatioRE = regexp.MustCompile(`^\(([0-9][0-9.,]*)\)$`)

// pytestOutliersRE matches the outliers cell: "812;1034".
var pytestOutliersRE = regexp.MustCompile(`^\d+;\d+$`)

// parsePytestRow reads raw as a row under the columns cols; its name is
// the text before the cells.
func parsePytestRow(raw string, cols []pytestCol) (*pytestRow, bool) {
	fields, offs := fieldsWithOffsets(raw)
	for start := 1; start < len(fields) && start <= 6; start++ {
		cells := make(map[string]pytestCell, len(cols))
		k := start
		ok := true
		for _, c := range cols {
			if k >= len(fields) {
				ok = false
				break
			}
			switch {
			case c.name == "outliers":
				if !pytestOutliersRE.MatchString(fields[k]) {
					ok = false
				}
				k++
			case c.ratioed():
				v, text, step, good := numberField(fields[k])
				if !good {
					ok = false
					break
				}
				cell := pytestCell{n: pytestNumber(v, text, step, c.unit)}
				k++
				if k < len(fields) {
					if m := pytestRatioRE.FindStringSubmatch(fields[k]); m != nil {
						rv, rtext, rstep, good := numberField(m[1])
						if good {
							cell.ratio = Number{Text: rtext, Value: rv, High: rv, Unit: "x", Quantity: Other, step: rstep, scale: 1}
							cell.hasRatio = true
						}
						k++
					}
				}
				cells[c.name] = cell
			default:
				if !isInt(fields[k]) {
					ok = false
				}
				k++
			}
			if !ok {
				break
			}
		}
		if ok && k == len(fields) {
			name := strings.TrimSpace(raw[:offs[start]])
			if name == "" || strings.Trim(name, "-=") == "" {
				return nil, false
			}
			return &pytestRow{name: name, cells: cells}, true
		}
	}
	return nil, false
}

// pytestNumber is a cell's figure in its column's unit ("Kops/s": a
// thousand operations a second).
func pytestNumber(v float64, text string, step float64, unit string) Number {
	n := makeNumber(v, text, step, unit)
	if pm := rateprefixRE.FindStringSubmatch(unit); pm != nil {
		if n.scale == 0 {
			n.scale = 1
		}
		n.scale *= map[string]float64{"K": 1e3, "k": 1e3, "M": 1e6, "G": 1e9}[pm[1]]
		n.Quantity = Throughput
	}
	return n
}

// pytestGroupAt reads the rows under the header on 0-based line h, up to
// the first line of its block that is neither a row nor a rule.
func (x *extractor) pytestGroupAt(h int, cols []pytestCol) *pytestGroup {
	g := &pytestGroup{}
	for j := h + 1; j < len(x.lines) && j <= h+500 && x.lines[j].block == x.lines[h].block; j++ {
		raw := x.lines[j].raw
		if strings.Trim(raw, "- \t=") == "" && strings.TrimSpace(raw) != "" {
			continue
		}
		r, ok := parsePytestRow(raw, cols)
		if !ok {
			break
		}
		r.line = j
		g.rows = append(g.rows, r)
	}
	return g
}

// pytestRow reads 0-based line i as pytest-benchmark's header or one of
// its rows; false when it is neither.
func (x *extractor) pytestLine(i int) bool {
	if !pytestBenchRows {
		return false
	}
	raw := x.lines[i].raw
	if cols, ok := pytestHeader(raw); ok {
		g := x.pytestGroupAt(i, cols)
		if x.pytestRows == nil {
			x.pytestRows = make(map[int]*pytestRow)
			x.pytestGroups = make(map[int]*pytestGroup)
		}
		for _, r := range g.rows {
			x.pytestRows[r.line] = r
			x.pytestGroups[r.line] = g
		}
		return true
	}
	r := x.pytestRows[i]
	if r == nil {
		return false
	}
	x.pytestRowClaims(r, x.pytestGroups[i])
	return true
}

// best returns the row of g whose cell of column col is the best (its
// ratio 1.0, else the lowest time or the highest OPS).
func (g *pytestGroup) best(col string) *pytestRow {
	var b *pytestRow
	for _, r := range g.rows {
		c, ok := r.cells[col]
		if !ok {
			continue
		}
		if c.hasRatio && c.ratio.Value == 1 {
			return r
		}
		if b == nil {
			b = r
			continue
		}
		bc := b.cells[col]
		if col == "ops" && c.n.Value > bc.n.Value || col != "ops" && c.n.Value < bc.n.Value {
			b = r
		}
	}
	return b
}

// pytestRowClaims adds the claims of row r of group g: its mean, its OPS
// checked as the inverse of the mean, its ratios checked against the
// column's best; and the pairs of means the report may quote.
func (x *extractor) pytestRowClaims(r *pytestRow, g *pytestGroup) {
	i := r.line
	dl := &x.lines[i]
	mean, hasMean := r.cells["mean"]
	if hasMean {
		abs := x.newClaim(i, Absolute)
		abs.Numbers = []Number{mean.n}
		abs.listed = true
		x.addAbsolute(abs)
	}
	if ops, ok := r.cells["ops"]; ok {
		abs := x.newClaim(i, Absolute)
		abs.Numbers = []Number{ops.n}
		abs.listed = true
		if hasMean && mean.n.Quantity == Time {
			lo, hi := mean.n.base() // ns
			olo, ohi := ops.n.base()
			got := 1e9 / ((lo + hi) / 2) // per second
			cx := &Cross{Reason: DerivedHolds, Derivation: Rate, Lines: []int{i + 1}, Stated: ops.n, Got: toUnit(got, ops.n),
				GotUnit: ops.n.Unit, Operands: []Number{mean.n}}
			if hi > 0 && !(1e9/hi <= ohi*1.0001 && 1e9/lo >= olo*0.9999) {
				cx.Reason = DerivedOff
			}
			abs.Cross, abs.Arithmetic = cx, cx.verdict()
		}
		x.addAbsolute(abs)
	}
	for _, col := range []string{"min", "max", "mean", "stddev", "median", "iqr", "ops"} {
		c, ok := r.cells[col]
		if !ok || !c.hasRatio || c.ratio.Value == 1 {
			continue
		}
		b := g.best(col)
		if b == nil || b == r {
			continue
		}
		bc := b.cells[col]
		if !(bc.n.Value > 0) {
			continue
		}
		got := c.n.Value / bc.n.Value
		abs := x.newClaim(i, Absolute)
		abs.Numbers = []Number{c.ratio}
		abs.listed = true
		cx := &Cross{Reason: DerivedHolds, Derivation: Scaling, Lines: []int{i + 1, b.line + 1}, Stated: c.ratio, Got: got, GotUnit: "x",
			Operands: []Number{c.n, bc.n}}
		tol := c.ratio.step/2 + 0.005*got
		if math.Abs(got-c.ratio.Value) > tol {
			cx.Reason = DerivedOff
		}
		abs.Cross, abs.Arithmetic = cx, cx.verdict()
		x.addAbsolute(abs)
	}
	if !hasMean {
		return
	}
	// The pairs of means: in a comparison, the saved run of a test
	// before the current one; else the group's best row and this one.
	var p *Pair
	subject := r.name
	if m := pytestNowRE.FindStringSubmatch(r.name); m != nil {
		subject = m[1]
		for _, o := range g.rows {
			if sm := pytestSavedRE.FindStringSubmatch(o.name); sm != nil && sm[1] == m[1] {
				if om, ok := o.cells["mean"]; ok {
					p = &Pair{Old: om.n, New: mean.n, OldLine: o.line + 1, NewLine: i + 1, Ordered: true, stated: true,
						From: fmt.Sprintf("pytest-benchmark's saved run %s and this run of %s", sm[2], m[1])}
				}
				break
			}
		}
	} else if sm := pytestSavedRE.FindStringSubmatch(r.name); sm != nil {
		// The saved run's row: its pair is the current row's.
		return
	} else if b := g.best("mean"); b != nil && b != r {
		p = &Pair{Old: b.cells["mean"].n, New: mean.n, OldLine: b.line + 1, NewLine: i + 1, stated: true,
			From: "pytest-benchmark's means of " + b.name + " and " + r.name}
	}
	if p != nil {
		x.notePair(p, subject, fmt.Sprintf("k%d", dl.block), i, int(dl.section))
	}
}
