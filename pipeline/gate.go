package pipeline

import (
	"fmt"
	"strings"

	"github.com/perfproof/perfproof/report"
	"github.com/perfproof/perfproof/stats"
)

// A Gate says which verdicts fail a comparison (compare's -fail-on).
type Gate struct {
	// Slower fails on a slower time or custom unit.
	Slower bool
	// Allocs fails on a slower B/op or allocs/op.
	Allocs bool
	// Inconclusive fails on any inconclusive verdict.
	Inconclusive bool
}

// ParseGate parses a comma-separated list of the words slower, allocs
// and inconclusive; "" is the gate that fails on nothing. An unknown
// word is a *UsageError.
func ParseGate(s string) (Gate, error) {
	var g Gate
	for _, w := range strings.Split(s, ",") {
		switch strings.TrimSpace(w) {
		case "":
		case "slower":
			g.Slower = true
		case "allocs":
			g.Allocs = true
		case "inconclusive":
			g.Inconclusive = true
		default:
			return g, usagef("-fail-on: unknown condition %q (want slower, allocs or inconclusive)", w)
		}
	}
	return g, nil
}

// Fails returns the comparisons of cs the gate fails on, in their order.
func (g Gate) Fails(cs []report.Comparison) []report.Comparison {
	var out []report.Comparison
	for _, c := range cs {
		memory := c.Unit == "B/op" || c.Unit == "allocs/op"
		if c.Verdict == stats.Slower && (memory && g.Allocs || !memory && g.Slower) ||
			c.Verdict == stats.Inconclusive && g.Inconclusive {
			out = append(out, c)
		}
	}
	return out
}

// Outcome returns what the comparison comes to under gate g, as lines to
// print (without a final newline) and the error that sets the exit
// status: an interruption, or errors that make the comparison
// incomplete (each a line; no gate passes then), are errors; else the
// comparisons g fails on are lines "regression: <package> <benchmark>
// <unit> <verdict> <change>" and the error is ErrFound; else nil.
func (c *Comparison) Outcome(g Gate) (lines []string, err error) {
	switch {
	case c.Stopped != nil:
		return nil, fmt.Errorf("interrupted (%v); the temporary worktrees are removed; the results above are partial", c.Stopped)
	case len(c.Errors) > 0:
		for _, e := range c.Errors {
			lines = append(lines, e.Error())
		}
		return lines, fmt.Errorf("%d errors: the comparison is incomplete, so no gate passes", len(c.Errors))
	}
	fails := g.Fails(c.Report.Comparisons)
	for _, f := range fails {
		lines = append(lines, fmt.Sprintf("regression: %s %s %s %s", strings.TrimSpace(f.Package+" "+f.Benchmark), f.Unit, f.Verdict, change(f)))
	}
	if len(fails) > 0 {
		return lines, ErrFound
	}
	return nil, nil
}

// change is the change of a failing comparison: "+12.3% [+10.1%, +14.0%]",
// "0 → 2 (exact)", or the reason of an inconclusive verdict in
// parentheses.
func change(c report.Comparison) string {
	if c.Exact {
		return c.Reason
	}
	if c.Verdict == stats.Inconclusive {
		return "(" + c.Reason + ")"
	}
	return fmt.Sprintf("%+.1f%% [%+.1f%%, %+.1f%%]", 100*(c.Ratio-1), 100*(c.RatioLo-1), 100*(c.RatioHi-1))
}
