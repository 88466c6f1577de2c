package claims

import (
	"fmt"
	"math"
	"regexp"
	"strings"
)

// rateOfCountOverTime (fifty-second round): a rate said to follow from a
// count done in a time of the same sentence — "annotates 10,000 records
// in 38.4 ms, which is 2.6 million records per second" (260,000), "At
// 17.01 s for 48 frames the stacker consumes about 3.1 frames per
// second" (2.82) — was left unverifiable: neither rateOfOneCoreOff (one
// time per item) nor the rate checks of a time per operation read a
// count and its time. The rate is the count over the time, per second,
// minute or hour. Read, anchored at the rate: "N [million|thousand]
// <one to three words> in T <unit>" or "at T <unit> for N <words>", then
// at most 50 bytes with no figure, bracket or sentence break, then the
// rate, a scale word and up to three words before "per/a/each second,
// minute, hour". The rate's counted words must name the count's (a word
// sharing its first four letters), so a rate of something else ("10,000
// records in 38 ms, so 3 batches per second") is not read. A rate off
// from the count over the time by more than a twentieth, both roundings
// allowed, is an arithmetic error. Cost: per figure of an unverifiable
// prose claim, two anchored regular expressions over at most 240 bytes
// before it and one over 96 after it.
const rateOfCountOverTime = true

var (
	// countInTimeRE: "10,000 records in 38.4 ms, which is ".
	countInTimeRE = regexp.MustCompile(`(?i)(?:^|[^\w.,])(\d[\d,]*(?:\.\d+)?)(\s+(?:million|thousand))?\s+((?:[a-z][\w-]*\s+){1,3}?)in\s+(?:about\s+|roughly\s+|~\s*)?(\d[\d,]*(?:\.\d+)?)\s*(ns|µs|μs|us|ms|s|secs?|seconds?|milliseconds?|microseconds?)\b([^0-9;:().]{0,50})$`)
	// timeForCountRE: "At 17.01 s for 48 frames the stacker consumes about ".
	timeForCountRE = regexp.MustCompile(`(?i)(?:\bat\s+|^\s*)(\d[\d,]*(?:\.\d+)?)\s*(ns|µs|μs|us|ms|s|secs?|seconds?|milliseconds?|microseconds?)\s+(?:for|per)\s+(\d[\d,]*(?:\.\d+)?)(\s+(?:million|thousand))?\s+([a-z][\w-]*)\b([^0-9;:().]{0,50})$`)
)

// checkRatesOfCountOverTime: see rateOfCountOverTime.
func (x *extractor) checkRatesOfCountOverTime() {
	if !rateOfCountOverTime {
		return
	}
	var add []Claim
	x.eachProseRate(func(c *Claim, at int, n Number, text string, i int, digits string) bool {
		lead := text[max(0, i-240):i]
		var count, countScale, noun, tm, unit string
		if m := countInTimeRE.FindStringSubmatch(lead); m != nil {
			count, countScale, noun, tm, unit = m[1], m[2], m[3], m[4], m[5]
		} else if m := timeForCountRE.FindStringSubmatch(lead); m != nil {
			tm, unit, count, countScale, noun = m[1], m[2], m[3], m[4], m[5]
		} else {
			return false
		}
		t := oneCoreTailRE.FindStringSubmatch(text[i+len(digits) : min(len(text), i+len(digits)+96)])
		if t == nil || !sharesStem(noun, t[2]) {
			return false
		}
		cv, cstep, ok := numberAndStep(count)
		tv, tstep, ok2 := numberAndStep(tm)
		rv, rstep, ok3 := numberAndStep(digits)
		perNs := timeUnitNanos(unit)
		if !ok || !ok2 || !ok3 || !(cv > 0) || !(tv > 0) || !(rv > 0) || perNs == 0 {
			return false
		}
		cs := scaleWord(countScale)
		rs := scaleWord(t[1])
		period := map[string]float64{"second": 1e9, "minute": 60e9, "hour": 3600e9}[strings.ToLower(t[3])]
		lo := (cv - cstep/2) * cs * period / ((tv + tstep/2) * perNs)
		hi := (cv + cstep/2) * cs * period / (math.Max(tv-tstep/2, tstep/4) * perNs)
		slo, shi := (rv-rstep/2)*rs, (rv+rstep/2)*rs
		if shi >= lo/1.05 && slo <= hi*1.05 {
			return false
		}
		tn := Number{Text: tm, Value: tv, High: tv, Unit: unit, Quantity: Time, step: tstep, scale: perNs}
		cn := Number{Text: count, Value: cv * cs, High: cv * cs, Quantity: Count, step: cstep * cs, scale: 1}
		cx := &Cross{Reason: DerivedOff, Derivation: Rate, Lines: []int{c.Line}, Stated: n, Got: (lo + hi) / 2 / rs * n.Value / rv,
			GotUnit: n.Unit, Operands: []Number{cn, tn}}
		detail := fmt.Sprintf("rate recomputed: %s over %s %s (line %d) gives %.4g %s, not %s", count+countScale, tm, unit, c.Line, cx.Got, n.Unit, n.String())
		if e, split := figureOwnClaim(c, at, cx); split {
			if e.Verdict == ArithmeticError {
				e.Detail = detail
			}
			add = append(add, e)
		} else if c.Verdict == ArithmeticError {
			c.Detail = detail
		}
		return true
	})
	x.addClaims(add)
}

// scaleWord returns the factor of "million", "thousand" or "billion"
// (spaces around allowed), 1 for anything else.
func scaleWord(s string) float64 {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "thousand":
		return 1e3
	case "million":
		return 1e6
	case "billion":
		return 1e9
	}
	return 1
}

// sharesStem reports whether a word of a and a word of b share their
// first four letters ("records" and "record", "frames" and "frame").
func sharesStem(a, b string) bool {
	for _, u := range strings.Fields(strings.ToLower(a)) {
		for _, v := range strings.Fields(strings.ToLower(b)) {
			if len(u) >= 4 && len(v) >= 4 && u[:4] == v[:4] {
				return true
			}
		}
	}
	return false
}
