package pipeline

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/pprof/profile"

	"github.com/perfproof/perfproof/cxx/cpuprof"
	"github.com/perfproof/perfproof/finding"
	"github.com/perfproof/perfproof/report"
)

// needReportCxx skips t when a tool ReportCxx needs is missing, unless
// CI is set: then it fails, so that a skipped check never reads as a
// pass.
func needReportCxx(t *testing.T) {
	t.Helper()
	missing := func(what string) {
		t.Helper()
		if os.Getenv("CI") != "" {
			t.Fatalf("%s is missing and CI is set: install it (apt-get install cmake g++ clang-tidy libbenchmark-dev google-perftools)", what)
		}
		t.Skipf("%s is missing: skipping", what)
	}
	for _, tool := range []string{"cmake", "c++", "clang-tidy"} {
		if _, err := exec.LookPath(tool); err != nil {
			missing(tool)
		}
	}
	if _, err := cpuprof.FindProfiler(); err != nil {
		missing("gperftools' libprofiler")
	}
	if _, err := cpuprof.FindSymbolizer(); err != nil {
		missing("addr2line or llvm-symbolizer")
	}
	cfg, _ := filepath.Glob("/usr/lib/*/cmake/benchmark/benchmarkConfig.cmake")
	local, _ := filepath.Glob("/usr/local/lib*/cmake/benchmark/benchmarkConfig.cmake")
	if len(cfg)+len(local) == 0 {
		missing("Google Benchmark's CMake package (libbenchmark-dev)")
	}
}

func TestReportCxxRanksHotAboveCold(t *testing.T) {
	needReportCxx(t)
	// Both symbolizers: CI may have addr2line only.
	syms := []cpuprof.Symbolizer{}
	if p, err := exec.LookPath("addr2line"); err == nil {
		syms = append(syms, cpuprof.Symbolizer{Path: p})
	}
	if s, err := cpuprof.FindSymbolizer(); err == nil && s.LLVM {
		syms = append(syms, s)
	}
	for _, sym := range syms {
		t.Run(filepath.Base(sym.Path), func(t *testing.T) { testReportCxxRanks(t, sym) })
	}
}

func testReportCxxRanks(t *testing.T, sym cpuprof.Symbolizer) {
	src, err := filepath.Abs(filepath.Join("..", "cxx", "tidy", "testdata", "orders"))
	if err != nil {
		t.Fatal(err)
	}
	var progress bytes.Buffer
	res, err := ReportCxx(context.Background(), CxxReportOptions{Dir: src, MinTime: 0.3, Symbolizer: sym, Progress: &progress})
	if err != nil {
		t.Fatalf("ReportCxx: %v\n%s", err, progress.String())
	}
	fs := res.Report.Findings
	index := func(check string, line int) int {
		t.Helper()
		for i, f := range fs {
			if f.Analyzer == "clang-tidy/"+check && filepath.Base(f.File) == "orders.cc" && f.Line == line {
				return i
			}
		}
		t.Fatalf("no %s finding at orders.cc:%d among %d findings", check, line, len(fs))
		return -1
	}
	// The cold function comes first in the file, so that only the
	// ranking can put the hot finding first.
	hot, cold := index("performance-for-range-copy", 14), index("performance-for-range-copy", 5)
	param := index("performance-unnecessary-value-param", 12)
	for _, f := range fs {
		t.Logf("%s:%d %s cost %+v function %q", filepath.Base(f.File), f.Line, f.Analyzer, f.Cost, f.Function)
	}
	if hot > cold {
		t.Errorf("hot finding ranked %d, below the cold one (%d)", hot+1, cold+1)
	}
	if c := fs[hot].Cost; c == nil || c.Cold || c.CPULine <= 0.2 {
		t.Errorf("orders.cc:14 cost %+v, want a CPU line share above 20 %% (the copies are most of the benchmark)", c)
	}
	if c := fs[cold].Cost; c == nil || !c.Cold {
		t.Errorf("orders.cc:5 cost %+v, want cold (audit_line never runs)", c)
	}
	if c := fs[param].Cost; c == nil || c.Cold || c.CPUCum < 0.5 || param > cold {
		// The signature's line is total_length's first line: from
		// llvm-symbolizer's answers, or from addr2line's for the
		// function's entry address.
		t.Errorf("the by-value parameter of the hot function: rank %d (cold one %d), cost %+v; want measured in its function and above the cold one", param+1, cold+1, c)
	}
	if !strings.HasPrefix(fs[hot].Function, "total_length(") {
		t.Errorf("orders.cc:14 function %q, want total_length(...)", fs[hot].Function)
	}
	if fs[cold].Function != "" {
		t.Errorf("orders.cc:5 function %q, want none (no sample in audit_line)", fs[cold].Function)
	}
	if !res.Ranked || !res.Profiles.CPU || res.Profiles.Heap {
		t.Errorf("result ranked %v profiles %+v, want ranked with a CPU profile only", res.Ranked, res.Profiles)
	}
	var md bytes.Buffer
	if err := report.Markdown(&md, res.Report); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"orders.cc:14", "Not hot in this profile", "CPU profile samples", "cmake -S"} {
		if !strings.Contains(md.String(), want) {
			t.Errorf("Markdown lacks %q:\n%s", want, md.String())
		}
	}
	if err := res.Outcome(nil); !errors.Is(err, ErrFound) {
		t.Errorf("Outcome = %v, want ErrFound (findings)", err)
	}
}

func TestReportCxxFailsClosed(t *testing.T) {
	needReportCxx(t)
	write := func(dir, name, text string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	noCMake := t.TempDir()
	if _, err := ReportCxx(context.Background(), CxxReportOptions{Dir: noCMake}); err == nil || !strings.Contains(err.Error(), "CMakeLists.txt") {
		t.Errorf("ReportCxx of a directory without CMakeLists.txt: error = %v, want one naming it", err)
	}

	broken := t.TempDir()
	// A benchmark executable that does not compile (one that is not a
	// benchmark is not built at all).
	write(broken, "CMakeLists.txt", "cmake_minimum_required(VERSION 3.16)\nproject(broken CXX)\nfind_package(benchmark REQUIRED)\nadd_executable(b b.cc)\ntarget_link_libraries(b benchmark::benchmark)\n")
	write(broken, "b.cc", "int main() { return undefined_name; }\n")
	if _, err := ReportCxx(context.Background(), CxxReportOptions{Dir: broken}); !errors.Is(err, ErrCxxBuild) || !strings.Contains(err.Error(), "undefined_name") {
		t.Errorf("ReportCxx of a project that does not build: error = %v, want ErrCxxBuild with the compiler's message", err)
	}

	noBench := t.TempDir()
	write(noBench, "CMakeLists.txt", "cmake_minimum_required(VERSION 3.16)\nproject(nobench CXX)\nadd_executable(tool tool.cc)\n")
	write(noBench, "tool.cc", "int main() { return 0; }\n")
	if _, err := ReportCxx(context.Background(), CxxReportOptions{Dir: noBench}); !errors.Is(err, ErrCxxBuild) || !strings.Contains(err.Error(), "Google Benchmark") {
		t.Errorf("ReportCxx of a project without benchmarks: error = %v, want ErrCxxBuild saying so", err)
	}

	src, _ := filepath.Abs(filepath.Join("..", "cxx", "tidy", "testdata", "orders"))
	_, err := ReportCxx(context.Background(), CxxReportOptions{Dir: src, Bench: "NoSuchBenchmark", MinTime: 0.01})
	if err == nil || !strings.Contains(err.Error(), "orders_bench") {
		t.Errorf("ReportCxx with -bench matching nothing: error = %v, want one naming orders_bench", err)
	}
}

func TestCxxEnclosing(t *testing.T) {
	fnA := &profile.Function{ID: 1, Name: "a(int)", Filename: "/s/x.cc", StartLine: 3}
	fnB := &profile.Function{ID: 2, Name: "b()", Filename: "/s/x.cc"} // addr2line: no start line
	fnInline := &profile.Function{ID: 3, Name: "std::string::string()", Filename: "/usr/include/string.h", StartLine: 1}
	p := &profile.Profile{Location: []*profile.Location{
		{ID: 1, Line: []profile.Line{{Function: fnInline, Line: 40}, {Function: fnA, Line: 5}}},
		{ID: 2, Line: []profile.Line{{Function: fnA, Line: 9}}},
		{ID: 3, Line: []profile.Line{{Function: fnB, Line: 20}}},
		{ID: 4, Line: []profile.Line{{Function: fnB, Line: 24}}},
	}}
	fs := []finding.Finding{
		{File: "/s/x.cc", Line: 3},  // a's first line
		{File: "/s/x.cc", Line: 9},  // a's last sampled line
		{File: "/s/x.cc", Line: 12}, // between a and b: after a's samples
		{File: "/s/x.cc", Line: 19}, // before b's first sampled line
		{File: "/s/x.cc", Line: 22}, // inside b
		{File: "/s/y.cc", Line: 5},  // another file
		{File: "/s/x.cc", Line: 5, Function: "given"},
	}
	got := cxxEnclosing(fs, []*profile.Profile{p})
	want := []string{"a(int)", "a(int)", "", "", "b()", "", "given"}
	for i := range want {
		if got[i].Function != want[i] {
			t.Errorf("cxxEnclosing: %s:%d function %q, want %q", got[i].File, got[i].Line, got[i].Function, want[i])
		}
	}
	if fs[0].Function != "" {
		t.Errorf("cxxEnclosing modified its input")
	}
}

func TestIsCxxReportDir(t *testing.T) {
	cxxOnly, both, goOnly := t.TempDir(), t.TempDir(), t.TempDir()
	for _, f := range []string{filepath.Join(cxxOnly, "CMakeLists.txt"), filepath.Join(both, "CMakeLists.txt"), filepath.Join(both, "go.mod"), filepath.Join(goOnly, "go.mod")} {
		if err := os.WriteFile(f, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for dir, want := range map[string]bool{cxxOnly: true, both: false, goOnly: false, filepath.Join(cxxOnly, "missing"): false} {
		if got := IsCxxReportDir(dir); got != want {
			t.Errorf("IsCxxReportDir(%s) = %v, want %v", dir, got, want)
		}
	}
}

// TestReportCxxProfiles reports on the orders fixture from a gperftools
// profile that an earlier report kept, raw: no benchmark runs, the
// profile is symbolized with the executable rebuilt here, and the
// findings are ranked by it as by a profiling run; bad profiles fail
// with errors naming the file.
func TestReportCxxProfiles(t *testing.T) {
	needReportCxx(t)
	src, err := filepath.Abs(filepath.Join("..", "cxx", "tidy", "testdata", "orders"))
	if err != nil {
		t.Fatal(err)
	}
	keep := t.TempDir()
	if _, err := ReportCxx(context.Background(), CxxReportOptions{Dir: src, MinTime: 0.3, OutDir: keep}); err != nil {
		t.Fatal(err)
	}
	raw := filepath.Join(keep, "orders_bench.prof")
	var progress bytes.Buffer
	res, err := ReportCxx(context.Background(), CxxReportOptions{Dir: src, Profiles: []string{raw}, Progress: &progress})
	if err != nil {
		t.Fatalf("ReportCxx -profile: %v\n%s", err, progress.String())
	}
	if res.Benchmarked || strings.Contains(progress.String(), "profiling") {
		t.Errorf("ReportCxx -profile ran the benchmarks:\n%s", progress.String())
	}
	hot := -1
	tidyLines := map[int]bool{}
	for i, f := range res.Report.Findings {
		if strings.HasPrefix(f.Analyzer, "clang-tidy/") {
			tidyLines[f.Line] = true
		}
		if f.Analyzer == "clang-tidy/performance-for-range-copy" && f.Line == 14 {
			hot = i
		}
	}
	if hot < 0 {
		t.Fatalf("no for-range copy at orders.cc:14 among %+v", res.Report.Findings)
	}
	if c := res.Report.Findings[hot].Cost; c == nil || c.CPULine <= 0.2 {
		t.Errorf("orders.cc:14 cost %+v from the given profile, want a CPU line share above 20 %%", c)
	}
	for _, f := range res.Report.Findings {
		if f.Analyzer == "profile" && tidyLines[f.Line] && filepath.Base(f.File) == "orders.cc" {
			t.Errorf("profile finding %s:%d duplicates a clang-tidy finding", f.File, f.Line)
		}
	}
	notes := strings.Join(res.Report.Notes, "\n")
	if !strings.Contains(notes, "given with -profile, symbolized with orders_bench") {
		t.Errorf("notes do not say how the profile was symbolized:\n%s", notes)
	}

	// Bad profiles. Those that cannot be read fail before the build.
	dir := t.TempDir()
	write := func(name string, p *profile.Profile) string {
		t.Helper()
		f, err := os.Create(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := p.Write(f); err != nil {
			t.Fatal(err)
		}
		return f.Name()
	}
	empty := write("empty.pb.gz", &profile.Profile{SampleType: []*profile.ValueType{{Type: "samples", Unit: "count"}, {Type: "cpu", Unit: "nanoseconds"}}})
	// A raw profile of an executable that this build does not make.
	other, _, err := cpuprof.Read(raw)
	if err != nil {
		t.Fatal(err)
	}
	other.Mapping[0].File = "/nonexistent/other_bench"
	unknown := write("other.pb.gz", other)
	for _, tt := range []struct {
		spec, want string
		is         error
	}{
		{filepath.Join(dir, "missing.prof"), "missing.prof", os.ErrNotExist},
		{empty, empty, cpuprof.ErrNoSamples},
		{unknown, "-profile " + unknown + ": its main executable \"/nonexistent/other_bench\"", cpuprof.ErrNoBinary},
		{"/bin/true=" + raw, "-profile /bin/true=" + raw + ": symbolizing with /bin/true", nil},
	} {
		res, err := ReportCxx(context.Background(), CxxReportOptions{Dir: src, Profiles: []string{tt.spec}})
		if res != nil || err == nil || !strings.Contains(err.Error(), tt.want) || (tt.is != nil && !errors.Is(err, tt.is)) {
			t.Errorf("ReportCxx -profile %s: result %v, error %v; want no result and an error containing %q (matching %v)", tt.spec, res != nil, err, tt.want, tt.is)
		}
	}
}
