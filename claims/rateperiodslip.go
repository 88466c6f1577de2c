package claims

import (
	"cmp"
	"math"
	"slices"
	"strings"
)

// ratePerSecondAsPeriod (forty-ninth round): a count per minute or per
// hour in prose ("one pod now serves 1,412 requests a minute", "the test
// held 900 requests per minute") whose number is, at its rounding, a
// rate per second the report prints (k6's "http_reqs ...: 847320
// 1412.2/s", a "requests/s" column, "900/s") restates that rate with the
// period slipped: the report's figure gives 60 (or 3,600) times as many
// per minute (per hour). It was left unverifiable, an absolute figure.
// Such a figure is a UnitSlip naming the periods, unless a rate of the
// report gives it as written (the same number of things per second,
// read over its own period). Only figures of two significant digits or
// more, at least 10, are read, and only counts (not money or bytes).
// Cost: the report's per-second rates are gathered once into a map keyed
// by their rounded value; one look-up per rate per period of prose.
const ratePerSecondAsPeriod = true

// checkRatesPerSecondAsPeriod: see ratePerSecondAsPeriod.
func (x *extractor) checkRatesPerSecondAsPeriod() {
	if !ratePerSecondAsPeriod {
		return
	}
	var perSec map[int64][]rateAt
	var elems []rateAt
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Kind != Absolute || c.Verdict != Unverifiable || len(c.Numbers) != 1 || c.Line < 1 || c.Line > len(x.lines) ||
			x.lines[c.Line-1].kind != lkProse || c.expected {
			continue
		}
		n := c.Numbers[0]
		if n.Quantity != PerPeriod || n.isRange() || n.dim == "$" || n.dim == "B" || n.perLo != n.perHi ||
			n.perLo != 60 && n.perLo != 3600 || !(n.Value >= 10) || sigDigits(n.Text) < 2 {
			continue
		}
		if perSec == nil {
			perSec = x.perSecondRates()
		}
		var hit *rateAt
		key := int64(math.Round(n.Value))
		for d := int64(-1); d <= 1 && hit == nil; d++ {
			for i := range perSec[key+d] {
				r := &perSec[key+d][i]
				if r.line != c.Line && math.Abs(r.n.Value-n.Value) <= n.step/2+r.n.step/2+1e-9 {
					hit = r
					break
				}
			}
		}
		if hit == nil && ratePrefixedElements {
			if elems == nil {
				elems = x.elementRates()
			}
			hit = nearestRate(elems, n, c.Line)
		}
		if hit == nil || x.rateGivesAsWritten(perSec, n) {
			continue
		}
		per := periodName(n.perLo)
		setCross(c, &Cross{Reason: UnitSlip, Derivation: Conversion, Lines: []int{hit.line}, Stated: n,
			Got: hit.n.Value * n.perLo, GotUnit: n.Unit, Operands: []Number{hit.n}, Factor: 1 / n.perLo,
			Slip: "a rate per second stated per " + per})
	}
}

// rateAt is a rate of the report with its 1-based line.
type rateAt struct {
	n    Number
	line int
}

// perSecondRates gathers the report's rates per second (throughput
// figures whose unit ends in "/s"), keyed by their rounded value.
func (x *extractor) perSecondRates() map[int64][]rateAt {
	out := make(map[int64][]rateAt)
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		for _, m := range c.Numbers {
			if m.Quantity != Throughput || m.isRange() || !strings.HasSuffix(m.Unit, "/s") || !(m.Value > 0) {
				continue
			}
			key := int64(math.Round(m.Value))
			out[key] = append(out[key], rateAt{m, c.Line})
		}
	}
	return out
}

// rateGivesAsWritten reports whether a rate per second of the report
// gives n over n's own period (the figure is right as written).
func (x *extractor) rateGivesAsWritten(perSec map[int64][]rateAt, n Number) bool {
	want := n.Value / n.perLo
	lo, hi := (n.Value-n.step/2)/n.perLo, (n.Value+n.step/2)/n.perLo
	key := int64(math.Round(want))
	for d := int64(-1); d <= 1; d++ {
		for _, r := range perSec[key+d] {
			if r.n.Value+r.n.step/2 >= lo && r.n.Value-r.n.step/2 <= hi {
				return true
			}
		}
	}
	return false
}

// ratePrefixedElements (fifty-second round): ratePerSecondAsPeriod read
// criterion's element throughput ("thrpt: 27.98 Melem/s") at its number
// as written, 27.98, so a prose rate restating it per minute in words
// ("about 28 million grid cells per minute", 2.8e7) found no rate per
// second. A rate in Kelem/s, Melem/s or Gelem/s now counts as well at its
// number of elements (27.98 million a second), when no rate as written
// matches. Cost: the report's element rates gathered once and sorted;
// one binary search per rate per period of prose.
const ratePrefixedElements = true

// elemPrefix returns the factor of the prefix of criterion's element
// rate unit ("Kelem/s" 1e3, "Melem/s" 1e6, "Gelem/s" 1e9), 1 for another
// unit.
func elemPrefix(unit string) float64 {
	switch unit {
	case "Kelem/s":
		return 1e3
	case "Melem/s":
		return 1e6
	case "Gelem/s":
		return 1e9
	}
	return 1
}

// elementRates returns the report's criterion element rates (Kelem/s,
// Melem/s, Gelem/s) at their number of elements a second, in ascending
// order of value.
func (x *extractor) elementRates() []rateAt {
	out := []rateAt{}
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		for _, m := range c.Numbers {
			f := elemPrefix(m.Unit)
			if f == 1 || m.Quantity != Throughput || m.isRange() || !(m.Value > 0) {
				continue
			}
			e := m
			e.Value, e.High, e.step = m.Value*f, m.High*f, m.step*f
			out = append(out, rateAt{e, c.Line})
		}
	}
	slices.SortFunc(out, func(a, b rateAt) int { return cmp.Compare(a.n.Value, b.n.Value) })
	return out
}

// nearestRate returns a rate of rates (ascending by value) that is n at
// both roundings, stated on another line than line (1-based); nil when
// none is.
func nearestRate(rates []rateAt, n Number, line int) *rateAt {
	i, _ := slices.BinarySearchFunc(rates, n.Value, func(r rateAt, v float64) int { return cmp.Compare(r.n.Value, v) })
	for _, j := range []int{i - 1, i} {
		if j < 0 || j >= len(rates) {
			continue
		}
		r := &rates[j]
		if r.line != line && math.Abs(r.n.Value-n.Value) <= n.step/2+r.n.step/2+1e-9*math.Max(1, n.Value) {
			return r
		}
	}
	return nil
}
