package report

import (
	"bytes"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/perf/benchfmt"
	"golang.org/x/perf/benchmath"

	"github.com/perfproof/perfproof/benchrun"
	"github.com/perfproof/perfproof/finding"
	"github.com/perfproof/perfproof/stats"
)

func TestFindingsText(t *testing.T) {
	base := filepath.Join(string(filepath.Separator), "m")
	fs := []finding.Finding{
		{Analyzer: "fmtnumber", File: filepath.Join(base, "p", "p.go"), Line: 3, Column: 9, Message: "fmt.Sprintf formats one integer",
			Hot: &finding.Hot{Confidence: "high", Evidence: "static: is a HTTP handler"}},
		{Analyzer: "concatloop", File: filepath.Join(string(filepath.Separator), "elsewhere", "q.go"), Line: 1, Column: 2, Message: "s grows", Note: "types incomplete"},
	}
	var b bytes.Buffer
	FindingsText(&b, base, fs)
	want := filepath.Join("p", "p.go") + ":3:9: fmt.Sprintf formats one integer (fmtnumber)\n" +
		"\thot: high, static: is a HTTP handler\n" +
		fs[1].File + ":1:2: s grows (concatloop)\n" +
		"\tnote: types incomplete\n"
	if b.String() != want {
		t.Errorf("FindingsText =\n%s\nwant\n%s", b.String(), want)
	}
}

func TestBenchText(t *testing.T) {
	r := benchfmt.NewReader(strings.NewReader("pkg: example.com/m\n"+
		"BenchmarkA-2 100 2000 ns/op 64 B/op 1 allocs/op\nBenchmarkA-2 100 2000 ns/op 64 B/op 1 allocs/op\nBenchmarkB-2 100 5 ns/op\n"), "x.txt")
	p := benchrun.PackageResult{ImportPath: "example.com/m"}
	for r.Scan() {
		if res, ok := r.Result().(*benchfmt.Result); ok {
			p.Results = append(p.Results, res.Clone())
		}
	}
	var b bytes.Buffer
	BenchText(&b, &benchrun.Result{Packages: []benchrun.PackageResult{{ImportPath: "example.com/empty"}, p}})
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) != 4 || lines[0] != "example.com/m" || !strings.Contains(lines[1], "benchmark") {
		t.Fatalf("BenchText = %q, want the package with results only: its path, a header and two rows", lines)
	}
	a, bb := strings.Fields(lines[2]), strings.Fields(lines[3])
	if a[0] != "A" || a[1] != "2.000µ" || a[len(a)-1] != "2" {
		t.Errorf("row A = %q, want A, 2.000µ sec/op, …, n = 2", a)
	}
	if bb[0] != "B" || !strings.Contains(lines[3], "-") || bb[len(bb)-1] != "1" {
		t.Errorf("row B = %q, want B with - for B/op and allocs/op, n = 1", bb)
	}
}

// TestBenchTextOtherUnits: units besides go test's (a custom metric, a
// C++ benchmark's cpu-sec/op) get columns of their own after them.
func TestBenchTextOtherUnits(t *testing.T) {
	r := benchfmt.NewReader(strings.NewReader("BenchmarkC-1 100 2000 sec/op 1500 cpu-sec/op\nBenchmarkC-1 100 2000 sec/op 1500 cpu-sec/op\n"), "x.txt")
	p := benchrun.PackageResult{ImportPath: "bench_exe"}
	for r.Scan() {
		if res, ok := r.Result().(*benchfmt.Result); ok {
			p.Results = append(p.Results, res.Clone())
		}
	}
	var b bytes.Buffer
	BenchText(&b, &benchrun.Result{Packages: []benchrun.PackageResult{p}})
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) != 3 || !strings.Contains(lines[1], "allocs/op  cpu-sec/op") || !strings.Contains(lines[2], "1.500k") {
		t.Errorf("BenchText = %q, want a cpu-sec/op column after go test's, with 1.500k", lines)
	}
}

// TestPctRange checks pctRange, the "± x%" of perfproof bench's table,
// against benchmath's PctRangeString, which the table printed before the
// samples were summarised as stats.Summary.
func TestPctRange(t *testing.T) {
	inf := math.Inf(1)
	for _, s := range []stats.Summary{
		{Median: 100, Lo: 95, Hi: 110, N: 10},
		{Median: 100, Lo: 99.6, Hi: 100.2, N: 10},
		{Median: -100, Lo: -120, Hi: -90, N: 10},
		{Median: 100, Lo: -inf, Hi: inf, N: 3},
		{Median: 1, Lo: -1, Hi: 2, N: 10},
		{Median: 0, Lo: 0, Hi: 0, N: 10},
	} {
		want := benchmath.Summary{Center: s.Median, Lo: s.Lo, Hi: s.Hi}.PctRangeString()
		if got := pctRange(s); got != want {
			t.Errorf("pctRange(%+v) = %q, want %q", s, got, want)
		}
	}
}
