package claims

// k6PercentileRowsMixed (fifty-second round): a percentage or factor of
// prose computed from a pair of latencies named by one percentile, whose
// figure before is that percentile in one k6 end-of-test summary and whose
// figure after is another statistic of another summary ("p95 dropped from
// 112.6 ms to 33.1 ms (−70.6 %)", where the first run prints
// p(95)=112.6ms and the second p(90)=33.1ms and p(95)=41.8ms), was read as
// consistent: its arithmetic holds on the pair, and both figures are
// printed. The two figures are different rows of the summaries (the
// statistics of k6's trend line), so the change mixes rows. The
// forty-ninth round's k6PercentileRestated read unverifiable figures only;
// a change resting on such a pair is consistent and was left alone.
//
// What it reads: per consistent percentage or factor whose pair is of two
// times of prose, the percentile named last before the figure before in
// its sentence (no figure and no "by" between, as percentileBefore reads
// it). The figure before must be that percentile of a summary; no summary
// may print the figure after for that percentile, and a summary other
// than the first's must print it for another percentile or the median.
// The claim becomes MixesRows, naming the two summary lines. A change
// whose figure after no summary prints at all is left as it was (it may
// be a run the report does not paste). Cost: the report's k6 summaries
// read once, when a claim qualifies; per such claim a join of two lines
// and a scan of the summaries' few percentiles.
const k6PercentileRowsMixed = true

// checkK6PercentileRowsMixed: see k6PercentileRowsMixed.
func (x *extractor) checkK6PercentileRowsMixed() {
	if !k6PercentileRowsMixed {
		return
	}
	var sums []k6Summary
	read := false
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Kind != Percent && c.Kind != Speedup || c.Verdict != Consistent || c.Pair == nil || c.expected {
			continue
		}
		p := c.Pair
		o, n := p.Old, p.New
		if o.Quantity != Time || n.Quantity != Time || o.isRange() || n.isRange() || o.scale == 0 || n.scale == 0 ||
			p.OldLine < 1 || p.OldLine > len(x.lines) || p.NewLine < p.OldLine || p.NewLine > len(x.lines) ||
			x.lines[p.OldLine-1].kind != lkProse || x.lines[p.NewLine-1].kind != lkProse {
			continue
		}
		if !read {
			sums, read = x.k6Summaries(), true
		}
		if len(sums) < 2 {
			return
		}
		i := p.OldLine - 1
		raw := blankCode(plain(x.lines[i].raw))
		at := indexFigure(raw, o.Text)
		if at < 0 {
			continue
		}
		text := raw
		if prev := x.wrappedLine(i, i-1); prev != "" {
			text, at = prev+" "+raw, at+len(prev)+1
		}
		lo, _ := sentenceBounds(text, at)
		key := percentileBefore(text[lo:at])
		if key == "" {
			continue
		}
		before := -1
		for si, s := range sums {
			if v, ok := s.pct[key]; ok && v.sameAs(o) && before < 0 {
				before = si
			}
			if v, ok := s.pct[key]; ok && v.sameAs(n) {
				before = -2
				break
			}
		}
		if before < 0 {
			continue
		}
		var from, to k6Value
		found := false
		for si, s := range sums {
			if si == before {
				continue
			}
			for other, v := range s.pct {
				if other != key && v.sameAs(n) {
					from, to, found = sums[before].pct[key], v, true
					break
				}
			}
			if found {
				break
			}
		}
		if !found {
			continue
		}
		setCross(c, &Cross{Reason: RowsMixed, Lines: []int{from.line, to.line}, Stated: c.stated, Operands: []Number{from.n, to.n}})
	}
}
