package claims

import (
	"math"
	"regexp"
	"strings"
)

// rowDifferencePrefixSlip: a change a sentence states for a table row
// (checkRowLabelDifference: "Large frames decode 66.9 % faster, saving
// 16.45 ns per frame" and the row "large | 24.60 µs | 8.150 µs | …";
// "at the 24-item rate the planner saves 4.848 µs per order" and the row
// "24 items | 6.812 ms | 1.964 ms | …"), which no two cells of the row
// give, is an arithmetic error (UnitSlip) when exactly one pair of the
// row's cells gives it with its metric prefix a thousand times off: the
// saving was computed right and written in the unit of the next prefix.
// The row's cells are read once per claim (a pair of cells at most as
// many times as the row has cells squared, a row of a dozen cells).
// Forty-fifth round.
const rowDifferencePrefixSlip = true

// rowDifferenceSlip sets a UnitSlip on c for figure n when exactly one
// pair of vals (the row's cells of n's quantity, on 1-based line) gives
// n with a metric prefix misread (a factor of 1,000 either way), and no
// pair gives it within a factor of two as written (the caller's
// condition). It reports whether it set a verdict.
func (x *extractor) rowDifferenceSlip(c *Claim, n Number, vals []Number, line int) bool {
	var hit *Cross
	for i := range vals {
		for j := i + 1; j < len(vals); j++ {
			a, b := vals[i], vals[j]
			dlo, dhi, mid := diffInterval(a, b)
			if !(mid > 0) {
				continue
			}
			for _, f := range [...]float64{1000, 0.001} {
				if !rangeMatch(n, dlo*f, dhi*f) {
					continue
				}
				if hit != nil {
					return false // two pairs give it: no one saving is named
				}
				hit = &Cross{Reason: UnitSlip, Derivation: Difference, Lines: []int{line}, Stated: n, Got: toUnit(mid, n),
					GotUnit: n.Unit, Factor: f, Operands: []Number{a, b}}
			}
		}
	}
	if hit == nil || math.IsNaN(hit.Got) {
		return false
	}
	setCross(c, hit)
	return true
}

// rowNamedByChange lets checkRowLabelDifference take the row a change
// names by a word when the figure follows a verb of change and "by"
// ("The p50 drops by 4.7 ms" and the row "p50 gateway → store | 11.2 ms
// | 6.9 ms"), as it does for a figure followed by a comparative ("45.1
// minutes shorter") or after a verb of saving: the figure is that row's
// difference, and one miscomputed is an arithmetic error. One regular
// expression per figure after "by". Forty-fifth round.
const rowNamedByChange = true

// changeVerbByRE finds a verb of change and "by" right before a figure.
var changeVerbByRE = regexp.MustCompile(`(?i)\b(?:drops?|dropped|falls?|fell|improves?|improved|rises?|rose|grows?|grew|shrinks?|shrank|decreases?|decreased|increases?|increased|declines?|declined|(?:goes|went|is|was|comes|came)\s+(?:down|up))\s+by\s+(?:about\s+|roughly\s+|nearly\s+|~)?$`)

// rowNamedByDown (forty-seventh round) lets checkRowLabelDifference
// take the row a change names by a word when the figure follows "is
// down" or "is up" without "by" ("the p99 is down 6.5 s" and the row
// "Volume-to-tile latency p99 | 19.6 s | 12.1 s"; "The p50 is down 2.9
// ms"), as rowNamedByChange does for "drops by", also when the sentence
// wraps right before the figure ("… and the p99 is down" / "6.5 s,
// which …": the line before is read in front, checkRowDownWrapped): the
// figure is that row's difference, and one miscomputed is an arithmetic
// error. One anchored regular expression per time or size read as a
// change; one join and scan of two lines per figure that opens a line
// after "is down".
const rowNamedByDown = true

// isDownBeforeRE finds "is down" or "was up" (a hedge allowed) right
// before a figure.
var isDownBeforeRE = regexp.MustCompile(`(?i)\b(?:is|was|are|were)\s+(?:down|up)\s+(?:about\s+|roughly\s+|nearly\s+|~)?$`)

// checkRowDownWrapped: see rowNamedByDown.
func (x *extractor) checkRowDownWrapped(c *Claim, n Number, scan string, figs []figure) bool {
	if !rowNamedByDown || len(figs) == 0 || figs[0].Text != n.Text || strings.TrimSpace(scan[:figs[0].start]) != "" || c.Line < 2 {
		return false
	}
	prev := x.wrappedLine(c.Line-1, c.Line-2)
	if prev == "" || !isDownBeforeRE.MatchString(prev+" ") {
		return false
	}
	joined := prev + " " + scan
	return x.checkRowLabelDifference(c, n, joined, scanFigures(joined))
}

// rowNamedByPercentile lets checkRowLabelDifference take a row its
// clause names by a latency percentile ("The p50 drops by 4.7 ms" and
// the row "p50 gateway → store"): nameWords leaves statistics out of a
// subject's words, and rows that differ by their percentile alone were
// named by none. One regular expression per clause and row label read.
// Forty-fifth round.
const rowNamedByPercentile = true

// percentileNameRE finds a latency percentile: "p50", "P99.9".
var percentileNameRE = regexp.MustCompile(`(?i)\bp\d{2}(?:\.\d+)?\b`)

// percentileNames returns the percentiles s names, lower-case.
func percentileNames(s string) []string {
	var out []string
	for _, m := range percentileNameRE.FindAllString(s, -1) {
		out = append(out, strings.ToLower(m))
	}
	return out
}
