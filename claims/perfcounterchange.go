package claims

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// perfCounterChangeHeld (fifty-third round): prose that restates the
// change of a perf stat counter between two runs pasted in the report
// ("Cycles fell by 77.8 % and instructions by 67.0 %", the old run
// counting 449,583,846,118 cycles and the new 99,757,532,417) had the
// percentage called unsupported: the counters are no pair the reader
// tries, so the closest pair of times was offered instead. A percentage
// alarmed unsupported is consistent when its line names a counter of
// the report's perf stat output (as a word: "cycles", "instructions",
// "branch-misses") whose first and last counts differ by that
// percentage, 100 × |1 − last/first|, at the percentage's rounding. A
// percentage no counter change gives keeps its alarm. perf stat output
// is in blind45, blind46 and blind54. Cost: one anchored regular
// expression per output line, once; per alarmed percentage one scan of
// the few counter names found.
const perfCounterChangeHeld = true

// perfCounterRE is a perf stat counter line: the count and the event.
var perfCounterRE = regexp.MustCompile(`^\s*(\d[\d,]*(?:\.\d+)?)\s+(?:msec\s+)?([a-z][a-z_-]*)\b`)

// unalarmPerfCounterChanges: see perfCounterChangeHeld.
func (x *extractor) unalarmPerfCounterChanges() {
	if !perfCounterChangeHeld {
		return
	}
	var counts map[string][]float64
	var names []string
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Kind != Percent || c.Verdict != Unsupported || c.stated.Text == "" || c.stated.isRange() || !(c.stated.step > 0) || c.Line < 1 || c.Line > len(x.lines) {
			continue
		}
		if counts == nil {
			counts = make(map[string][]float64)
			for _, l := range x.lines {
				if l.kind != lkOutput {
					continue
				}
				perfCountAdd(counts, &names, l.raw)
			}
		}
		line := strings.ToLower(x.lines[c.Line-1].raw)
		for _, name := range names {
			vs := counts[name]
			if len(vs) < 2 || !hasWord(line, name) && !(perfCounterSpacedName && hasSpacedName(line, name)) {
				continue
			}
			p := 100 * math.Abs(1-vs[len(vs)-1]/vs[0])
			if math.Abs(p-c.stated.Value) > c.stated.step/2+1e-9 {
				continue
			}
			c.Cross, c.Verdict, c.Arithmetic = nil, Consistent, Consistent
			c.Detail = fmt.Sprintf("perf stat's %s counts give a change of %.1f%%", name, p)
			break
		}
	}
}

// perfCounterSpacedName (fifty-fourth round): prose names a perf stat
// event in words, "branch misses" or "cache misses" for the output's
// branch-misses and cache-misses, and perfCounterChangeHeld looked for
// the event as written only: "Branch misses fell by 56.5 %, from 41.2 M
// to 17.9 M" (41,203,377 → 17,940,218 counted) stayed unsupported
// against the pair of another sentence. An event whose name has a
// hyphen or an underscore is now also found with spaces in their place.
// Cost: one string replacement per such event name and alarmed
// percentage.
const perfCounterSpacedName = true

// hasSpacedName reports whether s names the event name with spaces for
// its hyphens and underscores; false for a name that has neither.
func hasSpacedName(s, name string) bool {
	if !strings.ContainsAny(name, "-_") {
		return false
	}
	return hasWord(s, strings.NewReplacer("-", " ", "_", " ").Replace(name))
}

// hasWord reports whether s contains w with no letter, digit or hyphen
// on either side.
func hasWord(s, w string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], w)
		if j < 0 {
			return false
		}
		a, b := i+j, i+j+len(w)
		if (a == 0 || !wordByte(s[a-1])) && (b == len(s) || !wordByte(s[b])) {
			return true
		}
		i = a + 1
	}
}

func wordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '-' || b == '_'
}

// perfCountAdd reads raw as a perf stat counter line (perfCounterRE) and appends its count, commas dropped, to
// counts[event], adding event to *names at its first count, so that names keeps the events in the order the output
// first prints them. ok is false, and nothing is added, when raw is no counter line or its count is not positive.
// Cost: one anchored regular expression and one map look-up per line.
func perfCountAdd(counts map[string][]float64, names *[]string, raw string) (event string, ok bool) {
	m := perfCounterRE.FindStringSubmatch(raw)
	if m == nil {
		return "", false
	}
	v, err := strconv.ParseFloat(strings.ReplaceAll(m[1], ",", ""), 64)
	if err != nil || !(v > 0) {
		return "", false
	}
	if _, seen := counts[m[2]]; !seen {
		*names = append(*names, m[2])
	}
	counts[m[2]] = append(counts[m[2]], v)
	return m[2], true
}
