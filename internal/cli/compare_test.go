package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/perfproof/perfproof/revs/revstest"
)

// workModule returns the files of a module in the repository's
// subdirectory mod: package work, whose benchmark runs steps steps of a
// generator (and allocates when alloc is set), plus a before/after pair
// and a sleeping benchmark selected by -bench Sleep.
func workModule(steps string, alloc bool) map[string]string {
	extra := ""
	if alloc {
		extra = "\tsinkp = new([64]byte)\n"
	}
	return map[string]string{
		"mod/go.mod": "module example.com/m\n\ngo 1.26\n",
		"mod/work/work.go": "package work\n\nvar sinkp *[64]byte\n\nfunc Work(n int) uint64 {\n" + extra +
			"\tx := uint64(1)\n\tfor i := 0; i < n; i++ {\n\t\tx = x*6364136223846793005 + 1442695040888963407\n\t}\n\treturn x\n}\n",
		"mod/work/work_test.go": `package work

import (
	"testing"
	"time"
)

var sink uint64

func BenchmarkWork(b *testing.B) {
	for b.Loop() {
		sink = Work(` + steps + `)
	}
}

func BenchmarkTrim(b *testing.B) {
	b.Run("before", func(b *testing.B) {
		for b.Loop() {
			sink = Work(4000)
		}
	})
	b.Run("after", func(b *testing.B) {
		for b.Loop() {
			sink = Work(1000)
		}
	})
}

func BenchmarkSleep(b *testing.B) {
	for b.Loop() {
		time.Sleep(300 * time.Millisecond)
	}
}
`,
	}
}

// compareRepo makes a repository with two commits of workModule (the
// second with forty times the steps, so that the time verdict holds on a
// loaded machine, and an allocation), a branch, a stash entry, a staged
// and an unstaged change and an untracked file.
func compareRepo(t *testing.T) *revstest.Repo {
	t.Helper()
	r := revstest.NewRepo(t)
	r.Write(workModule("1000", false))
	r.Commit("one")
	r.Git("branch", "feature")
	r.Write(workModule("40000", true))
	r.Commit("two")
	r.Write(map[string]string{"mod/work/doc.go": "// Package work is stashed.\npackage work\n"})
	r.Git("stash", "push", "--include-untracked", "--quiet")
	r.Write(map[string]string{"mod/work/staged.go": "package work\n\nconst Staged = 1\n"})
	r.Git("add", "mod/work/staged.go")
	r.Write(map[string]string{"README": "unstaged\n", "mod/work/untracked.go": "package work\n\nconst Untracked = 1\n"})
	return r
}

func TestCompareRevisions(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs test binaries")
	}
	t.Parallel()
	r := compareRepo(t)
	before := r.Snapshot()
	mod := filepath.Join(r.Dir, "mod")
	run := func(args ...string) (int, string, string) {
		var stdout, stderr bytes.Buffer
		code := Main(context.Background(), append([]string{"compare", "-C", mod, "-noise=false", "-benchtime", "3000x"}, args...), &stdout, &stderr)
		return code, stdout.String(), stderr.String()
	}

	// feature (the first commit) against HEAD: forty times the steps and an
	// allocation. The allocation fails the allocs gate.
	code, stdout, stderr := run("-count", "6", "-bench", "Work", "-fail-on", "allocs", "-json", "feature", "HEAD", "./...")
	if code != 1 {
		t.Fatalf("compare feature HEAD: exit %d, want 1\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	var out struct {
		Comparisons []struct {
			Package, Benchmark, Unit, Verdict string
			Ratio                             float64
		}
		Old, New string
		Rounds   int
		Errors   []string
	}
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatalf("-json output: %v\n%s", err, stdout)
	}
	verdicts := make(map[string]string)
	for _, c := range out.Comparisons {
		verdicts[c.Benchmark+" "+c.Unit] = c.Verdict
	}
	if verdicts["Work sec/op"] != "slower" || verdicts["Work allocs/op"] != "slower" || out.Rounds != 6 || len(out.Errors) != 0 {
		t.Errorf("verdicts %v, rounds %d, errors %q; want Work slower in sec/op and allocs/op after 6 rounds", verdicts, out.Rounds, out.Errors)
	}
	if !strings.HasPrefix(out.Old, "feature (") || !strings.HasPrefix(out.New, "HEAD (") {
		t.Errorf("old, new = %q, %q; want the revisions with their hashes", out.Old, out.New)
	}
	for _, want := range []string{"checkout old feature", "checkout new HEAD", "build old example.com/m/work", "round 6/6", "regression: example.com/m/work Work allocs/op slower 0 → 1 (exact)"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr has no %q:\n%s", want, stderr)
		}
	}

	// OLD alone: NEW is the work tree, whose uncommitted changes the output
	// names. The work tree has the second commit's code.
	code, stdout, stderr = run("-count", "2", "-bench", "Work", "HEAD")
	if code != 2 || !strings.Contains(stderr, "old side: cannot load .: no Go files in ") {
		t.Errorf("compare HEAD (package \".\" has no Go files): exit %d, want 2 saying it cannot load .\n%s", code, stderr)
	}
	code, stdout, stderr = run("-count", "2", "-bench", "Work", "-o", "raw", "HEAD", "./work")
	if code != 0 {
		t.Fatalf("compare HEAD ./work: exit %d, want 0\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	for _, want := range []string{"new: work tree (uncommitted changes included)", "note: the work tree's uncommitted changes are included"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout has no %q:\n%s", want, stdout)
		}
	}
	raw, err := filepath.Glob(filepath.Join(mod, "raw", "*.txt"))
	if err != nil || len(raw) != 2 {
		t.Errorf("-o raw: files %q, want two (old and new)", raw)
	}
	os.RemoveAll(filepath.Join(mod, "raw"))

	// Variants in one binary of the work tree.
	code, stdout, stderr = run("-count", "6", "-bench", "Trim", "-variants", "before,after", "./...")
	if code != 0 || !strings.Contains(stdout, "Trim (Trim/before → Trim/after)") {
		t.Errorf("compare -variants: exit %d, want 0 and the Trim pair\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "faster") {
		t.Errorf("compare -variants: Trim/after does a quarter of the work but is not faster:\n%s", stdout)
	}

	if d := revstest.Diff(before, r.Snapshot()); d != "" {
		t.Errorf("compare changed the repository:\n%s", d)
	}
}

// TestCompareHelperProcess runs perfproof in a subprocess for
// TestCompareSignals, as cmd/perfproof does: Main with a context that
// SIGINT and SIGTERM cancel. It is skipped unless the test starts it.
func TestCompareHelperProcess(t *testing.T) {
	if os.Getenv("PERFPROOF_COMPARE_HELPER") != "1" {
		t.Skip("run by TestCompareSignals")
	}
	var args []string
	if err := json.Unmarshal([]byte(os.Getenv("PERFPROOF_ARGS")), &args); err != nil {
		panic(err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := Main(ctx, args, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// perfproofProcess is perfproof running in a subprocess.
type perfproofProcess struct {
	cmd    *exec.Cmd
	stderr *bytes.Buffer
	lines  chan string
}

// startPerfproof starts perfproof with args in its own process group,
// with TMPDIR set to tmp (so its temporary folders are the test's).
func startPerfproof(t *testing.T, tmp string, args ...string) *perfproofProcess {
	t.Helper()
	a, _ := json.Marshal(args)
	cmd := exec.Command(os.Args[0], "-test.run=^TestCompareHelperProcess$")
	cmd.Env = append(os.Environ(), "PERFPROOF_COMPARE_HELPER=1", "PERFPROOF_ARGS="+string(a), "TMPDIR="+tmp)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	pipe, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &perfproofProcess{cmd: cmd, stderr: new(bytes.Buffer), lines: make(chan string, 100)}
	go func() {
		defer close(p.lines)
		sc := bufio.NewScanner(io.TeeReader(pipe, p.stderr))
		for sc.Scan() {
			select {
			case p.lines <- sc.Text():
			default:
			}
		}
	}()
	return p
}

// waitFor waits until perfproof prints a line containing s on stderr.
func (p *perfproofProcess) waitFor(t *testing.T, s string) {
	t.Helper()
	timeout := time.After(2 * time.Minute)
	for {
		select {
		case l, ok := <-p.lines:
			if !ok {
				t.Fatalf("perfproof exited before printing %q", s)
			}
			if strings.Contains(l, s) {
				return
			}
		case <-timeout:
			p.cmd.Process.Kill()
			t.Fatalf("perfproof did not print %q within 2 minutes", s)
		}
	}
}

// wait waits for perfproof to exit and returns its exit code (-1 if a
// signal killed it) and its standard error.
func (p *perfproofProcess) wait(t *testing.T) (int, string) {
	t.Helper()
	done := make(chan error, 1)
	go func() {
		for range p.lines {
		}
		done <- p.cmd.Wait()
	}()
	select {
	case <-done:
	case <-time.After(2 * time.Minute):
		syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
		t.Fatalf("perfproof did not exit within 2 minutes after the signal")
	}
	return p.cmd.ProcessState.ExitCode(), p.stderr.String()
}

// leftovers returns the run folders under the perfproof temporary root in
// tmp.
func leftovers(t *testing.T, tmp string) []string {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(tmp, "perfproof-worktrees*", "run-*"))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestCompareSignals is the safety test of issue 4: a compare interrupted
// with SIGINT cleans up before it exits with status 2, and one killed
// with SIGKILL is cleaned up by the next run; either way the repository's
// work tree, index, stash, HEAD, branches and worktrees are as before.
func TestCompareSignals(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs test binaries in subprocesses")
	}
	t.Parallel()
	r := compareRepo(t)
	before := r.Snapshot()
	tmp := t.TempDir()
	mod := filepath.Join(r.Dir, "mod")
	args := []string{"compare", "-C", mod, "-noise=false", "-bench", "Sleep", "-benchtime", "1x", "-count", "50", "feature", "./..."}
	signalSafety(t, r, before, tmp, signalRun{
		args:     args,
		progress: "round 2/50",
		during: func() {
			if len(leftovers(t, tmp)) != 1 {
				t.Errorf("during the run: run folders %q, want one", leftovers(t, tmp))
			}
		},
		killedFolders: 1,
		next:          []string{"compare", "-C", mod, "-noise=false", "-bench", "Work", "-benchtime", "1x", "-count", "1", "feature", "./..."},
	})
}

// A signalRun is what signalSafety runs: args until stderr shows
// progress (during, if set, is called then), killedFolders the run folders
// a SIGKILL leaves (0: at least one), next the run that must clean them up.
type signalRun struct {
	args, next    []string
	progress      string
	during        func()
	killedFolders int
}

// signalSafety interrupts run.args with SIGINT to its process group, as a
// terminal's Ctrl-C, once stderr shows run.progress: perfproof must exit 2
// saying "interrupted", with no run folder left in tmp and the repository
// r as before. Then it kills a second run with SIGKILL: its worktree stays
// (run.killedFolders folders), and run.next must exit 0 and remove it,
// leaving the repository as before.
func signalSafety(t *testing.T, r *revstest.Repo, before revstest.State, tmp string, run signalRun) {
	t.Helper()
	p := startPerfproof(t, tmp, run.args...)
	p.waitFor(t, run.progress)
	if run.during != nil {
		run.during()
	}
	if err := syscall.Kill(-p.cmd.Process.Pid, syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	code, stderr := p.wait(t)
	if code != 2 || !strings.Contains(stderr, "interrupted") {
		t.Errorf("after SIGINT: exit %d, want 2 and \"interrupted\"; stderr:\n%s", code, stderr)
	}
	if d := revstest.Diff(before, r.Snapshot()); d != "" {
		t.Errorf("after SIGINT, the repository differs:\n%s", d)
	}
	if l := leftovers(t, tmp); len(l) != 0 {
		t.Errorf("after SIGINT, run folders are left: %q", l)
	}

	// SIGKILL leaves the worktree behind; the next run removes it.
	p = startPerfproof(t, tmp, run.args...)
	p.waitFor(t, run.progress)
	if err := syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	if code, _ := p.wait(t); code != -1 {
		t.Errorf("after SIGKILL: exit %d, want -1 (killed)", code)
	}
	n := len(leftovers(t, tmp))
	if (run.killedFolders > 0 && n != run.killedFolders) || n == 0 || !strings.Contains(r.Git("worktree", "list"), tmp) {
		t.Errorf("after SIGKILL: run folders %q, worktrees:\n%s\nwant the killed run's folder and worktree left", leftovers(t, tmp), r.Git("worktree", "list"))
	}
	p = startPerfproof(t, tmp, run.next...)
	if code, stderr := p.wait(t); code != 0 {
		t.Errorf("the run after SIGKILL: exit %d, want 0; stderr:\n%s", code, stderr)
	}
	if d := revstest.Diff(before, r.Snapshot()); d != "" {
		t.Errorf("after SIGKILL and a new run, the repository differs:\n%s", d)
	}
	if l := leftovers(t, tmp); len(l) != 0 {
		t.Errorf("after SIGKILL and a new run, run folders are left: %q", l)
	}
}

// TestCompareAllocFlags: -alloc-benchtime and -alloc-count are checked
// before anything runs; a bad value is a usage error (exit 2) naming it.
func TestCompareAllocFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-alloc-benchtime", "1sec"}, `-alloc-benchtime "1sec" is neither a duration`},
		{[]string{"-alloc-count", "2"}, "-alloc-count 2 needs -alloc-benchtime"},
		{[]string{"-alloc-benchtime", "1s", "-alloc-count", "-1"}, "-alloc-count must be at least 1"},
	} {
		var stdout, stderr bytes.Buffer
		args := append(append([]string{"compare", "-C", t.TempDir(), "-noise=false"}, tc.args...), "HEAD")
		if code := Main(context.Background(), args, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("perfproof %s: exit %d, stderr %q; want 2 and %q", strings.Join(args, " "), code, stderr.String(), tc.want)
		}
	}
	var stdout, stderr bytes.Buffer
	Main(context.Background(), []string{"help", "compare"}, &stdout, &stderr)
	for _, flag := range []string{"-alloc-benchtime", "-alloc-count"} {
		if !strings.Contains(stdout.String()+stderr.String(), flag) {
			t.Errorf("perfproof help compare does not mention %s:\n%s%s", flag, &stdout, &stderr)
		}
	}
}

// TestCompareExeArgsFlag: -exe-args takes target=args, once per target,
// and only on a C++ project; anything else is a usage error (exit 2)
// naming it.
func TestCompareExeArgsFlag(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-exe-args", "all"}, `"all": want target=args`},
		{[]string{"-exe-args", "=all"}, `"=all": want target=args`},
		{[]string{"-exe-args", "f=all", "-exe-args", "f=x"}, "arguments for f given twice"},
		{[]string{"-exe-args", "formatter-bench=all"}, "-exe-args: "},
	} {
		var stdout, stderr bytes.Buffer
		args := append(append([]string{"compare", "-C", t.TempDir(), "-noise=false"}, tc.args...), "HEAD")
		if code := Main(context.Background(), args, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("perfproof %s: exit %d, stderr %q; want 2 and %q", strings.Join(args, " "), code, stderr.String(), tc.want)
		}
	}
	var e exeArgs
	if err := e.Set("formatter-bench= all  %l "); err != nil || !slices.Equal(e["formatter-bench"], []string{"all", "%l"}) {
		t.Errorf("-exe-args 'formatter-bench= all  %%l ' = %q, %v; want [all %%l]", e, err)
	}
}
