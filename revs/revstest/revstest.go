// Package revstest provides temporary git repositories for tests of code
// that compares revisions, and snapshots of everything a comparison must
// leave as it found: files, index, stash, HEAD, branches and worktrees.
package revstest

import (
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// A Repo is a git repository in a temporary directory, removed when the
// test ends.
type Repo struct {
	// Dir is the top level of the work tree.
	Dir string
	t   testing.TB
}

// NewRepo runs git init in a new temporary directory with branch main.
// It skips the test if git is not installed.
func NewRepo(t testing.TB) *Repo {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	r := &Repo{Dir: dir, t: t}
	r.Git("init", "--quiet", "--initial-branch=main")
	return r
}

// Git runs git with args in the repository and returns its trimmed
// standard output; a failure fails the test. Commits get a fixed author
// and no signature, and no hook runs.
func (r *Repo) Git(args ...string) string {
	r.t.Helper()
	full := append([]string{
		"-c", "user.name=perfproof test", "-c", "user.email=test@example.com",
		"-c", "commit.gpgsign=false", "-c", "core.hooksPath=" + os.DevNull,
	}, args...)
	cmd := exec.Command("git", full...)
	cmd.Dir = r.Dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		r.t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

// Write writes files, by slash-separated path relative to Dir, creating
// directories as needed.
func (r *Repo) Write(files map[string]string) {
	r.t.Helper()
	for name, data := range files {
		path := filepath.Join(r.Dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
			r.t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(data), 0o666); err != nil {
			r.t.Fatal(err)
		}
	}
}

// Commit stages everything (git add -A), commits it with message msg and
// returns the commit's hash.
func (r *Repo) Commit(msg string) string {
	r.t.Helper()
	r.Git("add", "-A")
	r.Git("commit", "--quiet", "-m", msg)
	return r.Git("rev-parse", "HEAD")
}

// A State is what a comparison must not change in a repository.
type State struct {
	// Files maps each file of the work tree outside .git, by
	// slash-separated path, to the SHA-256 of its content.
	Files map[string]string
	// Status is `git status --porcelain`, Index `git ls-files --stage`,
	// Stash `git stash list`, Head `git rev-parse HEAD` with `git
	// symbolic-ref HEAD`, Refs `git for-each-ref`, Worktrees `git worktree
	// list --porcelain`.
	Status, Index, Stash, Head, Refs, Worktrees string
}

// Snapshot records the repository's State. Its git commands take no
// optional locks, so taking it does not rewrite the index.
func (r *Repo) Snapshot() State {
	r.t.Helper()
	s := State{Files: make(map[string]string)}
	err := filepath.WalkDir(r.Dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == ".git" {
				return filepath.SkipDir
			}
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(r.Dir, path)
		sum := sha256.Sum256(data)
		s.Files[filepath.ToSlash(rel)] = hex.EncodeToString(sum[:])
		return nil
	})
	if err != nil {
		r.t.Fatal(err)
	}
	s.Status = r.Git("--no-optional-locks", "status", "--porcelain")
	s.Index = r.Git("--no-optional-locks", "ls-files", "--stage")
	s.Stash = r.Git("--no-optional-locks", "stash", "list")
	s.Head = r.Git("rev-parse", "HEAD") + " " + r.Git("symbolic-ref", "--quiet", "HEAD")
	s.Refs = r.Git("for-each-ref")
	s.Worktrees = r.Git("worktree", "list", "--porcelain")
	return s
}

// Diff returns a description of the first differences between two
// States, "" if they are equal.
func Diff(before, after State) string {
	var b strings.Builder
	for name, sum := range before.Files {
		switch got, ok := after.Files[name]; {
		case !ok:
			b.WriteString("file " + name + " removed\n")
		case got != sum:
			b.WriteString("file " + name + " changed\n")
		}
	}
	for name := range after.Files {
		if _, ok := before.Files[name]; !ok {
			b.WriteString("file " + name + " added\n")
		}
	}
	for _, f := range []struct{ name, a, b string }{
		{"git status", before.Status, after.Status},
		{"index", before.Index, after.Index},
		{"stash", before.Stash, after.Stash},
		{"HEAD", before.Head, after.Head},
		{"refs", before.Refs, after.Refs},
		{"worktrees", before.Worktrees, after.Worktrees},
	} {
		if f.a != f.b {
			b.WriteString(f.name + " changed:\n--- before\n" + f.a + "\n--- after\n" + f.b + "\n")
		}
	}
	return b.String()
}
