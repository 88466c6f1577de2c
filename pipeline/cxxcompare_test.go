package pipeline

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/perfproof/perfproof/prove"
	"github.com/perfproof/perfproof/report"
	"github.com/perfproof/perfproof/revs"
	"github.com/perfproof/perfproof/stats"
)

// needCxx skips the test without cmake, a C++ compiler or git, except
// under CI, where a skipped check must not read as a pass.
func needCxx(t *testing.T) {
	t.Helper()
	for _, tool := range []string{"cmake", "c++", "git"} {
		if _, err := exec.LookPath(tool); err != nil {
			msg := fmt.Sprintf("needs %s (apt-get install cmake g++ git libbenchmark-dev)", tool)
			if os.Getenv("CI") != "" {
				t.Fatal(msg)
			}
			t.Skip(msg)
		}
	}
}

// cxxRepo makes a git repository holding cxx/testdata/fixture in two
// commits: first with SumFast as slow as SumSlow, then the fixture as it
// is (SumFast fast). It returns the repository's directory.
func cxxRepo(t *testing.T) string {
	t.Helper()
	src := filepath.Join("..", "cxx", "testdata", "fixture")
	dir := t.TempDir()
	entries, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, e.Name()), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-c", "user.name=perfproof test", "-c", "user.email=test@invalid", "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	fast, err := os.ReadFile(filepath.Join(dir, "sum.cc"))
	if err != nil {
		t.Fatal(err)
	}
	// The old SumFast calls the slow form.
	slow := strings.Replace(string(fast), "std::uint64_t SumFast(const std::vector<std::uint32_t>& v) {\n", "std::uint64_t SumFast(const std::vector<std::uint32_t>& v) {\n  if (!v.empty()) return SumSlow(v);\n", 1)
	if slow == string(fast) {
		t.Fatal("fixture sum.cc has changed: cannot make the slow version")
	}
	if err := os.WriteFile(filepath.Join(dir, "sum.cc"), []byte(slow), 0o644); err != nil {
		t.Fatal(err)
	}
	git("init", "-q")
	git("add", ".")
	git("commit", "-q", "-m", "slow")
	if err := os.WriteFile(filepath.Join(dir, "sum.cc"), fast, 0o644); err != nil {
		t.Fatal(err)
	}
	git("commit", "-q", "-am", "fast")
	return dir
}

func cxxOptions(progress *bytes.Buffer) CompareOptions {
	return CompareOptions{Prove: prove.Options{Bench: ".", Benchtime: "5ms", Rounds: 10, Seed: 7, Progress: progress}, Progress: progress}
}

// verdicts returns "benchmark unit verdict" of each comparison.
func verdicts(c *Comparison) map[string]stats.Verdict {
	out := make(map[string]stats.Verdict)
	for _, rc := range c.Report.Comparisons {
		out[rc.Benchmark+" "+rc.Unit] = rc.Verdict
	}
	return out
}

func TestCompareCxxRevisions(t *testing.T) {
	needCxx(t)
	dir := cxxRepo(t)
	ctx := context.Background()
	sess, err := revs.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer sess.Close()
	var progress bytes.Buffer
	opts := cxxOptions(&progress)
	// The fixture's change takes 74 % off BM_Sum_after; BM_Sum_before is
	// the same code built twice, whose medians differed by 3.4 % (p 0.019)
	// under load in a CI run of session 24 (two builds' layouts, 5 ms
	// runs). A 10 % effect threshold tells the change from that noise.
	minEffect := 0.10
	opts.Prove.Stats.MinEffect = &minEffect
	c, err := CompareCxx(ctx, sess, []string{"HEAD~1"}, opts)
	if err != nil {
		t.Fatalf("CompareCxx: %v\n%s", err, progress.String())
	}
	var table bytes.Buffer
	if err := report.CompareText(&table, &c.Report); err != nil {
		t.Fatal(err)
	}
	t.Logf("perfproof compare HEAD~1 (C++ fixture):\n%s", table.String())
	if len(c.Errors) > 0 || c.Rounds != 10 {
		t.Fatalf("errors %v, %d rounds; want none, 10", c.Errors, c.Rounds)
	}
	v := verdicts(c)
	// SumFast went from the slow form to the fast one; BM_Sum_before
	// measures SumSlow, the same code on both sides.
	if got := v["BM_Sum_after sec/op"]; got != stats.Faster {
		t.Errorf("BM_Sum_after sec/op is %v, want faster", got)
	}
	if got := v["BM_Sum_before sec/op"]; got == stats.Faster || got == stats.Slower {
		t.Errorf("BM_Sum_before sec/op is %v; its code did not change", got)
	}
	if !strings.Contains(strings.Join(c.Report.Notes, "\n"), "C++ (CMake, Google Benchmark)") {
		t.Errorf("notes %q do not say how the C++ sides were measured", c.Report.Notes)
	}
	if !strings.Contains(progress.String(), "checkout old HEAD~1") || !strings.Contains(progress.String(), "benchmark executables of new: sum_bench") {
		t.Errorf("progress lacks the checkout or the build:\n%s", progress.String())
	}
	// The work tree was not written to: no build folder in it.
	if _, err := os.Stat(filepath.Join(dir, "CMakeCache.txt")); err == nil {
		t.Error("the build wrote CMakeCache.txt into the work tree")
	}
	if out, err := exec.Command("git", "-C", dir, "status", "--porcelain").Output(); err != nil || len(out) > 0 {
		t.Errorf("work tree changed: %q, %v", out, err)
	}
}

func TestCompareCxxVariants(t *testing.T) {
	needCxx(t)
	dir := cxxRepo(t)
	ctx := context.Background()
	sess, err := revs.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer sess.Close()
	var progress bytes.Buffer
	opts := cxxOptions(&progress)
	opts.Prove.Variants = [][2]string{{"before", "after"}}
	c, err := CompareCxx(ctx, sess, nil, opts)
	if err != nil {
		t.Fatalf("CompareCxx -variants: %v\n%s", err, progress.String())
	}
	var table bytes.Buffer
	if err := report.CompareText(&table, &c.Report); err != nil {
		t.Fatal(err)
	}
	t.Logf("perfproof compare -variants before,after (C++ fixture):\n%s", table.String())
	if len(c.Errors) > 0 {
		t.Fatalf("errors %v", c.Errors)
	}
	if got := verdicts(c)["BM_Sum sec/op"]; got != stats.Faster {
		t.Errorf("BM_Sum sec/op is %v, want faster (after copies nothing)", got)
	}
	lines, err := c.GateOutcome(Gate{Slower: true})
	if err != nil {
		t.Errorf("gate on slower: %v %q, want a pass", err, lines)
	}
}

func TestCompareCxxUsage(t *testing.T) {
	ctx := context.Background()
	sess, err := revs.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer sess.Close()
	tests := []struct {
		name string
		args []string
		edit func(*CompareOptions)
		want string
	}{
		{"adaptive", []string{"HEAD"}, func(o *CompareOptions) { o.Prove.Adaptive = true }, "-adaptive"},
		{"count benchtime", []string{"HEAD"}, func(o *CompareOptions) { o.Prove.Benchtime = "100x" }, `-benchtime "100x"`},
		{"packages", []string{"HEAD", "HEAD", "./..."}, func(o *CompareOptions) {}, "not package patterns: ./..."},
		{"variants with packages", []string{"./pkg"}, func(o *CompareOptions) { o.Prove.Variants = variantsBeforeAfter }, "takes no arguments"},
		{"no OLD", nil, func(o *CompareOptions) {}, "missing OLD"},
	}
	for _, tt := range tests {
		opts := CompareOptions{}
		tt.edit(&opts)
		_, err := CompareCxx(ctx, sess, tt.args, opts)
		var ue *UsageError
		if !errors.As(err, &ue) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: CompareCxx = %v, want a usage error with %q", tt.name, err, tt.want)
		}
	}
}

// variantsBeforeAfter are before,after.
var variantsBeforeAfter = [][2]string{{"before", "after"}}

func TestCompareCxxFiles(t *testing.T) {
	ctx := context.Background()
	sess, err := revs.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer sess.Close()
	file := filepath.Join("..", "cxx", "gbench", "testdata", "repetitions.json")
	abs, err := filepath.Abs(file)
	if err != nil {
		t.Fatal(err)
	}
	c, err := CompareCxx(ctx, sess, []string{abs, abs}, CompareOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Report.Comparisons) == 0 || !strings.Contains(strings.Join(c.Report.Errors, "\n"), "BM_Fails") {
		t.Errorf("comparing a Google Benchmark file with itself: %d comparisons, errors %q; want some, and BM_Fails's error", len(c.Report.Comparisons), c.Report.Errors)
	}
}

func TestCxxCaveats(t *testing.T) {
	cmp := func(bench, unit string, v stats.Verdict, median, ratio, lo, hi float64) report.Comparison {
		rc := report.Comparison{Package: "bench_exe"}
		rc.Benchmark, rc.Unit, rc.Verdict = bench, unit, v
		rc.Old.Median, rc.New.Median = median, median*ratio
		rc.Ratio, rc.RatioLo, rc.RatioHi = ratio, lo, hi
		return rc
	}
	c := &Comparison{Report: report.CompareReport{Comparisons: []report.Comparison{
		// Wall time faster, CPU time unchanged within ±2 %: waiting.
		cmp("BM_Wait", "sec/op", stats.Faster, 1e-6, 0.937, 0.92, 0.95),
		cmp("BM_Wait", "cpu-sec/op", stats.Unchanged, 1e-6, 1.0, 0.992, 1.007),
		// Both faster: work.
		cmp("BM_Work", "sec/op", stats.Faster, 1e-6, 0.8, 0.78, 0.82),
		cmp("BM_Work", "cpu-sec/op", stats.Faster, 1e-6, 0.8, 0.78, 0.82),
		// CPU time's interval reaches past -2 %: not shown unchanged.
		cmp("BM_Edge", "sec/op", stats.Slower, 1e-6, 1.05, 1.03, 1.07),
		cmp("BM_Edge", "cpu-sec/op", stats.Unchanged, 1e-6, 1.0, 0.97, 1.01),
		// 0.0002 ns per iteration: an empty loop.
		cmp("BM_Empty", "sec/op", stats.Unchanged, 2e-13, 1.0, 0.99, 1.01),
		cmp("BM_Empty", "cpu-sec/op", stats.Unchanged, 2e-13, 1.0, 0.99, 1.01),
	}}}
	c.cxxCaveats(stats.DefaultMinEffect)
	want := map[string]stats.Verdict{
		"BM_Wait sec/op": stats.Inconclusive, "BM_Wait cpu-sec/op": stats.Unchanged,
		"BM_Work sec/op": stats.Faster, "BM_Work cpu-sec/op": stats.Faster,
		"BM_Edge sec/op": stats.Slower, "BM_Edge cpu-sec/op": stats.Unchanged,
		"BM_Empty sec/op": stats.Inconclusive, "BM_Empty cpu-sec/op": stats.Inconclusive,
	}
	got := verdicts(c)
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: verdict %v, want %v", k, got[k], v)
		}
	}
	notes := strings.Join(c.Report.Notes, "\n")
	for _, w := range []string{"bench_exe BM_Wait: sec/op faster by -6.3% but cpu-sec/op unchanged", "bench_exe BM_Empty: 0.0002 ns per iteration (median sec/op): the loop was optimized away, it measures nothing"} {
		if !strings.Contains(notes, w) {
			t.Errorf("notes %q lack %q", notes, w)
		}
	}
	if strings.Contains(notes, "BM_Work") || strings.Contains(notes, "BM_Edge") {
		t.Errorf("notes %q warn about BM_Work or BM_Edge", notes)
	}
	// A gate on inconclusive fails on both; "unchanged" never reads as clean.
	lines, err := c.GateOutcome(Gate{Inconclusive: true})
	if !errors.Is(err, ErrFound) || len(lines) != 3 || !strings.Contains(strings.Join(lines, "\n"), "measures nothing") {
		t.Errorf("gate on inconclusive = %v %q, want a failure on BM_Wait sec/op and BM_Empty's two units", err, lines)
	}
}

// TestCompareCxxQuirks compares testdata/quirks with itself: it builds
// although a target of the project does not compile, its main() takes
// its argument from ExeArgs, a name registered twice is two benchmarks,
// and the empty loop is inconclusive.
func TestCompareCxxQuirks(t *testing.T) {
	needCxx(t)
	ctx := context.Background()
	sess, err := revs.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer sess.Close()
	src, err := filepath.Abs(filepath.Join("..", "cxx", "testdata", "quirks"))
	if err != nil {
		t.Fatal(err)
	}
	var progress bytes.Buffer
	opts := cxxOptions(&progress)
	opts.Prove.Benchtime, opts.Prove.Rounds = "1ms", 6
	c, err := CompareCxxWith(ctx, sess, []string{src, src}, opts, CxxOptions{ExeArgs: map[string][]string{"quirks_bench": {"extra"}}})
	if err != nil {
		t.Fatalf("CompareCxxWith: %v\n%s", err, progress.String())
	}
	if len(c.Errors) > 0 {
		t.Fatalf("errors %v", c.Errors)
	}
	v := verdicts(c)
	for _, k := range []string{"BM_Work sec/op", "BM_Dup sec/op", "BM_Dup#2 sec/op", "BM_Extra sec/op"} {
		if _, ok := v[k]; !ok {
			t.Errorf("no comparison of %s: %v", k, v)
		}
	}
	if v["BM_Nothing sec/op"] != stats.Inconclusive || v["BM_Nothing cpu-sec/op"] != stats.Inconclusive {
		t.Errorf("BM_Nothing verdicts %v, %v; want inconclusive (it measures nothing)", v["BM_Nothing sec/op"], v["BM_Nothing cpu-sec/op"])
	}
	notes := strings.Join(c.Report.Notes, "\n")
	for _, w := range []string{`quirks_bench with the arguments ["extra"]`, "BM_Dup is registered 2 times", "quirks_bench BM_Nothing", "BENCHMARK_MIN_TIME=0.001"} {
		if !strings.Contains(notes, w) {
			t.Errorf("notes lack %q:\n%s", w, notes)
		}
	}
}
