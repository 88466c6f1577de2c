package claims

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// canonical maps a quantity to the one its figures are compared in:
// throughput is the inverse of time per operation.
func canonical(q Quantity) Quantity {
	if q == Throughput {
		return Time
	}
	return q
}

// interval is a closed range of real numbers.
type interval struct{ lo, hi float64 }

func (a interval) overlaps(b interval) bool { return a.lo <= b.hi && b.lo <= a.hi }

// ends returns the low and high end of a figure in its base unit, each
// widened by the rounding its digits allow (see Number.base), as time per
// operation (lower is better): a throughput is inverted.
func ends(n Number) (low, high interval) {
	s := n.scale
	if s == 0 {
		s = 1
	}
	low = interval{math.Max(0, n.Value-n.step/2) * s, (n.Value + n.step/2) * s}
	high = interval{math.Max(0, n.High-n.step/2) * s, (n.High + n.step/2) * s}
	if n.Quantity == Throughput {
		low, high = invert(high), invert(low)
	}
	return low, high
}

func invert(a interval) interval { return interval{1 / a.hi, 1 / a.lo} }

// lowerIsBetter returns a figure's middle value as time per operation for
// throughputs, as is otherwise.
func lowerIsBetter(n Number) float64 {
	if n.Quantity == Throughput {
		return 1 / n.mid()
	}
	return n.mid()
}

// A metric computes a stated factor or fraction from old and new values
// of a lower-is-better quantity.
type metric struct {
	f  func(o, n float64) float64
	up bool // increases with old (and decreases with new)
	// name is how the detail describes it.
	name string
}

var (
	metricReduction  = metric{func(o, n float64) float64 { return 1 - n/o }, true, "1 − new/old"}
	metricThroughput = metric{func(o, n float64) float64 { return o/n - 1 }, true, "old/new − 1"}
	metricIncrease   = metric{func(o, n float64) float64 { return n/o - 1 }, false, "new/old − 1"}
	metricLoss       = metric{func(o, n float64) float64 { return 1 - o/n }, false, "1 − old/new"}
	metricSpeedup    = metric{func(o, n float64) float64 { return o / n }, true, "old/new"}
	metricSlowdown   = metric{func(o, n float64) float64 { return n / o }, false, "new/old"}
)

// over returns the range of m over old values in o and new values in n.
func (m metric) over(o, n interval) interval {
	a, b := m.f(o.lo, n.hi), m.f(o.hi, n.lo)
	if !m.up {
		a, b = m.f(o.hi, n.lo), m.f(o.lo, n.hi)
	}
	if math.IsNaN(a) {
		a = math.Inf(-1)
	}
	if math.IsNaN(b) {
		b = math.Inf(1)
	}
	return interval{a, b}
}

// readings returns the metrics a sense may mean, the first being the
// usual one: "X% faster" is a time reduction or a throughput gain.
func (s sense) readings() []metric {
	switch s {
	case senseFaster:
		return []metric{metricReduction, metricThroughput}
	case senseReduce:
		return []metric{metricReduction}
	case senseIncrease:
		return []metric{metricIncrease}
	case senseSlower:
		return []metric{metricIncrease, metricLoss}
	case senseGain:
		return []metric{metricThroughput}
	case senseFactorBetter:
		return []metric{metricSpeedup}
	case senseFactorWorse:
		return []metric{metricSlowdown}
	}
	return nil
}

// timeWord and rateWord name the two readings of "faster" and "slower".
func timeWord(s sense) string {
	if s == senseSlower {
		return "time added"
	}
	return "time saved"
}

func rateWord(s sense) string {
	if s == senseSlower {
		return "throughput lost"
	}
	return "throughput gained"
}

// readingName names the reading of a two-reading sense.
func readingName(s sense, i int) string {
	if s == senseFaster || s == senseSlower {
		if i == 0 {
			return "time"
		}
		return "throughput"
	}
	return ""
}

// ratioOf converts a stated value to the ratio new/old it claims under
// reading i of sense s (v is a fraction for percentages, a factor for
// speedups).
func ratioOf(s sense, i int, v float64) float64 {
	switch m := s.readings()[i]; m.name {
	case metricReduction.name:
		return 1 - v
	case metricThroughput.name:
		return 1 / (1 + v)
	case metricIncrease.name:
		return 1 + v
	case metricLoss.name:
		if v >= 1 {
			return math.Inf(1)
		}
		return 1 / (1 - v)
	case metricSpeedup.name:
		if v == 0 {
			return math.Inf(1)
		}
		return 1 / v
	case metricSlowdown.name:
		return v
	}
	return math.NaN()
}

// statedValue returns the stated figure as the metric's number: a
// fraction for percentages, a factor for speedups; low and high ends
// widened by rounding.
func statedValue(n Number) (low, high interval, mid, midHigh float64) {
	div := 1.0
	if n.Unit == "%" {
		div = 100
	}
	lo, hi := n.step/2, n.step
	if n.Approx {
		// "about 90%", "~3x": rounded loosely, a step either way.
		lo = n.step
	}
	low = interval{math.Max(0, n.Value-lo) / div, (n.Value + hi) / div}
	high = interval{math.Max(0, n.High-lo) / div, (n.High + hi) / div}
	return low, high, n.Value / div, n.High / div
}

// setRatio fills c.Ratio and c.AltRatio (and their High ends) from the
// stated figure and sense.
func (c *Claim) setRatio(stated Number, s sense) {
	c.Ratio, c.RatioHigh, c.AltRatio, c.AltRatioHigh = math.NaN(), math.NaN(), math.NaN(), math.NaN()
	if len(s.readings()) == 0 {
		return
	}
	_, _, v, vh := statedValue(stated)
	c.Ratio, c.RatioHigh = ratioOf(s, 0, v), ratioOf(s, 0, vh)
	if len(s.readings()) > 1 {
		c.AltRatio, c.AltRatioHigh = ratioOf(s, 1, v), ratioOf(s, 1, vh)
	}
}

// rangeHoldsExample reads a stated range ("66–75 %") against one pair of
// single figures as a range over several things of which the pair is
// one: consistent when the pair's value lies in it. False restores the
// reading of both ends against the one pair.
const rangeHoldsExample = true

// orient returns the pair's old and new figures for a claim of sense s:
// an unordered pair is read in the direction the claim states.
func orient(p *Pair, s sense) (o, n Number) {
	o, n = p.Old, p.New
	if !p.Ordered {
		better := lowerIsBetter(n) <= lowerIsBetter(o)
		if better != s.improves() {
			o, n = n, o
		}
	}
	return o, n
}

// checkStated checks a stated factor or percentage against c.Pair and
// sets c.Arithmetic, c.Reading and c.Detail. A claim is consistent when
// the value it states, widened by its own rounding, meets the range of
// values the pair's figures give, each widened by theirs (see
// Number.base); "X% faster" may be a time reduction or a throughput gain,
// and the detail says which reading the figures support.
func (c *Claim) checkStated(stated Number, s sense) {
	if c.Pair == nil {
		return
	}
	wasOrdered := c.Pair.Ordered
	o, n := orient(c.Pair, s)
	c.Pair.Old, c.Pair.New, c.Pair.Ordered = o, n, true
	oLow, oHigh := ends(o)
	nLow, nHigh := ends(n)
	sLow, sHigh, _, _ := statedValue(stated)
	ranges := stated.isRange() || o.isRange() || n.isRange()
	readings := s.readings()
	fits := make([]bool, len(readings))
	values := make([]string, len(readings))
	for i, m := range readings {
		values[i] = formatMetric(stated, m, o, n, ranges)
		if !ranges {
			fits[i] = sLow.overlaps(m.over(oLow, nLow))
			continue
		}
		// Each end of a range against the ends of the figures that give
		// the smallest and the largest value.
		lowEnd, highEnd := m.over(oLow, nHigh), m.over(oHigh, nLow)
		if !m.up {
			lowEnd, highEnd = m.over(oHigh, nLow), m.over(oLow, nHigh)
		}
		switch {
		case stated.isRange() && !o.isRange() && !n.isRange() && rangeHoldsExample && !c.pairElsewhere:
			// "fell by 66–75 %: the api-gateway went from 1,240 MB to
			// 312 MB": a range over several things, and one of them;
			// the pair's value must lie in the range.
			fits[i] = interval{sLow.lo, sHigh.hi}.overlaps(m.over(oLow, nLow))
		case stated.isRange():
			fits[i] = sLow.overlaps(lowEnd) && sHigh.overlaps(highEnd)
		default:
			fits[i] = sLow.overlaps(interval{lowEnd.lo, highEnd.hi})
		}
	}
	figs := fmt.Sprintf("%s → %s", o, n)
	if c.Pair.From != "" {
		figs += " (" + c.Pair.From + ")"
	}
	if !wasOrdered {
		figs += ", read as " + map[bool]string{true: "an improvement", false: "a regression"}[s.improves()]
	}
	truncated := func(i int) string {
		if ranges || !truncatedFrom(stated, readings[i], o, n) {
			return ""
		}
		return fmt.Sprintf(" (%s is that value truncated, not rounded)", stated)
	}
	if o.Unit == "%" && n.Unit == "%" && stated.Unit == "%" && !slices.Contains(fits, true) && !ranges {
		// Two rates in percent ("from 12 % to 9 %"): "fell 3 %" may mean
		// three percentage points.
		d := interval{max(0, oLow.lo-nLow.hi, nLow.lo-oLow.hi), max(oLow.hi-nLow.lo, nLow.hi-oLow.lo)}
		if pts, _ := ends(stated); pts.overlaps(d) {
			c.Arithmetic = Consistent
			c.Reading = "points"
			c.Detail = fmt.Sprintf("%s differ by %.3g percentage points, which %s states", figs, math.Abs(o.Value-n.Value), stated)
			return
		}
	}
	switch {
	case len(fits) == 1 && fits[0]:
		c.Arithmetic = Consistent
		c.Detail = fmt.Sprintf("%s gives %s%s", figs, values[0], truncated(0))
	case len(fits) == 1:
		c.Arithmetic = ArithmeticError
		c.Detail = fmt.Sprintf("%s gives %s, not %s", figs, values[0], stated)
		if s.improves() && lowerIsBetter(n) > lowerIsBetter(o) {
			c.Detail += "; the figures show a change for the worse"
		}
	case fits[0] && fits[1]:
		c.Arithmetic = Consistent
		c.Reading = "both"
		c.Detail = fmt.Sprintf("%s gives %s as %s (%s) and %s as %s (%s): both readings agree within rounding",
			figs, values[0], timeWord(s), readings[0].name, values[1], rateWord(s), readings[1].name)
	case fits[0]:
		c.Arithmetic = Consistent
		c.Reading = readingName(s, 0)
		c.Detail = fmt.Sprintf("%s gives %s as %s (%s)%s; as %s (%s) it would be %s",
			figs, values[0], timeWord(s), readings[0].name, truncated(0), rateWord(s), readings[1].name, values[1])
	case fits[1]:
		c.Arithmetic = Ambiguous
		c.Reading = readingName(s, 1)
		c.Detail = fmt.Sprintf("ambiguous reading: %s holds only as %s (%s = %s%s); as %s (%s) it is %s; %s",
			stated, rateWord(s), readings[1].name, values[1], truncated(1), timeWord(s), readings[0].name, values[0], figs)
	default:
		c.Arithmetic = ArithmeticError
		c.Detail = fmt.Sprintf("%s gives %s as %s (%s) or %s as %s (%s), not %s",
			figs, values[0], timeWord(s), readings[0].name, values[1], rateWord(s), readings[1].name, stated)
		if s.improves() && lowerIsBetter(n) > lowerIsBetter(o) {
			c.Detail += "; the figures show a change for the worse"
		}
	}
	if c.Reading == "time" || c.Reading == "throughput" {
		// The figures decide the reading; measure only that one.
		if c.Reading == "throughput" {
			c.Ratio, c.RatioHigh = c.AltRatio, c.AltRatioHigh
		}
		c.AltRatio, c.AltRatioHigh = math.NaN(), math.NaN()
	}
}

// truncatedFrom reports whether only truncation explains the stated
// value: with every figure rounded half a step either way (no truncation
// allowed), the figures cannot give it.
func truncatedFrom(stated Number, m metric, o, n Number) bool {
	sym := func(x Number) interval {
		sc := x.scale
		if sc == 0 {
			sc = 1
		}
		iv := interval{(x.Value - x.step/2) * sc, (x.Value + x.step/2) * sc}
		if x.Quantity == Throughput {
			iv = invert(iv)
		}
		return iv
	}
	div := 1.0
	if stated.Unit == "%" {
		div = 100
	}
	st := interval{(stated.Value - stated.step/2) / div, (stated.Value + stated.step/2) / div}
	return !st.overlaps(m.over(sym(o), sym(n)))
}

// formatMetric formats what the figures give for metric m, in the stated
// figure's terms: "11.1x", "42.9%", "2.88-3.85x".
func formatMetric(stated Number, m metric, o, n Number, ranges bool) string {
	pct := stated.Unit == "%"
	f := func(ov, nv float64) string {
		v := m.f(ov, nv)
		if pct {
			return trimFloat(v*100, 3) + "%"
		}
		return trimFloat(v, 3) + "x"
	}
	ov, nv := lowerIsBetter(o), lowerIsBetter(n)
	if !ranges {
		return f(ov, nv)
	}
	ol, oh := rangeEnds(o)
	nl, nh := rangeEnds(n)
	a, b := f(ol, nh), f(oh, nl)
	if !m.up {
		a, b = f(oh, nl), f(ol, nh)
	}
	if a == b {
		return a
	}
	return a + " to " + b
}

// rangeEnds returns a figure's ends as lower-is-better base values.
func rangeEnds(n Number) (lo, hi float64) {
	s := n.scale
	if s == 0 {
		s = 1
	}
	lo, hi = n.Value*s, n.High*s
	if n.Quantity == Throughput {
		lo, hi = 1/hi, 1/lo
	}
	return lo, hi
}

// checkZeroAlloc checks a zero-allocation claim against the after figure
// of c.Pair.
func (c *Claim) checkZeroAlloc() {
	if c.Pair == nil {
		return
	}
	n := c.Pair.New
	if n.Value == 0 && n.High == 0 {
		c.Arithmetic = Consistent
		c.Detail = fmt.Sprintf("the figures give %s", n)
		return
	}
	c.Arithmetic = ArithmeticError
	c.Detail = fmt.Sprintf("states zero allocations, but the figures give %s", n)
}

// pairRatio returns new/old of a pair as time per operation, bytes or
// allocations (lower is better), NaN when undefined.
func pairRatio(p *Pair) float64 {
	o, n := lowerIsBetter(p.Old), lowerIsBetter(p.New)
	if o == 0 {
		if n == 0 {
			return 1
		}
		return math.NaN()
	}
	return n / o
}

// describePair formats a pair as "785 ns → 71 ns".
func describePair(p *Pair) string {
	s := fmt.Sprintf("%s → %s", p.Old, p.New)
	if !p.Ordered {
		s = fmt.Sprintf("%s vs %s", p.Old, p.New)
	}
	return strings.TrimSpace(s)
}
