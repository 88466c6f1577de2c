package claims

import (
	"math"
	"regexp"
	"strings"
)

// conversionWrongWay (forty-fourth round): a size restated in the other
// system of byte units right after the size it restates, in one sentence
// or one table cell ("174.1 TB, i.e. 191.5 TiB of tape", "0.94 TB is
// 1.03 TiB", "4.22 TB (4.64 TiB)", "2.4 TB of user data per day (27.8
// MB/s), which is 2.62 TiB"), whose digits are the first size's times
// the prefix's factor (1.024 for K, 1.0486 for M, 1.0737 for G, 1.0995
// for T) where they should be divided by it, or the reverse, is an
// ArithmeticError: the conversion was done the wrong way. A TiB figure
// is always the smaller number of a TB amount, and a GB figure the
// larger of a GiB amount. The earlier conversion checks
// (checkAmountConversion) read a restatement only after the link words
// they know ("or", "i.e." with no noun after, a parenthesis) and were
// left off for "is" and "of tape" (conversionIs, conversionOfNoun: each
// caught its origin only); this rule reads any link but asks for the
// arithmetic signature itself.
//
// What it reads: each figure of an unverifiable claim that is a size in
// a prefixed byte unit, of three significant digits or more, and the
// nearest size before it (skipping byte rates and figures of other
// quantities, at most three figures back) on its line, or on the line
// before when a prose line wraps its sentence; no sentence break or
// table cell boundary between the two. The arithmetic: with f the
// prefix's binary-over-decimal factor (1.024^k for the k-th prefix), a
// binary figure that is the decimal size × f (in base units, × f²), or
// a decimal figure that is the binary size ÷ f (÷ f²), each widened by
// both figures' rounding, and neither the right conversion nor the same
// digits. Cost: one scan of the figure's line (and the line before) per
// eligible size; nothing quadratic in the document.
const conversionWrongWay = true

// wrongWayBack is how many figures before a size checkWrongWayConversions
// looks for the size it restates.
const wrongWayBack = 3

// conversionWrongWayRates (fifty-first round): conversionWrongWay read
// sizes only, so a byte rate restated in the other system the wrong way
// ("163.90 MiB/s on the feeder plan is about 156 MB/s": 163.90 ÷
// 1.048576, where MiB/s to MB/s multiplies, 171.9; "bgzf inflation
// sustains 549.15 MiB/s, roughly 524 MB/s") was left unverifiable. A
// byte rate is read as a size is, against the nearest byte rate before
// it in the other system of the same prefix and period ("/s"), with the
// same arithmetic. Cost: as conversionWrongWay's, per byte rate of an
// unverifiable claim.
const conversionWrongWayRates = true

// otherAmountLinkRE finds the words between two sizes that make the second
// another amount, not the first restated: "and", "while", "against",
// "from … to", "than", "more".
var otherAmountLinkRE = regexp.MustCompile(`(?i)\b(?:and|but|while|whereas|versus|vs|against|than|to|from|plus|minus|more|less|up|down|grows?|grew|rose|fell|drops?|dropped)\b`)

// checkWrongWayConversions: see conversionWrongWay.
func (x *extractor) checkWrongWayConversions() {
	if !conversionWrongWay {
		return
	}
	var add []Claim
	var ls lineScan
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Verdict != Unverifiable || c.Line < 1 || c.Line > len(x.lines) {
			continue
		}
		for _, n := range c.Numbers {
			if !wrongWayEligible(n) {
				continue
			}
			if cx := x.wrongWayConversion(&ls, c, n); cx != nil {
				add = append(add, alarmOnFigure(c, n, cx)...)
				break
			}
		}
	}
	x.addClaims(add)
}

// wrongWayEligible reports whether n may be a conversion checked by
// checkWrongWayConversions: a single size in a prefixed byte unit with
// three significant digits or more.
func wrongWayEligible(n Number) bool {
	if n.Quantity != Memory && !(conversionWrongWayRates && isByteRate(n)) || n.isRange() || !(n.Value > 0) || !(n.scale > 0) ||
		len(prefixSlips(n)) == 0 {
		return false
	}
	return significantDigits(digitsOf(n.Text)) >= 3
}

// wrongWayConversion returns the outcome of figure n of claim c when it
// is the size before it converted the wrong way, nil otherwise.
func (x *extractor) wrongWayConversion(ls *lineScan, c *Claim, n Number) *Cross {
	text, from, figs, at := ls.read(x, c.Line, n)
	if at < 1 {
		return nil
	}
	breaks := ls.breaks
	for i := at - 1; i >= 0 && i >= at-wrongWayBack; i-- {
		between := text[figs[i].end:figs[at].start]
		o := figs[i].Number
		bytes := conversionSystemOfBytes && o.Quantity == Memory && n.Quantity == Memory && plainBytes(o.Unit)
		link := between
		if bytes {
			// "316,536 B less, about 309 KB": the change's word is the
			// first figure's.
			link = bytesChangeAfterRE.ReplaceAllString(between, "")
		}
		if strings.Contains(between, "|") || hasBreakIn(breaks, figs[i].end, figs[at].start) || otherAmountLinkRE.MatchString(link) {
			return nil
		}
		if o.Quantity != n.Quantity || isByteRate(o) != isByteRate(n) || o.isRange() || !(o.scale > 0) {
			continue
		}
		if bytes {
			if cx := bytesOtherSystem(c, n, o, figs[i].start < from); cx != nil {
				return cx
			}
			return nil
		}
		if !otherByteSystem(strings.TrimSuffix(n.Unit, "/s"), strings.TrimSuffix(o.Unit, "/s")) ||
			strings.HasSuffix(n.Unit, "/s") != strings.HasSuffix(o.Unit, "/s") {
			// The size right before is in the figure's own system, or
			// a prefix away: no conversion of it.
			return nil
		}
		// r is the factor of the same digits read in the figure's
		// system (> 1 for a binary figure after a decimal size); the
		// right conversion keeps the bytes, the wrong one moves them by
		// r again.
		r := prefixFactor(o.Unit)
		if !binaryUnit(n.Unit) {
			r = 1 / r
		}
		lo, hi := o.base()
		wrong := r * r
		if !rangeMatch(n, lo*wrong, hi*wrong) || rangeMatch(n, lo, hi) || rangeMatch(n, lo*r, hi*r) {
			return nil
		}
		lines := []int{c.Line}
		if figs[i].start < from {
			lines = []int{c.Line - 1, c.Line}
		}
		return &Cross{Reason: UnitSlip, Derivation: Conversion, Lines: lines, Stated: n, Factor: wrong,
			Got: toUnit(o.mid(), n), GotUnit: n.Unit, Operands: []Number{o},
			Slip: "the conversion between binary and decimal units done the wrong way (multiplied where it divides, or the reverse)"}
	}
	return nil
}

// conversionSystemOfBytes (fifty-first round): a count of bytes restated
// in a prefixed unit of the other system ("23,040,000 bytes of `f32`,
// i.e. 23.04 MiB": 23.04 is the MB figure, the MiB one is 21.97;
// "316,536 B less, about 309 KB per call": 309 is the KiB figure, in KB
// 316.5) was left unverifiable: checkAmountConversion reads a restatement
// only after the link words it knows with nothing between, and
// conversionWrongWay reads two prefixed units. With the same reading of
// any link as conversionWrongWay (the word of a change right after the
// bytes, "less", "more", "saved", is the bytes' own), a prefixed size
// right after a count of bytes whose digits are the bytes over the
// other system's power (1,000^k for a binary unit, 1,024^k for a
// decimal one), at its rounding, and not over its own, is an
// arithmetic error: the prefix of the other system. Cost: one more
// comparison per size conversionWrongWay reads.
const conversionSystemOfBytes = true

// bytesChangeAfterRE finds the word of a change right after a figure.
var bytesChangeAfterRE = regexp.MustCompile(`(?i)^\s*(?:less|more|fewer|saved|smaller|larger)\b`)

// plainBytes reports whether u is bytes with no prefix.
func plainBytes(u string) bool { return u == "B" || u == "bytes" || u == "byte" }

// bytesOtherSystem returns the error of n, a prefixed size restating the
// count of bytes o, when its digits are o over the other system's power
// (see conversionSystemOfBytes); nil otherwise.
func bytesOtherSystem(c *Claim, n, o Number, wrapped bool) *Cross {
	u := n.Unit
	if strings.HasPrefix(u, "k") {
		u = "K" + u[1:]
	}
	k := strings.IndexByte("KMGTP", u[0])
	if k < 0 || o.Value != o.High {
		return nil
	}
	dec, bin := math.Pow(1000, float64(k+1)), math.Pow(1024, float64(k+1))
	own, other := dec, bin
	if binaryUnit(n.Unit) {
		own, other = bin, dec
	}
	near := func(f float64) bool { return math.Abs(n.Value-o.Value/f) <= n.step/2+1e-9*n.Value }
	if near(own) || !near(other) {
		return nil
	}
	lines := []int{c.Line}
	if wrapped {
		lines = []int{c.Line - 1, c.Line}
	}
	return &Cross{Reason: DerivedOff, Derivation: Conversion, Lines: lines, Stated: n, Got: o.Value / own, GotUnit: n.Unit, Operands: []Number{o}}
}

// hasBreakIn reports whether a sentence break of breaks (ascending byte
// offsets) lies in [lo, hi).
func hasBreakIn(breaks []int, lo, hi int) bool {
	for _, b := range breaks {
		if b >= lo && b < hi {
			return true
		}
	}
	return false
}

// prefixFactor returns a byte unit's binary prefix value over its decimal
// one, 1.024^k for the k-th prefix (K, M, G, T, P), whichever system u is
// written in; 1 without a prefix.
func prefixFactor(u string) float64 {
	if strings.HasPrefix(u, "k") {
		u = "K" + u[1:]
	}
	if u == "" {
		return 1
	}
	k := strings.IndexByte("KMGTP", u[0])
	if k < 0 {
		return 1
	}
	return math.Pow(1.024, float64(k+1))
}

// lineScan keeps the figures of the last line a pass read, so that a
// line of many figures is scanned once, not once per figure.
type lineScan struct {
	line   int
	text   string // the line, after the line before when prose wraps
	from   int    // the offset of the line's own text in text
	figs   []figure
	breaks []int // sentence breaks of text
}

// read returns the text of line (1-based) with the line before when its
// prose sentence wraps, the offset of the line's own text, its figures
// and the index of the last figure on the line itself written as n (-1
// if none).
func (ls *lineScan) read(x *extractor, line int, n Number) (text string, from int, figs []figure, at int) {
	if ls.line != line || ls.figs == nil {
		raw := blankCode(plain(x.lines[line-1].raw))
		text := raw
		if x.lines[line-1].kind == lkProse {
			text, raw = x.proseWithWrap(line)
		}
		ls.line, ls.text, ls.from = line, text, len(text)-len(raw)
		ls.figs = scanFigures(text)
		if ls.figs == nil {
			ls.figs = []figure{}
		}
		ls.breaks = sentenceBreaks(text)
	}
	at = -1
	for i := len(ls.figs) - 1; i >= 0 && ls.figs[i].start >= ls.from; i-- {
		if ls.figs[i].Text == n.Text && ls.figs[i].Unit == n.Unit {
			at = i
			break
		}
	}
	return ls.text, ls.from, ls.figs, at
}
