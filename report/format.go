package report

import (
	"fmt"
	"math"
	"strings"

	"github.com/perfproof/perfproof/cost"
	"github.com/perfproof/perfproof/stats"
)

// inlineEscaper escapes the characters that Markdown would read as markup
// in running text and table cells. Brackets are left alone: without a
// following "(" or a reference definition, which the report never writes,
// they stay literal, and Go messages are full of "[]byte". `|` is escaped everywhere, which GitHub
// requires inside table cells even within code spans.
var inlineEscaper = strings.NewReplacer(
	`\`, `\\`,
	"`", "\\`",
	`*`, `\*`,
	`_`, `\_`,
	`<`, `\<`,
	`>`, `\>`,
	`|`, `\|`,
	"\r\n", " ",
	"\n", " ",
)

// text returns s escaped for Markdown running text or a table cell, with
// line breaks turned into spaces.
func text(s string) string { return inlineEscaper.Replace(s) }

// code returns s as a Markdown code span: the fence is longer than any
// run of backticks in s, and line breaks become spaces.
func code(s string) string {
	s = strings.NewReplacer("\r\n", " ", "\n", " ").Replace(s)
	fence := "`"
	for strings.Contains(s, fence) {
		fence += "`"
	}
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		s = " " + s + " "
	}
	return fence + s + fence
}

// codeCell is code for a table cell: `|` is escaped as `\|`, which GitHub
// requires even inside a code span and removes when rendering it.
func codeCell(s string) string {
	return strings.ReplaceAll(code(s), "|", `\|`)
}

// short returns the first sentence-like part of msg, cut at the first "; "
// and then at a word boundary near max runes, with "…" when cut.
func short(msg string, max int) string {
	if i := strings.Index(msg, "; "); i > 0 {
		msg = msg[:i]
	}
	r := []rune(msg)
	if len(r) <= max {
		return msg
	}
	cut := max
	for i := max; i > max/2; i-- {
		if r[i] == ' ' {
			cut = i
			break
		}
	}
	return strings.TrimRight(string(r[:cut]), " ,;:") + "…"
}

// pct formats a share in [0, 1] as a percentage with one decimal.
func pct(share float64) string {
	return fmt.Sprintf("%.1f%%", share*100)
}

// bound formats the Amdahl bound of a share, cost.Bound, as "≤ 1.32×".
func bound(share float64) string {
	b := cost.Bound(share)
	if math.IsInf(b, 1) {
		return "≤ ∞"
	}
	return fmt.Sprintf("≤ %.2f×", b)
}

// sig formats a non-negative v with three significant digits, without an
// exponent: 1.23, 12.3, 123, 1234.
func sig(v float64) string {
	a := math.Abs(v)
	switch {
	case a == 0 || a >= 100:
		return fmt.Sprintf("%.0f", v)
	case a >= 10:
		return fmt.Sprintf("%.1f", v)
	case a >= 1:
		return fmt.Sprintf("%.2f", v)
	}
	return fmt.Sprintf("%.3g", v)
}

// scaled formats v in the largest unit whose value is at least 1. units
// are in ascending order, each factor times the previous.
func scaled(v float64, factor float64, units ...string) string {
	i := 0
	for i < len(units)-1 && math.Abs(v) >= factor {
		v /= factor
		i++
	}
	return sig(v) + " " + units[i]
}

// duration formats a time in seconds as ns, µs, ms or s.
func duration(sec float64) string {
	return scaled(sec*1e9, 1000, "ns", "µs", "ms", "s")
}

// byteSize formats a byte count with binary prefixes, as benchstat does.
func byteSize(b float64) string {
	return scaled(b, 1024, "B", "KiB", "MiB", "GiB", "TiB")
}

// count formats a plain count with k and M for thousands and millions; a
// whole number below 1000 is printed without decimals.
func count(n float64) string {
	if n == math.Trunc(n) && math.Abs(n) < 1000 {
		return fmt.Sprintf("%.0f", n)
	}
	s := scaled(n, 1000, "", "k", "M", "G")
	return strings.Replace(s, " ", "", 1)
}

// spread formats a summary as "12.3 µs ±4.5%": the median in the given
// format and the larger distance from it to a confidence bound, relative to
// the median. It returns "—" for an unmeasured metric, and "±∞" when the
// interval is infinite.
func spread(s stats.Summary, format func(float64) string) (cell string, infinite bool) {
	if s.N == 0 {
		return "—", false
	}
	c := format(s.Median)
	switch {
	case math.IsInf(s.Lo, 0) || math.IsInf(s.Hi, 0):
		return c + " ±∞", true
	case s.Median == 0:
		if s.Lo == 0 && s.Hi == 0 {
			return c + " ±0%", false
		}
		return c + " ±?", false
	}
	d := math.Max(math.Abs(s.Hi-s.Median), math.Abs(s.Median-s.Lo)) / math.Abs(s.Median)
	if d == 0 {
		return c + " ±0%", false
	}
	return c + " " + fmt.Sprintf("±%.1f%%", d*100), false
}
