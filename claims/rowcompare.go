package claims

import (
	"math"
	"regexp"
	"slices"
	"strings"
	"unicode"
)

// A rowMention is a table row a sentence names: its table, its row and
// the byte offsets of the name in the sentence.
type rowMention struct {
	table, row int
	start, end int
}

// sentenceOf returns the sentence of claim c as its paragraph writes it
// (the lines before it that the sentence runs on from, joined) and the
// offset of the claim's figure in it; ok is false when the figure is not
// found.
func (x *extractor) sentenceOf(c *Claim) (s string, at int, ok bool) {
	s = blankCode(plain(x.lines[c.Line-1].raw))
	at = strings.Index(s, c.stated.Text)
	if at < 0 {
		return "", 0, false
	}
	for j, n := c.Line-2, 0; n < 3 && j >= 0; j, n = j-1, n+1 {
		if sentenceStart(s[:at]) > 0 {
			break
		}
		prev := x.wrappedLine(j+1, j)
		if prev == "" {
			break
		}
		if x.lines[j+1].kind == lkProse && listItemRE.MatchString(x.lines[j+1].raw) {
			break
		}
		s = strings.TrimRight(prev, " ") + " " + strings.TrimLeft(s, " ")
		at = strings.Index(s, c.stated.Text)
		if at < 0 {
			return "", 0, false
		}
	}
	k := sentenceStart(s[:at])
	s, at = s[k:], at-k
	// The sentence runs on to the next line of its paragraph ("replayed
	// 8.3 % faster" / "than replica-a") and ends at its full stop: a
	// row named in the next sentence is not the claim's baseline.
	end := at + len(c.stated.Text)
	if sentenceEnd(s[end:]) < 0 && !strings.ContainsAny(s[end:], ",;") {
		if next := x.wrappedLine(c.Line-1, c.Line); next != "" {
			// Up to the next line's first figure: that one has a
			// clause of its own.
			if fs := scanFigures(next); len(fs) > 0 {
				next = next[:fs[0].start]
			}
			s = strings.TrimRight(s, " ") + " " + strings.TrimLeft(next, " ")
		}
	}
	if e := sentenceEnd(s[end:]); e >= 0 {
		s = s[:end+e]
	}
	return s, at, true
}

// sentenceEnd returns the offset of the first sentence end in s (". ",
// "! ", "? " not between digits, or a final "."), -1 if none.
func sentenceEnd(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] != '.' && s[i] != '!' && s[i] != '?' {
			continue
		}
		if i+1 == len(s) {
			return i
		}
		if s[i+1] == ' ' && !(i > 0 && s[i-1] >= '0' && s[i-1] <= '9' && i+2 < len(s) && s[i+2] >= '0' && s[i+2] <= '9') {
			return i
		}
	}
	return -1
}

// sentenceStart returns the offset after the last sentence end in s
// (". ", "! ", "? ", "; " and ": " before a capital or a list), 0 if none.
func sentenceStart(s string) int {
	k := 0
	for _, sep := range []string{". ", "! ", "? "} {
		if j := strings.LastIndex(s, sep); j >= 0 && j+len(sep) > k {
			if j > 0 && s[j-1] >= '0' && s[j-1] <= '9' && j+len(sep) < len(s) && s[j+len(sep)] >= '0' && s[j+len(sep)] <= '9' {
				continue
			}
			k = j + len(sep)
		}
	}
	return k
}

// rowSettingRE matches the part of a row label after its name that sets
// it apart from other rows of the name: a flag or level ("-3", "-19"), a
// version ("6.2").
var rowSettingRE = regexp.MustCompile(`^-?[a-zA-Z]?\d+(?:\.\d+)*$`)

// rowMentions returns the rows of table ti that sentence s names, in the
// order written: a row is named by its whole label ("zstd -19",
// "Kernel TCP"), or by the name of a label "name setting" ("gzip" of
// "gzip -6") when no other row has that name and the sentence writes no
// other setting after it. Words match whole, case aside, and a
// possessive after them ("gzip's") is part of the name.
func (x *extractor) rowMentions(ti int, s string) []rowMention {
	t := x.tables[ti]
	low := strings.ToLower(s)
	names := make(map[string]int)
	for ri := range t.rows {
		fs := strings.Fields(strings.ToLower(rowLabel(&t.rows[ri])))
		if len(fs) > 0 {
			names[fs[0]]++
		}
	}
	var out []rowMention
	for ri := range t.rows {
		label := strings.ToLower(strings.Join(strings.Fields(rowLabel(&t.rows[ri])), " "))
		if label == "" || !strings.ContainsFunc(label, unicode.IsLetter) {
			continue
		}
		if i := wordIndex(low, label); i >= 0 {
			out = append(out, rowMention{table: ti, row: ri, start: i, end: i + len(label)})
			continue
		}
		if bare := strings.ReplaceAll(label, ",", ""); bare != label && strings.Count(bare, " ") >= 1 {
			// "A100 bf16" names the row "A100, bf16": the label's
			// comma only separates its parts.
			if i := wordIndex(low, bare); i >= 0 && !strings.HasPrefix(strings.TrimLeft(low[i+len(bare):], " "), "+") {
				out = append(out, rowMention{table: ti, row: ri, start: i, end: i + len(bare)})
				continue
			}
		}
		fs := strings.Fields(label)
		if len(fs) != 2 || !rowSettingRE.MatchString(fs[1]) || names[fs[0]] != 1 || len(fs[0]) < 2 {
			continue
		}
		i := wordIndex(low, fs[0])
		if i < 0 {
			continue
		}
		rest := strings.Fields(low[i+len(fs[0]):])
		if len(rest) > 0 && rowSettingRE.MatchString(strings.TrimRight(rest[0], ".,;:'’s")) {
			// "gzip -9" names another setting than the row's "gzip -6".
			continue
		}
		out = append(out, rowMention{table: ti, row: ri, start: i, end: i + len(fs[0])})
	}
	// In the order written.
	for a := 1; a < len(out); a++ {
		for b := a; b > 0 && out[b].start < out[b-1].start; b-- {
			out[b], out[b-1] = out[b-1], out[b]
		}
	}
	return out
}

// wordIndex returns the offset of w in s as whole words, -1 if absent.
func wordIndex(s, w string) int {
	for from := 0; from < len(s); {
		i := strings.Index(s[from:], w)
		if i < 0 {
			return -1
		}
		i += from
		before, after := runeBefore(s, i), runeAt(s, i+len(w))
		possessive := strings.HasPrefix(s[i+len(w):], "'s") || strings.HasPrefix(s[i+len(w):], "’s")
		if !isWordRune(before) && before != '-' && (!isWordRune(after) || possessive) {
			return i
		}
		from = i + len(w)
	}
	return -1
}

// baselineLeadRE finds the words before a row's name that make it the
// baseline of a comparison.
var baselineLeadRE = regexp.MustCompile(`(?i)\b(?:than|against|vs\.?|versus|over|compared\s+(?:to|with)|relative\s+to)\s+$`)

// comparativeQ returns the quantity a comparative names on its own:
// "smaller", "larger", "bigger" a size.
var comparativeSizeRE = regexp.MustCompile(`(?i)^\s*(?:%|×|x)?\s*(?:smaller|larger|bigger)\b`)

// checkComparedRows checks a factor or percentage that compares two rows
// of one table of its section by name ("zstd -19 archives are 20.1 % smaller than
// gzip's", "lz4 … 10.5× gzip's decompression speed"): the row named first
// in its sentence is the new figure, the other row the baseline (named
// after the figure, or after the first one). The columns compared are
// those whose header shares a word stem with the sentence
// ("decompression" and "Decompress (MB/s)"), else those of the size a
// comparative names ("smaller"), else every column of figures. A column
// whose two cells give the claim makes it consistent. When none does and
// exactly one column is named, another row of that column that gives the
// claim with one of the named rows makes it MixesRows; with none it is
// left alone (the words may compare another measure). It reports whether
// it set a verdict.
func (x *extractor) checkComparedRows(c *Claim) bool {
	if c.expected || c.stated.Unit != "%" && c.stated.Unit != "x" || c.sense == senseNone || len(c.sense.readings()) == 0 ||
		x.lines[c.Line-1].kind != lkProse || len(x.sectionTables(c.section)) == 0 {
		return false
	}
	s, at, ok := x.sentenceOf(c)
	if !ok {
		return false
	}
	figEnd := at + len(c.stated.Text)
	for _, ti := range x.sectionTables(c.section) {
		ms := x.rowMentions(ti, s)
		if len(ms) < 2 {
			continue
		}
		subj, base := rowMention{row: -1}, rowMention{row: -1}
		for _, m := range ms {
			// A row after "than", "against", "vs" is the baseline
			// ("Against eager, lazy serves …", "… than gzip's").
			if baselineLeadRE.MatchString(s[:m.start]) {
				if base.row < 0 {
					base = m
				}
			} else if subj.row < 0 {
				subj = m
			}
		}
		if subj.row < 0 {
			continue
		}
		if len(ms) == 2 && ms[0].row != ms[1].row && ms[0].end <= ms[1].start && arrowRE.MatchString(s[ms[0].end:ms[1].start]) {
			// "(A100 bf16 → H100 bf16) gives 2.24×": the row before
			// the arrow is the baseline.
			base, subj = ms[0], ms[1]
		}
		if base.row < 0 || base.row == subj.row {
			base = rowMention{row: -1}
			for _, m := range ms {
				if m.row == subj.row {
					continue
				}
				if m.start >= figEnd {
					// The row named after the figure ("gzip's
					// decompression speed") is its baseline.
					base = m
					break
				}
				if base.row < 0 {
					base = m
				}
			}
		}
		if base.row < 0 || subj.start >= at && base.start < at {
			continue
		}
		if v := x.compareRows(c, ti, subj.row, base.row, s, figEnd); v {
			return true
		}
	}
	return false
}

// sectionTables returns the indexes of the tables of section sec; the
// index is built once.
func (x *extractor) sectionTables(sec int) []int {
	if x.tablesBySection == nil {
		x.tablesBySection = make(map[int][]int)
		for ti, t := range x.tables {
			if t.first >= 0 && t.first < len(x.lines) {
				s := int(x.lines[t.first].section)
				x.tablesBySection[s] = append(x.tablesBySection[s], ti)
			}
		}
	}
	return x.tablesBySection[sec]
}

// compareRows checks claim c against the cells of rows subj (new) and
// base (old) of table ti; see checkComparedRows.
func (x *extractor) compareRows(c *Claim, ti, subj, base int, s string, figEnd int) bool {
	t := x.tables[ti]
	rs, rb := &t.rows[subj], &t.rows[base]
	hdr := func(k int) string {
		if k < len(t.header) {
			return t.header[k]
		}
		return ""
	}
	// The header a clause names: in the claim's clause, else in its
	// sentence.
	lo, hi := clauseAround(s, c.stated.Text)
	cw, sw := stemWords(s[lo:hi]), stemWords(s)
	var inClause []int
	var named, sized, all []int
	for k := 1; k < len(rs.cells) && k < len(rb.cells); k++ {
		h := hdr(k)
		if textColRE.MatchString(h) || deltaColRE.MatchString(h) {
			continue
		}
		u, _ := colU(t, k)
		a, ok1 := cellNumber(rs.cells[k], u)
		b, ok2 := cellNumber(rb.cells[k], u)
		if !ok1 || !ok2 || a.Unit != b.Unit || b.mid() == 0 {
			continue
		}
		if a.Quantity == Throughput && c.Kind != Speedup {
			// A rate is compared here by a factor only ("10.5× the
			// decompression speed"): "25 % fewer reads per second" may
			// count reads, and the reading of a rate as a time per
			// operation would give it 25 % from 50,000 → 40,000.
			continue
		}
		all = append(all, k)
		// A latency percentile in the header ("p50", "p99_ms") names
		// the column as a long word does.
		for _, pc := range percentilesOf(h) {
			if slices.Contains(percentilesOf(s[lo:hi]), pc) {
				inClause = append(inClause, k)
			}
		}
		for _, w := range stemWords(h) {
			if len(w) >= 5 && containsStem(cw, w) {
				inClause = append(inClause, k)
			}
			if len(w) >= 5 && containsStem(sw, w) {
				named = append(named, k)
				break
			}
		}
		if canonical(a.Quantity) == Memory {
			sized = append(sized, k)
		}
	}
	// With no column named, the columns of the quantity the claim
	// names ("faster": times and rates); none for a claim that names
	// none.
	var cols []int
	for _, k := range all {
		u, _ := colU(t, k)
		if a, ok := cellNumber(rs.cells[k], u); ok && c.Quantity != Unknown && c.Quantity != Other && canonical(a.Quantity) == canonical(c.Quantity) {
			cols = append(cols, k)
		}
	}
	switch {
	case len(inClause) > 0:
		cols, named = inClause, inClause
	case comparativeSizeRE.MatchString(s[figEnd:]) && len(sized) > 0:
		cols, named = sized, nil
	case len(named) > 0:
		cols = named
	}
	pairOf := func(k, o, n int) Pair {
		u, _ := colU(t, k)
		on, _ := cellNumber(t.rows[o].cells[k], u)
		nn, _ := cellNumber(t.rows[n].cells[k], u)
		return Pair{Old: on, New: nn, OldLine: t.rows[o].line + 1, NewLine: t.rows[n].line + 1, Ordered: true, From: "two rows of its table"}
	}
	for _, k := range cols {
		p := pairOf(k, base, subj)
		if v, got := pairFits(c, &p); supportedBy(c, &p, v, got) {
			return true
		}
		if c.Kind == Speedup && bareFactor(c.Claimed) {
			// "the snapshot p50 is 1.54× … the node20 figures": a
			// factor with no word of direction is the multiple the
			// first row's figure is of the other's, whichever is
			// smaller.
			p := pairOf(k, subj, base)
			if v, got := pairFits(c, &p); supportedBy(c, &p, v, got) {
				return true
			}
		}
	}
	if len(cols) != 1 || len(named) != 1 && len(sized) != 1 {
		return false
	}
	k := cols[0]
	for ri := range t.rows {
		if ri == subj || ri == base {
			continue
		}
		if k >= len(t.rows[ri].cells) {
			continue
		}
		for _, p := range []Pair{pairOf(k, base, ri), pairOf(k, ri, subj)} {
			if p.Old.Unit != p.New.Unit || p.Old.mid() == 0 || math.IsNaN(p.New.mid()) {
				continue
			}
			if v, got := pairFits(c, &p); v == Consistent {
				setCross(c, &Cross{Reason: RowsMixed, Lines: []int{p.OldLine, p.NewLine}, Stated: c.stated,
					Got: got, GotUnit: c.stated.Unit, Operands: []Number{p.Old, p.New}})
				return true
			}
		}
	}
	// The same two rows in another table of the report, under a column
	// of the same header (the table of another setting: "At 1,024 MB the
	// snapshot p50 of 301 ms is 83.6 % below baseline", 83.6 % being 301
	// against the baseline of the 512 MB table): one row of each table
	// that gives it, when the claim's own table does not, makes it
	// MixesRows.
	sl, bl := normLabel(rowLabel(rs)), normLabel(rowLabel(rb))
	sameCol := func(o *mdTable) int {
		want := percentilesOf(t.header[k])
		for j := 1; j < len(o.header); j++ {
			if len(want) > 0 && slices.Equal(percentilesOf(o.header[j]), want) || len(want) == 0 && normLabel(o.header[j]) == normLabel(t.header[k]) {
				return j
			}
		}
		return -1
	}
	for _, o := range x.tables {
		j := -1
		if o != t {
			j = sameCol(o)
		}
		if j < 0 {
			continue
		}
		os, ob := -1, -1
		for ri := range o.rows {
			switch normLabel(rowLabel(&o.rows[ri])) {
			case sl:
				os = ri
			case bl:
				ob = ri
			}
		}
		if os < 0 || ob < 0 || j >= len(o.rows[os].cells) || j >= len(o.rows[ob].cells) {
			continue
		}
		u, _ := colU(o, j)
		tu, _ := colU(t, k)
		oS, ok1 := cellNumber(o.rows[os].cells[j], u, tu)
		oB, ok2 := cellNumber(o.rows[ob].cells[j], u, tu)
		tS, ok3 := cellNumber(rs.cells[k], tu)
		tB, ok4 := cellNumber(rb.cells[k], tu)
		if !ok1 || !ok2 || !ok3 || !ok4 {
			continue
		}
		for _, p := range []Pair{
			{Old: oB, New: tS, OldLine: o.rows[ob].line + 1, NewLine: rs.line + 1, Ordered: true},
			{Old: tB, New: oS, OldLine: rb.line + 1, NewLine: o.rows[os].line + 1, Ordered: true},
		} {
			if p.Old.Unit != p.New.Unit || p.Old.mid() == 0 {
				continue
			}
			if v, got := pairFits(c, &p); v == Consistent {
				setCross(c, &Cross{Reason: RowsMixed, Lines: []int{p.OldLine, p.NewLine}, Stated: c.stated,
					Got: got, GotUnit: c.stated.Unit, Operands: []Number{p.Old, p.New}})
				return true
			}
		}
	}
	return false
}

// normLabel returns a row label or header as compared across tables:
// lower case, without emphasis, spaces collapsed.
func normLabel(s string) string {
	return strings.Join(strings.Fields(strings.ToLower(strings.Trim(s, " *_`"))), " ")
}

// colU returns the unit of column k of table t from its header.
func colU(t *mdTable, k int) (unitInfo, bool) {
	if k < len(t.header) {
		return colUnit(t.header[k])
	}
	return unitInfo{}, false
}

// stemWords returns the lowercased words of s of letters, each cut to
// its stem: the end of a verb or noun ("compresses", "compression" →
// "compress") taken off.
func stemWords(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) }) {
		for _, suf := range []string{"ion", "ions", "es", "ed", "ing", "s"} {
			if len(w) > len(suf)+3 && strings.HasSuffix(w, suf) && !strings.HasSuffix(w, "ss") {
				w = strings.TrimSuffix(w, suf)
				break
			}
		}
		out = append(out, w)
	}
	return out
}

// containsStem reports whether ws holds w.
func containsStem(ws []string, w string) bool {
	for _, v := range ws {
		if v == w {
			return true
		}
	}
	return false
}

// boundWordRE finds the words that make a ratio a bound or an extreme
// rather than a mean: "up to", "at most", "peak".
var boundWordRE = regexp.MustCompile(`(?i)\b(?:up to|at most|at least|max(?:imum)?|min(?:imum)?|peak|best|worst)\b`)

// checkColumnMean checks a factor or percentage stated as a mean over
// rows ("NVENC's speed-up averages 4.6× per rung") against the one column
// of the report's tables whose header its clause names by a word stem
// ("speed-up" and "| Speed-up |") and whose cells are each one factor
// (or percentage) like it, rows of a statistic (total, mean) left out: the
// arithmetic or the geometric mean of the cells that gives it, within the
// rounding of the stated figure, makes it consistent; when neither does,
// it is an ArithmeticError naming the arithmetic mean. A clause naming a
// bound ("up to"), or no column or several, is left alone. It reports
// whether it set a verdict.
func (x *extractor) checkColumnMean(c *Claim) bool {
	if c.expected || c.stated.Unit != "x" && c.stated.Unit != "%" || c.stated.isRange() {
		return false
	}
	clause := x.claimClause(c)
	if !x.averageClause.match(averageWordRE, clause) || x.boundClause.match(boundWordRE, clause) {
		return false
	}
	cw := stemWords(clause)
	var cells []Number
	var lines []int
	found := 0
	for _, t := range x.tables {
		for k := 1; k < len(t.header); k++ {
			named := false
			for _, w := range stemWords(t.header[k]) {
				if len(w) >= 4 && containsStem(cw, w) {
					named = true
				}
			}
			if !named {
				continue
			}
			var ns []Number
			var ls []int
			for ri := range t.rows {
				r := &t.rows[ri]
				if statOf(rowLabel(r)) != "" {
					continue
				}
				fs := scanFigures(blankCode(cellOf(r, k)))
				if len(fs) != 1 || fs[0].Unit != c.stated.Unit || fs[0].plusMinus || fs[0].isRange() || !(fs[0].Value > 0) {
					ns = nil
					break
				}
				ns, ls = append(ns, fs[0].Number), append(ls, r.line+1)
			}
			if len(ns) >= 2 {
				found++
				cells, lines = ns, ls
			}
		}
	}
	if found != 1 {
		return false
	}
	sum, logs := 0.0, 0.0
	for _, n := range cells {
		sum += n.Value
		logs += math.Log(n.Value)
	}
	arith, geo := sum/float64(len(cells)), math.Exp(logs/float64(len(cells)))
	// The stated figure as rounded (half a step either way) or truncated.
	lo, hi := c.stated.Value-c.stated.step/2, c.stated.Value+c.stated.step
	cr := &Cross{Reason: DerivedHolds, Derivation: Mean, Lines: []int{lines[0], lines[len(lines)-1]}, Stated: c.stated,
		GotUnit: c.stated.Unit, Operands: cells}
	switch {
	case arith >= lo && arith <= hi:
		cr.Got = arith
	case geo >= lo && geo <= hi:
		cr.Got = geo
	default:
		cr.Reason, cr.Got = DerivedOff, arith
	}
	setCross(c, cr)
	return true
}

// percentileTokenRE finds a latency percentile written as a token, also
// inside a snake_case name: "p50", "p99_ms", "p99.9".
var percentileTokenRE = regexp.MustCompile(`(?i)(?:^|[^a-z0-9])(p\d{2,3}(?:\.\d+)?)(?:[^0-9.]|\.(?:[^0-9]|$)|$)`)

// percentilesOf returns the latency percentiles s names, lower case.
func percentilesOf(s string) []string {
	var out []string
	for _, m := range percentileTokenRE.FindAllStringSubmatch(s, -1) {
		out = append(out, strings.ToLower(m[1]))
	}
	return out
}

// bareFactor reports whether a factor claim is written as the figure
// alone ("1.54×", "3 times"), with no word that says which way it goes.
func bareFactor(claimed string) bool {
	for _, w := range strings.FieldsFunc(strings.ToLower(claimed), func(r rune) bool { return !unicode.IsLetter(r) }) {
		if w != "x" && w != "times" {
			return false
		}
	}
	return true
}

// checkComparedColumns checks a factor or percentage whose sentence
// compares two columns of one table row by name: "SA also responds 51 %
// faster than NSA on median RTT" under "| Metric | 5G SA | 5G NSA | LTE
// |" with the row "RTT median (ms)". The column named after "than",
// "against" or "vs" is the baseline, the other the new figure; a column
// is named by the last word of its header, the row by the words of its
// label (two, or all of a shorter one). Exactly one table, two columns
// and one row must be named. Cells that give the claim make it
// consistent; cells that do not make it Unsupported, naming them: they
// are the figures the claim rests on. It reports whether it set a
// verdict.
func (x *extractor) checkComparedColumns(c *Claim) bool {
	if !columnsComparedByName || c.expected || c.Pair != nil || c.Verdict != Unverifiable || c.stated.Unit != "%" && c.stated.Unit != "x" ||
		c.sense == senseNone || len(c.sense.readings()) == 0 {
		return false
	}
	s, at, ok := x.sentenceOf(c)
	if !ok {
		return false
	}
	sw := x.sentenceWords.of(s, nil)
	var found []Pair
	for _, t := range x.tables {
		type col struct{ k, pos int }
		var named []col
		for k := 1; k < len(t.header); k++ {
			f := strings.FieldsFunc(t.header[k], func(r rune) bool { return !isWordRune(r) && r != '-' })
			if len(f) == 0 || len(f[len(f)-1]) < 2 || deltaColRE.MatchString(t.header[k]) || baselineInRE.MatchString(t.header[k]) {
				// A column of changes ("SA vs NSA", "Δ") holds no figure
				// of one variant.
				continue
			}
			if pos := wordIndex(s, f[len(f)-1]); pos >= 0 && pos != at {
				named = append(named, col{k, pos})
			}
		}
		if len(named) != 2 {
			continue
		}
		var rows []int
		for ri := range t.rows {
			if len(t.rows[ri].cells) == 0 {
				continue
			}
			lw := dedupe(subjectWords(t.rows[ri].cells[0]))
			if len(lw) > 0 && overlap(sw, lw) >= min(2, len(lw)) {
				rows = append(rows, ri)
			}
		}
		if len(rows) != 1 {
			continue
		}
		// The baseline is the column named after a comparison word.
		first, second := named[0], named[1]
		if first.pos > second.pos {
			first, second = second, first
		}
		if !baselineLeadRE.MatchString(s[:second.pos]) || first.pos > at {
			continue
		}
		r := &t.rows[rows[0]]
		if first.k >= len(r.cells) || second.k >= len(r.cells) {
			continue
		}
		labelUnit, _ := colUnit(r.cells[0])
		ou, _ := colUnit(t.header[second.k])
		nu, _ := colUnit(t.header[first.k])
		o, ok1 := cellNumber(r.cells[second.k], ou, labelUnit)
		n, ok2 := cellNumber(r.cells[first.k], nu, labelUnit)
		if !ok1 || !ok2 || o.Unit != n.Unit || o.mid() == 0 {
			continue
		}
		found = append(found, Pair{Old: o, New: n, OldLine: r.line + 1, NewLine: r.line + 1, Ordered: true,
			From: "the row's " + strings.TrimSpace(t.header[second.k]) + " and " + strings.TrimSpace(t.header[first.k]) + " columns"})
	}
	if len(found) != 1 {
		return false
	}
	p := &found[0]
	v, got := pairFits(c, p)
	if supportedBy(c, p, v, got) {
		return true
	}
	if math.IsNaN(got) {
		return false
	}
	setCross(c, &Cross{Reason: ClosestPair, Lines: []int{p.OldLine, p.NewLine}, Stated: c.stated, Got: got,
		GotUnit: c.stated.Unit, Operands: []Number{p.Old, p.New}})
	return true
}

// baselineInRE finds a comparison inside a column header: "SA vs NSA".
var baselineInRE = regexp.MustCompile(`(?i)\b(?:vs\.?|versus|against|over)\b`)

// columnsComparedByName checks a ratio against the two columns of one
// row its sentence names (checkComparedColumns).
const columnsComparedByName = true

// sentencePairFirst keeps a factor or percentage from being called
// MixesRows by the rows its words name best (bestRowMixed) when a pair
// of its own sentence, begun on the line before, gives it: "sums 6.62
// billion cells/s …, against 521 million cells/s for the scalar loop" /
// "(1,000,000 cells in 1.92 ms), 12.7x the rate" (thirty-second round).
const sentencePairFirst = false

// sentencePairGives reports whether two figures of one unit in the
// claim's sentence, begun on the line before (its line wrapped, no
// sentence end before the claim on its own line), give the claim, the
// first written as the old one or as the new one.
func (x *extractor) sentencePairGives(c *Claim) bool {
	i := c.Line - 1
	if i < 1 || x.wrappedLine(i, i-1) == "" {
		return false
	}
	raw := plain(x.lines[i].raw)
	j := strings.Index(raw, c.Claimed)
	if j < 0 || sentenceEndRE.MatchString(raw[:j]) {
		return false
	}
	prev := blankCode(plain(x.lines[i-1].raw))
	if k := lastSentenceEnd(prev); k >= 0 {
		prev = prev[k:]
	}
	text := prev + " " + blankCode(raw[:j])
	if strings.ContainsAny(text[len(prev):], ";") {
		// Another clause of the line holds the claim.
		return false
	}
	var ns []Number
	for _, f := range scanFigures(text) {
		if f.Unit == "%" || f.Unit == "x" || f.Unit == "×" {
			// A ratio between the figures and the claim is theirs.
			ns = ns[:0]
			continue
		}
		if f.Unit != "" {
			ns = append(ns, f.Number)
		}
	}
	for a := 0; a < len(ns); a++ {
		for b := a + 1; b < len(ns); b++ {
			if ns[a].Unit != ns[b].Unit {
				continue
			}
			for _, p := range []*Pair{{Old: ns[a], New: ns[b], OldLine: c.Line - 1, NewLine: c.Line - 1},
				{Old: ns[b], New: ns[a], OldLine: c.Line - 1, NewLine: c.Line - 1}} {
				if v, _ := pairFits(c, p); v == Consistent && quantityFits(c, p) {
					return true
				}
			}
		}
	}
	return false
}

// lastSentenceEnd returns the index just past the last sentence end of
// s, -1 if it has none.
func lastSentenceEnd(s string) int {
	ms := sentenceEndRE.FindAllStringIndex(s, -1)
	if len(ms) == 0 {
		return -1
	}
	return ms[len(ms)-1][1] - 1
}

// sentenceEndRE finds the end of a sentence in a line.
var sentenceEndRE = regexp.MustCompile(`[.!?]\s+[A-Z]`)

// bestRowMixesFirst makes a ratio whose words name one row of a table
// best, whose row's pair does not give it while a pair of that row's
// figure and a sibling row's does, MixesRows before any pair of another
// table or block that happens to give it supports it (bestRowMixed).
const bestRowMixesFirst = true

// bestRowMixed checks a factor or percentage against the pairs that
// match its words best (top), of those the ones its own clause's words
// (clauseWords) name most, which must be of one row of one table or
// block: when
// none of them gives it and a pair of one of their figures with the
// other side of a sibling row (another row of the same table or block,
// the same quantity) does, the claim took a figure from the wrong row:
// MixesRows, naming the two lines. It reports whether it set a verdict;
// false leaves the claim to the pairs elsewhere.
func (x *extractor) bestRowMixed(c *Claim, top []*docPair, clauseWords []string) bool {
	if len(top) == 0 || c.stated.isRange() {
		return false
	}
	if sentencePairFirst && x.sentencePairGives(c) {
		return false
	}
	// The rows the claim's own clause names most: a row named only by
	// another clause of the line is another claim's.
	most := 0
	for _, d := range top {
		most = max(most, overlap(clauseWords, d.own))
	}
	if most == 0 {
		return false
	}
	top = slices.DeleteFunc(slices.Clone(top), func(d *docPair) bool { return overlap(clauseWords, d.own) < most })
	for _, d := range top {
		if d.group != top[0].group || d.row != top[0].row || d.group == "" {
			return false
		}
		if v, _ := pairFits(c, d.p); v == Consistent || v == Ambiguous {
			return false
		}
	}
	for _, a := range top {
		for _, b := range x.pairs {
			if b.group != a.group || b.row == a.row || !quantityFits(c, b.p) || b.p.Old.Unit != a.p.Old.Unit || b.p.New.Unit != a.p.New.Unit {
				continue
			}
			for _, mp := range []*Pair{
				{Old: a.p.Old, New: b.p.New, OldLine: a.p.OldLine, NewLine: b.p.NewLine, Ordered: a.p.Ordered && b.p.Ordered},
				{Old: b.p.Old, New: a.p.New, OldLine: b.p.OldLine, NewLine: a.p.NewLine, Ordered: a.p.Ordered && b.p.Ordered},
			} {
				if v, got := pairFits(c, mp); v == Consistent {
					setCross(c, &Cross{Reason: RowsMixed, Lines: []int{mp.OldLine, mp.NewLine}, Stated: c.stated,
						Got: got, GotUnit: c.stated.Unit, Operands: []Number{mp.Old, mp.New}})
					return true
				}
			}
		}
	}
	return false
}
