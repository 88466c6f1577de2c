package claims

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

var (
	// savingRE finds the words that make a figure a difference: "saves
	// 6.8 µs", "reduces overhead by 714ns", "eliminates 5 allocations".
	savingRE = regexp.MustCompile(`(?i)\bsav(?:e|es|ed|ing|ings)\b|\b(?:reduc|improv)(?:e|es|ed|ing)\b.*\bby\b|\beliminat|\bcuts?\b|\bshav(?:e|es|ed)\b|\bgain(?:s|ed)?\b|\b(?:improvement|reduction|decrease)\b`)
	parenRE  = regexp.MustCompile(`\(([^()]{1,160})\)`)
	threadRE = regexp.MustCompile(`(?i)parallel|concurren|multi-?thread|\b(?:[2-9]|\d{2,})\s*(?:threads?|cores?|goroutines?|workers?)\b`)
	// lessRE finds a figure stated as a difference: "2.3 µs less".
	lessRE     = regexp.MustCompile(`(?i)\d\s*\S*\s+(?:less|fewer|lower|faster|quicker|shorter|smaller|sooner)\b`)
	lessThanRE = regexp.MustCompile(`(?i)\b(?:less|fewer|lower|faster|quicker|shorter|smaller|sooner)\s+than\b`)
)

// periods are the periods a total may be stated over, in seconds.
var periods = []struct {
	re  *regexp.Regexp
	sec float64
}{
	{regexp.MustCompile(`(?i)\bper second\b|\bevery second\b|\ba second\b|\beach second\b`), 1},
	{regexp.MustCompile(`(?i)\bdaily\b|\bper (?:working |business |calendar )?day\b|\ba (?:working |business )?day\b|\beach (?:working |business )?day\b|\bevery (?:working |business )?day\b|/day\b`), 86400},
	{regexp.MustCompile(`(?i)\bhourly\b|\bper hour\b|\ban hour\b|/hour\b`), 3600},
	{regexp.MustCompile(`(?i)\bper minute\b|\ba minute\b|/min\b`), 60},
	{regexp.MustCompile(`(?i)\bmonthly\b|\bper month\b|\ba month\b`), 30 * 86400},
	{regexp.MustCompile(`(?i)\byearly\b|\bannual(?:ly)?\b|\bper year\b|\ba year\b`), 365 * 86400},
}

// slips are the factors stated/recomputed that a misread unit gives.
var slips = []float64{1e-3, 1e3, 1e-6, 1e6, 1 / 1.048576, 1.048576, 1 / 1.024, 1.024}

// bitSlips are the factors of bits read as bytes or bytes as bits (a
// byte rate written in Gbit/s); timeSlips those of a conversion of time
// that divides or multiplies by 60 once where it takes 3,600 (seconds to
// hours as to minutes).
var (
	bitSlips  = []float64{8, 1.0 / 8}
	timeSlips = []float64{60, 1.0 / 60}
)

// isByteRate reports whether n is bytes per second ("12.5 MB/s").
func isByteRate(n Number) bool {
	return n.Quantity == Throughput && (strings.HasSuffix(n.Unit, "B/s") || strings.HasSuffix(n.Unit, "bit/s"))
}

// isCountRate reports whether n is a count per second ("10,000
// auctions/second").
func isCountRate(n Number) bool { return n.Quantity == Throughput && !isByteRate(n) }

// rangeMatch reports whether the stated figure, widened by its rounding
// (and 2% for an approximate one), meets [lo, hi] in base units.
func rangeMatch(n Number, lo, hi float64) bool {
	a, b := n.base()
	if n.Approx {
		a, b = a*0.98, b*1.02
	}
	return a <= hi*(1+1e-9) && lo*(1-1e-9) <= b
}

// slipOf returns the factor stated/recomputed of a unit slip that
// explains the figure, 0 if none: a metric prefix (1000×) for any unit,
// a binary one for bytes.
func slipOf(n Number, lo, hi float64) float64 {
	if !(lo > 0) || math.IsInf(hi, 0) {
		return 0
	}
	for _, f := range slips {
		if math.Abs(math.Log10(f)-math.Round(math.Log10(f))) > 1e-9 && n.Quantity != Memory && !isByteRate(n) {
			continue
		}
		if rangeMatch(n, lo*f, hi*f) {
			return f
		}
	}
	var more []float64
	switch {
	case isByteRate(n) || n.Quantity == Memory || n.Quantity == PerPeriod && n.dim == "B":
		more = bitSlips
		if gigaSlips {
			more = append(more[:len(more):len(more)], gigaSlipFactors...)
		}
	case n.Quantity == Time || n.Quantity == PerPeriod && periodTime(n):
		more = timeSlips
	}
	for _, f := range more {
		if rangeMatch(n, lo*f, hi*f) {
			return f
		}
	}
	return 0
}

// gigaSlips makes a size or byte rate whose giga or tera prefix is read
// as the other system's ("1,125 MB, or 1.12 GiB": 1.125 GB) a UnitSlip,
// as slips does for mega and kilo (twentieth round).
const gigaSlips = true

// gigaSlipFactors are the factors of GiB read as GB and TiB as TB, either
// way.
var gigaSlipFactors = []float64{1.073741824, 1 / 1.073741824, 1.099511627776, 1 / 1.099511627776}

// periodTime reports whether n is an amount of time per period ("379
// hours a day").
func periodTime(n Number) bool {
	u, _, _ := strings.Cut(n.Unit, "/")
	switch u {
	case "s", "ms", "min", "h", "days", "weeks", "years":
		return true
	}
	return false
}

// toUnit converts a base value to the unit of n.
func toUnit(v float64, n Number) float64 {
	if n.scale == 0 {
		return v
	}
	return v / n.scale
}

// savingWrapped (thirty-seventh round): a figure that starts its line,
// the previous line of its paragraph ending in a verb of saving ("it
// saves" / "1,360.2 µs per transaction"), is a saving, checked as one
// written after the verb on its line is.
const savingWrapped = false

// savingTailRE finds a verb of saving ending a line, with the words that
// may stand between it and its figure.
var savingTailRE = regexp.MustCompile(`(?i)\b(?:sav(?:e|es|ed|ing)|cuts?|shav(?:e|es|ed)|eliminat(?:e|es|ed|ing))(?:\s+(?:about|roughly|around|nearly|almost|some|another|an?\s+extra|a\s+further))?\s*[~≈]?\s*$`)

// checkDerived recomputes the derived figures of an absolute claim: a
// sum, product or conversion written beside it, a difference of a pair
// of the report's figures, a total over a stated rate and period, a rate
// from a time per operation.
func (x *extractor) checkDerived(c *Claim) {
	if x.derivedLine != c.Line {
		// A line of many figures is checked figure by figure: read it
		// once.
		x.derivedLine = c.Line
		x.derivedScan = blankCode(plain(x.lines[c.Line-1].raw))
		if periodWrapped && x.lines[c.Line-1].kind == lkProse {
			x.derivedScan = x.withWrappedPeriod(c.Line-1, x.derivedScan)
		}
		x.derivedFigs = scanFigures(x.derivedScan)
	}
	scan, figs := x.derivedScan, x.derivedFigs
	if x.checkExpressions(c, scan, figs) {
		return
	}
	if x.checkQuotient(c, scan, figs) {
		return
	}
	for _, n := range c.Numbers {
		if x.checkCountedPeriod(c, n, scan) || x.checkSizeOverRate(c, n, scan) {
			return
		}
		if x.checkConversion(c, n, scan, figs) || x.checkAmountConversion(c, n, scan, figs) || x.checkPeriodRestated(c, n, scan) ||
			x.checkAmountRepeated(c, n, scan, figs) {
			return
		}
		if x.checkSentenceDifference(c, n, scan, figs) || x.checkRowLabelDifference(c, n, scan, figs) || x.checkRowDownWrapped(c, n, scan, figs) {
			return
		}
		if x.checkPerCount(c, n, scan, figs) || x.checkPerTotal(c, n, scan) || x.checkRateTotal(c, n, scan) || x.checkFullShare(c, n, scan) {
			return
		}
		if x.checkPriced(c, n, scan, figs) || x.checkNet(c, n, scan) || x.checkPoints(c, n, scan) {
			return
		}
		if x.checkRowRate(c, n) || x.checkBinaryRestated(c, n) {
			return
		}
		cl := scan
		if lo, hi, at := x.savingClauseOf(scan, figs, n); hi > lo {
			cl = scan[lo:hi]
			if perRE.MatchString(lastBytes(scan[lo:at], endWindow)) {
				// "1.9 µs per 64 KiB block": the amount another figure
				// is stated per, neither a saving nor a total.
				continue
			}
		}
		saving := x.savingText(cl)
		if savingWrapped && !saving && len(figs) > 0 && figs[0].Text == n.Text && strings.TrimSpace(scan[:figs[0].start]) == "" {
			// "… 8.67x faster; it saves" / "1,360.2 µs per transaction":
			// the saving's verb ends the line before.
			if prev := x.wrappedLine(c.Line-1, c.Line-2); prev != "" && savingTailRE.MatchString(prev) {
				saving = true
			}
		}
		switch {
		case saving && !isCountRate(n) && !isByteRate(n) && (n.Quantity == Time || n.Quantity == Memory || n.Quantity == Allocs):
			if x.checkKeyDifference(c, n) || x.checkOwnDifference(c, n, scan) || x.checkDifference(c, n, scan, figs) || x.checkTotal(c, n, scan) {
				return
			}
			if rowSavingDifference {
				// Nothing else checked the saving: the row its
				// sentence names by a word.
				x.rowSaving = true
				done := x.checkRowLabelDifference(c, n, scan, figs)
				x.rowSaving = false
				if done {
					return
				}
			}
		case isByteRate(n) || n.Quantity == Time && saving:
			if x.checkTotal(c, n, scan) {
				return
			}
			if x.checkRescaled(c, n, scan) {
				return
			}
			if isByteRate(n) && !saving && ownProductFirst && x.productHolds(c, n, scan) {
				return
			}
			if isByteRate(n) && !saving && x.checkBandwidth(c, n, scan, figs) {
				return
			}
		case n.Quantity == Time && x.checkRescaled(c, n, scan):
			return
		case isCountRate(n) && n.dim == "load" && !saving && x.checkPerItemRate(c, n, scan, figs):
			return
		case isCountRate(n) && !saving && x.checkPerItemRateWrapped(c, n, scan, figs):
			return
		case isCountRate(n) && n.dim != "load" && !saving && !threadRE.MatchString(scan) && !x.scenarioRate(scan, figs, n):
			if x.checkRate(c, n) {
				return
			}
		}
		if c.Verdict == Unverifiable && (x.checkRestatedCell(c, n, scan, figs) || x.checkSentenceProduct(c, n, scan)) {
			return
		}
	}
}

// ownProductFirst: a byte rate its own sentence computes from its
// figures ("30 packets/s × 410 B = 12.3 kB/s per player (98.4 kbit/s)")
// is consistent when that product gives it, before it is recomputed as
// a size over a time of the report's pairs (checkBandwidth), which may
// find a size of the line over an unrelated time a thousand times off
// and call the figure a slip. A product that does not give it leaves
// the claim to the checks after. Twenty-ninth round (testdata/labels/
// README.md): blind18's 98.4 kbit/s, once the versions table beside it
// gave its rows pairs (versionRows).
const ownProductFirst = true

// productHolds reports whether the product of the sentence's own figures
// gives n (checkSentenceProduct's consistent verdict), and keeps that
// verdict; any other outcome is undone.
func (x *extractor) productHolds(c *Claim, n Number, scan string) bool {
	saved := *c
	if x.checkSentenceProduct(c, n, scan) && c.Verdict == Consistent {
		return true
	}
	*c = saved
	return false
}

// expressionOwnSentence (forty-first round): the figure F that an
// expression in parentheses "(a × b)" restates is in the expression's
// own sentence; a figure that ends the sentence before ("Together 23.7
// CPU-hours on the peak day. At the service level (6.6 ms × 58.3
// million) the saving is 384,780 CPU-seconds") is not its result.
const expressionOwnSentence = false

// checkExpressions checks "F (a × b)", "F (a + b + c)" and "F (G)" where
// G is F in another unit. It returns true when it set a verdict.
func (x *extractor) checkExpressions(c *Claim, scan string, figs []figure) bool {
	done := false
	for _, m := range parenRE.FindAllStringSubmatchIndex(scan, -1) {
		open := m[0]
		// F: the last figure with a unit before the parenthesis, with
		// only words between.
		fk := -1
		for k := range figs {
			if figs[k].end <= open {
				fk = k
			}
		}
		var f Number
		code := false
		if strings.Contains(scan[:open], "`") {
			f, code = codeSizeBefore(plain(x.lines[c.Line-1].raw), open)
		}
		switch {
		case code:
			// "`-Xmx16g` (16,384 MB)": a size a flag sets, restated.
		case fk >= 0:
			f = figs[fk].Number
			if strings.ContainsAny(scan[figs[fk].end:open], "0123456789)") {
				// Another figure, or a parenthesis closed after F
				// ("(8,192 MiB) and `-Xmx16g` (16,384 MB)"): the
				// parenthesis restates something else.
				continue
			}
			if expressionOwnSentence && sentenceBreakRE.MatchString(scan[figs[fk].end:open]) {
				// "Together 23.7 CPU-hours on the peak day. At the
				// service level (6.6 ms × 58.3 million) the saving is
				// …": the parenthesis belongs to its own sentence.
				continue
			}
		case !strings.ContainsAny(scan[:open], "0123456789") && len(scan[:open]) < 24:
			// "against 19.4 TB" / "a day (18.9 TiB)": F ends the
			// paragraph's line before.
			prev := x.wrappedLine(c.Line-1, c.Line-2)
			pf := scanFigures(prev)
			if len(pf) == 0 || strings.ContainsAny(prev[pf[len(pf)-1].end:], "0123456789") {
				continue
			}
			f = pf[len(pf)-1].Number
		default:
			continue
		}
		if f.Unit == "" || f.Unit == "%" || f.Unit == "x" || f.Quantity == Unknown {
			continue
		}
		inner := scan[m[2]:m[3]]
		in := scanFigures(inner)
		if len(in) == 0 || len(in) > 8 || !expressionOfClaim(c, f, in) {
			continue
		}
		var lo, hi float64
		var ops []Number
		switch {
		case len(in) == 1:
			g := in[0].Number
			// "19.4 TB a day (18.9 TiB)": the amount of a figure per
			// period, restated in another unit without the period.
			amount := f.Quantity == PerPeriod && f.dim == "B" && g.Quantity == Memory && !strings.Contains(g.Unit, "/")
			if g.Unit == "" || canonical(g.Quantity) != canonical(f.Quantity) && !amount || g.Unit == f.Unit || strings.TrimSpace(inner[in[0].end:]) != "" ||
				(g.Quantity == PerPeriod || f.Quantity == PerPeriod) && !amount || // one amount over two periods: checkConversion

				!conversionLeadRE.MatchString(inner[:in[0].start]) {
				// "(mean record size 180 B)" names another thing.
				continue
			}
			lo, hi = g.base()
			ops = []Number{g}
		default:
			op := byte(0)
			ok := true
			for k := 0; k+1 < len(in); k++ {
				between := inner[in[k].end:in[k+1].start]
				var o byte
				switch {
				case strings.Contains(between, "×") || strings.Contains(between, "*") || strings.Contains(" "+between+" ", " x "):
					o = '*'
				case strings.Contains(between, "+"):
					o = '+'
				default:
					ok = false
				}
				if op != 0 && o != op {
					ok = false
				}
				op = o
			}
			if !ok {
				continue
			}
			if op == '+' {
				for _, g := range in {
					n := g.Number
					if n.Unit == "" {
						n.Unit, n.Quantity, n.scale = f.Unit, f.Quantity, f.scale
					}
					if canonical(n.Quantity) != canonical(f.Quantity) {
						ok = false
					}
					a, b := n.base()
					lo, hi = lo+a, hi+b
					ops = append(ops, n)
				}
			} else {
				lo, hi = 1, 1
				units := 0
				for _, g := range in {
					a, b := g.base()
					if g.Unit != "" {
						units++
					}
					lo, hi = lo*a, hi*b
					ops = append(ops, g.Number)
				}
				if units != 1 {
					continue
				}
			}
			if !ok {
				continue
			}
		}
		mid := 0.0
		if len(in) > 1 && strings.Contains(inner, "+") {
			for _, n := range ops {
				mid += n.mid()
			}
		} else {
			mid = 1
			for _, n := range ops {
				mid *= n.mid()
			}
		}
		cx := &Cross{Derivation: Expression, Lines: []int{c.Line}, Stated: f, Got: toUnit(mid, f), GotUnit: f.Unit, Operands: ops}
		switch {
		case rangeMatch(f, lo, hi):
			cx.Reason = DerivedHolds
		case slipOf(f, lo, hi) != 0:
			cx.Reason, cx.Factor = UnitSlip, slipOf(f, lo, hi)
		default:
			cx.Reason = DerivedOff
		}
		if cx.Reason != DerivedHolds && len(in) == 1 && (fk >= 0 || code) && (in[0].Quantity == Time && f.Quantity == Time ||
			in[0].Quantity == Memory && f.Quantity == Memory && (code || strings.TrimSpace(scan[figs[fk].end:open]) == "") ||
			parenRestatementPastWords && fk >= 0 && in[0].Quantity == Memory && (f.Quantity == Memory || f.Quantity == PerPeriod && f.dim == "B") &&
				(restatedPastWords(scan[figs[fk].end:open]) || f.Quantity == PerPeriod && strings.TrimSpace(scan[figs[fk].end:open]) == "")) {
			// "106.6 s a day (1.78 h)", "73.2 TB (80.5 TiB)": a time or
			// a size restated in another unit in parentheses is the
			// restatement's error, not the figure's; the figure is no
			// longer stated by the claim.
			g := in[0].Number
			flo, fhi := f.base()
			cx = &Cross{Derivation: Expression, Lines: []int{c.Line}, Stated: g, Got: toUnit(f.mid(), g), GotUnit: g.Unit, Operands: []Number{f}, Reason: DerivedOff}
			if sf := slipOf(g, flo, fhi); sf != 0 {
				cx.Reason, cx.Factor = UnitSlip, sf
			}
			c.Numbers = slices.DeleteFunc(c.Numbers, func(n Number) bool { return n.Text == f.Text && n.Unit == f.Unit })
		}
		if !done || cx.Reason != DerivedHolds {
			setCross(c, cx)
		}
		done = true
	}
	return done
}

// parenRestatementPastWords: a size restated in another unit in
// parentheses after a few words ("303.6 MiB less than before (about 290
// MB)", "3.36 TB per day (3.69 TiB)") is, like one right after the
// figure, the restatement's error, not the figure's: the figure keeps
// whatever else checks it. Twenty-seventh round (testdata/labels/
// README.md): read from blind26, measured on blind24.
const parenRestatementPastWords = true

// restatedPastWords reports whether between, the text from a size to the
// parenthesis that restates it, is a few words with no figure, clause
// break or other parenthesis: "less than before", "per day".
func restatedPastWords(between string) bool {
	b := strings.TrimSpace(between)
	if b == "" || len(strings.Fields(b)) > 4 || strings.ContainsAny(b, "0123456789()[],;:.") {
		return false
	}
	return true
}

// codeSizeRE reads a size a command-line flag sets at the end of a code
// span: "-Xmx16g", "-Xss512k", "--memory=4G"; the letter is a binary
// multiple, as the JVM and container runtimes read it.
var codeSizeRE = regexp.MustCompile(`(?:^|[=\s]|-X(?:mx|ms|ss|mn))(\d+)([kKmMgGtT])\x60\s*$`)

// codeSizeBefore returns the size set by the code span that ends, with
// only spaces after it, at byte open of the plain line pl ("`-Xmx16g`
// (16,384 MB)"), as an exact Memory figure in KiB, MiB, GiB or TiB.
func codeSizeBefore(pl string, open int) (Number, bool) {
	if open > len(pl) {
		return Number{}, false
	}
	m := codeSizeRE.FindStringSubmatch(pl[:open])
	if m == nil {
		return Number{}, false
	}
	v, err := strconv.ParseFloat(m[1], 64)
	if err != nil {
		return Number{}, false
	}
	unit, scale := map[string]string{"k": "KiB", "m": "MiB", "g": "GiB", "t": "TiB"}[strings.ToLower(m[2])], 0.0
	switch unit {
	case "KiB":
		scale = 1 << 10
	case "MiB":
		scale = 1 << 20
	case "GiB":
		scale = 1 << 30
	default:
		scale = 1 << 40
	}
	return Number{Text: m[1], Value: v, High: v, Unit: unit, Quantity: Memory, scale: scale}, true // exact: a flag sets it
}

// expressionOfClaim reports whether the expression "f (in…)" is about a
// figure claim c states: a claim narrowed to one figure of its line is
// checked against the expressions of that figure only.
func expressionOfClaim(c *Claim, f Number, in []figure) bool {
	states := func(n Number) bool {
		return slices.ContainsFunc(c.Numbers, func(m Number) bool { return m.Text == n.Text && m.Unit == n.Unit })
	}
	if states(f) {
		return true
	}
	for _, g := range in {
		if states(g.Number) {
			return true
		}
	}
	return false
}

// conversionLeadRE matches what may precede the figure of a conversion
// in parentheses: nothing, or an approximation mark ("~0.3µs", "about
// 268 MB", "i.e. 10.1 TB"); words that name a thing make it another figure.
var conversionLeadRE = regexp.MustCompile(`(?i)^\s*(?:~|≈|=|about|approx\.?|approximately|roughly|nearly|i\.e\.,?|or|that is,?)?\s*$`)

// latencyRE finds the words that make a time a percentile or a bound of
// a service's latency under load (p99, median, SLO, timeout), not the
// time one operation takes in a serial loop: its inverse is no rate.
var latencyRE = regexp.MustCompile(`(?i)\b(?:p\d+(?:\.\d+)?|percentile|slo|sla|timeout|deadline|median|tail)\b`)

// relevantPairs returns the pairs of quantity q that share the most
// subject words with the claim, best first, and that score.
func (x *extractor) relevantPairs(c *Claim, q Quantity, scan string) ([]*docPair, int) {
	if c.clause != "" {
		scan = c.clause
	}
	words := dedupe(append(subjectWords(scan+" "+x.sentenceLead(c.Line-1)), c.path...))
	lw := dedupe(subjectWords(c.label))
	best := 0
	var top []*docPair
	for _, d := range x.pairs {
		if d.p.canonicalQ() != canonical(q) || d.p.OldLine == c.Line && d.p.NewLine == c.Line ||
			q == Time && (d.p.Old.Quantity == Throughput || d.p.New.Quantity == Throughput) {
			// A time is no difference of two rates.
			continue
		}
		s := overlap(words, d.words) + 2*overlap(lw, d.words)
		if s > 0 {
			s += overlap(words, d.own)
		}
		switch {
		case s == 0 || s < best:
			continue
		case s > best:
			best, top = s, nil
		}
		top = append(top, d)
	}
	return top, best
}

// operandPairs returns the pairs of top that a difference n rests on,
// nil when the reader cannot tell: top when its pairs are one pair as
// written (a table row and a sentence may state it twice), else the
// pairs whose own words the claim's words cw name most (none that the
// words of the line's other clauses, other, name), when they are one
// pair (within 1 %: a table may round what a benchmark line prints). A
// figure that is a side of such a pair ("finishes in 63.1
// s" beside 133.8 s → 63.1 s) restates it and rests on none. Two pairs
// (two rows, two columns of one row) that the claim's words tell apart
// no better leave its operands unknown.
func operandPairs(top []*docPair, cw, other []string, n Number) []*docPair {
	onePair := func(ds []*docPair) bool {
		if len(ds) == 0 {
			return false
		}
		for _, d := range ds[1:] {
			if !nearRel(d.p.Old.mid(), ds[0].p.Old.mid(), 0.01) || !nearRel(d.p.New.mid(), ds[0].p.New.mid(), 0.01) {
				return false
			}
		}
		return true
	}
	if !onePair(top) {
		best := 0
		var named []*docPair
		for _, d := range top {
			if overlap(other, d.own) > 0 {
				continue
			}
			switch s := overlap(cw, d.own); {
			case s > best:
				best, named = s, []*docPair{d}
			case s == best && s > 0:
				named = append(named, d)
			}
		}
		if !onePair(named) {
			return nil
		}
		top = named
	}
	if sameFigure(n, top[0].p.Old) || sameFigure(n, top[0].p.New) {
		return nil
	}
	return top
}

// diffNamesOperands makes a difference that no pair gives an alarm only
// when its operands are known (operandPairs); false restores the
// fifteenth round's closest of several pairs.
const diffNamesOperands = true

func diffRange(p *Pair) (lo, hi float64) {
	olo, ohi := p.Old.base()
	nlo, nhi := p.New.base()
	if canonical(p.Old.Quantity) == Allocs || p.Old.Quantity == Count {
		// Counts of allocations are exact.
		olo, ohi, nlo, nhi = p.Old.mid(), p.Old.mid(), p.New.mid(), p.New.mid()
	}
	if p.Old.Quantity == Throughput || p.New.Quantity == Throughput {
		return math.NaN(), math.NaN()
	}
	lo, hi = olo-nhi, ohi-nlo
	if lo < 0 && hi < 0 || lo+hi < 0 {
		lo, hi = -hi, -lo
	}
	return max(lo, 0), hi
}

// diffTwoOwnWords (twenty-fifth round): a pair whose row label shares two
// words with the difference's clause ("The core edit saves 50.3 s" and
// the row "core edit (fn body in core/types)") may give the difference,
// as one sharing half its label's words does.
const diffTwoOwnWords = true

// diffLeadWordsOwn (thirty-first round): a pair whose own subject words
// include every subject word of the saving's clause before the figure
// ("the CBC saves 75.57 µs" and the row "CBC" of a table whose header
// adds "panel", "OBX segments", "parser") may give the difference, as
// one sharing half its own words with the clause does; the saving was
// called unsupported by the closest pair of the words of the whole line.
const diffLeadWordsOwn = false

// checkDifference checks a saving against old − new of the report's
// pairs for its subject (times a count on its line: "for 100 objects").
func (x *extractor) checkDifference(c *Claim, n Number, scan string, figs []figure) bool {
	top, best := x.relevantPairs(c, n.Quantity, scan)
	if best == 0 {
		return false
	}
	mults := []float64{1}
	for _, f := range figs {
		if f.Unit == "" && f.Value >= 2 && f.Value == f.High && !f.plusMinus {
			mults = append(mults, f.Value)
		}
	}
	fits := func(p *Pair) (bool, float64) {
		lo, hi := diffRange(p)
		if math.IsNaN(lo) {
			return false, 0
		}
		mid := math.Abs(p.Old.mid() - p.New.mid())
		for _, m := range mults {
			if rangeMatch(n, lo*m, hi*m) {
				return true, mid * m
			}
		}
		return false, mid
	}
	for _, d := range top {
		if ok, got := fits(d.p); ok {
			setCross(c, &Cross{Reason: DerivedHolds, Derivation: Difference, Lines: []int{d.p.OldLine, d.p.NewLine}, Stated: n,
				Got: toUnit(got, n), GotUnit: n.Unit, Operands: []Number{d.p.Old, d.p.New}})
			return true
		}
	}
	// A pair ranked lower, whose own subject words are named in the
	// claim's clause, that gives the figure: the clause names its
	// subject more closely than the section does ("each of which saves
	// 8.46 µs" of "3 small validations" under "The cost: compiling").
	cw := subjectWords(scan)
	if c.clause != "" {
		cw = subjectWords(c.clause)
	}
	// And the words that follow the figure up to the next figure ("77
	// ms on the Pixel 8 and 64 ms on the Galaxy S23"), on the next line
	// of the paragraph too: a subject may be named after its figure.
	tail, open := afterFigure(scan, n.Text)
	if open {
		next, _ := afterFigure(" "+x.wrappedLine(c.Line-1, c.Line), "")
		tail += " " + next
	}
	cw = dedupe(append(cw, subjectWords(tail)...))
	var lead []string // the subject words of the figure's clause before it
	if diffLeadWordsOwn {
		cl := scan
		if c.clause != "" {
			cl = c.clause
		}
		if at := strings.Index(cl, n.Text); at > 0 {
			lead = dedupe(subjectWords(cl[:at]))
		}
	}
	for _, d := range x.pairs {
		if slices.Contains(top, d) || d.p.canonicalQ() != canonical(n.Quantity) || d.p.OldLine == c.Line && d.p.NewLine == c.Line ||
			2*overlap(cw, d.own) < len(d.own) && !(diffTwoOwnWords && overlap(cw, d.own) >= 2) &&
				!(len(lead) > 0 && overlap(lead, d.own) == len(lead)) {
			continue
		}
		if ok, got := fits(d.p); ok {
			setCross(c, &Cross{Reason: DerivedHolds, Derivation: Difference, Lines: []int{d.p.OldLine, d.p.NewLine}, Stated: n,
				Got: toUnit(got, n), GotUnit: n.Unit, Operands: []Number{d.p.Old, d.p.New}})
			return true
		}
	}
	for _, a := range top {
		for _, b := range x.pairs {
			if a == b || a.group != b.group || a.row == b.row || b.p.canonicalQ() != a.p.canonicalQ() {
				continue
			}
			for _, mp := range []*Pair{{Old: a.p.Old, New: b.p.New, OldLine: a.p.OldLine, NewLine: b.p.NewLine},
				{Old: b.p.Old, New: a.p.New, OldLine: b.p.OldLine, NewLine: a.p.NewLine}} {
				if ok, got := fits(mp); ok {
					reason := RowsMixed
					if mixedBaselineRow && sharedOld(a.p, b.p) {
						// Both pairs start from one baseline row: the
						// mix is the other pair itself.
						reason = DerivedHolds
					}
					setCross(c, &Cross{Reason: reason, Derivation: Difference, Lines: []int{mp.OldLine, mp.NewLine}, Stated: n,
						Got: toUnit(got, n), GotUnit: n.Unit, Operands: []Number{mp.Old, mp.New}})
					return true
				}
			}
		}
	}
	if x.blockRate(c) != nil || n.Quantity == Allocs {
		// A total over a rate is checked as one; a count of allocations
		// saved may be per part of what the pairs measure.
		return false
	}
	if diffNamesOperands {
		// An alarm must name the operands the figure rests on: the
		// words of the figure's own clause tell the pairs apart, and a
		// pair named by another clause of the line is another figure's.
		own, all := scan, subjectWords(scan)
		if c.clause != "" {
			own = c.clause
		} else if lo, hi := figureClause(scan, figs, n); hi > lo {
			own = scan[lo:hi]
		}
		if strings.HasSuffix(scan, own) {
			// The clause runs on to the next line of the paragraph, up
			// to its next figure or comma ("85 ms on the" / "Alpha One
			// and 115 ms on the Bravo Two").
			next, _ := afterFigure(" "+x.wrappedLine(c.Line-1, c.Line), "")
			if j := strings.IndexAny(next, ",;"); j >= 0 {
				next = next[:j]
			}
			own += " " + next
			all = append(all, subjectWords(next)...)
		}
		ow := subjectWords(own)
		other := slices.DeleteFunc(all, func(w string) bool { return slices.Contains(ow, w) })
		if rows := x.settingRowPairs(own, n, top); len(rows) > 0 {
			top = rows
		}
		if top = operandPairs(top, ow, other, n); top == nil {
			return false
		}
	}
	for _, d := range top {
		lo, hi := diffRange(d.p)
		if math.IsNaN(lo) {
			continue
		}
		if f := slipOf(n, lo, hi); f != 0 {
			setCross(c, &Cross{Reason: UnitSlip, Derivation: Difference, Lines: []int{d.p.OldLine, d.p.NewLine}, Stated: n,
				Got: toUnit(math.Abs(d.p.Old.mid()-d.p.New.mid()), n), GotUnit: n.Unit, Factor: f, Operands: []Number{d.p.Old, d.p.New}})
			return true
		}
	}
	if x.linePeriod(scan) != 0 || x.restatedFromSection(c, n) {
		return false
	}
	var closest *docPair
	var cgot float64
	dist := math.Inf(1)
	for _, d := range top {
		_, got := fits(d.p)
		if dd := math.Abs(math.Log(got+1e-12) - math.Log(n.mid()+1e-12)); dd < dist {
			dist, closest, cgot = dd, d, got
		}
	}
	if closest == nil || dist > math.Log(10) {
		// Nothing within ten times the figure: a figure of another
		// scale (a total over a period, a count of hours), not a
		// difference some pair gets wrong.
		return false
	}
	setCross(c, &Cross{Reason: ClosestPair, Derivation: Difference, Lines: []int{closest.p.OldLine, closest.p.NewLine}, Stated: n,
		Got: toUnit(cgot, n), GotUnit: n.Unit, Operands: []Number{closest.p.Old, closest.p.New}})
	return true
}

// diffSettingRow (thirty-ninth round): a saving whose clause names a
// setting by a whole number ("at 114 it saves 928.9 µs", "At 1,500
// searches/s the median search saves 473 ms") rests on the pairs of the
// table row, among the pairs its words rank first, that writes that
// number (the nearest figure before the saving) in a cell of its own
// (the row "| predict_day | 114 | 1,270.5 µs | 287.6 µs |"): the
// operands are among them, though the rows' words do not tell the rows
// apart.
const diffSettingRow = true

// settingRowPairs returns the pairs of top on the first table row with
// a cell that is, as written, the whole number the clause own writes
// last before figure n; nil for none.
func (x *extractor) settingRowPairs(own string, n Number, top []*docPair) []*docPair {
	if !diffSettingRow {
		return nil
	}
	at := indexFigure(own, n.Text)
	if at < 0 {
		return nil
	}
	// The nearest figure before it, a whole number ("at 114", "At
	// 1,500 searches/s").
	fs := scanFigures(own[:at])
	if len(fs) == 0 {
		return nil
	}
	f := fs[len(fs)-1]
	if f.isRange() || !(f.Value >= 2) || f.Value != math.Trunc(f.Value) || f.Unit == "%" || f.Unit == "x" {
		return nil
	}
	var got []*docPair
	for _, d := range top {
		l := d.p.OldLine
		if l != d.p.NewLine || l < 1 || x.lines[l-1].kind != lkTable || len(got) > 0 && got[0].p.OldLine != l {
			continue
		}
		for _, cell := range strings.Split(x.lines[l-1].raw, "|") {
			if strings.Trim(cell, "*` ") == f.Text {
				got = append(got, d)
				break
			}
		}
	}
	if len(got) > 1 {
		// Several measures of the row ("| 1,500 | 688 | 251 | 1,610 |
		// 602 |"): the one whose column header the clause names ("the
		// median search" and "p50 before"), when one is.
		words := subjectWords(own)
		var named []*docPair
		for _, d := range got {
			if hw := x.pairColumnWords(d.p); len(hw) > 0 && overlap(words, hw) > 0 {
				named = append(named, d)
			}
		}
		if len(named) == 1 {
			return named
		}
	}
	return got
}

// pairColumnWords returns the subject words of the header of the column
// of pair p's old figure, on its table row; nil when not found.
func (x *extractor) pairColumnWords(p *Pair) []string {
	l := p.OldLine
	if l < 1 || l > len(x.lines) || x.lines[l-1].table < 0 || int(x.lines[l-1].table) >= len(x.tables) {
		return nil
	}
	t := x.tables[x.lines[l-1].table]
	for _, r := range t.rows {
		if r.line != l-1 {
			continue
		}
		for k, cell := range r.cells {
			if k < len(t.header) && strings.Trim(cell, "*` ") == p.Old.Text {
				return dedupe(subjectWords(t.header[k]))
			}
		}
	}
	return nil
}

// mixedBaselineRow: two pairs of a table with a baseline row (a row
// "0.19" and rows "0.20, run cache only", "0.20, both", each against
// it) share their old figure, so the old figure of one with the new of
// the other is the other pair, not a mix of rows: "the cache removes
// 55.5 ms" (204.1 − 148.6 of the baseline and the cache row) was called
// mixes-rows when the pair its clause's words ranked first was another
// variant's. Twenty-ninth round (testdata/labels/README.md): measured
// and left off, it takes back blind28's 55.5 ms and changes nothing on
// any other set.
const mixedBaselineRow = false

// sharedOld reports whether two pairs start from one figure: the same
// line and the same figure as written.
func sharedOld(a, b *Pair) bool {
	return a.OldLine == b.OldLine && a.Old.Text == b.Old.Text && a.Old.Unit == b.Old.Unit
}

// checkOwnDifference checks a saving that follows, in its sentence, the
// before → after pair its line states ("went from 7,412 MiB to 6,188
// MiB, 1.22 GB less"; "9.8 ms → 7.4 ms, 2.4 ms less"): it is |old − new|
// of that pair, in any unit of the quantity. A figure that fits only
// with a unit misread is a unit slip; one that no reading fits, when the
// line states exactly one pair of its quantity before it, is off. It
// returns true when it set a verdict.
func (x *extractor) checkOwnDifference(c *Claim, n Number, scan string) bool {
	at := strings.Index(scan, n.Text)
	if at < 0 {
		return false
	}
	var own []*Pair
	for _, d := range x.pairs {
		p := d.p
		if p.OldLine != c.Line || p.NewLine != c.Line || p.canonicalQ() != canonical(n.Quantity) {
			continue
		}
		oi, ni := strings.Index(scan, p.Old.Text), strings.LastIndex(scan[:at], p.New.Text)
		if oi < 0 || ni < 0 || oi >= ni || strings.ContainsAny(scan[ni:at], ".;") && sentenceBreak(scan[ni:at]) {
			continue
		}
		if !slices.Contains(own, p) {
			own = append(own, p)
		}
	}
	if len(own) == 0 {
		return false
	}
	for _, p := range own {
		lo, hi := diffRange(p)
		if math.IsNaN(lo) {
			return false
		}
		if rangeMatch(n, lo, hi) {
			setCross(c, &Cross{Reason: DerivedHolds, Derivation: Difference, Lines: []int{p.OldLine, p.NewLine}, Stated: n,
				Got: toUnit(math.Abs(p.Old.mid()-p.New.mid()), n), GotUnit: n.Unit, Operands: []Number{p.Old, p.New}})
			return true
		}
	}
	if len(own) != 1 {
		return false
	}
	if wholeOfPart && partBeforeRE.MatchString(scan[:at]) {
		// "account for 98.7 of the 127 minutes saved": the figure is
		// the whole the difference is a part of, not the difference.
		return false
	}
	p := own[0]
	lo, hi := diffRange(p)
	got := toUnit(math.Abs(p.Old.mid()-p.New.mid()), n)
	if f := slipOf(n, lo, hi); f != 0 {
		setCross(c, &Cross{Reason: UnitSlip, Derivation: Difference, Lines: []int{p.OldLine, p.NewLine}, Stated: n,
			Got: got, GotUnit: n.Unit, Factor: f, Operands: []Number{p.Old, p.New}})
		return true
	}
	// Only a figure of the difference's scale is its misstatement; one
	// far from it is another quantity the sentence goes on to.
	if mid := math.Abs(p.Old.mid() - p.New.mid()); mid > 0 && math.Abs(math.Log(n.mid()/mid)) < math.Log(2) {
		setCross(c, &Cross{Reason: DerivedOff, Derivation: Difference, Lines: []int{p.OldLine, p.NewLine}, Stated: n,
			Got: got, GotUnit: n.Unit, Operands: []Number{p.Old, p.New}})
		return true
	}
	return false
}

// sentenceBreak reports whether s holds the end of a sentence: a full
// stop or semicolon followed by a space (not a decimal point).
func sentenceBreak(s string) bool {
	for i := 0; i+1 < len(s); i++ {
		if (s[i] == '.' || s[i] == ';') && s[i+1] == ' ' {
			return true
		}
	}
	return false
}

// afterFigure returns the text of scan after the figure written as text
// (from the start when text is "") up to the next digit that starts
// another figure, and whether it ran to the end of scan; "" if the
// figure is not found.
func afterFigure(scan, text string) (string, bool) {
	i := strings.Index(scan, text)
	if i < 0 {
		return "", false
	}
	rest := scan[i+len(text):]
	for j, r := range rest {
		if r >= '0' && r <= '9' && (j == 0 && text == "" || j > 0 && rest[j-1] == ' ') {
			return rest[:j], false
		}
	}
	return rest, true
}

// blockRate returns the count rate stated in the claim's block ("10,000
// auctions/second"), nil if none or several.
func (x *extractor) blockRate(c *Claim) *lineFig {
	var found *lineFig
	for _, lf := range x.blockFigs(c) {
		if isCountRate(lf.n) {
			if found != nil && found.n.Value != lf.n.Value {
				return nil
			}
			l := lf
			found = &l
		}
	}
	return found
}

type lineFig struct {
	n      Number
	line   int // 1-based
	saving bool
}

// blockFigs returns the figures with units of the claim's block.
func (x *extractor) blockFigs(c *Claim) []lineFig {
	b := x.lines[c.Line-1].block
	var out []lineFig
	for i := c.Line - 1; i >= 0 && x.lines[i].block == b; i-- {
		out = append(out, x.lineFigs(i)...)
	}
	for i := c.Line; i < len(x.lines) && x.lines[i].block == b; i++ {
		out = append(out, x.lineFigs(i)...)
	}
	// A line that leads into the block: "At 1,200 requests/second:".
	j := c.Line - 1
	for j >= 0 && x.lines[j].block == b {
		j--
	}
	for j >= 0 && x.lines[j].kind == lkBlank {
		j--
	}
	if j >= 0 && j >= c.Line-40 && x.lines[j].kind == lkProse && strings.HasSuffix(strings.TrimSpace(plain(x.lines[j].raw)), ":") {
		out = append(out, x.lineFigs(j)...)
	}
	return out
}

func (x *extractor) lineFigs(i int) []lineFig {
	dl := &x.lines[i]
	if dl.kind == lkCode || dl.kind == lkFence || dl.kind == lkHeading {
		return nil
	}
	scan := blankCode(plain(dl.raw))
	sv := savingRE.MatchString(scan)
	var out []lineFig
	for _, f := range scanFigures(scan) {
		if f.Unit == "" || f.Unit == "%" || f.Unit == "x" || f.plusMinus {
			continue
		}
		out = append(out, lineFig{f.Number, i + 1, sv})
	}
	return out
}

// totalOwnQuantity (thirty-third round): a total of bytes ("keep 29.7 TB
// less raw data") is no time saved per operation times a rate and a
// period; checkTotal took the report's time differences for it ("6219 ns
// × 595,871 frames/s × 86400 s gives 320 TB"). It now leaves a total of
// bytes (not a byte rate) to the other checks.
const totalOwnQuantity = false

// totalSentenceOperand (thirty-third round): a total whose own sentence
// writes its size per operation before it ("At 5,120 requests/s and the
// 50k benchmark figure of 790.5 KiB per call, v1 allocated about 3,953
// MiB/s") is that size times the rate, not the saving of a pair
// elsewhere (790.5 − 88.31 KiB): the sentence's figures of the total's
// quantity are its first candidates.
const totalSentenceOperand = true

// checkTotal checks a total or a rate of saving: a per-operation saving
// × the stated rate (of the claim's block or the line that leads into
// it) × the period the line names (one second for a figure per second).
func (x *extractor) checkTotal(c *Claim, n Number, scan string) bool {
	rate := x.blockRate(c)
	if rate == nil {
		return false
	}
	period := x.linePeriod(scan)
	if isByteRate(n) {
		period = 1
	}
	if period == 0 {
		return false
	}
	if totalOwnQuantity && n.Quantity == Memory && !isByteRate(n) {
		// Bytes over a period are no time saved per operation times a
		// rate (nor a rate of bytes: nothing to check here).
		return false
	}
	want := Time
	if isByteRate(n) {
		want = Memory
	}
	// Candidates for the per-operation saving: the saving figures of the
	// block that are not totals themselves, then the differences of the
	// report's pairs for the subject.
	type perOp struct {
		n      Number
		lo, hi float64
		lines  []int
	}
	var cands []perOp
	if totalSentenceOperand {
		// A size or time of the claim's own sentence, before it ("At
		// 5,120 requests/s and … 790.5 KiB per call, v1 allocated about
		// 3,953 MiB/s"): the total's operand, before any saving.
		// Only one that gives the total exactly (the size as written,
		// not widened by its rounding) is taken; else the savings are
		// the candidates, as before.
		text, figs, at := x.sentenceFigures(c, n, scan)
		breaks := x.textBreaks(text)
		for k := at - 1; k >= 0; k-- {
			f := figs[k]
			if !sameSentence(breaks, f.start, f.end, figs[at].start, figs[at].end) {
				break
			}
			if canonical(f.Quantity) == want && f.Quantity != Throughput && !strings.Contains(f.Unit, "/") && !f.isRange() && !f.plusMinus {
				v := f.Number.mid()
				cands = append(cands, perOp{f.Number, v, v, []int{c.Line}})
			}
		}
	}
	sentenceCands := len(cands)
	for _, lf := range x.blockFigs(c) {
		if lf.saving && lf.line != c.Line && canonical(lf.n.Quantity) == want && lf.n.Quantity != Throughput &&
			periodOf(plain(x.lines[lf.line-1].raw)) == 0 {
			lo, hi := lf.n.base()
			cands = append(cands, perOp{lf.n, lo, hi, []int{lf.line}})
		}
	}
	top, best := x.relevantPairs(c, want, scan)
	lw := dedupe(subjectWords(c.label))
	for _, d := range top {
		if best == 0 || overlap(lw, d.words) == 0 && d.section != c.section {
			continue
		}
		lo, hi := diffRange(d.p)
		if math.IsNaN(lo) {
			continue
		}
		per := d.p.Old
		per.Value = toUnit(math.Abs(d.p.Old.mid()-d.p.New.mid()), d.p.Old)
		per.High, per.Text = per.Value, trimFloat(per.Value, 4)
		cands = append(cands, perOp{per, lo, hi, []int{d.p.OldLine, d.p.NewLine}})
	}
	if len(cands) == 0 {
		return false
	}
	// A stated rate is a scenario's nominal figure: exact, not rounded.
	rlo, rhi := rate.n.mid(), rate.n.mid()
	if !(rlo > 0) || !(n.mid() > 0) {
		return false
	}
	if sentenceCands == len(cands) {
		// Only the sentence's own figures, none of which gives it.
		ok := false
		for _, cd := range cands {
			ok = ok || rangeMatch(n, cd.lo*rlo*period, cd.hi*rhi*period)
		}
		if !ok {
			return false
		}
	}
	pick := cands[sentenceCands%len(cands)]
	for _, cd := range cands {
		if rangeMatch(n, cd.lo*rlo*period, cd.hi*rhi*period) {
			pick = cd
			break
		}
	}
	lo, hi := pick.lo*rlo*period, pick.hi*rhi*period
	ops := []Number{pick.n, rate.n}
	if period != 1 {
		ops = append(ops, Number{Text: trimFloat(period, 6), Value: period, High: period, Unit: "s", Quantity: Time, scale: 1e9, step: 1})
	}
	mid := pick.n.mid() * rate.n.mid() * period
	cx := &Cross{Derivation: Total, Lines: append(pick.lines, rate.line), Stated: n, Got: toUnit(mid, n), GotUnit: n.Unit, Operands: ops}
	cx.judge(n, lo, hi)
	if cx.Reason == DerivedOff && farOff(n, mid) {
		// Orders of magnitude apart with no unit slip to explain it:
		// the operands are not the claim's (a difference of two
		// columns of another table taken as a per-operation size), and
		// no alarm can rest on them.
		return false
	}
	setCross(c, cx)
	return true
}

// judge sets the reason of a recomputed figure: DerivedHolds when the
// stated figure n meets [lo, hi] (base units) within its rounding,
// UnitSlip (with its factor) when it does only with a unit misread,
// DerivedOff otherwise.
func (cx *Cross) judge(n Number, lo, hi float64) {
	switch {
	case rangeMatch(n, lo, hi):
		cx.Reason = DerivedHolds
	case slipOf(n, lo, hi) != 0:
		cx.Reason, cx.Factor = UnitSlip, slipOf(n, lo, hi)
	default:
		cx.Reason = DerivedOff
	}
}

// judgeNear judges n against [lo, hi] as judge does, unless n neither
// meets the range nor misses it by a unit slip and far says the
// recomputed figure is too far from n to be its derivation: then it sets
// nothing and reports false (the figure is about something else).
func (cx *Cross) judgeNear(n Number, lo, hi float64, far bool) bool {
	if far && !rangeMatch(n, lo, hi) && slipOf(n, lo, hi) == 0 {
		return false
	}
	cx.judge(n, lo, hi)
	return true
}

// farOff reports whether a recomputed figure (base units) is more than
// 100× away from the stated one n, either way: then the figures taken
// for it are not what the claim computed, and a check that is unsure
// says nothing.
func farOff(n Number, got float64) bool {
	v := n.mid()
	if !(v > 0) || !(got > 0) {
		return false
	}
	r := got / v
	return r > 100 || r < 0.01
}

// periodOf returns the period, in seconds, a line states a total over:
// 86,400 for "daily", 1 for "per second"; 0 if none.
func periodOf(s string) float64 {
	for _, p := range periods {
		if p.re.MatchString(s) {
			return p.sec
		}
	}
	return 0
}

// checkRate checks a count per second against the times per operation of
// its block whose lines name what it counts ("500K allocations/sec"
// beside "Allocation: 754-837ns").
func (x *extractor) checkRate(c *Claim, n Number) bool {
	counted := strings.TrimSuffix(n.Unit, "/s")
	cw := subjectWords(counted)
	if len(cw) == 0 {
		cw = []string{stem(strings.ToLower(counted))}
	}
	if x.quotesOutput(n, c.Line) {
		return false
	}
	var times []lineFig
	ownTime := false
	if rateOwnLineTime && c.Line >= 1 && c.Line <= len(x.lines) && x.lines[c.Line-1].kind != lkProse {
		// A line of pasted output (a benchmark's, a load generator's).
		for _, f := range scanFigures(blankCode(plain(x.lines[c.Line-1].raw))) {
			if f.Quantity == Time && f.Unit != "" && !strings.Contains(f.Unit, "/") {
				ownTime = true
			}
		}
	}
	for _, lf := range x.blockFigs(c) {
		if lf.n.Quantity != Time || lf.saving || latencyRE.MatchString(x.lines[lf.line-1].raw) || x.timePerPeriod(lf.n, lf.line) {
			continue
		}
		if ownTime && lf.line != c.Line {
			// The rate's line states its own time ("19247 ns … 53.2M
			// items/s", "finished in 600.00s, 58912.40 req/s"): a time
			// of another line is another operation's.
			continue
		}
		if lo, _ := lf.n.base(); lo >= 60e9 && !strings.Contains(lf.n.Unit, "/") {
			// "at 150 min that was 600,000 events/s": a run of minutes
			// or more is the time a whole job takes, not one
			// operation's, and no rate is one over it.
			continue
		}
		lw := dedupe(subjectWords(x.lines[lf.line-1].raw))
		if overlap(dedupe(cw), lw) == 0 && !strings.Contains(strings.ToLower(x.lines[lf.line-1].raw), stem(strings.ToLower(counted))) {
			continue
		}
		if rateBatchTime && batchTime(x.lines[lf.line-1].raw, stem(strings.ToLower(counted))) {
			continue
		}
		times = append(times, lf)
	}
	if len(times) == 0 {
		return false
	}
	var got float64
	var gl int
	for _, t := range times {
		if !(t.n.mid() > 0) || !(n.mid() > 0) {
			return false
		}
		tlo, thi := t.n.base()
		lo, hi := 1e9/thi, 1e9/math.Max(tlo, 1e-9)
		if rangeMatch(n, lo, hi) {
			setCross(c, &Cross{Reason: DerivedHolds, Derivation: Rate, Lines: []int{t.line}, Stated: n, Got: toUnit((lo+hi)/2, n),
				GotUnit: n.Unit, Operands: []Number{t.n}})
			return true
		}
		got, gl = (lo+hi)/2, t.line
	}
	if ownTime {
		// Its own line's time does not give it as one over it: the rate
		// counts several items per operation (a batch), or the time is
		// the run's; no evidence against it.
		return false
	}
	setCross(c, &Cross{Reason: DerivedOff, Derivation: Rate, Lines: []int{gl}, Stated: n, Got: toUnit(got, n), GotUnit: n.Unit,
		Operands: []Number{times[len(times)-1].n}})
	return true
}

// rateBatchTime (thirty-first round): a time on a line that counts
// several of the rate's items ("at 10,000 rows it is 339.3 ms", "a
// 10,000-row batch holds its transaction open for 62 ms", "two million
// reads in 41.232 s") or states a
// time per batch is the time of many items: one over it is no rate of
// them, and a rate ("flattens out at about 25,000 rows/s") was called
// wrong against it.
const rateBatchTime = true

// batchCountRE finds a count of more than one item before a noun: "10,000
// rows", "1,000-row", "two million reads".
var batchCountRE = regexp.MustCompile(`(?i)\b([0-9][0-9,.]*(?:\s*(?:k|thousand|million|billion)\b)?|(?:two|three|four|five|six|seven|eight|nine|ten|a|one)\s+(?:hundred|thousand|million|billion)|(?:hundreds|thousands|millions|billions)\s+of)(?:\s+|-)([a-z]+)`)

// perSecondRE finds a rate's "per second" after its noun.
var perSecondRE = regexp.MustCompile(`(?i)^\s*(?:per|a|each|every)\s+(?:second|sec|s)\b`)

// batchTime reports whether line raw counts several items of stem, or
// states a time per batch.
func batchTime(raw, stem string) bool {
	if stem == "" {
		return false
	}
	if strings.Contains(strings.ToLower(raw), "per batch") {
		return true
	}
	for _, m := range batchCountRE.FindAllStringSubmatchIndex(raw, -1) {
		if raw[m[2]:m[3]] != "1" && strings.HasPrefix(strings.ToLower(raw[m[4]:m[5]]), stem) &&
			!strings.HasPrefix(raw[m[5]:], "/") && !perSecondRE.MatchString(raw[m[5]:]) {
			// A count, not a rate ("900,000 rows/s").
			return true
		}
	}
	return false
}

// rateOwnLineTime (twenty-sixth round, from blind25's pasted Google
// Benchmark lines "BM_PriceVanilla/1024 19247 ns … items_per_second=
// 53.2197M/s", each called wrong against a time of another line): a rate
// on a line of pasted output (not prose) that states a time is checked
// against that line's times only, and is no alarm when they do not give
// it (a benchmark's iteration handles a batch of items; a load
// generator's time is the run's). On blind19 it takes back the
// alarm on "finished in 600.00s, 58912.40 req/s" (recomputed from another
// line's 388 µs).
const rateOwnLineTime = true

// checkRescaled checks a time stated over a period ("8.8 s of CPU per
// node per day") against a time the claim's block states over another
// period, on an earlier line ("102 ms of CPU per second"): the same
// amount over the longer period is the earlier one × the ratio of the
// periods. One that gives the figure makes it consistent; one that gives
// it only with a metric prefix misread (1000×) is a UnitSlip. Otherwise
// it reports false.
func (x *extractor) checkRescaled(c *Claim, n Number, scan string) bool {
	p := x.linePeriod(scan)
	if p == 0 || n.Quantity != Time || !(n.mid() > 0) {
		return false
	}
	for _, lf := range x.blockFigs(c) {
		if lf.line >= c.Line || lf.n.Quantity != Time || strings.Contains(lf.n.Unit, "/") {
			continue
		}
		raw := plain(x.lines[lf.line-1].raw)
		q := periodOf(raw)
		if q == 0 || q == p {
			continue
		}
		// The figure must be the one the period applies to: the last
		// time on its line ("85 ns × 1.2M = 102 ms of CPU per second").
		if last := lastTimeFigure(raw); last == nil || last.Text != lf.n.Text {
			continue
		}
		lo, hi := lf.n.base()
		ratio := p / q
		calendar := false // the calendar's days give it, the paragraph's do not
		if operatingDaysYear && p == 365*86400 && q == 86400 {
			if d := x.operatingDays(c.Line); d > 0 && d != 365 {
				calendar = rangeMatch(n, lo*ratio, hi*ratio) && !rangeMatch(n, lo*d, hi*d)
				ratio = d
			}
		}
		lo, hi = lo*ratio, hi*ratio
		cx := &Cross{Reason: DerivedHolds, Derivation: Total, Lines: []int{lf.line}, Stated: n, Got: toUnit((lo+hi)/2, n),
			GotUnit: n.Unit, Operands: []Number{lf.n, {Text: trimFloat(ratio, 6), Value: ratio, High: ratio}}}
		switch {
		case calendar:
			cx.Reason = DerivedOff
		case rangeMatch(n, lo, hi):
		case slipOf(n, lo, hi) != 0:
			cx.Reason, cx.Factor = UnitSlip, slipOf(n, lo, hi)
		default:
			continue
		}
		setCross(c, cx)
		return true
	}
	return false
}

// lastTimeFigure returns the last time figure of s, nil if none.
func lastTimeFigure(s string) *figure {
	fs := scanFigures(s)
	for k := len(fs) - 1; k >= 0; k-- {
		if fs[k].Quantity == Time {
			return &fs[k]
		}
	}
	return nil
}

// checkBandwidth checks a byte rate ("at 344 MB/s") against a size over
// a time per operation: the sizes (bytes, not per operation) of the
// claim's line and of the row labels of the pairs of times that share
// the most subject words with it ("large, bulk import (1.1 MB)"), over
// either side of those pairs. A size over a time that gives the figure
// makes it consistent; one that gives it only with a unit misread (MiB/s
// written as MB/s) is a UnitSlip. Otherwise it reports false: the figure
// may be measured rather than derived.
func (x *extractor) checkBandwidth(c *Claim, n Number, scan string, figs []figure) bool {
	if k6TransferRateHeld && x.k6TransferLine(c.Line) {
		return false
	}
	sizesOf := func(s string) []Number {
		var out []Number
		for _, f := range scanFigures(s) {
			if f.Quantity == Memory && !strings.Contains(f.Unit, "/") && f.Value > 0 {
				out = append(out, f.Number)
			}
		}
		return out
	}
	lineSizes := sizesOf(scan)
	top, _ := x.relevantPairs(c, Time, scan)
	type cand struct {
		size, time Number
		line       int
	}
	var cands []cand
	for _, d := range top {
		sizes := append(slices.Clone(lineSizes), sizesOf(d.subject)...)
		for _, sz := range sizes {
			for _, t := range []Number{d.p.Old, d.p.New} {
				line := d.p.OldLine
				if t == d.p.New {
					line = d.p.NewLine
				}
				if t.Quantity == Time && t.mid() > 0 && !x.latencyFigure(line, t) {
					cands = append(cands, cand{sz, t, line})
				}
			}
		}
	}
	rate := func(cd cand) (lo, hi float64) {
		slo, shi := cd.size.base()
		tlo, thi := cd.time.base()
		return slo / thi * 1e9, shi / math.Max(tlo, 1e-9) * 1e9
	}
	for _, cd := range cands {
		if lo, hi := rate(cd); rangeMatch(n, lo, hi) {
			setCross(c, &Cross{Reason: DerivedHolds, Derivation: Bandwidth, Lines: []int{cd.line}, Stated: n,
				Got: toUnit((lo+hi)/2, n), GotUnit: n.Unit, Operands: []Number{cd.size, cd.time}})
			return true
		}
	}
	for _, cd := range cands {
		lo, hi := rate(cd)
		if f := slipOf(n, lo, hi); f != 0 {
			setCross(c, &Cross{Reason: UnitSlip, Derivation: Bandwidth, Lines: []int{cd.line}, Stated: n,
				Got: toUnit((lo+hi)/2, n), GotUnit: n.Unit, Factor: f, Operands: []Number{cd.size, cd.time}})
			return true
		}
	}
	return false
}

// latencyFigure reports whether time t, stated on 1-based line, is a
// latency under load (a percentile, a median, an SLO) rather than the
// time one operation takes: in a table row, by its column's header ("p99
// (ms)"), else by its line's words. A size over such a time is no
// bandwidth.
func (x *extractor) latencyFigure(line int, t Number) bool {
	if line < 1 || line > len(x.lines) {
		return false
	}
	dl := &x.lines[line-1]
	if dl.table >= 0 && int(dl.table) < len(x.tables) {
		tb := x.tables[dl.table]
		for _, r := range tb.rows {
			if r.line != line-1 {
				continue
			}
			for k, cell := range r.cells {
				if k < len(tb.header) && indexFigure(cell, t.Text) >= 0 && latencyRE.MatchString(tb.header[k]) {
					return true
				}
			}
		}
		return false
	}
	return latencyRE.MatchString(dl.raw)
}

// overCountRE matches the words between a total time and the count it
// is spread over: " over ", " of own time over ", " across ".
var overCountRE = regexp.MustCompile(`(?i)^\s*(?:of\s+[a-z\-]+(?:\s+[a-z\-]+)?\s+)?(?:over|across)\s*$`)

// perOneRE matches the words after a time that make it a time per one
// of something: " per call", " each".
var perOneRE = regexp.MustCompile(`(?i)^\s*(?:per|each|a|/)\s*[a-z]`)

// checkPerCount checks a time per one thing stated after a total time
// and the count it is spread over, in one sentence: "4.812 s of own time
// over 120,000 calls, 40.1 µs per call" is the total ÷ the count. A
// figure that fits only with a unit misread is a unit slip; one that
// fits no reading is left to the other checks. It returns true when it
// set a verdict.
func (x *extractor) checkPerCount(c *Claim, n Number, scan string, figs []figure) bool {
	if n.Quantity != Time {
		return false
	}
	at := figureIndex(figs, n)
	if at < 2 || !perOneRE.MatchString(scan[figs[at].end:]) {
		return false
	}
	breaks := sentenceBreaks(scan)
	for k := at - 2; k >= 0; k-- {
		a, b := figs[k], figs[k+1]
		if a.Quantity != Time || b.Unit != "" || b.Value < 2 || b.Value != b.High ||
			!overCountRE.MatchString(scan[a.end:b.start]) || !sameSentence(breaks, a.start, a.end, figs[at].start, figs[at].end) {
			continue
		}
		alo, ahi := a.Number.base()
		lo, hi := alo/b.Value, ahi/b.Value
		cx := &Cross{Derivation: Expression, Lines: []int{c.Line}, Stated: n, Got: toUnit((lo+hi)/2, n), GotUnit: n.Unit,
			Operands: []Number{a.Number, b.Number}}
		switch {
		case rangeMatch(n, lo, hi):
			cx.Reason = DerivedHolds
		case slipOf(n, lo, hi) != 0:
			cx.Reason, cx.Factor = UnitSlip, slipOf(n, lo, hi)
			// The slip is the time per one's; the total is no longer
			// stated by the failing claim (it stays in its detail).
			c.Numbers = slices.DeleteFunc(c.Numbers, func(m Number) bool { return m.Text == a.Text && m.Unit == a.Unit })
		default:
			return false
		}
		setCross(c, cx)
		return true
	}
	return false
}

// perRE matches the words before a figure that make it the amount
// another figure is per: "per 64 KiB block", "for every 1,000 requests",
// "each 4 KB page".
var perRE = regexp.MustCompile(`(?i)(?:\bper|\bevery|\beach|/)\s*$`)

// clauseBreaks end the part of a sentence that can make a figure a saving
// or a total: a sentence end, and the relative and contrasting clauses
// a figure is followed or preceded by ("costs 1.9 µs per 64 KiB block,
// which the encoder savings more than pay for": the savings are not the
// block's size).
var clauseBreaks = []string{". ", "; ", ", which ", ", while ", ", whereas ", ", though ", ", although ", " which ", " whereas "}

// savingClause returns the bounds of the part of line s around figure n
// that the words making it a saving must be in, and the figure's start;
// 0, 0, 0 when n is not on the line as written. figs are the figures of
// s (scanFigures).
func savingClause(s string, figs []figure, n Number) (lo, hi, at int) {
	found := false
	var f figure
	for _, g := range figs {
		if g.Text == n.Text && g.Unit == n.Unit {
			f, found = g, true
			break
		}
	}
	if !found {
		return 0, 0, 0
	}
	lo, hi = 0, len(s)
	for _, sep := range clauseBreaks {
		if j := strings.LastIndex(s[:f.start], sep); j >= 0 && j+len(sep) > lo {
			lo = j + len(sep)
		}
		if j := strings.Index(s[f.end:], sep); j >= 0 && f.end+j < hi {
			hi = f.end + j
		}
	}
	return lo, hi, f.start
}

// savingClauseOf returns savingClause(s, figs, n), with the clause
// breaks of s and its figures' first indexes read once for all the
// figures of the line, where savingClause searches the whole line for
// each.
func (x *extractor) savingClauseOf(s string, figs []figure, n Number) (lo, hi, at int) {
	m := &x.clauses
	if m.first == nil || m.s != s || len(m.figs) != len(figs) || len(figs) > 0 && &m.figs[0] != &figs[0] {
		m.s, m.figs = s, figs
		m.first = make(map[[2]string]int)
		for k, g := range figs {
			if _, ok := m.first[[2]string{g.Text, g.Unit}]; !ok {
				m.first[[2]string{g.Text, g.Unit}] = k
			}
		}
		m.breaks = make([][]int, len(clauseBreaks))
		for i, sep := range clauseBreaks {
			for j := 0; ; {
				k := strings.Index(s[j:], sep)
				if k < 0 {
					break
				}
				m.breaks[i] = append(m.breaks[i], j+k)
				j += k + 1
			}
		}
	}
	k, ok := m.first[[2]string{n.Text, n.Unit}]
	if !ok {
		return 0, 0, 0
	}
	f := figs[k]
	lo, hi = 0, len(s)
	for i, sep := range clauseBreaks {
		at := m.breaks[i]
		// The last break ending at or before the figure's start
		// (strings.LastIndex of s[:f.start]).
		if p, _ := slices.BinarySearch(at, f.start-len(sep)+1); p > 0 && at[p-1]+len(sep) > lo {
			lo = at[p-1] + len(sep)
		}
		// The first starting at or after its end (strings.Index of
		// s[f.end:]).
		if p, _ := slices.BinarySearch(at, f.end); p < len(at) && at[p] < hi {
			hi = at[p]
		}
	}
	return lo, hi, f.start
}

// A clauseScan keeps what savingClauseOf read of the last line.
type clauseScan struct {
	s      string
	figs   []figure
	first  map[[2]string]int // the first figure written as text and unit
	breaks [][]int           // the starts of each of clauseBreaks in s, ascending
}

// sentenceLead returns the start of the sentence line i (0-based)
// continues in a wrapped paragraph: the previous line's text after its
// last sentence end ("… for large" of "for large / documents the saving
// is 28,160 B"), "" when line i starts a sentence.
func (x *extractor) sentenceLead(i int) string {
	prev := x.wrappedLine(i, i-1)
	if prev == "" || strings.HasSuffix(strings.TrimRight(prev, " *_"), ".") {
		return ""
	}
	lo := 0
	for _, sep := range []string{". ", "; ", "! ", "? "} {
		if j := strings.LastIndex(prev, sep); j >= 0 && j+len(sep) > lo {
			lo = j + len(sep)
		}
	}
	return prev[lo:]
}

// quotientInSeconds (twenty-third round): a time written as the result
// of a quotient of bare figures is read in seconds as well as in its own
// unit ("queue depth 32 / 41,800 IOPS = 766 µs", Little's law): a count
// over a rate per second is a time in seconds, written in the prefix that
// suits it.
const quotientInSeconds = true

// quotientHalfStepAtFigure (fifty-first round): checkQuotient widens the
// quotient by half a step of each operand's last digit, read by halfStep
// with quotientRE, which is anchored at the end of its text; it was
// given the whole line, so any quotient followed by more words ("60 /
// 280.7 = 213.7 ms on average, which matches …") was taken as exact, and
// a result rounded within the operands' digits (60 / 280.65 = 213.79 ms)
// was called an arithmetic error. halfStep now reads the line up to the
// figure, where the quotient ends. Cost: none.
const quotientHalfStepAtFigure = true

// quotientAsPercent (twenty-third round): a percentage written as the
// result of a quotient ("23,000 / 52,800 = 43.6 %") is the quotient times
// a hundred, as well as the quotient itself.
const quotientAsPercent = true

// checkQuotient checks a count written as the result of a quotient on its
// line ("40,000 / 2,350 → 18 pods"): A/B, rounded either way, gives it;
// a count of things that must cover the quotient (pods, cores, nodes) is
// its ceiling. It reports whether it set a verdict.
func (x *extractor) checkQuotient(c *Claim, scan string, figs []figure) bool {
	quots := x.lineQuotients(scan, figs)
	for _, n := range c.Numbers {
		for _, fq := range quots {
			f, q := fq.f, fq.q
			if f.Text != n.Text {
				continue
			}
			got := q[0] / q[1]
			// Each operand as rounded half a step of its last digit.
			// The quotient's text ends right before the figure
			// (quotientRE is anchored there).
			qs := scan
			if quotientHalfStepAtFigure {
				qs = scan[:f.start]
			}
			da, db := halfStep(qs, q, 0), halfStep(qs, q, 1)
			lo, hi := (q[0]-da)/(q[1]+db), (q[0]+da)/math.Max(q[1]-db, 1e-12)
			if n.Unit == "" {
				lo, hi = math.Floor(lo), math.Ceil(hi)
			}
			slo, shi := lo*1e9, hi*1e9
			lo, hi = lo*n.scale, hi*n.scale
			cx := &Cross{Derivation: Expression, Lines: []int{c.Line}, Stated: n, Got: got, GotUnit: n.Unit,
				Operands: []Number{{Text: fmt.Sprint(q[0]), Value: q[0], High: q[0], scale: 1}, {Text: fmt.Sprint(q[1]), Value: q[1], High: q[1], scale: 1}}}
			if quotientInSeconds && n.Quantity == Time && !rangeMatch(n, lo, hi) && rangeMatch(n, slo, shi) {
				// "32 / 41,800 = 766 µs": a count over a rate per
				// second is in seconds, written in the figure's unit.
				cx.Got = toUnit(got*1e9, n)
				lo, hi = slo, shi
			}
			if quotientAsPercent && n.Unit == "%" && !rangeMatch(n, lo, hi) && rangeMatch(n, lo*100, hi*100) {
				// "23,000 / 52,800 = 43.6 %": a share written in percent.
				cx.Got = got * 100
				lo, hi = lo*100, hi*100
			}
			if rangeMatch(n, lo, hi) {
				cx.Reason = DerivedHolds
			} else {
				cx.Reason = DerivedOff
			}
			setCross(c, cx)
			return true
		}
	}
	return false
}

// A quotientFig is a figure of a line that is the result of a quotient
// (quotientAt), with the quotient's dividend and divisor.
type quotientFig struct {
	f figure
	q []float64
}

// lineQuotients returns the figures of figs (those of scan) that are
// the results of a quotient, in order, read once for all the claims of
// the line checkDerived reads. The caller must not modify them.
func (x *extractor) lineQuotients(scan string, figs []figure) []quotientFig {
	lq := &x.quots
	if !lq.ok || lq.scan != scan || len(lq.figs) != len(figs) || len(figs) > 0 && &lq.figs[0] != &figs[0] {
		*lq = lineQuotients{ok: true, scan: scan, figs: figs}
		for _, f := range figs {
			if q := quotientAt(scan, f); q != nil {
				lq.out = append(lq.out, quotientFig{f, q})
			}
		}
	}
	return lq.out
}

// lineQuotients keeps the quotients lineQuotients read last.
type lineQuotients struct {
	ok   bool
	scan string
	figs []figure
	out  []quotientFig
}

// savingText reports whether text (a figure's clause, or its whole
// line) words a saving: savingRE, or lessRE but not lessThanRE. The
// last text's answer is kept, so that the figures of one clause or line
// read it once.
func (x *extractor) savingText(text string) bool {
	m := &x.saving
	if !m.ok || m.text != text {
		m.ok, m.text = true, text
		m.saving = savingRE.MatchString(text) || lessRE.MatchString(text) && !lessThanRE.MatchString(text)
	}
	return m.saving
}

// figuresOf returns scanFigures(text), read once for the checks of the
// claims of one line that read it in turn. The caller must not modify
// the figures.
func (x *extractor) figuresOf(text string) []figure {
	m := &x.figs
	if m.figs == nil || m.text != text {
		m.text, m.figs = text, scanFigures(text)
		if m.figs == nil {
			m.figs = []figure{}
		}
	}
	return m.figs
}

// breaksOf returns sentenceBreaks(text), read once as figuresOf reads
// figures. The caller must not modify it.
func (x *extractor) breaksOf(text string) []int {
	m := &x.breaks
	if m.breaks == nil || m.text != text {
		m.text, m.breaks = text, sentenceBreaks(text)
	}
	return m.breaks
}

// linePeriod returns periodOf(scan), read once for all the claims of
// the line checkDerived reads.
func (x *extractor) linePeriod(scan string) float64 {
	if !x.period.ok || x.period.scan != scan {
		x.period.ok, x.period.scan, x.period.sec = true, scan, periodOf(scan)
	}
	return x.period.sec
}

// halfStep returns half the place value of the last digit of operand k
// of the quotient before a figure, as written (0.05 for "2.9").
func halfStep(scan string, q []float64, k int) float64 {
	m := quotientRE.FindAllStringSubmatch(scan, -1)
	for _, mm := range m {
		v, err := strconv.ParseFloat(strings.ReplaceAll(mm[k+1], ",", ""), 64)
		if err != nil || v != q[k] {
			continue
		}
		if j := strings.IndexByte(mm[k+1], '.'); j >= 0 {
			return 0.5 * math.Pow(10, -float64(len(mm[k+1])-j-1))
		}
		return 0.5
	}
	return 0
}

// restatedFromSection reports whether figure n of claim c is stated, as
// written and in its unit, on a line of another section: a summary's
// "saving about 137 µs per request" restates the body's, where the
// figure is derived (from a count the body states) and judged; the
// restatement is not unsupported for want of a pair that gives it.
func (x *extractor) restatedFromSection(c *Claim, n Number) bool {
	for _, f := range x.rep.Facts {
		if f.Line != c.Line && f.section != c.section && f.Value.Unit == n.Unit && f.Value.Text == n.Text {
			return true
		}
	}
	return false
}

// scenarioRate reports whether rate n, a figure of line scan, sets the
// scenario of what is measured ("at 1,000 req/s", "the 2,000 req/s
// step"): no time per operation gives it.
func (x *extractor) scenarioRate(scan string, figs []figure, n Number) bool {
	for k := range figs {
		if figs[k].Text == n.Text && figs[k].Unit == n.Unit && scenarioAt(scan, &figs[k]) {
			return true
		}
	}
	return false
}

// periodRange returns the rate of an amount per period in the amount's
// base unit per second, widened by its rounding and the length of its
// period (a month is 30 to 30.44 days), with what it counts: "B" for
// bytes, "$" for money, "" for a count. ok is false for any other figure.
func periodRange(n Number) (lo, hi float64, dim string, ok bool) {
	a, b := n.base()
	switch {
	case n.Quantity == PerPeriod && n.perLo > 0:
		dim = n.dim
		if dim != "B" && dim != "$" {
			dim = ""
		}
		return a / n.perHi, b / n.perLo, dim, true
	case isByteRate(n):
		return a, b, "B", true
	case isCountRate(n):
		return a, b, "", true
	}
	return 0, 0, "", false
}

// conversionLinkRE finds the words between an amount per period and the
// same amount per another period: "655 MB/s, which is 56.6 GB/day",
// "$2,265 a day, roughly $68k a month", "3,100 req/s, or 11.16 million
// requests an hour"; what both are per may follow the first ("2.4 GB/s
// per pod, that is 8,640 GB per hour per pod").
var conversionLinkRE = regexp.MustCompile(`(?i)^\s*(?:per\s+[a-z][a-z-]*\s*)?[,(=≈~:]?\s*(?:(?:which|that)\s+is|i\.e\.,?|or|equal\s+to|equivalent\s+to|so)?\s*(?:about|roughly|around|approximately|nearly|some|~|≈)?\s*\$?$` +
	// "94.4 TB a day to the CDN, a sustained 1.09 GB/s": the same
	// amount as a steady rate.
	`|^[a-zA-Z ]{0,30},\s*(?:a|an|at\s+a|at\s+an)\s+(?:sustained|steady|average|constant|continuous|mean)\s*$`)

// checkAmountConversion checks a time or a size restated in another unit
// right after it ("1.36 million seconds, about 378 hours", "4.6 TB, or
// 4.2 TiB"): the earlier figure in the later one's unit. A match within
// rounding makes it consistent; one only with a unit misread (1000×, MiB
// as MB, bits as bytes, 60× for a time) a UnitSlip; anything else off. A
// second figure followed by a comparison ("6.3 min, about 45 s less")
// is another figure, not a conversion. It reports whether it set a
// verdict.
func (x *extractor) checkAmountConversion(c *Claim, n Number, scan string, figs []figure) bool {
	byteRates := isByteRate(n)
	if n.Quantity != Time && n.Quantity != Memory && !byteRates || strings.Contains(n.Unit, "/") && !byteRates {
		return false
	}
	at := figureIndex(figs, n)
	if at < 0 || at == 0 && !conversionPastWords {
		return false
	}
	var o Number
	var link, origLink, oText string
	if at == 0 {
		// "4 × 3.84 TB = 15.36 TB" / "of raw cache, or 16.9 TiB": the
		// amount ends the line before.
		lead := x.wrappedLine(c.Line-1, c.Line-2)
		lf := scanFigures(lead)
		if len(lf) == 0 {
			return false
		}
		o, link = lf[len(lf)-1].Number, lead[lf[len(lf)-1].end:]+" "+scan[:figs[0].start]
		oText = lead[lf[len(lf)-1].start:lf[len(lf)-1].end]
		if q := qualifierRE.FindString(link); q != "" && sameQualifierRestated && n.Quantity == Time && samePeriodAfter(link, scan[figs[at].end:]) {
			// "127.2 CPU-seconds per" / "day, or about 21.2
			// CPU-minutes per day": the same period after both.
			origLink, link = link, link[len(q):]
		} else if !(wordsOrLinkRE.MatchString(link) || conversionAtBreak && amountLinkRE.MatchString(link)) || q != "" {
			return false
		}
	} else {
		o, link = figs[at-1].Number, scan[figs[at-1].end:figs[at].start]
		oText = scan[figs[at-1].start:figs[at-1].end]
	}
	if origLink == "" {
		origLink = link
		if sameQualifierRestated && n.Quantity == Time && samePeriodAfter(link, scan[figs[at].end:]) {
			// "46.8 node-seconds per deploy, or about 7.8
			// node-minutes per deploy": the same period after both.
			link = link[strings.LastIndex(link, ","):]
		}
	}
	if conversionPastWords && wordsOrLinkRE.MatchString(link) && !amountLinkRE.MatchString(link) && qualifierRE.FindString(link) == "" {
		// "144 TiB freed, or 131 TB": words about the amount, then
		// its restatement in another unit.
		link = link[strings.LastIndex(link, ","):]
	}
	if byteRates && orLinkEndRE.MatchString(link) {
		// "1,555 MiB/s of 4K random writes, or 1.48 GB/s": the rate
		// before the words about it (and a figure of another
		// quantity), in another unit.
		from := at - 1
		if !isByteRate(o) && at >= 2 {
			from = at - 2
		}
		if isByteRate(figs[from].Number) && !sentenceBreakRE.MatchString(scan[figs[from].end:figs[at].start]) {
			o = figs[from].Number
			link = ", or"
		}
	}
	after := scan[figs[at].end:]
	if strings.TrimSpace(after) == "" {
		// The figure ends its line: its words run on to the next line of
		// the paragraph ("about 1,296 s" / "per simulated day").
		after = " " + x.wrappedLine(c.Line-1, c.Line)
	}
	qualified := false
	if q := qualifierRE.FindString(link); conversionQualified && q != "" && !byteRates && o.Quantity == Memory {
		// "1,125 MB per user per month, or 1.12 GiB": the amount and
		// what it is per, then the amount in another unit.
		link, qualified = link[len(q):], true
	}
	// "133.5 GiB we get back (about 143.3 GB on the bill)": words about
	// the size, then the parenthesis that restates it (what follows in
	// the parenthesis is about the restatement).
	paren := conversionQualified && !qualified && parenLinkRE.MatchString(link)
	if conversionOfNoun && restateLinkRE.MatchString(link) && ofNounAfterRE.MatchString(after) {
		// "174.1 TB, i.e. 191.5 TiB of tape": what the restated
		// amount is of, not another figure.
		after = ""
	}
	isLink := conversionIs && isLinkRE.MatchString(link)
	samePer := sameQualifierRestated && n.Quantity == Time && samePeriodAfter(origLink, after)
	if o.Quantity != n.Quantity || o.Unit == n.Unit || strings.Contains(o.Unit, "/") && !(byteRates && isByteRate(o)) || o.Unit == "" ||
		!amountLinkRE.MatchString(link) && !paren && !isLink || comparedAfterRE.MatchString(after) && !samePer && !unitSystemRE.MatchString(after) && !(paren && !comparativeAfterRE.MatchString(after)) &&
		!(at > 0 && x.changeRestatedInUnit(scan, figs, at, link, after)) ||
		compoundTime(scan, figs[at]) != (at > 0 && compoundTime(scan, figs[at-1])) && !(samePer && sameCompound(scan[figs[at].start:figs[at].end], oText)) {
		return false
	}
	lo, hi := o.base()
	lines := []int{c.Line}
	if at == 0 {
		lines = []int{c.Line - 1, c.Line}
	}
	cx := &Cross{Derivation: Conversion, Lines: lines, Stated: n, Got: toUnit((lo+hi)/2, n), GotUnit: n.Unit, Operands: []Number{o}}
	cx.judge(n, lo, hi)
	if qualified && cx.Reason != DerivedHolds && !prefixSlip(cx.Factor) {
		// "12 GB per node, or 1.2 TB" may be a total over the nodes:
		// only the same amount, or it with a binary prefix read as a
		// decimal one or bits as bytes, says something.
		return false
	}
	setCross(c, cx)
	return true
}

// conversionIs (thirtieth round): an amount that "is" an amount of the
// same quantity in another unit ("0.94 TB is 1.03 TiB", "1,843.2 s is
// 30.7 min", "65 min is 1.083 h") restates it, and is checked as a
// conversion: the binary/decimal conversion done the wrong way is an
// error.
const conversionIs = false

// isLinkRE finds "is" (or "equals") alone between an amount and its
// restatement in another unit.
var isLinkRE = regexp.MustCompile(`(?i)^\s+(?:is|equals|was)\s+(?:about\s+|roughly\s+|around\s+|approximately\s+|nearly\s+|~)?$`)

// conversionPastWords: an amount restated in another unit after a few
// words about it and ", or" ("144 TiB freed, or 131 TB in the units the
// storage vendor bills", "15.36 TB" / "of raw cache, or 16.9 TiB", the
// amount ending the line before) is a conversion, checked as one (a
// binary prefix taken for a decimal one, or the conversion done the
// wrong way, is an error); the words were read as a link to another
// figure. At most four words, no figure. Twenty-ninth round (testdata/
// labels/README.md): blind25's 131 TB and blind26's 16.9 TiB.
const conversionPastWords = true

// conversionAtBreak: checkAmountConversion reads an amount ending the
// line before, then ", or" (or ", i.e.", ", which is", ", about") and
// the amount in another unit at the start of the line ("… = 616,000
// s," / "or 17.1 hours a day"), as it reads them on one line: the
// line before had been read only after words about the amount ("of
// raw cache, or 16.9 TiB"). Thirty-fourth round.
const conversionAtBreak = true

// wordsOrLinkRE finds a few words, then ", or" (", i.e.", ", that is"),
// between an amount and its restatement.
var wordsOrLinkRE = regexp.MustCompile(`(?i)^\s*(?:[a-z][a-z-]*\s+){0,3}[a-z][a-z-]*\s*,\s*(?:or|i\.e\.,?|(?:which|that)\s+is)\s*(?:about|roughly|around|approximately|nearly|some|~|≈)?\s*$`)

// conversionOfNoun: an amount restated after "i.e." or "that is" and
// followed by what it is of ("174.1 TB, i.e. 191.5 TiB of tape") is a
// conversion; "of" after a figure otherwise makes it another figure
// (comparedAfterRE). Twenty-ninth round (testdata/labels/README.md):
// measured and left off, it catches blind28's 191.5 TiB and changes
// nothing on any other set.
const conversionOfNoun = false

// ofNounAfterRE finds "of" and a noun after a figure ("of tape", "of
// raw capacity"), not "of which", "of it", "of the …".
var ofNounAfterRE = regexp.MustCompile(`(?i)^\s*of\s+(?:(?:which|it|them|that|this|the|these|those|its|their)\b)?[a-z]`)

// changeConversion (twenty-third round): a change restated in another
// unit, the comparative after the restatement ("p99.9 dropped by 5.7 ms,
// i.e. 570 µs less waiting"): the second figure is the first's change
// in another unit, and is checked as its conversion. The link must say
// it restates ("i.e.", "that is", "which is"), and the first figure must
// itself be a change ("by 5.7 ms", "5.7 ms less").
const changeConversion = true

// restateLinkRE finds the words of an explicit restatement between two
// figures: ", i.e.", ", that is", ", which is".
var restateLinkRE = regexp.MustCompile(`(?i)^\s*[,(]?\s*(?:(?:which|that)\s+is|i\.e\.,?)\s*(?:about|roughly|around|approximately|nearly|some|~|≈)?\s*$`)

// changeByFigRE finds "by" (or a verb of saving) right before a figure that
// makes it a change: "dropped by ", "saves ".
var changeByFigRE = regexp.MustCompile(`(?i)(?:\bby|\bsaves?|\bsaved|\bsaving|\bcuts?)\s+(?:about|roughly|around|nearly|some|~|≈)?\s*$`)

// comparativeWordRE matches the comparative right after a figure.
var comparativeWordRE = regexp.MustCompile(`(?i)^\s*(less|more|fewer|lower|higher|shorter|longer|faster|slower|smaller|larger)\b`)

// changeRestatedInUnit reports whether figure at of scan restates the
// change figure at-1 in another unit (changeConversion): the link
// restates, the figure is followed by a comparative, and the one before
// is a change (after "by", or followed by the same comparative).
func (x *extractor) changeRestatedInUnit(scan string, figs []figure, at int, link, after string) bool {
	if !changeConversion || at < 1 || !restateLinkRE.MatchString(link) {
		return false
	}
	m := comparativeWordRE.FindStringSubmatch(after)
	if m == nil {
		return false
	}
	prev := figs[at-1]
	if changeByFigRE.MatchString(scan[:prev.start]) {
		return true
	}
	pm := comparativeWordRE.FindStringSubmatch(scan[prev.end:figs[at].start])
	return pm != nil && strings.EqualFold(pm[1], m[1])
}

// conversionQualified lets checkAmountConversion read a size restated in
// another unit after what it is per ("1,125 MB per user per month, or
// 1.12 GiB"; twentieth round).
const conversionQualified = true

// parenLinkRE finds a few words about a size and the parenthesis that
// restates it in another unit: "133.5 GiB we get back (about 143.3 GB".
var parenLinkRE = regexp.MustCompile(`(?i)^\s*(?:[a-z]+\s+){1,4}\(\s*(?:about|roughly|around|approximately|nearly|some|~|≈)?\s*$`)

// comparativeAfterRE finds the words after a figure in a parenthesis that
// make it a figure of its own ("(about 2 GB more than").
var comparativeAfterRE = regexp.MustCompile(`(?i)^\s*(?:less|more|faster|slower|shorter|longer|smaller|larger|bigger|fewer|than|saved|lower|higher|each|apiece|per|of|total|combined|overall|left|free|spare)\b`)

// qualifierRE finds what a size is per, between it and its restatement:
// "per user per month", "a day", "each".
var qualifierRE = regexp.MustCompile(`(?i)^(?:\s+(?:(?:per|a|an|every)\s+[a-z][a-z-]*|each))+`)

// prefixSlip reports whether a UnitSlip's factor is that of a binary
// prefix read as a decimal one (1.024, 1.048576, …) or of bits read as
// bytes (8): a slip of the unit alone, whatever the amount is per.
func prefixSlip(f float64) bool {
	if f <= 0 {
		return false
	}
	if f < 1 {
		f = 1 / f
	}
	if math.Abs(f-8) < 1e-9 {
		return true
	}
	for _, p := range []float64{1.024, 1.048576, 1.073741824, 1.099511627776} {
		if math.Abs(f/p-1) < 1e-9 {
			return true
		}
	}
	return false
}

// compoundTimeRE finds a time unit written as a compound with what it
// counts: "7.58 node-hours", "968.6 runner-hours", "40 GPU-minutes".
var compoundTimeRE = regexp.MustCompile(`[A-Za-z]-(?:hours?|minutes?)\b`)

// compoundTime reports whether figure f of scan is a time compounded
// with what it counts ("node-hours"): a count times a time, whose
// operands are that count and the time, so a plain time restated in its
// unit ("37.9 min, or 7.58 node-hours" for 12 nodes) is no conversion.
func compoundTime(scan string, f figure) bool {
	return f.Quantity == Time && compoundTimeRE.MatchString(scan[f.start:f.end])
}

// orLinkEndRE finds the end of the words before a figure that restates an
// earlier one in another unit: "…, or", "…, i.e.".
var orLinkEndRE = regexp.MustCompile(`(?i),\s*(?:or|i\.e\.,?)\s*$`)

// unitSystemRE finds the words after a figure that say it is the one
// before in another system of units: "1.48 GB/s in decimal units".
var unitSystemRE = regexp.MustCompile(`(?i)^\s*in\s+(?:` + unitsNamed + `)\s+(?:units|prefixes)\b`)

// unitsNamed are the words before "units" that name a system of them:
// "decimal", "binary", and under conversionPastWords "the" ("131 TB in
// the units the storage vendor bills in").
var unitsNamed = func() string {
	if conversionPastWords {
		return `decimal|binary|si|iec|the`
	}
	return `decimal|binary|si|iec`
}()

// amountLinkRE finds the words between a figure and the same figure in
// another unit: ", about", ", or roughly", " (i.e."; comparedAfterRE the
// words after a second figure that make it a figure of its own ("45 s
// less", "3 h more than", "2 GB of it").
var (
	amountLinkRE    = regexp.MustCompile(`(?i)^\s*,\s*(?:(?:which|that)\s+is|i\.e\.,?|or|so)?\s*(?:about|roughly|around|approximately|nearly|some|~|≈)\s*$|^\s*,\s*(?:(?:which|that)\s+is|i\.e\.,?|or)\s*$`)
	comparedAfterRE = regexp.MustCompile(`(?i)^\s*(?:less|more|faster|slower|shorter|longer|smaller|larger|bigger|fewer|of|per|than|over|under|saved|lower|higher|each|apiece|before|after|to|from|at|in|on|with|without|for|when|if|across|by|during|total|combined|overall|plus|minus|left|free|spare)\b`)
)

// priceRE finds a unit price on a line: "at $0.032 per runner-minute",
// "$0.05 per GB", "$2.40 an hour"; the unit priced is a time or a size.
var priceRE = regexp.MustCompile(`(?i)\$\s?([0-9][0-9,]*(?:\.[0-9]+)?)\s+(?:per|an?|/)\s*(?:[a-z]+-)?(second|minute|min|hour|hr|day|KB|MB|GB|TB|KiB|MiB|GiB|TiB)\b`)

// priceUnits are the units priceRE reads, in the base unit of their
// quantity (ns, B).
var priceUnits = map[string]struct {
	q     Quantity
	scale float64
}{
	"second": {Time, 1e9}, "minute": {Time, 60e9}, "min": {Time, 60e9}, "hour": {Time, 3600e9}, "hr": {Time, 3600e9},
	"day": {Time, 86400e9}, "kb": {Memory, 1e3}, "mb": {Memory, 1e6}, "gb": {Memory, 1e9}, "tb": {Memory, 1e12},
	"kib": {Memory, 1 << 10}, "mib": {Memory, 1 << 20}, "gib": {Memory, 1 << 30}, "tib": {Memory, 1 << 40},
}

// checkPriced checks an amount of money that a line computes from a unit
// price and an amount of what is priced stated before the price in the
// sentence, on the line or at the end of the paragraph's line before:
// "20,341 runner-hours in a month. At $0.032 per runner-minute that is
// $39,054 a month" is the amount in the price's unit times the price. A
// match within rounding is consistent; one only with a unit misread (60×
// for hours priced by the minute, 1000×, a binary unit) a UnitSlip;
// anything else off. It reports whether it set a verdict.
func (x *extractor) checkPriced(c *Claim, n Number, scan string, figs []figure) bool {
	if n.Unit != "$" && !strings.HasPrefix(n.Unit, "$/") {
		return false
	}
	m := priceRE.FindStringSubmatchIndex(scan)
	if m == nil {
		return false
	}
	at := strings.Index(scan[m[1]:], n.Text)
	if at < 0 || strings.ContainsAny(scan[m[1]:m[1]+at], ".;") {
		// The money figure is not the price's result in its sentence.
		return false
	}
	price, err := strconv.ParseFloat(strings.ReplaceAll(scan[m[2]:m[3]], ",", ""), 64)
	pu, ok := priceUnits[strings.ToLower(scan[m[4]:m[5]])]
	if err != nil || !ok || price <= 0 {
		return false
	}
	// The amount priced: the last figure of its quantity before the
	// price, on the line or ending the line before.
	var amount *Number
	for k := range figs {
		if figs[k].end <= m[0] && figs[k].Quantity == pu.q && !strings.Contains(figs[k].Unit, "/") {
			amount = &figs[k].Number
		}
	}
	if amount == nil && !slices.ContainsFunc(figs, func(f figure) bool { return f.end <= m[0] && f.Unit != "" }) {
		// The amount ends the paragraph's line before ("… or 20,341
		// runner-hours" / "in a month. At $0.032 per runner-minute"):
		// its last figure with a unit, of the price's quantity.
		prev := x.wrappedLine(c.Line-1, c.Line-2)
		pf := slices.DeleteFunc(scanFigures(prev), func(f figure) bool { return f.Unit == "" })
		if k := len(pf) - 1; k >= 0 && pf[k].Quantity == pu.q && !strings.Contains(pf[k].Unit, "/") {
			a := pf[k].Number
			amount = &a
		}
	}
	if amount == nil || pricedAmountTooSmall(*amount, pu.q, pu.scale) {
		return false
	}
	lo, hi := amount.base()
	lo, hi = lo/pu.scale*price, hi/pu.scale*price
	cx := &Cross{Derivation: Total, Lines: []int{c.Line}, Stated: n, Got: (lo + hi) / 2, GotUnit: n.Unit,
		Operands: []Number{*amount, {Text: "$" + scan[m[2]:m[3]], Value: price, High: price}}}
	cx.judge(n, lo, hi)
	if cx.Reason == DerivedOff && pu.q == Time {
		// Hours priced by the minute without the 60.
		for _, f := range timeSlips {
			if rangeMatch(n, lo*f, hi*f) {
				cx.Reason, cx.Factor = UnitSlip, f
			}
		}
	}
	if cx.Reason == DerivedOff && pricedSentenceAmounts {
		if hx := x.pricedOtherAmount(c, n, scan, figs, m[0], price, pu.q, pu.scale); hx != nil {
			cx = hx
		}
	}
	setCross(c, cx)
	return true
}

// pricedSentenceAmounts (thirty-first round): the amount a price
// multiplies is the last figure of its quantity before it; a sentence
// may state the amount over two periods ("64.4 node-hours per trading
// day, 1,932 node-hours over the month's 21 trading days. At $1.36 per
// node-hour that is $87.6 per trading day"; "498.2 CPU-hours a day …
// Over a 30-day month that comes to 3,487.6 CPU-hours. At $0.0425 per
// vCPU-hour the saving is $635.23 a month"), and the last one was priced
// and the money called wrong. When the last amount does not give the
// money, another amount of its quantity in the sentence (on the line, or
// ending the paragraph's line before) that gives it, as is or over the
// money's period from its own ("a day" to "a month"), makes it
// consistent.
const pricedSentenceAmounts = true

// pricedOtherAmount returns the check of n against another amount of
// the price's quantity before the price at offset at of scan that gives
// it; nil when none does.
func (x *extractor) pricedOtherAmount(c *Claim, n Number, scan string, figs []figure, at int, price float64, q Quantity, scale float64) *Cross {
	type cand struct {
		n     Number
		after string
		line  int
	}
	var cs []cand
	add := func(text string, fs []figure, line int) {
		for k, f := range fs {
			if f.Quantity != q || strings.Contains(f.Unit, "/") {
				continue
			}
			end := len(text)
			if k+1 < len(fs) {
				end = fs[k+1].start
			}
			cs = append(cs, cand{f.Number, text[f.end:end], line})
		}
	}
	prev := x.wrappedLine(c.Line-1, c.Line-2)
	if prev != "" {
		add(prev, scanFigures(prev), c.Line-1)
	}
	var before []figure
	for _, f := range figs {
		if f.end <= at {
			before = append(before, f)
		}
	}
	add(scan[:at], before, c.Line)
	for _, a := range cs {
		lo, hi := a.n.base()
		lo, hi = lo/scale*price, hi/scale*price
		mults := []float64{1}
		if p := periodOf(a.after); p > 0 && n.perLo > 0 {
			mults = append(mults, n.perLo/p, n.perHi/p)
		}
		for _, f := range mults {
			if rangeMatch(n, lo*f, hi*f) {
				ops := []Number{a.n, {Text: "$" + trimFloat(price, 6), Value: price, High: price}}
				if f != 1 {
					ops = append(ops, Number{Text: trimFloat(f, 4), Value: f, High: f})
				}
				return &Cross{Reason: DerivedHolds, Derivation: Total, Lines: []int{a.line, c.Line}, Stated: n, Got: toUnit((lo+hi)/2*f, n),
					GotUnit: n.Unit, Operands: ops}
			}
		}
	}
	return nil
}

// checkPoints checks a change stated in percentage points ("fell by 3.3
// points") against the pairs of two rates in percent the report states
// whose own subject words the claim's line names: one whose difference
// gives it makes it consistent. No pair, or none that gives it, leaves
// it unverifiable: a rate the reader did not pair is no error. It
// reports whether it set a verdict.
func (x *extractor) checkPoints(c *Claim, n Number, scan string) bool {
	if n.Unit != "pp" {
		return false
	}
	words := dedupe(append(subjectWords(scan+" "+x.sentenceLead(c.Line-1)), c.path...))
	for _, d := range x.pairs {
		o, nw := d.p.Old, d.p.New
		if o.Unit != "%" || nw.Unit != "%" || len(d.own) == 0 || overlap(words, d.own) == 0 {
			continue
		}
		lo := math.Abs(o.Value-nw.Value) - (o.step+nw.step)/2
		hi := math.Abs(o.Value-nw.Value) + (o.step+nw.step)/2
		if n.Value-n.step/2 <= hi && n.Value+n.step/2 >= lo {
			setCross(c, &Cross{Reason: DerivedHolds, Derivation: Difference, Lines: []int{d.p.OldLine, d.p.NewLine}, Stated: n,
				Got: math.Abs(o.Value - nw.Value), GotUnit: "pp", Operands: []Number{o, nw}})
			return true
		}
	}
	return false
}

// netRE finds a net amount: "net saving: $9,140 a month", "net cost of".
var netRE = regexp.MustCompile(`(?i)\bnet\s+(?:saving|savings|cost|gain|benefit|change)?\s*(?:of|is|:|=)?\s*\$?\s*$`)

// checkNet checks a net amount of money ("net saving: $9,140 a month")
// against the amounts of the same period the lines before it in its
// block state: the difference of two of them gives it (consistent); when
// exactly two are stated and their difference does not give it, it is
// off. It reports whether it set a verdict.
func (x *extractor) checkNet(c *Claim, n Number, scan string) bool {
	if n.Unit != "$" && !strings.HasPrefix(n.Unit, "$/") {
		return false
	}
	at := strings.Index(scan, n.Text)
	if at < 0 || !netRE.MatchString(scan[:at]) {
		return false
	}
	var cands []Number
	var lines []int
	for i := c.Line - 2; i >= 0 && x.lines[i].block == x.lines[c.Line-1].block; i-- {
		for _, f := range scanFigures(blankCode(plain(x.lines[i].raw))) {
			if f.Unit == n.Unit && f.perLo == n.perLo {
				cands, lines = append(cands, f.Number), append(lines, i+1)
			}
		}
	}
	if len(cands) < 2 {
		return false
	}
	for a := range cands {
		for b := range cands {
			if a == b {
				continue
			}
			alo, ahi := cands[a].base()
			blo, bhi := cands[b].base()
			if rangeMatch(n, alo-bhi, ahi-blo) {
				setCross(c, &Cross{Reason: DerivedHolds, Derivation: Difference, Lines: []int{lines[a], lines[b]}, Stated: n,
					Got: toUnit(cands[a].mid()-cands[b].mid(), n), GotUnit: n.Unit, Operands: []Number{cands[a], cands[b]}})
				return true
			}
		}
	}
	if len(cands) != 2 {
		return false
	}
	a, b := 0, 1
	if cands[1].mid() > cands[0].mid() {
		a, b = 1, 0
	}
	alo, ahi := cands[a].base()
	blo, bhi := cands[b].base()
	cx := &Cross{Derivation: Difference, Lines: []int{lines[a], lines[b]}, Stated: n,
		Got: toUnit(cands[a].mid()-cands[b].mid(), n), GotUnit: n.Unit, Operands: []Number{cands[a], cands[b]}}
	cx.judge(n, alo-bhi, ahi-blo)
	setCross(c, cx)
	return true
}

// checkConversion checks an amount per period against the figure it
// restates over another period on its line ("655 MB/s, which is 56.6
// GB/day"): the earlier figure's rate times the later one's period gives
// it. A match within rounding makes it consistent; one only with a unit
// misread (1000×, MiB as MB) is a UnitSlip; any other result is off. It
// reports whether it set a verdict.
func (x *extractor) checkConversion(c *Claim, n Number, scan string, figs []figure) bool {
	_, _, dim, ok := periodRange(n)
	if !ok || n.Quantity != PerPeriod && !strings.Contains(n.Unit, "/") {
		return false
	}

	at := figureIndex(figs, n)
	if at <= 0 {
		return false
	}
	o := figs[at-1].Number
	olo, ohi, odim, ok := periodRange(o)
	if !ok || odim != dim || o.perLo == n.perLo || !conversionLinkRE.MatchString(scan[figs[at-1].end:figs[at].start]) {
		return false
	}
	plo, phi := n.perLo, n.perHi
	if n.Quantity != PerPeriod {
		plo, phi = 1, 1
	}
	lo, hi := olo*plo, ohi*phi
	ratio := (plo + phi) / 2
	if o.Quantity == PerPeriod {
		ratio /= (o.perLo + o.perHi) / 2
	}
	cx := &Cross{Derivation: Total, Lines: []int{c.Line}, Stated: n, Got: toUnit((lo+hi)/2, n),
		GotUnit: n.Unit, Operands: []Number{o, {Text: trimFloat(ratio, 6), Value: ratio, High: ratio}}}
	cx.judge(n, lo, hi)
	setCross(c, cx)
	return true
}

// figureIndex returns the index of the first of figs written as n (its
// text and unit), or -1.
func figureIndex(figs []figure, n Number) int {
	return slices.IndexFunc(figs, func(f figure) bool { return f.Text == n.Text && f.Unit == n.Unit })
}

// peakRE finds the words that make a rate a bound or a peak rather than
// the rate an amount accrued at.
var peakRE = regexp.MustCompile(`(?i)\b(?:peaks?|peaked|peaking|max(?:imum)?|burst|up\s+to|at\s+most)\b`)

// rateTotalSlips are the factors of a total over one period stated as
// over another: an hour for a day (24), a minute for an hour or a
// second for a minute (60), a second for an hour (3,600), a day for a
// week, month or year.
var rateTotalSlips = []float64{24, 1.0 / 24, 60, 1.0 / 60, 3600, 1.0 / 3600, 7, 1.0 / 7, 30, 1.0 / 30, 365, 1.0 / 365, 86400, 1.0 / 86400}

// sentenceFigures returns the text of the claim's sentence on scan (its
// line c.Line), read with the line before when the sentence wraps there
// (see wrappedLine), its figures, and the index among them of n's own:
// the last figure on scan's line with n's text and unit, or -1.
// The figures are shared with the next calls for the same line: the
// caller must not modify them.
func (x *extractor) sentenceFigures(c *Claim, n Number, scan string) (text string, figs []figure, at int) {
	s := &x.sent
	if !s.ok || s.line != c.Line || s.scan != scan {
		text = scan
		if prev := x.wrappedLine(c.Line-1, c.Line-2); prev != "" {
			text = prev + " " + scan
		}
		*s = sentenceScan{ok: true, line: c.Line, scan: scan, text: text, figs: scanFigures(text)}
	}
	return s.text, s.figs, lastWritten(s.text, s.figs, n, scan)
}

// A sentenceScan is the text of a claim's line with the line before
// when its sentence wraps there, read once for all the figures of the
// line (sentenceFigures).
type sentenceScan struct {
	ok     bool
	line   int    // 1-based
	scan   string // the line as the checks read it
	text   string // scan after the wrapped line before, if any
	figs   []figure
	breaks []int // sentence breaks of text, nil until textBreaks reads them
	// prevPer and prevCount are perCountFigures', nil until read.
	prevPer, prevCount []int
}

// textBreaks returns sentenceBreaks(text), read once when text is the
// last text sentenceFigures returned. The caller must not modify it.
func (x *extractor) textBreaks(text string) []int {
	s := &x.sent
	if !s.ok || s.text != text {
		return sentenceBreaks(text)
	}
	if s.breaks == nil {
		s.breaks = sentenceBreaks(text)
	}
	return s.breaks
}

// checkRateTotal checks an amount stated in the sentence of a rate of
// the same things, over a duration or period the sentence names: "wrote
// 41,000 rows/s for 2 h 10 min, about 287 M rows" (41,000 × 7,800 s),
// "At 4.84 M tokens/s the pool processes about 17.4 B tokens a day"
// (× 86,400 s; "B" before the rate's noun is a billion, not bytes), "46
// MB/s … over 7,800 s … 358,800 MB". The amount counts what the rate
// counts (the noun after the amount is the rate's, or both are bytes).
// One that the product gives is consistent; one that the product over
// another period gives (24× for an hour written as a day) is a
// UnitSlip; one within 10× of the product over a duration the sentence
// writes that neither gives is an ArithmeticError, the operands being the
// sentence's own (over a period word only, the rate may be a peak: no
// verdict); anything else is left to the other checks. It reports whether
// it set a verdict.
// totalResultTaken (twenty-fourth round): a rate times a duration is
// the total of the first figure of its quantity after them, not of a
// later one the sentence compares it with ("= 239 GB, against 629 GB
// for a control node, a saving of 390 GB").
const totalResultTaken = true

// linkOnly reports whether the text between figures k and at (k < at)
// of text may be words that link a figure to its restatement: no figure
// with a digit stands between them (totalRestateLinkRE matches no
// digit). It reads one figure, where the expression would read the
// whole span.
func linkOnly(text string, figs []figure, k, at int) bool {
	return k+1 >= at || !strings.ContainsAny(text[figs[k+1].start:figs[k+1].end], "0123456789")
}

// totalRestateLinkRE matches the words between a total and the same total in
// another unit: "= 5,085,000 kB, which is 4,849 MB", "(", ", or".
var totalRestateLinkRE = regexp.MustCompile(`(?i)^\s*(?:,\s*)?(?:\(|(?:which|that)\s+is|i\.e\.?,?|or|about|roughly|~|\s)*\s*$`)

func (x *extractor) checkRateTotal(c *Claim, n Number, scan string) bool {
	if n.Quantity != Count && n.Quantity != Memory || strings.Contains(n.Unit, "/") {
		return false
	}
	text, figs, at := x.sentenceFigures(c, n, scan)
	if at < 1 {
		return false
	}
	breaks := x.textBreaks(text)
	noun := ""
	if m := countNounAfterRE.FindStringSubmatch(firstBytes(text[figs[at].end:], endWindow)); m != nil {
		noun = strings.TrimSuffix(strings.ToLower(m[1]), "s")
	}
	var rate, dur *figure
	taken := false
	for k := at - 1; k >= 0; k-- {
		f := &figs[k]
		if !sameSentence(breaks, f.start, f.end, figs[at].start, figs[at].end) {
			break
		}
		switch {
		case rate == nil && totalResultTaken && f.Quantity == n.Quantity && f.Unit != "" && !strings.Contains(f.Unit, "/") &&
			!(linkOnly(text, figs, k, at) && totalRestateLinkRE.MatchString(text[f.end:figs[at].start])):
			// "2.77 MB/s × 86,400 s = 239 GB, against 629 GB for a
			// control node": a figure of the amount's quantity between
			// the rate and the amount is the rate's total.
			taken = true
		case rate == nil && f.Quantity == Throughput && strings.HasSuffix(f.Unit, "/s"):
			rate = f
		case dur == nil && f.Quantity == Time && !strings.Contains(f.Unit, "/") && !f.Approx && f.mid() >= 60e9:
			// A duration a rate runs for: a minute or more (a latency
			// is no such duration).
			dur = f
		}
	}
	if rate == nil || taken {
		return false
	}
	counted := strings.TrimSuffix(strings.ToLower(strings.TrimSuffix(rate.Unit, "/s")), "s")
	amount := n
	switch {
	case n.Quantity == Memory && isByteRate(rate.Number):
		// Bytes over a byte rate: both in their base unit (bytes).
	case n.Unit == "B" && noun != "" && noun == counted:
		// "17.4 B tokens" beside "tokens/s": a billion of them.
		amount.Unit, amount.Quantity, amount.scale = "", Count, 1e9
	case n.Quantity == Count && n.Unit == "" && noun != "" && noun == counted:
	default:
		return false
	}
	var sec float64
	if dur != nil {
		lo, hi := dur.Number.base()
		sec = (lo + hi) / 2 / 1e9
	} else if p := periodOf(leadingWords(text[figs[at].end:], 4)); p > 0 {
		sec = p
	}
	if !(sec > 0) {
		return false
	}
	rlo, rhi := rate.Number.base()
	lo, hi := rlo*sec, rhi*sec
	if dur != nil {
		dlo, dhi := dur.Number.base()
		lo, hi = rlo*dlo/1e9, rhi*dhi/1e9
	}
	cx := &Cross{Derivation: Total, Lines: []int{c.Line}, Stated: n, Got: toUnit((lo+hi)/2, amount), GotUnit: n.Unit,
		Operands: []Number{rate.Number}}
	if dur != nil {
		cx.Operands = append(cx.Operands, dur.Number)
	}
	switch {
	case rangeMatch(amount, lo, hi):
		cx.Reason = DerivedHolds
	default:
		for _, f := range rateTotalSlips {
			if dur == nil && rangeMatch(amount, lo/f, hi/f) {
				cx.Reason, cx.Factor = UnitSlip, 1/f
				break
			}
		}
		if cx.Reason != UnitSlip {
			if f := slipOf(amount, lo, hi); f != 0 {
				cx.Reason, cx.Factor = UnitSlip, f
			} else if r := amount.mid() / ((lo + hi) / 2); dur != nil && r > 0.1 && r < 10 && !peakRE.MatchString(text[:figs[at].start]) {
				// A rate over the duration the sentence writes ("for 2 h
				// 10 min") is the amount; over a period only ("a day")
				// the rate may be a peak, so only a match or a slip
				// says something.
				cx.Reason = DerivedOff
			} else {
				return false
			}
		}
	}
	if cx.Reason != DerivedHolds {
		// The failing figure is the amount; the rate and the duration
		// stay in the detail.
		c.Numbers = slices.DeleteFunc(slices.Clone(c.Numbers), func(m Number) bool {
			return m.Text == rate.Text && m.Unit == rate.Unit || dur != nil && m.Text == dur.Text && m.Unit == dur.Unit
		})
	}
	setCross(c, cx)
	return true
}

// fullAfterRE finds the words after a percentage that make it a share of
// a capacity: "89.7 % full", "73 % used", "61 % of its capacity".
var fullAfterRE = regexp.MustCompile(`(?i)^\s*%?\s*(?:full|used|utili[sz]ed|occupied|of\s+(?:its|the)\s+capacity)\b`)

// checkFullShare checks how full a capacity is against the two sizes its
// sentence writes before it, the amount and then the capacity ("a
// backlog of 358.8 GB waiting on the replica's 400 GiB volume, which was
// 89.7 % full"): amount / capacity. One that gives it is consistent; one
// that only the figures as written give, their units one binary and one
// decimal (358.8 / 400 for GB over GiB), is a UnitSlip; anything else is
// left alone (the sizes may be of other things). It reports whether it
// set a verdict.
func (x *extractor) checkFullShare(c *Claim, n Number, scan string) bool {
	if n.Unit != "%" {
		return false
	}
	text, figs, at := x.sentenceFigures(c, n, scan)
	if at < 2 || !fullAfterRE.MatchString(text[figs[at].end:]) {
		return false
	}
	capa, amount := &figs[at-1], &figs[at-2]
	breaks := x.textBreaks(text)
	if capa.Quantity != Memory || amount.Quantity != Memory || capa.isRange() || amount.isRange() ||
		!sameSentence(breaks, amount.start, amount.end, figs[at].start, figs[at].end) || capa.mid() == 0 {
		return false
	}
	alo, ahi := amount.Number.base()
	clo, chi := capa.Number.base()
	lo, hi := alo/chi*100, ahi/clo*100
	cx := &Cross{Derivation: Share, Lines: []int{c.Line}, Stated: n, Got: (lo + hi) / 2, GotUnit: "%",
		Operands: []Number{amount.Number, capa.Number}}
	switch {
	case rangeMatch(n, lo, hi):
		cx.Reason = DerivedHolds
	case binaryUnit(amount.Unit) != binaryUnit(capa.Unit) && rangeMatch(n, (amount.Value-amount.step/2)/(capa.High+capa.step/2)*100, (amount.High+amount.step/2)/(capa.Value-capa.step/2)*100):
		cx.Reason, cx.Factor = UnitSlip, n.mid()/((lo+hi)/2)
	default:
		return false
	}
	setCross(c, cx)
	return true
}

// binaryUnit reports whether a size unit is binary ("GiB", "MiB").
func binaryUnit(u string) bool { return strings.Contains(u, "i") }

// periodRestates switches on checkPeriodRestated: an amount restated per
// another period in its sentence (eighteenth round).
const periodRestates = true

// periodLinkRE finds the words between an amount and the same amount
// restated per another period ("…, which works out to roughly" after a
// rate) when the first's period follows its noun
// ("$57,000 of extra revenue per day, or roughly") — group 1 is that
// period — or when a verb links them ("The 1,200 QPS reduction in
// upstream queries is about", "300 million requests correspond to an
// average of about"); group 1 is empty then.
// changeNotRestated keeps checkPeriodRestated from reading a figure of
// more or fewer of something ("90,000 more players a month") as the
// earlier figure of its sentence, a level ("1.2 million new installs a
// month, that is roughly"), restated (twenty-second round).
const changeNotRestated = true

// moreAfterRE is "more", "fewer", "extra" right after a figure (and its
// unit word).
var moreAfterRE = regexp.MustCompile(`(?i)^\s*(?:[a-z]+\s+)?(?:more|fewer|less|extra|additional)\b`)

// changeAfterFigRE is a word of change right after a figure (and up to
// two words of its unit): "7,488 QPS reduction", "$291 more".
var changeAfterFigRE = regexp.MustCompile(`(?i)^\s*(?:[a-z/$]+\s+){0,2}(?:more|fewer|less|extra|additional|reductions?|savings?|saved|increases?|decreases?|drops?|cuts?|gains?|growth|falls?|rises?)\b`)

var periodLinkRE = regexp.MustCompile(`(?i)^\s*(?:of\s+)?(?:[a-z][a-z-]*\s+){0,3}?(?:per|a|an|each|every)\s+(second|minute|hour|day|week|month|year)\s*,\s*(?:(?:which|that)\s+is|i\.e\.,?|or)?\s*(?:about|roughly|around|approximately|nearly|some|~|≈)?\s*\$?$` +
	`|^(?:[^,.;:()]{0,40}?,\s*(?:which|that)\s+)?[^,.;:()]{0,80}?\b(?:is|are|was|were|means|equals|comes\s+to|amounts\s+to|works\s+out\s+to|corresponds?\s+to|translates?\s+(?:in)?to)\s+(?:an?\s+(?:average|mean)\s+(?:rate\s+)?of\s+)?(?:about|roughly|around|approximately|nearly|some|~|≈)?\s*\$?$`)

// approxLinkRE finds a word of approximation at the end of the words
// before a figure: "or roughly", "is about".
var approxLinkRE = regexp.MustCompile(`(?i)(?:\babout|\broughly|\baround|\bapproximately|\bnearly|\bsome|~|≈)\s*\$?$`)

// monthBeforeRE finds a calendar month named right before a count, the
// period the count is over: "July's 412 million requests", "In June, 3.1
// billion events"; months holds their lengths in days, low and high.
var (
	monthBeforeRE = regexp.MustCompile(`\b(January|February|March|April|June|July|August|September|October|November|December|May)(?:['’]s\s+|,?\s+)$`)
	months        = map[string][2]float64{"January": {31, 31}, "February": {28, 29}, "March": {31, 31}, "April": {30, 30},
		"May": {31, 31}, "June": {30, 30}, "July": {31, 31}, "August": {31, 31}, "September": {30, 30}, "October": {31, 31},
		"November": {30, 30}, "December": {31, 31}}
)

// restatedPeriods are the periods, in seconds, an amount may be misread
// as stated over: a second, minute, hour, day, week, month (30 days) and
// year.
var restatedPeriods = []struct {
	name string
	sec  float64
}{{"second", 1}, {"minute", 60}, {"hour", 3600}, {"day", 86400}, {"week", 7 * 86400}, {"month", 30 * 86400}, {"year", 365 * 86400}}

// checkPeriodRestated checks an amount per period (or a count per
// second) restating the figure before it in its sentence over another
// period: "$57,000 of extra revenue per day, or roughly $1.7 million per
// month" (× 30 to 30.44), "The 1,200 QPS reduction in upstream queries
// is about 104 million fewer queries per day" (× 86,400), "July's 412
// million requests correspond to an average of about 154 requests per
// second" (÷ 31 days). The figures count the same thing (both money,
// both bytes, or both plain counts). One that the earlier figure gives
// is consistent; one that it gives only over another period (the day's
// amount written as the month's, a minute's as a day's, a month's count
// over a day) is a UnitSlip naming both periods; anything else is an
// ArithmeticError only after link words that make it a restatement (",
// or roughly"), and otherwise left alone (the verb may link other
// things). It reports whether it set a verdict.
func (x *extractor) checkPeriodRestated(c *Claim, n Number, scan string) bool {
	if !periodRestates {
		return false
	}
	_, _, ndim, ok := periodRange(n)
	if !ok || n.Quantity != PerPeriod && !isCountRate(n) {
		return false
	}
	text, figs, at := x.sentenceFigures(c, n, scan)
	if at < 1 || !sameSentence(x.textBreaks(text), figs[at-1].start, figs[at-1].end, figs[at].start, figs[at].end) {
		return false
	}
	o := figs[at-1].Number
	link := text[figs[at-1].end:figs[at].start]
	m := periodLinkRE.FindStringSubmatch(link)
	if m == nil && conversionLinkRE.MatchString(link) && figs[at-1].start < len(text)-len(scan) {
		// "$291 per month, or about" / "$4,100 a year": a conversion
		// whose sentence runs on from the line before (checkConversion
		// reads one line).
		m = []string{link, ""}
	}
	if m == nil {
		return false
	}
	if periodOtherNoun && otherCounted(o.dim, n.dim) {
		// "310 million messages a day, … roughly 1.86 billion row
		// updates a day": another thing counted, derived by a factor
		// the text gives in words (six updates a message), not the
		// same count over another period.
		return false
	}
	if changeNotRestated && moreAfterRE.MatchString(n.Unit+" "+text[figs[at].end:]) && !changeAfterFigRE.MatchString(o.Unit+" "+text[figs[at-1].end:]) {
		// "1.2 million new installs a month, that is roughly 90,000
		// more players a month": a change that the earlier level
		// gives with another figure (a share), not the level again.
		return false
	}
	// The earlier figure's amount and the period it is over, in seconds.
	var alo, ahi, plo, phi float64
	var odim string
	switch olo, ohi, d, ok := periodRange(o); {
	case ok && m[1] == "":
		// Already per period: its amount per second times a second.
		alo, ahi, plo, phi, odim = olo, ohi, 1, 1, d
	case ok:
		return false
	case o.Quantity == Cost || (o.Quantity == Count || o.Quantity == Unknown) && o.Unit == "" || o.Quantity == Memory && !strings.Contains(o.Unit, "/"):
		alo, ahi = o.base()
		odim = map[Quantity]string{Cost: "$", Memory: "B"}[o.Quantity]
		if m[1] != "" {
			p := periodSeconds[strings.ToLower(m[1])]
			plo, phi = p[0], p[1]
		} else if mm := monthBeforeRE.FindStringSubmatch(text[:figs[at-1].start]); mm != nil {
			d := months[mm[1]]
			plo, phi = d[0]*86400, d[1]*86400
		}
	}
	if !(plo > 0) || odim != ndim || !(alo > 0) {
		return false
	}
	// n's period: a count rate is per second.
	qlo, qhi := 1.0, 1.0
	if n.Quantity == PerPeriod {
		qlo, qhi = n.perLo, n.perHi
	}
	// What the earlier figure gives, in n's base unit per its period.
	lo, hi := alo/phi*qlo, ahi/plo*qhi
	oline := c.Line
	if figs[at-1].start < len(text)-len(scan) {
		oline-- // the earlier figure is on the line before
	}
	cx := &Cross{Derivation: Conversion, Lines: []int{oline}, Stated: n, Got: toUnit((lo+hi)/2, n), GotUnit: n.Unit, Operands: []Number{o}}
	amount := n
	if approxLinkRE.MatchString(link) {
		// "…, or roughly $401,000 per month": rounded as it says, though
		// written to the dollar.
		amount.Approx = true
	}
	switch {
	case rangeMatch(amount, lo, hi):
		cx.Reason = DerivedHolds
	default:
		for _, p := range restatedPeriods {
			// The earlier amount over p, stated per n's period; or over
			// its own period, stated per p.
			if (p.sec < qlo || p.sec > qhi) && p.name != periodName(qlo) {
				if rangeMatch(amount, alo/phi*p.sec, ahi/plo*p.sec) {
					cx.Reason, cx.Factor, cx.Slip = UnitSlip, p.sec/((qlo+qhi)/2), "an amount per "+p.name+" stated per "+periodName(qlo)
					break
				}
			}
			if (p.sec < plo || p.sec > phi) && p.name != periodName(plo) {
				if rangeMatch(amount, alo/p.sec*qlo, ahi/p.sec*qhi) {
					cx.Reason, cx.Factor, cx.Slip = UnitSlip, (plo+phi)/2/p.sec, "an amount over a "+periodName(plo)+" taken as one over a "+p.name
					break
				}
			}
		}
		if cx.Reason != UnitSlip {
			if m[1] == "" && !conversionLinkRE.MatchString(link) || farOff(n, (lo+hi)/2) {
				return false
			}
			cx.Reason = DerivedOff
		}
	}
	setCross(c, cx)
	return true
}

// periodOtherNoun: checkPeriodRestated reads an amount per period as
// the figure before it over another period only when both count the
// same thing: two counted nouns written out that are not one noun ("310
// million messages a day" and "1.86 billion row updates a day") are two
// quantities. Twenty-ninth round (testdata/labels/README.md): measured
// and left off, it takes back blind28's 1.86 billion row updates and
// changes nothing on any other set.
const periodOtherNoun = true

// otherCounted reports whether two counted nouns of figures ("messages",
// "row updates") name different things: both written, neither bytes nor
// money, and the last word of neither the stem or an abbreviation of the
// other's ("req" and "requests" are one).
func otherCounted(a, b string) bool {
	if a == "" || b == "" || a == "B" || b == "B" || a == "$" || b == "$" {
		return false
	}
	last := func(s string) string {
		f := strings.Fields(strings.ToLower(s))
		return nounStem(f[len(f)-1])
	}
	if strings.TrimSpace(a) == "" || strings.TrimSpace(b) == "" {
		return false
	}
	x, y := last(a), last(b)
	if len(x) > len(y) {
		x, y = y, x
	}
	if len(x) < 3 {
		return x != y
	}
	return !strings.HasPrefix(y, x)
}

// periodName names the period of sec seconds restatedPeriods lists (a
// month of 28 to 31 days is a month), or "period".
func periodName(sec float64) string {
	for _, p := range restatedPeriods {
		if sec >= p.sec && sec < p.sec*1.05 || p.name == "month" && sec >= 28*86400 && sec <= 31*86400 {
			return p.name
		}
	}
	return "period"
}

// periodAfterRE finds the period an amount is stated over when a comma
// stands between them: "about $1,875, every day".
var periodAfterRE = regexp.MustCompile(`(?i)^\s*,\s*(?:every|each|per|a)\s+(hour|day|week|month|year)\b`)

// checkAmountRepeated checks an amount of money or bytes stated over a
// period after a comma ("about $1,875, every day") against the same
// amount, written alike, stated per another period earlier in its
// paragraph ("the saving is $1,875 a month"): one amount over two periods
// is a UnitSlip naming both (a month's amount called a day's). It
// reports whether it set a verdict.
func (x *extractor) checkAmountRepeated(c *Claim, n Number, scan string, figs []figure) bool {
	if !periodRestates || n.Quantity != Cost && (n.Quantity != Memory || strings.Contains(n.Unit, "/")) {
		return false
	}
	at := figureIndex(figs, n)
	if at < 0 {
		return false
	}
	m := periodAfterRE.FindStringSubmatch(scan[figs[at].end:])
	if m == nil {
		return false
	}
	per := strings.ToLower(m[1])
	b := x.lines[c.Line-1].block
	for i := c.Line - 1; i >= 0 && i >= c.Line-maxParagraphLines && x.lines[i].block == b; i-- {
		t := scan
		if i != c.Line-1 {
			t = blankCode(plain(x.lines[i].raw))
		}
		for _, f := range scanFigures(t) {
			if i == c.Line-1 && f.start >= figs[at].start {
				break
			}
			if f.Quantity != PerPeriod || f.perLo <= 0 || digitsOf(f.Text) != digitsOf(n.Text) || periodName(f.perLo) == per {
				continue
			}
			if u, _, _ := strings.Cut(f.Unit, "/"); u != n.Unit {
				continue
			}
			p := periodSeconds[per]
			cx := &Cross{Derivation: Conversion, Lines: []int{i + 1}, Stated: n, Got: toUnit(f.Value*(p[0]+p[1])/(f.perLo+f.perHi), n),
				GotUnit: n.Unit, Operands: []Number{f.Number}, Reason: UnitSlip, Factor: (f.perLo + f.perHi) / (p[0] + p[1]),
				Slip: "an amount per " + periodName(f.perLo) + " stated per " + per}
			setCross(c, cx)
			return true
		}
	}
	return false
}

// differenceAfterPair switches on checkSentenceDifference: a figure
// stated as the difference of the pair before it in its sentence
// (twentieth round).
const differenceAfterPair = true

// differenceLeadRE finds the words right before a figure that state it as
// a difference of two others: "a saving of", "an extra", "a gap of",
// "a difference of about".
var differenceLeadRE = regexp.MustCompile(`(?i)\b(?:an?\s+(?:extra|additional|saving|gap|difference|reduction)(?:\s+of)?|saving|saves|saved)\s*(?:of\s+)?(?:about|roughly|around|nearly|some|~|≈)?\s*$`)

// differenceByFrom (forty-fourth round): a change written after "by" and
// followed, in its sentence, by the pair it is the difference of ("grows
// by 23,300 requests per second, from 6,200 to 38,500"; "p95 drops by
// 1,455 ms, from 1,940 ms to 395 ms") is checked as that difference by
// checkSentenceDifference, as a difference followed by its pair in
// parentheses is: it had been left unverifiable, a transposed or
// miscomputed difference with it.
const differenceByFrom = true

// byFromAfterRE finds the words after a change that lead into its pair:
// its unit or noun (a few words), a comma, "from".
var byFromAfterRE = regexp.MustCompile(`(?i)^\s*(?:[a-zA-Zµ/]+\s+){0,4}?(?:[a-zA-Zµ/]+)?\s*,?\s*from\s`)

// pairClauseEndRE finds the end of a pair's clause: a full stop, semicolon or colon
// and a space.
var pairClauseEndRE = regexp.MustCompile(`[.;:!?]\s`)

// differenceBeforePair switches on a difference followed by its pair in
// parentheses in checkSentenceDifference (twenty-fifth round): "a clean
// build is 4.7 s slower (182.4 s → 186.1 s, +2.0 %)".
const differenceBeforePair = true

// comparedBeforePairRE finds a comparative right after a figure and the
// parenthesis that follows it: " slower (", " less memory (".
var comparedBeforePairRE = regexp.MustCompile(`^\s*(?:[a-z]+\s+)?(?:slower|faster|shorter|longer|less|more|lower|higher|smaller|larger|bigger|cheaper)\b(?:\s+[a-z]+){0,2}\s*\(`)

// checkSentenceDifference checks a figure stated as a difference ("a
// saving of 430 ns", "an extra 5,900 handshakes per second") against the
// one before → after pair its sentence states before it, on its line or
// on the paragraph's line before when the sentence runs on: "647 ns
// instead of 1.05 µs, a saving of" / "430 ns per span" is |old − new|.
// The pair's sides without a unit take the figure's. A match is
// consistent; one only with a unit misread is a UnitSlip; one within a
// factor of two that neither gives is off. Several pairs, or a pair of
// another quantity, leave it alone. It reports whether it set a verdict.
func (x *extractor) checkSentenceDifference(c *Claim, n Number, scan string, figs []figure) bool {
	if !differenceAfterPair || n.Unit == "%" || n.Unit == "x" || n.Unit == "pp" {
		return false
	}
	at := figureIndex(figs, n)
	if at < 0 {
		return false
	}
	var paren string
	if differenceBeforePair {
		if m := comparedBeforePairRE.FindStringIndex(scan[figs[at].end:]); m != nil {
			rest := scan[figs[at].end+m[1]:]
			if k := strings.IndexByte(rest, ')'); k > 0 {
				paren = rest[:k]
			}
		}
	}
	if paren == "" && differenceByFrom && changeByFigRE.MatchString(lastBytes(scan[:figs[at].start], endWindow)) {
		// "grows by 23,300 requests per second, from 6,200 to 38,500":
		// the change, then its pair in the rest of the sentence.
		after := scan[figs[at].end:]
		if m := byFromAfterRE.FindStringIndex(after); m != nil {
			rest := after[m[0]+strings.LastIndex(strings.ToLower(after[m[0]:m[1]]), "from"):]
			if b := pairClauseEndRE.FindStringIndex(rest); b != nil {
				// The pair's clause only: "(−79.6 %). v1 queued …".
				rest = rest[:b[0]]
			}
			paren = rest
		}
	}
	if paren == "" && !differenceLeadRE.MatchString(lastBytes(scan[:figs[at].start], endWindow)) && !(at == 0 && differenceLeadRE.MatchString(x.wrappedLine(c.Line-1, c.Line-2))) {
		return false
	}
	text, before := scan[:figs[at].start], c.Line
	if paren != "" {
		text = paren
	} else if prev := x.wrappedLine(c.Line-1, c.Line-2); prev != "" && !strings.ContainsAny(scan[:figs[at].start], "0123456789") {
		// The sentence runs on from the line before; its pair is there.
		text, before = prev+" "+text, c.Line-1
	}
	var own *Pair
	for _, d := range x.pairs {
		p := d.p
		if p.OldLine != before || p.NewLine != before {
			continue
		}
		oi, ni := strings.LastIndex(text, p.Old.Text), strings.LastIndex(text, p.New.Text)
		if oi < 0 || ni < 0 || oi == ni || sentenceBreak(text[max(oi, ni):]) {
			continue
		}
		if own != nil && own != p {
			return false
		}
		own = p
	}
	if own == nil {
		return false
	}
	o, nw := own.Old, own.New
	switch {
	case o.Unit == "" && nw.Unit == "":
		o.Unit, o.Quantity, o.scale = n.Unit, n.Quantity, n.scale
		nw.Unit, nw.Quantity, nw.scale = n.Unit, n.Quantity, n.scale
	case canonical(o.Quantity) != canonical(n.Quantity) || canonical(nw.Quantity) != canonical(n.Quantity) ||
		o.Quantity == Throughput && (o.Unit != n.Unit || nw.Unit != n.Unit):
		return false
	}
	lo, hi, mid := diffInterval(o, nw)
	cx := &Cross{Derivation: Difference, Lines: []int{own.OldLine, own.NewLine}, Stated: n, Got: toUnit(mid, n), GotUnit: n.Unit,
		Operands: []Number{own.Old, own.New}}
	if nlo, nhi := n.base(); differencePreciseSources && rangeMatch(n, lo, hi) && nhi-nlo < (hi-lo)/4 {
		// "drops from 18.4 µs to 7.1 µs and saves 11,286 ns" against
		// compare.py's 18412 ns → 7144 ns: the difference, written
		// finer than the pair's rounding, is the precise figures'
		// (any of their repetitions).
		var first *Pair
		for _, q := range x.preciseSources(own, o, nw) {
			plo, phi, pmid := diffInterval(q.Old, q.New)
			if first == nil || rangeMatch(n, plo, phi) {
				first = q
				lo, hi, mid = plo, phi, pmid
			}
			if rangeMatch(n, plo, phi) {
				break
			}
		}
		if first != nil {
			cx = &Cross{Derivation: Difference, Lines: []int{first.OldLine, first.NewLine}, Stated: n, Got: toUnit(mid, n), GotUnit: n.Unit,
				Operands: []Number{first.Old, first.New}}
		}
	}
	if !(hi > 0) || !cx.judgeNear(n, lo, hi, !(mid > 0 && math.Abs(math.Log(n.mid()/mid)) < math.Log(2))) {
		return false
	}
	setCross(c, cx)
	return true
}

// differencePreciseSources: a difference stated finer than the rounding
// of its sentence's pair ("drops from 18.4 µs to 7.1 µs and saves
// 11,286 ns") is checked against the report's pairs of the same change
// written finer (compare.py's 18412 ns → 7144 ns), those whose sides the
// sentence's pair rounds. Thirty-fifth round.
const differencePreciseSources = false

// preciseSources returns the pairs of the report, on other lines than
// own, whose sides o and nw round (each within its rounding), written at
// least ten times finer.
func (x *extractor) preciseSources(own *Pair, o, nw Number) []*Pair {
	olo, ohi := o.base()
	nlo, nhi := nw.base()
	var found []*Pair
	for _, d := range x.pairs {
		q := d.p
		if q == own || q.OldLine == own.OldLine || canonical(q.Old.Quantity) != canonical(o.Quantity) || canonical(q.New.Quantity) != canonical(nw.Quantity) {
			continue
		}
		a, b := q.Old.mid(), q.New.mid()
		if !(a >= olo && a <= ohi && b >= nlo && b <= nhi) {
			continue
		}
		qolo, qohi := q.Old.base()
		qnlo, qnhi := q.New.base()
		if (qohi-qolo)*10 > ohi-olo || (qnhi-qnlo)*10 > nhi-nlo {
			continue
		}
		found = append(found, q)
	}
	return found
}

// countedPeriod switches on checkCountedPeriod (twenty-fifth round): a
// total over a period the sentence counts in units ("a month of 20
// working days", "312 runs a year") is the amount per unit times the
// count.
const countedPeriod = true

// countedPeriodAfterRE finds the count of units a period is made of,
// right after a total: "117 engineer-hours a month of 20 working days",
// "$444 a month of 26 runs" (the period may be read with the figure's
// unit already).
var countedPeriodAfterRE = regexp.MustCompile(`^\s*(?:(?:[A-Za-z-]+\s+){0,2}?(?:a|per|each)\s+(day|week|month|year|quarter|night)\s+)?of\s+(\d[\d,]*)\s+(?:(?:working|business|calendar)\s+)?([a-z][a-z-]*?)s\b`)

// dayCountedMonth (twenty-seventh round, testdata/labels/README.md):
// checkCountedPeriod also reads a month counted in days right after a
// total — "about 1,770 core-hours over a 30-day month", "152 CPU-hours
// in a 30-day month", "1,932 node-hours over the month's 21 trading
// days" — as the amount a day the text before states times the days.
const dayCountedMonth = true

// dayCountedMonthRE finds a month counted in days after a total.
var dayCountedMonthRE = regexp.MustCompile(`^\s*(?:(?:over|in|for|per)\s+(?:a|the|one)?\s*(\d{2})-day\s+month\b|over\s+the\s+month's\s+(\d{2})\s+(?:(?:working|business|trading|calendar)\s+)?days\b)`)

// countedPeriodBeforeRE finds a count of units per period earlier in the
// total's sentence: "312 runs a year, so the saving is $6,230 a year".
var countedPeriodBeforeRE = regexp.MustCompile(`(\d[\d,]*)\s+(?:(?:working|business|calendar)\s+)?([a-z][a-z-]*?)s\s+(?:a|per|each)\s+(day|week|month|year|quarter|night)\b`)

// checkCountedPeriod checks an amount over a period that its sentence
// counts in units — "58.7 engineer-hours … per working day, or about 117
// engineer-hours a month of 20 working days", "That saves $17.07 a run.
// … 312 runs a year, so the saving is $6,230 a year, or $444 a month of
// 26 runs" — against the amount per unit the text before it states (the
// last figure of the total's amount unit followed, within four words, by
// "a", "per" or "each" and the unit's noun) times the count. One the
// product gives is consistent; one a metric prefix gives is a UnitSlip;
// any other within a hundred times of it an ArithmeticError. A total
// with no such count or no amount per unit before it is left to the
// other checks (checkPeriodRestated reads "a month" as a twelfth of the
// year, which a month of 26 runs is not). It reports whether it set a
// verdict.
func (x *extractor) checkCountedPeriod(c *Claim, n Number, scan string) bool {
	if !countedPeriod || n.Unit == "" || n.Unit == "%" || n.Unit == "x" || !(n.mid() > 0) {
		return false
	}
	text, figs, at := x.sentenceFigures(c, n, scan)
	if at < 1 {
		return false
	}
	amount := func(u string) string {
		if i := strings.IndexByte(u, '/'); i >= 0 {
			return u[:i]
		}
		return u
	}
	nu := amount(n.Unit)
	if nu == "" {
		return false
	}
	lead := text[:figs[at].start]
	if k := strings.LastIndex(lead, ". "); k >= 0 {
		// The total's sentence.
		lead = lead[k+2:]
	}
	var count float64
	var noun string
	countAt := figs[at].start
	if m := countedPeriodAfterRE.FindStringSubmatch(firstBytes(text[figs[at].end:], endWindow)); m != nil && (m[1] != "" || n.Quantity == PerPeriod) {
		count, _ = strconv.ParseFloat(strings.ReplaceAll(m[2], ",", ""), 64)
		noun = m[3]
	} else if m := dayCountedMonthRE.FindStringSubmatch(firstBytes(text[figs[at].end:], endWindow)); dayCountedMonth && m != nil {
		// "590 core-hours a day, about 1,770 core-hours over a 30-day
		// month": the month counted in days.
		d := m[1]
		if d == "" {
			d = m[2]
		}
		count, _ = strconv.ParseFloat(d, 64)
		noun = "day"
	} else if n.Quantity != PerPeriod {
		// Only an amount over a period reads its count before it
		// (the line's whole sentence, read only then).
		return false
	} else if ms := countedPeriodBeforeRE.FindAllStringSubmatchIndex(lead, -1); len(ms) > 0 {
		m := ms[len(ms)-1]
		if per := lead[m[6]:m[7]]; !strings.HasSuffix(n.Unit, "/"+per) {
			return false
		}
		count, _ = strconv.ParseFloat(strings.ReplaceAll(lead[m[2]:m[3]], ",", ""), 64)
		noun = lead[m[4]:m[5]]
		countAt = figs[at].start - len(lead) + m[0]
	} else {
		return false
	}
	if !(count > 1) || len(noun) < 3 {
		return false
	}
	unitRE, err := regexp.Compile(`^\s*(?:[A-Za-z-]+\s+){0,4}?(?:a|per|each)\s+(?:(?:working|business|calendar|trading)\s+)?` + regexp.QuoteMeta(noun) + `\b`)
	if err != nil {
		return false
	}
	per := -1
	for k := at - 1; k >= 0; k-- {
		f := figs[k]
		perUnit := f.Unit == nu || dayCountedMonth && noun == "day" && f.Unit == nu+"/day"
		if f.end > countAt || amount(f.Unit) != nu || !perUnit || !(f.Unit != nu || unitRE.MatchString(text[f.end:])) {
			continue
		}
		per = k
		break
	}
	if per < 0 {
		return false
	}
	o := figs[per].Number
	lo, hi := o.base()
	lo, hi = lo*count, hi*count
	mid := o.mid() * count
	if n.Approx || approxBeforeRE.MatchString(lastBytes(text[:figs[at].start], endWindow)) {
		n.Approx = true
	}
	oline := c.Line
	if figs[per].start < len(text)-len(scan) {
		oline-- // the amount per unit is on the line before
	}
	cnt := Number{Text: trimFloat(count, 6), Value: count, High: count, Quantity: Count, scale: 1, step: 1}
	cx := &Cross{Derivation: Total, Lines: []int{oline, c.Line}, Stated: n, Got: toUnit(mid, n), GotUnit: n.Unit, Operands: []Number{o, cnt}}
	if !cx.judgeNear(n, lo, hi, farOff(n, mid)) {
		return false
	}
	setCross(c, cx)
	return true
}

// approxBeforeRE finds a word of approximation right before a figure.
var approxBeforeRE = regexp.MustCompile(`(?i)\b(?:about|roughly|around|approximately|nearly|some|~|≈)\s*\$?$`)

// checkListedDifference checks a figure its line lists beside a ratio
// (which checkDerived leaves alone) when it is a difference followed by
// its pair in parentheses: "is 4.7 s slower (182.4 s → 186.1 s, +2.0 %)".
// It reports whether it set a verdict.
func (x *extractor) checkListedDifference(c *Claim) bool {
	if !differenceBeforePair || len(c.Numbers) != 1 {
		return false
	}
	scan := blankCode(plain(x.lines[c.Line-1].raw))
	figs := x.figuresOf(scan)
	n := c.Numbers[0]
	at := figureIndex(figs, n)
	if at < 0 {
		return false
	}
	byFrom := differenceByFrom && changeByFigRE.MatchString(lastBytes(scan[:figs[at].start], endWindow)) && byFromAfterRE.MatchString(scan[figs[at].end:])
	if !comparedBeforePairRE.MatchString(scan[figs[at].end:]) && !byFrom {
		return false
	}
	return x.checkSentenceDifference(c, n, scan, figs)
}

// checkByFromDifferences checks, after the passes that list a line's
// figures as claims of their own, each such figure that is a change
// written before its pair (differenceByFrom): "drops by 1,455 ms, from
// 1,940 ms to 395 ms (−79.6 %)" lists 1,455 ms beside the percentage
// only once the line's checks have run.
func (x *extractor) checkByFromDifferences() {
	if !differenceByFrom {
		return
	}
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Kind != Absolute || c.Verdict != Unverifiable || c.Cross != nil || len(c.Numbers) != 1 || c.Line < 1 || c.Line > len(x.lines) ||
			x.lines[c.Line-1].kind != lkProse {
			continue
		}
		x.checkListedDifference(c)
	}
}

// rowLabelDifference switches on checkRowLabelDifference (twenty-fifth
// round): a difference whose sentence names a table row by its label
// figure ("At 5,000 QPS the median improves by 2.8 ms") is checked
// against that row's cells.
const rowLabelDifference = true

// changeByBeforeRE finds "by" (or "of") right before a figure: the figure is
// the size of a change.
var changeByBeforeRE = regexp.MustCompile(`(?i)\b(?:by|of)\s+(?:about\s+|roughly\s+|~)?$`)

// checkRowLabelDifference checks a time or size stated as a change ("by
// 2.8 ms") in a sentence that names, by its label figure, exactly one row
// of a table of its section ("At 5,000 QPS …" and the row "| 5,000 | 6.4 |
// 4.6 | 31.5 | 22.7 |"), against the differences of that row's cells of
// one unit (cells without a unit take the figure's): one that a pair of
// cells gives is consistent; none giving it within a factor of two of the
// nearest is an ArithmeticError (DerivedOff, against the nearest). The
// sentence's other figures name no other row (a sentence naming two rows
// compares rows, not columns). It reports whether it set a verdict.
func (x *extractor) checkRowLabelDifference(c *Claim, n Number, scan string, figs []figure) bool {
	countAfter := ""
	if rowCountDifference && n.Unit == "" && !n.isRange() && x.lines[c.Line-1].kind == lkProse {
		if at := figureIndex(figs, n); at >= 0 {
			if m := rowCountAfterRE.FindStringSubmatch(scan[figs[at].end:]); m != nil {
				countAfter = m[1]
			}
		}
	}
	if !rowLabelDifference || (n.Unit == "" || n.Unit == "%" || n.Unit == "x" || n.Quantity != Time && n.Quantity != Memory) && countAfter == "" ||
		x.lines[c.Line-1].kind != lkProse {
		return false
	}
	at := figureIndex(figs, n)
	if at < 0 {
		return false
	}
	comparedAfter := rowWordDifference && rowComparativeAfterRE.MatchString(scan[figs[at].end:]) || countAfter != "" ||
		x.rowSaving && rowSavingBeforeRE.MatchString(scan[:figs[at].start]) ||
		rowNamedByChange && changeVerbByRE.MatchString(scan[:figs[at].start]) ||
		rowNamedByDown && isDownBeforeRE.MatchString(scan[:figs[at].start])
	if !changeByBeforeRE.MatchString(scan[:figs[at].start]) && !comparedAfter {
		return false
	}
	// The figure's sentence.
	lo, hi := 0, len(scan)
	for _, m := range sentenceBreakRE.FindAllStringIndex(scan, -1) {
		if m[0] < figs[at].start {
			lo = m[0] + 1
		} else if m[0] >= figs[at].end {
			hi = min(hi, m[0]+1)
		}
	}
	type rowRef struct{ t, r int }
	var row *rowRef
	for k, f := range figs {
		if k == at || f.start < lo || f.end > hi || f.Unit == "%" || f.Unit == "x" {
			continue
		}
		for _, ti := range x.sectionTables(int(x.lines[c.Line-1].section)) {
			t := x.tables[ti]
			for r := range t.rows {
				if len(t.rows[r].cells) < 3 {
					continue
				}
				fs := scanFigures(blankCode(t.rows[r].cells[0]))
				if len(fs) == 0 || fs[0].Text != f.Text {
					continue
				}
				if row != nil && (row.t != ti || row.r != r) {
					return false
				}
				row = &rowRef{ti, r}
			}
		}
	}
	if row == nil && comparedAfter {
		// No row named by a figure: one named by a word of the clause
		// before the figure ("The fee stage is 45.1 minutes shorter"
		// and the row "fees"), in a table of the section or of a
		// section it is in.
		words := make(map[string]bool)
		named := scan[lo:figs[at].start]
		if countAfter != "" {
			// "17,520 fewer write IOPS": the count's noun names the row.
			named = countAfter
		}
		for _, w := range nameWords(named) {
			if len(w) >= 3 && !genericRowWords[w] {
				words[nounStem(strings.ToLower(w))] = true
			}
		}
		if rowNamedByPercentile {
			for _, w := range percentileNames(named) {
				words[w] = true
			}
		}
		for sec := int(x.lines[c.Line-1].section); sec >= 0 && len(words) > 0; sec = x.sections[sec].parent {
			for _, ti := range x.sectionTables(sec) {
				t := x.tables[ti]
				for r := range t.rows {
					if len(t.rows[r].cells) < 3 || len(scanFigures(blankCode(t.rows[r].cells[0]))) > 0 {
						continue
					}
					hit := false
					for _, w := range nameWords(t.rows[r].cells[0]) {
						if len(w) >= 3 && !genericRowWords[w] && words[nounStem(strings.ToLower(w))] {
							hit = true
						}
					}
					if rowNamedByPercentile {
						for _, w := range percentileNames(t.rows[r].cells[0]) {
							hit = hit || words[w]
						}
					}
					if !hit {
						continue
					}
					if row != nil && (row.t != ti || row.r != r) {
						return false
					}
					row = &rowRef{ti, r}
				}
			}
			if row != nil || sec == 0 {
				break
			}
		}
	}
	if row == nil {
		return false
	}
	t := x.tables[row.t]
	cells := t.rows[row.r].cells
	var vals []Number
	for k := 1; k < len(cells) && k < len(t.header); k++ {
		u, _ := colUnit(t.header[k])
		v, ok := cellNumber(cells[k], u)
		if !ok {
			continue
		}
		if v.Unit == "" {
			v.Unit, v.Quantity, v.scale = n.Unit, n.Quantity, n.scale
		}
		if canonical(v.Quantity) != canonical(n.Quantity) {
			continue
		}
		vals = append(vals, v)
	}
	if len(vals) < 2 {
		return false
	}
	var best [2]Number
	bestGap := math.Inf(1)
	for i := range vals {
		for j := i + 1; j < len(vals); j++ {
			a, b := vals[i], vals[j]
			dlo, dhi, mid := diffInterval(a, b)
			cx := &Cross{Derivation: Difference, Lines: []int{t.rows[row.r].line + 1}, Stated: n, Got: toUnit(mid, n), GotUnit: n.Unit, Operands: []Number{a, b}}
			if diffWiderThanFigure && dhi-dlo > n.mid() {
				// "69.12 M" and "69.12 M": their rounding alone spans
				// more than the figure; no evidence either way.
				continue
			}
			if rangeMatch(n, dlo, dhi) {
				cx.Reason = DerivedHolds
				setCross(c, cx)
				return true
			}
			if mid > 0 {
				if g := math.Abs(math.Log(n.mid() / mid)); g < bestGap {
					bestGap, best = g, [2]Number{a, b}
				}
			}
		}
	}
	if bestGap >= math.Log(2) {
		return rowDifferencePrefixSlip && x.rowDifferenceSlip(c, n, vals, t.rows[row.r].line+1)
	}
	a, b := best[0], best[1]
	mid := math.Abs(a.mid() - b.mid())
	setCross(c, &Cross{Derivation: Difference, Reason: DerivedOff, Lines: []int{t.rows[row.r].line + 1}, Stated: n, Got: toUnit(mid, n),
		GotUnit: n.Unit, Operands: []Number{a, b}})
	return true
}

// rowWordDifference switches on a row named by a word in
// diffWiderThanFigure (thirty-ninth round): a row's two cells whose
// difference, within their rounding, spans more than the figure checked
// against it (an unchanged "69.12 M | 69.12 M" row against "413 GB less")
// neither support nor refute it.
const diffWiderThanFigure = false

// checkRowLabelDifference (twenty-fifth round): "The fee stage is 45.1
// minutes shorter" against the row "fees" of the stage table.
const rowWordDifference = true

// rowCountDifference (thirtieth round): a bare count followed by
// "fewer", "more" or "less" and a noun ("17,520 fewer write IOPS") is the
// difference of the table row that noun names, checked as
// rowWordDifference checks a time or a size.
const rowCountDifference = false

// rowCountAfterRE finds a comparative and the words after it (up to the
// clause's end) right after a count.
var rowCountAfterRE = regexp.MustCompile(`^\s*(?:fewer|more|less)\s+([A-Za-z][A-Za-z0-9 /-]{2,40})`)

// rowSavingDifference (thirtieth round): a figure right after a verb
// of saving ("GL posting saves 23 minutes", "peak heap is down by 27
// GiB") in a sentence that names a table row by a word is that row's
// difference, as "45.1 minutes shorter" is under rowWordDifference, when
// no other check of savings decided it.
const rowSavingDifference = true

// rowSavingBeforeRE finds a verb of saving right before a figure.
var rowSavingBeforeRE = regexp.MustCompile(`(?i)\b(?:saves|saved|saving|frees|freed|trims|trimmed|cuts|shaves|shaved)\s+(?:about\s+|roughly\s+|~)?$`)

// rowComparativeAfterRE finds a comparative right after a figure: the
// figure is a difference ("45.1 minutes shorter").
var rowComparativeAfterRE = regexp.MustCompile(`^\s*(?:shorter|longer|less|more|faster|slower|lower|higher|smaller|larger)\b`)

// genericRowWords are row-label words that name no subject of their own.
var genericRowWords = map[string]bool{"total": true, "all": true, "mean": true, "average": true, "median": true, "overall": true,
	"sum": true, "other": true, "before": true, "after": true, "change": true, "time": true, "the": true}

// sizeOverRate switches on checkSizeOverRate (twenty-fifth round): a time
// that a size at a byte rate takes.
const sizeOverRate = true

// atRateRE finds "at" (with an article and up to two words) right before
// a rate: "At the 400 MiB/s merge limit", "at 38.5 MB/s".
var atRateRE = regexp.MustCompile(`(?i)\bat\s+(?:the\s+|a\s+|an\s+)?(?:[a-z-]+\s+){0,2}$`)

// byteAmountRE finds a unit of bytes, alone or over a period ("TB/day").
var byteAmountRE = regexp.MustCompile(`^(?:[kKMGTP]i?)?B(?:/|$)`)

// checkSizeOverRate checks a time stated in the sentence of a byte rate
// written after "at" ("At the 400 MiB/s merge limit that is 76 minutes …
// before, and about 19 minutes after") against the sizes the sentence or
// the one before states ("rewrites 1.91 TB a day … and 0.79 TB"): the
// time is size ÷ rate, the sizes and the times taken in order when there
// are as many of each, else the one size. One the quotient gives is
// consistent, one a unit prefix gives a UnitSlip, one within ten times of
// it an ArithmeticError; the times before the rate, or several sizes for
// one time, are left alone. It reports whether it set a verdict.
func (x *extractor) checkSizeOverRate(c *Claim, n Number, scan string) bool {
	if !sizeOverRate || n.Quantity != Time || n.isRange() || !(n.mid() > 0) {
		return false
	}
	text, figs, at := x.sentenceFigures(c, n, scan)
	if at < 1 {
		return false
	}
	breaks := x.textBreaks(text)
	// The window: the figure's sentence and the one before it.
	lo := 0
	var starts []int
	for _, b := range breaks {
		if b <= figs[at].start {
			starts = append(starts, b)
		}
	}
	if len(starts) >= 2 {
		lo = starts[len(starts)-2]
	}
	hi := len(text)
	for _, b := range breaks {
		if b > figs[at].end {
			hi = b
			break
		}
	}
	sent := 0
	if len(starts) > 0 {
		sent = starts[len(starts)-1]
	}
	rate := -1
	for k, f := range figs {
		if f.start < sent || f.end > hi || !isByteRate(f.Number) || !atRateRE.MatchString(text[:f.start]) {
			continue
		}
		if rate >= 0 && !sameFigure(figs[rate].Number, f.Number) {
			return false
		}
		if rate < 0 {
			rate = k
		}
	}
	if rate < 0 || rate > at {
		return false
	}
	var sizes, times []int
	for k, f := range figs {
		if f.start < lo || f.end > hi || f.isRange() {
			continue
		}
		switch {
		case k < rate && (f.Quantity == Memory || f.Quantity == PerPeriod) && byteAmountRE.MatchString(f.Unit):
			sizes = append(sizes, k)
		case k > rate && f.Quantity == Time:
			times = append(times, k)
		}
	}
	j := slices.Index(times, at)
	var si int
	switch {
	case j < 0 || len(sizes) == 0:
		return false
	case len(sizes) == len(times):
		si = sizes[j]
	case len(sizes) == 1:
		si = sizes[0]
	default:
		return false
	}
	size, r := figs[si].Number, figs[rate].Number
	slo, shi := size.base()
	rlo, rhi := r.base()
	if !(rlo > 0) {
		return false
	}
	// Bytes over bytes per second, in the time's base unit (ns).
	tlo, thi := slo/rhi*1e9, shi/rlo*1e9
	mid := size.mid() / r.mid() * 1e9
	if approxBeforeRE.MatchString(lastBytes(text[:figs[at].start], endWindow)) {
		n.Approx = true
	}
	oline := c.Line
	if figs[si].start < len(text)-len(scan) {
		oline--
	}
	cx := &Cross{Derivation: Bandwidth, Lines: []int{oline, c.Line}, Stated: n, Got: toUnit(mid, n), GotUnit: n.Unit, Operands: []Number{size, r}}
	if !cx.judgeNear(n, tlo, thi, !(math.Abs(math.Log(n.mid()/mid)) < math.Log(10))) {
		return false
	}
	setCross(c, cx)
	return true
}

// wholeOfPart (twenty-fifth round): a figure after "N of the" is the
// whole N is a part of; checkOwnDifference does not call it a wrong
// difference of its sentence's pair.
const wholeOfPart = true

// partBeforeRE finds a part and "of the" (or "out of") right before a
// figure: "98.7 of the", "40 out of".
var partBeforeRE = regexp.MustCompile(`\d[\d.,]*\s*(?:[a-zµ]+\s+)?(?:of|out\s+of)\s+(?:the\s+|all\s+)?$`)

// diffInterval returns the interval [lo, hi] that |a−b| can take, in base
// units, given the intervals a and b stand for as written (lo is clamped
// at 0 where they overlap), and the difference of their midpoints.
func diffInterval(a, b Number) (lo, hi, mid float64) {
	alo, ahi := a.base()
	blo, bhi := b.base()
	lo, hi = alo-bhi, ahi-blo
	if lo+hi < 0 {
		lo, hi = blo-ahi, bhi-alo
	}
	return max(lo, 0), hi, math.Abs(a.mid() - b.mid())
}
