package claims

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// bdnFactorRows (forty-seventh round): a factor of prose that two rows
// of a BenchmarkDotNet table give ("at 64 rules 3.88x", the ValidateV1
// and ValidateV2 rows of Rules 64; "v1 grows 11.3x from 4 to 64 rules",
// the ValidateV1 rows of Rules 4 and 64) was called unsupported or an
// arithmetic error: BenchmarkDotNet prints the methods of one setting on
// alternating rows, with the settings in columns between Method and
// Mean, and the reader's pairs (one method against the next, row by row)
// are not the two rows the sentence compares. A factor alarmed so is
// consistent when the Mean cells (or the Allocated cells) of two rows of
// one such table give it at its rounding (the larger over the smaller)
// and every value of the rows' setting columns is written as a whole
// number in the factor's sentence (its line, and the line before when
// the paragraph wraps there): the sentence names the rows. Only an alarm
// is taken back; a factor no two rows give keeps it. Cost: the tables'
// rows read once; per alarmed factor of prose, the pairs of rows of each
// table (a few dozen rows at most). BenchmarkDotNet is in blind45 alone
// of the development sets: a format rule for one set.
const bdnFactorRows = true

// A bdnRow is a result row of a BenchmarkDotNet table: its line, its
// setting values and its Mean and Allocated cells.
type bdnRow struct {
	line      int
	settings  []string
	mean, mem Number
}

// wholeNumberRE finds a whole number written in prose.
var wholeNumberRE = regexp.MustCompile(`\b\d[\d,]*\b`)

// bdnTables returns the result rows of the report's BenchmarkDotNet
// tables, one slice per table.
func (x *extractor) bdnTables() [][]bdnRow {
	var out [][]bdnRow
	var cur []bdnRow
	var head []string
	mean, alloc := -1, -1
	for i := range x.lines {
		if x.lines[i].kind != lkOutput {
			if cur != nil {
				out, cur = append(out, cur), nil
			}
			head = nil
			continue
		}
		cs := bdnCells(x.lines[i].raw)
		if cs == nil {
			if cur != nil {
				out, cur = append(out, cur), nil
			}
			head = nil
			continue
		}
		if cs[0] == "Method" {
			if cur != nil {
				out, cur = append(out, cur), nil
			}
			head, mean, alloc = cs, slices.Index(cs, "Mean"), slices.Index(cs, "Allocated")
			continue
		}
		if head == nil || mean < 1 || len(cs) != len(head) || strings.HasPrefix(cs[0], "-") {
			continue
		}
		r := bdnRow{line: i + 1, settings: cs[1:mean]}
		if fs := scanFigures(cs[mean]); len(fs) == 1 && fs[0].Quantity == Time {
			r.mean = fs[0].Number
		}
		if alloc > 0 {
			if fs := scanFigures(cs[alloc]); len(fs) == 1 && fs[0].Quantity == Memory {
				r.mem = fs[0].Number
			}
		}
		cur = append(cur, r)
	}
	if cur != nil {
		out = append(out, cur)
	}
	return out
}

// unalarmBdnFactors: see bdnFactorRows.
func (x *extractor) unalarmBdnFactors() {
	if !bdnFactorRows {
		return
	}
	var tables [][]bdnRow
	read := false
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Kind != Speedup || c.Verdict != Unsupported && c.Verdict != ArithmeticError || c.Line < 1 || c.Line > len(x.lines) ||
			x.lines[c.Line-1].kind != lkProse || c.stated.isRange() || !(c.stated.Value > 1) {
			continue
		}
		if !read {
			tables, read = x.bdnTables(), true
		}
		if len(tables) == 0 {
			return
		}
		text := blankCode(plain(x.lines[c.Line-1].raw))
		if prev := x.wrappedLine(c.Line-1, c.Line-2); prev != "" {
			text = prev + " " + text
		}
		named := make(map[string]bool)
		for _, w := range wholeNumberRE.FindAllString(text, -1) {
			named[strings.ReplaceAll(w, ",", "")] = true
		}
		lo, hi := c.stated.Value-c.stated.step/2, c.stated.High+c.stated.step/2
		var a, b Number
		var la, lb int
		found := false
		for _, rows := range tables {
			for i := 0; i < len(rows) && !found; i++ {
				for j := i + 1; j < len(rows) && !found; j++ {
					if !settingsNamed(rows[i].settings, named) || !settingsNamed(rows[j].settings, named) {
						continue
					}
					for _, p := range [][2]Number{{rows[i].mean, rows[j].mean}, {rows[i].mem, rows[j].mem}} {
						if !(p[0].mid() > 0) || !(p[1].mid() > 0) {
							continue
						}
						q := p[0].mid() / p[1].mid()
						if q < 1 {
							q = 1 / q
						}
						if q >= lo && q <= hi {
							a, b, la, lb, found = p[0], p[1], rows[i].line, rows[j].line, true
							break
						}
					}
				}
			}
		}
		if !found {
			continue
		}
		c.Cross, c.Verdict, c.Arithmetic = nil, Consistent, Consistent
		c.Pair = &Pair{Old: a, New: b, OldLine: la, NewLine: lb, Ordered: false, From: "two rows of the BenchmarkDotNet table"}
		c.Detail = fmt.Sprintf("the BenchmarkDotNet rows of lines %d and %d, %s and %s, give %sx", la, lb, a.String(), b.String(), c.stated.Text)
	}
}

// settingsNamed reports whether each setting value of a row that is a
// whole number is named; a row with no such setting is not named.
func settingsNamed(settings []string, named map[string]bool) bool {
	any := false
	for _, s := range settings {
		s = strings.ReplaceAll(strings.TrimSpace(s), ",", "")
		if !wholeNumberRE.MatchString(s) || wholeNumberRE.FindString(s) != s {
			continue
		}
		if !named[s] {
			return false
		}
		any = true
	}
	return any
}
