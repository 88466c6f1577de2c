package claims

import (
	"math"
	"regexp"
	"slices"
	"strings"
)

// productsDerive makes a size, a byte rate or a time that its sentence
// derives from two figures before it (a product or a quotient whose
// units give the figure's) checked against them (checkSentenceProduct).
const productsDerive = true

// productSpansSentences lets one of the two operands of such a product
// be in the sentence before the figure's ("Per-worker RSS is 612 MiB.
// With 8 workers a pod needs 4.9 GiB").
const productSpansSentences = true

// countTimesTime (thirty-ninth round): a time its sentence derives as a
// count of things times a time each ("111.5 ms saved per call, which
// over 72 composites per cycle is 8.0 s") is checked as that product.
const countTimesTime = true

// operandKind is what a figure of a sentence is as the operand of a
// product or quotient.
type operandKind int

const (
	noOperand   operandKind = iota
	opCount                 // a plain count: "18,400 queries", "8 workers"
	opSize                  // bytes: "612 MiB", "1,920 B/op", "3.1 TB a day"
	opCountRate             // things per second: "4.1 M/s", "1,900/s"
	opByteRate              // bytes per second: "26.4 MB/s"
	opTime                  // a time: "9.31 µs"
)

// perSecondAfterRE finds "/s" or "per second" right after a bare count,
// which makes it a rate ("1,900/s").
var perSecondAfterRE = regexp.MustCompile(`(?i)^(?:/s\b|/sec\b|\s*per\s+second\b|\s+a\s+second\b)`)

// eachAfterRE finds the words after a figure that make it an amount per
// one of something: "168 KB each", "per query", "apiece".
var eachAfterRE = regexp.MustCompile(`(?i)^\s*(?:each|apiece|per\s+[a-z]|a\s+(?:piece|query|request|call|document|record|row|file|page|event|message|player|user|node|host|pod|worker)\b)`)

// operandOf returns what figure f of text s is as an operand.
func operandOf(s string, f figure) operandKind {
	n := f.Number
	if n.isRange() || n.Value <= 0 {
		return noOperand
	}
	switch {
	case n.Quantity == Memory || n.Quantity == PerPeriod && n.dim == "B":
		return opSize
	case isByteRate(n):
		return opByteRate
	case isCountRate(n) && strings.HasSuffix(n.Unit, "/s"):
		return opCountRate
	case n.Quantity == Time && !strings.Contains(n.Unit, "/"):
		return opTime
	case n.Quantity == PerPeriod && n.dim != "B" && n.dim != "$" && n.perLo > 0:
		// "1,150 inserts per minute": things per second, over the
		// period.
		return opCountRate
	case n.Unit == "" && (n.Quantity == Count || n.Quantity == Unknown):
		if perSecondAfterRE.MatchString(s[f.end:]) {
			return opCountRate
		}
		if n.Value < 2 || n.Value >= 1900 && n.Value <= 2100 && n.Value == math.Trunc(n.Value) && !strings.Contains(n.Text, ",") {
			// Not a count of things: a factor below 2, a year.
			return noOperand
		}
		return opCount
	}
	return noOperand
}

// checkSentenceProduct checks a size, byte rate or time that two figures
// before it in its sentence give as a product or quotient of their
// units: a count of things × a size (8 workers × 612 MiB), a rate of
// things × a size each (4.1 M/s × 1,920 B), a rate per one × a count, a
// size spread over a count when the figure is an amount each ("3.1 TB a
// day across 18,400 queries, about 168 KB each"), a size over a time (a
// byte rate) or over a byte rate (a time). One that a pair gives as
// written is consistent; one that a pair gives only with a unit misread
// (KB for MB, MiB for MB, bits for bytes, a binary prefix a step off)
// and that no pair gives as written is a UnitSlip naming the two; a
// figure that no pair gives either way is left alone (its sentence may
// name other things). An amount per period ("209 GB of extra WAL per
// day") is a count × a size over that period, or a rate of things × a
// size each over it, where a period misread (a minute's rate taken per
// second) is a slip too. The operands are among the six figures before
// it, one of them at most in the sentence before (productSpansSentences);
// a count and a nominal size are exact (operandBase). It reports whether
// it set a verdict.
func (x *extractor) checkSentenceProduct(c *Claim, n Number, scan string) bool {
	if !productsDerive || c.Verdict != Unverifiable || n.isRange() ||
		!(n.Quantity == Memory || isByteRate(n) || n.Quantity == Time || n.Quantity == PerPeriod && n.dim == "B") {
		return false
	}
	text, figs, at := x.productText(c, n, scan)
	if at < 2 {
		return false
	}
	want := operandOf(text, figs[at])
	if want != opSize && want != opByteRate && want != opTime {
		return false
	}
	each := eachAfterRE.MatchString(text[figs[at].end:])
	// The period an amount is stated over: its own ("3.48 GB/day") or
	// the words after it ("209 GB of extra WAL per day").
	perLo, perHi := n.perLo, n.perHi
	if n.Quantity != PerPeriod {
		perLo = periodOf(leadingWords(text[figs[at].end:], 5))
		perHi = perLo
	}
	breaks := x.breaksOf(text)
	// back returns how many sentences before the figure's own figure k
	// is: 0 in its sentence, 1 in the one before.
	back := func(k int) int {
		a, _ := slices.BinarySearch(breaks, figs[k].start)
		b, _ := slices.BinarySearch(breaks, figs[at].start)
		return b - a
	}
	reach := 0
	if productSpansSentences {
		reach = 1
	}
	type cand struct {
		a, b   Number
		lo, hi float64
		// periodic is set for an amount per period from a rate: the
		// period may be misread too (a minute's rate taken per second).
		periodic bool
		// matchOnly is set for a count times a time each: a time the
		// product does not give is no slip (the sentence may count
		// other things).
		matchOnly bool
	}
	var cands []cand
	first := max(0, at-6)
	for i := at - 1; i >= first; i-- {
		if back(i) > reach {
			break
		}
		ki := operandOf(text, figs[i])
		if ki == noOperand {
			continue
		}
		for j := i - 1; j >= first; j-- {
			if back(j) > reach || back(i) > 0 && back(j) > 0 {
				// One operand at least is in the figure's sentence.
				break
			}
			kj := operandOf(text, figs[j])
			if kj == noOperand {
				continue
			}
			a, b := figs[j].Number, figs[i].Number // a is written first
			ka, kb := kj, ki
			alo, ahi := operandBase(a, ka)
			blo, bhi := operandBase(b, kb)
			prod := func() { cands = append(cands, cand{a: a, b: b, lo: alo * blo, hi: ahi * bhi}) }
			quot := func() {
				if blo > 0 {
					cands = append(cands, cand{a: a, b: b, lo: alo / bhi, hi: ahi / blo})
				}
			}
			size := a
			if kb == opSize {
				size = b
			}
			if !samePeriod(n, a, ka, each) || !samePeriod(n, b, kb, each) {
				continue
			}
			set := map[operandKind]int{ka: 1}
			set[kb]++
			switch {
			case want == opSize && set[opSize] == 1 && set[opCount] == 1:
				if n.Quantity == PerPeriod && (size.Quantity != PerPeriod || size.perLo != n.perLo || size.perHi != n.perHi) {
					// An amount per day is a count times a size per day.
					continue
				}
				if each {
					if ka == opSize {
						quot()
					}
				} else {
					prod()
				}
			case want == opByteRate && set[opSize] == 1 && set[opCountRate] == 1 && !each:
				prod()
			case want == opSize && perLo > 0 && set[opSize] == 1 && set[opCountRate] == 1 && !each && size.Quantity != PerPeriod:
				// "2.1 KB each … at 1,150 inserts per minute … 3.48 GB
				// per day": bytes per second over the figure's period.
				cands = append(cands, cand{a: a, b: b, lo: alo * blo * perLo, hi: ahi * bhi * perHi, periodic: true})
			case want == opByteRate && set[opByteRate] == 1 && set[opCount] == 1 && !each:
				prod()
			case want == opByteRate && ka == opSize && kb == opTime:
				// ns to s.
				cands = append(cands, cand{a: a, b: b, lo: alo / bhi * 1e9, hi: ahi / blo * 1e9})
			case countTimesTime && want == opTime && set[opTime] == 1 && set[opCount] == 1 && !each:
				// "51.93 ms more per call; across the 564 reprojections
				// of a cycle that is 29.3 s".
				cands = append(cands, cand{a: a, b: b, lo: alo * blo, hi: ahi * bhi, matchOnly: true})
			case want == opTime && ka == opSize && kb == opByteRate:
				// s to ns.
				cands = append(cands, cand{a: a, b: b, lo: alo / bhi * 1e9, hi: ahi / blo * 1e9})
			}
		}
	}
	if len(cands) == 0 {
		return false
	}
	// A match to the digit comes first: an approximate figure ("≈ 3.06
	// GiB/s") is widened only when no pair gives it, as written or with
	// a unit misread, to its digits.
	strict := n
	strict.Approx = false
	for _, m := range []Number{strict, n} {
		for _, cd := range cands {
			if rangeMatch(m, cd.lo, cd.hi) {
				setCross(c, &Cross{Reason: DerivedHolds, Derivation: Product, Lines: []int{c.Line}, Stated: n,
					Got: toUnit((cd.lo+cd.hi)/2, n), GotUnit: n.Unit, Operands: []Number{cd.a, cd.b}})
				return true
			}
		}
		for _, cd := range cands {
			if cd.matchOnly {
				continue
			}
			f := 0.0
			for _, g := range prefixSlips(m) {
				if f == 0 && rangeMatch(m, cd.lo*g, cd.hi*g) {
					f = g
				}
			}
			if f == 0 {
				f = slipOf(m, cd.lo, cd.hi)
			}
			for _, g := range rateTotalSlips {
				if f == 0 && cd.periodic && rangeMatch(m, cd.lo/g, cd.hi/g) {
					f = 1 / g
				}
			}
			if f == 0 {
				continue
			}
			// The failing figure is the derived one; its operands stay
			// in the detail.
			c.Numbers = slices.DeleteFunc(slices.Clone(c.Numbers), func(o Number) bool {
				return o.Text == cd.a.Text && o.Unit == cd.a.Unit || o.Text == cd.b.Text && o.Unit == cd.b.Unit
			})
			setCross(c, &Cross{Reason: UnitSlip, Derivation: Product, Lines: []int{c.Line}, Stated: n, Factor: f,
				Got: toUnit((cd.lo+cd.hi)/2, n), GotUnit: n.Unit, Operands: []Number{cd.a, cd.b}})
			return true
		}
	}
	return false
}

// operandBase returns an operand's low and high ends in its base unit: a
// count of things and a nominal size (an integer of one or two
// significant digits: "4 KiB", "64 KB", "2 GB") are exact; any other
// figure is widened by its rounding (Number.base).
func operandBase(n Number, k operandKind) (lo, hi float64) {
	if k == opCount && n.Value == math.Trunc(n.Value) || k == opSize && nominalSize(n) {
		v := n.mid()
		return v, v
	}
	lo, hi = n.base()
	if k == opCountRate && n.Quantity == PerPeriod {
		// Things per period, per second.
		return lo / n.perHi, hi / n.perLo
	}
	if k == opCountRate && n.scale <= 1 {
		// "4.1 M/s": a multiplier written as the rate's noun.
		if m, ok := rateMultipliers[strings.TrimSuffix(n.Unit, "/s")]; ok {
			lo, hi = lo*m, hi*m
		}
	}
	return lo, hi
}

// rateMultipliers are the multipliers a rate of things may be written
// with in place of its noun: "4.1 M/s", "120 k/s".
var rateMultipliers = map[string]float64{"k": 1e3, "K": 1e3, "M": 1e6, "G": 1e9, "B": 1e9}

// nominalSize reports whether a size is written as a nominal one: an
// integer of at most two significant digits.
func nominalSize(n Number) bool {
	if n.Value != math.Trunc(n.Value) || strings.ContainsAny(n.Text, ".") {
		return false
	}
	v := n.Value
	for v >= 100 && math.Mod(v, 10) == 0 {
		v /= 10
	}
	return v < 100
}

// productText returns the text the operands of a product for figure n
// are read from: the claim's line scan, after the two lines before it
// when its paragraph runs on from them (wrappedLine), its figures, and
// the index of n's own among them (the last written as n on scan), or
// -1.
func (x *extractor) productText(c *Claim, n Number, scan string) (text string, figs []figure, at int) {
	if x.productLine == c.Line && x.productScan == scan {
		// A line of several figures is read once.
		text, figs = x.productRead, x.productFigs
		return text, figs, lastWritten(text, figs, n, scan)
	}
	text = scan
	if productSpansSentences {
		if p1 := x.wrappedLine(c.Line-1, c.Line-2); p1 != "" {
			text = p1 + " " + text
			if p2 := x.wrappedLine(c.Line-2, c.Line-3); p2 != "" {
				text = p2 + " " + text
			}
		}
	} else if p1 := x.wrappedLine(c.Line-1, c.Line-2); p1 != "" {
		text = p1 + " " + text
	}
	figs = scanFigures(text)
	x.productLine, x.productScan, x.productRead, x.productFigs = c.Line, scan, text, figs
	return text, figs, lastWritten(text, figs, n, scan)
}

// lastWritten returns the index of the last of figs (of text, which
// ends with scan) written as n on scan, or -1.
func lastWritten(text string, figs []figure, n Number, scan string) int {
	for k := len(figs) - 1; k >= 0; k-- {
		if figs[k].Text == n.Text && figs[k].Unit == n.Unit && figs[k].start >= len(text)-len(scan) {
			return k
		}
	}
	return -1
}

// samePeriod reports whether operand o (of kind k) may give figure n as
// to the period they are stated over: an amount per period ("5,043 GiB
// per day") is a count times a size over a period (the same, which the
// caller checks: "442 GB per day") or a rate of things times a size; an
// amount each may be a share of one over any period ("3.1 TB a day
// across 18,400 queries, 168 MB each"); a figure over no period takes
// no size over one.
func samePeriod(n, o Number, k operandKind, each bool) bool {
	if k != opSize {
		return n.Quantity != PerPeriod || k == opCount || k == opCountRate
	}
	return n.Quantity == PerPeriod || o.Quantity != PerPeriod || each
}

// prefixSlips returns the factors stated/recomputed of a byte unit's own
// prefix misread, tried before slipOf's: a binary prefix a step off (2
// MiB for 2 GiB) and the prefix's binary value taken as its decimal one
// or back (5,043 GiB for 5,043 GB: 1.074 for G, 1.100 for T).
func prefixSlips(n Number) []float64 {
	if n.Quantity != Memory && !isByteRate(n) && !(n.Quantity == PerPeriod && n.dim == "B") {
		return nil
	}
	u := n.Unit
	if strings.HasPrefix(u, "k") {
		u = "K" + u[1:] // "kB"
	}
	if strings.IndexAny(u, "KMGTP") != 0 {
		return nil
	}
	k := float64(strings.IndexByte("KMGTP", u[0]) + 1)
	f := math.Pow(1.024, k)
	if binaryUnit(n.Unit) {
		return []float64{1024, 1.0 / 1024, 1 / f, f}
	}
	return []float64{f, 1 / f}
}
