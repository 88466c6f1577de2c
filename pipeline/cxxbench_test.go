package pipeline

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/perfproof/perfproof/cxx"
)

// TestBenchCxx runs the C++ fixture's benchmark executable twice: each
// benchmark has one result per run in sec/op and cpu-sec/op, the target
// is the package, the raw JSON and the Go-format results are kept, and
// the fixture's folder is not written to.
func TestBenchCxx(t *testing.T) {
	needCxx(t)
	src, err := filepath.Abs(filepath.Join("..", "cxx", "testdata", "fixture"))
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	res, err := BenchCxx(context.Background(), src, CxxBenchOptions{Count: 2, Benchtime: "5ms", OutDir: out})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Packages) != 1 || res.Packages[0].ImportPath != "sum_bench" || res.Packages[0].Err != nil {
		t.Fatalf("packages %+v, want sum_bench without error", res.Packages)
	}
	p := res.Packages[0]
	counts := map[string]int{}
	for _, r := range p.Results {
		for _, v := range r.Values {
			if v.Value <= 0 {
				t.Errorf("%s: %s = %v, want a positive time", r.Name, v.Unit, v.Value)
			}
			counts[string(r.Name.Full())+" "+v.Unit]++
		}
	}
	for _, k := range []string{"BM_Sum_before-1 sec/op", "BM_Sum_after-1 sec/op", "BM_Sum_before-1 cpu-sec/op", "BM_Sum_after-1 cpu-sec/op"} {
		if counts[k] != 2 {
			t.Errorf("%s: %d results, want 2 (one per run): %v", k, counts[k], counts)
		}
	}
	if raw, err := os.ReadFile(p.RawFile); err != nil || !strings.Contains(string(raw), "BenchmarkBM_Sum_before") && !strings.Contains(string(raw), "BM_Sum_before") {
		t.Errorf("Go-format results %s: %v\n%s", p.RawFile, err, raw)
	}
	if _, err := os.Stat(filepath.Join(out, "sum_bench.2.json")); err != nil {
		t.Errorf("raw JSON of run 2 not kept: %v", err)
	}
	if _, err := os.Stat(filepath.Join(src, "CMakeCache.txt")); err == nil {
		t.Errorf("BenchCxx configured the project in its source folder")
	}

	// A filter matching nothing: the executable is skipped, not failed.
	res, err = BenchCxx(context.Background(), src, CxxBenchOptions{Bench: "NoSuch", Benchtime: "5ms"})
	if err != nil || len(res.Packages) != 1 || !res.Packages[0].Skipped {
		t.Errorf("BenchCxx(-bench NoSuch) = %+v, %v; want sum_bench skipped", res, err)
	}
	if _, err := BenchCxx(context.Background(), src, CxxBenchOptions{Benchtime: "100x"}); err == nil {
		t.Errorf("BenchCxx(-benchtime 100x): no error, want a usage error (Google Benchmark 1.7.1 takes no iteration count)")
	}
	broken := t.TempDir()
	if err := os.WriteFile(filepath.Join(broken, "CMakeLists.txt"), []byte("cmake_minimum_required(VERSION 3.16)\nproject(b CXX)\nfind_package(benchmark REQUIRED)\nadd_executable(b b.cc)\ntarget_link_libraries(b benchmark::benchmark)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(broken, "b.cc"), []byte("int main() { return undeclared_name; }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := BenchCxx(context.Background(), broken, CxxBenchOptions{Benchtime: "5ms"}); !errors.Is(err, cxx.ErrBuild) || !strings.Contains(err.Error(), "undeclared_name") {
		t.Errorf("BenchCxx of a project that does not build: %v, want cxx.ErrBuild with the compiler's message", err)
	}
}
