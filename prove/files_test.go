package prove

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/perf/benchfmt"

	"github.com/perfproof/perfproof/stats"
)

// resultsFile writes a results file of runs rounds: per round, one line
// per benchmark of lines (name → ns/op of the first round, grown by
// 0.1 % a round so that the samples vary), under pkg, then extra.
func resultsFile(t *testing.T, name, pkg string, rounds int, lines map[string]float64, extra string) ResultsFile {
	t.Helper()
	var b strings.Builder
	if pkg != "" {
		fmt.Fprintf(&b, "pkg: %s\n", pkg)
	}
	names := make([]string, 0, len(lines))
	for n := range lines {
		names = append(names, n)
	}
	slices.Sort(names)
	for r := range rounds {
		for _, n := range names {
			fmt.Fprintf(&b, "Benchmark%s-2\t1000\t%.2f ns/op\n", n, lines[n]*(1+0.001*float64(r)))
		}
	}
	b.WriteString(extra)
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(b.String()), 0o666); err != nil {
		t.Fatal(err)
	}
	return ResultsFile{Path: path, Name: name}
}

func TestCompareFiles(t *testing.T) {
	old := resultsFile(t, "old.txt", "example.com/m", 10, map[string]float64{"A": 100, "B": 100, "Gone": 50}, "")
	new := resultsFile(t, "new.txt", "example.com/m", 10, map[string]float64{"A": 80, "B": 100, "Added": 50}, "BenchmarkA-2\t1000\tfast ns/op\n")
	res, err := CompareFiles(old, new, stats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range res.Comparisons {
		got = append(got, fmt.Sprintf("%s %s %s %v family %d", c.Package, c.Benchmark, c.Unit, c.Verdict, c.Family))
	}
	want := []string{"example.com/m A sec/op faster family 2", "example.com/m B sec/op unchanged family 2"}
	if !slices.Equal(got, want) {
		t.Errorf("CompareFiles comparisons = %q, want %q", got, want)
	}
	if !slices.Equal(res.OnlyOld, []string{"example.com/m Gone"}) || !slices.Equal(res.OnlyNew, []string{"example.com/m Added"}) {
		t.Errorf("CompareFiles only old, new = %q, %q; want Gone, Added", res.OnlyOld, res.OnlyNew)
	}
	var se *benchfmt.SyntaxError
	if len(res.Errors) != 1 || !errors.As(res.Errors[0], &se) || !strings.Contains(res.Errors[0].Error(), "new.txt:") {
		t.Errorf("CompareFiles errors = %v, want the malformed line of new.txt", res.Errors)
	}
}

func TestCompareFilesErrors(t *testing.T) {
	a := resultsFile(t, "a.txt", "", 3, map[string]float64{"A": 1}, "")
	b := resultsFile(t, "b.txt", "", 3, map[string]float64{"B": 1}, "")
	empty := resultsFile(t, "empty.txt", "", 0, nil, "no results here\n")

	res, err := CompareFiles(a, b, stats.Options{})
	if err != nil || len(res.Errors) != 1 || !errors.Is(res.Errors[0], ErrNoCommon) || res.Errors[0].Error() != "a.txt and b.txt have no benchmark in common" {
		t.Errorf("CompareFiles(a, b) = %+v, %v; want an error wrapping ErrNoCommon", res, err)
	}
	if !slices.Equal(res.OnlyOld, []string{"A"}) || !slices.Equal(res.OnlyNew, []string{"B"}) {
		t.Errorf("CompareFiles(a, b) only old, new = %q, %q; want A, B (no package)", res.OnlyOld, res.OnlyNew)
	}
	if _, err := CompareFiles(empty, a, stats.Options{}); !errors.Is(err, ErrNoResults) || !strings.HasPrefix(err.Error(), "empty.txt holds no benchmark results") {
		t.Errorf("CompareFiles(empty, a) error = %v, want ErrNoResults naming empty.txt", err)
	}
	if _, err := CompareFiles(ResultsFile{Path: filepath.Join(t.TempDir(), "nosuch")}, a, stats.Options{}); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("CompareFiles(missing file) error = %v, want os.ErrNotExist", err)
	}
}

// TestCompareFilesUnitMetadata checks that the "Unit" lines of results
// files decide a unit's direction and exactness: a file declaring
// widgets/op better=higher has more widgets judged faster, and one
// declaring checks/op assume=exact has a single run compared exactly.
func TestCompareFilesUnitMetadata(t *testing.T) {
	write := func(name, header string, widgets, checks float64, runs int) ResultsFile {
		t.Helper()
		var b strings.Builder
		b.WriteString(header)
		for r := range runs {
			fmt.Fprintf(&b, "BenchmarkW-2\t1000\t5.0 ns/op\t%.1f widgets/op\t%.0f checks/op\n", widgets+float64(r%3), checks)
		}
		path := filepath.Join(t.TempDir(), name)
		if err := os.WriteFile(path, []byte(b.String()), 0o666); err != nil {
			t.Fatal(err)
		}
		return ResultsFile{Path: path, Name: name}
	}
	verdicts := func(res *FilesResult) map[string]string {
		got := make(map[string]string)
		for _, c := range res.Comparisons {
			got[c.Unit] = fmt.Sprintf("%v exact=%v", c.Verdict, c.Exact)
		}
		return got
	}

	declared := "Unit widgets/op Better=higher\n"
	res, err := CompareFiles(write("old.txt", declared, 100, 1, 10), write("new.txt", "", 200, 1, 10), stats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := verdicts(res)["widgets/op"]; got != "faster exact=false" {
		t.Errorf("CompareFiles(widgets/op better=higher, 100 → 200) = %s, want faster exact=false", got)
	}
	res, err = CompareFiles(write("old.txt", "", 100, 1, 10), write("new.txt", "", 200, 1, 10), stats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := verdicts(res)["widgets/op"]; got != "slower exact=false" {
		t.Errorf("CompareFiles(widgets/op undeclared, 100 → 200) = %s, want slower exact=false (lower is better by default)", got)
	}

	exact := "Unit checks/op Assume=exact\n"
	res, err = CompareFiles(write("old.txt", "", 100, 3, 1), write("new.txt", exact, 100, 4, 1), stats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := verdicts(res)["checks/op"]; got != "slower exact=true" {
		t.Errorf("CompareFiles(checks/op assume=exact, 3 → 4, one run) = %s, want slower exact=true", got)
	}
	res, err = CompareFiles(write("old.txt", "", 100, 3, 1), write("new.txt", "", 100, 4, 1), stats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := verdicts(res)["checks/op"]; got != "inconclusive exact=false" {
		t.Errorf("CompareFiles(checks/op undeclared, 3 → 4, one run) = %s, want inconclusive exact=false", got)
	}
}

// TestMeasuredCompareUnits checks that the unit metadata of a run's output
// (benchrun.RunOutput.Units, merged into measured.units) reaches the
// comparisons of a live run.
func TestMeasuredCompareUnits(t *testing.T) {
	m := newMeasured(&PackageResult{ImportPath: "example.com/m"}, ".")
	r := benchfmt.NewReader(strings.NewReader("Unit widgets/op better=higher\n"), "run.txt")
	for r.Scan() {
	}
	m.units = m.units.Merge(stats.Units(r.Units()))
	old := []float64{100, 101, 102, 100, 99, 101, 100, 102, 101, 100}
	new := []float64{200, 202, 201, 199, 200, 203, 201, 200, 198, 202}
	cs := m.compare([]Samples{{Benchmark: "W", OldName: "W", NewName: "W", Unit: "widgets/op", Old: old, New: new}}, stats.Options{})
	if len(cs) != 1 || cs[0].Verdict != stats.Faster {
		t.Fatalf("compare(widgets/op better=higher, 100 → 200) = %+v, want one faster comparison", cs)
	}
	m.units = nil
	if cs := m.compare([]Samples{{Benchmark: "W", OldName: "W", NewName: "W", Unit: "widgets/op", Old: old, New: new}}, stats.Options{}); cs[0].Verdict != stats.Slower {
		t.Errorf("compare(widgets/op without metadata, 100 → 200) = %v, want slower", cs[0].Verdict)
	}
}

// gbenchFile writes a file of Google Benchmark JSON with reps runs of
// each benchmark of times (name → real_time in ns, grown by 0.1 % a
// run), each followed by its mean aggregate, and extra entries.
func gbenchFile(t *testing.T, name string, reps int, times map[string]float64, extra string) ResultsFile {
	t.Helper()
	names := make([]string, 0, len(times))
	for n := range times {
		names = append(names, n)
	}
	slices.Sort(names)
	var entries []string
	for _, n := range names {
		for r := range reps {
			v := times[n] * (1 + 0.001*float64(r))
			entries = append(entries, fmt.Sprintf(`{"name": %q, "run_name": %q, "run_type": "iteration", "repetitions": %d, "repetition_index": %d, "threads": 1, "iterations": 1000, "real_time": %g, "cpu_time": %g, "time_unit": "ns", "items_per_second": %g}`, n, n, reps, r, v, v, 1e9/v))
		}
		entries = append(entries, fmt.Sprintf(`{"name": "%s_mean", "run_name": %q, "run_type": "aggregate", "aggregate_name": "mean", "repetitions": %d, "threads": 1, "iterations": %d, "real_time": 1, "cpu_time": 1, "time_unit": "ns"}`, n, n, reps, reps))
	}
	if extra != "" {
		entries = append(entries, extra)
	}
	doc := `  {"context": {"executable": "/tmp/build-` + name + `/bench", "num_cpus": 2}, "benchmarks": [` + strings.Join(entries, ",\n") + "]}\n"
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(doc), 0o666); err != nil {
		t.Fatal(err)
	}
	return ResultsFile{Path: path, Name: name}
}

func TestCompareFilesGbench(t *testing.T) {
	failed := `{"name": "BM_Fails", "run_type": "iteration", "iterations": 1, "real_time": 0, "cpu_time": 0, "time_unit": "ns", "error_occurred": true, "error_message": "no device"}`
	old := gbenchFile(t, "old.json", 10, map[string]float64{"BM_A": 100, "BM_B": 100, "BM_Gone": 5}, "")
	new := gbenchFile(t, "new.json", 10, map[string]float64{"BM_A": 80, "BM_B": 100}, failed)
	res, err := CompareFiles(old, new, stats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range res.Comparisons {
		got = append(got, fmt.Sprintf("%s %s %s %v", c.Package, c.Benchmark, c.Unit, c.Verdict))
	}
	// The package is the executable's base name, the same in both build
	// folders; aggregates are not samples; items/s is higher-is-better.
	want := []string{
		"bench BM_A sec/op faster", "bench BM_A cpu-sec/op faster", "bench BM_A items/s faster",
		"bench BM_B sec/op unchanged", "bench BM_B cpu-sec/op unchanged", "bench BM_B items/s unchanged",
	}
	if !slices.Equal(got, want) {
		t.Errorf("CompareFiles comparisons = %q, want %q", got, want)
	}
	for _, c := range res.Comparisons {
		if c.Old.N != 10 {
			t.Errorf("%s %s has %d old samples, want 10 (the runs, not the mean)", c.Benchmark, c.Unit, c.Old.N)
		}
	}
	if !slices.Equal(res.OnlyOld, []string{"bench BM_Gone"}) || len(res.OnlyNew) != 0 {
		t.Errorf("only old, new = %q, %q; want BM_Gone, none", res.OnlyOld, res.OnlyNew)
	}
	if len(res.Errors) != 1 || !strings.Contains(res.Errors[0].Error(), "new.json: BM_Fails") || !strings.Contains(res.Errors[0].Error(), "no device") {
		t.Errorf("Errors = %v, want the error of BM_Fails naming the file", res.Errors)
	}
}

func TestCompareFilesGbenchErrors(t *testing.T) {
	good := gbenchFile(t, "good.json", 6, map[string]float64{"BM_A": 100}, "")
	cut := filepath.Join(t.TempDir(), "cut.json")
	if err := os.WriteFile(cut, []byte(`{"benchmarks": [{"name": "BM_A", "real_time": x}]}`), 0o666); err != nil {
		t.Fatal(err)
	}
	_, err := CompareFiles(good, ResultsFile{Path: cut, Name: "cut.json"}, stats.Options{})
	if err == nil || !strings.Contains(err.Error(), "cut.json: byte 46:") {
		t.Errorf("CompareFiles of malformed JSON = %v, want an error naming cut.json and byte 46", err)
	}
	aggr := filepath.Join("..", "cxx", "gbench", "testdata", "aggregates_only.json")
	_, err = CompareFiles(ResultsFile{Path: aggr}, good, stats.Options{})
	if !errors.Is(err, ErrNoResults) || !strings.Contains(err.Error(), "aggregates") {
		t.Errorf("CompareFiles of aggregates only = %v, want ErrNoResults saying why", err)
	}
	// A real output against itself: every unit compared, nothing only on
	// one side.
	real := ResultsFile{Path: filepath.Join("..", "cxx", "gbench", "testdata", "repetitions.json")}
	res, err := CompareFiles(real, real, stats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	units := map[string]bool{}
	for _, c := range res.Comparisons {
		units[c.Unit] = true
	}
	for _, u := range []string{"sec/op", "cpu-sec/op", "B/s", "items/s", "hits", "ops_rate"} {
		if !units[u] {
			t.Errorf("comparing repetitions.json with itself: no %s comparison (have %v)", u, units)
		}
	}
	if len(res.OnlyOld)+len(res.OnlyNew) != 0 {
		t.Errorf("only old, new = %q, %q; want none", res.OnlyOld, res.OnlyNew)
	}
}
