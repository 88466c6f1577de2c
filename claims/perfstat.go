package claims

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// perfStatRatios (forty-sixth round) reads the two ratios `perf stat`
// prints after "#" that the reader left out: the clock of the cycles
// counter ("141,893,114,020  cycles  #  3.694 GHz") and the instructions
// per cycle ("187,440,337,118  instructions  #  1.32  insn per cycle").
// Each is a claim of its own, checked by checkPerfStatRatios against the
// counters and the task clock of its block. The other "#" ratios ("1.073
// K/sec", "1.58% of all branches") were read already. One anchored regular
// expression per output line.
const perfStatRatios = true

// perfStatRates (forty-seventh round) reads the rate perf stat prints
// after "#" for a counter ("1,204,887,112  cache-references  #  64.376
// M/sec", "41,207  context-switches  #  2.202 K/sec"): the counter over
// the task clock of its run, with the prefix written before "/sec". It
// is a claim of its own, recomputed by checkPerfStatRatios (counter /
// task-clock seconds / prefix; consistent at its rounding, else left
// unverifiable), and no longer a figure of the line's other claims:
// "64.376 M/sec" had been read as a rate of one operation and recomputed
// by checkRate as one over the run's elapsed time (an arithmetic error,
// 0.514 M/s). The counters of a ratio are now those of its own run (the
// lines up to the "Performance counter stats" line above it and before
// the next), not the first of its block of output: a second run pasted
// in the same fence had its GHz and insn per cycle read against the
// first run's cycles. One anchored regular expression per output line;
// ±12 lines of the block per perf stat figure. perf stat's output is in
// blind45 and blind46.
const perfStatRates = true

// perfStatRateRE is a perf stat counter line with its rate per second:
// the counter, the rate and the prefix before "/sec".
var perfStatRateRE = regexp.MustCompile(`^\s*([\d,]+)\s+[a-z][a-z_-]*(?:[:/][a-z]+)?\s+#\s+(\d+(?:\.\d+)?)\s+([KMG]?)/sec\b`)

// perfRunRE is the line perf stat prints at the head of each run.
var perfRunRE = regexp.MustCompile(`Performance counter stats\b`)

// perfStatRatioRE is a perf stat counter line with its ratio in GHz or
// instructions per cycle.
var perfStatRatioRE = regexp.MustCompile(`^\s*[\d,]+\s+[a-z][a-z_-]*(?:[:/][a-z]+)?\s+#\s+(\d+(?:\.\d+)?)\s+(GHz|insn\s+per\s+cycle)\b`)

// perfStatLineClaims adds the claim of perf stat's ratio on output line
// i (0-based); the line is then read as before.
func (x *extractor) perfStatLineClaims(i int, scan string) string {
	if !perfStatRatios {
		return scan
	}
	if perfStatRates {
		if m := perfStatRateRE.FindStringSubmatchIndex(scan); m != nil {
			n, ok := wrkNumber(scan[m[4]:m[5]], "", Other, scan[m[6]:m[7]]+"/sec")
			if !ok {
				return scan
			}
			abs := x.newClaim(i, Absolute)
			abs.Numbers = []Number{n}
			abs.listed = true
			x.addAbsolute(abs)
			// The rate is the counter's, not a figure of the line's
			// other claims.
			return scan[:m[4]] + strings.Repeat(" ", m[7]+len("/sec")-m[4]) + scan[m[7]+len("/sec"):]
		}
	}
	m := perfStatRatioRE.FindStringSubmatch(scan)
	if m == nil {
		return scan
	}
	unit := "GHz"
	if m[2] != "GHz" {
		unit = "insn per cycle"
	}
	n, ok := wrkNumber(m[1], "", Other, unit)
	if !ok {
		return scan
	}
	abs := x.newClaim(i, Absolute)
	abs.Numbers = []Number{n}
	abs.listed = true
	x.addAbsolute(abs)
	return scan
}

var (
	perfTaskClockRE = regexp.MustCompile(`^\s*([\d,]+(?:\.\d+)?)\s+msec\s+task-clock\b`)
	perfCyclesRE    = regexp.MustCompile(`^\s*([\d,]+)\s+cycles\b`)
	perfInsnsRE     = regexp.MustCompile(`^\s*([\d,]+)\s+instructions\b`)
)

// checkPerfStatRatios recomputes the ratios perfStatLineClaims reads from
// the counters of their block (a dozen lines either way): the clock as
// cycles over the task clock, the instructions per cycle as instructions
// over cycles. Consistent when the printed figure is the quotient at its
// rounding; left unverifiable otherwise (perf's own output).
func (x *extractor) checkPerfStatRatios() {
	if !perfStatRatios {
		return
	}
	parse := func(s string) float64 {
		v, err := strconv.ParseFloat(strings.ReplaceAll(s, ",", ""), 64)
		if err != nil {
			return 0
		}
		return v
	}
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Kind != Absolute || c.Verdict != Unverifiable || len(c.Numbers) != 1 || c.Line < 1 || c.Line > len(x.lines) ||
			x.lines[c.Line-1].kind != lkOutput {
			continue
		}
		n := c.Numbers[0]
		rate := perfStatRates && strings.HasSuffix(n.Unit, "/sec")
		if n.Unit != "GHz" && n.Unit != "insn per cycle" && !rate {
			continue
		}
		i := c.Line - 1
		lo, hi := max(0, i-12), min(len(x.lines)-1, i+12)
		if perfStatRates {
			// The run of the figure: from the head line above it to
			// the line before the next head.
			for j := i; j >= lo; j-- {
				if x.lines[j].block != x.lines[i].block {
					lo = j + 1
					break
				}
				if perfRunRE.MatchString(x.lines[j].raw) {
					lo = j
					break
				}
			}
			for j := i + 1; j <= hi; j++ {
				if x.lines[j].block != x.lines[i].block || perfRunRE.MatchString(x.lines[j].raw) {
					hi = j - 1
					break
				}
			}
		}
		var msec, cycles, insns float64
		var cl int
		for j := lo; j <= hi; j++ {
			if x.lines[j].block != x.lines[i].block {
				continue
			}
			raw := x.lines[j].raw
			if m := perfTaskClockRE.FindStringSubmatch(raw); m != nil && msec == 0 {
				msec = parse(m[1])
			}
			if m := perfCyclesRE.FindStringSubmatch(raw); m != nil && cycles == 0 {
				cycles, cl = parse(m[1]), j+1
			}
			if m := perfInsnsRE.FindStringSubmatch(raw); m != nil && insns == 0 {
				insns = parse(m[1])
			}
		}
		var got float64
		var detail string
		switch {
		case rate && msec > 0:
			m := perfStatRateRE.FindStringSubmatch(x.lines[i].raw)
			if m == nil {
				continue
			}
			count := parse(m[1])
			scale := map[string]float64{"": 1, "K": 1e3, "M": 1e6, "G": 1e9}[m[3]]
			got = count / (msec / 1e3) / scale
			detail = fmt.Sprintf("%s counted over %s ms of task clock gives %s %s", trimFloat(count, 15), trimFloat(msec, 10), trimFloat(got, 5), n.Unit)
		case n.Unit == "GHz" && msec > 0 && cycles > 0:
			got = cycles / (msec / 1e3) / 1e9
			detail = fmt.Sprintf("%s cycles over %s ms of task clock gives %s GHz", trimFloat(cycles, 15), trimFloat(msec, 10), trimFloat(got, 4))
		case n.Unit == "insn per cycle" && cycles > 0 && insns > 0:
			got = insns / cycles
			detail = fmt.Sprintf("%s instructions over %s cycles (line %d) gives %s per cycle", trimFloat(insns, 15), trimFloat(cycles, 15), cl, trimFloat(got, 4))
		default:
			continue
		}
		if math.Abs(got-n.Value) > n.step/2+1e-9 {
			continue
		}
		c.Verdict, c.Arithmetic = Consistent, Consistent
		c.Detail = detail
	}
}
