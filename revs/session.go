package revs

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// ErrNotRepo is wrapped by the error of resolving or checking out a
// revision outside a git repository.
var ErrNotRepo = errors.New("not in a git repository")

// A Session owns a temporary folder holding the worktrees of the
// revisions it checks out, and any scratch files of its caller. Open one
// per comparison and Close it when done, also when the comparison is
// interrupted. A Session is safe for concurrent use.
type Session struct {
	// Dir is the absolute directory perfproof runs in (its -C flag): the
	// work tree side, and the place of relative paths in Resolve.
	Dir string
	// Warnings are problems met while removing what earlier, killed runs
	// left behind; they do not stop the Session.
	Warnings []error

	top       string // work tree top level of the repository, "" outside one
	prefix    string // Dir relative to top, slash-separated, "" at the top
	commonDir string // absolute git common directory, "" outside a repository
	tmp       string // the Session's own folder

	mu        sync.Mutex
	worktrees []string // paths passed to git worktree add
	closed    bool
}

// TempRoot returns the folder under the system temporary directory
// (os.TempDir) that holds the folders of Sessions:
// perfproof-worktrees-<uid> on Unix, perfproof-worktrees elsewhere.
func TempRoot() string {
	name := "perfproof-worktrees"
	if uid := os.Getuid(); uid >= 0 {
		name += "-" + strconv.Itoa(uid)
	}
	return filepath.Join(os.TempDir(), name)
}

// Open starts a Session for the module directory dir ("" means the
// current directory). It first removes the Session folders of runs that
// are no longer alive, with the git worktree entries that point into them
// (problems doing so are in Warnings), then creates its own folder under
// TempRoot. Open fails if dir does not exist or the folder cannot be
// created; dir need not be in a git repository (then only results files
// and directories can be resolved).
func Open(ctx context.Context, dir string) (*Session, error) {
	if dir == "" {
		dir = "."
	}
	abs, err := filepath.Abs(dir)
	if err == nil {
		abs, err = filepath.EvalSymlinks(abs)
	}
	if err != nil {
		return nil, fmt.Errorf("directory %s: %w", dir, err)
	}
	s := &Session{Dir: abs}
	out, err := git(ctx, abs, "rev-parse", "--path-format=absolute", "--git-common-dir", "--show-toplevel", "--show-prefix")
	switch {
	case ctx.Err() != nil:
		return nil, ctx.Err()
	case err == nil:
		lines := strings.Split(out, "\n")
		if len(lines) < 2 {
			return nil, fmt.Errorf("git rev-parse in %s: unexpected output %q", abs, out)
		}
		s.commonDir, s.top = lines[0], lines[1]
		if len(lines) > 2 {
			s.prefix = strings.TrimSuffix(lines[2], "/")
		}
	}

	s.Warnings = pruneStale(s.commonDir)
	root := TempRoot()
	if err := os.MkdirAll(root, 0o700); err != nil {
		return nil, fmt.Errorf("creating temporary folder: %w", err)
	}
	tmp, err := os.MkdirTemp(root, "run-")
	if err != nil {
		return nil, fmt.Errorf("creating temporary folder: %w", err)
	}
	if s.tmp, err = filepath.EvalSymlinks(tmp); err != nil {
		os.RemoveAll(tmp)
		return nil, fmt.Errorf("creating temporary folder: %w", err)
	}
	if err := os.WriteFile(filepath.Join(s.tmp, ownerFile), currentOwner(s.commonDir).marshal(), 0o600); err != nil {
		os.RemoveAll(s.tmp)
		return nil, fmt.Errorf("creating temporary folder: %w", err)
	}
	return s, nil
}

// InRepo reports whether Dir is inside a git work tree.
func (s *Session) InRepo() bool { return s.top != "" }

// TempDir returns the Session's own temporary folder, for scratch files of
// the caller (such as test binaries); Close removes it with everything in
// it, and the next Open removes it if this process dies first.
func (s *Session) TempDir() string { return s.tmp }

// Checkout checks out side, a Revision, into a new worktree named name
// inside the Session's folder, with `git worktree add --detach`
// (repository hooks disabled), and sets side.Dir to the module directory
// inside it. Each name may be used once per Session. The user's work
// tree, index, HEAD and branches are not touched.
//
// The git command is not stopped half-way when ctx ends; Checkout then
// returns ctx.Err() after it, and Close removes the worktree.
func (s *Session) Checkout(ctx context.Context, side *Side, name string) error {
	if side.Kind != Revision {
		return fmt.Errorf("checking out %s: not a revision", side)
	}
	if s.top == "" {
		return fmt.Errorf("checking out %s: %w", side.Arg, ErrNotRepo)
	}
	path := filepath.Join(s.tmp, name)
	if err := s.addWorktree(ctx, path, side.Commit); err != nil {
		if ctx.Err() != nil {
			return err
		}
		return fmt.Errorf("checking out %s: %w", side.Arg, err)
	}
	dir := filepath.Join(path, filepath.FromSlash(s.prefix))
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return fmt.Errorf("checking out %s: the revision has no directory %s (where the module is in the work tree)", side.Arg, s.prefix)
	}
	side.Dir = dir
	side.Worktree = path
	return nil
}

// addWorktree runs git worktree add --detach for commit at path, with
// repository hooks disabled, and records path for Close. The git command
// is not stopped half-way when ctx ends; addWorktree then returns
// ctx.Err() after it.
func (s *Session) addWorktree(ctx context.Context, path, commit string) error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return errors.New("session closed")
	}
	s.worktrees = append(s.worktrees, path)
	s.mu.Unlock()

	// Not ctx: a checkout stopped half-way leaves more to clean up than
	// one that completes.
	bg, cancel := context.WithTimeout(context.Background(), 30*time.Minute)
	defer cancel()
	if _, err := git(bg, s.top, "-c", "core.hooksPath="+os.DevNull, "worktree", "add", "--detach", "--quiet", path, commit); err != nil {
		return err
	}
	return ctx.Err()
}

// Close removes the Session's worktrees (git worktree remove --force) and
// its folder. It uses its own time limit, not a context, so that it also
// cleans up after the caller's context ended. Close may be called more
// than once; the error joins every failure.
func (s *Session) Close() error {
	if s == nil {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil
	}
	s.closed = true
	var errs []error
	for _, path := range s.worktrees {
		ctx, cancel := cleanupContext()
		_, err := git(ctx, s.top, "worktree", "remove", "--force", "--force", path)
		cancel()
		if err == nil {
			continue
		}
		// A partial checkout may not be a worktree git can remove: remove
		// the directory and git's entry for it by hand.
		if rmErr := os.RemoveAll(path); rmErr != nil {
			errs = append(errs, fmt.Errorf("removing worktree %s: %w", path, rmErr))
		}
		if rmErr := removeWorktreeEntries(s.commonDir, path, false); rmErr != nil {
			errs = append(errs, rmErr)
		}
	}
	if err := os.RemoveAll(s.tmp); err != nil {
		errs = append(errs, fmt.Errorf("removing temporary folder: %w", err))
	}
	return errors.Join(errs...)
}
