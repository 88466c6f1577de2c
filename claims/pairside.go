package claims

import (
	"math"
	"slices"
)

// pairSideRestated makes checkPairSideRestated read a before → after
// pair of prose that restates another pair of the report, the same
// figure before, with another figure after ("LTE data fell from 4.1 GB
// to 0.6 GB a month" against "Summit LTE traffic is down from 4.1 GB to
// 0.88 GB" and a table row 4.1 GB | 0.88 GB). Forty-second round.
const pairSideRestated = true

// checkPairSideRestated finds a pair of prose (both figures on its line)
// whose figure before is, at its rounding, the figure before of other
// pairs of the report on lines sharing a subject word with it, while
// its figure after is none of theirs and is written nowhere else in the
// report. Those pairs must agree among themselves on the figure after
// (within 1 %: a benchmark's real and CPU times), and the figure after
// must be within half again of theirs, either way. The figure after is
// Contradicted, naming the first of them. The pairs are indexed by
// quantity and value (a fiftieth of a decade), so each pair reads the
// few near its figure, not all of them.
func (x *extractor) checkPairSideRestated() {
	if !pairSideRestated || len(x.pairs) < 2 {
		return
	}
	type bucket struct {
		q Quantity
		k int
	}
	keyOf := func(v float64) int { return int(math.Floor(math.Log10(v) * 50)) }
	index := make(map[bucket][]*docPair)
	for _, a := range x.pairs {
		if a.p.OldLine != a.p.NewLine || a.p.OldLine < 1 || !(a.p.Old.mid() > 0) || x.isPrevious(a.section) {
			continue
		}
		b := bucket{a.p.canonicalQ(), keyOf(a.p.Old.mid())}
		index[b] = append(index[b], a)
	}
	words := make(map[int][]string)
	wordsOf := func(l int) []string {
		w, ok := words[l]
		if !ok {
			w = singulars(append(x.lineWords(l), nameWords(x.sentenceLead(l-1))...))
			words[l] = w
		}
		return w
	}
	var add []Claim
	for _, b := range x.pairs {
		line := b.p.OldLine
		if line < 1 || b.p.NewLine != line || x.lines[line-1].kind != lkProse || x.isPrevious(b.section) {
			continue
		}
		o, n := b.p.Old, b.p.New
		if o.Unit == "" || n.Unit == "" || o.isRange() || n.isRange() || !(o.mid() > 0) || !(n.mid() > 0) ||
			significantDigits(digitsOf(o.Text)) < 2 || significantDigits(digitsOf(n.Text)) < 1 {
			continue
		}
		if x.statedElsewhere(n, line) {
			continue
		}
		q, k := b.p.canonicalQ(), keyOf(o.mid())
		var src []*docPair
		agrees := false
		for d := -2; d <= 2 && !agrees; d++ {
			for _, a := range index[bucket{q, k + d}] {
				if a.p.OldLine == line || !sameFigure(a.p.Old, o) || a.p.New.isRange() || !(a.p.New.mid() > 0) {
					continue
				}
				if sameFigure(a.p.New, n) || truncates(n, a.p.New) {
					agrees = true
					break
				}
				if overlap(wordsOf(line), wordsOf(a.p.OldLine)) > 0 || overlap(wordsOf(line), singulars(a.words)) > 0 {
					src = append(src, a)
				}
			}
		}
		if agrees || len(src) == 0 {
			continue
		}
		v := src[0].p.New.mid()
		if slices.ContainsFunc(src, func(a *docPair) bool { return !nearRel(a.p.New.mid(), v, 0.01) }) {
			continue
		}
		if math.Abs(math.Log(n.mid()/v)) > math.Log(1.5) {
			// "10 min → 45 min" against a 10-min recording's 196.3 ms:
			// another measure, not a figure restated.
			continue
		}
		a := src[0]
		cx := &Cross{Reason: RestatedDiffers, Lines: []int{a.p.NewLine}, Stated: n, Got: a.p.New.Value, GotUnit: a.p.New.Unit, Operands: []Number{a.p.New}}
		for k := range x.rep.Claims {
			c := &x.rep.Claims[k]
			if c.Line != line || c.expected || c.Verdict != Unverifiable {
				continue
			}
			if c.Kind == Absolute && slices.ContainsFunc(c.Numbers, func(m Number) bool { return m.Text == n.Text && m.Unit == n.Unit }) {
				add = append(add, alarmOnFigure(c, n, cx)...)
				break
			}
			if c.Kind == BeforeAfter && restsOn(c, b.p) {
				setCross(c, cx)
				break
			}
		}
	}
	x.addClaims(add)
}
