package claims

import (
	"fmt"
	"regexp"
	"strings"
)

// factorAfterOwnPair (forty-ninth round): a factor written right after
// the two figures it divides — "goes from 38 to 4 allocations (9.5x
// fewer), a medium one from 97 to 4", "runs in 76 instead of 191 minutes
// (2.51x faster, 115 minutes saved)" — was checked against another pair
// of its line (the next clause's "97 to 4", the "115 … 37 minutes" after
// it) and called an arithmetic error. A factor alarmed arithmetic-error
// on a pair of its own line is consistent when the last two figures
// before it in its sentence, of one quantity and unit (counts taken as
// exact) and with no factor or percentage between them and it, give it
// at its rounding; a factor
// those two do not give ("from 412 to 6, 82 times fewer", 68.7x) keeps
// its alarm. Cost: per alarmed factor, one scan of its sentence's
// figures (its line and the wrapped lines around it).
const factorAfterOwnPair = true

// unalarmFactorsAfterOwnPair: see factorAfterOwnPair.
func (x *extractor) unalarmFactorsAfterOwnPair() {
	if !factorAfterOwnPair {
		return
	}
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Kind != Speedup || c.Verdict != ArithmeticError || c.Pair == nil || c.Pair.OldLine != c.Line && c.Pair.NewLine != c.Line ||
			c.stated.Text == "" || c.stated.isRange() || !(c.stated.Value > 1) || c.Line < 1 || c.Line > len(x.lines) || x.lines[c.Line-1].kind != lkProse {
			continue
		}
		i := c.Line - 1
		raw := blankCode(plain(x.lines[i].raw))
		prev := x.wrappedLine(i, i-1)
		text, off := raw, 0
		if prev != "" {
			text, off = prev+" "+raw, len(prev)+1
		}
		figs := x.figuresOf(text)
		at := -1
		for j := range figs {
			if figs[j].start >= off && figs[j].Text == c.stated.Text && figs[j].Unit == "x" {
				at = j
				break
			}
		}
		if at < 2 {
			continue
		}
		lo, _ := sentenceBounds(text, figs[at].start)
		a, b := figs[at-2], figs[at-1]
		if a.start < lo || a.Unit == "x" || b.Unit == "x" || a.Unit == "%" || b.Unit == "%" || a.Quantity != b.Quantity && a.Unit != "" && b.Unit != "" ||
			a.isRange() || b.isRange() || !(a.Value > 0) || !(b.Value > 0) || a.Unit != b.Unit && a.Unit != "" && b.Unit != "" {
			continue
		}
		alo, ahi := a.base()
		blo, bhi := b.base()
		if a.Unit == "" || b.Unit == "" || a.Quantity == Allocs && b.Quantity == Allocs {
			// Counts ("from 38 to 4 allocations") are exact: the
			// rounding of a one-digit figure would give almost any
			// factor.
			alo, ahi = a.Value, a.Value
			blo, bhi = b.Value, b.Value
		}
		qlo, qhi := alo/bhi, ahi/blo
		if alo < blo {
			qlo, qhi = blo/ahi, bhi/alo
		}
		if qhi < c.stated.Value-c.stated.step/2 || qlo > c.stated.High+c.stated.step/2 {
			continue
		}
		// Unordered: "76 instead of 191 minutes" writes the new figure
		// first; the larger is put first.
		p := Pair{Old: a.Number, New: b.Number, OldLine: c.Line, NewLine: c.Line, From: "the two figures before it in its sentence"}
		if a.start < off {
			p.OldLine = c.Line - 1
		}
		if alo < blo {
			p.Old, p.New, p.OldLine, p.NewLine = p.New, p.Old, p.NewLine, p.OldLine
		}
		c.Cross, c.Verdict, c.Arithmetic = nil, Consistent, Consistent
		c.Pair = &p
		c.Detail = fmt.Sprintf("%s and %s (the two figures before it in its sentence) give %sx", p.Old.String(), p.New.String(), c.stated.Text)
	}
}

// factorOffPairBefore (fifty-second round): a factor that restates the
// pair just before it in its sentence — "IPC went from 1.48 to 2.65, 2.1x
// higher" (2.65 / 1.48 = 1.79), "fell from 18,432 B to 4,096 B, 77.8 %
// less, or 5.2x lower" (4.50) — found no pair of its own (the percentage
// took the pair, or bare figures make none) and was read as unverifiable,
// "a factor of something no pair of the report counts". The reader now
// reads the two figures before the factor in its sentence, as
// factorAfterOwnPair does, with at most one percentage between them and
// it (the same change in another form): when they are a pair in the
// sentence's words ("from … to", "to", "→", "instead of", "vs", "against"
// in at most three words between them), of one unit as written, nothing
// between the second and the factor joins another clause ("and",
// "while", "but", a semicolon, a bracket, more than four words), and the
// factor is written with a comparative ("higher", "fewer", "less" …: a
// change of the pair's own quantity, not "1.88 times the throughput"), a
// factor their quotient does not give, at both roundings and with a
// twentieth's margin, is an arithmetic error. A
// factor they give is left as it was. Cost: per unverifiable factor of
// prose, one scan of its sentence's figures (its line and the wrapped
// line before).
const factorOffPairBefore = true

var (
	// pairWordRE finds the words that make two figures a pair.
	pairWordRE = regexp.MustCompile(`(?i)(?:^|[^\p{L}])(?:to|instead of|vs\.?|versus|against)(?:$|[^\p{L}])|→|->`)
	// clauseJoinRE finds a word or mark that starts another clause.
	clauseJoinRE = regexp.MustCompile(`(?i)(?:^|[^\p{L}])(?:and|while|but|whereas)(?:$|[^\p{L}])|;`)
	// factorComparativeRE finds the comparative a factor of change is
	// written with, right after it: "2.1x higher", "5.2x lower".
	factorComparativeRE = regexp.MustCompile(`(?i)^\s*(?:times\s+)?(?:higher|lower|fewer|less|more|smaller|larger|bigger|faster|slower|cheaper|greater)\b`)
)

// proseFactorAt finds the factor of claim c on its line of prose, for
// the checks of a factor against the figures written just before it: it
// returns the line's text (joined to the line before when the sentence
// wraps onto c's line), the offset of c's own line in it, the text's
// figures and the index among them of c's factor (a figure with unit
// "x" and c's text on c's own line). at is -1 for a claim those checks
// leave alone: not an unverifiable factor above 1 without a pair, listed
// or expected, or not on a line of prose.
func (x *extractor) proseFactorAt(c *Claim) (text string, off int, figs []figure, at int) {
	if c.Kind != Speedup || c.Verdict != Unverifiable || c.Pair != nil || c.expected || c.listed ||
		c.stated.Text == "" || c.stated.isRange() || !(c.stated.Value > 1) || c.Line < 1 || c.Line > len(x.lines) || x.lines[c.Line-1].kind != lkProse {
		return "", 0, nil, -1
	}
	i := c.Line - 1
	raw := blankCode(plain(x.lines[i].raw))
	prev := x.wrappedLine(i, i-1)
	text = raw
	if prev != "" {
		text, off = prev+" "+raw, len(prev)+1
	}
	figs = x.figuresOf(text)
	for j := range figs {
		if figs[j].start >= off && figs[j].Text == c.stated.Text && figs[j].Unit == "x" {
			return text, off, figs, j
		}
	}
	return text, off, figs, -1
}

// checkFactorsOffPairBefore: see factorOffPairBefore.
func (x *extractor) checkFactorsOffPairBefore() {
	if !factorOffPairBefore {
		return
	}
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		text, off, figs, at := x.proseFactorAt(c)
		if at < 2 {
			continue
		}
		lo, _ := sentenceBounds(text, figs[at].start)
		bj := at - 1
		if figs[bj].Unit == "%" {
			bj--
		}
		if bj < 1 {
			continue
		}
		a, b := figs[bj-1], figs[bj]
		if a.start < lo || a.Unit == "x" || b.Unit == "x" || a.Unit == "%" || b.Unit == "%" || a.Unit != b.Unit && a.Unit != "" ||
			a.isRange() || b.isRange() || !(a.Value > 0) || !(b.Value > 0) || a.end > b.start || b.end > figs[at].start {
			continue
		}
		if a.Unit != b.Unit || !pairWordRE.MatchString(text[a.end:b.start]) || figureBetween(text[a.end:b.start]) ||
			len(strings.Fields(text[a.end:b.start])) > 3 || !factorComparativeRE.MatchString(text[figs[at].end:]) {
			continue
		}
		gap := text[b.end:figs[at].start]
		if bj < at-1 {
			gap = text[b.end:figs[bj+1].start] + " " + text[figs[bj+1].end:figs[at].start]
		}
		if clauseJoinRE.MatchString(gap) || strings.ContainsAny(gap, "()") || len(strings.Fields(gap)) > 4 {
			continue
		}
		alo, ahi := a.base()
		blo, bhi := b.base()
		if a.Unit == "" || b.Unit == "" || a.Quantity == Allocs && b.Quantity == Allocs {
			alo, ahi = a.Value, a.Value
			blo, bhi = b.Value, b.Value
		}
		qlo, qhi := alo/bhi, ahi/blo
		if alo < blo {
			qlo, qhi = blo/ahi, bhi/alo
		}
		slo, shi := c.stated.Value-c.stated.step/2, c.stated.High+c.stated.step/2
		if qhi*1.05 >= slo && qlo/1.05 <= shi {
			continue
		}
		p := Pair{Old: a.Number, New: b.Number, OldLine: c.Line, NewLine: c.Line, From: "the two figures before it in its sentence"}
		if a.start < off {
			p.OldLine = c.Line - 1
		}
		got := (qlo + qhi) / 2
		c.Cross = &Cross{Reason: DerivedOff, Derivation: Expression, Lines: []int{p.OldLine, p.NewLine}, Stated: c.stated, Got: got, GotUnit: "x",
			Operands: []Number{p.Old, p.New}}
		c.Verdict, c.Arithmetic = ArithmeticError, ArithmeticError
		c.Detail = fmt.Sprintf("%s and %s (the two figures before it in its sentence) give %.3gx, not %sx", p.Old.String(), p.New.String(), got, c.stated.Text)
	}
}

// factorOffPercentBefore (fifty-second round): a factor written right
// after the percentage of the same change — "(−66.8 %), 4.1x fewer",
// where a cut of 66.8 % leaves a third and is 3.01x fewer — was read as
// unverifiable when no pair stands before them, though the two figures
// restate each other. With factorOffPairBefore's reading of the sentence
// (at most four words between them, no clause joined, a comparative
// after the factor), a percentage of a cut (a minus sign, or "less",
// "fewer", "lower", "smaller", "cut" after it) and a factor "fewer",
// "lower", "less" or "smaller" give f = 1 / (1 − p); a percentage of a
// rise (a plus sign, or "more", "higher", "larger", "greater") and a
// factor "more", "higher", "larger" or "greater" give f = 1 + p. "faster"
// and "slower" are left alone (a percentage of speed is read either
// way). A factor off from f by more than both roundings and a twentieth
// is an arithmetic error. Cost: per unverifiable factor of prose, one
// scan of its sentence's figures.
const factorOffPercentBefore = true

var (
	// cutAfterRE and riseAfterRE read the direction of a percentage from
	// the word after it.
	cutAfterRE  = regexp.MustCompile(`(?i)^\s*(?:less|fewer|lower|smaller|cut|reduction|drop)\b`)
	riseAfterRE = regexp.MustCompile(`(?i)^\s*(?:more|higher|larger|greater|increase|rise)\b`)
	// cutFactorRE and riseFactorRE read the direction of a factor from
	// the comparative after it.
	cutFactorRE  = regexp.MustCompile(`(?i)^\s*(?:times\s+)?(?:fewer|lower|less|smaller)\b`)
	riseFactorRE = regexp.MustCompile(`(?i)^\s*(?:times\s+)?(?:more|higher|larger|greater)\b`)
)

// checkFactorsOffPercentBefore: see factorOffPercentBefore.
func (x *extractor) checkFactorsOffPercentBefore() {
	if !factorOffPercentBefore {
		return
	}
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		text, _, figs, at := x.proseFactorAt(c)
		if at < 1 {
			continue
		}
		lo, _ := sentenceBounds(text, figs[at].start)
		p := figs[at-1]
		if p.start < lo || p.Unit != "%" || p.isRange() || !(p.Value > 0) || p.end > figs[at].start {
			continue
		}
		gap := text[p.end:figs[at].start]
		if clauseJoinRE.MatchString(gap) || len(strings.Fields(gap)) > 4 {
			continue
		}
		after := text[figs[at].end:]
		cut := (p.sign == '-' || cutAfterRE.MatchString(gap)) && cutFactorRE.MatchString(after)
		rise := (p.sign == '+' || riseAfterRE.MatchString(gap)) && riseFactorRE.MatchString(after)
		if cut == rise {
			continue
		}
		plo, phi := (p.Value-p.step/2)/100, (p.High+p.step/2)/100
		var flo, fhi float64
		if cut {
			if phi >= 1 {
				continue
			}
			flo, fhi = 1/(1-plo), 1/(1-phi)
		} else {
			flo, fhi = 1+plo, 1+phi
		}
		slo, shi := c.stated.Value-c.stated.step/2, c.stated.High+c.stated.step/2
		if fhi*1.05 >= slo && flo/1.05 <= shi {
			continue
		}
		got := (flo + fhi) / 2
		c.Cross = &Cross{Reason: DerivedOff, Derivation: Expression, Lines: []int{c.Line}, Stated: c.stated, Got: got, GotUnit: "x",
			Operands: []Number{p.Number}}
		c.Verdict, c.Arithmetic = ArithmeticError, ArithmeticError
		how := "1 + p"
		if cut {
			how = "1 / (1 − p)"
		}
		c.Detail = fmt.Sprintf("the percentage before it in its sentence, %s, gives %s = %.3gx, not %sx", p.Number.String(), how, got, c.stated.Text)
	}
}
