package tidy

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// need skips t when a tool is missing, unless CI is set: then a missing
// tool fails the test, so that a skipped check never reads as a pass.
func need(t *testing.T, tools ...string) {
	t.Helper()
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("CI") != "" {
				t.Fatalf("%s not found, and CI is set: install it (apt-get install cmake clang-tidy libbenchmark-dev)", tool)
			}
			t.Skipf("%s not found: skipping (install it to run this test)", tool)
		}
	}
}

// configure runs CMake's configure step for src in a temporary build
// directory, with compile commands exported, and returns the directory.
// A project that needs Google Benchmark skips (or fails under CI) when
// CMake cannot find it.
func configure(t *testing.T, src string) string {
	t.Helper()
	need(t, "cmake", "clang-tidy")
	build := t.TempDir()
	out, err := exec.Command("cmake", "-S", src, "-B", build, "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON").CombinedOutput()
	if err != nil {
		if strings.Contains(string(out), "benchmark") && os.Getenv("CI") == "" {
			t.Skipf("cmake cannot find Google Benchmark (libbenchmark-dev): skipping\n%s", out)
		}
		t.Fatalf("cmake configure %s: %v\n%s", src, err, out)
	}
	return build
}

func TestRunFixture(t *testing.T) {
	src, err := filepath.Abs(filepath.Join("testdata", "orders"))
	if err != nil {
		t.Fatal(err)
	}
	build := configure(t, src)
	res, err := Run(context.Background(), Options{SourceDir: src, BuildDir: build})
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	type pos struct {
		analyzer, file string
		line           int
	}
	var got []pos
	for _, f := range res.Findings {
		got = append(got, pos{f.Analyzer, filepath.Base(f.File), f.Line})
	}
	want := []pos{
		{"clang-tidy/performance-for-range-copy", "orders.cc", 5},
		{"clang-tidy/performance-unnecessary-value-param", "orders.cc", 12},
		{"clang-tidy/performance-for-range-copy", "orders.cc", 14},
		// The header's declaration is not reported: the check reports
		// the definition (and would fix both).
		{"clang-tidy/performance-inefficient-vector-operation", "orders_bench.cc", 13},
	}
	if len(got) != len(want) {
		t.Fatalf("Run findings = %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("finding %d = %v, want %v", i, got[i], want[i])
		}
	}
	if len(res.Files) != 2 || len(res.Failed) != 0 {
		t.Errorf("Run files %v failed %v, want the 2 sources and no failure", res.Files, res.Failed)
	}
}

func TestRunCompileError(t *testing.T) {
	src := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(src, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("CMakeLists.txt", "cmake_minimum_required(VERSION 3.16)\nproject(broken CXX)\nadd_library(b STATIC good.cc broken.cc)\n")
	write("good.cc", "#include <string>\n#include <vector>\nunsigned long n(const std::vector<std::string>& v) { unsigned long k = 0; for (auto s : v) k += s.size(); return k; }\n")
	write("broken.cc", "int f() { return undefined_name + 1; }\n")
	build := configure(t, src)
	res, err := Run(context.Background(), Options{SourceDir: src, BuildDir: build})
	if !errors.Is(err, ErrFilesFailed) || !strings.Contains(err.Error(), "broken.cc") {
		t.Fatalf("Run error = %v, want ErrFilesFailed naming broken.cc", err)
	}
	if res == nil || len(res.Failed) != 1 || !strings.Contains(res.Failed[0].Error(), "undefined_name") {
		t.Fatalf("Run failed = %v, want broken.cc with its compile error", res)
	}
	if len(res.Findings) != 1 || res.Findings[0].Analyzer != "clang-tidy/performance-for-range-copy" {
		t.Errorf("Run findings = %+v, want good.cc's for-range copy kept", res.Findings)
	}
}

func TestRunErrors(t *testing.T) {
	dir := t.TempDir()
	if _, err := Run(context.Background(), Options{SourceDir: dir, BuildDir: dir, Tool: filepath.Join(dir, "no-clang-tidy")}); !errors.Is(err, ErrNoTool) {
		t.Errorf("Run with a missing tool: error = %v, want ErrNoTool", err)
	}
	need(t, "clang-tidy")
	_, err := Run(context.Background(), Options{SourceDir: dir, BuildDir: dir})
	if !errors.Is(err, ErrNoCompileCommands) || !strings.Contains(err.Error(), filepath.Join(dir, "compile_commands.json")) {
		t.Errorf("Run without compile_commands.json: error = %v, want ErrNoCompileCommands naming it", err)
	}
	other := t.TempDir()
	db := `[{"directory": "` + other + `", "command": "c++ -c x.cc", "file": "x.cc"}]`
	if err := os.WriteFile(filepath.Join(dir, "compile_commands.json"), []byte(db), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = Run(context.Background(), Options{SourceDir: filepath.Join(dir, "src"), BuildDir: dir})
	if !errors.Is(err, ErrNoCompileCommands) {
		t.Errorf("Run with no source inside the source dir: error = %v, want ErrNoCompileCommands", err)
	}
}

func TestSources(t *testing.T) {
	cmds := []CompileCommand{
		{Directory: "/p/build", File: "../src/b.cc"},
		{Directory: "/p/build", File: "/p/src/a.cc"},
		{Directory: "/p/build", File: "/p/src/a.cc"}, // a second target
		{Directory: "/p/build", File: "/p/srcother/c.cc"},
		{Directory: "/p/src/build", File: "gen.cc"},
		{Directory: "/p/build", File: "/usr/src/d.cc"},
	}
	got := Sources(cmds, "/p/src", "/p/src/build")
	var paths []string
	for _, c := range got {
		paths = append(paths, c.Path())
	}
	if want := []string{"/p/src/a.cc", "/p/src/b.cc"}; strings.Join(paths, " ") != strings.Join(want, " ") {
		t.Errorf("Sources = %v, want %v", paths, want)
	}
}

func TestRunToolCrash(t *testing.T) {
	need(t, "sh")
	src, build := t.TempDir(), t.TempDir()
	file := filepath.Join(src, "a.cc")
	db := `[{"directory": "` + build + `", "command": "c++ -c ` + file + `", "file": "` + file + `"}]`
	if err := os.WriteFile(filepath.Join(build, "compile_commands.json"), []byte(db), 0o644); err != nil {
		t.Fatal(err)
	}
	// A stand-in for a clang-tidy that reports one warning, then crashes
	// as LLVM tools do: a stack dump on standard error and SIGSEGV.
	tool := filepath.Join(t.TempDir(), "clang-tidy")
	script := "#!/bin/sh\nfor last; do :; done\necho \"$last:1:1: warning: partial [performance-x]\"\necho 'PLEASE submit a bug report' >&2\nkill -SEGV $$\n"
	if err := os.WriteFile(tool, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	res, err := Run(context.Background(), Options{SourceDir: src, BuildDir: build, Tool: tool})
	if !errors.Is(err, ErrFilesFailed) || !strings.Contains(err.Error(), file) {
		t.Fatalf("Run with a crashing clang-tidy: error = %v, want ErrFilesFailed naming %s", err, file)
	}
	if len(res.Failed) != 1 || !strings.Contains(res.Failed[0].Error(), "PLEASE submit a bug report") || !strings.Contains(res.Failed[0].Error(), "signal") {
		t.Errorf("Run failed = %v, want the crash with its standard error", res.Failed)
	}
	if len(res.Findings) != 1 || res.Findings[0].Analyzer != "clang-tidy/performance-x" {
		t.Errorf("Run findings = %+v, want the warning printed before the crash", res.Findings)
	}
}
