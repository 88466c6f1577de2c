package claims

import (
	"bytes"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// digitSlipsRestate makes a figure written once that a slip of one digit
// makes from a figure the report writes on two other lines or more
// (checkDigitSlips) contradicted by them.
const digitSlipsRestate = true

// pairSlipsRestate extends checkDigitSlips to a side of a before → after
// pair whose slip's source is written on a line that also writes the
// pair's other side, in any unit (a table row: "41,200 | 58,900"
// against "59,800 …, up from 41,200"; twentieth round).
const pairSlipsRestate = true

// slipAcrossPoint counts as a slip of the pen two digits swapped across
// the decimal point, the point staying where it is: "73.1 %" for
// 71.3 %, "$15.48" for $14.58 (twenty-second round).
const slipAcrossPoint = true

// slipSourceBare lets checkDigitSlips count, among the two lines that
// must write a slip's source, one that writes it without a unit (a table
// cell whose unit is its header's: "fell from 41.2 s to 11.6 s" and the
// row "| api-gateway | 41.2 | 11.6 |" against "now pulls in 12.6 s");
// one line must still write it in the figure's unit (twenty-second
// round).
const slipSourceBare = true

// slipFromNamedRow lets checkDigitSlips take a slip's source from one
// cell of a table row that the figure's clause names by its label, the
// cell written without a unit ("The texture re-encode alone removed 560
// MB" against the row "| Textures | 506 | 1,104 | 598 |"): a figure of
// three digits or more, exactly one such cell (twenty-second round).
const slipFromNamedRow = true

// slipFromNamedRowRounded lets slipFromNamedRow take the source from a
// cell the figure's digits round ("the balance step now takes 113 ms"
// against the balance row's 131.40: 131 with two digits swapped).
// Forty-second round.
const slipFromNamedRowRounded = true

// clauseOf returns the clause of c's line around figure n, with the start
// of its sentence on the line before.
func (x *extractor) clauseOf(c *Claim, n Number) string {
	raw := blankCode(plain(x.lines[c.Line-1].raw))
	lo, hi := clauseAround(raw, n.Text)
	return raw[lo:hi] + " " + x.sentenceLead(c.Line-1)
}

// rowLabelWords returns the subject words of the label of the table row
// on 1-based line l, plurals read as singulars; nil for another line.
func (x *extractor) rowLabelWords(l int) []string {
	dl := &x.lines[l-1]
	if dl.table < 0 {
		return nil
	}
	t := x.tables[dl.table]
	for ri := range t.rows {
		if t.rows[ri].line == l-1 {
			return singulars(nameWords(rowLabel(&t.rows[ri])))
		}
	}
	return nil
}

// maxSlipDigits bounds the digits of a figure the slip check reads: its
// variants grow with the square of their number.
const maxSlipDigits = 12

// checkDigitSlips finds a figure of prose that misquotes a figure the
// report states elsewhere by one slip of the pen: two neighbouring digits
// swapped ("261 ms" for 216 ms, "174 ms" for 147 ms), one digit written
// for another ("114,000 msg/s" for 104,000), one left out or added
// ("8.3:1" for 8.03:1). The figure must be unverifiable, written on its
// line only, with a unit and three significant digits or more; the
// figure it slips from must be written, in the same unit, on two lines or
// more other than the claim's (a table and a sentence, a tool's output),
// within 30 % of it, one of them sharing a subject word with the
// figure's clause; and exactly one such figure must exist. The claim is
// Contradicted, naming a line of the other. A figure two lines of the
// report write alike is a figure of its own, not a slip; one stated as a
// change ("rose by 10.5 GiB", "2.3 ms less") is no quote of a level.
func (x *extractor) checkDigitSlips() {
	if !digitSlipsRestate {
		return
	}
	// The lines on which each figure is written, by unit and digits;
	// and by digits alone (a table's cells take their unit from the
	// header, a sentence may name the thing counted instead), read only
	// for the two sides of a pair (const pairSlipsRestate).
	written := make(map[string][]int)
	var bare map[string][]int // figures written without a unit, by digits (const slipSourceBare)
	if slipSourceBare {
		bare = make(map[string][]int)
	}
	var rounded map[string][]int // table cells without a unit, rounded (const slipFromNamedRowRounded)
	var anyUnit map[string][]int
	if pairSlipsRestate {
		anyUnit = make(map[string][]int)
	}
	noteLine := func(m map[string][]int, k string, line int) {
		if l := m[k]; !slices.Contains(l, line) {
			m[k] = append(l, line)
		}
	}
	x.eachWritten(func(n Number, line int) {
		if n.isRange() {
			return
		}
		if n.Unit != "" {
			noteLine(written, quotedUnit(n.Unit)+"\x00"+digitsOf(n.Text), line)
		} else if bare != nil {
			noteLine(bare, digitsOf(n.Text), line)
		}
		if d := digitsOf(n.Text); slipFromNamedRowRounded && strings.Contains(d, ".") && x.lines[line-1].kind == lkTable {
			// "131.40" in a cell, as a clause may round it: "131",
			// "131.4", in the cell's unit (read for a named row's cell
			// only).
			if rounded == nil {
				rounded = make(map[string][]int)
			}
			for k := len(d) - strings.IndexByte(d, '.') - 2; k >= 0; k-- {
				noteLine(rounded, quotedUnit(n.Unit)+"\x00"+strconv.FormatFloat(n.Value, 'f', k, 64), line)
			}
		}
		if anyUnit != nil {
			noteLine(anyUnit, digitsOf(n.Text), line)
		}
	})
	// The label words of a table row, by its 1-based line, once each
	// (const slipFromNamedRow).
	labels := make(map[int][]string)
	rowLabels := func(l int) []string {
		w, ok := labels[l]
		if !ok {
			w = x.rowLabelWords(l)
			labels[l] = w
		}
		return w
	}
	var add []Claim
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Verdict != Unverifiable || c.expected || c.Kind != Absolute && c.Kind != BeforeAfter || x.lines[c.Line-1].kind != lkProse || x.isPrevious(c.section) {
			continue
		}
		var raw string
		var figs []figure // the line's, read when a figure may be a slip
		nums := c.Numbers
		if c.Kind == BeforeAfter {
			if c.Pair == nil {
				continue
			}
			nums = []Number{c.Pair.Old, c.Pair.New}
		}
		for _, n := range nums {
			d := digitsOf(n.Text)
			if n.Unit == "" || n.isRange() || significantDigits(d) < 3 || len(d) > maxSlipDigits || !(n.mid() > 0) {
				continue
			}
			unit := quotedUnit(n.Unit) + "\x00"
			if slices.ContainsFunc(written[unit+d], func(l int) bool { return l != c.Line }) ||
				slices.ContainsFunc(bare[d], func(l int) bool { return l != c.Line }) ||
				slices.ContainsFunc(rounded[unit+d], func(l int) bool { return l != c.Line }) {
				// Written elsewhere: a figure of the report.
				continue
			}
			// The figures it may slip from: written on two other lines
			// or more, within 30 % of it.
			type slip struct {
				v     string
				lines []int
			}
			var slips []slip
			// A change ("saves 1,340 ms"): one line writing its source
			// as a change is enough (slipRestatesChange).
			chg := slipRestatesChange && !x.quotesLevel(c, n, &raw, &figs)
			for _, v := range digitSlips(d) {
				lines := slices.DeleteFunc(slices.Clone(written[unit+v]), func(l int) bool { return l == c.Line })
				if len(lines) == 1 && bare != nil {
					// Once in its unit, and in a table cell or a
					// sentence that takes the unit from its header or
					// its context.
					for _, l := range bare[v] {
						if l != c.Line && !slices.Contains(lines, l) {
							lines = append(lines, l)
						}
					}
				}
				if len(lines) < 2 && !(chg && len(lines) == 1 && x.digitsWrittenAsChange(v, lines[0])) {
					continue
				}
				if w, err := strconv.ParseFloat(v, 64); err == nil && w > 0 && math.Abs(math.Log(w/n.Value)) <= math.Log(1.3) {
					slips = append(slips, slip{v, lines})
				}
			}
			if len(slips) == 0 && c.Kind == BeforeAfter && anyUnit != nil {
				// "59,800 new connections per second, up from 41,200"
				// against a table row "41,200 | 58,900": the pair's
				// other side written, as it is, on the lines that write
				// the slip's source, in whatever unit.
				o := c.Pair.Old
				if o == n {
					o = c.Pair.New
				}
				od := digitsOf(o.Text)
				if significantDigits(od) >= 3 && !slices.ContainsFunc(anyUnit[d], func(l int) bool { return l != c.Line }) {
					for _, v := range digitSlips(d) {
						lines := slices.DeleteFunc(slices.Clone(anyUnit[v]), func(l int) bool { return l == c.Line || !slices.Contains(anyUnit[od], l) })
						if len(lines) == 0 {
							continue
						}
						if w, err := strconv.ParseFloat(v, 64); err == nil && w > 0 && math.Abs(math.Log(w/n.Value)) <= math.Log(1.3) {
							slips = append(slips, slip{v, lines})
						}
					}
				}
			}
			named := false // the slip's source is a cell of a row the clause names
			if len(slips) == 0 && slipFromNamedRow && c.Kind == Absolute && significantDigits(d) >= 3 && bare != nil {
				clause := singulars(nameWords(x.clauseOf(c, n)))
				for _, v := range digitSlips(d) {
					w, err := strconv.ParseFloat(v, 64)
					if err != nil || !(w > 0) || math.Abs(math.Log(w/n.Value)) > math.Log(1.3) {
						continue
					}
					for _, l := range bare[v] {
						if l != c.Line && x.lines[l-1].kind == lkTable && overlap(clause, rowLabels(l)) > 0 {
							slips = append(slips, slip{v, []int{l}})
						}
					}
					for _, l := range rounded[unit+v] {
						if l != c.Line && !slices.Contains(bare[v], l) && overlap(clause, rowLabels(l)) > 0 {
							slips = append(slips, slip{v, []int{l}})
						}
					}
				}
				named = len(slips) == 1
				if !named {
					slips = nil
				}
			}
			if len(slips) == 0 {
				continue
			}
			if !x.quotesLevel(c, n, &raw, &figs) {
				// "rose by 10.5 GiB", "2.3 ms less": a difference, no
				// quote of a level, unless it restates a difference
				// (slipRestatesChange).
				if !slipRestatesChange {
					continue
				}
				for i := range slips {
					slips[i].lines = slices.DeleteFunc(slices.Clone(slips[i].lines), func(l int) bool { return !x.digitsWrittenAsChange(slips[i].v, l) })
				}
				slips = slices.DeleteFunc(slips, func(sl slip) bool { return len(sl.lines) == 0 })
				if len(slips) == 0 {
					continue
				}
			}
			lo, hi := clauseAround(raw, n.Text)
			words := nameWords(raw[lo:hi] + " " + x.sentenceLead(c.Line-1))
			var found []int
			var other string
			for _, sl := range slips {
				if !named && !slices.ContainsFunc(sl.lines, func(l int) bool { return overlap(words, x.lineWords(l)) > 0 }) {
					continue
				}
				if other != "" {
					found = nil
					break
				}
				other, found = sl.v, sl.lines
			}
			if len(found) == 0 {
				continue
			}
			w, _ := strconv.ParseFloat(other, 64)
			got := n
			got.Value, got.High, got.Text = w, w, other
			cx := &Cross{Reason: RestatedDiffers, Lines: found[:1], Stated: n, Got: w, GotUnit: n.Unit, Operands: []Number{got}}
			if c.Kind == BeforeAfter {
				// The pair's other figure stays as it was, a claim of
				// its own; the slipped one is contradicted.
				o := c.Pair.Old
				if o == n {
					o = c.Pair.New
				}
				e := *c
				e.Kind, e.Pair, e.Numbers, e.Claimed, e.Quantity = Absolute, nil, []Number{o}, o.String(), o.Quantity
				c.Kind, c.Pair, c.Numbers, c.Claimed, c.Quantity = Absolute, nil, []Number{n}, n.String(), n.Quantity
				setCross(c, cx)
				add = append(add, e)
			} else {
				add = append(add, alarmOnFigure(c, n, cx)...)
			}
			break
		}
	}
	x.addClaims(add)
}

// changeByRE finds the words right before a figure that make it the size
// of a change: "rose by", "fell by about", "saves", "another".
var changeByRE = regexp.MustCompile(`(?i)\b(?:by|saves?|saved|cuts?|adds?|added|another|extra)\s*(?:about\s+|roughly\s+|nearly\s+|~|≈\s*)?$`)

// quotesLevel reports whether n, a figure of claim c, is written as a
// level — a quote of a value — rather than as a change or a difference
// ("rose by 10.5 GiB", "2.3 ms less", "a rise of 4 %", a part "of the
// saving"). *rawp and *figsp are the claim's line's text (code blanked)
// and its figures, read on first need and kept for the caller's next
// figure of the line.
func (x *extractor) quotesLevel(c *Claim, n Number, rawp *string, figsp *[]figure) bool {
	if *figsp == nil {
		*rawp, *figsp = x.lineFigures(c.Line - 1)
	}
	raw, figs := *rawp, *figsp
	at := figureIndex(figs, n)
	if at < 0 {
		return false
	}
	// changeByRE is anchored at the figure: the words just before it
	// are all it reads.
	before := lastBytes(raw[:figs[at].start], 240)
	if strings.TrimSpace(before) == "" {
		before = x.sentenceLead(c.Line - 1)
	}
	return !changeByRE.MatchString(before) && !differenceAt(raw, figs[at]) && !changeNounRE.MatchString(raw[figs[at].end:]) && !x.partOfChangeAt(c, raw, figs[at])
}

// lineWords returns the subject words of 1-based line l: its text's,
// with its table's header for a table line.
func (x *extractor) lineWords(l int) []string {
	dl := &x.lines[l-1]
	text := plain(dl.raw)
	if dl.table >= 0 {
		text += " " + strings.Join(x.tables[dl.table].header, " ")
	}
	return nameWords(text)
}

// digitSlips returns the digit strings one slip of the pen makes from d
// (digits and a decimal point, digitsOf): two neighbouring digits
// swapped, one digit but the last replaced, left out or added before
// it; the decimal point stays where it is among the digits written
// before it.
func digitSlips(d string) []string {
	var out []string
	b := []byte(d)
	isD := func(c byte) bool { return c >= '0' && c <= '9' }
	for i := 0; i+1 < len(b); i++ {
		if isD(b[i]) && isD(b[i+1]) && b[i] != b[i+1] {
			s := slices.Clone(b)
			s[i], s[i+1] = s[i+1], s[i]
			out = append(out, string(s))
		}
		if slipAcrossPoint && i+2 < len(b) && isD(b[i]) && b[i+1] == '.' && isD(b[i+2]) && b[i] != b[i+2] {
			// "71.3" → "73.1": the digits either side of the point.
			s := slices.Clone(b)
			s[i], s[i+2] = s[i+2], s[i]
			out = append(out, string(s))
		}
	}
	// The last digit is left alone but by a swap: another last digit,
	// or one more or fewer, is the figure rounded otherwise ("99.95 %"
	// for 99.954 %) or a neighbouring figure, not a slip.
	last := bytes.LastIndexFunc(b, func(r rune) bool { return r >= '0' && r <= '9' })
	for i := range b {
		if !isD(b[i]) || i == last {
			continue
		}
		for c := byte('0'); c <= '9'; c++ {
			if c != b[i] {
				s := slices.Clone(b)
				s[i] = c
				out = append(out, string(s))
			}
		}
		out = append(out, string(b[:i])+string(b[i+1:]))
	}
	for i := 0; i < last; i++ {
		for c := byte('0'); c <= '9'; c++ {
			out = append(out, string(b[:i])+string(c)+string(b[i:]))
		}
	}
	// No leading zero but before a point, no empty or point-only string.
	out = slices.DeleteFunc(out, func(s string) bool {
		return s == "" || s == "." || len(s) > 1 && s[0] == '0' && s[1] != '.' || s[len(s)-1] == '.' || s[0] == '.'
	})
	slices.Sort(out)
	return slices.Compact(out)
}

// eachWritten calls f with every figure the report writes and its line:
// the facts', the claims' and their pairs' sides.
func (x *extractor) eachWritten(f func(n Number, line int)) {
	for k := range x.rep.Facts {
		f(x.rep.Facts[k].Value, x.rep.Facts[k].Line)
	}
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		for _, n := range c.Numbers {
			f(n, c.Line)
		}
		if c.Pair != nil {
			f(c.Pair.Old, c.Pair.OldLine)
			f(c.Pair.New, c.Pair.NewLine)
		}
	}
}

// prefixSlipsRestate makes a figure of prose that restates, a thousand
// times too small or too large, a time or size the report writes once
// elsewhere in another unit ("the longest we saw was 410 ns" against a
// table's 0.41 ms; "the median is now 710 µs" against 0.71 s)
// contradicted by it (checkPrefixSlips; twenty-second round).
const prefixSlipsRestate = true

// prefixSlipTwoDigits: checkPrefixSlips reads a figure of two
// significant digits too when it is written with a decimal point ("the
// remaining 3.9 ns per enqueue" against benchstat's 3.912µ; "stays at
// 9.9 µs" against JMH's 9.904 ms/op); a whole number of two digits ("41
// s") is too common to name a source. Twenty-ninth round
// (testdata/labels/README.md): measured and left off, it caught
// blind28's 3.9 ns only; forty-second round: with the decimal point
// asked for, it catches blind28's, blind37's and blind41's and raises
// no other alarm.
const prefixSlipTwoDigits = true

// prefixSlipsRounded: checkPrefixSlips also reads a figure whose
// sources differ only beyond its rounding ("1.40 µs" against 1,402,115
// ns, 1,401,870 ns and 1.4 ms) as restating one value. Thirty-fourth
// round.
const prefixSlipsRounded = true

// prefixSlipsApprox: checkPrefixSlips also reads a figure written as
// approximate whose digits are the source's ("decoding now costs about
// 80.5 µs per reading" against 80.5 ns). Thirty-fourth round: measured
// and left off, it catches blind33's 80.5 µs and changes nothing on any
// other set.
const prefixSlipsApprox = false

// prefixSlipBinary makes checkPrefixSlips read a size whose prefix's
// binary value was taken for its decimal one or back ("181.9 TiB after"
// against a table's 181.9 TB, which is 165.4 TiB): the source must write
// the same prefix in the other system (TB for TiB, MiB for MB).
// Forty-second round.
const prefixSlipBinary = true

// prefixSlipDecimalStep makes checkPrefixSlips read a size in a binary
// unit that restates another binary size one prefix away with its
// digits, as if the step were a thousand ("the index is 2.31 GiB"
// against a table's 2,310 MiB, which is 2.26 GiB). Forty-third round
// (testdata/labels/README.md): measured and left off, it catches
// blind42's 2.31 GiB (its origin) and changes nothing on any other set.
const prefixSlipDecimalStep = false

// prefixSlipWiderReach widens checkPrefixSlips in three ways, each for a
// restatement the check missed on its words or its sources, not its
// arithmetic: a source written with fewer significant digits than the
// figure ("0.5 ms" in an outlook against "513 ns" and a benchmark's
// 513.0µ) is too coarse to be what the figure restates and is not one of
// its values; a source line's names are read with their camel-case
// parts apart ("ValidateBench.snapshotLookup" names a snapshot lookup);
// and when the figure's clause and sentence lead share no word with a
// source line, the words of its paragraph are read (the subject is a
// pronoun for the sentence before, "they … now cost 52.1 ns per scan",
// or is on the wrapped line after, "Of the remaining 611 µs / per
// Transfer"). The arithmetic is unchanged (one value a thousand times
// the figure or a thousandth); the paragraph's words are built once per
// block (paragraphWords), a source line's once per line. Forty-fifth
// round.
const prefixSlipWiderReach = true

// camelWords returns s with a space before each capital that follows a
// lower-case letter ("snapshotLookup" → "snapshot Lookup"), so that
// nameWords reads a camel-case name's parts as words.
func camelWords(s string) string {
	var b strings.Builder
	var prev rune
	for _, r := range s {
		if unicode.IsUpper(r) && unicode.IsLower(prev) {
			b.WriteByte(' ')
		}
		b.WriteRune(r)
		prev = r
	}
	return b.String()
}

// binaryStepApart reports whether a and b are binary byte units whose
// prefixes are one step apart ("GiB" and "MiB").
func binaryStepApart(a, b string) bool {
	if !binaryUnit(a) || !binaryUnit(b) || !strings.HasSuffix(a, "iB") || !strings.HasSuffix(b, "iB") || len(a) != 3 || len(b) != 3 {
		return false
	}
	i, j := strings.IndexByte("KMGTPE", a[0]), strings.IndexByte("KMGTPE", b[0])
	return i >= 0 && j >= 0 && (i-j == 1 || j-i == 1)
}

// otherByteSystem reports whether byte units a and b have the same
// prefix, one binary and one decimal ("TiB" and "TB", "KiB" and "kB").
func otherByteSystem(a, b string) bool {
	norm := func(u string) string {
		if strings.HasPrefix(u, "k") {
			u = "K" + u[1:]
		}
		return strings.Replace(u, "i", "", 1)
	}
	return binaryUnit(a) != binaryUnit(b) && norm(a) == norm(b) && strings.HasSuffix(a, "B")
}

// checkPrefixSlips finds a figure of prose whose unit's prefix is off by
// a factor of 1,000 from a figure the report writes elsewhere: the
// figure must be unverifiable, a time or size with three significant
// digits or more written on its line only (no other line writes its
// value, in any unit), no change ("by", "saves", "less"); exactly one
// value, a thousand times it or a thousandth, must be written on other
// lines, in another unit of the same quantity, one of them sharing a
// subject word with the figure's clause. The claim is Contradicted,
// naming that line.
func (x *extractor) checkPrefixSlips() {
	if !prefixSlipsRestate {
		return
	}
	type written struct {
		n    Number
		line int
	}
	// The figures by quantity and value (buckets of a fiftieth of a
	// decade), so that each figure reads the few near the values it may
	// slip from, not all of them.
	type bucket struct {
		q Quantity
		k int
	}
	keyOf := func(v float64) int { return int(math.Floor(math.Log10(v) * 50)) }
	index := make(map[bucket][]written)
	x.eachWritten(func(n Number, line int) {
		if n.isRange() || n.Unit == "" || !(n.scale > 0) || !(n.Value > 0) || n.Quantity != Time && n.Quantity != Memory {
			return
		}
		k := keyOf(n.mid())
		index[bucket{n.Quantity, k}] = append(index[bucket{n.Quantity, k}], written{n, line})
	})
	if len(index) == 0 {
		return
	}
	// The runs of each bucket's figures written on one line, so that a
	// figure skips those of its own line (the many figures of one long
	// line) without reading them.
	type run struct{ line, lo, hi int }
	runs := make(map[bucket][]run, len(index))
	for b, ws := range index {
		var rs []run
		for i, w := range ws {
			if len(rs) > 0 && rs[len(rs)-1].line == w.line {
				rs[len(rs)-1].hi = i + 1
			} else {
				rs = append(rs, run{w.line, i, i + 1})
			}
		}
		runs[b] = rs
	}
	// near returns the figures near v, in the order written, but those
	// of line skip.
	near := func(q Quantity, v float64, skip int) []written {
		var out []written
		k := keyOf(v)
		for d := -3; d <= 3; d++ {
			b := bucket{q, k + d}
			for _, r := range runs[b] {
				if r.line != skip {
					out = append(out, index[b][r.lo:r.hi]...)
				}
			}
		}
		return out
	}
	var add []Claim
	camel := make(map[int][]string) // a source line's words, camel-case parts apart
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Verdict != Unverifiable || c.expected || c.Kind != Absolute || x.lines[c.Line-1].kind != lkProse || x.isPrevious(c.section) {
			continue
		}
		var raw string
		var figs []figure
		for _, n := range c.Numbers {
			if n.isRange() || n.Unit == "" || !(n.scale > 0) || !(n.Value > 0) || n.Quantity != Time && n.Quantity != Memory || n.Approx && !prefixSlipsApprox {
				continue
			}
			if significantDigits(strings.TrimRight(strings.ReplaceAll(digitsOf(n.Text), ".", ""), "0")) < 2 || significantDigits(digitsOf(n.Text)) < 3 && !(prefixSlipTwoDigits && strings.Contains(digitsOf(n.Text), ".")) {
				continue
			}
			lo, hi := n.base()
			same := false
			var src []written
			for _, w := range near(n.Quantity, n.mid(), c.Line) {
				if wl, wh := w.n.base(); w.line != c.Line && wl <= hi && lo <= wh {
					same = true
					break
				}
			}
			factors := []float64{1000, 1.0 / 1000}
			binFrom := len(factors)
			if prefixSlipBinary && n.Quantity == Memory {
				// "181.9 TiB" for a table's 181.9 TB: the prefix's
				// binary value taken for its decimal one, or back.
				if g := prefixSlips(n); len(g) >= 2 {
					factors = append(factors, g[len(g)-2:]...)
				}
			}
			stepFrom := len(factors)
			if prefixSlipDecimalStep && n.Quantity == Memory && binaryUnit(n.Unit) {
				// "2.31 GiB" for 2,310 MiB: a binary prefix's step
				// taken as a thousand.
				factors = append(factors, 1.024, 1/1.024)
			}
			for fi, f := range factors {
				if same {
					break
				}
				for _, w := range near(n.Quantity, n.mid()/f, c.Line) {
					if w.line == c.Line || w.n.Unit == n.Unit {
						continue
					}
					if fi >= binFrom && fi < stepFrom && !otherByteSystem(n.Unit, w.n.Unit) {
						continue
					}
					if fi >= stepFrom && !binaryStepApart(n.Unit, w.n.Unit) {
						continue
					}
					if wl, wh := w.n.base(); rangeMatch(n, wl*f, wh*f) {
						src = append(src, w)
					}
				}
			}
			if prefixSlipWiderReach && len(src) > 0 {
				// A source coarser than the figure does not name it
				// when a source written to its precision does.
				sig := func(t string) int {
					return significantDigits(strings.TrimRight(strings.ReplaceAll(digitsOf(t), ".", ""), "0"))
				}
				d := min(sig(n.Text), 3)
				if slices.ContainsFunc(src, func(w written) bool { return sig(w.n.Text) >= d }) {
					src = slices.DeleteFunc(src, func(w written) bool { return sig(w.n.Text) < d })
				}
			}
			if same || len(src) == 0 {
				continue
			}
			// One value only.
			v := src[0].n.mid()
			if slices.ContainsFunc(src, func(w written) bool { return !nearRel(w.n.mid(), v, 1e-6) }) {
				// "1.40 µs" against 1,402,115 ns, 1,401,870 ns and 1.4
				// ms: values the figure's digits round alike are one.
				f := v / n.mid()
				if !prefixSlipsRounded || slices.ContainsFunc(src, func(w written) bool { return !rangeMatch(n, w.n.mid()/f*(1-1e-9), w.n.mid()/f*(1+1e-9)) }) {
					continue
				}
			}
			if n.Approx {
				// "about 80.5 µs" against 80.5 ns: approximate, but with
				// the source's digits as written.
				if !slices.ContainsFunc(src, func(w written) bool { return digitsOf(w.n.Text) == digitsOf(n.Text) }) {
					continue
				}
			}
			if !x.quotesLevel(c, n, &raw, &figs) {
				// "rose by 10.5 GiB", "2.3 ms less": a difference, no
				// quote of a level, unless it restates a difference
				// (savingRestatesSaving).
				if !savingRestatesSaving {
					continue
				}
				src = slices.DeleteFunc(src, func(w written) bool { return !x.writtenAsChange(w.n, w.line) })
				if len(src) == 0 {
					continue
				}
			}
			clo, chi := clauseAround(raw, n.Text)
			words := singulars(nameWords(raw[clo:chi] + " " + x.sentenceLead(c.Line-1)))
			i := slices.IndexFunc(src, func(w written) bool { return overlap(words, singulars(x.lineWords(w.line))) > 0 })
			if i < 0 && prefixSlipWiderReach && significantDigits(strings.TrimRight(strings.ReplaceAll(digitsOf(n.Text), ".", ""), "0")) >= 3 {
				srcWords := func(l int) []string {
					if sw, ok := camel[l]; ok {
						return sw
					}
					text := plain(x.lines[l-1].raw)
					if dl := &x.lines[l-1]; dl.table >= 0 {
						text += " " + strings.Join(x.tables[dl.table].header, " ")
					}
					sw := singulars(nameWords(camelWords(text)))
					camel[l] = sw
					return sw
				}
				para := singulars(x.paragraphWords(c.Line))
				i = slices.IndexFunc(src, func(w written) bool {
					sw := srcWords(w.line)
					return overlap(words, sw) > 0 || overlap(para, sw) > 0
				})
			}
			if i < 0 {
				continue
			}
			got := src[i].n
			cx := &Cross{Reason: RestatedDiffers, Lines: []int{src[i].line}, Stated: n, Got: got.Value, GotUnit: got.Unit, Operands: []Number{got}}
			add = append(add, alarmOnFigure(c, n, cx)...)
			break
		}
	}
	x.addClaims(add)
}

// singulars returns words (sorted, as nameWords gives them) with a
// plural's final "s" taken off ("clips" and "clip" are one word), sorted.
func singulars(words []string) []string {
	out := make([]string, len(words))
	for i, w := range words {
		if len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") {
			w = w[:len(w)-1]
		}
		out[i] = w
	}
	slices.Sort(out)
	return slices.Compact(out)
}
