package claims

import (
	"fmt"
	"math"
	"sort"
	"strings"
)

// percentInTableHeld (fifty-fourth round): factorInTableHeld for
// percentages. A summary that rounds the change column of a benchstat
// table ("Allocation fell by about three quarters on both county sizes
// (−75.0 % and −76.3 %)" for −75.00% and −76.28% of the B/op rows) had
// the percentage called unsupported when the pairs tried for its words
// were of another quantity. A percentage alarmed unsupported and written
// with a sign is consistent when a percentage printed in a table row or
// a program's output with the same sign, checked there as consistent or
// unverifiable, of more digits than it or the same, lies within half its
// last digit: the report gives it. A percentage no row prints keeps its
// alarm. Unsigned percentages are left alone: a first version that took
// them too removed seven false alarms (blind31, blind34, blind39,
// blind41, blind50, blind52, blind55) and lost ten catches (blind3,
// blind25, blind26, blind28, blind30, blind36, blind43, three in seed
// 001), whole percentages of prose meeting a table's cell by chance.
// Cost: the
// percentages of table rows and output lines gathered once and sorted;
// one binary search per alarmed percentage.
const percentInTableHeld = true

// unalarmTablePercents: see percentInTableHeld.
func (x *extractor) unalarmTablePercents() {
	if !percentInTableHeld {
		return
	}
	type printed struct {
		v    float64
		neg  bool
		step float64
		text string
		line int
	}
	var ps []printed
	built := false
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Kind != Percent || c.Verdict != Unsupported || c.stated.Text == "" || c.stated.isRange() || !(c.stated.step > 0) || c.stated.Value == 0 {
			continue
		}
		if !built {
			built = true
			for j := range x.rep.Claims {
				o := &x.rep.Claims[j]
				if o.Kind != Percent || o.stated.Text == "" || o.stated.isRange() || o.Line < 1 || o.Line > len(x.lines) {
					continue
				}
				if lk := x.lines[o.Line-1].kind; lk != lkTable && lk != lkOutput {
					continue
				}
				if o.Verdict != Consistent && o.Verdict != Unverifiable {
					continue
				}
				sg := signBefore(x.lines[o.Line-1].raw, o.stated.Text)
				if sg == 0 {
					continue
				}
				ps = append(ps, printed{math.Abs(o.stated.Value), sg < 0, o.stated.step, o.stated.Text, o.Line})
			}
			sort.Slice(ps, func(i, j int) bool { return ps[i].v < ps[j].v })
		}
		if c.Line < 1 || c.Line > len(x.lines) {
			continue
		}
		sg := signBefore(x.lines[c.Line-1].raw, c.stated.Text)
		if sg == 0 {
			continue
		}
		v := math.Abs(c.stated.Value)
		lo, hi := v-c.stated.step/2, v+c.stated.step/2
		i := sort.Search(len(ps), func(i int) bool { return ps[i].v >= lo-1e-9 })
		for ; i < len(ps) && ps[i].v <= hi+1e-9; i++ {
			o := ps[i]
			if o.line == c.Line || o.step > c.stated.step || o.neg != (sg < 0) {
				continue
			}
			c.Cross, c.Verdict, c.Arithmetic = nil, Consistent, Consistent
			c.Detail = fmt.Sprintf("restates, rounded, the %s of line %d", o.text, o.line)
			break
		}
	}
}

// signBefore returns −1 or +1 when the first figure text of line raw
// is written with a minus or plus sign right before it, 0 otherwise.
func signBefore(raw, text string) int {
	i := indexFigure(raw, text)
	if i <= 0 {
		return 0
	}
	switch {
	case strings.HasSuffix(raw[:i], "-") || strings.HasSuffix(raw[:i], "−"):
		return -1
	case strings.HasSuffix(raw[:i], "+"):
		return 1
	}
	return 0
}
