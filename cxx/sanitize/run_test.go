package sanitize

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// needTools skips t when the C++ tool chain sanitize needs is missing,
// unless CI is set: there a skipped check must not read as a pass.
func needTools(t *testing.T) {
	t.Helper()
	var missing []string
	for _, tool := range []string{"cmake", "ctest", "c++"} {
		if _, err := exec.LookPath(tool); err != nil {
			missing = append(missing, tool)
		}
	}
	for _, h := range []string{"/usr/include/gtest/gtest.h", "/usr/include/benchmark/benchmark.h"} {
		if _, err := os.Stat(h); err != nil {
			missing = append(missing, h)
		}
	}
	if len(missing) == 0 {
		return
	}
	msg := "missing " + strings.Join(missing, ", ") + " (apt-get install cmake g++ libgtest-dev libbenchmark-dev)"
	if os.Getenv("CI") != "" {
		t.Fatal(msg)
	}
	t.Skip(msg)
}

// markedLine returns the 1-based line of file that holds the comment
// marker, e.g. "// PLACEMENT-NEW".
func markedLine(t *testing.T, file, marker string) int {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		if strings.Contains(sc.Text(), "// "+marker) {
			return n
		}
	}
	t.Fatalf("%s: no line marked %s", file, marker)
	return 0
}

// TestRunFixture builds testdata/pool with ASan and TSan and checks that
// each planted bug is found at its line: the leak of the strings of a
// Message overwritten by placement new at that placement new, in the
// test and in the benchmark alike.
func TestRunFixture(t *testing.T) {
	needTools(t)
	dir, err := filepath.Abs(filepath.Join("testdata", "pool"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := Run(context.Background(), Options{Dir: dir, TSan: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range res.Errors {
		t.Errorf("error: %v", e)
	}
	if res.Tests != 8 || res.Benchmarks != 1 {
		t.Errorf("ran %d tests and %d benchmarks, want 8 (4 per build) and 1", res.Tests, res.Benchmarks)
	}
	pool, test := filepath.Join(dir, "pool.cpp"), filepath.Join(dir, "pool_test.cpp")
	type want struct {
		analyzer, kind, file string
		line                 int
		runs                 string
	}
	wants := []want{
		{"lsan", "direct leak", pool, markedLine(t, pool, "PLACEMENT-NEW"), "test Pool.Wrap (asan), benchmark pool_bench (asan)"},
		{"asan", "heap-use-after-free", pool, markedLine(t, pool, "USE-AFTER-FREE"), "test Pool.Stale (asan)"},
		{"tsan", "heap-use-after-free", pool, markedLine(t, pool, "USE-AFTER-FREE"), "test Pool.Stale (tsan)"},
		{"ubsan", "signed-integer-overflow", pool, markedLine(t, pool, "OVERFLOW"), "test Pool.Overflow (asan)"},
		{"tsan", "data race", test, 0, "test Pool.Race (tsan)"},
	}
	raceLines := []int{markedLine(t, test, "RACE-A"), markedLine(t, test, "RACE-B")}
	if len(res.Findings) != len(wants) {
		t.Errorf("%d findings, want %d", len(res.Findings), len(wants))
	}
	for _, w := range wants {
		found := false
		for _, f := range res.Findings {
			if f.Analyzer != w.analyzer || f.Category != w.kind {
				continue
			}
			found = true
			lineOK := f.Line == w.line || (w.line == 0 && (f.Line == raceLines[0] || f.Line == raceLines[1]))
			if f.File != w.file || !lineOK {
				t.Errorf("[%s] %s at %s:%d, want %s:%d", w.analyzer, w.kind, f.File, f.Line, w.file, w.line)
			}
			if got := strings.Join(f.Runs, ", "); got != w.runs {
				t.Errorf("[%s] %s runs = %s, want %s", w.analyzer, w.kind, got, w.runs)
			}
		}
		if !found {
			t.Errorf("no [%s] %s finding", w.analyzer, w.kind)
		}
	}
	for _, f := range res.Findings {
		if f.Analyzer == "lsan" && (f.Bytes <= 0 || f.Objects <= 0 || !strings.Contains(f.Note, "Message::Message")) {
			t.Errorf("leak finding: %d bytes in %d objects, note %q; want sizes and the constructor", f.Bytes, f.Objects, f.Note)
		}
	}
	if err := res.Outcome(); err != nil {
		t.Errorf("Outcome() = %v, want nil", err)
	}
}

// writeProject writes a CMake project of the files in files to a new
// temporary folder and returns it.
func writeProject(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const cmakeHead = "cmake_minimum_required(VERSION 3.16)\nproject(p CXX)\n"

// TestRunFailsClosed: what could not be built, ran badly or was not there
// is an error naming it, and the outcome is not clean.
func TestRunFailsClosed(t *testing.T) {
	needTools(t)
	runs := writeProject(t, map[string]string{
		"CMakeLists.txt": cmakeHead + "enable_testing()\nadd_executable(t t.cpp)\n" +
			"add_test(NAME crash COMMAND t crash)\nadd_test(NAME fails COMMAND t fails)\n" +
			"add_test(NAME hangs COMMAND t hangs)\nadd_test(NAME passes COMMAND t)\n" +
			"add_test(NAME expected COMMAND t fails)\nset_tests_properties(expected PROPERTIES WILL_FAIL TRUE)\n",
		"t.cpp": `#include <chrono>
#include <cstdlib>
#include <cstring>
#include <thread>
int main(int argc, char** argv) {
    if (argc > 1 && std::strcmp(argv[1], "crash") == 0) std::abort();
    if (argc > 1 && std::strcmp(argv[1], "fails") == 0) return 3;
    if (argc > 1 && std::strcmp(argv[1], "hangs") == 0) std::this_thread::sleep_for(std::chrono::minutes(10));
    return 0;
}
`,
	})
	broken := writeProject(t, map[string]string{
		"CMakeLists.txt": cmakeHead + "enable_testing()\nadd_executable(t t.cpp)\nadd_test(NAME t COMMAND t)\n",
		"t.cpp":          "int main() { return undeclared; }\n",
	})
	empty := writeProject(t, map[string]string{
		"CMakeLists.txt": cmakeHead + "add_library(l STATIC l.cpp)\n",
		"l.cpp":          "int f() { return 1; }\n",
	})
	badCMake := writeProject(t, map[string]string{
		"CMakeLists.txt": cmakeHead + "message(FATAL_ERROR \"no such platform\")\n",
	})
	// A project that resets the flags: its executable is not sanitized,
	// and running it would read as clean.
	plain := writeProject(t, map[string]string{
		"CMakeLists.txt": cmakeHead + "set(CMAKE_CXX_FLAGS \"\")\nset(CMAKE_EXE_LINKER_FLAGS \"\")\n" +
			"enable_testing()\nadd_executable(t t.cpp)\nadd_test(NAME t COMMAND t)\n",
		"t.cpp": "int main() { return 0; }\n",
	})
	for _, tc := range []struct {
		name, dir string
		want      []string // each error's start, in order
		contains  []string // and what each must say
	}{
		{"runs", runs, []string{
			"test crash (asan): ",
			"test fails (asan): ",
			"test hangs (asan): timed out after 2s",
		}, []string{"crashed (signal: aborted) with no sanitizer report", "exited with status 3 and no sanitizer report", "(-timeout)"}},
		{"broken", broken, []string{"build (asan): cmake --build: exit status"}, []string{"undeclared"}},
		{"empty", empty, []string{"project: "}, []string{"no ctest test and no Google Benchmark executable"}},
		{"badcmake", badCMake, []string{"configure (asan): cmake configure: exit status 1"}, []string{"no such platform"}},
		{"plain", plain, []string{"test t (asan): "}, []string{"was not built with asan (no __asan_ symbol)"}},
	} {
		res, err := Run(context.Background(), Options{Dir: tc.dir, Timeout: 2 * time.Second})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		var got []string
		for _, e := range res.Errors {
			got = append(got, e.Error())
		}
		t.Logf("%s: %s", tc.name, strings.Join(got, "\n"))
		if len(got) != len(tc.want) {
			t.Errorf("%s: errors\n%s\nwant %d", tc.name, strings.Join(got, "\n"), len(tc.want))
			continue
		}
		for i, w := range tc.want {
			if !strings.HasPrefix(got[i], w) || !strings.Contains(got[i], tc.contains[i]) {
				t.Errorf("%s: error %d = %q, want it to start with %q and say %q", tc.name, i, got[i], w, tc.contains[i])
			}
		}
		if res.Outcome() == nil {
			t.Errorf("%s: Outcome() = nil, want an error", tc.name)
		}
	}
}

func TestSplitArgs(t *testing.T) {
	for in, want := range map[string]string{
		``:                       ``,
		`-G Ninja`:               `-G|Ninja`,
		`-DX="a b" -DY='c d'`:    `-DX=a b|-DY=c d`,
		`  -DZ=a\ b  "q\"x" '\'`: `-DZ=a b|q"x|\`,
		`-DEMPTY=""`:             `-DEMPTY=`,
	} {
		args, err := SplitArgs(in)
		if err != nil {
			t.Errorf("SplitArgs(%q): %v", in, err)
			continue
		}
		if got := strings.Join(args, "|"); got != want {
			t.Errorf("SplitArgs(%q) = %q, want %q", in, got, want)
		}
	}
	for _, bad := range []string{`"open`, `'open`, `end\`} {
		if _, err := SplitArgs(bad); err == nil {
			t.Errorf("SplitArgs(%q) = nil error, want one", bad)
		}
	}
}

// TestSanitizerEnv: a user's options come first, so that theirs (a
// suppressions file) stay and sanitize's win; each log goes to the run's
// folder.
func TestSanitizerEnv(t *testing.T) {
	t.Setenv("ASAN_OPTIONS", "suppressions=asan.supp:detect_leaks=0")
	t.Setenv("TSAN_OPTIONS", "")
	t.Setenv("UBSAN_OPTIONS", "")
	env := SanitizerEnv("/tmp/run1")
	want := []string{
		"ASAN_OPTIONS=suppressions=asan.supp:detect_leaks=0:detect_leaks=1:halt_on_error=0:abort_on_error=0:exitcode=86:log_path=/tmp/run1/asan",
		"UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=0:exitcode=86:log_path=/tmp/run1/ubsan",
		"TSAN_OPTIONS=halt_on_error=0:exitcode=86:log_path=/tmp/run1/tsan",
	}
	if strings.Join(env, "\n") != strings.Join(want, "\n") {
		t.Errorf("SanitizerEnv = \n%s\nwant\n%s", strings.Join(env, "\n"), strings.Join(want, "\n"))
	}
}

func TestLSanFailed(t *testing.T) {
	for text, want := range map[string]bool{
		"==12==LeakSanitizer has encountered a fatal error.\n":                true,
		"==12==LeakSanitizer does not work under ptrace (strace, gdb, etc)\n": true,
		readReport(t, "lsan_placement_new.txt"):                               false,
	} {
		if got := lsanFailed(text); got != want {
			t.Errorf("lsanFailed(%.40q) = %v, want %v", text, got, want)
		}
	}
}
