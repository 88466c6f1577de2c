package claims

import (
	"regexp"
	"strings"
)

// percentileRowRestated (forty-ninth round): a summary's or
// conclusion's before → after pair of a latency percentile that keeps
// the table's before figure and changes its after one — "p99
// ingest-to-publish latency fell from 19 ms to 12 ms" where the
// production table's row "Ingest-to-publish p99 | 19.0 ms | 14.0 ms"
// (and the conclusion) say 14; "95th percentile 142 s → 13 s" against
// "p95 | 142 s | 31 s" — was left unverifiable, a pair with no ratio to
// check. The rows read are the report's table rows whose label names a
// percentile (p95, p(99), "95th percentile", median) and whose cells
// hold two times or more, the first two taken as before and after. A
// pair of prose named by the same percentile (the nearest before it in
// its sentence, no other figure between) whose before figure is a row's
// before and whose after figure is no such row's after is contradicted,
// set against the row's after (and the reverse, the after kept and the
// before changed), unless another sentence of the report names the
// percentile with the changed figure. The figure that differs takes
// the alarm alone.
// Cost: the table rows read once (a split and a scan per row); per
// unverifiable pair of prose a join of at most three lines; per alarm
// one pass over the report's facts.
const percentileRowRestated = true

// pctRow is a table row of a percentile's before and after times.
type pctRow struct {
	key      string
	old, new figure
	line     int // 1-based
}

// percentileRows reads the report's table rows of a percentile.
func (x *extractor) percentileRows() []pctRow {
	var out []pctRow
	for i := range x.lines {
		if x.lines[i].kind != lkTable {
			continue
		}
		cells := strings.Split(strings.Trim(strings.TrimSpace(x.lines[i].raw), "|"), "|")
		if len(cells) < 3 {
			continue
		}
		key := percentileBefore(plain(cells[0]))
		if key == "" {
			// A label that names its percentile before other words
			// ("p95 server time").
			if m := sourcePctRE.FindStringSubmatch(cells[0]); m != nil {
				p := m[1]
				if p == "" {
					p = m[2]
				}
				key = percentileKey(p)
			} else if medianWordRE.MatchString(cells[0]) {
				key = "50"
			}
		}
		if key == "" {
			continue
		}
		var times []figure
		for _, cell := range cells[1:] {
			fs := scanFigures(blankCode(plain(cell)))
			if len(fs) == 1 && fs[0].Quantity == Time && fs[0].Unit != "" && !fs[0].isRange() && fs[0].Value > 0 {
				times = append(times, fs[0])
			}
		}
		if len(times) < 2 {
			continue
		}
		out = append(out, pctRow{key: key, old: times[0], new: times[1], line: i + 1})
	}
	return out
}

// sameTime reports whether two times meet at their roundings.
func sameTime(a, b Number) bool {
	alo, ahi := a.base()
	blo, bhi := b.base()
	return alo <= bhi && blo <= ahi
}

// checkPercentileRowsRestated: see percentileRowRestated.
func (x *extractor) checkPercentileRowsRestated() {
	if !percentileRowRestated {
		return
	}
	var rows []pctRow
	read := false
	var add []Claim
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Kind != BeforeAfter && c.Kind != Absolute || c.Verdict != Unverifiable || c.expected ||
			c.Line < 1 || c.Line > len(x.lines) || x.lines[c.Line-1].kind != lkProse {
			continue
		}
		if c.Kind == BeforeAfter && len(c.Numbers) != 2 || c.Kind == Absolute && len(c.Numbers) != 1 {
			continue
		}
		if !read {
			rows, read = x.percentileRows(), true
		}
		if len(rows) == 0 {
			return
		}
		i := c.Line - 1
		raw := blankCode(plain(x.lines[i].raw))
		text, off := raw, 0
		if prev := x.wrappedLine(i, i-1); prev != "" {
			text, off = prev+" "+raw, len(prev)+1
		}
		var a, b Number
		var at int
		if c.Kind == BeforeAfter {
			a, b = c.Numbers[0], c.Numbers[1]
			at = indexFigure(raw, a.Text)
			if at < 0 {
				continue
			}
			at += off
		} else {
			// "the p95 from 2.94 s" / "to 44 ms": a pair written across
			// a line break, read as two figures; the claim is the
			// after one.
			var ok bool
			if a, at, ok = x.fromFigureBefore(text, off, c.Numbers[0]); !ok {
				continue
			}
			b = c.Numbers[0]
		}
		if a.Quantity != Time || b.Quantity != Time || a.isRange() || b.isRange() || a.scale == 0 || b.scale == 0 {
			continue
		}
		lo, _ := sentenceBounds(text, at)
		key := percentileBefore(text[lo:at])
		if key == "" {
			continue
		}
		var hit *pctRow
		bad := -1
		heldOld, heldNew := false, false
		for r := range rows {
			row := &rows[r]
			if row.key != key {
				continue
			}
			so, sn := sameTime(a, row.old.Number), sameTime(b, row.new.Number)
			heldOld = heldOld || so
			heldNew = heldNew || sn
			switch {
			case so && !sn && hit == nil:
				hit, bad = row, 1
			case sn && !so && hit == nil:
				hit, bad = row, 0
			}
		}
		if hit == nil || bad == 1 && heldNew || bad == 0 && heldOld {
			continue
		}
		got := hit.new.Number
		if bad == 0 {
			if c.Kind == Absolute {
				// The before figure is another claim's.
				continue
			}
			got = hit.old.Number
		}
		stated := b
		if bad == 0 {
			stated = a
		}
		if x.percentileStatedElsewhere(key, stated, c.Line) {
			// "the new collector's p99.9 came to 21.3 ms": another
			// line gives the percentile this figure.
			continue
		}
		cx := &Cross{Reason: RestatedDiffers, Lines: []int{hit.line}, Stated: stated, Operands: []Number{got}}
		add = append(add, alarmOnFigure(c, stated, cx)...)
	}
	x.addClaims(add)
}

// fromFigureBefore returns the figure written right before n in text (n
// on the text from offset off on) when the two are linked as "from A
// to" n, with A's offset.
func (x *extractor) fromFigureBefore(text string, off int, n Number) (Number, int, bool) {
	figs := scanFigures(text)
	for j := 1; j < len(figs); j++ {
		if figs[j].start < off || figs[j].Text != n.Text || figs[j].Unit != n.Unit {
			continue
		}
		p := figs[j-1]
		if !pctFromToRE.MatchString(text[p.end:figs[j].start]) || !pctFromBeforeRE.MatchString(text[:p.start]) {
			return Number{}, 0, false
		}
		return p.Number, p.start, true
	}
	return Number{}, 0, false
}

var (
	// pctFromToRE is the link of "from A to B" between A and B.
	pctFromToRE = regexp.MustCompile(`(?i)^\s+to\s+$`)
	// pctFromBeforeRE is the "from" before A.
	pctFromBeforeRE = regexp.MustCompile(`(?i)\bfrom\s+$`)
)

// percentileStatedElsewhere reports whether a figure of the report on
// another line than line, equal to n at their roundings, is named by
// percentile key in its sentence.
func (x *extractor) percentileStatedElsewhere(key string, n Number, line int) bool {
	for _, f := range x.rep.Facts {
		if f.Line == line || f.Line < 1 || f.Line > len(x.lines) || f.Value.Quantity != Time || f.Value.isRange() || f.Value.scale == 0 || !sameTime(f.Value, n) {
			continue
		}
		raw := blankCode(plain(x.lines[f.Line-1].raw))
		at := indexFigure(raw, f.Value.Text)
		if at < 0 {
			continue
		}
		if prev := x.wrappedLine(f.Line-1, f.Line-2); prev != "" {
			raw, at = prev+" "+raw, at+len(prev)+1
		}
		lo, _ := sentenceBounds(raw, at)
		if percentileBefore(raw[lo:at]) == key {
			return true
		}
	}
	return false
}
