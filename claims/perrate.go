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
