package claims

import (
	"regexp"
	"strings"
)

// rangeEndsTo (thirty-third round): a range of factors or percentages
// written with "to" ("font changes 4.3x to 4.7x faster on every device:
// 1,840 → 410 ms on the Basic, …", "the p50 falls by 88.8 % to 94.5 % on
// the three models") states the smallest and the largest change of a set
// of rows; each end is the change of one row, not of the first pair its
// sentence writes nor of the row its words match best. The reader took
// each end for a ratio of its own and checked it against the line's pair
// or the best-matching row (an arithmetic error, mixed rows). An end
// with an alarm is now consistent when a pair of the report elsewhere
// that shares a subject word with its sentence gives it.
const rangeEndsTo = true

// rangeToRE matches two factors or two percentages joined by "to"
// (group 1 and 3 the numbers, 2 and 4 the units).
var rangeToRE = regexp.MustCompile(`(\d[\d,]*(?:\.\d+)?)\s*(%|x|×)\s+to\s+(\d[\d,]*(?:\.\d+)?)\s*(%|x|×)`)

// fromBeforeRE finds "from" (and an approximation word) right before a
// figure: "from 2.1x to 3.4x" is a before and an after, no range.
var fromBeforeRE = regexp.MustCompile(`(?i)\bfrom\s+(?:about\s+|roughly\s+|~\s*)?$`)

// unalarmRangeEnds: see rangeEndsTo.
func (x *extractor) unalarmRangeEnds() {
	if !rangeEndsTo {
		return
	}
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Kind != Speedup && c.Kind != Percent || !c.Verdict.fromReport() || c.Verdict == Contradicted || c.stated.isRange() ||
			!(c.stated.mid() > 0) || c.Line < 1 || c.Line > len(x.lines) || x.lines[c.Line-1].kind != lkProse {
			continue
		}
		text, _ := x.proseWithWrap(c.Line)
		end := false
		for _, m := range rangeToRE.FindAllStringSubmatchIndex(text, -1) {
			u1, u2 := text[m[4]:m[5]], text[m[8]:m[9]]
			if u1 != u2 || fromBeforeRE.MatchString(text[:m[2]]) {
				continue
			}
			a, b := strings.ReplaceAll(text[m[2]:m[3]], ",", ""), strings.ReplaceAll(text[m[6]:m[7]], ",", "")
			if len(a) > len(b) || len(a) == len(b) && a >= b {
				// The smaller end first: a range, not a change to a
				// lower figure.
				continue
			}
			t := strings.ReplaceAll(strings.TrimLeft(c.stated.Text, "+−-"), ",", "")
			if t == a || t == b {
				end = true
				break
			}
		}
		if !end {
			continue
		}
		// The sentence may go on after the line: the rows its words
		// name follow ("… on every kiosk: 2,250 → 500 ms on the K10," /
		// "… and 960 → 300 ms on the K30.").
		whole := text
		if c.Line < len(x.lines) && x.lines[c.Line].kind == lkProse {
			whole += " " + blankCode(plain(x.lines[c.Line].raw))
		}
		lo, hi := sentenceAround(whole, c.stated.Text)
		x.fitsSubjectPair(c, dedupe(subjectWords(whole[lo:hi])), nil)
	}
}

// sentenceAround returns the bounds of the sentence of text that holds
// the figure written fig (the whole text when it is not found).
func sentenceAround(text, fig string) (lo, hi int) {
	at := indexFigure(text, fig)
	if at < 0 {
		return 0, len(text)
	}
	lo, hi = 0, len(text)
	if j := strings.LastIndex(text[:at], ". "); j >= 0 {
		lo = j + 2
	}
	if j := strings.Index(text[at:], ". "); j >= 0 {
		hi = at + j + 1
	}
	return lo, hi
}
