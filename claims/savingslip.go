package claims

import (
	"regexp"
	"slices"
	"strings"
)

// savingRestatesSaving lets checkPrefixSlips read a figure stated as a
// change ("the planner saves 4.848 µs per order", "is 2.3 ms less") when
// the figure it restates with the prefix slipped is itself written as a
// change: a cell of a column headed by a saving or a difference ("saved
// per plan", "Δ", "reduction"), or a figure of prose after a verb of
// change or before the noun of one ("With 4.848 ms saved per 24-item
// plan"). A change restates a change as a level restates a level; the
// check's other conditions (three significant digits, one value a
// thousand times the figure or a thousandth, a shared subject word) are
// unchanged. Each source is read once (its line's figures scanned, or
// its table's header). Forty-fifth round.
const savingRestatesSaving = true

// changeHeaderRE finds a column header that makes its cells changes.
var changeHeaderRE = regexp.MustCompile(`(?i)\b(?:saved|saving|savings|saves|reduction|difference|diff|delta)\b|Δ`)

// writtenAsChange reports whether figure n, written on 1-based line, is
// written as the size of a change: in a table, under a header
// changeHeaderRE matches; in prose, after a verb of change (changeByRE)
// or before a comparative or the noun of a change.
func (x *extractor) writtenAsChange(n Number, line int) bool {
	return x.changeWritten(line, false,
		func(f figure) bool { return f.Text == n.Text },
		func(f figure) bool { return f.Text == n.Text && f.Unit == n.Unit })
}

// changeWritten reports whether 1-based line writes a figure as the size
// of a change: in a table, a cell under a header changeHeaderRE matches
// holding a figure for which inCell holds; in prose, a figure for which
// inProse holds after a verb of change (changeByRE), before a
// comparative or the noun of a change, or, if subtraction is set, as the
// result of a subtraction (subtractionBeforeRE).
func (x *extractor) changeWritten(line int, subtraction bool, inCell, inProse func(figure) bool) bool {
	if line < 1 || line > len(x.lines) {
		return false
	}
	dl := &x.lines[line-1]
	if dl.table >= 0 {
		t := x.tables[dl.table]
		r := slices.IndexFunc(t.rows, func(r mdRow) bool { return r.line == line-1 })
		if r < 0 {
			return false
		}
		for k, cell := range t.rows[r].cells {
			if k >= len(t.header) || !changeHeaderRE.MatchString(t.header[k]) {
				continue
			}
			if slices.ContainsFunc(scanFigures(blankCode(cell)), inCell) {
				return true
			}
		}
		return false
	}
	if dl.kind != lkProse {
		return false
	}
	raw := blankCode(plain(dl.raw))
	for _, f := range scanFigures(raw) {
		if !inProse(f) {
			continue
		}
		before := raw[:f.start]
		if strings.TrimSpace(before) == "" {
			before = x.sentenceLead(line - 1)
		}
		if changeByRE.MatchString(before) || changeNounRE.MatchString(raw[f.end:]) || differenceAt(raw, f) ||
			subtraction && subtractionBeforeRE.MatchString(before) {
			return true
		}
	}
	return false
}

// slipRestatesChange lets checkDigitSlips read a figure stated as a
// change ("the fleet saves 1,340 ms per run", "drops by 1,203.3 s") as a
// slip of the pen of a change the report writes elsewhere with two
// digits swapped (1,430 ms in a column of savings, "1,230.3 s saved"),
// as savingRestatesSaving does for a slipped prefix: the source lines
// kept are those that write the source as a change, or as the result of
// a subtraction ("1,843.2 − 612.9 = 1,230.3"). Each source line is
// scanned once per slip read. Forty-fifth round.
const slipRestatesChange = true

// subtractionBeforeRE finds a subtraction and "=" right before a figure:
// "1,843.2 − 612.9 = ", "(9.2 - 7.9) = ".
var subtractionBeforeRE = regexp.MustCompile(`[0-9.,)]\s*[a-zµ%/]*\s*[-−–]\s*\(?[0-9][0-9.,]*\)?\s*[a-zµ%/]*\s*\)?\s*=\s*$`)

// digitsWrittenAsChange reports whether 1-based line writes a figure
// whose digits (digitsOf) are d as the size of a change: under a
// column header of saving or difference, after a verb of change or
// before its noun or a comparative, or as the result of a subtraction.
func (x *extractor) digitsWrittenAsChange(d string, line int) bool {
	same := func(f figure) bool { return digitsOf(f.Text) == d }
	return x.changeWritten(line, true, same, same)
}
