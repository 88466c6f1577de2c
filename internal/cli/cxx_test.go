package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// needCxx skips the test when a tool of the C++ driver is missing, unless
// CI is set: then it fails, so that a skipped check never reads as a pass.
func needCxx(t *testing.T) {
	t.Helper()
	for _, tool := range []string{"cmake", "c++", "clang-tidy"} {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("CI") != "" {
				t.Fatalf("%s is missing and CI is set: .ci/run installs it", tool)
			}
			t.Skipf("%s is missing: skipping the C++ end-to-end test", tool)
		}
	}
}

// TestCxxExample runs compare, report and sanitize on the bundled C++ example
// examples/msgpool (issue 17's acceptance): every before/after pair gets a
// verdict with its confidence interval, every fix is faster in CPU time,
// the report ranks the slow encoder's string-stream lines (profile-only
// findings) and clang-tidy's for-range copy on its hot loop with CPU
// shares from the gperftools profile — from a profiling run, and again
// from its raw profile given with -profile —, it finds std::make_shared
// as an allocation hot spot with -bench Acquire, and sanitize puts
// the pool's leak at its placement new; the example's folder is left as
// it was.
func TestCxxExample(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the C++ example three times and runs its benchmarks and tests (about two minutes)")
	}
	needCxx(t)
	t.Setenv("TMPDIR", t.TempDir())
	dir := filepath.Join("..", "..", "examples", "msgpool")
	before := listFiles(t, dir)

	var stdout, stderr bytes.Buffer
	code := Main(context.Background(), []string{"compare", "-C", dir, "-noise=false", "-count", "10", "-benchtime", "20ms", "-variants", "before,after", "-json"}, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("compare -variants: exit %d\nstderr:\n%s", code, stderr.String())
	}
	var cmp struct {
		Comparisons []struct {
			Benchmark, Unit, Verdict string
			RatioLo                  *float64 `json:"ratio_lo"`
		} `json:"comparisons"`
		Errors []string `json:"errors"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &cmp); err != nil {
		t.Fatalf("compare -json: %v\n%s", err, stdout.String())
	}
	pairs := map[string]bool{}
	for _, c := range cmp.Comparisons {
		if c.Unit != "cpu-sec/op" {
			continue
		}
		pairs[strings.SplitN(c.Benchmark, "/", 2)[0]] = true
		if c.Verdict != "faster" || c.RatioLo == nil {
			t.Errorf("%s cpu-sec/op: verdict %q (interval %v); want faster with a confidence interval", c.Benchmark, c.Verdict, c.RatioLo)
		}
	}
	for _, want := range []string{"BM_Acquire", "BM_PoolLock", "BM_Serialize"} {
		if !pairs[want] {
			t.Errorf("compare -variants: no cpu-sec/op comparison of %s; got %+v", want, cmp.Comparisons)
		}
	}
	if len(cmp.Errors) > 0 {
		t.Errorf("compare errors: %q", cmp.Errors)
	}

	stdout.Reset()
	stderr.Reset()
	keep := t.TempDir() + "/"
	code = Main(context.Background(), []string{"report", "-C", dir, "-bench", "Serialize", "-quiet", "-o", keep}, &stdout, &stderr)
	if code != 1 {
		t.Fatalf("report: exit %d, want 1 (findings)\nstderr:\n%s", code, stderr.String())
	}
	md := readFile(t, filepath.Join(keep, "report.md"))
	checkSerializeReport(t, md)
	if !strings.Contains(md, "```cpp") {
		t.Errorf("report: excerpts not labelled cpp:\n%s", md)
	}
	// The same report from the raw gperftools profile kept: no benchmark
	// runs, the profile is symbolized with the executable rebuilt.
	stdout.Reset()
	stderr.Reset()
	raw := filepath.Join(keep, "msgpool_bench.prof")
	code = Main(context.Background(), []string{"report", "-C", dir, "-profile", raw, "-quiet"}, &stdout, &stderr)
	if code != 1 {
		t.Fatalf("report -profile: exit %d, want 1 (findings)\nstderr:\n%s", code, stderr.String())
	}
	checkSerializeReport(t, stdout.String())
	if !strings.Contains(stdout.String(), "given with -profile") {
		t.Errorf("report -profile: the notes do not say the profile was given:\n%s", stdout.String())
	}
	// -bench Acquire: std::make_shared in the before benchmark is a
	// profile-only allocation finding at its line.
	stdout.Reset()
	stderr.Reset()
	code = Main(context.Background(), []string{"report", "-C", dir, "-bench", "Acquire", "-quiet", "-json"}, &stdout, &stderr)
	if code != 1 {
		t.Fatalf("report -bench Acquire: exit %d, want 1 (findings)\nstderr:\n%s", code, stderr.String())
	}
	var acq struct {
		Findings []struct {
			Analyzer, Category, File, Message string
			Line                              int
		} `json:"findings"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &acq); err != nil {
		t.Fatalf("report -json: %v\n%s", err, stdout.String())
	}
	makeShared := 0
	for i, line := range strings.Split(readFile(t, filepath.Join(dir, "bench", "msgpool_bench.cc")), "\n") {
		if strings.Contains(line, "std::make_shared<Message>") {
			makeShared = i + 1
		}
	}
	allocFound := false
	for _, f := range acq.Findings {
		if f.Analyzer == "profile" && f.Category == "alloc" && strings.HasSuffix(f.File, filepath.Join("bench", "msgpool_bench.cc")) && f.Line == makeShared &&
			strings.Contains(f.Message, "heap allocation") && strings.Contains(f.Message, "std::make_shared") {
			allocFound = true
		}
	}
	if makeShared == 0 || !allocFound {
		t.Errorf("report -bench Acquire: no profile/alloc finding at the make_shared line (msgpool_bench.cc:%d): %+v", makeShared, acq.Findings)
	}
	// sanitize: the placement new over a live message leaks its fields,
	// found by LeakSanitizer and put at the line doing the new.
	stdout.Reset()
	stderr.Reset()
	code = Main(context.Background(), []string{"sanitize", "-C", dir, "-json", "-quiet"}, &stdout, &stderr)
	if code != 1 {
		t.Fatalf("sanitize: exit %d, want 1 (findings)\nstdout:\n%s\nstderr:\n%s", code, stdout.String(), stderr.String())
	}
	var san struct {
		Findings []struct {
			Analyzer, File, Message string
			Line                    int
		} `json:"findings"`
		Errors []any `json:"errors"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &san); err != nil {
		t.Fatalf("sanitize -json: %v\n%s", err, stdout.String())
	}
	leakLine := 0
	for i, line := range strings.Split(readFile(t, filepath.Join(dir, "src", "slot_pool.cc")), "\n") {
		if strings.Contains(line, "new (") && strings.Contains(line, "Message(") {
			leakLine = i + 1
			break
		}
	}
	found := false
	for _, f := range san.Findings {
		if f.Analyzer == "lsan" && strings.HasSuffix(f.File, filepath.Join("src", "slot_pool.cc")) && f.Line == leakLine && strings.Contains(f.Message, "direct leak") {
			found = true
		}
	}
	if leakLine == 0 || !found {
		t.Errorf("sanitize: no direct leak at the placement new (slot_pool.cc:%d): %+v", leakLine, san.Findings)
	}
	if len(san.Errors) > 0 {
		t.Errorf("sanitize errors: %v", san.Errors)
	}
	if after := listFiles(t, dir); after != before {
		t.Errorf("the example's folder changed:\nbefore %s\nafter %s", before, after)
	}
}

// checkSerializeReport checks the Markdown report of the msgpool example
// with -bench Serialize. The profile-only findings on EncodeSlow's
// string-stream lines rank above clang-tidy's for-range copy: findings
// are ranked by the CPU at their line, and each of those lines takes
// about 5 % of the profile (the threshold) while the loop header with the
// copy takes under 1 %; the copy's cost is inside the function, not its
// line. Which lines pass 5 % varies from run to run (4.5–5.6 % each):
// those that do rank above the copy, and when none does the copy is first.
func checkSerializeReport(t *testing.T, md string) {
	t.Helper()
	rows := map[int]string{}
	copyRank, firstProfile := 0, 0
	for _, line := range strings.Split(md, "\n") {
		var rank int
		if _, err := fmt.Sscanf(line, "| %d |", &rank); err != nil || rank == 0 {
			continue
		}
		rows[rank] = line
		switch {
		case strings.Contains(line, "performance-for-range-copy") && strings.Contains(line, "src/fix.cc"):
			copyRank = rank
		case strings.Contains(line, "`profile/encoding`: iostreams/formatting:") && strings.Contains(line, "src/fix.cc") && firstProfile == 0:
			firstProfile = rank
		}
	}
	if copyRank == 0 || strings.Contains(rows[copyRank], "not hot") {
		t.Errorf("report: no hot for-range copy in src/fix.cc:\n%s", md)
	}
	switch {
	case firstProfile == 0 && copyRank != 1:
		// No string-stream line reached 5 % this run (they take 4.5–5.6 %):
		// then the copy, in the function holding nearly half the CPU,
		// ranks first.
		t.Errorf("report: no profile-only finding and the for-range copy at rank %d, want it first: first row %q", copyRank, rows[1])
	case firstProfile != 0 && (firstProfile != 1 || copyRank < 2):
		t.Errorf("report: first row %q, want a profile-only iostreams finding in src/fix.cc, the for-range copy (rank %d) after it", rows[1], copyRank)
	}
	for rank := 1; rank < copyRank; rank++ {
		if !strings.Contains(rows[rank], "`profile/encoding`") || !strings.Contains(rows[rank], "% of CPU at this line") {
			t.Errorf("report: row %d %q above the copy is not a profile-only iostreams finding with its share", rank, rows[rank])
		}
	}
	if !strings.Contains(md, "in `msgpool::EncodeSlow") {
		t.Errorf("report: no finding in EncodeSlow:\n%s", md)
	}
}

// readFile returns the content of the file at path.
func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// listFiles returns the names of the files under dir, one per line.
func listFiles(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		b.WriteString(path + "\n")
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestCxxReportProfileFlags checks the command line of report -profile on
// a C++ project; each case fails before any build, so no C++ tool is
// needed.
func TestCxxReportProfileFlags(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "CMakeLists.txt"), []byte("project(p CXX)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing.prof")
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"-profile", missing}, "-profile " + missing + ": reading CPU profile"},
		{[]string{"-profile", "b=" + missing, "-bench", "X"}, "-bench with -profile"},
		{[]string{"-profile", missing, "-benchtime", "1s"}, "-benchtime with -profile"},
		{[]string{"-profile", missing, "-count", "2"}, "-count: not for a C++ project"},
	} {
		var stdout, stderr bytes.Buffer
		code := Main(context.Background(), append([]string{"report", "-C", dir, "-quiet"}, tt.args...), &stdout, &stderr)
		if code != 2 || !strings.Contains(stderr.String(), tt.want) {
			t.Errorf("report %q: exit %d, stderr %q; want exit 2 and %q", tt.args, code, stderr.String(), tt.want)
		}
	}
}
