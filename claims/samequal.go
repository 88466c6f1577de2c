package claims

import (
	"regexp"
	"strings"
)

// sameQualifierRestated lets checkAmountConversion read a time restated
// in another unit with the same period after both ("127.2 CPU-seconds
// per day, or about 21.2 CPU-minutes per day"): the words after the
// second figure ("per day") had made it another figure (comparedAfterRE),
// while the same period after the first says it is the same amount in
// another unit. The restatement is then judged as any conversion: a
// factor of ten (2.12 written 21.2) is an arithmetic error. Both
// figures may be compounded with the same word ("CPU-seconds",
// "CPU-minutes"), which a plain time restated as a compound is not. A
// few short regular expressions per conversion read. Forty-fifth round.
const sameQualifierRestated = true

// periodPhraseRE finds what an amount is per: "per day", "a day", "each
// match", "every hour".
var periodPhraseRE = regexp.MustCompile(`(?i)\b(?:per|a|an|each|every)\s+([a-z][a-z-]*)\b`)

// leadPeriodRE finds the same at the start of the words after a figure.
var leadPeriodRE = regexp.MustCompile(`(?i)^\s*(?:per|a|an|each|every)\s+([a-z][a-z-]*)\b`)

// samePeriodAfter reports whether link (the words between an amount and
// its restatement) states what the amount is per before its comma, and
// after (the words after the restatement) starts with the same period.
func samePeriodAfter(link, after string) bool {
	if i := strings.LastIndex(link, ","); i >= 0 {
		link = link[:i]
	} else {
		return false
	}
	ms := periodPhraseRE.FindAllStringSubmatch(link, -1)
	if len(ms) == 0 {
		return false
	}
	m := leadPeriodRE.FindStringSubmatch(after)
	return m != nil && strings.EqualFold(m[1], ms[len(ms)-1][1])
}

// compoundWordRE finds the word a time unit is compounded with:
// "CPU" of "CPU-minutes", "core" of "core-hours".
var compoundWordRE = regexp.MustCompile(`([A-Za-z]+)-(?:hours?|minutes?|seconds?)\b`)

// sameCompound reports whether two figures as written are times
// compounded with the same word ("127.2 CPU-seconds" and "21.2
// CPU-minutes"): the same amount of the same thing, in two units.
func sameCompound(a, b string) bool {
	ma, mb := compoundWordRE.FindStringSubmatch(a), compoundWordRE.FindStringSubmatch(b)
	return ma != nil && mb != nil && strings.EqualFold(ma[1], mb[1])
}
