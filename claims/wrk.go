package claims

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// wrkCounts reads two more lines of wrk's output as figures (wrkSummary
// reads its "Requests/sec:" line): the total "2628494 requests in
// 2.00m, 480.94MB read", a count of requests, and the mean per thread
// "Req/Sec     1.37k   188.52     2.02k    69.87%", a rate of requests.
// Each is checked against the run's rate (the "Requests/sec:" line of
// its block): the total over the duration wrk prints (rounded to its
// digits, plus a second for the run's last requests), the per-thread
// mean over the threads of its "N threads and M connections" line.
// Consistent when they agree; left unverifiable otherwise (the output
// is the tool's, not a sentence's arithmetic). Each line is matched by
// one anchored regular expression; the block's lines are read once per
// such line, a few lines at most. Forty-fifth round.
const wrkCounts = true

var (
	// wrkTotalRE is wrk's total: "  2628494 requests in 2.00m, …".
	wrkTotalRE = regexp.MustCompile(`^\s*(\d+)\s+requests\s+in\s+(\d+(?:\.\d+)?)(ms|s|m|h)\b`)
	// wrkThreadRateRE is the thread statistics row of the request rate:
	// "    Req/Sec     1.37k   188.52     2.02k    69.87%".
	wrkThreadRateRE = regexp.MustCompile(`^\s*Req/Sec\s+(\d+(?:\.\d+)?)(k|M)?\s`)
	// wrkThreadsRE is wrk's "  16 threads and 800 connections".
	wrkThreadsRE = regexp.MustCompile(`^\s*(\d+)\s+threads?\s+and\s+\d+\s+connections?\b`)
	// wrkRateLineRE reads the value of the "Requests/sec:" line.
	wrkRateLineRE = regexp.MustCompile(`^\s*Requests/sec:\s+(\d+(?:\.\d+)?)\s*$`)
)

// wrkNumber makes the figure a wrk line writes: digits, an optional
// multiplier (k, M), a quantity and the unit it is named by.
func wrkNumber(text, mult string, q Quantity, unit string) (Number, bool) {
	v, err := strconv.ParseFloat(text, 64)
	if err != nil {
		return Number{}, false
	}
	step := 1.0
	if i := strings.IndexByte(text, '.'); i >= 0 {
		step = math.Pow(10, -float64(len(text)-i-1))
	}
	scale := 1.0
	switch mult {
	case "k":
		scale = 1e3
	case "M":
		scale = 1e6
	}
	return Number{Text: text + mult, Value: v, High: v, Unit: unit, Quantity: q, step: step, scale: scale}, true
}

// wrkLineClaims adds the claim of wrk's total or per-thread line i
// (0-based), reporting whether the line needs no other reading (the
// per-thread row, whose other columns are its spread); the total's line
// is read on for the bytes it states.
func (x *extractor) wrkLineClaims(i int, scan string) bool {
	if !wrkCounts {
		return false
	}
	if m := wrkTotalRE.FindStringSubmatch(scan); m != nil {
		n, ok := wrkNumber(m[1], "", Count, "requests")
		if !ok {
			return false
		}
		abs := x.newClaim(i, Absolute)
		abs.Numbers = []Number{n}
		x.addAbsolute(abs)
		// The bytes read stay a figure of the line, read as before.
		return false
	}
	if m := wrkThreadRateRE.FindStringSubmatch(scan); m != nil {
		n, ok := wrkNumber(m[1], m[2], Throughput, "requests/s")
		if !ok {
			return false
		}
		abs := x.newClaim(i, Absolute)
		abs.Numbers = []Number{n}
		x.addAbsolute(abs)
		return true
	}
	return false
}

// checkWrkCounts: see wrkCounts.
func (x *extractor) checkWrkCounts() {
	if !wrkCounts {
		return
	}
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Kind != Absolute || c.Verdict != Unverifiable || len(c.Numbers) != 1 || c.Line < 1 || c.Line > len(x.lines) ||
			x.lines[c.Line-1].kind != lkOutput {
			continue
		}
		i := c.Line - 1
		raw := x.lines[i].raw
		total := wrkTotalRE.FindStringSubmatch(raw)
		perThread := wrkThreadRateRE.FindStringSubmatch(raw)
		if total == nil && perThread == nil {
			continue
		}
		// The block's rate and threads, a few lines around.
		rate, threads, rateLine := 0.0, 0.0, 0
		for j := max(0, i-8); j < len(x.lines) && j <= i+8; j++ {
			if x.lines[j].block != x.lines[i].block {
				continue
			}
			if m := wrkRateLineRE.FindStringSubmatch(x.lines[j].raw); m != nil && rateLine == 0 {
				rate, _ = strconv.ParseFloat(m[1], 64)
				rateLine = j + 1
			}
			if m := wrkThreadsRE.FindStringSubmatch(x.lines[j].raw); m != nil && threads == 0 {
				threads, _ = strconv.ParseFloat(m[1], 64)
			}
		}
		if !(rate > 0) {
			continue
		}
		n := c.Numbers[0]
		lo, hi := n.base()
		switch {
		case total != nil:
			d, err := strconv.ParseFloat(total[2], 64)
			if err != nil {
				continue
			}
			per := map[string]float64{"ms": 1e-3, "s": 1, "m": 60, "h": 3600}[total[3]]
			half := 0.5 * math.Pow(10, -float64(max(0, len(total[2])-strings.IndexByte(total[2]+".", '.')-1)))
			dlo, dhi := (d-half)*per, (d+half)*per+1
			if rate*dlo > hi || rate*dhi < lo {
				continue
			}
			c.Verdict, c.Arithmetic = Consistent, Consistent
			c.Detail = fmt.Sprintf("wrk's rate %s requests/s (line %d) over its %s%s run gives %s requests", trimFloat(rate, 7), rateLine, total[2], total[3], trimFloat(rate*d*per, 7))
		case perThread != nil:
			if !(threads > 0) {
				continue
			}
			got := rate / threads
			if got < lo || got > hi {
				continue
			}
			c.Verdict, c.Arithmetic = Consistent, Consistent
			c.Detail = fmt.Sprintf("wrk's rate %s requests/s (line %d) over its %s threads gives %s requests/s a thread", trimFloat(rate, 7), rateLine, trimFloat(threads, 3), trimFloat(got, 4))
		}
	}
}
