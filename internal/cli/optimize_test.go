package cli

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/perfproof/perfproof/revs/revstest"
)

// TestOptimizeSignals is issue 16's safety test, as TestCompareSignals is
// compare's: an optimize interrupted with SIGINT while it proves a fix
// exits 2, saying so, with no run folder left and the repository (work
// tree with its uncommitted change, index, stash, HEAD, branches,
// worktrees) as before — no fix was kept, so no branch; one killed with
// SIGKILL leaves its worktree, which the next run removes.
func TestOptimizeSignals(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs test binaries in subprocesses")
	}
	t.Parallel()
	r := revstest.NewRepo(t)
	files := make(map[string]string)
	for _, name := range []string{"go.mod", "tally.go", "tally_test.go"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "optimize", "testdata", "tally", name+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		files["mod/"+name] = string(b)
	}
	r.Write(files)
	r.Commit("tally")
	r.Write(map[string]string{"README": "unstaged\n"})
	before := r.Snapshot()
	tmp := t.TempDir()
	mod := filepath.Join(r.Dir, "mod")
	args := []string{"optimize", "-C", mod, "-bench", "Label", "-samples", "0", "./..."}

	p := startPerfproof(t, tmp, args...)
	p.waitFor(t, "tests ok, comparing")
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

	p = startPerfproof(t, tmp, args...)
	p.waitFor(t, "tests ok, comparing")
	if err := syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	if code, _ := p.wait(t); code != -1 {
		t.Errorf("after SIGKILL: exit %d, want -1 (killed)", code)
	}
	if len(leftovers(t, tmp)) == 0 {
		t.Errorf("after SIGKILL: no run folder left; the test needs one to show the next run removes it")
	}
	p = startPerfproof(t, tmp, "compare", "-C", mod, "-noise=false", "-bench", "Label", "-benchtime", "1x", "-count", "1", "HEAD", "./...")
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
