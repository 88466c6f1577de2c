package revs_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/perfproof/perfproof/revs"
	"github.com/perfproof/perfproof/revs/revstest"
)

// readTree returns the files under dir, by slash-separated path, with
// their contents; symbolic links as "-> target".
func readTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := make(map[string]string)
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == ".git" {
				return filepath.SkipDir
			}
			return nil
		}
		rel, _ := filepath.Rel(dir, path)
		if d.Type()&os.ModeSymlink != 0 {
			target, err := os.Readlink(path)
			out[filepath.ToSlash(rel)] = "-> " + target
			return err
		}
		data, err := os.ReadFile(path)
		out[filepath.ToSlash(rel)] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestCopyWorkTree(t *testing.T) {
	r, _, _ := newRepo(t)
	r.Write(map[string]string{
		"mod/.gitignore":  "*.db\n",
		"mod/staged.go":   "package m\n\nconst S = 1\n",
		"mod/deleted.go":  "package m\n",
		"mod/stashed.go":  "package m\n",
		"mod/sub/keep.go": "package sub\n",
	})
	r.Commit("three")
	r.Git("branch", "feature")
	r.Write(map[string]string{"mod/stashed.go": "package m\n\n// stashed\n"})
	r.Git("stash")
	r.Write(map[string]string{
		"mod/v.go":          "package m\n\nconst V = 3 // unstaged\n",
		"mod/staged.go":     "package m\n\nconst S = 2 // staged\n",
		"mod/new.go":        "package m\n\n// untracked\n",
		"mod/sub/more.go":   "package sub\n\n// untracked in a subdirectory\n",
		"mod/cache.db":      "ignored\n",
		"README":            "top, changed\n",
		"mod/sub/script.sh": "#!/bin/sh\n",
	})
	if err := os.Chmod(filepath.Join(r.Dir, "mod/sub/script.sh"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("v.go", filepath.Join(r.Dir, "mod/link.go")); err != nil {
		t.Fatal(err)
	}
	r.Git("add", "mod/staged.go")
	if err := os.Remove(filepath.Join(r.Dir, "mod/deleted.go")); err != nil {
		t.Fatal(err)
	}
	before := r.Snapshot()
	userFiles := readTree(t, r.Dir)

	ctx := context.Background()
	s, err := revs.Open(ctx, filepath.Join(r.Dir, "mod"))
	if err != nil {
		t.Fatal(err)
	}
	dir, err := s.CopyWorkTree(ctx, "copy")
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Base(dir) != "mod" || !filepath.IsAbs(dir) {
		t.Errorf("CopyWorkTree = %s, want the mod directory inside the copy", dir)
	}
	got := readTree(t, filepath.Dir(dir))
	want := make(map[string]string)
	for name, data := range userFiles {
		want[name] = data
	}
	delete(want, "mod/cache.db") // ignored
	delete(got, ".git")          // the worktree's link file
	for name, data := range want {
		if got[name] != data {
			t.Errorf("copy: %s = %q, want %q", name, got[name], data)
		}
	}
	for name := range got {
		if _, ok := want[name]; !ok {
			t.Errorf("copy: unexpected file %s", name)
		}
	}
	if fi, err := os.Stat(filepath.Join(dir, "sub/script.sh")); err != nil || fi.Mode().Perm()&0o100 == 0 {
		t.Errorf("copy lost the executable bit of sub/script.sh: %v %v", fi.Mode(), err)
	}

	// Files written in the copy stay there.
	if err := os.MkdirAll(filepath.Join(dir, "testrun"), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "bench.db"), []byte("x"), 0o666); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("copy %s left after Close: %v", dir, err)
	}
	if d := revstest.Diff(before, r.Snapshot()); d != "" {
		t.Errorf("the repository changed:\n%s", d)
	}
	if _, err := os.Stat(filepath.Join(r.Dir, "mod", "testrun")); !os.IsNotExist(err) {
		t.Errorf("a folder made in the copy appeared in the work tree: %v", err)
	}
}

func TestCopyWorkTreeOutsideRepo(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	top, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string]string{"go.mod": "module example.com/m\n\ngo 1.26\n", "p/p.go": "package p\n", "p/testdata/in.txt": "x\n"} {
		path := filepath.Join(top, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(data), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	ctx := context.Background()
	s, err := revs.Open(ctx, filepath.Join(top, "p"))
	if err != nil {
		t.Fatal(err)
	}
	dir, err := s.CopyWorkTree(ctx, "copy")
	if err != nil {
		t.Fatal(err)
	}
	if got := readTree(t, filepath.Dir(dir)); len(got) != 3 || got["go.mod"] == "" || got["p/testdata/in.txt"] != "x\n" || filepath.Base(dir) != "p" {
		t.Errorf("copy of %s in %s = %q, want the module's three files, p the directory", top, dir, got)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("copy %s left after Close: %v", dir, err)
	}
}

// TestCopyWorkTreeNewModule copies a module that is not committed yet
// (untracked) and one that git ignores (copied plainly).
func TestCopyWorkTreeNewModule(t *testing.T) {
	r, _, _ := newRepo(t)
	r.Write(map[string]string{
		".gitignore":       "scratch/\n",
		"fresh/go.mod":     "module example.com/fresh\n\ngo 1.26\n",
		"fresh/f.go":       "package fresh\n",
		"scratch/go.mod":   "module example.com/scratch\n\ngo 1.26\n",
		"scratch/p/s.go":   "package p\n",
		"scratch/p/x.txt":  "x\n",
		"scratch/p/q/y.go": "package q\n",
	})
	before := r.Snapshot()
	ctx := context.Background()
	for _, tc := range []struct {
		dir   string
		files []string // relative to the module directory's copy
	}{
		{"fresh", []string{"go.mod", "f.go"}},
		{"scratch/p", []string{"s.go", "x.txt", "q/y.go", "../go.mod"}},
	} {
		s, err := revs.Open(ctx, filepath.Join(r.Dir, tc.dir))
		if err != nil {
			t.Fatal(err)
		}
		dir, err := s.CopyWorkTree(ctx, "copy")
		if err != nil {
			t.Fatalf("%s: %v", tc.dir, err)
		}
		for _, f := range tc.files {
			if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(f))); err != nil {
				t.Errorf("%s: copy in %s lacks %s: %v", tc.dir, dir, f, err)
			}
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
	}
	if d := revstest.Diff(before, r.Snapshot()); d != "" {
		t.Errorf("the repository changed:\n%s", d)
	}
}
