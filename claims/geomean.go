package claims

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// geomeanRow (thirty-seventh round): the OVERALL_GEOMEAN row that Google
// Benchmark's compare.py prints after its table states the geometric mean
// of the relative changes of the rows above it (its Time column: new/old
// − 1, "-0.7948"); its columns of old and new values are zeros, not a
// pair. A percentage or factor whose sentence names the geometric mean
// ("The geometric mean change across all six benchmarks is −79.5 %", "a
// 73.3 % reduction, a 3.75x speed-up") is checked against it: the
// percentage is the change in percent, the factor old/new = 1/(1 +
// change). The row was read as nothing, and such claims as unverifiable
// or checked against an unrelated pair of the report.
const geomeanRow = true

// geomeanRowRE reads the Time column of compare.py's OVERALL_GEOMEAN row.
var geomeanRowRE = regexp.MustCompile(`^\s*OVERALL_GEOMEAN\s+([+-]?[0-9]+\.[0-9]+)\s+[+-]?[0-9]+\.[0-9]+\b`)

// geomeanWordsRE finds the words that name a geometric mean.
var geomeanWordsRE = regexp.MustCompile(`(?i)\bgeo(?:metric)?[\s-]?mean\b|\bgeomean\b`)

// checkGeomeanRows: see geomeanRow.
func (x *extractor) checkGeomeanRows() {
	if !geomeanRow {
		return
	}
	type row struct {
		line   int
		change float64
		step   float64
	}
	var rows []row
	for i := range x.lines {
		if x.lines[i].kind != lkOutput || !strings.Contains(x.lines[i].raw, "OVERALL_GEOMEAN") {
			continue
		}
		m := geomeanRowRE.FindStringSubmatch(x.lines[i].raw)
		if m == nil {
			continue
		}
		v, err := strconv.ParseFloat(m[1], 64)
		if err != nil || v <= -1 {
			continue
		}
		digits := len(m[1]) - strings.IndexByte(m[1], '.') - 1
		rows = append(rows, row{i + 1, v, math.Pow(10, -float64(digits))})
	}
	if len(rows) == 0 {
		return
	}
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Kind != Speedup && c.Kind != Percent || c.Verdict.fromReport() && c.Verdict != Unsupported && c.Verdict != ArithmeticError ||
			c.Verdict == Consistent || c.Line < 1 || c.Line > len(x.lines) || x.lines[c.Line-1].kind != lkProse || c.stated.Text == "" ||
			c.stated.isRange() {
			continue
		}
		text, _ := x.proseWithWrap(c.Line)
		lo, hi := clauseAround(text, c.stated.Text)
		sentence := text[sentenceStart(text[:lo]):hi]
		if !geomeanWordsRE.MatchString(sentence) {
			continue
		}
		// The row above the claim, nearest first.
		var r *row
		for j := range rows {
			if rows[j].line < c.Line {
				r = &rows[j]
			}
		}
		if r == nil {
			continue
		}
		stated := math.Abs(c.stated.Value)
		tol := c.stated.step / 2
		if c.stated.Approx {
			tol += stated * 0.02
		}
		var got, gotLo, gotHi float64
		unit := "%"
		switch c.Kind {
		case Percent:
			got = 100 * math.Abs(r.change)
			gotLo, gotHi = got-100*r.step/2, got+100*r.step/2
		case Speedup:
			unit = "x"
			ratio := func(v float64) float64 {
				if v < 0 {
					return 1 / (1 + v)
				}
				return 1 + v
			}
			got = ratio(r.change)
			a, b := ratio(r.change-r.step/2), ratio(r.change+r.step/2)
			gotLo, gotHi = math.Min(a, b), math.Max(a, b)
		}
		if stated+tol+1e-9 < gotLo || stated-tol-1e-9 > gotHi {
			continue
		}
		c.Cross, c.Verdict = nil, Consistent
		c.Detail = fmt.Sprintf("the geometric mean change of compare.py's OVERALL_GEOMEAN row (line %d), %+.4g, gives %s%s", r.line, r.change, trimFloat(got, 3), unit)
	}
}
