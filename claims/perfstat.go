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

// perfStatRatioRE is a perf stat counter line with its ratio in GHz or
// instructions per cycle.
var perfStatRatioRE = regexp.MustCompile(`^\s*[\d,]+\s+[a-z][a-z_-]*(?:[:/][a-z]+)?\s+#\s+(\d+(?:\.\d+)?)\s+(GHz|insn\s+per\s+cycle)\b`)

// perfStatLineClaims adds the claim of perf stat's ratio on output line
// i (0-based); the line is then read as before.
func (x *extractor) perfStatLineClaims(i int, scan string) {
	if !perfStatRatios {
		return
	}
	m := perfStatRatioRE.FindStringSubmatch(scan)
	if m == nil {
		return
	}
	unit := "GHz"
	if m[2] != "GHz" {
		unit = "insn per cycle"
	}
	n, ok := wrkNumber(m[1], "", Other, unit)
	if !ok {
		return
	}
	abs := x.newClaim(i, Absolute)
	abs.Numbers = []Number{n}
	abs.listed = true
	x.addAbsolute(abs)
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
		if n.Unit != "GHz" && n.Unit != "insn per cycle" {
			continue
		}
		i := c.Line - 1
		var msec, cycles, insns float64
		var cl int
		for j := max(0, i-12); j < len(x.lines) && j <= i+12; j++ {
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
