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

// hyperfineMarkdown (forty-first round): hyperfine's --export-markdown
// table ("| Command | Mean [s] | Min [s] | Max [s] | Relative |") states
// each command's mean with its standard deviation ("2.061 ± 0.021") and
// its time relative to the fastest command with the spread of that
// ratio ("1.48 ± 0.02"), computed as hyperfineSpread's. The Relative
// cells were not read; each is now a figure, consistent when the
// table's means and deviations give it, left unverifiable otherwise.
const hyperfineMarkdown = true

// meanSpreadCellRE reads a cell "2.061 ± 0.021" (or a bare "1.00").
var meanSpreadCellRE = regexp.MustCompile(`^([0-9]+(?:\.[0-9]+)?)(?:\s*±\s*([0-9]+(?:\.[0-9]+)?))?$`)

// listHyperfineTables: see hyperfineMarkdown.
func (x *extractor) listHyperfineTables() {
	if !hyperfineMarkdown {
		return
	}
	var add []Claim
	for _, t := range x.tables {
		mean, rel := -1, -1
		for j, h := range t.header {
			h = strings.TrimSpace(h)
			switch {
			case strings.HasPrefix(h, "Mean [") || h == "Mean":
				mean = j
			case h == "Relative":
				rel = j
			}
		}
		if mean < 0 || rel < 0 || len(t.rows) < 2 || len(t.rows) > 64 {
			continue
		}
		type cell struct {
			mu, rel float64
			ok      bool
		}
		cells := make([]cell, len(t.rows))
		fast := -1
		for ri, r := range t.rows {
			if mean >= len(r.cells) {
				continue
			}
			m := meanSpreadCellRE.FindStringSubmatch(strings.TrimSpace(r.cells[mean]))
			if m == nil || m[2] == "" {
				continue
			}
			mu, _ := strconv.ParseFloat(m[1], 64)
			sd, _ := strconv.ParseFloat(m[2], 64)
			if !(mu > 0) {
				continue
			}
			cells[ri] = cell{mu, sd / mu, true}
			if fast < 0 || mu < cells[fast].mu {
				fast = ri
			}
		}
		if fast < 0 {
			continue
		}
		for ri, r := range t.rows {
			if !cells[ri].ok || ri == fast || rel >= len(r.cells) {
				continue
			}
			m := meanSpreadCellRE.FindStringSubmatch(strings.TrimSpace(r.cells[rel]))
			if m == nil || m[2] == "" || x.figureClaimed(r.line+1, m[1]) {
				continue
			}
			a, _ := strconv.ParseFloat(m[1], 64)
			b, _ := strconv.ParseFloat(m[2], 64)
			ratio := cells[ri].mu / cells[fast].mu
			spread := ratio * math.Hypot(cells[ri].rel, cells[fast].rel)
			c := x.newClaim(r.line, Absolute)
			c.Claimed = m[1] + " ± " + m[2]
			c.Numbers = []Number{{Text: m[1], Value: a, High: a, Unit: "x", step: stepOf(m[1]), scale: 1}, {Text: "±" + m[2], Value: b, High: b, Unit: "x", step: stepOf(m[2]), scale: 1}}
			// The means are rounded as written: their rounding widens
			// the ratio's.
			tol := ratio * (0.5*stepOf(meanText(r.cells[mean]))/cells[ri].mu + 0.5*stepOf(meanText(t.rows[fast].cells[mean]))/cells[fast].mu)
			if math.Abs(ratio-a) <= stepOf(m[1])/2+tol+1e-9 && math.Abs(spread-b) <= stepOf(m[2])/2+0.01*b+1e-9 {
				c.Verdict = Consistent
				c.Detail = fmt.Sprintf("hyperfine's table: %s / %s = %s ± %s against the fastest command", trimFloat(cells[ri].mu, 6), trimFloat(cells[fast].mu, 6), trimFloat(ratio, 3), trimFloat(spread, 2))
			} else {
				c.Verdict = Unverifiable
				c.Detail = "a Relative cell of hyperfine's table that its means do not give"
			}
			add = append(add, *c)
		}
	}
	x.addClaims(add)
}

// meanText is the mean of a cell "2.061 ± 0.021" as written.
func meanText(cell string) string {
	if m := meanSpreadCellRE.FindStringSubmatch(strings.TrimSpace(cell)); m != nil {
		return m[1]
	}
	return ""
}
