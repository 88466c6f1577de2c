package report

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/perfproof/perfproof/stats"
)

// TestBenchmarkJSON checks report -json's benchmark entries: a metric is
// stats.SummaryJSON with null for an unbounded bound, or null when not
// measured.
func TestBenchmarkJSON(t *testing.T) {
	b := Benchmark{
		Package: "p", Name: "Key",
		Time:   stats.Summarize([]float64{3e-6, 1e-6, 2e-6}, Confidence),
		Allocs: stats.Summary{Median: 2, Lo: 2, Hi: 2, Confidence: 0.98, N: 10},
	}
	got, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{
		`{"package":"p","name":"Key","sec_per_op":{"median":0.000002,"lo":null,"hi":null,"n":3,"confidence":1,"warnings":["need `,
		`"b_per_op":null,"allocs_per_op":{"median":2,"lo":2,"hi":2,"n":10,"confidence":0.98}}`,
	} {
		if !strings.Contains(string(got), s) {
			t.Errorf("json.Marshal(Benchmark) = %s, want it to contain %s", got, s)
		}
	}
	b.Runs, b.Samples, b.Capped = 3, 1200, true
	b.Time = stats.Summary{Median: math.NaN(), N: 0}
	got, _ = json.Marshal(b)
	if want := `"sec_per_op":null,"b_per_op":null,`; !strings.Contains(string(got), want) || !strings.HasSuffix(string(got), `"runs":3,"samples":1200,"capped":true}`) {
		t.Errorf("json.Marshal(Benchmark) = %s, want %s and runs, samples, capped", got, want)
	}
}
