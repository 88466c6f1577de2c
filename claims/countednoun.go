package claims

import (
	"regexp"
	"strings"
)

// countedNounNotTimes (fifty-fourth round): a percentage or factor of
// fewer or more of a counted thing the report measures with a counter
// ("runs in 3.92 s instead of 16.91 s with 67 % fewer instructions")
// was checked against the pair of times of its sentence and called an
// arithmetic error (76.8 %): the pair is the run's time, the claim is
// about the counter. A ratio alarmed an arithmetic error against a loose
// pair of times of its own line, whose comparative is followed by a
// counter's noun (instructions, cycles, branches, branch or cache
// misses, allocations, syscalls), is unverifiable: its own operands are
// not on the line. The noun may be on the wrapped line after. Cost: one
// anchored regular expression over at most 48 bytes after each such
// ratio.
const countedNounNotTimes = true

// counterNounAfterRE finds a comparative and a counter's noun right
// after a ratio.
var counterNounAfterRE = regexp.MustCompile(`(?i)^\s*%?\s*(?:fewer|less|more)\s+(?:cpu\s+)?(?:instructions|cycles|branches|branch\s+misses|cache\s+misses|allocations|allocs|syscalls|system\s+calls)\b`)

// unalarmCountedNouns: see countedNounNotTimes.
func (x *extractor) unalarmCountedNouns() {
	if !countedNounNotTimes {
		return
	}
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Kind != Percent && c.Kind != Speedup || c.Verdict != ArithmeticError || c.Cross != nil || c.Pair == nil ||
			c.Pair.From != "the same line" || c.Pair.canonicalQ() != Time || c.stated.Text == "" || c.Line < 1 || c.Line > len(x.lines) {
			continue
		}
		raw := x.lines[c.Line-1].raw
		if next := x.wrappedLine(c.Line-1, c.Line); next != "" {
			raw += " " + next
		}
		at := indexFigure(raw, c.stated.Text)
		if at < 0 {
			continue
		}
		after := raw[at+len(c.stated.Text):]
		after = strings.TrimLeft(after[:min(len(after), 48)], "x× ")
		if !counterNounAfterRE.MatchString(after) {
			continue
		}
		c.Pair, c.Verdict, c.Arithmetic = nil, Unverifiable, Unverifiable
		c.Detail = "a ratio of a counter (instructions, cycles, allocations …) beside a pair of times; its own operands are not on the line"
	}
}
