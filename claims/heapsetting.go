package claims

import "regexp"

// heapSizeSetting (forty-eighth round): the size of a heap a benchmark's
// method configures ("G1 with a 2 GiB heap", "(G1, 8 GiB heap)") is a
// setting of the run, not a measured figure; it was called contradicted
// against the heap the results measure ("Heap in use per pod 1.4 GiB",
// "Heap after GC, per node 9.6 GiB"), both being memory figures of a
// "heap" subject. A size written right before "heap" (after "a" or at
// the start of its clause) whose only alarm is a contradiction is left
// unverifiable: a configured maximum and a measured occupancy are two
// quantities. A size before "heap in use", "heap after GC" or "of heap"
// is a measurement and keeps its verdict. Cost: one anchored regular
// expression per contradicted memory figure of prose.
const heapSizeSetting = true

// heapAfterRE finds "heap" right after a size, not followed by a word
// that makes it a measured occupancy.
var heapAfterRE = regexp.MustCompile(`(?i)^\s*(?:max(?:imum)?\s+|java\s+|jvm\s+)?heaps?\b(?:\s*(?:size|limit|cap|ceiling)\b)?`)

// heapMeasuredRE finds words after "heap" that make the size a
// measurement ("heap in use", "heap after GC", "heap used").
var heapMeasuredRE = regexp.MustCompile(`(?i)^\s*(?:in\s+use|after|used|usage|occupancy|live|peak|resident|retained|growth|grew|grows)\b`)

// unalarmHeapSettings: see heapSizeSetting.
func (x *extractor) unalarmHeapSettings() {
	if !heapSizeSetting {
		return
	}
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Kind != Absolute || c.Verdict != Contradicted || len(c.Numbers) != 1 || c.Numbers[0].Quantity != Memory ||
			c.Line < 1 || c.Line > len(x.lines) || x.lines[c.Line-1].kind != lkProse {
			continue
		}
		line := blankCode(plain(x.lines[c.Line-1].raw))
		fig := c.Numbers[0]
		at := indexFigure(line, fig.Text)
		if at < 0 {
			continue
		}
		rest := line[at+len(fig.Text):]
		// Step over the unit written after the number.
		for len(rest) > 0 && rest[0] == ' ' {
			rest = rest[1:]
		}
		if fig.Unit != "" && len(rest) >= len(fig.Unit) {
			rest = rest[len(fig.Unit):]
		} else {
			for len(rest) > 0 && rest[0] != ' ' {
				rest = rest[1:]
			}
		}
		m := heapAfterRE.FindString(rest)
		if m == "" || heapMeasuredRE.MatchString(rest[len(m):]) {
			continue
		}
		c.Cross, c.Verdict, c.Arithmetic = nil, Unverifiable, Unverifiable
		c.Detail = "a configured heap size, a setting of the run rather than a measured figure"
	}
}
