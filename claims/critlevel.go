package claims

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
)

// criterionTimeLevel reads criterion's "time: [lo mid hi]" line of a
// benchmark the report pastes no earlier run of as a level the line
// states: its point estimate (the middle figure, "18.530 ms") is
// extracted as an absolute figure of the benchmark, as
// criterionThrptLevel does for "thrpt:". The line had made no claim:
// a report that restates the estimate ("18.53 ms" in a table) labels
// it, and it was not found. The figure is unverifiable on its own;
// the interval's bounds stay no figures. A later run of the same
// benchmark pairs with it as before (the level is the pair's first
// estimate). Cost: one claim per criterion time line, read once.
// Forty-seventh round: criterion's output in blind3, blind7, blind23,
// blind25–blind29, blind33–blind35, blind38, blind44–blind46.
const criterionTimeLevel = true

// pValueRestated (forty-seventh round): a p-value written in prose
// ("Dealiasing is unchanged within noise (p = 0.68)", "its 1.1 % is
// noise (p = 0.08)") was no figure of the reader's. It is read as a
// claim of its line, added after the report's checks: consistent when a
// line of pasted output or a table row prints the same p-value
// (criterion's "(p = 0.68 > 0.05)", benchstat's "(p=0.000 n=10)", an
// A/B tool's "p=0.41"), naming that line, else unverifiable; never an
// alarm. Cost: one regular expression per line, the output's p-values
// indexed once. Prose p-values are in blind17, blind24, blind26,
// blind27, blind45 and blind46.
const pValueRestated = true

// pValueRE finds a p-value: "p = 0.68", "p=0.089".
var pValueRE = regexp.MustCompile(`\bp\s*=\s*(0?\.\d+|0|1)\b`)

// addPValues: see pValueRestated. stated holds, per line, the figures
// the line's claims state (lower case).
func (x *extractor) addPValues(stated map[int][]string) bool {
	if !pValueRestated {
		return false
	}
	printed := make(map[string]int)
	for i := range x.lines {
		if k := x.lines[i].kind; k != lkOutput && k != lkTable {
			continue
		}
		for _, m := range pValueRE.FindAllStringSubmatch(x.lines[i].raw, -1) {
			if _, ok := printed[m[1]]; !ok {
				printed[m[1]] = i + 1
			}
		}
	}
	added := false
	for i := range x.lines {
		if x.lines[i].kind != lkProse || x.full {
			continue
		}
		for _, m := range pValueRE.FindAllStringSubmatch(blankCode(plain(x.lines[i].raw)), -1) {
			if slices.Contains(stated[i+1], m[1]) {
				continue
			}
			v, err := strconv.ParseFloat(m[1], 64)
			if err != nil {
				continue
			}
			n := Number{Text: m[1], Value: v, High: v, Unit: "p", Quantity: Other}
			c := x.newClaim(i, Absolute)
			c.Numbers, c.Claimed = []Number{n}, "p = "+m[1]
			c.Verdict, c.Arithmetic = Unverifiable, Unverifiable
			c.Detail = "a p-value no output of the report prints"
			if l, ok := printed[m[1]]; ok {
				c.Cross = &Cross{Reason: SupportedElsewhere, Lines: []int{l}, Stated: n, Got: v}
				c.Verdict = Consistent
				c.Detail = fmt.Sprintf("restates the p-value printed on line %d", l)
			}
			x.add(c)
			added = true
		}
	}
	return added
}
