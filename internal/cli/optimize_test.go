package cli

import (
	"os"
	"path/filepath"
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
	signalSafety(t, r, before, tmp, signalRun{
		args:     []string{"optimize", "-C", mod, "-bench", "Label", "-samples", "0", "./..."},
		progress: "tests ok, comparing",
		next:     []string{"compare", "-C", mod, "-noise=false", "-bench", "Label", "-benchtime", "1x", "-count", "1", "HEAD", "./..."},
	})
}
