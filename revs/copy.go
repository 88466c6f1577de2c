package revs

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// CopyWorkTree makes a copy of the work tree as it is on disk, in a new
// folder named name inside the Session's folder, and returns the module
// directory inside it (the same subdirectory of the copy as Dir is of the
// work tree). Code run there, such as benchmarks that create files in
// their working directory, leaves the user's work tree alone.
//
// In a git repository with a commit the copy is a worktree of HEAD, made
// as Checkout makes one (git worktree add --detach, hooks disabled), into
// which the uncommitted changes are copied: every file that differs from
// HEAD, staged or not (a deleted one is deleted), and every untracked file
// git does not ignore. Ignored files are not copied, nor the contents of
// submodules beyond what HEAD records. Elsewhere (no repository, one
// without commits, or a Dir that git ignores) it is a plain copy of the
// module: the directory of the
// nearest go.mod at or above Dir, or Dir itself if there is none. Symbolic
// links are copied as links, file modes kept. The user's work tree, index,
// HEAD, branches and stash are only read; Close removes the copy.
func (s *Session) CopyWorkTree(ctx context.Context, name string) (string, error) {
	if s.top != "" {
		head, err := git(ctx, s.top, "rev-parse", "--verify", "--quiet", "HEAD^{commit}")
		if ctx.Err() != nil {
			return "", ctx.Err()
		}
		if err == nil {
			return s.copyRepo(ctx, name, head)
		}
	}
	return s.copyDir(name)
}

// copyRepo checks out commit head into worktree name and copies the work
// tree's changes into it. A module directory that git ignores is copied
// plainly instead, into name-plain.
func (s *Session) copyRepo(ctx context.Context, name, head string) (string, error) {
	path := filepath.Join(s.tmp, name)
	if err := s.addWorktree(ctx, path, head); err != nil {
		if ctx.Err() != nil {
			return "", err
		}
		return "", fmt.Errorf("copying the work tree: checking out HEAD: %w", err)
	}
	changed, err := gitPaths(ctx, s.top, "--no-optional-locks", "diff", "--name-only", "--no-renames", "-z", "HEAD", "--")
	if err != nil {
		return "", fmt.Errorf("copying the work tree: listing uncommitted changes: %w", err)
	}
	untracked, err := gitPaths(ctx, s.top, "--no-optional-locks", "ls-files", "--others", "--exclude-standard", "--full-name", "-z")
	if err != nil {
		return "", fmt.Errorf("copying the work tree: listing untracked files: %w", err)
	}
	for _, rel := range append(changed, untracked...) {
		if err := ctx.Err(); err != nil {
			return "", err
		}
		src := filepath.Join(s.top, filepath.FromSlash(rel))
		dst := filepath.Join(path, filepath.FromSlash(rel))
		if err := copyEntry(src, dst); err != nil {
			return "", fmt.Errorf("copying the work tree: %w", err)
		}
	}
	dir := filepath.Join(path, filepath.FromSlash(s.prefix))
	if _, err := os.Stat(dir); err != nil {
		// Dir is ignored (or holds only ignored files): git has nothing
		// of it.
		return s.copyDir(name + "-plain")
	}
	return dir, nil
}

// copyEntry makes dst what src is: removed if src does not exist, else a
// copy of the file or symbolic link. A directory (a submodule) is left
// as the checkout made it.
func copyEntry(src, dst string) error {
	fi, err := os.Lstat(src)
	if errors.Is(err, fs.ErrNotExist) {
		if err := os.Remove(dst); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		return nil
	}
	if err != nil {
		return err
	}
	if fi.IsDir() {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o777); err != nil {
		return err
	}
	if err := os.Remove(dst); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return copyFile(src, dst, fi)
}

// copyFile copies the regular file or symbolic link src, whose Lstat is
// fi, to dst, which must not exist.
func copyFile(src, dst string, fi fs.FileInfo) error {
	switch {
	case fi.Mode()&fs.ModeSymlink != 0:
		target, err := os.Readlink(src)
		if err != nil {
			return err
		}
		return os.Symlink(target, dst)
	case !fi.Mode().IsRegular():
		return nil // sockets, pipes, devices: nothing to run
	}
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, fi.Mode().Perm())
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// copyDir copies the module of Dir into folder name.
func (s *Session) copyDir(name string) (string, error) {
	root := s.Dir
	for d := s.Dir; ; {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			root = d
			break
		}
		parent := filepath.Dir(d)
		if parent == d {
			break
		}
		d = parent
	}
	rel, err := filepath.Rel(root, s.Dir)
	if err != nil {
		return "", fmt.Errorf("copying %s: %w", root, err)
	}
	dest := filepath.Join(s.tmp, name)
	tempRoot, _ := filepath.EvalSymlinks(TempRoot())
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (path == s.tmp || path == tempRoot) {
			return filepath.SkipDir // perfproof's own folders, should the module hold them
		}
		r, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		target := filepath.Join(dest, r)
		if d.IsDir() {
			info, err := d.Info()
			if err != nil {
				return err
			}
			return os.MkdirAll(target, info.Mode().Perm()|0o700)
		}
		info, err := os.Lstat(path)
		if err != nil {
			return err
		}
		return copyFile(path, target, info)
	})
	if err != nil {
		return "", fmt.Errorf("copying %s: %w", root, err)
	}
	return filepath.Join(dest, rel), nil
}

// gitPaths runs git with args, which must print NUL-separated paths (-z),
// and returns the paths.
func gitPaths(ctx context.Context, dir string, args ...string) ([]string, error) {
	out, err := gitRaw(ctx, dir, args...)
	if err != nil {
		return nil, err
	}
	var paths []string
	for _, p := range strings.Split(out, "\x00") {
		if p != "" {
			paths = append(paths, p)
		}
	}
	return paths, nil
}
