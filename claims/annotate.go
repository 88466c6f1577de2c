package claims

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// Annotate returns a copy of the report src with each checked figure
// marked where it stands: " ✓" after a claim that holds, " ✗[^ppN]" after
// an error and " ~[^ppN]" after an ambiguous one, the footnote ppN at the
// end explaining the verdict. A claim that cannot be marked in place — in
// a fenced code block (pasted benchmark output), or whose text is not on
// its line as written — gets its note under the paragraph, list, table or
// code block it is in, as a Markdown block quote. A summary ends the copy.
// Absolute figures that could not be checked are counted in the summary
// but not annotated one by one. src is not modified.
func Annotate(src []byte, cs []Claim) []byte {
	out, _ := annotate(src, cs)
	return out
}

// markAt is a verdict mark Annotate wrote: its byte offset in the
// annotated copy, its text (✓, ✗, ~ or ?) and the verdict it stands for.
type markAt struct {
	off     int
	mark    string
	verdict Verdict
}

// annotate is Annotate, also returning where it put each mark: after a
// figure, at the start of a note under a block and of a footnote.
func annotate(src []byte, cs []Claim) ([]byte, []markAt) {
	nl := "\n"
	if bytes.Contains(src, []byte("\r\n")) {
		nl = "\r\n"
	}
	text := string(bytes.TrimPrefix(src, []byte("\xef\xbb\xbf")))
	var lines []string
	for len(text) > 0 {
		if i := strings.IndexByte(text, '\n'); i >= 0 {
			lines, text = append(lines, text[:i+1]), text[i+1:]
		} else {
			lines, text = append(lines, text+nl), ""
		}
	}
	code := fencedLines(lines)
	byEnd := make(map[int][]*Claim)
	var footnotes []*Claim
	from := make(map[int]int)        // per line, where the next claim's text is looked for
	inLine := make(map[int][]markAt) // per line, the marks put in it (offsets in the line)
	for k := range cs {
		c := &cs[k]
		if c.Kind == Absolute && c.Verdict == Unverifiable && c.Measured == nil {
			continue
		}
		i := c.Line - 1
		if c.Verdict != Unverifiable && i >= 0 && i < len(lines) && !code[i] && c.Claimed != "" {
			if at := strings.Index(lines[i][from[i]:], c.Claimed); at >= 0 {
				end := from[i] + at + len(c.Claimed)
				mark := " " + annotationMark(c)
				inLine[i] = append(inLine[i], markAt{off: end + 1, mark: annotationMark(c), verdict: c.Verdict})
				if c.Verdict.Failed() || c.Verdict == Ambiguous {
					footnotes = append(footnotes, c)
					mark += fmt.Sprintf("[^pp%d]", len(footnotes))
				}
				lines[i] = lines[i][:end] + mark + lines[i][end:]
				from[i] = end + len(mark)
				continue
			}
		}
		byEnd[c.blockEnd] = append(byEnd[c.blockEnd], c)
	}
	var out strings.Builder
	var marks []markAt
	out.Grow(len(src) + 200*len(cs))
	for line, l := range lines {
		for _, m := range inLine[line] {
			m.off += out.Len()
			marks = append(marks, m)
		}
		out.WriteString(l)
		if notes := byEnd[line]; len(notes) > 0 {
			out.WriteString(nl)
			for _, c := range notes {
				out.WriteString("> ")
				marks = append(marks, markAt{off: out.Len(), mark: annotationMark(c), verdict: c.Verdict})
				out.WriteString(annotation(c))
				out.WriteString(nl)
			}
			out.WriteString(nl)
		}
	}
	out.WriteString(nl + "---" + nl + nl + "**perfproof verify**: " + Summary(cs) + nl)
	if len(footnotes) > 0 {
		out.WriteString(nl)
		for n, c := range footnotes {
			fmt.Fprintf(&out, "[^pp%d]: ", n+1)
			marks = append(marks, markAt{off: out.Len(), mark: annotationMark(c), verdict: c.Verdict})
			out.WriteString(strings.TrimSpace(annotation(c)) + nl)
		}
	}
	return []byte(out.String()), marks
}

// fencedLines reports, per line, whether it is inside (or is a fence of) a
// fenced code block: ``` or ~~~, as CommonMark reads them.
func fencedLines(lines []string) []bool {
	in := make([]bool, len(lines))
	fence := ""
	for i, l := range lines {
		t := strings.TrimSpace(l)
		switch {
		case fence != "":
			in[i] = true
			if strings.HasPrefix(t, fence) && strings.Trim(t, fence[:1]) == "" {
				fence = ""
			}
		case strings.HasPrefix(t, "```"), strings.HasPrefix(t, "~~~"):
			in[i] = true
			fence = t[:3]
			for len(fence) < len(t) && t[len(fence)] == t[0] {
				fence += t[:1]
			}
		}
	}
	return in
}

// annotationMark is the mark of a claim's verdict.
func annotationMark(c *Claim) string {
	return map[Verdict]string{
		Consistent: "✓", Reproduced: "✓", BetterThanClaimed: "✓",
		ArithmeticError: "✗", NotReproduced: "✗", Unverifiable: "?",
		Unsupported: "✗", MixesRows: "✗", Contradicted: "✗", Ambiguous: "~",
	}[c.Verdict]
}

// annotation is one claim's note: "line 68, 11x faster: **consistent**:
// 785 ns → 71 ns gives 11.1x".
func annotation(c *Claim) string {
	mark := annotationMark(c)
	claimed := strings.NewReplacer("`", "'", "*", "", "\n", " ").Replace(c.Claimed)
	s := fmt.Sprintf("%s line %d, %s: **%s**", mark, c.Line, claimed, c.Verdict)
	if c.Detail != "" {
		s += ": " + strings.ReplaceAll(c.Detail, "\n", " ")
	}
	return s + "  "
}

// summary counts the claims by verdict: "12 claims: 3 consistent, 1
// arithmetic-error, …".
func summary(cs []Claim) string {
	var n [len(verdictNames)]int
	for _, c := range cs {
		if int(c.Verdict) < len(n) {
			n[c.Verdict]++
		}
	}
	parts := []string{fmt.Sprintf("%d claims", len(cs))}
	for _, v := range []Verdict{Consistent, ArithmeticError, Unsupported, MixesRows, Contradicted, Ambiguous, Reproduced,
		NotReproduced, BetterThanClaimed, Unverifiable} {
		if n[v] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n[v], v))
		}
	}
	return strings.Join(parts, ", ")
}

// Summary returns the count of claims by verdict, e.g. "12 claims: 3
// consistent, 1 arithmetic-error, 8 unverifiable".
func Summary(cs []Claim) string {
	s := summary(cs)
	if i := strings.Index(s, ", "); i >= 0 {
		return s[:i] + ": " + s[i+2:]
	}
	return s
}

// WriteTable writes the claims cs as a table by line, one row per claim
// under the header "line kind subject claimed verdict detail", its
// columns aligned with spaces; the subject is cut to 48 runes and the
// claimed text to 40, a cut marked "…". It writes nothing when cs is
// empty and returns the error of writing to w.
func WriteTable(w io.Writer, cs []Claim) error {
	if len(cs) == 0 {
		return nil
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "line\tkind\tsubject\tclaimed\tverdict\tdetail")
	for _, c := range cs {
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\n", c.Line, c.Kind, shorten(c.Subject, 48), shorten(c.Claimed, 40), c.Verdict, c.Detail)
	}
	return tw.Flush()
}

// shorten cuts s to n runes, marking the cut, and removes tabs.
func shorten(s string, n int) string {
	s = strings.ReplaceAll(s, "\t", " ")
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
