package pipeline

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/google/pprof/profile"

	"github.com/perfproof/perfproof/scan"
)

// hotModule writes a module whose package hot has one fmtnumber finding,
// at hot.go:8 in Key, and returns its directory.
func hotModule(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for name, data := range map[string]string{
		"go.mod": "module example.com/m\n\ngo 1.26\n",
		"hot/hot.go": `package hot

import "fmt"

// Key formats the ids of a request; fmt.Sprintf is the finding.
func Key(ids []int) (n int) {
	for _, id := range ids {
		n += len(fmt.Sprintf("%d", id))
	}
	return n
}
`,
		"hot/hot_test.go": "package hot\n\nimport \"testing\"\n\nfunc BenchmarkKey(b *testing.B) {\n\tfor b.Loop() {\n\t\tKey([]int{1, 2, 3})\n\t}\n}\n",
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// writeCPUProfile writes a CPU profile of 100 samples to path: share of
// them in Key at file:8 (under the fmt.Sprintf it calls), the rest in a
// function of another file.
func writeCPUProfile(t *testing.T, path, file string, share float64) {
	t.Helper()
	p := &profile.Profile{
		SampleType: []*profile.ValueType{{Type: "samples", Unit: "count"}, {Type: "cpu", Unit: "nanoseconds"}},
		PeriodType: &profile.ValueType{Type: "cpu", Unit: "nanoseconds"},
		Period:     10_000_000,
	}
	fn := func(id uint64, name, file string) *profile.Function {
		f := &profile.Function{ID: id, Name: name, SystemName: name, Filename: file}
		p.Function = append(p.Function, f)
		return f
	}
	key, sprintf, other := fn(1, "example.com/m/hot.Key", file), fn(2, "fmt.Sprintf", "/go/src/fmt/print.go"), fn(3, "example.com/m/hot.other", filepath.Join(filepath.Dir(file), "other.go"))
	loc := func(id uint64, f *profile.Function, line int64) *profile.Location {
		l := &profile.Location{ID: id, Line: []profile.Line{{Function: f, Line: line}}}
		p.Location = append(p.Location, l)
		return l
	}
	atKey, inSprintf, elsewhere := loc(1, key, 8), loc(2, sprintf, 239), loc(3, other, 3)
	hot := int64(100 * share)
	p.Sample = append(p.Sample,
		&profile.Sample{Location: []*profile.Location{inSprintf, atKey}, Value: []int64{hot, hot * p.Period}},
		&profile.Sample{Location: []*profile.Location{elsewhere}, Value: []int64{100 - hot, (100 - hot) * p.Period}},
	)
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := p.Write(f); err != nil {
		t.Fatal(err)
	}
}

// TestReportProfiles runs the pipeline with a profile and no benchmark:
// the profile ranks the finding, nothing is run, and the command that
// reproduces the report names the profile as given.
func TestReportProfiles(t *testing.T) {
	if testing.Short() {
		t.Skip("loads and type-checks a module")
	}
	dir := hotModule(t)
	writeCPUProfile(t, filepath.Join(dir, "cpu.pprof"), filepath.Join(dir, "hot", "hot.go"), 0.4)
	var scanned bool
	res, err := Report(context.Background(), Options{
		Dir: dir, Patterns: []string{"./hot"}, Profiles: []string{"cpu.pprof"},
		Scanned: func(*scan.Result, error) { scanned = true },
	})
	if err != nil {
		t.Fatal(err)
	}
	if !scanned || res.Benchmarked || !res.Ranked || res.Profiles != (ProfileKinds{CPU: true}) {
		t.Errorf("Report: scanned %v, benchmarked %v, ranked %v, profiles %+v; want scanned, not benchmarked, ranked, CPU only", scanned, res.Benchmarked, res.Ranked, res.Profiles)
	}
	rep := res.Report
	if len(rep.Findings) == 0 || rep.Findings[0].Analyzer != "fmtnumber" || rep.Findings[0].Line != 8 || rep.Findings[0].Cost == nil {
		t.Fatalf("Report findings = %+v, want fmtnumber at hot.go:8 first, with a cost", rep.Findings)
	}
	if c := rep.Findings[0].Cost; c.CPULine < 0.39 || c.CPULine > 0.41 {
		t.Errorf("Report: CPU share at hot.go:8 = %v, want 0.4", c.CPULine)
	}
	if want := []string{"perfproof report -C " + shellQuote(dir) + " -profile cpu.pprof ./hot"}; !slices.Equal(rep.Commands, want) {
		t.Errorf("Report commands = %q, want %q", rep.Commands, want)
	}
	if !rep.NoHeapProfile || rep.NoCPUProfile || len(rep.Benchmarks) != 0 || res.Scan.Findings != nil {
		t.Errorf("Report: no heap %v, no CPU %v, benchmarks %v, scan findings %v; want a CPU profile only, no benchmark, scan findings handed over",
			rep.NoHeapProfile, rep.NoCPUProfile, rep.Benchmarks, res.Scan.Findings)
	}
}
