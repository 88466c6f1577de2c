package claims

import (
	"strings"
	"unicode"
)

// pairSideOtherRow (forty-ninth round): a pair of prose whose after
// figure is contradicted by the row of its subject — "the small case went
// from 44.10 µs to 2.71 µs, a cut of 93.9 %" against the table's medium
// row "44.10 µs → 15.20 µs", "the per-CDR cost falls from 3.412 µs to
// 1.096 µs" against the batch-1 row "3.412 µs → 1.274 µs" — had its
// other side left unverifiable ("one side of a pair whose other side is
// contradicted"). When the contradicted figure is itself a figure of
// another row of the same table (2.71 µs is the small row's after, 1.096
// µs the 1,024 row's), the pair joins two rows: neither side is a
// misquote of one row, and the side kept is mixes-rows too. Only a
// figure of three significant digits or more, written in the table's
// block of lines (a Markdown table or a block of output) on a line other
// than the contradicting one, is read; and the pair's sentence must name
// that other row (a word of its label the contradicting row's label does
// not have: "the small case" for the row "small", "at 1,024 records" for
// "1,024"), else the contradicted figure is the slip and the side kept is
// the named row's ("for the large breweries … from 3 m 52 s to 12.9 s"
// where 12.9 s is the medium row's). Cost: per contradicted pair, one
// scan of its table's lines.
const pairSideOtherRow = true

// otherRowOfTable returns the 1-based line of another row of the table
// that holds the contradicting figure of cx (its first line) on which st
// is written and which the sentence of st on line names, or 0.
func (x *extractor) otherRowOfTable(cx *Cross, st Number, line int) int {
	if !pairSideOtherRow || cx == nil || len(cx.Lines) == 0 || len(cx.Operands) == 0 || sigDigits(st.Text) < 3 || st.scale == 0 ||
		line < 1 || line > len(x.lines) {
		return 0
	}
	raw := blankCode(plain(x.lines[line-1].raw))
	at := indexFigure(raw, st.Text)
	if at < 0 {
		return 0
	}
	if prev := x.wrappedLine(line-1, line-2); prev != "" {
		raw, at = prev+" "+raw, at+len(prev)+1
	}
	slo, shi := sentenceBounds(raw, at)
	sentence := compactWords(raw[slo:shi])
	l := cx.Lines[0] - 1
	if l < 0 || l >= len(x.lines) {
		return 0
	}
	kind := x.lines[l].kind
	if kind != lkTable && kind != lkOutput {
		return 0
	}
	lo, hi := l, l
	for lo > 0 && x.lines[lo-1].kind == kind && x.lines[lo-1].block == x.lines[l].block {
		lo--
	}
	for hi+1 < len(x.lines) && x.lines[hi+1].kind == kind && x.lines[hi+1].block == x.lines[l].block {
		hi++
	}
	own := labelTokens(x.lines[l].raw)
	flo0, fhi0 := st.base()
	for i := lo; i <= hi; i++ {
		if i == l {
			continue
		}
		named := false
		for tok := range labelTokens(x.lines[i].raw) {
			if !own[tok] && strings.Contains(sentence, tok) {
				named = true
			}
		}
		if !named {
			continue
		}
		for _, f := range scanFigures(blankCode(plain(x.lines[i].raw))) {
			if f.Quantity != st.Quantity || f.isRange() || f.scale == 0 || digitsOf(f.Text) != digitsOf(st.Text) {
				continue
			}
			if flo, fhi := f.base(); flo <= fhi0 && flo0 <= fhi {
				return i + 1
			}
		}
	}
	return 0
}

// labelTokens returns the words of a row's label (a table row's first
// cell, an output line's first field), lowercased, thousands separators
// dropped, as a set.
func labelTokens(raw string) map[string]bool {
	label := strings.TrimSpace(raw)
	if strings.HasPrefix(label, "|") {
		label = strings.TrimPrefix(label, "|")
		if i := strings.IndexByte(label, '|'); i >= 0 {
			label = label[:i]
		}
	} else if f := strings.Fields(label); len(f) > 0 {
		label = f[0]
	}
	label = strings.ToLower(strings.ReplaceAll(plain(label), ",", ""))
	out := make(map[string]bool)
	for _, w := range strings.FieldsFunc(label, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		out[w] = true
	}
	return out
}

// compactWords returns s lowercased with everything but letters and
// digits removed ("Class B reports (type 18)" is "classbreportstype18").
func compactWords(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}
