// Package revs provides the before and after source trees of a
// comparison without ever touching the user's work tree, index, stash,
// HEAD or branches.
//
// A side of a comparison is named by one command-line argument, which
// Resolve classifies as
//
//   - a results file: a file of `go test -bench` output (the Go benchmark
//     format), compared as it is, nothing is run;
//   - the work tree: the module directory perfproof runs in ("."), with
//     whatever uncommitted changes it holds;
//   - a module directory: another directory holding a go.mod, such as a
//     second checkout or an unpacked release;
//   - a git revision: anything `git rev-parse --verify REV^{commit}`
//     accepts (a branch, a tag, HEAD~1, a hash).
//
// A revision is checked out by Session.Checkout with
//
//	git worktree add --detach <temp>/<name> <commit>
//
// into a folder the Session owns under the system temporary directory
// (TempRoot), with repository hooks disabled. When the module is in a
// subdirectory of the repository, the side's module directory is the same
// subdirectory inside the worktree. Session.Close removes the worktrees
// (git worktree remove --force) and the folder.
//
// A run that is killed cannot clean up, so Open first removes what dead
// runs left: each Session folder holds an owner file with the process ID
// (and, on Linux, the process start time, so that a reused PID does not
// count as alive), and a folder whose owner is dead is removed together
// with the git worktree entries that point into it. Only entries that
// point into perfproof's own temporary folders are removed: a plain `git
// worktree prune` would also drop the entries of the user's worktrees
// whose directories are missing, such as worktrees on an unmounted disk,
// and with them those worktrees' HEAD and index.
//
// Every git command runs in its own process group, so that a Ctrl-C in
// the terminal reaches perfproof, which cleans up, and not a git command
// half-way through checking out a worktree. Commands that only read run
// with --no-optional-locks, so that `git status` does not rewrite the
// user's index.
package revs
