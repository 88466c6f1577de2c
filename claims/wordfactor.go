package claims

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// wordFactors (forty-seventh round) reads the factors and shares that
// prose writes in words, which the scanner, reading digits, never saw:
// "the SET tail is halved", "three times the old rate", "snapshots are
// three times smaller", "more than eight times the 3.9 % flat share",
// "roughly eightfold", "twice the 1,000 req/s", "shrank by a quarter,
// from 48 to 36 cores", "Two thirds of the CPU saving", "less than half
// of". Each is a claim of its own line: a factor (halved, doubled,
// tripled, twice, "N times" before a comparative or what it multiplies,
// "Nfold") or a share (a half, a third, two thirds, a quarter, three
// quarters, in the phrasings that make it one: "by a quarter", "a third
// less", "two thirds of", "less than half").
//
// A word is no measurement: the claim is checked only against two
// figures of its own sentence (its line, and the line before it when
// the paragraph wraps there) of one quantity, and is consistent when
// their quotient gives it — a factor N when the larger over the smaller
// is within a fifth of N, a share s when the smaller over the larger or
// one minus it is within 0.08 of s ("less than half" when the smaller is
// at most half the larger). Otherwise it is unverifiable, never an
// alarm: "three times" may round 2.76, and the figures it compares are
// often stated in another section. The claims are added after the
// report's checks, so no other claim rests on them or is checked
// against them; a word phrase a claim of the line states already is not
// read twice. Cost: one regular expression per prose line, and per word
// claim a scan of at most two lines' figures, each pair once (a line
// has a few figures).
//
// Seen not extracted in blind (halved), blind3 (twice), blind4 (eight
// times, a quarter, about a third), blind5 (three times faster, a third
// less, two thirds, less than half), blind25 (eightfold), blind27 (three
// times, twice over) and blind46 (halved, half, three times, a third).
const wordFactors = true

// wordFactorRE finds a factor or a share written in words, with the
// words that make it one. Submatches: 1 a verb of halving or
// multiplying; 2 "twice"; 3 a number word before "times" and 4 the word
// after; 5 a number word before "fold"; 6 a share after "by", "than" or
// before "of", "less", "fewer", "smaller", "the", "as".
var wordFactorRE = regexp.MustCompile(`(?i)\b(?:(halved|doubled|tripled|quadrupled)|(twice)\s+(?:as|the|that|what|its|our|their|over)|(two|three|four|five|six|seven|eight|nine|ten|twelve)\s+times\s+(faster|slower|more|less|fewer|higher|lower|larger|smaller|bigger|longer|shorter|cheaper|the|as|that|what|our|its|their|over)|(two|three|four|five|six|seven|eight|nine|ten|twelve)-?fold|(?:(?:by|than|about|roughly|nearly|almost|over|under)\s+)?((?:a|one|two|three)\s+(?:half|third|thirds|quarter|quarters)|half)\s+(?:of|less|fewer|smaller|lower|shorter|cheaper|the|as|off)\b)\b`)

// shareAfterRE finds the phrasings that make a bare share a claim when
// no word follows it: "by a quarter," "by a third." (a change).
var shareAfterRE = regexp.MustCompile(`(?i)\b(?:by|than)\s+((?:a|one|two|three)\s+(?:half|third|thirds|quarter|quarters)|half)\b`)

// halfOfWholeRE finds the words that make a half or quarter a part of
// something ("the first half", "the last quarter"), not a share claimed.
var halfOfWholeRE = regexp.MustCompile(`(?i)\b(?:first|second|third|last|other|top|bottom|upper|lower|back|front|next|previous)\s+$`)

// halfAnAmountRE finds "a" or "an" right after a share: "half a
// second" is an amount of time.
var halfAnAmountRE = regexp.MustCompile(`(?i)^\s+an?\b`)

// numberWords are the number words wordFactorRE reads.
var numberWords = map[string]float64{"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
	"ten": 10, "twelve": 12, "a": 1, "one": 1}

// shareValue returns the fraction a share in words states ("two thirds"
// 2/3, "a quarter" 1/4, "half" 1/2), 0 for none.
func shareValue(s string) float64 {
	f := strings.Fields(strings.ToLower(s))
	if len(f) == 1 {
		if f[0] == "half" {
			return 0.5
		}
		return 0
	}
	n := numberWords[f[0]]
	switch strings.TrimSuffix(f[1], "s") {
	case "half":
		return n / 2
	case "third":
		return n / 3
	case "quarter":
		return n / 4
	}
	return 0
}

// A wordFigure is a factor or share read by wordFactorRE: its text, its
// value, whether it is a share, and its place in the line.
type wordFigure struct {
	text       string
	value      float64
	share      bool
	lessThan   bool    // "less than half": the share is a bound
	step       float64 // a factor in digits: its rounding step
	start, end int
}

// timesFactors (forty-seventh round) reads with wordFactors a factor
// written in digits before "times" or "×" that the reader's phrases
// left out, because no comparative follows it ("the optimized engine
// 9.9 times", "34 times the cost of the lookup", "about 23 times the CPU
// saving", "106.5 times" after "102.4 times as long"): a claim of its
// line, consistent when two figures of its sentence give it at its
// rounding (within a hundredth more), else unverifiable, never an
// alarm. A count of repetitions ("3 times a day", "ran it 5 times", "it
// fired 14 times"), a product ("246 × $0.031", "7.357 × 10⁹") and a
// count of parts ("2 × Xeon Gold") are no factors. Seen not extracted in blind29, blind35, blind37, blind38
// and blind39.
const timesFactors = true

// timesFactorRE finds a figure before "times" or "×", with the word
// after it.
var timesFactorRE = regexp.MustCompile(`(?i)\b(\d+(?:\.\d+)?)\s*(?:times\b|×)(\s+[a-z]+)?`)

// timesCountAfterRE and timesCountBeforeRE find the words that make
// "N times" a count of repetitions.
var (
	timesCountAfterRE  = regexp.MustCompile(`(?i)^\s+(?:a|an|per|each|every|daily|in|over|during|before|after|since|so|out|more|less|fewer|faster|slower|as|higher|lower|larger|smaller|bigger|longer|shorter|cheaper|quicker|greater|better|worse)$`)
	timesCountBeforeRE = regexp.MustCompile(`(?i)(?:\b(?:ran|run|runs|running|repeat|took|takes|saw|sees|hit|hits|fired|fires|wrote|read|written|rewritten|seen|woke|spun)|[a-z]ed)\s+(?:it\s+|them\s+|this\s+|(?:the|a|an)\s+\w+\s+)?$`)
)

// productAfterRE finds "×" followed by a figure, a name ("2 × Xeon
// Gold") or the line's end: a product or a count of things, not a
// factor.
var productAfterRE = regexp.MustCompile(`^\s*×\s*(?:[0-9$€£(A-Z]|$)`)

// wordFiguresOf returns the word factors and shares of a line of prose.
func wordFiguresOf(s string) []wordFigure {
	var out []wordFigure
	if timesFactors {
		for _, m := range timesFactorRE.FindAllStringSubmatchIndex(s, -1) {
			after := ""
			if m[4] >= 0 {
				after = s[m[4]:m[5]]
			}
			if timesCountAfterRE.MatchString(after) || timesCountBeforeRE.MatchString(s[:m[0]]) {
				// A comparative: the reader's phrases read it; a
				// period or a verb of repeating: a count.
				continue
			}
			if m[0] > 0 && (s[m[0]-1] == '.' || s[m[0]-1] == ',' || s[m[0]-1] >= '0' && s[m[0]-1] <= '9') {
				continue
			}
			if productAfterRE.MatchString(s[m[3]:]) {
				// "246 × $0.031", "7.357 × 10⁹": a product.
				continue
			}
			v, err := strconv.ParseFloat(s[m[2]:m[3]], 64)
			if err != nil || !(v > 1) {
				continue
			}
			step := 1.0
			if k := strings.IndexByte(s[m[2]:m[3]], '.'); k >= 0 {
				step = math.Pow(10, -float64(m[3]-m[2]-k-1))
			}
			out = append(out, wordFigure{text: s[m[2]:m[3]], value: v, step: step, start: m[2], end: m[3]})
		}
	}
	for _, m := range wordFactorRE.FindAllStringSubmatchIndex(s, -1) {
		sub := func(k int) string {
			if m[2*k] < 0 {
				return ""
			}
			return s[m[2*k]:m[2*k+1]]
		}
		w := wordFigure{start: m[0], end: m[1]}
		switch {
		case sub(1) != "":
			w.text, w.start, w.end = sub(1), m[2], m[3]
			w.value = map[string]float64{"halved": 2, "doubled": 2, "tripled": 3, "quadrupled": 4}[strings.ToLower(w.text)]
		case sub(2) != "":
			w.text, w.value, w.start, w.end = sub(2), 2, m[4], m[5]
		case sub(3) != "":
			w.text, w.value, w.start, w.end = s[m[6]:m[7]+len(" times")], numberWords[strings.ToLower(sub(3))], m[6], m[7]+len(" times")
			if !strings.HasPrefix(strings.ToLower(s[m[7]:]), " times") {
				continue
			}
		case sub(5) != "":
			w.text, w.value, w.start, w.end = s[m[10]:m[1]], numberWords[strings.ToLower(sub(5))], m[10], m[1]
		case sub(6) != "":
			w.text, w.value, w.share, w.start, w.end = sub(6), shareValue(sub(6)), true, m[12], m[13]
			w.lessThan = strings.HasPrefix(strings.ToLower(s[m[0]:]), "than") && strings.HasSuffix(strings.ToLower(strings.TrimSpace(s[:m[0]])), "less")
		}
		if w.share && halfOfWholeRE.MatchString(s[:w.start]) {
			// "the first half of the run": a part, no share claimed.
			continue
		}
		if w.value > 0 {
			out = append(out, w)
		}
	}
	for _, m := range shareAfterRE.FindAllStringSubmatchIndex(s, -1) {
		if slices.ContainsFunc(out, func(w wordFigure) bool { return w.start <= m[2] && m[2] < w.end }) {
			continue
		}
		if halfAnAmountRE.MatchString(s[m[1]:]) {
			// "by half a second": an amount, not a share.
			continue
		}
		v := shareValue(s[m[2]:m[3]])
		if v > 0 {
			out = append(out, wordFigure{text: s[m[2]:m[3]], value: v, share: true, start: m[2], end: m[3]})
		}
	}
	return out
}

// addWordFactors: see wordFactors.
func (x *extractor) addWordFactors() {
	if !wordFactors || x.full {
		return
	}
	stated := make(map[int][]string)
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		for _, n := range c.Numbers {
			stated[c.Line] = append(stated[c.Line], strings.ToLower(n.Text))
		}
	}
	added := false
	for i := range x.lines {
		dl := &x.lines[i]
		if dl.kind != lkProse {
			continue
		}
		scan := blankCode(plain(dl.raw))
		ws := wordFiguresOf(scan)
		if len(ws) == 0 {
			continue
		}
		// The sentence of each word: the line, with the line before
		// when the paragraph wraps there.
		text, off := scan, 0
		if prev := x.wrappedLine(i, i-1); prev != "" {
			text, off = prev+" "+scan, len(prev)+1
		}
		figs := scanFigures(text)
		for _, w := range ws {
			if slices.Contains(stated[i+1], strings.ToLower(w.text)) {
				continue
			}
			c := x.newClaim(i, Speedup)
			if w.share {
				c.Kind = Percent
			}
			n := Number{Text: w.text, Value: w.value, High: w.value, Quantity: Unknown}
			c.Claimed = w.text
			c.Verdict, c.Arithmetic = Unverifiable, Unverifiable
			c.Detail = "a factor or share written in words; no two figures of its sentence give it"
			if w.step > 0 {
				n.Unit, n.step = "x", w.step
				c.Claimed = w.text + "x"
				c.Detail = "a factor written before \"times\" or \"×\"; no two figures of its sentence give it"
			}
			c.Numbers = []Number{n}
			start := sentenceStart(text[:off+w.start])
			end := len(text)
			if k := strings.Index(text[off+w.end:], ". "); k >= 0 {
				end = off + w.end + k
			}
			var sent []figure
			for _, f := range figs {
				if f.start >= start && f.end <= end && !f.plusMinus {
					sent = append(sent, f)
				}
			}
			if a, b, ok := wordFactorPair(w, sent); ok && !c.expected {
				old, nw := a.Number, b.Number
				ol, nl := i+1, i+1
				if a.start < off {
					ol = i
				}
				if b.start < off {
					nl = i
				}
				c.Pair = &Pair{Old: old, New: nw, OldLine: ol, NewLine: nl, Ordered: true, From: "its sentence"}
				c.Verdict, c.Arithmetic = Consistent, Consistent
				c.Detail = fmt.Sprintf("%s and %s of its sentence give %s", old.String(), nw.String(), w.text)
			}
			x.add(c)
			added = true
		}
	}
	if x.addCountsOfTotals(stated) {
		added = true
	}
	if x.addPValues(stated) {
		added = true
	}
	if added {
		slices.SortStableFunc(x.rep.Claims, func(a, b Claim) int { return a.Line - b.Line })
	}
}

// wordFactorPair returns two figures of a sentence, in the order
// written, whose quotient gives the word factor or share w.
func wordFactorPair(w wordFigure, sent []figure) (a, b figure, ok bool) {
	for p := 0; p < len(sent); p++ {
		for q := p + 1; q < len(sent); q++ {
			fa, fb := sent[p], sent[q]
			if fa.Quantity != fb.Quantity || fa.isRange() || fb.isRange() || (fa.Unit == "%") != (fb.Unit == "%") ||
				fa.Unit == "x" || fb.Unit == "x" || fa.Text == fb.Text {
				continue
			}
			alo, ahi := fa.base()
			blo, bhi := fb.base()
			va, vb := (alo+ahi)/2, (blo+bhi)/2
			if !(va > 0) || !(vb > 0) {
				continue
			}
			lo, hi := math.Min(va, vb), math.Max(va, vb)
			r := hi / lo
			switch {
			case !w.share && w.step > 0 && r >= (w.value-w.step/2)/1.01 && r <= (w.value+w.step/2)*1.01:
				return fa, fb, true
			case !w.share && w.step == 0 && r >= w.value/1.2 && r <= w.value*1.2:
				return fa, fb, true
			case w.share && w.lessThan && lo/hi <= w.value:
				return fa, fb, true
			case w.share && !w.lessThan && (math.Abs(lo/hi-w.value) <= 0.08 || math.Abs(1-lo/hi-w.value) <= 0.08):
				return fa, fb, true
			}
		}
	}
	return figure{}, figure{}, false
}

// countOfTotal (forty-seventh round) reads a count stated as a part of a
// total in prose ("remove 16 of 23 allocations per span", "drop 18 of 48
// replicas", "misses only 3 of 340 actions"), which the reader had left
// out (two bare counts joined by "of"), as a claim of its line: the part
// N of the total M. It is consistent when the report states a pair of
// counts M → M − N (23 → 7 allocations: 16 removed), else unverifiable,
// never an alarm (the total may be counted anywhere). Added with
// wordFactors, after the report's checks. Cost: one regular expression
// per prose line; per such claim one pass over the report's pairs. Seen
// not extracted in blind3, blind26 and blind36.
const countOfTotal = true

// countOfTotalRE finds "N of M" with counts on both sides.
var countOfTotalRE = regexp.MustCompile(`\b(\d[\d,]*) of (?:the |all |our |its )?(\d[\d,]*)\b`)

// countsOfTotals returns the "N of M" counts of a line of prose: the
// part, the total and the part's place.
func countsOfTotals(s string) (parts, totals []Number, at [][2]int) {
	for _, m := range countOfTotalRE.FindAllStringSubmatchIndex(s, -1) {
		if m[0] > 0 && strings.ContainsRune(".,$€£", rune(s[m[0]-1])) || m[5] < len(s) && strings.ContainsRune(".,%", rune(s[m[5]])) {
			continue
		}
		n, err1 := strconv.ParseFloat(strings.ReplaceAll(s[m[2]:m[3]], ",", ""), 64)
		t, err2 := strconv.ParseFloat(strings.ReplaceAll(s[m[4]:m[5]], ",", ""), 64)
		if err1 != nil || err2 != nil || !(n > 0) || !(t > n) {
			continue
		}
		parts = append(parts, Number{Text: s[m[2]:m[3]], Value: n, High: n, Quantity: Count, step: 1, scale: 1})
		totals = append(totals, Number{Text: s[m[4]:m[5]], Value: t, High: t, Quantity: Count, step: 1, scale: 1})
		at = append(at, [2]int{m[0], m[1]})
	}
	return parts, totals, at
}

// addCountsOfTotals: see countOfTotal. stated holds, per line, the
// figures the line's claims state (lower case).
func (x *extractor) addCountsOfTotals(stated map[int][]string) bool {
	if !countOfTotal {
		return false
	}
	added := false
	for i := range x.lines {
		if x.lines[i].kind != lkProse || x.full {
			continue
		}
		raw := blankCode(plain(x.lines[i].raw))
		parts, totals, _ := countsOfTotals(raw)
		for k, n := range parts {
			if slices.Contains(stated[i+1], strings.ToLower(n.Text)) {
				continue
			}
			m := totals[k]
			c := x.newClaim(i, Absolute)
			c.Numbers = []Number{n, m}
			c.Claimed = n.Text + " of " + m.Text
			c.Verdict, c.Arithmetic = Unverifiable, Unverifiable
			c.Detail = "a part of a total; no pair of the report counts the total and what is left"
			for _, d := range x.pairs {
				p := d.p
				if p == nil || p.Old.isRange() || p.New.isRange() || p.Old.Unit != p.New.Unit || p.Old.Unit == "%" || p.Old.Unit == "x" {
					continue
				}
				hi, lo := math.Max(p.Old.Value, p.New.Value), math.Min(p.Old.Value, p.New.Value)
				if hi == m.Value && math.Abs(hi-lo-n.Value) < 1e-9 {
					c.Pair = p
					c.Verdict, c.Arithmetic = Consistent, Consistent
					c.Detail = fmt.Sprintf("the report's %s → %s leaves %s of %s", p.Old.String(), p.New.String(), n.Text, m.Text)
					break
				}
			}
			x.add(c)
			added = true
		}
	}
	return added
}
