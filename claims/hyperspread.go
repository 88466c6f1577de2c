package claims

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// hyperfineSpread (forty-first round): hyperfine's summary states each
// factor with its spread ("7.58 ± 0.19 times faster than …"), which it
// computes from the two commands' means and standard deviations of its
// "Time (mean ± σ)" lines: ratio × √((σ₁/μ₁)² + (σ₂/μ₂)²). The spread,
// and the factor with its spread restated in prose across a line break
// ("… instead of 142.6 s, 6.89 ± 0.16" / "times faster"), were not read:
// spreadFactor (twenty-sixth round) keeps the factor and drops the
// spread. Each is now a figure of the report, consistent when two of
// the report's hyperfine runs give both the factor and its spread; left
// out otherwise.
const hyperfineSpread = true

var (
	// hyperfineTimeRE reads hyperfine's line of a command's mean and
	// standard deviation.
	hyperfineTimeRE = regexp.MustCompile(`Time \(mean ± σ\):\s+([0-9]+(?:\.[0-9]+)?)\s*(ns|µs|us|ms|s)\s+±\s+([0-9]+(?:\.[0-9]+)?)\s*(ns|µs|us|ms|s)\b`)
	// spreadFactorRE finds a factor with its spread: "7.58 ± 0.19".
	// timesWordRE opens a line that a factor's pair ends before.
	timesWordRE    = regexp.MustCompile(`^times\s+(?:faster|slower)\b`)
	spreadFactorRE = regexp.MustCompile(`(?:^|[\s(,])([0-9]+\.[0-9]+)\s*±\s*([0-9]+\.[0-9]+)\s*(?:times\s+(?:faster|slower)\b|×|x\b|$)`)
)

// hyperfineSeconds converts a hyperfine time to seconds.
func hyperfineSeconds(v, unit string) float64 {
	f, err := strconv.ParseFloat(v, 64)
	if err != nil {
		return math.NaN()
	}
	switch unit {
	case "ns":
		return f * 1e-9
	case "µs", "us":
		return f * 1e-6
	case "ms":
		return f * 1e-3
	}
	return f
}

// listHyperfineSpreads: see hyperfineSpread.
func (x *extractor) listHyperfineSpreads() {
	if !hyperfineSpread {
		return
	}
	type run struct {
		line    int
		mu, rel float64 // mean in seconds, σ/μ
	}
	var runs []run
	for i := range x.lines {
		if x.lines[i].kind != lkOutput || !strings.Contains(x.lines[i].raw, "mean ± σ") {
			continue
		}
		m := hyperfineTimeRE.FindStringSubmatch(x.lines[i].raw)
		if m == nil {
			continue
		}
		mu, sd := hyperfineSeconds(m[1], m[2]), hyperfineSeconds(m[3], m[4])
		if !(mu > 0) || !(sd >= 0) {
			continue
		}
		runs = append(runs, run{i + 1, mu, sd / mu})
		if len(runs) >= 64 {
			break
		}
	}
	if len(runs) < 2 {
		return
	}
	var add []Claim
	for i := range x.lines {
		k := x.lines[i].kind
		if k != lkOutput && k != lkProse || !strings.Contains(x.lines[i].raw, "±") {
			continue
		}
		raw := plain(x.lines[i].raw)
		for _, m := range spreadFactorRE.FindAllStringSubmatchIndex(raw, -1) {
			if strings.TrimSpace(raw[m[0]:m[1]]) != "" && !strings.Contains(raw[m[0]:m[1]], "times") && !strings.ContainsAny(raw[m[0]:m[1]], "×x") {
				// The pair ends its line: its factor word opens the next.
				next := ""
				if i+1 < len(x.lines) && x.lines[i+1].kind == k {
					next = strings.TrimSpace(plain(x.lines[i+1].raw))
				}
				if !timesWordRE.MatchString(next) {
					continue
				}
			}
			at, bt := raw[m[2]:m[3]], raw[m[4]:m[5]]
			a, _ := strconv.ParseFloat(at, 64)
			b, _ := strconv.ParseFloat(bt, 64)
			astep, bstep := stepOf(at), stepOf(bt)
			got := math.NaN()
			var pr [2]int
			for p := range runs {
				for q := range runs {
					r := runs[q].mu / runs[p].mu
					if p == q || math.Abs(r-a) > astep/2+1e-9 {
						continue
					}
					s := r * math.Hypot(runs[p].rel, runs[q].rel)
					if math.Abs(s-b) <= bstep/2+1e-9 {
						got, pr = s, [2]int{runs[p].line, runs[q].line}
					}
				}
			}
			if math.IsNaN(got) {
				continue
			}
			nb := Number{Text: "±" + bt, Value: b, High: b, Unit: "x", step: bstep, scale: 1}
			var nums []Number
			claimed := "± " + bt
			if !x.figureClaimed(i+1, at) {
				nums = append(nums, Number{Text: at, Value: a, High: a, Unit: "x", step: astep, scale: 1})
				claimed = at + " ± " + bt
			}
			c := x.newClaim(i, Absolute)
			c.Claimed, c.Numbers, c.Verdict = claimed, append(nums, nb), Consistent
			c.Detail = fmt.Sprintf("hyperfine's runs of lines %d and %d give %s ± %s (the spread: ratio × √((σ₁/μ₁)² + (σ₂/μ₂)²))",
				pr[0], pr[1], at, trimFloat(got, 3))
			add = append(add, *c)
		}
	}
	x.addClaims(add)
}

// stepOf is the place value of the last digit of a decimal written as s.
func stepOf(s string) float64 {
	if j := strings.IndexByte(s, '.'); j >= 0 {
		return math.Pow(10, -float64(len(s)-j-1))
	}
	return 1
}
