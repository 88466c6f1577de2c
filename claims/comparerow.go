package claims

import (
	"fmt"
	"regexp"
	"strings"
)

// compareRowChange: a row of Google Benchmark's compare.py output
// ("BM_Encode/256  -0.6387  -0.6387  3880400  1402115  3880300  1402000",
// under a header "Benchmark  Time  CPU  Time Old  Time New  CPU Old  CPU
// New") states two changes as fractions, new/old − 1 of the time and of
// the CPU time, beside the four figures they rest on. The row was read as
// a line of bare numbers and dropped. Now each change is a percentage
// (−63.87 %) of the row's pair of its column, checked as any; the pairs
// are facts of the report, named by the benchmark (so "at 256 players it
// is 15.3x" can rest on them); the geometric mean's row, whose pairs are
// zeros, states its changes alone. Twenty-eighth round
// (testdata/labels/README.md): blind25 and blind27 paste such output.
const compareRowChange = true

// compareHeaderRE finds compare.py's header among a block's lines.
var compareHeaderRE = regexp.MustCompile(`\bTime\s+Old\s+Time\s+New\b`)

// benchTimeRE matches a Google Benchmark row: name, time, unit.
var benchTimeRE = regexp.MustCompile(`^\s*(\S+)\s+[0-9][0-9.,]*\s+(ns|us|µs|ms|s)\s`)

// compareRow reads line i as a row of compare.py's output; false when it
// is not one.
func (x *extractor) compareRow(i int, scan string, figs []figure) bool {
	if !compareRowChange {
		return false
	}
	header := false
	for j := i - 1; j >= 0 && j >= i-60 && x.lines[j].block == x.lines[i].block; j-- {
		if compareHeaderRE.MatchString(x.lines[j].raw) {
			header = true
			break
		}
	}
	if !header {
		return false
	}
	f, offs := fieldsWithOffsets(scan)
	if len(f) != 7 || isNumeric(f[0]) || strings.Trim(f[0], "-=") == "" {
		return false
	}
	var vals, steps [7]float64
	var texts [7]string
	for k := 1; k < 7; k++ {
		field := f[k]
		if k <= 2 {
			field = strings.TrimLeft(field, "+-")
		}
		v, text, step, ok := numberField(field)
		if !ok {
			return false
		}
		if k <= 2 && strings.HasPrefix(f[k], "-") {
			v = -v
		}
		if k <= 2 {
			text = f[k]
		}
		vals[k], steps[k], texts[k] = v, step, text
	}
	if vals[1] < -1 || vals[2] < -1 {
		return false
	}
	for k := range figs {
		figs[k].used = true
	}
	name := f[0]
	unit := x.compareUnit(name)
	dl := &x.lines[i]
	var alone []Number
	for _, col := range [][3]int{{1, 3, 4}, {2, 5, 6}} {
		ch, o, n := col[0], col[1], col[2]
		mag := 100 * max(vals[ch], -vals[ch])
		pct := Number{Text: texts[ch], Value: mag, High: mag, Unit: "%", step: 100 * steps[ch], scale: 1}
		if vals[o] <= 0 || vals[n] <= 0 {
			alone = append(alone, Number{Text: texts[ch], Value: vals[ch], High: vals[ch], Quantity: Other, step: steps[ch], scale: 1})
			continue
		}
		p := &Pair{Old: makeNumber(vals[o], texts[o], steps[o], unit), New: makeNumber(vals[n], texts[n], steps[n], unit),
			OldLine: i + 1, NewLine: i + 1, Ordered: true, stated: true,
			From: "compare.py's old and new columns of " + name}
		if unit == "" {
			p.Old.Quantity, p.New.Quantity = Unknown, Unknown
		}
		p.span = [2]int{offs[o], offs[n] + len(f[n])}
		x.notePair(p, name, fmt.Sprintf("k%d", dl.block), i, int(dl.section))
		fig := figure{Number: pct, start: offs[ch], end: offs[ch] + len(f[ch])}
		if strings.HasPrefix(f[ch], "-") {
			fig.sign = '-'
		} else if strings.HasPrefix(f[ch], "+") {
			fig.sign = '+'
		}
		// The line as the claim reads it: the name and the change alone.
		b := []byte(strings.Repeat(" ", len(scan)))
		copy(b, name)
		copy(b[offs[ch]:], f[ch])
		x.phraseClaimsFigs(i, string(b), []figure{fig}, []*Pair{p}, name, "", false)
	}
	if len(alone) > 0 {
		abs := x.newClaim(i, Absolute)
		abs.Numbers = alone
		abs.listed = true
		x.addAbsolute(abs)
	}
	return true
}

// compareUnit is the time unit of a Google Benchmark run of the named
// benchmark the report pastes elsewhere ("BM_Encode/256  1402115 ns"),
// "" when it pastes none.
func (x *extractor) compareUnit(name string) string {
	if x.benchUnits == nil {
		x.benchUnits = make(map[string]string)
		for j := range x.lines {
			if x.lines[j].kind != lkOutput {
				continue
			}
			if m := benchTimeRE.FindStringSubmatch(x.lines[j].raw); m != nil {
				u := m[2]
				if u == "us" {
					u = "µs"
				}
				if _, ok := x.benchUnits[m[1]]; !ok {
					x.benchUnits[m[1]] = u
				}
			}
		}
	}
	return x.benchUnits[name]
}
