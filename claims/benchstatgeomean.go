package claims

import (
	"math"
	"regexp"
	"strconv"
	"strings"
)

// benchstatGeomeanRestated (fifty-fourth round): benchstat ends each of
// its tables with a geomean row, "geomean  152.4µ  47.58µ  -68.78%" (the
// older format: "[Geo mean]  3.06ms  1.45ms  -52.61%"), whose last
// column is the change of the geometric means. A summary that restates
// it with another number ("Across the five micro-benchmarks the
// geometric mean time per operation fell by 66 %", "On geomean the new
// filter is 3.5x better", "The benchstat geomean shows a 3.1x speedup")
// was checked against whichever pair of the report its figure fitted
// (one benchmark's 66.3 %), or against none. A percentage or factor of
// prose whose sentence names the geometric mean before it, with no other
// percentage or factor between those words and it, is compared with the
// geomean rows of its quantity (sec/op or time/op for a time, B/op or
// alloc/op for memory, allocs/op for allocations; all of them when the
// claim names no quantity). The change c reads as a cut of |c| %, as a speed
// gain of 100 × (1/(1 + c) − 1) % and as a factor 1/(1 + c) (or 1 + c
// for a rise); the claim's figure within its rounding, the row's
// rounding, and a fiftieth more for "about", fitting no reading of any
// such row is contradicted. Sets whose benchstat geomean rows prose
// restates: blind6, blind26, blind29–blind33, blind42, blind48–blind53,
// blind55. Cost: the output lines read once for their geomean rows
// (one prefix test per line, a walk of at most twelve lines up to the
// table's header per row found); per prose ratio one sentence search.
const benchstatGeomeanRestated = true

// benchstatGeomeanRE reads a benchstat geomean row: its two means and
// its change in percent.
var benchstatGeomeanRE = regexp.MustCompile(`^\s*(?:geomean|\[Geo mean\])\s+\S+\s+\S+\s+([+-]?\d+(?:\.\d+)?)%\s*$`)

// geomeanChange is a benchstat geomean row: its 1-based line, the
// quantity of its table, its change as a fraction and that change's
// rounding step.
type geomeanChange struct {
	line     int
	q        Quantity
	chg, stp float64
}

// benchstatGeomeans returns the report's benchstat geomean rows whose
// table's header names the quantity.
func (x *extractor) benchstatGeomeans() []geomeanChange {
	var out []geomeanChange
	for i := range x.lines {
		if x.lines[i].kind != lkOutput {
			continue
		}
		raw := x.lines[i].raw
		t := strings.TrimLeft(raw, " \t")
		if !strings.HasPrefix(t, "geomean") && !strings.HasPrefix(t, "[Geo mean]") {
			continue
		}
		m := benchstatGeomeanRE.FindStringSubmatch(raw)
		if m == nil {
			continue
		}
		v, err := strconv.ParseFloat(m[1], 64)
		if err != nil || v <= -100 {
			continue
		}
		q := Unknown
		for j := i - 1; j >= 0 && j >= i-12 && q == Unknown; j-- {
			h := x.lines[j].raw
			switch {
			case strings.Contains(h, "allocs/op"):
				q = Allocs
			case strings.Contains(h, "B/op") || strings.Contains(h, "alloc/op"):
				q = Memory
			case strings.Contains(h, "sec/op") || strings.Contains(h, "time/op"):
				q = Time
			}
		}
		if q == Unknown {
			continue
		}
		digits := 0
		if d := strings.IndexByte(m[1], '.'); d >= 0 {
			digits = len(m[1]) - d - 1
		}
		out = append(out, geomeanChange{line: i + 1, q: q, chg: v / 100, stp: math.Pow(10, -float64(digits)) / 100})
	}
	return out
}

// checkBenchstatGeomeans: see benchstatGeomeanRestated.
func (x *extractor) checkBenchstatGeomeans() {
	if !benchstatGeomeanRestated {
		return
	}
	var rows []geomeanChange
	read := false
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Kind != Speedup && c.Kind != Percent || c.Verdict != Consistent && c.Verdict != Unverifiable || c.expected ||
			c.Line < 1 || c.Line > len(x.lines) || x.lines[c.Line-1].kind != lkProse || c.stated.Text == "" || c.stated.isRange() ||
			!(c.stated.Value > 0) || !(c.stated.step > 0) {
			continue
		}
		q := canonical(c.Quantity)
		if q == Throughput {
			q = Time
		}
		if q != Unknown && q != Time && q != Memory && q != Allocs {
			continue
		}
		text, _ := x.proseWithWrap(c.Line)
		at := indexFigure(text, c.stated.Text)
		if at < 0 {
			continue
		}
		before := text[sentenceStart(text[:at]):at]
		ms := geomeanWordsRE.FindAllStringIndex(before, -1)
		if ms == nil || claimBetweenRE.MatchString(before[ms[len(ms)-1][1]:]) {
			continue
		}
		if !read {
			rows, read = x.benchstatGeomeans(), true
		}
		var own []geomeanChange
		for _, r := range rows {
			if r.q == q || q == Unknown {
				own = append(own, r)
			}
		}
		if len(own) == 0 {
			continue
		}
		tol := c.stated.step / 2
		if c.stated.Approx {
			tol += c.stated.Value / 50
		}
		fits := func(lo, hi float64) bool {
			return c.stated.Value+tol+1e-9 >= math.Min(lo, hi) && c.stated.Value-tol-1e-9 <= math.Max(lo, hi)
		}
		held := false
		for _, r := range own {
			a, b := r.chg-r.stp/2, r.chg+r.stp/2
			if b >= 0 && a <= 0 {
				held = true // no change to speak of: leave it
				break
			}
			switch c.Kind {
			case Percent:
				gain := func(v float64) float64 { return 100 * math.Abs(1/(1+v)-1) }
				held = fits(100*math.Abs(a), 100*math.Abs(b)) || fits(gain(a), gain(b))
			case Speedup:
				f := func(v float64) float64 {
					if v < 0 {
						return 1 / (1 + v)
					}
					return 1 + v
				}
				held = fits(f(a), f(b))
			}
			if held {
				break
			}
		}
		if held {
			continue
		}
		r := own[0]
		got, unit := 100*math.Abs(r.chg), "%"
		if c.Kind == Speedup {
			unit = "x"
			got = 1 + r.chg
			if r.chg < 0 {
				got = 1 / (1 + r.chg)
			}
		}
		c.Pair = nil
		setCross(c, &Cross{Reason: RestatedDiffers, Lines: []int{r.line}, Stated: c.stated, Got: got, GotUnit: unit})
	}
}
