package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/perfproof/perfproof/cxx/sanitize"
)

// sanitizeFixture is the fixture project of package cxx/sanitize: a pool
// whose placement new leaks the strings of the Message it overwrites.
var sanitizeFixture = filepath.Join("..", "..", "cxx", "sanitize", "testdata", "pool")

func runMain(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = Main(context.Background(), args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestSanitizeUsage(t *testing.T) {
	notCMake := t.TempDir()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"sanitize", "extra"}, "sanitize takes no arguments"},
		{[]string{"sanitize", "-cmake-args", `-DX="open`}, `-cmake-args: unterminated " quote`},
		{[]string{"sanitize", "-timeout", "0s"}, "-timeout must be positive"},
		{[]string{"sanitize", "-C", notCMake}, notCMake + " is not a CMake project"},
	} {
		code, stdout, stderr := runMain(tc.args...)
		if code != ExitError || stdout != "" || !strings.Contains(stderr, tc.want) {
			t.Errorf("perfproof %s: exit %d, stdout %q, stderr %q; want exit 2 and %q", strings.Join(tc.args, " "), code, stdout, stderr, tc.want)
		}
	}
	code, stdout, _ := runMain("help", "sanitize")
	if code != ExitClean || !strings.Contains(stdout, "usage: perfproof sanitize [-C dir]") || !strings.Contains(stdout, "-tsan") {
		t.Errorf("perfproof help sanitize: exit %d, %q", code, stdout)
	}
}

// TestSanitizeText renders the leak report captured from the fixture:
// one line at the placement new, relative to the project, the note and
// the stack below with the attributed frame marked.
func TestSanitizeText(t *testing.T) {
	const root = "/work/main/cxx/sanitize/testdata/pool" // where the report was captured
	b, err := os.ReadFile(filepath.Join(sanitizeFixture, "..", "reports", "lsan_placement_new.txt"))
	if err != nil {
		t.Fatal(err)
	}
	c := sanitize.NewCollector(sanitize.NewSources(root).Own)
	c.Add("test Pool.Wrap (asan)", sanitize.Parse(string(b)))
	var out bytes.Buffer
	writeSanitizeText(&out, root, c.Findings())
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	want := []string{
		"pool.cpp:24: [lsan] direct leak of 66 bytes in 2 objects allocated here (2 reports: test Pool.Wrap (asan))",
		"\tnote: allocated in constructor Message::Message (pool.cpp:6), called here",
		"\tallocated from:",
		"\t  #0 operator new ../../../../src/libsanitizer/asan/asan_new_delete.cpp:95",
	}
	if len(lines) != 10 {
		t.Fatalf("%d lines, want 10:\n%s", len(lines), out.String())
	}
	for i, w := range want {
		if lines[i] != w {
			t.Errorf("line %d = %q, want %q", i+1, lines[i], w)
		}
	}
	if lines[7] != "\t> #4 Pool::Acquire pool.cpp:24" {
		t.Errorf("line 8 = %q, want the marked frame of Pool::Acquire", lines[7])
	}
}

// TestSanitizeFixture runs the command on the fixture: findings exit 1,
// and the JSON leak finding is at the placement new's line.
func TestSanitizeFixture(t *testing.T) {
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
	if len(missing) > 0 {
		msg := "missing " + strings.Join(missing, ", ") + " (apt-get install cmake g++ libgtest-dev libbenchmark-dev)"
		if os.Getenv("CI") != "" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	src, err := os.ReadFile(filepath.Join(sanitizeFixture, "pool.cpp"))
	if err != nil {
		t.Fatal(err)
	}
	placement := 0
	for i, l := range strings.Split(string(src), "\n") {
		if strings.Contains(l, "// PLACEMENT-NEW") {
			placement = i + 1
		}
	}
	code, stdout, stderr := runMain("sanitize", "-C", sanitizeFixture, "-json", "-quiet")
	if code != ExitFindings {
		t.Fatalf("exit %d, want 1; stderr:\n%s", code, stderr)
	}
	var out struct {
		Findings []struct {
			Analyzer string   `json:"analyzer"`
			Category string   `json:"category"`
			File     string   `json:"file"`
			Line     int      `json:"line"`
			Bytes    int64    `json:"bytes"`
			Count    int      `json:"count"`
			Runs     []string `json:"runs"`
			Stacks   []struct {
				Frames []struct {
					Function string `json:"function"`
					Line     int    `json:"line"`
				} `json:"frames"`
			} `json:"stacks"`
			StackIndex int `json:"stack_index"`
			FrameIndex int `json:"frame_index"`
		} `json:"findings"`
		Errors     []json.RawMessage `json:"errors"`
		Tests      int               `json:"tests"`
		Benchmarks int               `json:"benchmarks"`
	}
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatalf("-json output: %v\n%s", err, stdout)
	}
	if len(out.Errors) != 0 || out.Tests != 4 || out.Benchmarks != 1 {
		t.Errorf("errors %s, %d tests, %d benchmarks; want none, 4, 1", out.Errors, out.Tests, out.Benchmarks)
	}
	leaks := 0
	for _, f := range out.Findings {
		if f.Analyzer != "lsan" {
			continue
		}
		leaks++
		if filepath.Base(f.File) != "pool.cpp" || f.Line != placement || f.Count < 2 || f.Bytes <= 0 {
			t.Errorf("leak at %s:%d, count %d, %d bytes; want pool.cpp:%d, counted, sized", f.File, f.Line, f.Count, f.Bytes, placement)
		}
		if fr := f.Stacks[f.StackIndex].Frames[f.FrameIndex]; fr.Line != placement || !strings.HasPrefix(fr.Function, "Pool::Acquire(") {
			t.Errorf("attributed frame %+v, want Pool::Acquire at line %d", fr, placement)
		}
	}
	if leaks != 1 {
		t.Errorf("%d leak findings, want 1 (the test's and the benchmark's merged)", leaks)
	}
	if !strings.Contains(stderr, "perfproof: 3 findings from 4 test runs and 1 benchmark runs") {
		t.Errorf("stderr = %q, want the summary line", stderr)
	}
}
