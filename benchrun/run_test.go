package benchrun

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// writeModule writes a module example.com/m with the given files (paths
// relative to the module root) into a new temporary directory.
func writeModule(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	files["go.mod"] = "module example.com/m\n\ngo 1.26\n"
	for name, src := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// snapshot lists every file under dir with its size and modification time.
func snapshot(t *testing.T, dir string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		files = append(files, fmt.Sprintf("%s %d %v", rel, info.Size(), info.ModTime().UnixNano()))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// warmBuildCache compiles the tests of the packages of the module in dir
// so that the time limits of a test measure running, not a cold build
// cache compiling the standard library.
func warmBuildCache(t *testing.T, dir string) {
	t.Helper()
	cmd := exec.Command("go", "test", "-count=1", "-run=^$", "./...")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("warming the build cache: %v\n%s", err, out)
	}
}

// hangingBenchmark is a test file whose benchmark writes its process ID
// to pidFile and then sleeps for an hour.
func hangingBenchmark(pidFile string) string {
	return fmt.Sprintf(`package hang

import (
	"os"
	"strconv"
	"testing"
	"time"
)

func BenchmarkHang(b *testing.B) {
	os.WriteFile(%q, []byte(strconv.Itoa(os.Getpid())), 0o666)
	time.Sleep(time.Hour)
}
`, pidFile)
}

// readPID waits up to limit for the hanging benchmark's pid file and
// returns the process ID in it.
func readPID(t *testing.T, pidFile string, limit time.Duration) int {
	t.Helper()
	deadline := time.Now().Add(limit)
	for {
		data, err := os.ReadFile(pidFile)
		if err == nil && len(data) > 0 {
			pid, err := strconv.Atoi(string(data))
			if err != nil {
				t.Fatalf("pid file %s: %v", pidFile, err)
			}
			return pid
		}
		if time.Now().After(deadline) {
			t.Fatalf("benchmark did not write its pid file %s within %s", pidFile, limit)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// checkProcessGone fails the test if process pid still runs a few seconds
// from now. A zombie (exited, not yet reaped) counts as gone.
func checkProcessGone(t *testing.T, pid int) {
	t.Helper()
	if runtime.GOOS != "linux" {
		t.Skip("checks processes through /proc")
	}
	stat := fmt.Sprintf("/proc/%d/stat", pid)
	for deadline := time.Now().Add(3 * time.Second); ; {
		data, err := os.ReadFile(stat)
		if err != nil {
			return // gone
		}
		// The state follows the parenthesised command name.
		if i := bytes.LastIndexByte(data, ')'); i >= 0 && bytes.HasPrefix(data[i+1:], []byte(" Z")) {
			return
		}
		if time.Now().After(deadline) {
			t.Errorf("test binary (pid %d) still running after Run returned: %s", pid, data)
			syscallKill(pid)
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func syscallKill(pid int) {
	if p, err := os.FindProcess(pid); err == nil {
		p.Kill()
	}
}

func TestRun(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	t.Parallel()
	dir := writeModule(t, map[string]string{
		"two/two.go": "package two\n\nfunc Make(n int) []byte { return make([]byte, n) }\n",
		"two/two_test.go": `package two

import "testing"

var sink []byte

func BenchmarkMake(b *testing.B) {
	for b.Loop() {
		sink = Make(64)
	}
}

func BenchmarkWidgets(b *testing.B) {
	for b.Loop() {
	}
	b.ReportMetric(3, "widgets/op")
}

func TestNotRun(t *testing.T) { t.Fatal("tests must not run") }
`,
		"nobench/nobench.go":      "package nobench\n",
		"nobench/nobench_test.go": "package nobench\n\nimport \"testing\"\n\nfunc TestX(t *testing.T) {}\n\nfunc Benchmarker() {}\n",
		"plain/plain.go":          "package plain\n",
		"panics/panics_test.go": `package panics

import "testing"

func BenchmarkAFine(b *testing.B) {
	for b.Loop() {
	}
}

func BenchmarkBoom(b *testing.B) { panic("boom at the auction") }
`,
		"fails/fails_test.go": `package fails

import "testing"

func BenchmarkFatal(b *testing.B) { b.Fatal("no bidder configured") }
`,
		"broken/broken.go":      "package broken\n\nfunc F() int { return \"x\" }\n",
		"broken/broken_test.go": "package broken\n\nimport \"testing\"\n\nfunc BenchmarkF(b *testing.B) {\n\tfor b.Loop() {\n\t\tF()\n\t}\n}\n",
		"syntax/syntax_test.go": "package syntax\n\nfunc BenchmarkS(b *testing.B) {\n",
	})
	before := snapshot(t, dir)

	var progress bytes.Buffer
	res, err := Run(context.Background(), []string{"./..."}, Options{
		Dir:        dir,
		Count:      2,
		Benchtime:  "1x",
		Timeout:    2 * time.Minute,
		CPUProfile: true,
		MemProfile: true,
		Progress:   &progress,
	})
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	if after := snapshot(t, dir); !slices.Equal(after, before) {
		t.Errorf("Run changed the module directory:\ngot  %q\nwant %q", after, before)
	}

	var got []string
	byPath := make(map[string]*PackageResult)
	for i := range res.Packages {
		p := &res.Packages[i]
		got = append(got, p.ImportPath)
		byPath[p.ImportPath] = p
	}
	want := []string{"example.com/m/broken", "example.com/m/fails", "example.com/m/nobench", "example.com/m/panics", "example.com/m/plain", "example.com/m/syntax", "example.com/m/two"}
	if !slices.Equal(got, want) {
		t.Fatalf("packages = %q, want %q", got, want)
	}

	t.Run("two", func(t *testing.T) {
		p := byPath["example.com/m/two"]
		if p.Err != nil || p.Skipped {
			t.Fatalf("Err = %v, Skipped = %v, want nil, false", p.Err, p.Skipped)
		}
		var names []string
		for _, r := range p.Results {
			names = append(names, string(r.Name.Base()))
			if r.Iters != 1 {
				t.Errorf("%s: Iters = %d, want 1 (-benchtime=1x)", r.Name, r.Iters)
			}
			if got := r.GetConfig("pkg"); got != "example.com/m/two" {
				t.Errorf("%s: pkg config = %q, want example.com/m/two", r.Name, got)
			}
			var units []string
			for _, v := range r.Values {
				units = append(units, v.Unit)
				if v.Unit == "sec/op" && v.OrigUnit != "ns/op" {
					t.Errorf("%s: sec/op OrigUnit = %q, want ns/op", r.Name, v.OrigUnit)
				}
			}
			wantUnits := []string{"sec/op", "B/op", "allocs/op"}
			if string(r.Name.Base()) == "Widgets" {
				wantUnits = []string{"sec/op", "widgets/op", "B/op", "allocs/op"}
			}
			if !slices.Equal(units, wantUnits) {
				t.Errorf("%s: units = %q, want %q", r.Name, units, wantUnits)
			}
		}
		if want := []string{"Make", "Make", "Widgets", "Widgets"}; !slices.Equal(names, want) {
			t.Errorf("benchmarks = %q, want %q (-count=2)", names, want)
		}
		for _, f := range []struct{ what, path string }{{"RawFile", p.RawFile}, {"CPUProfile", p.CPUProfile}, {"MemProfile", p.MemProfile}} {
			if f.path == "" || filepath.Dir(f.path) != res.Dir {
				t.Errorf("%s = %q, want a file in %s", f.what, f.path, res.Dir)
				continue
			}
			if fi, err := os.Stat(f.path); err != nil || fi.Size() == 0 {
				t.Errorf("%s %s: got %v, want a non-empty file", f.what, f.path, err)
			}
		}
		if p.Elapsed <= 0 {
			t.Errorf("Elapsed = %v, want > 0", p.Elapsed)
		}
	})

	for _, tc := range []struct {
		pkg     string
		skipped bool
		err     error    // nil: no error
		msg     []string // substrings of the error message
		results int
	}{
		{pkg: "example.com/m/nobench", skipped: true},
		{pkg: "example.com/m/plain", skipped: true},
		{pkg: "example.com/m/panics", err: ErrPanic, msg: []string{"benchmark panicked in example.com/m/panics: BenchmarkBoom: boom at the auction"}, results: 2},
		{pkg: "example.com/m/fails", err: ErrFailed, msg: []string{"example.com/m/fails", "no bidder configured"}},
		{pkg: "example.com/m/broken", err: ErrBuild, msg: []string{"build failed for example.com/m/broken: ", "broken.go:3:", "cannot use \"x\""}},
		{pkg: "example.com/m/syntax", err: ErrBuild, msg: []string{"build failed for example.com/m/syntax: ", "syntax_test.go:3:"}},
	} {
		t.Run(filepath.Base(tc.pkg), func(t *testing.T) {
			p := byPath[tc.pkg]
			if p.Skipped != tc.skipped {
				t.Errorf("Skipped = %v, want %v", p.Skipped, tc.skipped)
			}
			if !errors.Is(p.Err, tc.err) || (p.Err == nil) != (tc.err == nil) {
				t.Fatalf("Err = %v, want %v", p.Err, tc.err)
			}
			for _, s := range tc.msg {
				if !strings.Contains(p.Err.Error(), s) {
					t.Errorf("Err = %q, want it to contain %q", p.Err, s)
				}
			}
			if len(p.Results) != tc.results {
				raw, _ := os.ReadFile(p.RawFile)
				t.Errorf("len(Results) = %d, want %d; output:\n%s", len(p.Results), tc.results, raw)
			}
			if len(p.Warnings) != 0 {
				t.Errorf("Warnings = %v, want none", p.Warnings)
			}
			if tc.skipped && (p.RawFile != "" || p.CPUProfile != "" || p.MemProfile != "") {
				t.Errorf("skipped package has files %q %q %q, want none", p.RawFile, p.CPUProfile, p.MemProfile)
			}
		})
	}

	// Progress: one line per package run, numbered over the packages run.
	lines := strings.Split(strings.TrimSpace(progress.String()), "\n")
	if len(lines) != 5 || !strings.HasPrefix(lines[0], "bench 1/5 example.com/m/broken (elapsed ") ||
		!strings.HasPrefix(lines[4], "bench 5/5 example.com/m/two (elapsed ") || !strings.Contains(lines[4], "ETA") {
		t.Errorf("progress = %q, want 5 lines from \"bench 1/5 example.com/m/broken (elapsed ...)\" to \"bench 5/5 example.com/m/two (elapsed ..., ETA ...)\"", lines)
	}

	if err := res.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(res.Dir); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("after Close, stat %s: got %v, want not exist", res.Dir, err)
	}
}

func TestRunOutDir(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	t.Parallel()
	dir := writeModule(t, map[string]string{
		"p/p_test.go": "package p\n\nimport \"testing\"\n\nfunc BenchmarkA(b *testing.B) {\n\tfor b.Loop() {\n\t}\n}\n\nfunc BenchmarkAB(b *testing.B) {\n\tfor b.Loop() {\n\t}\n}\n",
	})
	out := filepath.Join(t.TempDir(), "results")
	res, err := Run(context.Background(), []string{"./p"}, Options{Dir: dir, Bench: "^BenchmarkA$", Benchtime: "1x", OutDir: out})
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	if err := res.Close(); err != nil {
		t.Fatal(err)
	}
	p := res.Packages[0]
	if p.Err != nil {
		t.Fatalf("Err = %v, want nil", p.Err)
	}
	if len(p.Results) != 1 || string(p.Results[0].Name.Base()) != "A" {
		t.Errorf("results = %v, want one result of A (-bench=^BenchmarkA$, -count default 1)", p.Results)
	}
	if want := filepath.Join(out, "example.com_m_p.txt"); p.RawFile != want {
		t.Errorf("RawFile = %q, want %q", p.RawFile, want)
	}
	if data, err := os.ReadFile(p.RawFile); err != nil || !bytes.Contains(data, []byte("BenchmarkA-")) {
		t.Errorf("RawFile after Close: got %q, %v, want the kept go test output", data, err)
	}
	if p.CPUProfile != "" || p.MemProfile != "" {
		t.Errorf("profiles = %q, %q, want none when not requested", p.CPUProfile, p.MemProfile)
	}
	entries, _ := os.ReadDir(out)
	if len(entries) != 1 {
		t.Errorf("OutDir holds %d files, want 1 (no test binary)", len(entries))
	}
}

func TestRunTimeout(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	pidFile := filepath.Join(t.TempDir(), "pid")
	dir := writeModule(t, map[string]string{
		"hang/hang_test.go":   hangingBenchmark(pidFile),
		"quick/quick_test.go": "package quick\n\nimport \"testing\"\n\nfunc BenchmarkQ(b *testing.B) {\n\tfor b.Loop() {\n\t}\n}\n",
	})
	warmBuildCache(t, dir)
	before := snapshot(t, dir)

	start := time.Now()
	res, err := Run(context.Background(), []string{"./..."}, Options{Dir: dir, Benchtime: "1x", Timeout: 3 * time.Second, CPUProfile: true})
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	defer res.Close()
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("Run took %s, want the hung package stopped after about 3s", d)
	}
	hang, quick := res.Packages[0], res.Packages[1]
	if !errors.Is(hang.Err, ErrTimeout) {
		t.Fatalf("hang: Err = %v, want %v", hang.Err, ErrTimeout)
	}
	for _, s := range []string{"example.com/m/hang", "3s", "timeout"} {
		if !strings.Contains(hang.Err.Error(), s) {
			t.Errorf("hang: Err = %q, want it to contain %q", hang.Err, s)
		}
	}
	if quick.Err != nil || len(quick.Results) != 1 {
		t.Errorf("quick: Err = %v, %d results, want nil, 1: a timeout must not stop the other packages", quick.Err, len(quick.Results))
	}
	checkProcessGone(t, readPID(t, pidFile, 0))
	if after := snapshot(t, dir); !slices.Equal(after, before) {
		t.Errorf("Run changed the module directory:\ngot  %q\nwant %q", after, before)
	}
}

func TestRunCancel(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	t.Parallel()
	pidFile := filepath.Join(t.TempDir(), "pid")
	dir := writeModule(t, map[string]string{
		"hang/hang_test.go":   hangingBenchmark(pidFile),
		"later/later_test.go": "package later\n\nimport \"testing\"\n\nfunc BenchmarkL(b *testing.B) {}\n",
	})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pid := make(chan int, 1)
	go func() {
		pid <- readPID(t, pidFile, time.Minute)
		cancel()
	}()
	res, err := Run(ctx, []string{"./..."}, Options{Dir: dir, Benchtime: "1x"})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Run: err = %v, want %v", err, context.Canceled)
	}
	defer res.Close()
	if hang := res.Packages[0]; !errors.Is(hang.Err, context.Canceled) || !strings.Contains(hang.Err.Error(), "example.com/m/hang") {
		t.Errorf("hang: Err = %v, want one naming example.com/m/hang and wrapping %v", hang.Err, context.Canceled)
	}
	if later := res.Packages[1]; later.RawFile != "" || !errors.Is(later.Err, context.Canceled) || !strings.Contains(later.Err.Error(), "not run") {
		t.Errorf("later: RawFile = %q, Err = %v, want no file and \"benchmarks of example.com/m/later not run: context canceled\"", later.RawFile, later.Err)
	}
	checkProcessGone(t, <-pid)
}

func TestRunListErrors(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	t.Parallel()
	dir := writeModule(t, map[string]string{"empty/README": "no Go files\n"})
	if _, err := Run(context.Background(), []string{"./empty/..."}, Options{Dir: dir}); !errors.Is(err, ErrNoPackages) {
		t.Errorf("Run(./empty/...) err = %v, want %v", err, ErrNoPackages)
	}
	res, err := Run(context.Background(), []string{"./nope"}, Options{Dir: dir})
	if err != nil {
		t.Fatalf("Run(./nope): %v", err)
	}
	defer res.Close()
	if p := res.Packages[0]; !errors.Is(p.Err, ErrLoad) || !strings.Contains(p.Err.Error(), "./nope") {
		t.Errorf("Run(./nope) package Err = %v, want one naming ./nope and wrapping %v", p.Err, ErrLoad)
	}
	if _, err := Run(context.Background(), nil, Options{Dir: t.TempDir()}); err == nil || !strings.Contains(err.Error(), "listing packages") {
		t.Errorf("Run outside a module: err = %v, want a listing error", err)
	}
}
