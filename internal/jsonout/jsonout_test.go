package jsonout

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/perf/benchfmt"

	"github.com/perfproof/perfproof/benchrun"
	"github.com/perfproof/perfproof/claims"
	"github.com/perfproof/perfproof/finding"
	"github.com/perfproof/perfproof/pipeline"
	"github.com/perfproof/perfproof/prove"
	"github.com/perfproof/perfproof/report"
	"github.com/perfproof/perfproof/scan"
	"github.com/perfproof/perfproof/stats"
)

// keys returns the keys of the JSON object in b, in the order they first
// appear, with the keys of nested objects as "outer.inner" and those of
// the elements of a list under the list's key.
func keys(t *testing.T, b []byte) []string {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(b))
	var out []string
	var walk func(prefix string)
	walk = func(prefix string) {
		tok, err := dec.Token()
		if err != nil {
			t.Fatalf("decoding %s: %v", b, err)
		}
		switch tok {
		case json.Delim('{'):
			for dec.More() {
				k, _ := dec.Token()
				name := prefix + k.(string)
				if !slices.Contains(out, name) {
					out = append(out, name)
				}
				walk(name + ".")
			}
			dec.Token() // }
		case json.Delim('['):
			for dec.More() {
				walk(prefix)
			}
			dec.Token() // ]
		}
	}
	walk("")
	return out
}

func TestScan(t *testing.T) {
	var buf bytes.Buffer
	if err := Scan(&buf, &scan.Result{}); err != nil {
		t.Fatal(err)
	}
	want := "{\n  \"findings\": [],\n  \"errors\": [],\n  \"packages\": 0,\n  \"not_analysed\": [],\n  \"suppressed\": []\n}\n"
	if buf.String() != want {
		t.Errorf("Scan(empty) = %s, want %s", &buf, want)
	}
	buf.Reset()
	f := finding.Finding{Analyzer: "fmtnumber", File: "/m/a.go", Line: 3, Column: 2, Message: "m"}
	res := &scan.Result{
		Findings:    []finding.Finding{f},
		Errors:      []scan.PackageError{{Package: "p", Message: "e"}},
		Packages:    2,
		NotAnalysed: []scan.Unanalysed{{Package: "p", Reason: "r"}},
		Suppressed:  []scan.Suppressed{{Finding: f, Reason: "why"}},
	}
	if err := Scan(&buf, res); err != nil {
		t.Fatal(err)
	}
	got := keys(t, buf.Bytes())
	for _, k := range []string{"findings.analyzer", "findings.file", "findings.line", "findings.column", "findings.message", "findings.cost",
		"errors.package", "errors.message", "packages", "not_analysed.package", "not_analysed.reason", "suppressed.reason"} {
		if !slices.Contains(got, k) {
			t.Errorf("Scan: no %q in %q", k, got)
		}
	}
}

func TestReport(t *testing.T) {
	var buf bytes.Buffer
	res := &pipeline.Result{
		Report: &report.Report{
			Findings:   []finding.Finding{{Analyzer: "profile", Cost: &finding.Cost{}}},
			Benchmarks: []report.Benchmark{{Package: "p", Name: "Key", Time: stats.Summary{Median: 1e-6, Lo: math.Inf(-1), Hi: math.Inf(1), N: 2}}},
		},
		Scan:     &scan.Result{},
		Profiles: pipeline.ProfileKinds{CPU: true},
	}
	if err := Report(&buf, res); err != nil {
		t.Fatal(err)
	}
	got := keys(t, buf.Bytes())
	want := []string{"findings", "errors", "benchmarks", "notes", "profiles", "not_analysed"}
	var top []string
	for _, k := range got {
		if !strings.Contains(k, ".") {
			top = append(top, k)
		}
	}
	if !slices.Equal(top, want) {
		t.Errorf("Report keys = %q, want %q", top, want)
	}
	for _, k := range []string{"benchmarks.package", "benchmarks.name", "benchmarks.sec_per_op.median", "benchmarks.sec_per_op.lo",
		"benchmarks.sec_per_op.hi", "benchmarks.sec_per_op.n", "benchmarks.b_per_op", "benchmarks.allocs_per_op"} {
		if !slices.Contains(got, k) {
			t.Errorf("Report: no %q in %q", k, got)
		}
	}
	for _, s := range []string{`"cost": {`, `"sec_per_op": {`, `"lo": null`, `"hi": null`, `"b_per_op": null`, `"notes": []`, `"profiles": {
    "cpu": true,
    "heap": false
  }`} {
		if !strings.Contains(buf.String(), s) {
			t.Errorf("Report output has no %s:\n%s", s, &buf)
		}
	}
}

func TestCompare(t *testing.T) {
	old := []float64{100, 101, 99, 100.5, 100.2, 99.8}
	new := []float64{80, 81, 79, 80.5, 80.2, 79.8}
	c := &pipeline.Comparison{
		Report: report.CompareReport{Old: "main", New: "work tree", Comparisons: []report.Comparison{
			{Package: "p", Benchtime: "10ms", Comparison: stats.Compare("A", "sec/op", old, new, stats.Options{})},
			{Package: "p", OldName: "B/before", NewName: "B/after", Comparison: stats.Compare("B", "B/op", []float64{0, 0}, []float64{0, 0}, stats.Options{})},
		}},
		Rounds: 6, Stop: "6 rounds",
		Noise: &prove.Noise{CPUs: 2, Spread: 0.01, Warnings: []error{errors.New("w")}},
	}
	var buf bytes.Buffer
	if err := Compare(&buf, c); err != nil {
		t.Fatal(err)
	}
	got := keys(t, buf.Bytes())
	for _, k := range []string{"comparisons.package", "comparisons.old_name", "comparisons.benchmark", "comparisons.unit",
		"comparisons.old.median", "comparisons.new.n", "comparisons.ratio", "comparisons.ratio_lo", "comparisons.ratio_hi",
		"comparisons.p", "comparisons.verdict", "old", "new", "rounds", "stop", "noise.cpus", "noise.calibration_spread", "noise.warnings", "errors"} {
		if !slices.Contains(got, k) {
			t.Errorf("Compare: no %q in %q", k, got)
		}
	}
	for _, k := range []string{"only_old", "notes", "noise.load"} {
		if slices.Contains(got, k) {
			t.Errorf("Compare: %q present though empty: %q", k, got)
		}
	}
	if !strings.Contains(buf.String(), `"errors": []`) || !strings.Contains(buf.String(), `"p": null`) {
		t.Errorf("Compare: want \"errors\": [] and the exact comparison's \"p\": null:\n%s", &buf)
	}
	// The run length of each comparison: A's, and none for B (unknown).
	if n := strings.Count(buf.String(), `"benchtime"`); n != 1 || !strings.Contains(buf.String(), `"benchtime": "10ms"`) {
		t.Errorf("Compare: want one \"benchtime\": \"10ms\" (A's; B's unknown is omitted), got %d:\n%s", n, &buf)
	}
}

func TestBench(t *testing.T) {
	// Two runs of Key (12 ns first) bound no 95% interval; seven runs of
	// Wide do.
	input := "BenchmarkKey-2\t100\t12 ns/op\nBenchmarkKey-2\t100\t10 ns/op\n"
	for _, ns := range []string{"7", "3", "5", "1", "6", "2", "4"} {
		input += "BenchmarkWide-2\t100\t" + ns + " ns/op\n"
	}
	r := benchfmt.NewReader(strings.NewReader(input), "x")
	var results []*benchfmt.Result
	for r.Scan() {
		if res, ok := r.Result().(*benchfmt.Result); ok {
			results = append(results, res.Clone())
		}
	}
	res := &benchrun.Result{Packages: []benchrun.PackageResult{
		{ImportPath: "p", Results: results, Elapsed: 1500 * time.Millisecond},
		{ImportPath: "q", Skipped: true},
	}}
	var buf bytes.Buffer
	if err := Bench(&buf, res); err != nil {
		t.Fatal(err)
	}
	type sample struct {
		Name, Unit     string
		Median, Lo, Hi *float64
		N              int
		Confidence     *float64
		Warnings       []string
		Values         []float64
	}
	var out struct {
		Packages []struct {
			Package    string
			Skipped    bool
			ElapsedSec float64 `json:"elapsed_sec"`
			Benchmarks []sample
		}
	}
	if err := json.Unmarshal(buf.Bytes(), &out); err != nil {
		t.Fatal(err)
	}
	if len(out.Packages) != 2 || out.Packages[0].ElapsedSec != 1.5 || !out.Packages[1].Skipped || len(out.Packages[1].Benchmarks) != 0 || len(out.Packages[0].Benchmarks) != 2 {
		t.Fatalf("Bench = %s", &buf)
	}
	// The unbounded interval is null, as in compare -json and report
	// -json, not 0; a warning says why; the values keep run order.
	if !strings.Contains(buf.String(), `"lo": null,
          "hi": null,`) {
		t.Errorf("Bench: the unbounded interval is not \"lo\": null, \"hi\": null:\n%s", &buf)
	}
	near := func(p *float64, want float64) bool { return p != nil && math.Abs(*p-want) < 1e-20 }
	b := out.Packages[0].Benchmarks[0]
	if b.Name != "Key" || b.Unit != "sec/op" || !near(b.Median, 11e-9) || b.Lo != nil || b.Hi != nil ||
		b.N != 2 || len(b.Warnings) != 1 || len(b.Values) != 2 || !near(&b.Values[0], 12e-9) || !near(&b.Values[1], 10e-9) {
		t.Errorf("Bench sample = %+v, want Key sec/op median 1.1e-08, lo = hi = null, n 2, a warning, values [1.2e-08 1e-08]", b)
	}
	// Seven runs: the interval [X(1), X(7)], at its actual level.
	w := out.Packages[0].Benchmarks[1]
	if w.Name != "Wide" || !near(w.Median, 4e-9) || !near(w.Lo, 1e-9) || !near(w.Hi, 7e-9) ||
		w.N != 7 || w.Confidence == nil || *w.Confidence < 0.95 || len(w.Warnings) != 0 {
		t.Errorf("Bench sample = %+v, want Wide median 4e-09 [1e-09, 7e-09] n 7 confidence >= 0.95, no warnings", w)
	}
}

func TestVerify(t *testing.T) {
	var buf bytes.Buffer
	if err := Verify(&buf, &claims.Report{Name: "r.md"}); err != nil {
		t.Fatal(err)
	}
	if want := "{\n  \"report\": \"r.md\",\n  \"claims\": [],\n  \"facts\": [],\n  \"warnings\": []\n}\n"; buf.String() != want {
		t.Errorf("Verify(empty) = %s, want %s", &buf, want)
	}
	inf := math.Inf(1)
	rep := &claims.Report{
		Name: "r.md",
		Claims: []claims.Claim{
			{Line: 3, Kind: claims.Speedup, Claimed: "11x faster", Ratio: 1 / 11.0, AltRatio: math.NaN(), Verdict: claims.Reproduced,
				Numbers:  []claims.Number{{Text: "11x", Value: 11, High: inf}},
				Measured: &claims.Measured{Package: "p", Old: "A/before", New: "A/after", Unit: "sec/op", Ratio: 0.09, RatioLo: 0, RatioHi: inf, N: 10, Setting: claims.Setting{Source: claims.ShortRuns}},
				Cross:    &claims.Cross{Reason: claims.ClosestPair, Got: math.NaN(), Operands: []claims.Number{{Value: math.NaN()}}}},
			{Line: 4, Kind: claims.ZeroAlloc, Ratio: math.NaN(), AltRatio: math.NaN(), Verdict: claims.Reproduced,
				Measured: &claims.Measured{Package: "p", New: "A/after", Unit: "allocs/op", Ratio: 1, RatioLo: 1, RatioHi: 1}},
		},
		Facts:    []claims.Fact{{Line: 5, Value: claims.Number{Value: inf, High: inf}}},
		Warnings: []error{&claims.LineError{File: "r.md", Line: 7, Msg: "broken row"}},
	}
	buf.Reset()
	if err := Verify(&buf, rep); err != nil {
		t.Fatal(err)
	}
	got := keys(t, buf.Bytes())
	for _, k := range []string{"report", "claims.line", "claims.text", "claims.kind", "claims.subject", "claims.benchmark",
		"claims.claimed", "claims.claimed_ratio", "claims.alt_ratio", "claims.quantity", "claims.numbers.text", "claims.measured.package",
		"claims.measured.old", "claims.measured.ratio_lo", "claims.measured.old_median", "claims.measured.n", "claims.measured.method",
		"claims.measured.setting.source", "claims.verdict", "claims.detail", "claims.cross.reason", "claims.cross.lines",
		"claims.cross.stated", "claims.cross.got", "claims.cross.got_unit", "claims.cross.operands.value", "facts.line", "facts.value.value", "warnings"} {
		if !slices.Contains(got, k) {
			t.Errorf("Verify: no %q in %q", k, got)
		}
	}
	type number struct{ Value, High *float64 }
	var out struct {
		Claims []struct {
			ClaimedRatio *float64 `json:"claimed_ratio"`
			AltRatio     *float64 `json:"alt_ratio"`
			Numbers      []number
			Measured     *struct {
				Ratio   *float64
				RatioLo *float64 `json:"ratio_lo"`
				RatioHi *float64 `json:"ratio_hi"`
			}
			Cross *struct {
				Got      *float64
				Lines    []int
				Operands []number
			}
		}
		Facts    []struct{ Value number }
		Warnings []string
	}
	if err := json.Unmarshal(buf.Bytes(), &out); err != nil {
		t.Fatalf("decoding %s: %v", &buf, err)
	}
	c, z := out.Claims[0], out.Claims[1]
	switch {
	case c.ClaimedRatio == nil || c.AltRatio != nil:
		t.Errorf("Verify claimed_ratio, alt_ratio = %v, %v; want 1/11 and null (NaN)", c.ClaimedRatio, c.AltRatio)
	case c.Numbers[0].Value == nil || *c.Numbers[0].Value != 11 || c.Numbers[0].High != nil:
		t.Errorf("Verify numbers = %+v, want value 11 and an infinite high end as null, not a figure", c.Numbers)
	case c.Measured.Ratio == nil || c.Measured.RatioLo == nil || c.Measured.RatioHi != nil:
		t.Errorf("Verify measured = %+v, want ratio_hi null (+Inf) only", c.Measured)
	case c.Cross.Got != nil || c.Cross.Lines == nil || c.Cross.Operands[0].Value != nil:
		t.Errorf("Verify cross = %+v, want got null, lines [], NaN operand null", c.Cross)
	case z.Measured.Ratio != nil || z.Measured.RatioLo != nil || z.Measured.RatioHi != nil:
		t.Errorf("Verify one-benchmark measured = %+v, want null ratios", z.Measured)
	case z.Numbers == nil:
		t.Error("Verify numbers of a claim without figures: null, want []")
	case out.Facts[0].Value.Value != nil:
		t.Errorf("Verify fact value = %+v, want an infinite value as null", out.Facts[0].Value)
	case !slices.Equal(out.Warnings, []string{"r.md:7: broken row"}):
		t.Errorf("Verify warnings = %q, want the report's as text", out.Warnings)
	}
}
