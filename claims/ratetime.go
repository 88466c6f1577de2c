package claims

import (
	"regexp"
	"strings"
)

// rateTimePerPeriod (forty-sixth round): checkRate read a time written
// per a period ("even v1 spends about 5.4 ms of CPU per second", a share
// of a second spent, not the time of one operation) as a time per
// operation and called the rate beside it ("at the peak of 1,380
// scans/s") an arithmetic error, 1 / 5.4 ms giving 185/s. A time followed
// by "per second", "a second", "each minute" … (with "of CPU" or another
// word of what is spent between) is left out of the times a rate is one
// over. Cost: one anchored regular expression per time of the block.
const rateTimePerPeriod = true

// perPeriodAfterRE matches the words after a time that make it a time
// per period: "of CPU per second", "a second", "per hour".
var perPeriodAfterRE = regexp.MustCompile(`(?i)^\s*(?:of\s+(?:[a-z]+[\s-]?)?[a-z]+\s+)?(?:per|a|an|each|every)\s+(?:second|sec|minute|min|hour|day)\b`)

// timePerPeriod reports whether the time n written on line (1-based) is
// followed by the words of a period (see rateTimePerPeriod).
func (x *extractor) timePerPeriod(n Number, line int) bool {
	if !rateTimePerPeriod || line < 1 || line > len(x.lines) {
		return false
	}
	raw := plain(x.lines[line-1].raw)
	at := indexFigure(raw, n.Text)
	if at < 0 {
		return false
	}
	rest := raw[at+len(n.Text):]
	rest = strings.TrimLeft(rest, " ")
	if n.Unit != "" && strings.HasPrefix(rest, n.Unit) {
		rest = rest[len(n.Unit):]
	}
	return perPeriodAfterRE.MatchString(rest)
}

// rateQuoted (forty-sixth round): a rate of prose that states, as
// written, a figure of the report's benchmark output or tables with its
// unit ("v3 manages 612.318 ops/ms" of JMH's "612.318 ± 40.227 ops/ms")
// quotes it; checkRate recomputed it from a time of another sentence (the
// single-thread average two lines on) and called it an arithmetic error.
// Such a rate is not recomputed. Cost: the figures of the report's
// table and output lines are scanned once and kept by text.
const rateQuoted = true

// quotesOutput reports whether figure n, written on a line of prose, is
// written with the same digits on a table or output line of the report
// that writes its unit too (JMH prints the unit in a column of its own).
func (x *extractor) quotesOutput(n Number, line int) bool {
	if !rateQuoted || n.Unit == "" || significantDigits(digitsOf(n.Text)) < 4 || line < 1 || line > len(x.lines) || x.lines[line-1].kind != lkProse {
		return false
	}
	if x.outputFigs == nil {
		x.outputFigs = make(map[string][]int)
		for i, l := range x.lines {
			if l.kind != lkTable && l.kind != lkOutput {
				continue
			}
			for _, f := range scanFigures(l.raw) {
				x.outputFigs[f.Text] = append(x.outputFigs[f.Text], i+1)
			}
		}
	}
	for _, l := range x.outputFigs[n.Text] {
		if strings.Contains(x.lines[l-1].raw, n.Unit) {
			return true
		}
	}
	return false
}
