package claims

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// geomeanRow (thirty-seventh round): the OVERALL_GEOMEAN row that Google
// Benchmark's compare.py prints after its table states the geometric mean
// of the relative changes of the rows above it (its Time column: new/old
// − 1, "-0.7948"); its columns of old and new values are zeros, not a
// pair. A percentage or factor whose sentence names the geometric mean
// ("The geometric mean change across all six benchmarks is −79.5 %", "a
// 73.3 % reduction, a 3.75x speed-up") is checked against it: the
// percentage is the change in percent, the factor old/new = 1/(1 +
// change). The row was read as nothing, and such claims as unverifiable
// or checked against an unrelated pair of the report.
const geomeanRow = true

// geomeanAbbrevSentence (forty-first round): the sentence of a claim
// checked against the OVERALL_GEOMEAN row runs back over the point of
// "i.e.", "e.g.", "cf." or "vs." ("The geometric mean over all five
// benchmarks is −0.7835, i.e. 4.62× faster": the factor's sentence names
// the geometric mean). sentenceStart cut the sentence at that point, and
// the factor was checked against an unrelated pair of the report.
const geomeanAbbrevSentence = true

// abbrevEndRE finds an abbreviation right before its last point.
var abbrevEndRE = regexp.MustCompile(`(?i)(?:\bi\.e|\be\.g|\bcf|\bvs)$`)

// geomeanRowRE reads the Time column of compare.py's OVERALL_GEOMEAN row.
var geomeanRowRE = regexp.MustCompile(`^\s*OVERALL_GEOMEAN\s+([+-]?[0-9]+\.[0-9]+)\s+[+-]?[0-9]+\.[0-9]+\b`)

// geomeanWordsRE finds the words that name a geometric mean.
var geomeanWordsRE = regexp.MustCompile(`(?i)\bgeo(?:metric)?[\s-]?mean\b|\bgeomean\b`)

// checkGeomeanRows: see geomeanRow.
func (x *extractor) checkGeomeanRows() {
	if !geomeanRow {
		return
	}
	type row struct {
		line   int
		change float64
		step   float64
	}
	var rows []row
	for i := range x.lines {
		if x.lines[i].kind != lkOutput || !strings.Contains(x.lines[i].raw, "OVERALL_GEOMEAN") {
			continue
		}
		m := geomeanRowRE.FindStringSubmatch(x.lines[i].raw)
		if m == nil {
			continue
		}
		v, err := strconv.ParseFloat(m[1], 64)
		if err != nil || v <= -1 {
			continue
		}
		digits := len(m[1]) - strings.IndexByte(m[1], '.') - 1
		rows = append(rows, row{i + 1, v, math.Pow(10, -float64(digits))})
	}
	if len(rows) == 0 {
		return
	}
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Kind != Speedup && c.Kind != Percent || c.Verdict.fromReport() && c.Verdict != Unsupported && c.Verdict != ArithmeticError ||
			c.Verdict == Consistent || c.Line < 1 || c.Line > len(x.lines) || x.lines[c.Line-1].kind != lkProse || c.stated.Text == "" ||
			c.stated.isRange() {
			continue
		}
		text, _ := x.proseWithWrap(c.Line)
		lo, hi := clauseAround(text, c.stated.Text)
		start := sentenceStart(text[:lo])
		for geomeanAbbrevSentence && start >= 2 && abbrevEndRE.MatchString(text[:start-2]) {
			// "is −0.7835, i.e. 4.62× faster": an abbreviation's point.
			start = sentenceStart(text[:start-2])
		}
		sentence := text[start:hi]
		if !geomeanWordsRE.MatchString(sentence) {
			continue
		}
		// The row above the claim, nearest first.
		var r *row
		for j := range rows {
			if rows[j].line < c.Line {
				r = &rows[j]
			}
		}
		if r == nil {
			continue
		}
		stated := math.Abs(c.stated.Value)
		tol := c.stated.step / 2
		if c.stated.Approx {
			tol += stated * 0.02
		}
		var got, gotLo, gotHi float64
		unit := "%"
		switch c.Kind {
		case Percent:
			got = 100 * math.Abs(r.change)
			gotLo, gotHi = got-100*r.step/2, got+100*r.step/2
		case Speedup:
			unit = "x"
			ratio := func(v float64) float64 {
				if v < 0 {
					return 1 / (1 + v)
				}
				return 1 + v
			}
			got = ratio(r.change)
			a, b := ratio(r.change-r.step/2), ratio(r.change+r.step/2)
			gotLo, gotHi = math.Min(a, b), math.Max(a, b)
		}
		if stated+tol+1e-9 < gotLo || stated-tol-1e-9 > gotHi {
			continue
		}
		c.Cross, c.Verdict = nil, Consistent
		c.Detail = fmt.Sprintf("the geometric mean change of compare.py's OVERALL_GEOMEAN row (line %d), %+.4g, gives %s%s", r.line, r.change, trimFloat(got, 3), unit)
	}
}

// inverseUndirected (thirty-seventh round): a factor whose words name no
// direction ("multiplies its cost by 13.1x (412.3 → 5,398.1 ns)", "one
// core now handles 2.4x as many searches" after "fell from 11.8 ms to 4.9
// ms", "3.16x as many CDRs", a bare "500x") and that the pair it was
// checked against gives read the other way (new/old for old/new) is
// consistent with that pair: the reader guessed its direction, the words
// do not state one. A factor that says faster, slower, less, more, … is
// still held to its direction.
const inverseUndirected = true

// directionWordRE finds the words that give a factor its direction.
var directionWordRE = regexp.MustCompile(`(?i)\b(?:fast|faster|slow|slower|quick|quicker|less|lower|fewer|smaller|shorter|cheaper|reduc\w*|speed-?ups?|improv\w*|better|worse|drops?|cuts?|higher|more|larger|bigger|greater|longer|increase\w*|decrease\w*|gains?|savings?|regress\w*|down|up|shr\w+|grow\w*|grew|rose|rises?|fell|falls?)\b`)

// unalarmInverseUndirected: see inverseUndirected.
func (x *extractor) unalarmInverseUndirected() {
	if !inverseUndirected {
		return
	}
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Kind != Speedup || c.Verdict != ArithmeticError && c.Verdict != Unsupported || c.stated.Text == "" || c.stated.isRange() ||
			!(c.stated.Value > 0) {
			continue
		}
		var old, new Number
		var lines []int
		switch {
		case c.Verdict == ArithmeticError && c.Cross == nil && c.Pair != nil:
			old, new, lines = c.Pair.Old, c.Pair.New, []int{c.Pair.OldLine, c.Pair.NewLine}
		case c.Verdict == Unsupported && c.Cross != nil && c.Cross.Reason == ClosestPair && c.Cross.Derivation == NoDerivation &&
			c.Cross.Measure == "" && len(c.Cross.Operands) == 2:
			old, new, lines = c.Cross.Operands[0], c.Cross.Operands[1], c.Cross.Lines
		default:
			continue
		}
		words := strings.Replace(strings.Replace(strings.ToLower(c.Claimed), "as many", "", 1), "as much", "", 1)
		if directionWordRE.MatchString(words) {
			continue
		}
		olo, ohi := old.base()
		nlo, nhi := new.base()
		if !(olo > 0) || !(nlo > 0) {
			continue
		}
		// The stated factor within its rounding, against either
		// reading of the pair.
		slo, shi := c.stated.Value-c.stated.step/2, c.stated.High+c.stated.step/2
		fits := func(lo, hi float64) bool { return slo <= hi*(1+1e-9) && lo*(1-1e-9) <= shi }
		up := fits(nlo/ohi, nhi/olo)   // new/old
		down := fits(olo/nhi, ohi/nlo) // old/new
		if !up && !down {
			continue
		}
		got := new.mid() / old.mid()
		if down {
			got = old.mid() / new.mid()
		}
		c.Cross, c.Verdict = nil, Consistent
		c.Detail = fmt.Sprintf("%s → %s (%s) gives %sx read as new/old or old/new; the factor's words give no direction", old.String(), new.String(),
			linesString(lines), trimFloat(got, 3))
	}
}

// comparativeNoPair (thirty-seventh round): a factor of fewer, less,
// smaller, lower, more, higher, larger things ("310 instead of 9,300, 30x
// fewer", "47x lower than during the incident", "16.6 times smaller",
// "16x more") that no pair for its subject gives, and whose closest pair
// is of times or rates while its sentence names no time (latency, p99,
// duration, …), is left unverifiable, not unsupported: what it counts is
// not a pair the reader has. A factor of a time its sentence names ("a
// p99 that is 2.4× lower") keeps the alarm.
const comparativeNoPair = true

// comparativeCountRE finds the comparatives of comparativeNoPair.
var comparativeCountRE = regexp.MustCompile(`(?i)\b(?:fewer|less|smaller|lower|more|higher|larger|bigger|greater)\b`)

// timeNounRE finds the nouns that name a time measure.
var timeNounRE = regexp.MustCompile(`(?i)\b(?:latency|latencies|time|times|duration|runtime|wall[\s-]clock|p50|p90|p95|p99|median|pause)\b`)

// unalarmComparativeNoPair: see comparativeNoPair.
func (x *extractor) unalarmComparativeNoPair() {
	if !comparativeNoPair {
		return
	}
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Kind != Speedup || c.Verdict != Unsupported || c.Cross == nil || c.Cross.Reason != ClosestPair || c.Cross.Derivation != NoDerivation ||
			!comparativeCountRE.MatchString(c.Claimed) || len(c.Cross.Operands) != 2 {
			continue
		}
		if q := canonical(c.Cross.Operands[0].Quantity); q != Time {
			continue
		}
		// A factor of a time the sentence names ("a p99 that is 2.4×
		// lower") is about the times.
		text, _ := x.proseWithWrap(c.Line)
		if m := regexp.MustCompile(`(?:^|[^0-9.,])(` + regexp.QuoteMeta(c.stated.Text) + `)\s*(?:x|×|-fold|times)`).FindStringSubmatchIndex(text); m != nil {
			at := m[2]
			lead := text[sentenceStart(text[:at]):at]
			if percentileRE.MatchString(lead) || timeNounRE.MatchString(lead) {
				continue
			}
		}
		c.Cross, c.Verdict = nil, Unverifiable
		c.Detail = "a factor of fewer or more of something no pair of the report counts; its closest pair is of times or rates"
	}
}

// compareChangeRestated (forty-first round): a relative change that
// Google Benchmark's compare.py prints in its Time or CPU column (new/old
// − 1, "-0.8818", "-0.7835" of OVERALL_GEOMEAN), quoted in prose as
// written ("the benchmark row above shows the same −0.8818", "the
// geometric mean over all five benchmarks is −0.7835, i.e. 4.62×
// faster"), is a figure of the report: it restates that row. Such
// signed fractions were not read at all. Only a fraction that a row
// writes, digit for digit, is taken; any other is left out.
const compareChangeRestated = true

var (
	// compareRowRE reads a row of compare.py's table: the benchmark's
	// name, its Time and CPU changes, then the old and new values.
	compareRowRE = regexp.MustCompile(`^\s*(\S+)\s+([+-]?[0-9]\.[0-9]{4})\s+([+-]?[0-9]\.[0-9]{4})\s+[0-9]`)
	// signedFractionRE finds a signed fraction in prose: "−0.7835".
	signedFractionRE = regexp.MustCompile(`(?:^|[\s(:=])([−+-]0\.[0-9]{4})(?:$|[\s,;)]|\.(?:\s|$))`)
)

// listCompareChanges: see compareChangeRestated.
func (x *extractor) listCompareChanges() {
	if !compareChangeRestated {
		return
	}
	rows := make(map[string][2]any) // change as written → name, line
	for i := range x.lines {
		if x.lines[i].kind != lkOutput {
			continue
		}
		m := compareRowRE.FindStringSubmatch(x.lines[i].raw)
		if m == nil {
			continue
		}
		for _, v := range m[2:4] {
			v = strings.TrimPrefix(v, "+")
			if _, ok := rows[v]; !ok {
				rows[v] = [2]any{m[1], i + 1}
			}
		}
	}
	if len(rows) == 0 {
		return
	}
	var add []Claim
	for i := range x.lines {
		if x.lines[i].kind != lkProse {
			continue
		}
		raw := plain(x.lines[i].raw)
		if !strings.Contains(raw, "0.") {
			continue
		}
		for _, m := range signedFractionRE.FindAllStringSubmatch(raw, -1) {
			written := m[1]
			key := strings.TrimPrefix(strings.Replace(written, "−", "-", 1), "+")
			r, ok := rows[key]
			if !ok || x.figureClaimed(i+1, written) {
				continue
			}
			v, _ := strconv.ParseFloat(key, 64)
			n := Number{Text: written, Value: v, High: v, step: 0.0001, scale: 1}
			c := x.newClaim(i, Absolute)
			c.Claimed, c.Numbers, c.Verdict = written, []Number{n}, Consistent
			c.Detail = fmt.Sprintf("restates compare.py's change for %s (line %d), %s", r[0], r[1], key)
			add = append(add, *c)
		}
	}
	x.addClaims(add)
}

// figureClaimed reports whether a claim of line states a figure written
// as text.
func (x *extractor) figureClaimed(line int, text string) bool {
	for i := range x.rep.Claims {
		c := &x.rep.Claims[i]
		if c.Line == line && slices.ContainsFunc(c.Numbers, func(m Number) bool { return m.Text == text }) {
			return true
		}
	}
	return false
}
