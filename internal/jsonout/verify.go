package jsonout

import (
	"io"

	"github.com/perfproof/perfproof/claims"

	"github.com/perfproof/perfproof/stats"
)

// verifyClaim is a claims.Claim in the JSON output.
type verifyClaim struct {
	Line         int             `json:"line"`
	Text         string          `json:"text"`
	Kind         claims.Kind     `json:"kind"`
	Subject      string          `json:"subject"`
	Benchmark    string          `json:"benchmark"`
	Baseline     string          `json:"baseline,omitempty"`
	Claimed      string          `json:"claimed"`
	ClaimedRatio *float64        `json:"claimed_ratio"`
	AltRatio     *float64        `json:"alt_ratio"`
	Quantity     claims.Quantity `json:"quantity"`
	Numbers      []claims.Number `json:"numbers"`
	Measured     *verifyMeasured `json:"measured"`
	Verdict      claims.Verdict  `json:"verdict"`
	Detail       string          `json:"detail"`
	Cross        *verifyCross    `json:"cross"`
}

// verifyCross is claims.Cross with NaN and infinite values as null.
type verifyCross struct {
	Reason     claims.CrossReason `json:"reason"`
	Derivation claims.Derivation  `json:"derivation,omitempty"`
	Lines      []int              `json:"lines"`
	Stated     claims.Number      `json:"stated"`
	Got        *float64           `json:"got"`
	GotUnit    string             `json:"got_unit"`
	Factor     *float64           `json:"factor,omitempty"`
	Operands   []claims.Number    `json:"operands"`
	Reading    string             `json:"reading,omitempty"`
	Measure    string             `json:"measure,omitempty"`
}

func jsonCross(x *claims.Cross) *verifyCross {
	if x == nil {
		return nil
	}
	out := &verifyCross{Reason: x.Reason, Derivation: x.Derivation, Lines: x.Lines, Stated: x.Stated,
		Got: stats.Finite(x.Got), GotUnit: x.GotUnit, Operands: make([]claims.Number, len(x.Operands)), Reading: x.Reading, Measure: x.Measure}
	if x.Factor != 0 {
		out.Factor = stats.Finite(x.Factor)
	}
	for k, n := range x.Operands {
		out.Operands[k] = n
	}
	if out.Lines == nil {
		out.Lines = []int{}
	}
	return out
}

// verifyMeasured is a claims.Measured in the JSON output.
type verifyMeasured struct {
	Package   string   `json:"package"`
	Old       string   `json:"old,omitempty"`
	New       string   `json:"new"`
	Unit      string   `json:"unit"`
	Ratio     *float64 `json:"ratio"`
	RatioLo   *float64 `json:"ratio_lo"`
	RatioHi   *float64 `json:"ratio_hi"`
	OldMedian *float64 `json:"old_median"`
	NewMedian *float64 `json:"new_median"`
	N         int      `json:"n"`
	Method    string   `json:"method"`
	// Setting is how the benchmarks were run and where that comes
	// from: {"source","benchtime","old_benchtime","count","procs",
	// "flags","line","old_line"}.
	Setting claims.Setting `json:"setting"`
}

// Verify writes the object of perfproof verify -json:
// {"report","claims":[...],"facts":[...],"warnings":[...]}. Each claim
// is {"line","text","kind","subject","benchmark","baseline","claimed",
// "claimed_ratio","alt_ratio","quantity","numbers","measured","verdict",
// "detail","cross"}: claimed_ratio is the ratio new/old it states (in
// sec/op, B/op or allocs/op; 11x faster is 0.0909), alt_ratio the
// throughput reading of "X% faster" when the figures do not settle the
// reading, null otherwise; measured is null when nothing was re-measured,
// else {"package","old","new","unit","ratio","ratio_lo","ratio_hi",
// "old_median","new_median","n","method","setting"} with the ratios null
// for a claim about one benchmark; cross is the claim's typed check
// across the report ({"reason","derivation","lines","stated","got",
// "got_unit","factor","operands","reading","measure"}), null if none.
// facts is the report's fact table (claims.Fact), warnings the report's
// warnings as text. Values JSON cannot hold (NaN, ±Inf) are null, or 0
// inside a claims.Number.
func Verify(w io.Writer, rep *claims.Report) error {
	out := struct {
		Report   string        `json:"report"`
		Claims   []verifyClaim `json:"claims"`
		Facts    []claims.Fact `json:"facts"`
		Warnings []string      `json:"warnings"`
	}{Report: rep.Name, Claims: []verifyClaim{}, Facts: []claims.Fact{}, Warnings: []string{}}
	for _, f := range rep.Facts {
		out.Facts = append(out.Facts, f)
	}
	for _, c := range rep.Claims {
		jc := verifyClaim{
			Line: c.Line, Text: c.Text, Kind: c.Kind, Subject: c.Subject, Benchmark: c.Benchmark, Baseline: c.Baseline,
			Claimed: c.Claimed, ClaimedRatio: stats.Finite(c.Ratio), AltRatio: stats.Finite(c.AltRatio), Quantity: c.Quantity, Numbers: c.Numbers,
			Verdict: c.Verdict, Detail: c.Detail, Cross: jsonCross(c.Cross),
		}
		if jc.Numbers == nil {
			jc.Numbers = []claims.Number{}
		}
		if m := c.Measured; m != nil {
			jc.Measured = &verifyMeasured{
				Package: m.Package, Old: m.Old, New: m.New, Unit: m.Unit,
				Ratio: stats.Finite(m.Ratio), RatioLo: stats.Finite(m.RatioLo), RatioHi: stats.Finite(m.RatioHi),
				OldMedian: stats.Finite(m.OldMedian), NewMedian: stats.Finite(m.NewMedian), N: m.N, Method: m.Method, Setting: m.Setting,
			}
			if m.Old == "" {
				jc.Measured.Ratio, jc.Measured.RatioLo, jc.Measured.RatioHi = nil, nil, nil
			}
		}
		out.Claims = append(out.Claims, jc)
	}
	for _, wa := range rep.Warnings {
		out.Warnings = append(out.Warnings, wa.Error())
	}
	return encode(w, out)
}
