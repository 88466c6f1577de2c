package claims

import (
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// keyFromToRE finds two values of a setting a sentence compares: "from
// 16 to 32 nodes", "going from 8 to 32 ranks". The setting's noun is
// after the second value.
var keyFromToRE = regexp.MustCompile(`(?i)\bfrom\s+(\d[\d,]*)\s+to\s+(\d[\d,]*)\s+([a-z][a-z-]*)`)

// A keyPair is a pair of cells of one column of a table whose rows are
// keyed by a setting (a scaling table: one row per node count), picked by
// the two key values a sentence names.
type keyPair struct {
	p        Pair
	t        *mdTable
	col      int
	from, to int // row indexes
}

// keyRows returns the pair of a table's cells that claim c's sentence
// names by two values of the table's key column ("Doubling from 16 to 32
// nodes saves 123 s" of a table "Nodes | Wall time (s) | …" with rows 16
// and 32): the rows of the first and second value, in the column of
// quantity q whose header shares a word with the sentence, else the only
// column of q. The table must be of the claim's section or, when the
// section has none, any table keyed by the setting; the key column's
// header names the setting's noun ("Nodes" for "nodes"). ok is false when
// the sentence names no such pair or the column is not known.
func (x *extractor) keyRows(c *Claim, q Quantity, fig string) (kp keyPair, ok bool) {
	raw := plain(x.lines[c.Line-1].raw)
	at := indexFigure(raw, fig)
	if at < 0 {
		return kp, false
	}
	text := raw[:at]
	if prev := x.wrappedLine(c.Line-1, c.Line-2); prev != "" {
		text = prev + " " + text
	}
	// The sentence of the figure only.
	if locs := sentenceBreakRE.FindAllStringIndex(text, -1); len(locs) > 0 {
		text = text[locs[len(locs)-1][0]+1:]
	}
	ms := keyFromToRE.FindAllStringSubmatch(text, -1)
	if len(ms) == 0 {
		return kp, false
	}
	m := ms[len(ms)-1]
	a, errA := strconv.Atoi(strings.ReplaceAll(m[1], ",", ""))
	b, errB := strconv.Atoi(strings.ReplaceAll(m[2], ",", ""))
	noun := strings.TrimSuffix(strings.ToLower(m[3]), "s")
	if errA != nil || errB != nil || a == b || len(noun) < 3 {
		return kp, false
	}
	var found []keyPair
	for _, t := range x.tables {
		if len(t.header) < 2 || !strings.Contains(strings.ToLower(t.header[0]), noun) {
			continue
		}
		ra, rb := -1, -1
		for k, r := range t.rows {
			if len(r.cells) == 0 {
				continue
			}
			v, err := strconv.Atoi(strings.ReplaceAll(strings.TrimSpace(r.cells[0]), ",", ""))
			if err != nil {
				continue
			}
			switch v {
			case a:
				ra = k
			case b:
				rb = k
			}
		}
		if ra < 0 || rb < 0 {
			continue
		}
		col := keyColumn(t, q, subjectWords(text+" "+raw[at:]))
		if col < 0 {
			continue
		}
		o, okO := cellNumber(cellOf(&t.rows[ra], col), unitOr(colUnit(t.header[col])))
		n, okN := cellNumber(cellOf(&t.rows[rb], col), unitOr(colUnit(t.header[col])))
		if !okO || !okN || o.Unit == "" || canonical(o.Quantity) != canonical(q) {
			continue
		}
		found = append(found, keyPair{p: Pair{Old: o, New: n, OldLine: t.rows[ra].line + 1, NewLine: t.rows[rb].line + 1, Ordered: true,
			From: namedRowsFrom}, t: t, col: col, from: ra, to: rb})
	}
	if len(found) == 0 {
		return kp, false
	}
	// A table of the claim's section first; two elsewhere and none here
	// leave the claim's table unknown.
	var here []keyPair
	for _, f := range found {
		if f.t.first >= 0 && f.t.first < len(x.lines) && int(x.lines[f.t.first].section) == c.section {
			here = append(here, f)
		}
	}
	switch {
	case len(here) == 1:
		return here[0], true
	case len(here) == 0 && len(found) == 1:
		return found[0], true
	}
	return kp, false
}

// unitOr returns u when ok, the zero unitInfo otherwise.
func unitOr(u unitInfo, ok bool) unitInfo {
	if !ok {
		return unitInfo{}
	}
	return u
}

// keyColumn returns the column of table t of quantity q (by its header's
// unit) that the words name (a header word of four letters or more among
// them), else the only such column; -1 when there is none or several and
// none named.
func keyColumn(t *mdTable, q Quantity, words []string) int {
	var cols []int
	for k := 1; k < len(t.header); k++ {
		if u, ok := colUnit(t.header[k]); ok && u.norm != "" && canonical(u.q) == canonical(q) {
			cols = append(cols, k)
		}
	}
	named := -1
	for _, k := range cols {
		hw := subjectWords(t.header[k])
		if slices.ContainsFunc(hw, func(w string) bool { return len(w) >= 4 && slices.Contains(words, w) }) {
			if named >= 0 {
				return -1
			}
			named = k
		}
	}
	switch {
	case named >= 0:
		return named
	case len(cols) == 1:
		return cols[0]
	}
	// Of several, the one that is not normalised per thing ("per-node
	// samples/s" beside the total's column).
	whole := slices.DeleteFunc(slices.Clone(cols), func(k int) bool { return perThingRE.MatchString(t.header[k]) })
	if len(whole) == 1 {
		return whole[0]
	}
	return -1
}

// perThingRE finds a header that normalises its figures per thing:
// "per-node samples/s", "per GPU".
var perThingRE = regexp.MustCompile(`(?i)\bper[- ][a-z]`)

// checkKeyRows checks a factor or percentage whose sentence names two
// rows of a scaling table by their key ("Moving from 8 to 16 nodes cut
// wall time per simulated day by 71 %") against the cells of those rows
// (see keyRows): the figures the sentence names are the claim's pair, as
// if written beside it, in place of the bare settings ("16 → 32") its
// line pairs. When they do not give it, another row with one of the two
// that does makes it MixesRows (the 4-node row taken as "before");
// otherwise the pair's verdict stands (an ArithmeticError). It reports
// whether it set a verdict.
func (x *extractor) checkKeyRows(c *Claim) bool {
	if c.sense == senseNone || len(c.sense.readings()) == 0 || c.stated.Text == "" {
		return false
	}
	if c.Pair != nil && !(c.Pair.canonicalQ() == Count && c.Pair.Old.Unit == "") {
		// A pair of measured figures beside it is its own.
		return false
	}
	kp, ok := x.keyRows(c, Time, c.stated.Text)
	if !ok && (canonical(c.Quantity) == Throughput || x.rateWordText.match(rateWordRE, x.claimText(c))) {
		// "Going from 8 to 16 nodes gives 1.81× the throughput": the
		// rows' rates, in a table with no time column.
		kp, ok = x.keyRows(c, Throughput, c.stated.Text)
	}
	if !ok {
		return false
	}
	settings := c.Pair != nil && c.Pair.Old.Value == keyValue(kp.t, kp.from) && c.Pair.New.Value == keyValue(kp.t, kp.to)
	detach := func() {
		// The two settings ("8 → 16" nodes) are not what the claim
		// compares: it is checked as a claim with no pair beside it.
		if settings {
			c.Pair, c.Arithmetic, c.Verdict, c.Detail = nil, Unverifiable, Unverifiable, ""
			c.Numbers = c.Numbers[:min(len(c.Numbers), 1)]
		}
	}
	raw := x.claimText(c)
	lo, hi := clauseAround(raw, c.stated.Text)
	if at := indexFigure(raw, c.stated.Text); at >= lo && at < hi {
		// An aside after a comma ("…, a scaling efficiency of 90.5 %")
		// is a clause of its own.
		if j := strings.Index(raw[at:hi], ", "); j >= 0 {
			hi = at + j
		}
	}
	cw := subjectWords(raw[lo:hi])
	for k := 1; k < len(kp.t.header); k++ {
		if k != kp.col && slices.ContainsFunc(subjectWords(kp.t.header[k]), func(w string) bool {
			return len(w) >= 4 && slices.Contains(cw, w) && !slices.Contains(subjectWords(kp.t.header[kp.col]), w) && !slices.Contains(subjectWords(kp.t.header[0]), w)
		}) {
			// "for 11 % more node-hours": the clause names another
			// column of the table.
			detach()
			return false
		}
	}
	if c.Pair != nil && !settings {
		// The line's pair is not the two settings the sentence names.
		return false
	}
	v, _ := pairFits(c, &kp.p)
	if v == Consistent || v == Ambiguous {
		cp := kp.p
		c.Pair = &cp
		c.checkStated(c.stated, c.sense)
		c.Verdict = c.Arithmetic
		return true
	}
	for k := range kp.t.rows {
		if k == kp.from || k == kp.to {
			continue
		}
		for _, ends := range [][2]int{{k, kp.to}, {kp.from, k}} {
			o, okO := cellNumber(cellOf(&kp.t.rows[ends[0]], kp.col), unitOr(colUnit(kp.t.header[kp.col])))
			n, okN := cellNumber(cellOf(&kp.t.rows[ends[1]], kp.col), unitOr(colUnit(kp.t.header[kp.col])))
			if !okO || !okN {
				continue
			}
			mp := &Pair{Old: o, New: n, OldLine: kp.t.rows[ends[0]].line + 1, NewLine: kp.t.rows[ends[1]].line + 1, Ordered: true}
			if v, got := pairFits(c, mp); v == Consistent || v == Ambiguous {
				c.Pair, c.Arithmetic = nil, Unverifiable
				c.Verdict = Unverifiable
				setCross(c, &Cross{Reason: RowsMixed, Lines: []int{mp.OldLine, mp.NewLine}, Stated: c.stated,
					Got: got, GotUnit: c.stated.Unit, Operands: []Number{mp.Old, mp.New}})
				return true
			}
		}
	}
	cp := kp.p
	c.Pair = &cp
	c.checkStated(c.stated, c.sense)
	c.Verdict = c.Arithmetic
	return true
}

// keyValue returns the value of row k's key cell of table t, NaN if it is
// no number.
func keyValue(t *mdTable, k int) float64 {
	v, err := strconv.ParseFloat(strings.ReplaceAll(strings.TrimSpace(cellOf(&t.rows[k], 0)), ",", ""), 64)
	if err != nil {
		return math.NaN()
	}
	return v
}

// checkKeyDifference checks a saving whose sentence names two rows of a
// scaling table by their key ("Doubling from 16 to 32 nodes saves 123 s
// per simulated day") against |old − new| of those rows' cells: one that
// gives it supports it. It reports whether it set a verdict (support
// only: a saving it does not give is left to the other checks).
func (x *extractor) checkKeyDifference(c *Claim, n Number) bool {
	kp, ok := x.keyRows(c, n.Quantity, n.Text)
	if !ok {
		return false
	}
	lo, hi := diffRange(&kp.p)
	if math.IsNaN(lo) || !rangeMatch(n, lo, hi) {
		return false
	}
	setCross(c, &Cross{Reason: DerivedHolds, Derivation: Difference, Lines: []int{kp.p.OldLine, kp.p.NewLine}, Stated: n,
		Got: toUnit(math.Abs(kp.p.Old.mid()-kp.p.New.mid()), n), GotUnit: n.Unit, Operands: []Number{kp.p.Old, kp.p.New}})
	return true
}

// speedupHeaderRE and efficiencyHeaderRE find the columns of a scaling
// table's derived figures: "Speed-up", "Speed-up vs 4 nodes";
// "Efficiency", "Rel. efficiency", "Parallel efficiency (%)".
var (
	speedupHeaderRE    = regexp.MustCompile(`(?i)\bspeed-?ups?\b`)
	efficiencyHeaderRE = regexp.MustCompile(`(?i)\befficiency\b`)
)

// checkScalingTables recomputes the derived columns of scaling tables: a
// table keyed by a count of resources (the first column, whole numbers
// increasing down the rows: nodes, ranks, GPUs), with one column of
// times (a unit in its header), and a speed-up column, an efficiency
// column or both. The base row is the one whose speed-up is 1 (else the
// first); speed-up is S(N) = T(base)/T(N) and parallel efficiency E(N) =
// S(N) / (N/base), the definitions of strong scaling. A cell that its
// row's times do not give, within the rounding of every figure, becomes
// a claim of its own with an ArithmeticError (Derivation Scaling); the
// cells that hold are left as listed. A table whose time column or key
// is not clear is not checked.
func (x *extractor) checkScalingTables() {
	for _, t := range x.tables {
		if len(t.rows) < 2 || len(t.header) < 3 {
			continue
		}
		keys := make([]float64, len(t.rows))
		ok := true
		for k := range t.rows {
			keys[k] = keyValue(t, k)
			if math.IsNaN(keys[k]) || keys[k] <= 0 || keys[k] != math.Trunc(keys[k]) || k > 0 && keys[k] <= keys[k-1] {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		timeCol, sCol, eCol := -1, -1, -1
		for k := 1; k < len(t.header); k++ {
			h := t.header[k]
			switch {
			case speedupHeaderRE.MatchString(h):
				sCol = k
			case efficiencyHeaderRE.MatchString(h):
				eCol = k
			default:
				if u, ok := colUnit(h); ok && u.norm != "" && u.q == Time {
					if timeCol >= 0 {
						timeCol = -2 // two time columns: which one is unclear
					} else if timeCol == -1 {
						timeCol = k
					}
				}
			}
		}
		if timeCol < 0 || sCol < 0 && eCol < 0 {
			continue
		}
		tu, _ := colUnit(t.header[timeCol])
		times := make([]Number, len(t.rows))
		for k := range t.rows {
			n, ok := cellNumber(cellOf(&t.rows[k], timeCol), tu)
			if !ok || n.Quantity != Time || !(n.Value > 0) {
				times = nil
				break
			}
			times[k] = n
		}
		if times == nil {
			continue
		}
		base := 0
		if sCol >= 0 {
			for k := range t.rows {
				if n, ok := cellNumber(cellOf(&t.rows[k], sCol)); ok && n.Value == 1 {
					base = k
					break
				}
			}
		}
		b0lo, b0hi := times[base].base()
		for k := range t.rows {
			if k == base {
				continue
			}
			tlo, thi := times[k].base()
			slo, shi := b0lo/thi, b0hi/tlo
			if sCol >= 0 {
				if n, ok := cellNumber(cellOf(&t.rows[k], sCol)); ok {
					lo, hi := n.Value-n.step/2, n.High+n.step/2
					if hi < slo*(1-1e-9) || lo > shi*(1+1e-9) {
						x.scalingError(t, k, n, []Number{times[base], times[k]}, (slo+shi)/2, "x")
					}
				}
			}
			if eCol >= 0 {
				if n, ok := cellPercent(cellOf(&t.rows[k], eCol)); ok {
					f := keys[base] / keys[k] * 100
					lo, hi := n.Value-n.step/2, n.High+n.step/2
					if hi < slo*f*(1-1e-9) || lo > shi*f*(1+1e-9) {
						kn := Number{Text: trimFloat(keys[k], 6), Value: keys[k], High: keys[k], Quantity: Count, scale: 1}
						bn := Number{Text: trimFloat(keys[base], 6), Value: keys[base], High: keys[base], Quantity: Count, scale: 1}
						x.scalingError(t, k, n, []Number{times[base], times[k], kn, bn}, (slo+shi)/2*f, "%")
					}
				}
			}
		}
	}
}

// scalingError makes cell n of row k of table t a claim of its own with
// an ArithmeticError: the scaling figure the row's times give is got (in
// the cell's terms, "x" or "%"), from ops. The row's listed claim no
// longer states n.
func (x *extractor) scalingError(t *mdTable, k int, n Number, ops []Number, got float64, unit string) {
	line := t.rows[k].line + 1
	at := -1
	for i := range x.rep.Claims {
		c := &x.rep.Claims[i]
		if c.Line != line || c.Kind != Absolute {
			continue
		}
		j := slices.IndexFunc(c.Numbers, func(m Number) bool { return m.Text == n.Text && m.Unit == n.Unit })
		if j < 0 {
			continue
		}
		if len(c.Numbers) > 1 {
			c.Numbers = slices.Delete(slices.Clone(c.Numbers), j, j+1)
			parts := make([]string, len(c.Numbers))
			for p, m := range c.Numbers {
				parts[p] = m.String()
			}
			c.Claimed = strings.Join(parts, ", ")
		}
		at = i
		break
	}
	if at < 0 {
		return
	}
	e := x.rep.Claims[at]
	e.Numbers = []Number{n}
	e.Claimed = n.String()
	e.Pair, e.Cross, e.Verdict, e.Arithmetic = nil, nil, Unverifiable, Unverifiable
	e.listed = false
	setCross(&e, &Cross{Reason: DerivedOff, Derivation: Scaling, Lines: []int{t.rows[0].line + 1, line}, Stated: n,
		Got: got, GotUnit: unit, Operands: ops})
	if len(x.rep.Claims[at].Numbers) == 1 && x.rep.Claims[at].Numbers[0].Text == n.Text {
		x.rep.Claims[at] = e
		return
	}
	x.rep.Claims = slices.Insert(x.rep.Claims, at+1, e)
}

// splitConfirmedPairs separates, from a factor or percentage that fails
// the pair beside it ("p99 fell from 46 ms to 11 ms, a 73 % reduction"),
// the pair's two figures when the report states each of them, as
// written and in the same unit, on another line (a table's cells): the
// figures are confirmed there, and the error is the ratio's alone. Each
// figure becomes a claim of its own, supported by the line that states
// it; the ratio keeps its ArithmeticError. With ratioOwnsItsError, a pair
// of which neither figure is stated elsewhere (the sentence's own
// measurement) is split too, its figures left unverifiable: the alarm is
// the ratio's, which names the pair. A pair with one figure confirmed
// and the other stated nowhere else stays whole (that figure may be the
// wrong one).
func (x *extractor) splitConfirmedPairs() {
	byText := make(map[string][]int) // figure as written and unit → fact indexes
	for k, f := range x.rep.Facts {
		key := quotedText(f.Value) + " " + quotedUnit(f.Value.Unit)
		byText[key] = append(byText[key], k)
	}
	confirm := func(n Number, line int) (Fact, bool) {
		for _, k := range byText[quotedText(n)+" "+quotedUnit(n.Unit)] {
			if f := x.rep.Facts[k]; f.Line != line && n.Unit != "" {
				return f, true
			}
		}
		return Fact{}, false
	}
	var add []Claim
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Kind != Speedup && c.Kind != Percent || c.Verdict != ArithmeticError || c.Pair == nil || c.Cross != nil ||
			c.Pair.OldLine != c.Line || c.Pair.NewLine != c.Line || len(c.Numbers) != 3 {
			continue
		}
		fo, okO := confirm(c.Pair.Old, c.Line)
		fn, okN := confirm(c.Pair.New, c.Line)
		if okO != okN || !okO && !ratioOwnsItsError {
			// One figure confirmed elsewhere and the other not: the
			// other may be the wrong one ("from 412.6 ms to 31 ms" where
			// the table says 38.2 ms).
			continue
		}
		for _, pf := range []struct {
			n  Number
			f  Fact
			ok bool
		}{{c.Pair.Old, fo, okO}, {c.Pair.New, fn, okN}} {
			e := *c
			e.Kind, e.Pair, e.Numbers, e.Claimed, e.Quantity = Absolute, nil, []Number{pf.n}, pf.n.String(), pf.n.Quantity
			e.Verdict, e.Arithmetic, e.Cross, e.Detail = Unverifiable, Unverifiable, nil, ""
			if pf.ok {
				setCross(&e, &Cross{Reason: SupportedElsewhere, Lines: []int{pf.f.Line}, Stated: pf.n, Got: pf.f.Value.Value,
					GotUnit: pf.n.Unit, Operands: []Number{pf.f.Value}})
			}
			add = append(add, e)
		}
		c.Numbers = c.Numbers[:1]
	}
	if len(add) > 0 {
		x.rep.Claims = append(x.rep.Claims, add...)
		slices.SortStableFunc(x.rep.Claims, func(a, b Claim) int { return a.Line - b.Line })
	}
}

// ratioOwnsItsError splits the figures of a failing ratio's own pair from
// it also when no other line states them (splitConfirmedPairs); false
// keeps such a pair whole, the figure perhaps being the wrong one.
const ratioOwnsItsError = true

// perNounRE finds a time per one thing right after its figure: " per
// step", " per request"; countNounAfterRE the things a count counts.
var (
	perNounRE        = regexp.MustCompile(`^\s+per\s+([a-z]{3,})\b`)
	countNounAfterRE = regexp.MustCompile(`^\s+([a-z]{3,})\b`)
)

// checkPerTotal checks a total time stated after a time per one thing and
// a count of those things in its sentence ("At 1.9 ms per step and" /
// "8,640 steps it costs 16.4 min per simulated day"), the sentence read
// across the line break before: the total is the product. One that fits
// makes it consistent, one that fits only with a unit misread (60× for
// seconds written as minutes) is a UnitSlip; anything else is left to
// the other checks (the figures may be another sentence's). It reports
// whether it set a verdict.
func (x *extractor) checkPerTotal(c *Claim, n Number, scan string) bool {
	if n.Quantity != Time || strings.Contains(n.Unit, "/") {
		return false
	}
	text, figs, at := x.sentenceFigures(c, n, scan)
	if at < 2 {
		return false
	}
	breaks := x.textBreaks(text)
	// The nearest time per thing and count of things before the total
	// in its sentence (a figure that is both is the time's).
	prevPer, prevCount := x.perCountFigures(text)
	var per, count *figure
	inSentence := func(k int) bool {
		return k >= 0 && sameSentence(breaks, figs[k].start, figs[k].end, figs[at].start, figs[at].end)
	}
	pk, ck := prevPer[at], prevCount[at]
	if ck >= 0 && ck == pk {
		ck = prevCount[ck]
	}
	if inSentence(pk) {
		per = &figs[pk]
	}
	if inSentence(ck) {
		count = &figs[ck]
	}
	if per == nil || count == nil {
		return false
	}
	noun := perNounRE.FindStringSubmatch(text[per.end:])[1]
	counted := countNounAfterRE.FindStringSubmatch(text[count.end:])[1]
	if strings.TrimSuffix(counted, "s") != strings.TrimSuffix(noun, "s") {
		return false
	}
	plo, phi := per.Number.base()
	lo, hi := plo*count.Value, phi*count.Value
	cx := &Cross{Derivation: Expression, Lines: []int{c.Line}, Stated: n, Got: toUnit((lo+hi)/2, n), GotUnit: n.Unit,
		Operands: []Number{per.Number, count.Number}}
	cx.judge(n, lo, hi)
	if cx.Reason == DerivedOff {
		return false
	}
	if cx.Reason == UnitSlip {
		// The slip is the total's; its operands, stated on the line,
		// are not the failing claim's figures (they stay in its detail).
		c.Numbers = slices.DeleteFunc(c.Numbers, func(m Number) bool {
			return m.Text == count.Text && m.Unit == count.Unit || m.Text == per.Text && m.Unit == per.Unit
		})
	}
	setCross(c, cx)
	return true
}

// perCountFigures returns, for each figure k of the text sentenceFigures
// read last, the index of the nearest figure before k that is a time
// per thing ("1.9 µs per row", perNounRE after it) and that of the
// nearest that is a count of things ("48 rows", countNounAfterRE), -1
// if none: what checkPerTotal looks for before a total, read once for
// the line. The caller must not modify them.
func (x *extractor) perCountFigures(text string) (prevPer, prevCount []int) {
	s := &x.sent
	if s.prevPer == nil || s.text != text {
		figs := s.figs
		if s.text != text {
			figs = scanFigures(text)
		}
		per, count := make([]int, len(figs)), make([]int, len(figs))
		p, c := -1, -1
		for k := range figs {
			per[k], count[k] = p, c
			f := &figs[k]
			// The words after the figure, to the end of a word past
			// endWindow bytes: both expressions are anchored at the
			// figure and read a few words.
			rest := firstBytes(text[f.end:], endWindow)
			if f.Quantity == Time && perNounRE.MatchString(rest) {
				p = k
			}
			if f.Unit == "" && f.Value >= 2 && f.Value == f.High && countNounAfterRE.MatchString(rest) {
				c = k
			}
		}
		if s.text != text {
			return per, count
		}
		s.prevPer, s.prevCount = per, count
	}
	return s.prevPer, s.prevCount
}

// settingsPair reports whether pair p is two plain counts a sentence
// moves a setting between ("from 8 to 16 nodes", "from 16 to 32"
// before "nodes" on the line): keyFromToRE's two values, as written.
func (x *extractor) settingsPair(p *Pair) bool {
	if p.Old.Unit != "" || p.New.Unit != "" || p.OldLine < 1 || p.OldLine > len(x.lines) {
		return false
	}
	raw := plain(x.lines[p.OldLine-1].raw)
	if p.NewLine != p.OldLine && p.NewLine <= len(x.lines) {
		raw += " " + plain(x.lines[p.NewLine-1].raw)
	}
	if prev := x.wrappedLine(p.OldLine-1, p.OldLine-2); prev != "" {
		// The sentence may name the resource on the line before ("from
		// 8 to 16 nodes and by a" / "further 11.1 points from 16 to 32").
		raw = prev + " " + raw
	}
	for _, m := range keyFromToRE.FindAllStringSubmatch(raw, -1) {
		if m[1] == p.Old.Text && m[2] == p.New.Text {
			return true
		}
	}
	return bareFromToRE.MatchString(raw) && strings.Contains(raw, "from "+p.Old.Text+" to "+p.New.Text)
}

// bareFromToRE finds a sentence that moves a setting of counted resources
// ("from 8 to 16 nodes and … from 16 to 32"): the noun after a pair of
// whole numbers.
var bareFromToRE = regexp.MustCompile(`(?i)\bfrom\s+\d[\d,]*\s+to\s+\d[\d,]*\s+(?:nodes|ranks|cores|threads|gpus|workers|replicas|shards|brokers|pods|instances|machines|servers|hosts|partitions)\b`)

// namedRowsFrom is the Pair.From of a pair of table rows a sentence names
// ("from 8 to 32 nodes").
const namedRowsFrom = "the rows the sentence names"
