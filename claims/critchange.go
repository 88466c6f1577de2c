package claims

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// criterionChangeOnPair takes back an "unsupported" from criterion's own
// change of time ("change: [-58.214% -57.797% -57.377%]") when the report
// states the pair it was computed from under another name: the time
// estimate printed just above the change ("time: [412.37 µs 415.02 µs
// 417.91 µs]") is, at its rounding, the figure after of a pair of the
// report (a table row "8 items | 983.4 µs | 415.0 µs" for the benchmark
// "plan_order/8"), and that pair's change, (estimate − before) / before
// with the figure before's rounding, falls inside criterion's printed
// interval with the sign it prints. The change is then consistent,
// naming the pair. The alarm came from the subject words only: a
// benchmark's name and a table's row label share no word. The report's
// pairs are indexed once by their figure after (a fiftieth of a decade);
// each change reads the pairs of five buckets. Forty-fifth round.
const criterionChangeOnPair = true

// critChangeRE reads the three figures of criterion's change interval,
// signed, from a "change:" line or the "time:" line under a "change:"
// of its own.
var critChangeRE = regexp.MustCompile(`(?:change|time):\s*\[\s*([+\-−]?[0-9]+(?:\.[0-9]+)?)%\s+([+\-−]?[0-9]+(?:\.[0-9]+)?)%\s+([+\-−]?[0-9]+(?:\.[0-9]+)?)%\s*\]`)

// critTimeRE finds criterion's time estimate line: "time: [lo mid hi]"
// with units.
var critTimeRE = regexp.MustCompile(`time:\s*\[[^\]%]*\]`)

// signedFloat reads a figure written with "+", "-" or "−".
func signedFloat(s string) (float64, bool) {
	s = strings.Replace(s, "−", "-", 1)
	v, err := strconv.ParseFloat(s, 64)
	return v, err == nil
}

// unalarmCriterionChanges: see criterionChangeOnPair.
func (x *extractor) unalarmCriterionChanges() {
	if !criterionChangeOnPair || len(x.pairs) == 0 {
		return
	}
	keyOf := func(v float64) int { return int(math.Floor(math.Log10(v) * 50)) }
	var byNew map[int][]*docPair
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Kind != Percent || c.Verdict != Unsupported || c.Cross == nil || c.Cross.Reason != ClosestPair ||
			c.Line < 2 || c.Line > len(x.lines) || x.lines[c.Line-1].kind != lkOutput {
			continue
		}
		m := critChangeRE.FindStringSubmatch(x.lines[c.Line-1].raw)
		if m == nil || strings.TrimLeft(m[2], "+-−") != c.stated.Text {
			continue
		}
		lo, ok1 := signedFloat(m[1])
		mid, ok2 := signedFloat(m[2])
		hi, ok3 := signedFloat(m[3])
		if !ok1 || !ok2 || !ok3 || lo > hi || mid == 0 {
			continue
		}
		// The time estimate: the nearest "time: [… … …]" line above, in
		// the block, at most three lines up.
		var est Number
		estLine := 0
		for j := c.Line - 2; j >= 0 && j >= c.Line-4 && x.lines[j].block == x.lines[c.Line-1].block; j-- {
			raw := x.lines[j].raw
			loc := critTimeRE.FindStringIndex(raw)
			if loc == nil {
				continue
			}
			figs := scanFigures(raw[loc[0]:loc[1]])
			if len(figs) == 3 && figs[1].Quantity == Time && figs[1].Value > 0 {
				est, estLine = figs[1].Number, j+1
			}
			break
		}
		if estLine == 0 {
			continue
		}
		if byNew == nil {
			byNew = make(map[int][]*docPair)
			for _, d := range x.pairs {
				if n := d.p.New; n.Quantity == Time && !n.isRange() && n.mid() > 0 && d.p.Old.Quantity == Time && !d.p.Old.isRange() {
					byNew[keyOf(n.mid())] = append(byNew[keyOf(n.mid())], d)
				}
			}
		}
		e := est.mid()
		var hit *docPair
		for b := keyOf(e) - 2; b <= keyOf(e)+2 && hit == nil; b++ {
			for _, d := range byNew[b] {
				if d.p.NewLine == estLine || d.p.OldLine == estLine || !rangeMatch(d.p.New, e, e) {
					continue
				}
				olo, ohi := d.p.Old.base()
				if !(olo > 0) {
					continue
				}
				// (e − old) / old over old's rounding, in percent.
				clo, chi := 100*(e-ohi)/ohi, 100*(e-olo)/olo
				if chi >= lo && clo <= hi && math.Signbit(clo+chi) == math.Signbit(mid) {
					hit = d
					break
				}
			}
		}
		if hit == nil {
			continue
		}
		p := hit.p
		got := 100 * (e - p.Old.mid()) / p.Old.mid()
		c.Verdict, c.Arithmetic = Consistent, Consistent
		c.Cross = &Cross{Reason: SupportedElsewhere, Lines: []int{p.OldLine, estLine}, Stated: c.stated, Got: math.Abs(got), GotUnit: "%",
			Operands: []Number{p.Old, est}}
		c.Detail = fmt.Sprintf("criterion's change against the figure before of %s → %s (line %d) and its time estimate %s (line %d): %s, inside its interval [%s%%, %s%%]",
			p.Old, p.New, p.NewLine, est, estLine, signedPercent(got, 0.001), m[1], m[3])
	}
}
