package claims

import (
	"fmt"
	"math"
	"slices"
)

// ratioOnMisquotedSide (forty-sixth round): a factor or percentage of
// prose that its own line's pair does not give because one figure of the
// pair misquotes the report ("routes a frame in 0.43 µs instead of 4.82
// µs, 14x faster" where the benchmark states 344 ns; "from 7.5 ms to 2.9
// ms (−64.2 %)" where the table states 2,690 µs) was called an arithmetic
// error: the ratio is right and the misquoted figure is the error. When a
// claim of the same line calls that figure contradicted, naming the
// figure it restates, and the ratio holds with that figure in its place,
// the ratio is consistent, naming the figure; the contradicted claim
// keeps the alarm. What it reads: each arithmetic error of a factor or
// percentage resting on a pair of its own line, and the contradicted
// claims of that line. Cost: one index of contradicted claims by line,
// and one recomputation per side of each such pair.
const ratioOnMisquotedSide = true

// ratioOnSlippedSide (forty-sixth round) extends ratioOnMisquotedSide
// to a side no other claim calls contradicted ("drops from 412.6 ms to
// 31 ms (10.8x)" against an output line's 38.214 ms; "246.0 s instead of
// 441.5 s (1.67x faster)" against a table's 264.0 s): a figure of the
// report's tables or program output, of the side's quantity, within a
// fifth of it or a thousand times off with the same digits, written on
// neither line of the pair, that makes the ratio hold. The side must be
// written nowhere else in the report, and the ratio must have two
// significant digits. The side then becomes a claim of its own,
// contradicted by that figure, and the ratio consistent. The report's
// figures are sorted by quantity and value once; each side looks up the
// few within a fifth of it or of its prefix slips (a binary search).
const ratioOnSlippedSide = true

// slippedSideOwnClaim (fifty-fifth round) extends ratioOnSlippedSide to
// a side written on the line before the ratio's, where it is a claim of
// its own ("Medium frames now decode in 2.64 µs, down from" / "7.085 µs,
// a 2.72x speed-up" where benchstat prints 7.085µ → 2.604µ, 2.72x): the
// side's unverifiable absolute claim on its line becomes contradicted by
// the figure that makes the ratio hold, and the ratio consistent. The
// side must be written on no line but the pair's. Cost: per side a scan
// of the claims of its line, on top of ratioOnSlippedSide's.
const slippedSideOwnClaim = true

// absoluteClaimOf returns the unverifiable absolute claim on line that
// states n as written, nil if none.
func (x *extractor) absoluteClaimOf(n Number, line int) *Claim {
	for k := range x.rep.Claims {
		o := &x.rep.Claims[k]
		if o.Line == line && o.Kind == Absolute && o.Verdict == Unverifiable && !o.expected &&
			slices.ContainsFunc(o.Numbers, func(m Number) bool { return m.Text == n.Text && m.Unit == n.Unit }) {
			return o
		}
	}
	return nil
}

// contradictSide calls side, a figure of claim o, contradicted by cx:
// o itself when side is its only figure, otherwise a claim of its own
// split from o (returned, for the caller to add).
func (x *extractor) contradictSide(o *Claim, side Number, cx *Cross, best *Fact) []Claim {
	if len(o.Numbers) == 1 {
		setCross(o, cx)
		o.Detail = fmt.Sprintf("the ratio after it holds with %s (line %d), not with %s: %s", best.Value, best.Line, side, o.Detail)
		return nil
	}
	at := slices.IndexFunc(o.Numbers, func(m Number) bool { return m.Text == side.Text && m.Unit == side.Unit })
	e := *o
	e.Numbers, e.Claimed, e.Quantity, e.Cross = []Number{side}, side.String(), side.Quantity, nil
	setCross(&e, cx)
	e.Detail = fmt.Sprintf("the ratio after it holds with %s (line %d), not with %s: %s", best.Value, best.Line, side, e.Detail)
	o.Numbers = slices.Delete(slices.Clone(o.Numbers), at, at+1)
	return []Claim{e}
}

// unalarmMisquotedSides: see ratioOnMisquotedSide and ratioOnSlippedSide.
func (x *extractor) unalarmMisquotedSides() {
	if !ratioOnMisquotedSide {
		return
	}
	contra := make(map[int][]*Claim)
	for k := range x.rep.Claims {
		o := &x.rep.Claims[k]
		if o.Verdict == Contradicted && o.Cross != nil && o.Cross.Reason == RestatedDiffers && len(o.Cross.Operands) > 0 {
			contra[o.Line] = append(contra[o.Line], o)
		}
	}
	var sources map[Quantity][]*Fact
	sourcesOf := func(q Quantity) []*Fact {
		if sources == nil {
			sources = make(map[Quantity][]*Fact)
			for k := range x.rep.Facts {
				f := &x.rep.Facts[k]
				n := f.Value
				if f.Source != FromTable && f.Source != FromBenchmark && f.Source != FromList || n.isRange() || !(n.mid() > 0) || n.perLo != 0 {
					continue
				}
				if f.Source == FromList && x.lines[f.Line-1].kind != lkOutput {
					continue
				}
				sources[canonical(n.Quantity)] = append(sources[canonical(n.Quantity)], f)
			}
			// Benchmark output read as pairs (benchstat's columns) is
			// no fact of its own: its two sides are sources too.
			for _, a := range x.pairs {
				for _, side := range []struct {
					n    Number
					line int
				}{{a.p.Old, a.p.OldLine}, {a.p.New, a.p.NewLine}} {
					n := side.n
					if side.line < 1 || side.line > len(x.lines) || x.lines[side.line-1].kind == lkProse || n.isRange() || !(n.mid() > 0) || n.perLo != 0 {
						continue
					}
					f := &Fact{Line: side.line, Metric: n.Quantity, Value: n, Source: FromBenchmark}
					sources[canonical(n.Quantity)] = append(sources[canonical(n.Quantity)], f)
				}
			}
			for q := range sources {
				slices.SortFunc(sources[q], func(a, b *Fact) int {
					la, _ := a.Value.base()
					lb, _ := b.Value.base()
					switch {
					case la < lb:
						return -1
					case la > lb:
						return 1
					}
					return 0
				})
			}
		}
		return sources[q]
	}
	// holds recomputes c with side replaced by n.
	holds := func(c *Claim, old bool, n Number) bool {
		d := *c
		p := *c.Pair
		if old {
			p.Old = n
		} else {
			p.New = n
		}
		d.Pair = &p
		d.checkStated(d.stated, d.sense)
		return d.Arithmetic == Consistent
	}
	var add []Claim
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Verdict != ArithmeticError || c.Kind != Speedup && c.Kind != Percent || c.Pair == nil || c.expected ||
			c.Pair.OldLine < c.Line-1 || c.Pair.OldLine > c.Line || c.Pair.NewLine < c.Line-1 || c.Pair.NewLine > c.Line ||
			x.lines[c.Line-1].kind != lkProse || c.stated.isRange() || c.Pair.Old.isRange() || c.Pair.New.isRange() {
			continue
		}
		done := false
		for _, o := range contra[c.Line] {
			st := o.Cross.Stated
			for _, old := range []bool{true, false} {
				side := c.Pair.New
				if old {
					side = c.Pair.Old
				}
				if side.Text != st.Text || side.Unit != st.Unit {
					continue
				}
				src := o.Cross.Operands[0]
				if canonical(src.Quantity) != canonical(side.Quantity) || !holds(c, old, src) {
					continue
				}
				c.Cross, c.Verdict, c.Arithmetic = nil, Consistent, Consistent
				c.Detail = fmt.Sprintf("holds with %s (line %d), which this line misquotes as %s", src, o.Cross.Lines[0], side)
				done = true
				break
			}
			if done {
				break
			}
		}
		if done || !ratioOnSlippedSide || significantDigits(digitsOf(c.stated.Text)) < 2 {
			continue
		}
		for _, old := range []bool{true, false} {
			side := c.Pair.New
			if old {
				side = c.Pair.Old
			}
			sideLine := c.Pair.NewLine
			if old {
				sideLine = c.Pair.OldLine
			}
			inClaim := slices.ContainsFunc(c.Numbers, func(m Number) bool { return m.Text == side.Text && m.Unit == side.Unit })
			var own *Claim // the side's own claim on the line before (slippedSideOwnClaim)
			if slippedSideOwnClaim && sideLine != c.Line {
				own = x.absoluteClaimOf(side, sideLine)
			}
			if side.Unit == "" || !(side.mid() > 0) || significantDigits(digitsOf(side.Text)) < 2 || !inClaim && own == nil ||
				own == nil && x.statedElsewhere(side, c.Line) || own != nil && x.statedOutside(side, c.Pair.OldLine, c.Pair.NewLine) {
				continue
			}
			slo, shi := side.base()
			figs := sourcesOf(canonical(side.Quantity))
			var best *Fact
			bestDist := math.Inf(1)
			for _, scale := range []float64{1, 1000, 0.001} {
				lo, hi := slo*scale/1.25, shi*scale*1.25
				i, _ := slices.BinarySearchFunc(figs, lo, func(f *Fact, t float64) int {
					l, _ := f.Value.base()
					switch {
					case l < t:
						return -1
					case l > t:
						return 1
					}
					return 0
				})
				for ; i < len(figs); i++ {
					f := figs[i]
					flo, _ := f.Value.base()
					if flo > hi {
						break
					}
					if f.Line == c.Pair.OldLine || f.Line == c.Pair.NewLine || f.Line == c.Line {
						continue
					}
					if scale != 1 && (digitsOf(f.Value.Text) != digitsOf(side.Text) && !sameDigitsTrimmed(f.Value.Text, side.Text)) {
						continue
					}
					if !holds(c, old, f.Value) {
						continue
					}
					dist := math.Abs(math.Log(flo / (slo * scale)))
					if dist < bestDist {
						best, bestDist = f, dist
					}
				}
			}
			if best == nil {
				continue
			}
			cx := &Cross{Reason: RestatedDiffers, Lines: []int{best.Line}, Stated: side, Got: best.Value.Value, GotUnit: best.Value.Unit, Operands: []Number{best.Value}}
			if own != nil {
				add = append(add, x.contradictSide(own, side, cx, best)...)
				if at := slices.IndexFunc(c.Numbers, func(m Number) bool { return m.Text == side.Text && m.Unit == side.Unit }); at >= 0 {
					c.Numbers = slices.Delete(slices.Clone(c.Numbers), at, at+1)
				}
				c.Cross, c.Verdict, c.Arithmetic = nil, Consistent, Consistent
				c.Detail = fmt.Sprintf("holds with %s (line %d), which line %d misquotes as %s", best.Value, best.Line, sideLine, side)
				break
			}
			at := slices.IndexFunc(c.Numbers, func(m Number) bool { return m.Text == side.Text && m.Unit == side.Unit })
			e := *c
			e.Kind, e.Pair, e.Cross, e.Numbers, e.Claimed, e.Quantity = Absolute, nil, nil, []Number{side}, side.String(), side.Quantity
			e.Verdict, e.Arithmetic = Unverifiable, Unverifiable
			setCross(&e, cx)
			e.Detail = fmt.Sprintf("the ratio on its line holds with %s (line %d), not with %s: %s", best.Value, best.Line, side, e.Detail)
			add = append(add, e)
			c.Numbers = slices.Delete(slices.Clone(c.Numbers), at, at+1)
			c.Cross, c.Verdict, c.Arithmetic = nil, Consistent, Consistent
			c.Detail = fmt.Sprintf("holds with %s (line %d), which this line misquotes as %s", best.Value, best.Line, side)
			break
		}
	}
	x.addClaims(add)
}

// sameDigitsTrimmed reports whether a and b write the same significant
// digits once trailing zeros are dropped ("96.40" and "96.4").
func sameDigitsTrimmed(a, b string) bool {
	trim := func(s string) string {
		d := digitsOf(s)
		for len(d) > 1 && d[len(d)-1] == '0' {
			d = d[:len(d)-1]
		}
		for len(d) > 1 && d[0] == '0' {
			d = d[1:]
		}
		return d
	}
	return trim(a) == trim(b)
}

// differenceOnSlippedSide (forty-sixth round) reads the same slip under a
// difference of prose ("v2 takes 17.97 s against 61.82 s, 42.05 s less"
// where hyperfine's mean is 19.771 s): a difference recomputed from the
// figures of its line that does not hold, one of whose figures, written
// on the line and nowhere else in the report, a figure of the report's
// tables, benchmark output or pairs replaces (within a quarter of it, or
// a thousand times off with the same digits) so that the difference holds
// at the roundings of its figures, is consistent, and that figure a claim
// of its own, contradicted by the figure it misquotes. Cost: as
// ratioOnSlippedSide's, per difference called an arithmetic error.
const differenceOnSlippedSide = true

// unalarmMisquotedDifferences: see differenceOnSlippedSide.
func (x *extractor) unalarmMisquotedDifferences() {
	if !differenceOnSlippedSide {
		return
	}
	type src struct {
		n    Number
		line int
	}
	var byQ map[Quantity][]src
	build := func() {
		byQ = make(map[Quantity][]src)
		for k := range x.rep.Facts {
			f := &x.rep.Facts[k]
			n := f.Value
			if f.Source != FromTable && f.Source != FromBenchmark && (f.Source != FromList || x.lines[f.Line-1].kind != lkOutput) || n.isRange() || !(n.mid() > 0) || n.perLo != 0 {
				continue
			}
			byQ[canonical(n.Quantity)] = append(byQ[canonical(n.Quantity)], src{n, f.Line})
		}
		for _, a := range x.pairs {
			for _, s := range []src{{a.p.Old, a.p.OldLine}, {a.p.New, a.p.NewLine}} {
				if s.line < 1 || s.line > len(x.lines) || x.lines[s.line-1].kind == lkProse || s.n.isRange() || !(s.n.mid() > 0) || s.n.perLo != 0 {
					continue
				}
				byQ[canonical(s.n.Quantity)] = append(byQ[canonical(s.n.Quantity)], s)
			}
		}
	}
	var add []Claim
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Kind != Absolute || c.Verdict != ArithmeticError || c.Cross == nil || c.Cross.Reason != DerivedOff || c.Cross.Derivation != Difference ||
			len(c.Cross.Operands) != 2 || c.expected || x.lines[c.Line-1].kind != lkProse {
			continue
		}
		st := c.Cross.Stated
		if st.isRange() || !(st.mid() > 0) || significantDigits(digitsOf(st.Text)) < 2 {
			continue
		}
		if byQ == nil {
			build()
		}
		slo, shi := st.base()
		if st.Approx {
			slo, shi = slo*0.98, shi*1.02
		}
		raw := plain(x.lines[c.Line-1].raw)
		done := false
		for i := 0; i < 2 && !done; i++ {
			side, other := c.Cross.Operands[i], c.Cross.Operands[1-i]
			if side.Unit == "" || side.isRange() || other.isRange() || !(side.mid() > 0) || significantDigits(digitsOf(side.Text)) < 2 ||
				indexFigure(raw, side.Text) < 0 || x.statedElsewhere(side, c.Line) {
				continue
			}
			alo, ahi := side.base()
			blo, bhi := other.base()
			var best *src
			bestDist := math.Inf(1)
			for _, s := range byQ[canonical(side.Quantity)] {
				if s.line == c.Line {
					continue
				}
				flo, fhi := s.n.base()
				for _, scale := range []float64{1, 1000, 0.001} {
					if flo < alo*scale/1.25 || flo > ahi*scale*1.25 {
						continue
					}
					if scale != 1 && digitsOf(s.n.Text) != digitsOf(side.Text) && !sameDigitsTrimmed(s.n.Text, side.Text) {
						continue
					}
					dlo := max(0, flo-bhi, blo-fhi)
					dhi := max(fhi-blo, bhi-flo)
					if dhi < slo || dlo > shi {
						continue
					}
					if d := math.Abs(math.Log(flo / (alo * scale))); d < bestDist {
						ss := s
						best, bestDist = &ss, d
					}
				}
			}
			if best == nil {
				continue
			}
			cx := &Cross{Reason: RestatedDiffers, Lines: []int{best.line}, Stated: side, Got: best.n.Value, GotUnit: best.n.Unit, Operands: []Number{best.n}}
			e := *c
			e.Kind, e.Pair, e.Cross, e.Numbers, e.Claimed, e.Quantity = Absolute, nil, nil, []Number{side}, side.String(), side.Quantity
			e.Verdict, e.Arithmetic = Unverifiable, Unverifiable
			setCross(&e, cx)
			e.Detail = fmt.Sprintf("the difference on its line holds with %s (line %d), not with %s: %s", best.n, best.line, side, e.Detail)
			c.Cross, c.Verdict, c.Arithmetic = nil, Consistent, Consistent
			c.Detail = fmt.Sprintf("difference recomputed with %s (line %d), which this line misquotes as %s: holds", best.n, best.line, side)
			// The misquoted figure becomes a claim of its own unless a
			// claim of the line states it already.
			stated := false
			for j := range x.rep.Claims {
				o := &x.rep.Claims[j]
				if o.Line == c.Line && slices.ContainsFunc(o.Numbers, func(m Number) bool { return m.Text == side.Text && m.Unit == side.Unit }) {
					stated = true
					if !o.Verdict.Failed() {
						if len(o.Numbers) > 1 {
							add = append(add, alarmOnFigure(o, side, cx)...)
						} else {
							setCross(o, cx)
							o.Detail = e.Detail
						}
					}
					break
				}
			}
			if !stated {
				add = append(add, e)
			}
			done = true
		}
	}
	x.addClaims(add)
}
