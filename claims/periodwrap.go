package claims

import "regexp"

// periodWrapped (forty-ninth round): a rate whose period is wrapped onto
// the next line of its paragraph — "a single core can parse about
// 85,000 medium waybills a" / "second", "decodes about 810,000 labels" /
// "a second" — was read as a bare count, not extracted as a rate and not
// checked against the time per item its sentence states (the same rate
// on one line, "rates about 985,000 CDRs a second", is). When a line of
// prose ends in a count and its noun followed by "a", "an", "per",
// "each" or "every" (or ends in the count and its noun, the next line
// starting with one of them), and the next line of its paragraph starts
// with the period ("second", "minute", "hour", "day", …), the period is
// read at the end of the line, as if written there. Only the words that
// end the line are moved; the figure and the rest of the line are read
// as before. Cost: two anchored regular expressions per prose line.
const periodWrapped = true

var (
	// lineEndRateRE finds a count and up to two words ending a line,
	// and "a"/"per" when the line ends in it.
	lineEndRateRE = regexp.MustCompile(`\d(?:\s?(?:k|K|M|million|thousand|billion))?(?: [a-zA-Z][a-zA-Z0-9-]*){1,2}?( (?:a|an|per|each|every))?\s*$`)
	// lineStartPeriodRE finds a period starting a line, after "a",
	// "per" when the previous line did not end in one.
	lineStartPeriodRE = regexp.MustCompile(`^\s*((?:(?:a|an|per|each|every) )?)(second|sec|minute|min|hour|hr|day|week|month|year)\b`)
)

// withWrappedPeriod returns scan, the text of prose line i, with the
// period the next line starts with appended when it completes a rate
// ending the line (see periodWrapped). The line's figures are scanned
// once more when its words match.
func (x *extractor) withWrappedPeriod(i int, scan string) string {
	m := lineEndRateRE.FindStringSubmatchIndex(scan)
	if m == nil {
		return scan
	}
	// The count ending the line: a bare number (a figure with a unit,
	// "2.8 CPU-hours", is no count of things).
	figs := scanFigures(scan)
	if len(figs) == 0 {
		return scan
	}
	if f := figs[len(figs)-1]; f.Unit != "" || f.end < m[0] || f.start > m[0]+1 {
		return scan
	}
	next := x.wrappedLine(i, i+1)
	if next == "" {
		return scan
	}
	p := lineStartPeriodRE.FindStringSubmatch(next)
	if p == nil {
		return scan
	}
	ended := m[2] >= 0
	switch {
	case ended && p[1] == "":
		return scan + " " + p[2]
	case !ended && p[1] != "":
		return scan + " " + p[1] + p[2]
	}
	return scan
}
