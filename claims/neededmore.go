package claims

import (
	"fmt"
	"regexp"
	"strings"
)

// neededMoreBase (thirty-third round): "put the other way, v1 needed
// 62.5 % more GPUs than v2", "the old layout needed 35 % more space than
// the new one", "v4 needed 151 % more time than v5" restate a fall as
// what the before figure needed over the after one: old/new − 1, on the
// after figure's base. The reader read such a percentage against the
// closest pair as a fall (or left it unverifiable). It is now checked
// against the pairs its paragraph has just stated (a ratio, a
// difference or a percentage of the line or the two before, consistent
// with its pair) and the total rows of its section: one that gives
// old/new − 1 makes it consistent; one that gives only (old − new)/old,
// the fall on the before figure's base, makes it an arithmetic error.
const neededMoreBase = true

// neededBeforeRE finds the verb before such a percentage: "needed",
// "took", "used", "required", "consumed".
var neededBeforeRE = regexp.MustCompile(`(?i)\b(?:needed|needs|need|took|takes|used|uses|required|requires|consumed|consumes)\s+(?:about\s+|roughly\s+|some\s+)?$`)

// moreThanAfterRE finds "% more … than" after it.
var moreThanAfterRE = regexp.MustCompile(`(?i)^\s*%?\s*more\b[^.;:]{0,40}?\bthan\b`)

// checkNeededMore: see neededMoreBase.
func (x *extractor) checkNeededMore() {
	if !neededMoreBase {
		return
	}
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Kind != Percent || c.stated.Unit != "%" || c.stated.isRange() || !(c.stated.mid() > 0) || c.Line < 1 || c.Line > len(x.lines) ||
			x.lines[c.Line-1].kind != lkProse || c.Verdict == Contradicted || c.Verdict == MixesRows {
			continue
		}
		raw := blankCode(plain(x.lines[c.Line-1].raw))
		at := indexFigure(raw, c.stated.Text)
		if at < 0 || !neededBeforeRE.MatchString(raw[:at]) || !moreThanAfterRE.MatchString(raw[at+len(c.stated.Text):]) {
			continue
		}
		type cand struct {
			old, nw Number
			lines   []int
		}
		var cands []cand
		add := func(a, b Number, lines []int) {
			if canonical(a.Quantity) != canonical(b.Quantity) || !(a.mid() > 0) || !(b.mid() > 0) || a.mid() == b.mid() {
				return
			}
			if a.mid() < b.mid() {
				a, b = b, a
			}
			cands = append(cands, cand{a, b, lines})
		}
		if c.Cross != nil && len(c.Cross.Operands) == 2 {
			add(c.Cross.Operands[0], c.Cross.Operands[1], c.Cross.Lines)
		}
		for j := range x.rep.Claims {
			e := &x.rep.Claims[j]
			if j == k || e.Line > c.Line || e.Line < c.Line-2 || e.Verdict != Consistent {
				continue
			}
			if e.Line < c.Line && x.lines[e.Line-1].kind != lkProse {
				continue
			}
			switch {
			case e.Cross != nil && len(e.Cross.Operands) == 2:
				add(e.Cross.Operands[0], e.Cross.Operands[1], e.Cross.Lines)
			case e.Pair != nil:
				add(e.Pair.Old, e.Pair.New, []int{e.Pair.OldLine, e.Pair.NewLine})
			}
		}
		for _, d := range x.pairs {
			if d.section == c.section && strings.Contains(strings.ToLower(d.subject), "total") {
				add(d.p.Old, d.p.New, []int{d.p.OldLine, d.p.NewLine})
			}
		}
		v, tol := c.stated.Value, c.stated.step/2+c.stated.Value*0.004
		fits := func(g float64) bool { return g >= v-tol && g <= v+tol }
		var wrong *cand
		done := false
		for i := range cands {
			cd := &cands[i]
			a, b := cd.old.mid(), cd.nw.mid()
			if fits(100 * (a/b - 1)) {
				c.Cross = &Cross{Reason: SupportedElsewhere, Lines: cd.lines, Stated: c.stated, Got: 100 * (a/b - 1), GotUnit: "%",
					Operands: []Number{cd.old, cd.nw}}
				c.Verdict, c.Arithmetic = Consistent, Consistent
				c.Detail = c.Cross.String()
				done = true
				break
			}
			if wrong == nil && fits(100*(a-b)/a) {
				wrong = cd
			}
		}
		if done || wrong == nil {
			continue
		}
		a, b := wrong.old.mid(), wrong.nw.mid()
		c.Cross = nil
		c.Pair = &Pair{Old: wrong.old, New: wrong.nw, OldLine: wrong.lines[0], NewLine: wrong.lines[len(wrong.lines)-1], Ordered: true}
		c.Verdict, c.Arithmetic = ArithmeticError, ArithmeticError
		c.Detail = fmt.Sprintf("%s needed %.4g%% more than %s (old/new − 1), not %s%%: %s%% is the fall over the before figure, the wrong base",
			wrong.old, 100*(a/b-1), wrong.nw, c.stated.Text, c.stated.Text)
	}
}
