package revs

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// ownerGrace is how long a Session folder without an owner file is left
// alone: Open creates the folder, then writes the file.
const ownerGrace = time.Minute

// pruneStale removes the Session folders under TempRoot whose owner is no
// longer alive, and the git worktree entries pointing into them, in the
// owner's repository and in commonDir (the current repository's git
// common directory, "" if none). It returns what went wrong as warnings.
func pruneStale(commonDir string) []error {
	var warnings []error
	root, err := filepath.EvalSymlinks(TempRoot())
	if err != nil {
		return nil // no root: nothing left behind
	}
	entries, err := os.ReadDir(root)
	if err != nil {
		return []error{fmt.Errorf("reading %s: %w", root, err)}
	}
	for _, e := range entries {
		if !e.IsDir() || !strings.HasPrefix(e.Name(), "run-") {
			continue
		}
		folder := filepath.Join(root, e.Name())
		o, err := readOwner(folder)
		switch {
		case err == nil && o.alive():
			continue
		case err != nil:
			if info, ierr := e.Info(); ierr != nil || time.Since(info.ModTime()) < ownerGrace {
				continue // being created, or gone meanwhile
			}
		}
		if err := os.RemoveAll(folder); err != nil {
			warnings = append(warnings, fmt.Errorf("removing the folder of a dead perfproof run: %w", err))
			continue
		}
		if o.repo != "" {
			if err := removeWorktreeEntries(o.repo, folder, false); err != nil {
				warnings = append(warnings, err)
			}
		}
	}
	if commonDir != "" {
		if err := removeWorktreeEntries(commonDir, root, true); err != nil {
			warnings = append(warnings, err)
		}
	}
	return warnings
}

// removeWorktreeEntries removes, from the git common directory commonDir,
// the worktree entries (worktrees/<id>, see gitrepository-layout(5)) of
// worktrees inside folder that no longer exist. With sweep, folder is
// TempRoot and an entry is removed only when the Session folder it points
// into is gone, so that the worktree a live Session is adding is kept.
//
// This is what `git worktree prune` does, restricted to perfproof's own
// folders: prune would also remove the entries of the user's worktrees
// that are missing only for now (on an unmounted disk).
func removeWorktreeEntries(commonDir, folder string, sweep bool) error {
	admin := filepath.Join(commonDir, "worktrees")
	entries, err := os.ReadDir(admin)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("reading git worktree entries: %w", err)
	}
	var errs []error
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(admin, e.Name(), "gitdir"))
		if err != nil {
			continue
		}
		wt := filepath.Dir(strings.TrimSpace(string(data))) // gitdir names <worktree>/.git
		rel, err := filepath.Rel(folder, wt)
		if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
			continue // not inside folder
		}
		check := wt
		if sweep {
			check = filepath.Join(folder, strings.SplitN(rel, string(filepath.Separator), 2)[0])
		}
		if _, err := os.Stat(check); !errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err := os.RemoveAll(filepath.Join(admin, e.Name())); err != nil {
			errs = append(errs, fmt.Errorf("removing git worktree entry of %s: %w", wt, err))
		}
	}
	return errors.Join(errs...)
}
