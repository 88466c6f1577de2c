package claims

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"
)

// A measure is the kind of figure a clause compares, coarser than a
// Quantity: the words a writer uses name it ("space", "gets per second",
// "executors", "runtime"), and a figure's unit gives it.
type measure uint8

const (
	measureTime      measure = 1 << iota // durations and latencies
	measureBytes                         // sizes and amounts of data
	measureByteRate                      // bytes per second
	measureCountRate                     // things per second other than bytes
	measureCount                         // plain counts of things (cores, pods)
	measureMoney                         // amounts of money
	measurePower                         // electric power and energy
)

// measureWordsRE finds, in a clause, the words that name a measure, each
// group one measure in the order of the constants above. A rate of things
// ("gets per second", "events/s", a capacity) is told from a rate of
// bytes by the noun before "per second"; "as often" counts events.
// "Faster" and "slower" name no measure: a speed may rest on times or
// on rates.
var measureWordsRE = []*regexp.Regexp{
	regexp.MustCompile(`(?i)\b(?:latency|latencies|runtime|runtimes|duration|wall[- ]clock|p50|p90|p95|p99|p99\.9|p999|median|minutes|hours|seconds)\b`),
	regexp.MustCompile(`(?i)\b(?:space|bytes|data|size|sizes|footprint|storage|heap|memory|ram|disk|scanned|written|wrote)\b`),
	regexp.MustCompile(`(?i)\b(?:bandwidth|(?:bytes|data|[kmgt]i?b)\s*(?:per\s+second|/s))\b`),
	regexp.MustCompile(`(?i)\b(?:qps|rps|iops|capacity|[a-z]{3,}s\s+(?:per\s+second|a\s+second)|(?:req|ops?|rows|events|records|msgs|gets|puts|reads|writes|requests|messages)\s*/\s*s)\b`),
	regexp.MustCompile(`(?i)\b(?:cores|pods|nodes|hosts|executors|instances|replicas|machines|servers|workers|threads|brokers|vms|often|frequently|allocs|allocations)\b`),
	regexp.MustCompile(`(?i)(?:\$|\b(?:bill|price|prices|dollars|spend|costs?\s+per\s+[a-z]+|costs?\s+(?:a|of)\s+(?:hour|day|month|year|request|gb|tb|unit|node|instance))\b|\bcosts?\s+(?:(?:about|roughly|around|nearly|almost|only|just|some|~)\s*)?[\d.,]+\s*%)`),
	regexp.MustCompile(`(?i)\b(?:power|watts?|wattage|draws?|energy|kwh)\b`),
}

// throughputWordRE finds "throughput", which names either rate.
var throughputWordRE = regexp.MustCompile(`(?i)\bthroughput\b`)

// measuresNamed returns the measures clause names in words, 0 if none.
// "gets per second" names a count rate and not bytes; "throughput" names
// either rate.
func measuresNamed(clause string) measure {
	var m measure
	for k, re := range measureWordsRE {
		if re.MatchString(clause) {
			m |= 1 << k
		}
	}
	if m&measureCountRate != 0 {
		// "serves 30 % fewer gets per second": the noun is the rate's.
		m &^= measureBytes
	}
	if throughputWordRE.MatchString(clause) {
		m |= measureByteRate | measureCountRate
	}
	return m
}

// headerWordsOf returns headerWords(clause), read once for the claims
// of one clause. The caller must not modify it.
func (x *extractor) headerWordsOf(clause string) map[string]bool {
	m := &x.headerWords
	if m.words == nil || m.clause != clause {
		m.clause, m.words = clause, headerWords(clause)
	}
	return m.words
}

// measuresNamedOf returns measuresNamed(clause), read once for the
// claims of one clause (a line of many figures is one clause).
func (x *extractor) measuresNamedOf(clause string) measure {
	m := &x.measures
	if !m.ok || m.clause != clause {
		m.ok, m.clause, m.named = true, clause, measuresNamed(clause)
	}
	return m.named
}

// measureOf returns the measure of figure n from its unit, 0 when the
// unit does not say (a plain count without a noun, a percentage).
func measureOf(n Number) measure {
	if n.Quantity == Throughput {
		u := strings.ToLower(n.Unit)
		if strings.Contains(u, "b/s") || strings.Contains(u, "bit/s") || strings.HasSuffix(u, "bps") {
			return measureByteRate
		}
		return measureCountRate
	}
	switch canonical(n.Quantity) {
	case Time:
		return measureTime
	case Memory:
		return measureBytes
	case Cost:
		return measureMoney
	case Power, Energy:
		return measurePower
	case Count:
		if n.dim != "" && n.dim != "B" && n.dim != "$" {
			return measureCount
		}
	}
	return 0
}

// fewerRE finds "fewer" right after a factor or percentage ("2.6×
// fewer", "71 % fewer"): a count of things.
var fewerRE = regexp.MustCompile(`(?i)^\s*(?:×|x|%|times)?\s*fewer\b`)

// whichClauseRE finds the start of a relative clause.
var whichClauseRE = regexp.MustCompile(`,\s*(?:which|that|so that|because|since)\b`)

// otherMeasure reports whether the clause of claim c names what it
// compares in words, and pair p's figures measure something else: "serves
// 30 % fewer gets per second" against a pair of MB/s, "needs 2.7 % more
// space" against a pair of µs. Such a pair is no evidence against the
// claim: an alarm must name figures of the measure the claim is about.
func (x *extractor) otherMeasure(c *Claim, p *Pair) bool {
	raw := x.claimText(c)
	lo, hi := clauseAround(raw, c.stated.Text)
	clause := raw[lo:hi]
	if j := whichClauseRE.FindStringIndex(clause); j != nil && j[0] > strings.Index(clause, c.stated.Text) {
		// "…, which paid for itself by letting us drop six pods": a
		// relative clause says something else.
		clause = clause[:j[0]]
	}
	named := measuresNamed(clause + " " + c.Claimed)
	if i := strings.Index(clause, c.stated.Text); i >= 0 {
		// The noun right after the figure is what it measures: "10 %
		// fewer allocations" is about a count, however the clause's
		// subject reads ("first-party data").
		if near := measuresNamed(leadingWords(clause[i+len(c.stated.Text):], 4)); near != 0 {
			named = near
		} else if pre := measuresNamed(trailingWords(clause[:i], 2) + " " + leadingWords(clause[i:], 2)); pre != 0 {
			// The verb right before it, likewise: "costs about 51 %
			// more … for a 111 ms better p50" compares money.
			named = pre
		}
	}
	if i := strings.Index(clause, c.stated.Text); named == 0 && i >= 0 && fewerRE.MatchString(clause[i+len(c.stated.Text):]) {
		// "2.6× fewer layers", "71 % fewer on medium": fewer counts
		// things, which no pair of times, sizes or rates measures.
		named = measureCount
	}
	if named == 0 {
		return false
	}
	m := measureOf(p.Old) | measureOf(p.New)
	if (m&measureTime != 0 && named&measureCountRate != 0 || m&measureCountRate != 0 && named&measureTime != 0) && !x.percentilePair(p) {
		// A rate of things is one over a time per thing: "71.4 % more
		// rows per second" may rest on times per row. Not over a
		// latency percentile: "28 % more write IOPS" does not rest on
		// a p99 of 241 µs → 182 µs.
		return false
	}
	return m != 0 && m&named == 0
}

// latencyCutRE finds the words that make a time a latency percentile or
// a tail rather than a time per operation.
var latencyCutRE = regexp.MustCompile(`(?i)\bp\d{2}(?:\.\d+)?\b|\bpercentiles?\b|\bmedian\b|\btail\b`)

// changeInRE finds the noun a change names right after its figure: "the
// 6.2-fold increase in horizontal points", "a 40 % rise in retries".
var changeInRE = regexp.MustCompile(`(?i)^\s*(?:-fold\s+|times\s+|×\s*|x\s+|%\s*)?(?:increase|decrease|rise|drop|growth|reduction|gain|jump|fall)\s+(?:in|of)\s+((?:the\s+)?[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)`)

// namesOtherNoun reports whether factor or percentage c names, right after
// its figure, the thing that changed ("increase in horizontal points")
// with words of no measure that pair p's figures have: the pair is no
// evidence against it.
func (x *extractor) namesOtherNoun(c *Claim, p *Pair) bool {
	raw := plain(x.lines[c.Line-1].raw)
	at := indexFigure(raw, c.stated.Text)
	if at < 0 {
		return false
	}
	m := changeInRE.FindStringSubmatch(raw[at+len(c.stated.Text):])
	if m == nil || measuresNamed(m[1]) != 0 || speedNounRE.MatchString(m[1]) {
		return false
	}
	return measureOf(p.Old)|measureOf(p.New) != 0
}

// speedNounRE finds the nouns of a speed, which rest on times or rates.
var speedNounRE = regexp.MustCompile(`(?i)\b(?:speed|throughput|time|times|performance|rate)\b`)

// percentilePair reports whether both lines of pair p name a latency
// percentile (a table row "p99 | 241 | 168", a sentence "p99 drops from
// 241 µs to 182 µs"): its times are not the reciprocal of any rate.
func (x *extractor) percentilePair(p *Pair) bool {
	for _, l := range []int{p.OldLine, p.NewLine} {
		if l < 1 || l > len(x.lines) || !latencyCutRE.MatchString(x.lines[l-1].raw) {
			return false
		}
	}
	return true
}

// trailingWords returns the last n words of s.
func trailingWords(s string, n int) string {
	f := strings.Fields(s)
	return strings.Join(f[max(0, len(f)-n):], " ")
}

// leadingWords returns the first n words of s.
func leadingWords(s string, n int) string {
	f := strings.Fields(s)
	return strings.Join(f[:min(n, len(f))], " ")
}

// A column is a column of a Markdown table with its figures, for
// columnFit: its header, the words of the header, its section, and the
// cells of one figure each (at most twelve) with their 1-based lines.
type column struct {
	header  string
	words   map[string]bool
	measure measure
	section int
	cells   []figure
	lines   []int
}

// columnIndex returns the columns of the report's tables of two to twelve
// single-figure cells, by the words of their headers; built once.
func (x *extractor) columnIndex() map[string][]*column {
	if x.columns != nil {
		return x.columns
	}
	x.columns = make(map[string][]*column)
	for _, t := range x.tables {
		if t.first < 0 || t.first >= len(x.lines) {
			continue
		}
		if columnFitNoSides && sideColumn(t) {
			continue
		}
		for col := 1; col < len(t.header); col++ {
			k := &column{header: strings.TrimSpace(t.header[col]), words: headerWords(t.header[col]),
				measure: measuresNamed(t.header[col]), section: int(x.lines[t.first].section)}
			for ri := range t.rows {
				fs := scanFigures(cellOf(&t.rows[ri], col))
				if len(fs) != 1 {
					continue
				}
				k.cells = append(k.cells, fs[0])
				k.lines = append(k.lines, t.rows[ri].line+1)
			}
			if len(k.cells) < 2 || len(k.cells) > 12 {
				continue
			}
			for w := range k.words {
				x.columns[w] = append(x.columns[w], k)
			}
		}
	}
	return x.columns
}

// columnFitNoSides: a table with a column of sides ("| rate | build |
// p50 | … |" with rows "before" and "after" of each rate) states its
// own pairs, a before and an after row of one key; two cells of one of
// its columns from other rows (the max of the 2,000 req/s "after" row
// over the 500 req/s "after" row) are no comparison it makes, and do
// not support a claim (columnFit). Twenty-ninth round (testdata/labels/
// README.md): blind3's "max latency down 52 %", supported by such
// cells once its clause's words were read from the line before
// (clauseFromLineBefore).
const columnFitNoSides = true

// sideColumn reports whether a column of table t after the first names
// a side of the change in every row, both sides present.
func sideColumn(t *mdTable) bool {
	for k := 1; k < len(t.header); k++ {
		sides := make(map[bool]bool) // before, after
		all := len(t.rows) > 0
		for ri := range t.rows {
			c := strings.ToLower(strings.Trim(cellOf(&t.rows[ri], k), " `*_"))
			before, after := sideBeforeRE.MatchString(c), sideAfterRE.MatchString(c)
			if !before && !after {
				all = false
				break
			}
			sides[before] = true
		}
		if all && len(sides) == 2 {
			return true
		}
	}
	return false
}

// columnFit returns the lines of two cells of one column of a table, the
// pair they make and what it gives, for a
// column whose header the claim's clause names ("| Gets/s |" for "serves
// 30 % fewer gets per second": one word of it for a table of the claim's
// section; all of them, two or more, or a header of the measure the
// clause names, for one elsewhere), that give c: a table that compares
// rows (profiles, configurations) without before and after columns
// states the figures such a claim rests on. The columns are looked up by
// the clause's words, so the work per claim does not grow with the
// number of tables.
func (x *extractor) columnFit(c *Claim) ([]int, Pair, float64, bool) {
	raw := x.claimText(c)
	lo, hi := clauseAround(raw, c.stated.Text)
	clause := x.headerWordsOf(raw[lo:hi])
	if len(clause) == 0 {
		return nil, Pair{}, 0, false
	}
	index := x.columnIndex()
	named := x.measuresNamedOf(raw[lo:hi])
	// The candidate columns, best named first: a header of the measure
	// the clause names, then more of the header's words in the clause
	// ("gets per second at the same CPU budget" is about "Gets/s", not
	// "Compaction CPU").
	type cand struct {
		k     *column
		score int
	}
	var cands []cand
	seen := make(map[*column]bool)
	for w := range clause {
		for _, k := range index[w] {
			if seen[k] {
				continue
			}
			seen[k] = true
			n, all := 0, len(k.words) >= 2 || k.measure&named != 0
			for hw := range k.words {
				if clause[hw] {
					n++
				} else {
					all = false
				}
			}
			if k.section != c.section && !all {
				continue
			}
			score := 2 * n
			if k.measure&named != 0 {
				score += 100
			}
			if k.section == c.section {
				score++
			}
			cands = append(cands, cand{k, score})
		}
	}
	slices.SortStableFunc(cands, func(a, b cand) int {
		if a.score != b.score {
			return b.score - a.score
		}
		return a.k.lines[0] - b.k.lines[0]
	})
	for _, cd := range cands {
		k := cd.k
		for a := range k.cells {
			for b := range k.cells {
				if a == b || k.cells[a].Unit != k.cells[b].Unit {
					continue
				}
				p := Pair{Old: k.cells[a].Number, New: k.cells[b].Number, OldLine: k.lines[a], NewLine: k.lines[b], Ordered: true,
					From: fmt.Sprintf("the %q column", k.header)}
				switch {
				case p.Old.Unit == "" && k.measure&measureCountRate != 0:
					// "| Gets/s | 88,000 |": a rate, its unit in the header.
					p.Old.Quantity, p.New.Quantity = Throughput, Throughput
				case p.Old.Unit == "":
					p.Old.Quantity, p.New.Quantity = Count, Count
				}
				if v, got := pairFits(c, &p); v == Consistent || v == Ambiguous {
					return []int{k.lines[a], k.lines[b]}, p, got, true
				}
			}
		}
		if cd.score > cands[0].score-2 {
			continue
		}
		break // only the best-named columns support the claim
	}
	return nil, Pair{}, 0, false
}

// headerWords returns the lowercased words of three letters or more of
// s that are no stop words: "Gets/s" gives "gets", "Space amp." gives
// "space" and "amp".
func headerWords(s string) map[string]bool {
	out := make(map[string]bool)
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) }) {
		if len(w) >= 3 && !stopWords[w] {
			out[w] = true
		}
	}
	return out
}

// periodSeconds are the periods an amount may be stated per, in seconds,
// for the slips between them.
var slipPeriods = []float64{1, 60, 3600, 86400}

// A rowRate is a byte rate in a table cell, for checkRowRate: the row's
// label (lower case), the words of the column's header, the figure and
// its 1-based line.
type rowRate struct {
	label string
	words map[string]bool
	n     Number
	line  int
}

// rowRateIndex returns the byte rates of the report's table cells (one
// figure a cell) with their row labels; built once.
func (x *extractor) rowRateIndex() []rowRate {
	if x.rowRates != nil {
		return x.rowRates
	}
	x.rowRates = []rowRate{}
	for _, t := range x.tables {
		for ri := range t.rows {
			r := &t.rows[ri]
			label := strings.ToLower(strings.Trim(cellOf(r, 0), " *_`"))
			if len(label) < 3 || !strings.ContainsFunc(label, unicode.IsLetter) {
				continue
			}
			for col := 1; col < len(t.header) && col < len(r.cells); col++ {
				if fs := scanFigures(r.cells[col]); len(fs) == 1 && isByteRate(fs[0].Number) {
					x.rowRates = append(x.rowRates, rowRate{label, headerWords(t.header[col]), fs[0].Number, r.line + 1})
				}
			}
		}
	}
	return x.rowRates
}

// checkRowRate checks an amount of bytes per period ("writes only 259 GB
// a day to each drive") against the byte rate of the table row its line
// names ("| universal | 72.0 MB/s |" under a header "Device writes" whose
// word the line uses): rate × period. Any such rate that gives it makes it
// consistent; when none does and one gives it over another period (an
// hour's amount written as a day's, 24×) or with a unit prefix slipped,
// it is a UnitSlip. Otherwise nothing is said: the amount may be of
// another thing. It reports whether it set a verdict.
func (x *extractor) checkRowRate(c *Claim, n Number) bool {
	if n.Quantity != PerPeriod || n.dim != "B" || n.perLo <= 0 || n.perLo != n.perHi {
		return false
	}
	// The sentence of the figure names the row.
	raw := plain(x.lines[c.Line-1].raw)
	at := strings.Index(raw, n.Text)
	if at < 0 {
		return false
	}
	breaks := sentenceBreaks(raw)
	hi := len(raw)
	for _, b := range breaks {
		if b > at {
			hi = b
			break
		}
	}
	line := strings.ToLower(sentenceBefore(raw, breaks, at) + raw[at:hi])
	lineWords := headerWords(line)
	type rate struct {
		n    Number
		line int
	}
	var rates []rate
	for _, r := range x.rowRateIndex() {
		if !containsWord(line, r.label) {
			continue
		}
		named := false
		for w := range r.words {
			named = named || lineWords[w]
		}
		if named {
			rates = append(rates, rate{r.n, r.line})
		}
	}
	if len(rates) == 0 || len(rates) > 6 {
		return false
	}
	period := n.perLo
	var slip *Cross
	for _, r := range rates {
		lo, hi := r.n.base()
		per := Number{Text: trimFloat(period, 6), Value: period, High: period, scale: 1}
		cx := &Cross{Derivation: Total, Lines: []int{r.line}, Stated: n, Got: toUnit((lo+hi)/2*period, n), GotUnit: n.Unit,
			Operands: []Number{r.n, per}}
		nlo, nhi := lo*period, hi*period // bytes over n's period
		if rangeMatch(n, nlo, nhi) {
			cx.Reason = DerivedHolds
			setCross(c, cx)
			return true
		}
		if slip != nil {
			continue
		}
		for _, other := range slipPeriods {
			if other != period && rangeMatch(n, nlo*other/period, nhi*other/period) {
				cx.Reason, cx.Factor = UnitSlip, other/period
				slip = cx
				break
			}
		}
		if slip == nil {
			if f := slipOf(n, nlo, nhi); f != 0 {
				cx.Reason, cx.Factor = UnitSlip, f
				slip = cx
			}
		}
	}
	if slip == nil {
		return false
	}
	setCross(c, slip)
	return true
}

// checkBinaryRestated checks a size or a byte rate written with a
// decimal prefix ("711 MB/s") whose digits the report states, on another
// line, with the binary prefix ("BW=711MiB/s (746MB/s)"), and nowhere
// with the decimal one: the binary figure restated with its unit misread,
// a UnitSlip (MiB as MB, 1.048576×). It reports whether it set a
// verdict.
func (x *extractor) checkBinaryRestated(c *Claim, n Number) bool {
	bin, ok := binaryOf[strings.TrimSuffix(n.Unit, "/s")]
	if !ok || n.Value == 0 {
		return false
	}
	if strings.HasSuffix(n.Unit, "/s") {
		bin += "/s"
	}
	if x.factsByText == nil {
		x.factsByText = make(map[string][]int)
		for k := range x.rep.Facts {
			t := x.rep.Facts[k].Value.Text
			x.factsByText[t] = append(x.factsByText[t], k)
		}
	}
	var src *Fact
	for _, k := range x.factsByText[n.Text] {
		f := &x.rep.Facts[k]
		if f.Line == c.Line {
			continue
		}
		switch f.Value.Unit {
		case n.Unit:
			return false // stated as written elsewhere too
		case bin:
			if src == nil {
				src = f
			}
		}
	}
	if src == nil {
		return false
	}
	lo, hi := src.Value.base()
	cx := &Cross{Derivation: Conversion, Lines: []int{src.Line}, Stated: n, Got: toUnit((lo+hi)/2, n), GotUnit: n.Unit,
		Operands: []Number{src.Value}}
	cx.judge(n, lo, hi)
	if cx.Reason != UnitSlip {
		return false
	}
	setCross(c, cx)
	return true
}

// binaryOf gives the binary unit of a decimal byte unit.
var binaryOf = map[string]string{"KB": "KiB", "MB": "MiB", "GB": "GiB", "TB": "TiB"}

// quotedOperand adds to ratio claim c, supported by pair p of another
// line, the figure of its own clause that quotes one of p's figures in
// any unit of its quantity ("Desktop LCP is now 0.86 s, 1.44× faster"
// for a pair 1,240 ms → 860 ms): the claim states it, and it holds.
func (x *extractor) quotedOperand(c *Claim, p *Pair) {
	raw := plain(x.lines[c.Line-1].raw)
	lo, hi := clauseAround(raw, c.stated.Text)
	if hi-lo > 400 {
		return // no clause of prose
	}
	for _, f := range scanFigures(raw[lo:hi]) {
		if f.Unit == "" || f.Unit == "%" || f.Unit == "x" || canonical(f.Quantity) != canonical(p.New.Quantity) ||
			slices.ContainsFunc(c.Numbers, func(n Number) bool { return n.Text == f.Text && n.Unit == f.Unit }) {
			continue
		}
		for _, o := range []Number{p.Old, p.New} {
			if a, b := o.base(); o.Unit != f.Unit && rangeMatch(f.Number, a, b) {
				c.Numbers = append(c.Numbers, f.Number)
				return
			}
		}
	}
}
