package claims

import (
	"fmt"
	"math"
	"slices"
)

// pairAfterOtherRow (forty-fourth round): a before → after pair of prose
// whose figure before is one row's figure before in a table or
// benchmark block, and whose figure after is not that row's figure after
// but another row's of the same group ("the 5,000-word chapter went from
// 48.9 ms to 12.1 ms (−75.3 %)", where 12.1 ms is the 20,000-word row's
// new time and the 5,000-word row's is 11.6 ms), mixes rows: the figure
// after and the change computed from the pair (its percentage or factor,
// whose arithmetic holds on the mixed pair) are MixesRows, naming the two
// rows. The figure after is alarmed only when the sentence names row A
// by a word row B's label lacks, and none of row B's own: a sentence
// naming row B borrowed the figure before instead ("large batches now
// need 14 allocations instead of 48", 48 the medium row's), and one
// naming neither may compare two settings on purpose. checkPairSideRestated reads a figure after written nowhere else;
// this one was left consistent because the report does write it, in the
// other row.
//
// What it reads: every pair of prose; the pairs of the report's groups
// (table rows, benchmark lines) whose figure before is, at its rounding,
// the prose pair's (row A) and those whose figure after is the prose
// pair's (row B), in the same group, another row. No pair of the report
// may give the prose pair whole (figure before and after), row A's
// figure after must differ from the prose figure after by more than its
// rounding but less than half again, and row B's figure before must not
// be the prose pair's. Cost: the groups' pairs are indexed by quantity
// and value (a fiftieth of a decade), so each prose pair reads the few
// near its two figures; nothing quadratic in the document.
const pairAfterOtherRow = true

// pairAfterOtherRowCounts (fifty-first round): pairAfterOtherRow read
// pairs with a unit only, so a count of prose quoting benchstat's
// allocations ("Allocations per rollup at 1k meters fall from 11,631 to
// 1,844, an 84.1 % cut", where 1,844 is the 10k row's "1.844k" and the
// 1k row's is 212) was read as consistent, "supported by" the row it was
// taken from. A pair of two bare figures of three significant digits or
// more is now read against the rows of allocations and counts, as a pair
// with a unit is against the rows of its quantity. Cost: as
// pairAfterOtherRow's, the index read for three quantities.
const pairAfterOtherRowCounts = true

// pairAfterOtherRowAllocs (fifty-second round): pairAfterOtherRowCounts
// read bare figures of three significant digits or more, so "for long
// messages they went from 16 to 3 allocations (−81.3 %)", where 16 is
// the medium row's allocations before and the long row's is 24, was read
// as consistent. A pair of whole numbers whose figure after is written
// with an allocation unit is read against the rows of allocations and
// counts at any length (allocation counts are exact); the change mixes
// rows, and the figure before is split off unverifiable as for bare
// counts. Cost: none beyond pairAfterOtherRowCounts'.
const pairAfterOtherRowAllocs = true

// checkPairsAfterOtherRow: see pairAfterOtherRow.
func (x *extractor) checkPairsAfterOtherRow() {
	if !pairAfterOtherRow || len(x.pairs) < 3 {
		return
	}
	byOld := make(valueIndex[*docPair])
	byNew := make(valueIndex[*docPair])
	for _, a := range x.pairs {
		if a.group == "" || a.p.OldLine < 1 || a.p.Old.isRange() || a.p.New.isRange() || !(a.p.Old.mid() > 0) || !(a.p.New.mid() > 0) ||
			x.lines[a.p.OldLine-1].kind == lkProse || x.isPrevious(a.section) {
			continue
		}
		q := a.p.canonicalQ()
		byOld.add(q, a.p.Old.mid(), a)
		byNew.add(q, a.p.New.mid(), a)
	}
	var add []Claim
	for _, b := range x.pairs {
		line := b.p.NewLine
		if line < 1 || b.p.OldLine < 1 || x.lines[line-1].kind != lkProse || x.lines[b.p.OldLine-1].kind != lkProse || x.isPrevious(b.section) || !b.p.Ordered {
			continue
		}
		o, n := b.p.Old, b.p.New
		counts := pairAfterOtherRowCounts && o.Unit == "" && n.Unit == "" &&
			significantDigits(digitsOf(o.Text)) >= 3 && significantDigits(digitsOf(n.Text)) >= 3
		// An allocation count whose figure after names its unit ("from
		// 16 to 3 allocations"): exact counts, read at any length.
		allocs := pairAfterOtherRowAllocs && (o.Unit == "" || o.Quantity == Allocs) && n.Quantity == Allocs && !o.isRange() && !n.isRange() &&
			o.Value == math.Trunc(o.Value) && n.Value == math.Trunc(n.Value) && o.Value != n.Value
		counts = counts || allocs
		if (o.Unit == "" || n.Unit == "") && !counts || o.isRange() || n.isRange() || !(o.mid() > 0) || !(n.mid() > 0) ||
			!allocs && (significantDigits(digitsOf(o.Text)) < 2 || significantDigits(digitsOf(n.Text)) < 2) {
			continue
		}
		qs := []Quantity{b.p.canonicalQ()}
		if counts {
			qs = []Quantity{canonical(Allocs), canonical(Count), canonical(Unknown)}
		}
		var olds, news []*docPair
		for _, q := range qs {
			olds = append(olds, byOld.near(q, o.mid())...)
			news = append(news, byNew.near(q, n.mid())...)
		}
		whole := false
		for _, a := range news {
			if sameFigure(a.p.New, n) && sameFigure(a.p.Old, o) {
				whole = true
				break
			}
		}
		if whole {
			continue
		}
		var rowA, rowB *docPair
		for _, a := range olds {
			if !sameFigure(a.p.Old, o) || sameFigure(a.p.New, n) || truncates(n, a.p.New) {
				continue
			}
			for _, c := range news {
				if c.group != a.group || c.row == a.row || !sameFigure(c.p.New, n) || sameFigure(c.p.Old, o) {
					continue
				}
				rowA, rowB = a, c
				break
			}
			if rowA != nil {
				break
			}
		}
		if rowA == nil {
			continue
		}
		lines := []int{rowA.p.OldLine, rowB.p.NewLine}
		// Which figure is borrowed: the figure after when the sentence
		// names row A (the row of its figure before) and not row B; the
		// figure before when it names row B ("large batches now need 14
		// allocations instead of 48", 48 the medium row's). The change
		// computed from the pair mixes rows either way.
		words := singulars(append(x.lineWords(line), nameWords(x.sentenceLead(line-1))...))
		onlyA, onlyB := apart(singulars(rowA.own), singulars(rowB.own))
		afterBorrowed := overlap(words, onlyA) > 0 && overlap(words, onlyB) == 0
		for k := range x.rep.Claims {
			c := &x.rep.Claims[k]
			if c.Line < b.p.OldLine || c.Line > line+1 || c.expected || c.Verdict.Failed() {
				continue
			}
			switch {
			case afterBorrowed && (c.Kind == Absolute || c.Kind == BeforeAfter) && c.Line == line && slices.ContainsFunc(c.Numbers, func(m Number) bool { return m.Text == n.Text && m.Unit == n.Unit }):
				// The figure after alone: the figure before is the
				// row's.
				cx := &Cross{Reason: RowsMixed, Lines: lines, Stated: n, Operands: []Number{rowA.p.Old, rowB.p.New}}
				add = append(add, alarmOnFigure(c, n, cx)...)
			case (c.Kind == Percent || c.Kind == Speedup) && (c.Pair != nil && restsOn(c, b.p) || c.Pair == nil && crossRestsOn(c, b.p)):
				if counts && len(c.Numbers) > 1 {
					// Bare figures join the change's claim: the figure
					// before is the named row's and is kept apart.
					if at := slices.IndexFunc(c.Numbers, func(m Number) bool { return m.Text == o.Text && m.Unit == o.Unit }); at >= 0 {
						e := *c
						e.Kind, e.Numbers, e.Claimed, e.Pair, e.Cross = Absolute, []Number{o}, o.String(), nil, nil
						e.Verdict, e.Arithmetic = Unverifiable, Unverifiable
						e.Detail = unverifiableDetail(&e)
						c.Numbers = slices.Delete(slices.Clone(c.Numbers), at, at+1)
						add = append(add, e)
					}
				}
				setCross(c, &Cross{Reason: RowsMixed, Lines: lines, Stated: c.stated, Operands: []Number{rowA.p.Old, rowB.p.New}})
			}
		}
	}
	x.addClaims(add)
}

// apart returns the words of a not in b and those of b not in a (both
// sorted, as singulars gives them).
func apart(a, b []string) (onlyA, onlyB []string) {
	for _, w := range a {
		if !slices.Contains(b, w) {
			onlyA = append(onlyA, w)
		}
	}
	for _, w := range b {
		if !slices.Contains(a, w) {
			onlyB = append(onlyB, w)
		}
	}
	return onlyA, onlyB
}

// crossRestsOn reports whether claim c was found consistent against pair
// p of the report (its outcome's two figures are p's, in order).
func crossRestsOn(c *Claim, p *Pair) bool {
	x := c.Cross
	if x == nil || x.Reason != SupportedElsewhere && x.Reason != DerivedHolds || len(x.Operands) != 2 {
		return false
	}
	a, b := x.Operands[0], x.Operands[1]
	return a.Text == p.Old.Text && a.Unit == p.Old.Unit && b.Text == p.New.Text && b.Unit == p.New.Unit
}

// contradictionSparesOtherSide (forty-fourth round): a claim called
// contradicted for one figure of its pair ("falls from 13.4 µs to 1.53
// µs (8.8x)", 1.53 µs against the 2.08 µs stated for the subject
// elsewhere; "from 41 ms to 4.9 ms", 4.9 ms against 4.6 ms) carries the
// other figure of the pair too, and the alarm fell on that figure as
// well, though nothing contradicts it. The other figure becomes a claim
// of its own, unverifiable; the claim keeps the contradicted figure and
// its ratio. What it reads: each contradicted claim with a pair, whose
// contradicted figure is one side of the pair. Cost: one pass over the
// claims.
const contradictionSparesOtherSide = true

// splitUncontradictedSides: see contradictionSparesOtherSide.
func (x *extractor) splitUncontradictedSides() {
	if !contradictionSparesOtherSide {
		return
	}
	var add []Claim
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Verdict != Contradicted || c.Cross == nil || c.Cross.Reason != RestatedDiffers || c.Pair == nil || len(c.Numbers) < 2 {
			continue
		}
		st := c.Cross.Stated
		var other Number
		switch {
		case c.Pair.New.Text == st.Text && c.Pair.New.Unit == st.Unit:
			other = c.Pair.Old
		case c.Pair.Old.Text == st.Text && c.Pair.Old.Unit == st.Unit:
			other = c.Pair.New
		default:
			continue
		}
		at := slices.IndexFunc(c.Numbers, func(n Number) bool { return n.Text == other.Text && n.Unit == other.Unit })
		if at < 0 || other.Text == st.Text || !x.statedElsewhere(other, c.Line) {
			// The other side must be one the report states elsewhere:
			// a figure written on this line only may be the slip.
			continue
		}
		e := *c
		e.Kind, e.Pair, e.Cross, e.Numbers, e.Claimed, e.Quantity = Absolute, nil, nil, []Number{other}, other.String(), other.Quantity
		e.Verdict, e.Arithmetic = Unverifiable, Unverifiable
		e.Detail = "one side of a pair whose other side is contradicted; nothing contradicts this one"
		if row := x.otherRowOfTable(c.Cross, st, c.Line); row > 0 {
			e.Cross = &Cross{Reason: RowsMixed, Lines: []int{c.Cross.Lines[0], row}, Stated: other, Operands: []Number{other, st}}
			e.Verdict = MixesRows
			e.Detail = fmt.Sprintf("mixes rows: its pair's other side, %s, is the figure of another row (line %d) of the table that gives this subject %s (line %d)",
				st.String(), row, c.Cross.Operands[0].String(), c.Cross.Lines[0])
		}
		add = append(add, e)
		c.Numbers = slices.Delete(slices.Clone(c.Numbers), at, at+1)
	}
	x.addClaims(add)
}
