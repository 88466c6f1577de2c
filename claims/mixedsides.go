package claims

import (
	"fmt"
	"strings"
)

// mixedRatioSide (forty-ninth round): a factor or percentage called
// mixes-rows because its pair joins two rows of a table — "reprojection
// fell from 31.58 ms to 6.24 ms, 80 % less" (31.58 ms the reproject
// row's before, 6.244 ms the composite row's after), "sigma clipping now
// takes 6.159 s instead of 47.78 s, 7.8x faster" (6.159 s the median
// row's) — left the borrowed figure itself consistent, "supported by"
// the row it was taken from. The borrowed side is the one whose row the
// sentence does not name: when the sentence names one of the two rows
// (a word of its label the other row's label lacks, whole, or begun by a
// word of the sentence when it has five letters or more: "reprojection"
// for "reproject 720×720", "sigma" for "stack/sigma_clip/48x4k", but
// "tablets" not for "Tab A8") and not the
// other, the figure of the other row, stated as a claim of its own on
// the ratio's line or the line before in its sentence, is mixes-rows
// too, unless a figure of the pair is alarmed already (an earlier rule
// found the borrowed one). Cost: per mixes-rows ratio, the labels of its two rows and one
// pass over the claims of its lines.
const mixedRatioSide = true

// markMixedRatioSides: see mixedRatioSide.
func (x *extractor) markMixedRatioSides() {
	if !mixedRatioSide {
		return
	}
	cs := x.rep.Claims
	for k := range cs {
		r := &cs[k]
		if r.Verdict != MixesRows || r.Kind != Speedup && r.Kind != Percent || r.Cross == nil || r.Cross.Reason != RowsMixed ||
			len(r.Cross.Operands) != 2 || len(r.Cross.Lines) != 2 || r.Line < 1 || r.Line > len(x.lines) || x.lines[r.Line-1].kind != lkProse ||
			len(r.Numbers) == 0 || r.Numbers[0].Unit != "x" && r.Numbers[0].Unit != "%" {
			// Only the ratio itself, not a figure of its pair split off
			// with its alarm.
			continue
		}
		la, lb := r.Cross.Lines[0], r.Cross.Lines[1]
		if la == lb || la < 1 || lb < 1 || la > len(x.lines) || lb > len(x.lines) || x.lines[la-1].kind != lkTable || x.lines[lb-1].kind != lkTable {
			continue
		}
		raw := blankCode(plain(x.lines[r.Line-1].raw))
		at := indexFigure(raw, r.stated.Text)
		if at < 0 {
			continue
		}
		if prev := x.wrappedLine(r.Line-1, r.Line-2); prev != "" {
			raw, at = prev+" "+raw, at+len(prev)+1
		}
		lo, hi := sentenceBounds(raw, at)
		sentence := labelTokens("| " + raw[lo:hi] + " |")
		ta, tb := labelTokens(x.lines[la-1].raw), labelTokens(x.lines[lb-1].raw)
		na, nb := namesRow(sentence, ta, tb), namesRow(sentence, tb, ta)
		if na == nb {
			continue
		}
		// The borrowed figure: the operand written on the row the
		// sentence does not name.
		row, kept := lb, la
		if nb {
			row, kept = la, lb
		}
		var borrowed Number
		found := 0
		for _, op := range r.Cross.Operands {
			if lineHoldsFigure(x.lines[row-1].raw, op) && !lineHoldsFigure(x.lines[kept-1].raw, op) {
				borrowed = op
				found++
			}
		}
		if found != 1 {
			continue
		}
		// A figure of the pair already alarmed ("301.7 ns", stated
		// only on the row of another setting) is the borrowed one an
		// earlier rule found.
		alarmed := false
		for j := range cs {
			c := &cs[j]
			if (c.Line == r.Line || c.Line == r.Line-1) && j != k && c.Verdict.Failed() && len(c.Numbers) == 1 &&
				(c.Numbers[0].Text == r.Cross.Operands[0].Text || c.Numbers[0].Text == r.Cross.Operands[1].Text) {
				alarmed = true
			}
		}
		if alarmed {
			continue
		}
		for j := range cs {
			c := &cs[j]
			if c.Line != r.Line && c.Line != r.Line-1 || c.Kind != Absolute && c.Kind != BeforeAfter || len(c.Numbers) != 1 || c.Verdict.Failed() ||
				c.Numbers[0].Text != borrowed.Text || !strings.Contains(raw[lo:hi], borrowed.Text) {
				continue
			}
			c.Cross = &Cross{Reason: RowsMixed, Lines: []int{row, kept}, Stated: c.Numbers[0], Operands: []Number{borrowed}}
			c.Verdict = MixesRows
			c.Detail = fmt.Sprintf("mixes rows: %s is the figure of the row on line %d, set beside the row its sentence names (line %d)", borrowed.String(), row, kept)
		}
	}
}

// namesRow reports whether sentence (its words, labelTokens) holds a
// word of a row's label (tokens) that the other row's label (others)
// lacks: the word itself, or for a label word of five letters or more a
// word it starts ("reprojection" for "reproject"; "tablets" does not
// name "Tab A8").
func namesRow(sentence, tokens, others map[string]bool) bool {
	for t := range tokens {
		if others[t] || len(t) < 2 {
			continue
		}
		if sentence[t] {
			return true
		}
		if len(t) < 5 {
			continue
		}
		for w := range sentence {
			if strings.HasPrefix(w, t) {
				return true
			}
		}
	}
	return false
}

// lineHoldsFigure reports whether raw (a table row) writes a figure equal
// to n at their roundings, with the same digits (a bare cell: the same
// number).
func lineHoldsFigure(raw string, n Number) bool {
	for _, f := range scanFigures(blankCode(plain(raw))) {
		if f.isRange() || digitsOf(f.Text) != digitsOf(n.Text) && !strings.HasPrefix(digitsOf(f.Text), digitsOf(n.Text)) {
			continue
		}
		if f.Unit == "" && f.Value == n.Value {
			// A bare cell under a header that gives its unit.
			return true
		}
		if f.Quantity != n.Quantity || f.scale == 0 || n.scale == 0 {
			continue
		}
		flo, fhi := f.base()
		nlo, nhi := n.base()
		if flo <= nhi && nlo <= fhi {
			return true
		}
	}
	return false
}
