package stats

import "math"

// SummaryJSON is the JSON form of a Summary, the one every perfproof JSON
// output uses for a median and its interval (compare's "old" and "new",
// report's benchmark metrics, bench's samples), with the names of
// perfproof's DESIGN.md: {"median","lo","hi","n","confidence","warnings"}.
// NaN and infinite numbers, which JSON cannot hold, are nil (null, through
// Finite): an unbounded interval (too few values) has "lo" and "hi" null,
// an empty sample all three; warnings are their messages, left out when
// there are none.
type SummaryJSON struct {
	Median     *float64 `json:"median"`
	Lo         *float64 `json:"lo"`
	Hi         *float64 `json:"hi"`
	N          int      `json:"n"`
	Confidence *float64 `json:"confidence"`
	Warnings   []string `json:"warnings,omitempty"`
}

// JSON returns the JSON form of s.
func (s Summary) JSON() SummaryJSON {
	return SummaryJSON{Finite(s.Median), Finite(s.Lo), Finite(s.Hi), s.N, Finite(s.Confidence), messages(s.Warnings)}
}

// ComparisonJSON is the JSON form of a Comparison, with the names of
// perfproof's DESIGN.md: {"benchmark","unit","old","new","ratio",
// "ratio_lo","ratio_hi","method","p","p_adjusted","family","verdict",
// "exact","reason","samples_needed","warnings"} (DESIGN.md names
// benchmark, unit, old, new, ratio, ratio_lo, ratio_hi, p and verdict;
// the others are added). NaN and infinite numbers are nil (null): an
// unbounded ratio interval, an infinite ratio (0 → N), a p-value not
// computed. The verdict encodes as its word. Embed it in a caller's
// struct to add fields such as the package.
//
// Comparison deliberately has no MarshalJSON method: a struct embedding a
// Comparison would inherit it and lose its own fields.
type ComparisonJSON struct {
	Benchmark string      `json:"benchmark"`
	Unit      string      `json:"unit"`
	Old       SummaryJSON `json:"old"`
	New       SummaryJSON `json:"new"`
	Ratio     *float64    `json:"ratio"`
	RatioLo   *float64    `json:"ratio_lo"`
	RatioHi   *float64    `json:"ratio_hi"`
	Method    string      `json:"method,omitempty"`
	P         *float64    `json:"p"`
	PAdjusted *float64    `json:"p_adjusted"`
	Family    int         `json:"family,omitempty"`
	Verdict   Verdict     `json:"verdict"`
	Exact     bool        `json:"exact"`
	Reason    string      `json:"reason,omitempty"`
	Needed    int         `json:"samples_needed,omitempty"`
	Warnings  []string    `json:"warnings,omitempty"`
}

// JSON returns the JSON form of c.
func (c Comparison) JSON() ComparisonJSON {
	return ComparisonJSON{
		Benchmark: c.Benchmark,
		Unit:      c.Unit,
		Old:       c.Old.JSON(),
		New:       c.New.JSON(),
		Ratio:     Finite(c.Ratio),
		RatioLo:   Finite(c.RatioLo),
		RatioHi:   Finite(c.RatioHi),
		Method:    c.Method,
		P:         Finite(c.P),
		PAdjusted: Finite(c.PAdjusted),
		Family:    c.Family,
		Verdict:   c.Verdict,
		Exact:     c.Exact,
		Reason:    c.Reason,
		Needed:    c.Needed,
		Warnings:  messages(c.Warnings),
	}
}

// Finite returns &x, or nil for NaN and ±Inf, which JSON cannot hold:
// every perfproof JSON number that may be unbounded or undefined (a
// ratio, a p-value, an interval's bound) is encoded through it, as null.
func Finite(x float64) *float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil
	}
	return &x
}

func messages(errs []error) []string {
	var out []string
	for _, err := range errs {
		out = append(out, err.Error())
	}
	return out
}
