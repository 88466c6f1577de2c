package claims

import (
	"regexp"
	"strings"
)

// ratePerItemTime (thirty-seventh round): a count per second written in
// words ("about 2,323 CBC messages a second"), read as a load, is checked
// as one over the time per item its sentence states first ("At 43.05 µs
// per CBC message, one worker process can parse about 2,323 CBC messages
// a second": 1 / 43.05 µs = 23,229 a second), when the item is what the
// rate counts (or the verb right before it: "per score … score about
// 95,400 transactions a second") and no count of workers or threads
// multiplies it. Such a rate was left unverifiable, also where the
// sentence is a projection ("could in principle"): the arithmetic is
// wrong whatever is assumed.
const ratePerItemTime = true

// perItemRE finds " per <item>" (or "/<item>") right after a time.
var perItemRE = regexp.MustCompile(`^\s*(?:per|/|for\s+each|for\s+every)\s+(?:an?\s+|one\s+|each\s+)?([A-Za-z][A-Za-z-]*)(?:\s+([A-Za-z][A-Za-z-]*))?`)

// checkPerItemRate: see ratePerItemTime.
func (x *extractor) checkPerItemRate(c *Claim, n Number, scan string, figs []figure) bool {
	if !ratePerItemTime || !isCountRate(n) || threadRE.MatchString(scan) {
		return false
	}
	at := figureIndex(figs, n)
	if at <= 0 {
		return false
	}
	// The time per item: the sentence's figure before the rate, the only
	// one between the sentence's start and the rate.
	t := &figs[at-1]
	start := sentenceStart(scan[:t.start])
	for k := at - 2; k >= 0; k-- {
		if figs[k].start >= start {
			return false
		}
	}
	if t.Quantity != Time || t.Unit == "" || strings.Contains(t.Unit, "/") || t.isRange() || !(t.Value > 0) {
		return false
	}
	between := scan[t.end:figs[at].start]
	if strings.ContainsAny(between, ";:()") || strings.Contains(between, ". ") {
		return false
	}
	m := perItemRE.FindStringSubmatch(between)
	if m == nil {
		return false
	}
	item := strings.ToLower(m[1])
	counted := strings.ToLower(strings.TrimSuffix(n.Unit, "/s"))
	// The words right before the rate: "score about".
	lead := strings.Fields(strings.ToLower(between))
	if len(lead) > 3 {
		lead = lead[len(lead)-3:]
	}
	named := false
	for _, w := range append(strings.Fields(counted), lead...) {
		w = strings.Trim(w, ",.")
		if len(w) >= 4 && len(item) >= 4 && (strings.HasPrefix(w, item) || strings.HasPrefix(item, w)) || stem(w) == stem(item) {
			named = true
		}
	}
	if !named {
		return false
	}
	tlo, thi := t.base()
	lo, hi := 1e9/thi, 1e9/tlo
	if rangeMatch(n, lo, hi) {
		setCross(c, &Cross{Reason: DerivedHolds, Derivation: Rate, Lines: []int{c.Line}, Stated: n, Got: toUnit((lo+hi)/2, n),
			GotUnit: n.Unit, Operands: []Number{t.Number}})
		return true
	}
	setCross(c, &Cross{Reason: DerivedOff, Derivation: Rate, Lines: []int{c.Line}, Stated: n, Got: toUnit((lo+hi)/2, n),
		GotUnit: n.Unit, Operands: []Number{t.Number}})
	return true
}

// ratePerItemWrapped (forty-seventh round): ratePerItemTime read the
// rate's own line only, so a sentence wrapped between its time and its
// rate ("… At 58.3 µs per signature a single core can sign about" /
// "1,700 licences per second, …"; "At 344 ns per" / "alert one core
// routes roughly 290,000 alerts a second") left the rate unverifiable,
// and checkRate, which wants the counted noun on the time's line, found
// no time. When the rate is the first figure of its line and no
// sentence starts on the line before it, the previous line of the
// paragraph is joined in front and the rate checked as ratePerItemTime
// checks it: one over the sentence's first figure, a time followed by
// "per <item>" naming what the rate counts or the verb before it; no
// count of workers or threads in the sentence. A figure later on the
// line ("where RSA managed about 2,420") is not read: it is another
// subject's. Cost: one join and one scan of two lines per such rate.
// Seen in blind45 (290,000 at 344 ns, 3.1 million at 414.87 ns) and
// blind46 (1,700 at 58.3 µs; 578,000 at 1.73 µs).
const ratePerItemWrapped = true

// checkPerItemRateWrapped: see ratePerItemWrapped.
func (x *extractor) checkPerItemRateWrapped(c *Claim, n Number, scan string, figs []figure) bool {
	if !ratePerItemWrapped || !isCountRate(n) || c.Line < 2 || len(figs) == 0 || figs[0].Text != n.Text || figs[0].Unit != n.Unit ||
		sentenceStart(scan[:figs[0].start]) != 0 || strings.ContainsAny(scan[:figs[0].start], ".;:") {
		return false
	}
	prev := x.wrappedLine(c.Line-1, c.Line-2)
	if prev == "" {
		return false
	}
	joined := prev + " " + scan
	jf := scanFigures(joined)
	at := -1
	for k := range jf {
		if jf[k].start == len(prev)+1+figs[0].start {
			at = k
			break
		}
	}
	if at < 0 || jf[at].Text != n.Text {
		return false
	}
	return x.checkPerItemRate(c, n, joined[:jf[at].end], jf[:at+1])
}
