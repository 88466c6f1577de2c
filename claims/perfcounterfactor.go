package claims

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// perfCounterFactor (fifty-fourth round): a factor of prose that names a
// perf stat event ("the new inner loop is 3.4x more
// instruction-efficient per epoch", "needs 2.75x fewer cycles") with two
// perf stat runs pasted in the report and no pair of its own was left
// unverifiable, "a factor of something no pair counts". It is the
// quotient of the event's counts in the first and the last run, larger
// over smaller. A factor left unverifiable whose clause names, as a
// word in the 48 bytes after it or in its clause before it, an event of
// the report's perf stat output (its name with spaces for hyphens, with
// or without a final "s") counted in two runs or more, is consistent
// when that quotient gives it at its rounding (and a twentieth for the
// rounding of the counts written in prose), unsupported otherwise. A
// clause that names instructions per cycle (IPC, "per cycle") is left
// alone: that is a ratio of two counters. perf stat output is in blind45,
// blind46, blind54 and blind55. Cost: one anchored regular expression per
// output line, once, when an unverifiable factor is found; per such
// factor one scan of the few event names.
const perfCounterFactor = true

// checkPerfCounterFactors: see perfCounterFactor.
func (x *extractor) checkPerfCounterFactors() {
	if !perfCounterFactor {
		return
	}
	var counts map[string][]float64
	var at1 map[string][]int // the 1-based lines of the counts
	var names []string
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Kind != Speedup || c.Verdict != Unverifiable || c.Pair != nil || c.stated.Text == "" || c.stated.isRange() || !(c.stated.Value > 1) ||
			!(c.stated.step > 0) || c.Line < 1 || c.Line > len(x.lines) || x.lines[c.Line-1].kind != lkProse {
			continue
		}
		if counts == nil {
			counts, at1 = make(map[string][]float64), make(map[string][]int)
			for i, l := range x.lines {
				if l.kind != lkOutput {
					continue
				}
				if strings.Contains(l.raw, "msec") {
					continue
				}
				event, ok := perfCountAdd(counts, &names, l.raw)
				if !ok {
					continue
				}
				at1[event] = append(at1[event], i+1)
			}
		}
		if len(names) == 0 {
			return
		}
		text, lo, at := x.clauseToFigure(c)
		if at < 0 {
			continue
		}
		end := min(len(text), at+len(c.stated.Text)+48)
		words := strings.ToLower(text[lo:end])
		if strings.Contains(words, "per cycle") || hasWord(words, "ipc") {
			continue
		}
		for _, name := range names {
			vs := counts[name]
			if len(vs) < 2 {
				continue
			}
			spaced := strings.NewReplacer("-", " ", "_", " ").Replace(name)
			stem := strings.TrimSuffix(spaced, "s")
			if !hasWord(words, spaced) && !hasWord(words, stem) && !hasWord(words, stem+"-efficient") {
				continue
			}
			a, b := vs[0], vs[len(vs)-1]
			got := math.Max(a, b) / math.Min(a, b)
			tol := c.stated.step/2 + got/20
			if math.Abs(got-c.stated.Value) <= tol {
				c.Verdict, c.Arithmetic = Consistent, Consistent
				c.Detail = fmt.Sprintf("perf stat's %s counts give a factor of %.2f", name, got)
			} else {
				ls := at1[name]
				setCross(c, &Cross{Reason: ClosestPair, Lines: []int{ls[0], ls[len(ls)-1]}, Stated: c.stated, Got: got, GotUnit: "x",
					Operands: []Number{{Text: m1(a), Value: a, High: a}, {Text: m1(b), Value: b, High: b}}})
			}
			break
		}
	}
}

// m1 writes a count for a message.
func m1(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
