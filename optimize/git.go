package optimize

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/perfproof/perfproof/revs"
)

// ErrBranchExists is wrapped by the error of Run when the branch it would
// create exists already.
var ErrBranchExists = errors.New("branch exists")

// gitTimeout bounds the git commands that write (commit, branch), which
// run on a context of their own so that an interruption does not stop
// them half-way.
const gitTimeout = 2 * time.Minute

// git runs git with args in dir as revs.Git does (no variable sending
// it to another repository or index), with the repository's hooks
// disabled: perfproof's commits must not run the user's hooks.
func git(ctx context.Context, dir string, args ...string) (string, error) {
	return revs.Git(ctx, dir, append([]string{"-c", "core.hooksPath=" + os.DevNull}, args...)...)
}

// writeContext returns the context of a git command that writes: not the
// caller's, which may be ending, but bounded.
func writeContext() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), gitTimeout)
}

// checkBranch returns an error if name is not a valid branch name, or
// wrapping ErrBranchExists if the repository of dir has it.
func checkBranch(ctx context.Context, dir, name string) error {
	if _, err := git(ctx, dir, "check-ref-format", "--branch", name); err != nil {
		return fmt.Errorf("branch name %q: %w", name, err)
	}
	if _, err := git(ctx, dir, "rev-parse", "--verify", "--quiet", "refs/heads/"+name); err == nil {
		return fmt.Errorf("%s: %w (name another with -branch)", name, ErrBranchExists)
	} else if ctx.Err() != nil {
		return ctx.Err()
	}
	return nil
}

// commit stages files (relative to the worktree's top, slash-separated)
// in the worktree at top and commits them with message msg on its
// detached HEAD, as the user's git identity, or as "perfproof" when none
// is configured, without a signature (no prompt may block a run). It
// returns the new commit's hash. The user's work tree, index and branches
// are not touched: a worktree has its own HEAD and index.
func commit(top string, files []string, msg string) (string, error) {
	ctx, cancel := writeContext()
	defer cancel()
	args := []string{"add", "--"}
	for _, f := range files {
		args = append(args, filepath.FromSlash(f))
	}
	if _, err := git(ctx, top, args...); err != nil {
		return "", err
	}
	id := []string{"-c", "commit.gpgsign=false"}
	if name, _ := git(ctx, top, "config", "user.name"); name == "" {
		id = append(id, "-c", "user.name=perfproof")
	}
	if email, _ := git(ctx, top, "config", "user.email"); email == "" {
		id = append(id, "-c", "user.email=perfproof@localhost")
	}
	if _, err := git(ctx, top, append(id, "commit", "--quiet", "--no-verify", "-m", msg)...); err != nil {
		return "", err
	}
	return git(ctx, top, "rev-parse", "HEAD")
}

// createBranch creates branch name at commit, from the worktree at top
// (whose repository shares its refs with the user's), without checking it
// out; git branch refuses a name that exists.
func createBranch(top, name, commit string) error {
	ctx, cancel := writeContext()
	defer cancel()
	_, err := git(ctx, top, "branch", "--no-track", name, commit)
	return err
}
