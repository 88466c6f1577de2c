package claims

import (
	"bytes"
	"fmt"
	"strings"
)

// Annotate returns a copy of the report src with the verdict of each claim
// of cs (as returned by Extract, with Verify's verdicts if it ran) written
// under the paragraph, list, table or code block the claim is in, as a
// Markdown block quote, and a summary at the end. Tables and code blocks
// are left whole. Absolute figures that could not be checked are counted
// in the summary but not annotated one by one. src is not modified.
func Annotate(src []byte, cs []Claim) []byte {
	nl := "\n"
	if bytes.Contains(src, []byte("\r\n")) {
		nl = "\r\n"
	}
	byEnd := make(map[int][]*Claim)
	for k := range cs {
		c := &cs[k]
		if c.Kind == Absolute && c.Verdict == Unverifiable && c.Measured == nil {
			continue
		}
		byEnd[c.blockEnd] = append(byEnd[c.blockEnd], c)
	}
	text := string(bytes.TrimPrefix(src, []byte("\xef\xbb\xbf")))
	var out strings.Builder
	out.Grow(len(text) + 200*len(cs))
	line := 0
	for len(text) > 0 {
		var l string
		if i := strings.IndexByte(text, '\n'); i >= 0 {
			l, text = text[:i+1], text[i+1:]
		} else {
			l, text = text+nl, ""
		}
		out.WriteString(l)
		if notes := byEnd[line]; len(notes) > 0 {
			out.WriteString(nl)
			for _, c := range notes {
				out.WriteString("> ")
				out.WriteString(annotation(c))
				out.WriteString(nl)
			}
			out.WriteString(nl)
		}
		line++
	}
	out.WriteString(nl + "---" + nl + nl + "**perfproof verify**: " + Summary(cs) + nl)
	return []byte(out.String())
}

// annotation is one claim's note: "line 68, 11x faster: **consistent**:
// 785 ns → 71 ns gives 11.1x".
func annotation(c *Claim) string {
	mark := map[Verdict]string{
		Consistent: "✓", Reproduced: "✓", BetterThanClaimed: "✓",
		ArithmeticError: "✗", NotReproduced: "✗", Unverifiable: "?",
		Unsupported: "✗", MixesRows: "✗", Contradicted: "✗", Ambiguous: "~",
	}[c.Verdict]
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
