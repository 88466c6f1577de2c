package claims

import (
	"regexp"
	"strings"
)

// parenPairNextLine: a factor or percentage that ends its line, whose
// pair opens the next line in parentheses ("The p50 is 7.4x lower" /
// "(1.41 s → 0.19 s)"; "by 5.3x from 10k to" / "50k (412.6 µs → 2.184
// ms)"), rests on that pair: an alarm raised against another pair (of
// the sentence before, or the first of its line) is taken back when
// the parenthesised pair gives it. Thirty-fourth round
// (unalarmParenPairNextLine).
const parenPairNextLine = true

var (
	// parenPairLeadRE is the start of the next line up to the
	// parenthesis that holds the pair: nothing, or a word or a setting.
	parenPairLeadRE = regexp.MustCompile(`^\s*(?:[^\s().;,]+\s+)?\(\s*([^()]*)\)`)
	// parenPairJoinRE joins the pair's two figures.
	parenPairJoinRE = regexp.MustCompile(`^\s*(?:→|->|⟶|to)\s*$`)
	// ratioEndRE is what may follow the claim's figure to its line's
	// end: words and settings ("from 10k to"), no sentence end.
	ratioEndRE = regexp.MustCompile(`^[^;:!?()]*$`)
)

// unalarmParenPairNextLine takes back the alarm of a factor or
// percentage whose own pair opens the next line (see parenPairNextLine).
func (x *extractor) unalarmParenPairNextLine() {
	if !parenPairNextLine {
		return
	}
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Kind != Speedup && c.Kind != Percent || !c.Verdict.fromReport() || c.Verdict == Contradicted || c.expected ||
			c.stated.isRange() || !(c.stated.mid() > 0) || c.Line < 1 || c.Line >= len(x.lines) || x.lines[c.Line-1].kind != lkProse {
			continue
		}
		if c.Pair != nil && (c.Pair.OldLine == c.Line+1 || c.Pair.NewLine == c.Line+1) {
			continue
		}
		scan := blankCode(plain(x.lines[c.Line-1].raw))
		figs := scanFigures(scan)
		at := lastWritten(scan, figs, c.stated, scan)
		if at < 0 || !ratioEndRE.MatchString(scan[figs[at].end:]) || sentenceBreakRE.MatchString(scan[figs[at].end:]) {
			continue
		}
		later := false
		for _, f := range figs[at+1:] {
			later = later || f.Unit == "x" || f.Unit == "%" || f.Unit != "" && canonical(f.Quantity) == canonical(c.Quantity)
		}
		if later {
			// Another ratio, or a figure of the claim's quantity, after
			// it on its line: the pair may be that one's.
			continue
		}
		next := x.wrappedLine(c.Line-1, c.Line)
		m := parenPairLeadRE.FindStringSubmatch(next)
		if m == nil {
			continue
		}
		pf := scanFigures(m[1])
		if len(pf) != 2 || !parenPairJoinRE.MatchString(m[1][pf[0].end:pf[1].start]) || strings.TrimSpace(m[1][pf[1].end:]) != "" {
			continue
		}
		o, n := pf[0].Number, pf[1].Number
		if o.Unit == "" && n.Unit != "" {
			o.Unit, o.Quantity, o.scale = n.Unit, n.Quantity, n.scale
		}
		if o.Unit == "" || canonical(o.Quantity) != canonical(n.Quantity) || !(o.mid() > 0) || !(n.mid() > 0) {
			continue
		}
		p := &Pair{Old: o, New: n, OldLine: c.Line + 1, NewLine: c.Line + 1, Ordered: true}
		v, got := pairFits(c, p)
		if v != Consistent {
			continue
		}
		c.Verdict, c.Cross = Unverifiable, nil
		if !supportedBy(c, p, v, got) {
			continue
		}
		c.Verdict = Consistent
		c.Detail = c.Cross.String()
	}
}
