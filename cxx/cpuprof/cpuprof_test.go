package cpuprof

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/perfproof/perfproof/cost"
	"github.com/perfproof/perfproof/finding"
)

// testdata/addr2line.out and testdata/llvm.out are the answers of GNU
// addr2line 2.40 (-i -f -C -a) and llvm-symbolizer 14 (--inlining
// --demangle --output-style=JSON) for three addresses of the fixture's
// benchmark built RelWithDebInfo by g++ 12: one in an inlined
// std::string copy inside the range-for of total_length (orders.cc:14),
// one in its epilogue (orders.cc:18), one outside any function.

const (
	copyCtor    = "std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >::basic_string(std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > const&)"
	totalLength = "total_length(std::vector<std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >, std::allocator<std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > > > const&, std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >)"
	ordersCC    = "/work/main/cxx/tidy/testdata/orders/orders.cc"
	stringH     = "/usr/include/c++/12/bits/basic_string.h"
)

func TestParseSymbolizers(t *testing.T) {
	tests := []struct {
		file  string
		parse func(*os.File) ([][]frame, error)
		start bool // the tool gives functions' first lines
	}{
		{"addr2line.out", func(f *os.File) ([][]frame, error) { return parseAddr2line(f) }, false},
		{"llvm.out", func(f *os.File) ([][]frame, error) { return parseLLVM(f) }, true},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			f, err := os.Open(filepath.Join("testdata", tt.file))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			got, err := tt.parse(f)
			if err != nil {
				t.Fatal(err)
			}
			want := [][]frame{
				{{function: copyCtor, file: stringH, line: 544, startLine: 540}, {function: totalLength, file: ordersCC, line: 14, startLine: 12}},
				{{function: totalLength, file: ordersCC, line: 18, startLine: 12}},
				nil,
			}
			if !tt.start {
				for _, fs := range want {
					for i := range fs {
						fs[i].startLine = 0
					}
				}
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("parse(%s) =\n%+v\nwant\n%+v", tt.file, got, want)
			}
		})
	}
}

func TestParseAddr2lineErrors(t *testing.T) {
	for _, in := range []string{"main\n", "0x10\nmain\n"} {
		if _, err := parseAddr2line(strings.NewReader(in)); err == nil {
			t.Errorf("parseAddr2line(%q) = nil error, want one", in)
		}
	}
}

// need skips t when a tool is missing, unless CI is set: then it fails.
func need(t *testing.T, tools ...string) {
	t.Helper()
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("CI") != "" {
				t.Fatalf("%s not found, and CI is set: install it", tool)
			}
			t.Skipf("%s not found: skipping", tool)
		}
	}
	if _, err := FindProfiler(); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
}

// fixture is the fixture's benchmark executable, built once by
// buildFixture in a directory TestMain removes.
var fixture struct {
	once sync.Once
	dir  string
	exe  string
	out  []byte
	err  error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if fixture.dir != "" {
		os.RemoveAll(fixture.dir)
	}
	os.Exit(code)
}

// buildFixture builds ../tidy/testdata/orders RelWithDebInfo in a
// temporary directory, once for all tests, and returns the benchmark
// executable.
func buildFixture(t *testing.T) string {
	t.Helper()
	need(t, "cmake", "c++")
	fixture.once.Do(func() {
		src, err := filepath.Abs(filepath.Join("..", "tidy", "testdata", "orders"))
		if err != nil {
			fixture.err = err
			return
		}
		if fixture.dir, fixture.err = os.MkdirTemp("", "cpuprof-test-"); fixture.err != nil {
			return
		}
		fixture.out, fixture.err = exec.Command("cmake", "-S", src, "-B", fixture.dir, "-DCMAKE_BUILD_TYPE=RelWithDebInfo").CombinedOutput()
		if fixture.err != nil {
			return
		}
		fixture.out, fixture.err = exec.Command("cmake", "--build", fixture.dir).CombinedOutput()
		fixture.exe = filepath.Join(fixture.dir, "orders_bench")
	})
	if fixture.err != nil {
		if strings.Contains(string(fixture.out), "benchmark") && os.Getenv("CI") == "" {
			t.Skipf("cmake cannot find or build with Google Benchmark (libbenchmark-dev): skipping\n%s", fixture.out)
		}
		t.Fatalf("building the fixture: %v\n%s", fixture.err, fixture.out)
	}
	return fixture.exe
}

func TestProfileFixture(t *testing.T) {
	exe := buildFixture(t)
	syms := []Symbolizer{}
	if p, err := exec.LookPath("addr2line"); err == nil {
		syms = append(syms, Symbolizer{Path: p})
	}
	if s, err := FindSymbolizer(); err == nil && s.LLVM {
		syms = append(syms, s)
	}
	if len(syms) == 0 {
		t.Fatal("no symbolizer")
	}
	for _, sym := range syms {
		t.Run(filepath.Base(sym.Path), func(t *testing.T) {
			out := t.TempDir()
			runs, err := Profile(context.Background(), Options{Executables: []string{exe}, MinTime: 0.5, Symbolizer: sym, OutDir: out})
			if err != nil {
				t.Fatal(err)
			}
			r := runs[0]
			t.Logf("%d samples in %v", r.Samples, r.Wall)
			if r.Samples < 20 {
				t.Errorf("Profile gave %d samples for 0.5 s, want at least 20", r.Samples)
			}
			for _, name := range []string{"orders_bench.prof", "orders_bench.pb.gz", "orders_bench.json"} {
				if _, err := os.Stat(filepath.Join(out, name)); err != nil {
					t.Errorf("Profile did not keep %s: %v", name, err)
				}
			}
			// total_length's first line, the line of its name, from
			// either symbolizer.
			starts := make(map[int64]bool)
			for _, fn := range r.Profile.Function {
				if strings.HasPrefix(fn.Name, "total_length(") {
					starts[fn.StartLine] = true
				}
			}
			if len(starts) != 1 || !starts[12] {
				t.Errorf("total_length start lines %v, want 12 only", starts)
			}
			ps, err := cost.New(r.Profile)
			if err != nil {
				t.Fatal(err)
			}
			if len(ps.Warnings) > 0 {
				t.Errorf("cost.New warnings: %v", ps.Warnings)
			}
			orders, _ := filepath.Abs(filepath.Join("..", "tidy", "testdata", "orders", "orders.cc"))
			fs := cost.Join([]finding.Finding{
				{Analyzer: "hot", File: orders, Line: 14},
				{Analyzer: "cold", File: orders, Line: 5},
			}, ps)
			// The copies in the range-for are most of the benchmark: the
			// line is inlined std::string code and malloc under it, found
			// only through the inlined frames.
			if c := fs[0].Cost; c == nil || c.CPULine < 0.3 {
				t.Errorf("orders.cc:14 cost %+v, want CPULine ≥ 0.3", c)
			}
			if c := fs[1].Cost; c == nil || !c.Cold {
				t.Errorf("orders.cc:5 cost %+v, want cold", c)
			}
		})
	}
}

func TestProfileErrors(t *testing.T) {
	exe := buildFixture(t)
	_, err := Profile(context.Background(), Options{Executables: []string{exe}, MinTime: 0.01, Filter: "NoSuchBenchmark"})
	if err == nil || !strings.Contains(err.Error(), exe) {
		t.Errorf("Profile with a filter matching nothing: error = %v, want one naming %s", err, exe)
	}
	_, err = Profile(context.Background(), Options{Executables: []string{"/bin/true"}, MinTime: 0.01})
	if !errors.Is(err, ErrNoSamples) || !strings.Contains(err.Error(), "/bin/true") {
		t.Errorf("Profile of a program that runs nothing: error = %v, want ErrNoSamples naming it", err)
	}
	_, err = Profile(context.Background(), Options{Executables: []string{exe}, MinTime: 0.01, Library: "/nonexistent/libprofiler.so"})
	if err == nil || !strings.Contains(err.Error(), exe) {
		t.Errorf("Profile without the profiler loaded: error = %v, want one naming %s", err, exe)
	}
}
