package report

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/perfproof/perfproof/prove"
	"github.com/perfproof/perfproof/stats"
)

// timesFactors returns base times each factor.
func timesFactors(base float64, factors ...float64) []float64 {
	out := make([]float64, len(factors))
	for i, f := range factors {
		out[i] = base * f
	}
	return out
}

// noise are ten fixed factors near 1 (±1.5 %).
var noise = []float64{1.000, 1.004, 0.997, 1.010, 0.993, 1.006, 1.001, 0.998, 1.015, 0.985}

// wide are ten fixed factors with a ±30 % spread.
var wide = []float64{1.0, 1.3, 0.8, 1.1, 0.7, 1.25, 0.9, 1.05, 0.75, 1.2}

func compareReport() *CompareReport {
	const pkg, other = "example.com/adexchange/auction", "example.com/adexchange/cookie"
	cmp := func(pkg, name, unit string, old, new []float64) Comparison {
		return Comparison{Package: pkg, Comparison: stats.Compare(name, unit, old, new, stats.Options{})}
	}
	zeros := make([]float64, 10)
	twos := timesFactors(2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)
	variant := cmp(other, "Trim", "sec/op", timesFactors(1.1e-3, noise...), timesFactors(0.1e-3, noise...))
	variant.OldName, variant.NewName = "Trim/before", "Trim/after"
	return &CompareReport{
		Old: "main (3f2a1c9d0b1e)",
		New: "work tree (uncommitted changes included)",
		Comparisons: []Comparison{
			cmp(pkg, "HandleAuction", "sec/op", timesFactors(29.9e-6, noise...), timesFactors(6.0e-6, noise...)),
			cmp(pkg, "Bid|Encode", "sec/op", timesFactors(1.2e-6, noise...), timesFactors(1.32e-6, noise...)),
			cmp(pkg, "Same", "sec/op", timesFactors(500e-9, noise...), timesFactors(500e-9, noise[1:]...)),
			cmp(pkg, "Noisy", "sec/op", timesFactors(80e-9, wide...), timesFactors(84e-9, wide[2:]...)),
			cmp(pkg, "Few", "sec/op", timesFactors(80e-9, noise[:3]...), timesFactors(60e-9, noise[:3]...)),
			variant,
			cmp(pkg, "HandleAuction", "allocs/op", zeros, zeros),
			cmp(pkg, "Bid|Encode", "allocs/op", zeros, twos),
			cmp(pkg, "HandleAuction", "B/op", timesFactors(4096, noise...), timesFactors(4096, noise...)),
		},
		Notes: []string{
			"10 interleaved rounds of -count=1 per side (stopped after 10 rounds)",
			"machine noise: load 1.52 0.98 0.70 on 2 CPUs, calibration spread ±3.1% (10 runs of 20ms)",
		},
		Errors: []string{"build failed for example.com/adexchange/fpd (old side): fpd.go:3:1: syntax error"},
	}
}

func TestCompareGolden(t *testing.T) {
	for _, tc := range []struct {
		name   string
		render func(*bytes.Buffer, *CompareReport) error
		report *CompareReport
	}{
		{"compare_text", func(b *bytes.Buffer, r *CompareReport) error { return CompareText(b, r) }, compareReport()},
		{"compare_md", func(b *bytes.Buffer, r *CompareReport) error { return CompareMarkdown(b, r) }, compareReport()},
		{"compare_empty", func(b *bytes.Buffer, r *CompareReport) error { return CompareText(b, r) }, &CompareReport{Old: "old.txt", New: "new.txt"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := tc.render(&b, tc.report); err != nil {
				t.Fatal(err)
			}
			golden := filepath.Join("testdata", tc.name+".golden")
			if *update {
				if err := os.WriteFile(golden, b.Bytes(), 0o666); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if got := b.String(); got != string(want) {
				t.Errorf("%s differs from %s (go test ./report -update rewrites it):\n%s", tc.name, golden, lineDiff(string(want), got))
			}
		})
	}
}

// lineDiff returns the lines that differ between want and got.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	for i := 0; i < max(len(w), len(g)); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			b.WriteString("- " + wl + "\n+ " + gl + "\n")
		}
	}
	return b.String()
}

func TestCompareVerdictsInReport(t *testing.T) {
	// The fixtures exercise every verdict; if stats changes its rules the
	// golden files would silently follow, so pin the verdicts here.
	want := map[string]stats.Verdict{
		"HandleAuction sec/op":    stats.Faster,
		"Bid|Encode sec/op":       stats.Slower,
		"Same sec/op":             stats.Unchanged,
		"Noisy sec/op":            stats.Inconclusive,
		"Few sec/op":              stats.Inconclusive,
		"Trim sec/op":             stats.Faster,
		"HandleAuction allocs/op": stats.Unchanged,
		"Bid|Encode allocs/op":    stats.Slower,
		"HandleAuction B/op":      stats.Unchanged,
	}
	r := compareReport()
	for _, c := range r.Comparisons {
		if v := want[c.Benchmark+" "+c.Unit]; c.Verdict != v {
			t.Errorf("%s %s: verdict %v (%s), want %v", c.Benchmark, c.Unit, c.Verdict, c.Reason, v)
		}
	}
	if n := r.Counts(); n[stats.Slower] != 2 || n[stats.Faster] != 2 || n[stats.Unchanged] != 3 || n[stats.Inconclusive] != 2 {
		t.Errorf("Counts() = %v, want 2 slower, 2 faster, 3 unchanged, 2 inconclusive", n)
	}
}

func TestCodeWarnings(t *testing.T) {
	const pkg = "example.com/m"
	cmp := func(name, unit string, code prove.CodeDiff) Comparison {
		return Comparison{Package: pkg, Code: code, Comparison: stats.Compare(name, unit, timesFactors(1, noise...), timesFactors(2, noise...), stats.Options{})}
	}
	own := prove.CodeDiff{Func: "BenchmarkOwn", Status: prove.CodeChanged, Changed: []string{"BenchmarkOwn"}}
	r := &CompareReport{Old: "a", New: "b", Comparisons: []Comparison{
		cmp("Own", "sec/op", own),
		cmp("Own", "B/op", own), // the same function: one warning
		cmp("Both/sub", "sec/op", prove.CodeDiff{Func: "BenchmarkBoth", Status: prove.CodeChanged, Changed: []string{"BenchmarkBoth", "fill", "setup"}}),
		cmp("Helper", "sec/op", prove.CodeDiff{Func: "BenchmarkHelper", Status: prove.CodeChanged, Changed: []string{"fill"}}),
		cmp("Gone", "sec/op", prove.CodeDiff{Func: "BenchmarkGone", Status: prove.CodeOnlyOld}),
		cmp("Same", "sec/op", prove.CodeDiff{Func: "BenchmarkSame", Status: prove.CodeSame}),
		cmp("File", "sec/op", prove.CodeDiff{}),
	}}
	const tail = " between old and new: the two sides measure different code; its verdict compares different work"
	want := []string{
		pkg + " BenchmarkOwn: the benchmark's own code differs" + tail,
		pkg + " BenchmarkBoth: the benchmark's own code and its test helpers fill, setup differ" + tail,
		pkg + " BenchmarkHelper: the benchmark's test helper fill differs" + tail,
		pkg + " BenchmarkGone: the benchmark function was found only in old: its code was not compared",
	}
	if got := CodeWarnings(r.Comparisons); !slices.Equal(got, want) {
		t.Errorf("CodeWarnings =\n%q\nwant\n%q", got, want)
	}
	var text, md bytes.Buffer
	if err := CompareText(&text, r); err != nil {
		t.Fatal(err)
	}
	if err := CompareMarkdown(&md, r); err != nil {
		t.Fatal(err)
	}
	for _, w := range want {
		if !strings.Contains(text.String(), "\nwarning: "+w+"\n") {
			t.Errorf("CompareText has no warning %q:\n%s", w, &text)
		}
		if !strings.Contains(md.String(), "\n- "+w+"\n") {
			t.Errorf("CompareMarkdown has no warning %q:\n%s", w, &md)
		}
	}
	for _, row := range []struct{ name, mark string }{{"Own", "(code changed)"}, {"Helper", "(code changed)"}, {"Gone", "(code not compared)"}, {"Same", ""}, {"File", ""}} {
		found := false
		for _, line := range strings.Split(text.String(), "\n") {
			if !strings.HasPrefix(line, "  "+row.name+" ") {
				continue
			}
			found = true
			if row.mark == "" && strings.Contains(line, "(code") || row.mark != "" && !strings.HasSuffix(line, " "+row.mark) {
				t.Errorf("CompareText row %q, want the mark %q", line, row.mark)
			}
		}
		if !found {
			t.Errorf("CompareText has no row %s:\n%s", row.name, &text)
		}
	}
	if !strings.Contains(md.String(), "**3 benchmarks whose code changed**") {
		t.Errorf("CompareMarkdown summary has no count of the benchmarks whose code changed:\n%s", &md)
	}
}

// TestGeomean checks the geomean row: the geometric means of the old and
// new medians of a unit's benchmarks, new/old − 1 as the change, none for
// a single benchmark, and benchmarks with a zero median left out and
// counted.
func TestGeomean(t *testing.T) {
	row := func(unit string, old, new float64) Comparison {
		return Comparison{Comparison: stats.Comparison{Unit: unit, Old: stats.Summary{Median: old}, New: stats.Summary{Median: new}}}
	}
	cs := []Comparison{row("sec/op", 1, 2), row("sec/op", 4, 2), row("sec/op", 0, 3), row("B/op", 8, 4)}
	g, ok := geomeanOf(cs, "sec/op")
	if !ok || math.Abs(g.old-2) > 1e-12 || math.Abs(g.new-2) > 1e-12 || g.n != 2 || g.left != 1 {
		t.Errorf("geomeanOf(sec/op) = %+v, %v; want old 2, new 2 over 2 benchmarks, 1 left out", g, ok)
	}
	if got, want := g.label(), "geomean (of 2; 1 with a zero median left out)"; got != want {
		t.Errorf("label = %q, want %q", got, want)
	}
	if _, ok := geomeanOf(cs, "B/op"); ok {
		t.Error("geomeanOf(B/op) of one benchmark: ok, want no row")
	}
}
