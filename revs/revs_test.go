package revs_test

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/perfproof/perfproof/revs"
	"github.com/perfproof/perfproof/revs/revstest"
)

// newRepo makes a repository whose module lives in the subdirectory mod,
// with two commits that differ in mod/v.go, and returns it with the two
// hashes. It points TMPDIR at a fresh directory so that TempRoot is the
// test's own.
func newRepo(t *testing.T) (r *revstest.Repo, c1, c2 string) {
	t.Helper()
	t.Setenv("TMPDIR", t.TempDir())
	r = revstest.NewRepo(t)
	r.Write(map[string]string{
		"README":     "top\n",
		"mod/go.mod": "module example.com/m\n\ngo 1.26\n",
		"mod/v.go":   "package m\n\nconst V = 1\n",
	})
	c1 = r.Commit("one")
	r.Write(map[string]string{"mod/v.go": "package m\n\nconst V = 2\n"})
	c2 = r.Commit("two")
	return r, c1, c2
}

// runFolders returns the Session folders left under TempRoot.
func runFolders(t *testing.T) []string {
	t.Helper()
	matches, err := filepath.Glob(filepath.Join(revs.TempRoot(), "run-*"))
	if err != nil {
		t.Fatal(err)
	}
	return matches
}

func TestResolve(t *testing.T) {
	r, c1, c2 := newRepo(t)
	r.Write(map[string]string{
		"mod/old.txt":        "BenchmarkA-2\t10\t5 ns/op\n",
		"mod/pkg/p.go":       "package pkg\n",
		"other/go.mod":       "module example.com/m\n\ngo 1.26\n",
		"mod/.gitignore":     "old.txt\n",
		"other/.gitignore":   "*\n",
		"mod/pkg/.gitignore": "",
	})
	r.Commit("files")
	ctx := context.Background()
	s, err := revs.Open(ctx, filepath.Join(r.Dir, "mod"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if !s.InRepo() {
		t.Errorf("InRepo() = false, want true")
	}
	for _, tc := range []struct {
		arg    string
		kind   revs.Kind
		commit string
		path   string // Dir or File
	}{
		{arg: "HEAD~2", kind: revs.Revision, commit: c1},
		{arg: c2[:10], kind: revs.Revision, commit: c2},
		{arg: ".", kind: revs.WorkTree, path: filepath.Join(r.Dir, "mod")},
		{arg: filepath.Join(r.Dir, "mod"), kind: revs.WorkTree, path: filepath.Join(r.Dir, "mod")},
		{arg: "old.txt", kind: revs.ResultsFile, path: filepath.Join(r.Dir, "mod", "old.txt")},
		{arg: "../other", kind: revs.Directory, path: filepath.Join(r.Dir, "other")},
	} {
		side, err := s.Resolve(ctx, tc.arg)
		if err != nil {
			t.Errorf("Resolve(%q): %v", tc.arg, err)
			continue
		}
		path := side.Dir
		if tc.kind == revs.ResultsFile {
			path = side.File
		}
		if side.Kind != tc.kind || side.Commit != tc.commit || path != tc.path {
			t.Errorf("Resolve(%q) = %v, %q, %q; want %v, %q, %q", tc.arg, side.Kind, side.Commit, path, tc.kind, tc.commit, tc.path)
		}
		if side.Kind == revs.WorkTree && side.Uncommitted {
			t.Errorf("Resolve(%q).Uncommitted = true in a clean work tree", tc.arg)
		}
	}
	for _, arg := range []string{"pkg", "./pkg", "nosuchbranch", "-x", "../nosuchdir"} {
		if side, err := s.Resolve(ctx, arg); !errors.Is(err, revs.ErrNotSide) {
			t.Errorf("Resolve(%q) = %v, %v; want an error wrapping ErrNotSide", arg, side, err)
		}
	}

	r.Write(map[string]string{"untracked.go": "package m\n"})
	side, err := s.Resolve(ctx, ".")
	if err != nil || !side.Uncommitted || side.String() != "work tree (uncommitted changes included)" {
		t.Errorf("Resolve(.) with an untracked file = %v, %v; want the work tree with uncommitted changes", side, err)
	}
}

func TestOutsideRepo(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/m\n"), 0o666)
	ctx := context.Background()
	s, err := revs.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if s.InRepo() {
		t.Errorf("InRepo() = true outside a repository")
	}
	if side, err := s.Resolve(ctx, "."); err != nil || side.Kind != revs.WorkTree || side.Uncommitted {
		t.Errorf("Resolve(.) = %v, %v; want the work tree", side, err)
	}
	_, err = s.Resolve(ctx, "main")
	if !errors.Is(err, revs.ErrNotSide) || !errors.Is(err, revs.ErrNotRepo) {
		t.Errorf("Resolve(main) err = %v, want one wrapping ErrNotSide and ErrNotRepo", err)
	}
}

// dirtyRepo adds to newRepo's repository a branch, a stash entry, a
// staged change, an unstaged change and an untracked file.
func dirtyRepo(t *testing.T) (r *revstest.Repo, c1 string) {
	r, c1, _ = newRepo(t)
	r.Git("branch", "feature", c1)
	r.Write(map[string]string{"mod/v.go": "package m\n\nconst V = 3 // stashed\n"})
	r.Git("stash", "push", "--quiet")
	r.Write(map[string]string{"mod/staged.go": "package m\n"})
	r.Git("add", "mod/staged.go")
	r.Write(map[string]string{"mod/v.go": "package m\n\nconst V = 4 // unstaged\n", "mod/new.go": "package m\n"})
	return r, c1
}

func TestCheckoutClose(t *testing.T) {
	r, c1 := dirtyRepo(t)
	before := r.Snapshot()
	ctx := context.Background()
	s, err := revs.Open(ctx, filepath.Join(r.Dir, "mod"))
	if err != nil {
		t.Fatal(err)
	}
	cur, err := s.Current(ctx)
	if err != nil || !cur.Uncommitted {
		t.Errorf("Current() = %v, %v; want uncommitted changes", cur, err)
	}
	old, err := s.Resolve(ctx, "feature")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Checkout(ctx, old, "old"); err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(s.TempDir(), "old", "mod"); old.Dir != want {
		t.Errorf("Dir = %q, want %q (the module's subdirectory in the worktree)", old.Dir, want)
	}
	if data, err := os.ReadFile(filepath.Join(old.Dir, "v.go")); err != nil || !strings.Contains(string(data), "V = 1") {
		t.Errorf("v.go in the worktree = %q, %v; want the first commit's (V = 1)", data, err)
	}
	if got := old.String(); got != "feature ("+c1[:12]+")" {
		t.Errorf("String() = %q, want %q", got, "feature ("+c1[:12]+")")
	}
	if list := r.Git("worktree", "list"); !strings.Contains(list, s.TempDir()) {
		t.Errorf("git worktree list during the session = %q, want the session's worktree", list)
	}
	if err := s.Checkout(ctx, &revs.Side{Kind: revs.Directory}, "x"); err == nil {
		t.Errorf("Checkout of a directory: no error")
	}
	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if err := s.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	if d := revstest.Diff(before, r.Snapshot()); d != "" {
		t.Errorf("the session changed the repository:\n%s", d)
	}
	if f := runFolders(t); len(f) != 0 {
		t.Errorf("folders left under TempRoot after Close: %q", f)
	}
}

// deadPID returns the ID of a process that has exited.
func deadPID(t *testing.T) int {
	t.Helper()
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Skip("no true command")
	}
	return cmd.Process.Pid
}

func TestPruneStale(t *testing.T) {
	r, _ := dirtyRepo(t)
	// A worktree of the user's whose directory is missing for now: its
	// entry must survive perfproof's pruning.
	userWT := filepath.Join(t.TempDir(), "userwt")
	r.Git("worktree", "add", "--quiet", "--detach", userWT, "HEAD")
	os.Rename(userWT, userWT+".away")
	before := r.Snapshot()
	ctx := context.Background()

	// A run killed while it held a worktree: simulated by pointing its
	// owner file at a dead process.
	dead, err := revs.Open(ctx, filepath.Join(r.Dir, "mod"))
	if err != nil {
		t.Fatal(err)
	}
	side, err := dead.Resolve(ctx, "HEAD~1")
	if err != nil {
		t.Fatal(err)
	}
	if err := dead.Checkout(ctx, side, "old"); err != nil {
		t.Fatal(err)
	}
	owner := filepath.Join(dead.TempDir(), "owner")
	data, err := os.ReadFile(owner)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	lines[0] = "pid " + strconv.Itoa(deadPID(t))
	if err := os.WriteFile(owner, []byte(strings.Join(lines, "\n")), 0o600); err != nil {
		t.Fatal(err)
	}
	// The next Open removes the dead run's folder and worktree; a live
	// run's (this process) is left alone.
	live, err := revs.Open(ctx, r.Dir)
	if err != nil {
		t.Fatal(err)
	}
	defer live.Close()
	if len(live.Warnings) != 0 {
		t.Errorf("Warnings = %v, want none", live.Warnings)
	}
	if _, err := os.Stat(dead.TempDir()); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the dead run's folder %s: %v, want it removed", dead.TempDir(), err)
	}
	next, err := revs.Open(ctx, r.Dir)
	if err != nil {
		t.Fatal(err)
	}
	next.Close()
	if _, err := os.Stat(live.TempDir()); err != nil {
		t.Errorf("the live run's folder %s: %v, want it kept", live.TempDir(), err)
	}
	if d := revstest.Diff(before, r.Snapshot()); d != "" {
		t.Errorf("after pruning, the repository differs from before the killed run:\n%s", d)
	}
	if list := r.Git("worktree", "list", "--porcelain"); !strings.Contains(list, userWT) {
		t.Errorf("the user's worktree with a missing directory was pruned:\n%s", list)
	}
}
