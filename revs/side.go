package revs

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// ErrNotSide is wrapped by the error of Resolve when an argument is
// neither a results file, a module directory nor a git revision.
var ErrNotSide = errors.New("not a git revision, a module directory (with go.mod) or a results file")

// Kind says what a Side is.
type Kind int

const (
	// Revision is a git commit, run from a temporary worktree.
	Revision Kind = iota + 1
	// WorkTree is the directory perfproof runs in, as it is on disk.
	WorkTree
	// Directory is another directory holding a version of the module.
	Directory
	// ResultsFile is a file of go test -bench output; nothing is run.
	ResultsFile
)

// String returns "revision", "work tree", "directory" or "results file".
func (k Kind) String() string {
	switch k {
	case Revision:
		return "revision"
	case WorkTree:
		return "work tree"
	case Directory:
		return "directory"
	case ResultsFile:
		return "results file"
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// A Side is one side, old or new, of a comparison.
type Side struct {
	// Arg is the command-line argument that named the side, "" for the
	// work tree when it was implied.
	Arg string
	// Kind says what Arg named.
	Kind Kind
	// Commit is the full commit hash of a Revision.
	Commit string
	// Dir is the absolute module directory in which to run the go command:
	// the work tree, the directory, or (after Session.Checkout) the
	// module's directory inside the revision's worktree. "" for a
	// ResultsFile and for a Revision not yet checked out.
	Dir string
	// Worktree is the temporary worktree of a Revision after Checkout.
	Worktree string
	// File is the absolute path of a ResultsFile.
	File string
	// Uncommitted is set for the WorkTree when `git status` lists changes
	// (staged, unstaged or untracked files): they are part of the
	// comparison.
	Uncommitted bool
}

// String describes the side for output: "main (3f2a1c9d0b1e)", "work
// tree (uncommitted changes included)", "directory ../v1", "results file
// old.txt".
func (s *Side) String() string {
	switch s.Kind {
	case Revision:
		c := s.Commit
		if len(c) > 12 {
			c = c[:12]
		}
		if s.Arg == c || strings.HasPrefix(s.Commit, s.Arg) {
			return c
		}
		return s.Arg + " (" + c + ")"
	case WorkTree:
		if s.Uncommitted {
			return "work tree (uncommitted changes included)"
		}
		return "work tree"
	case Directory:
		return "directory " + s.Arg
	case ResultsFile:
		return "results file " + s.Arg
	}
	return s.Arg
}

// Resolve classifies arg. A relative path is relative to the Session's
// Dir. In order:
//
//   - an existing regular file is a ResultsFile;
//   - the Session's Dir itself (such as ".") is the WorkTree;
//   - another existing directory holding a go.mod is a Directory;
//   - anything `git rev-parse --verify REV^{commit}` accepts is a Revision,
//     with Commit set; Checkout it before use.
//
// Resolve changes nothing. It returns an error wrapping ErrNotSide for
// anything else (a directory without go.mod, such as a package pattern,
// is not a side).
func (s *Session) Resolve(ctx context.Context, arg string) (*Side, error) {
	if arg == "" || strings.HasPrefix(arg, "-") {
		return nil, fmt.Errorf("%q: %w", arg, ErrNotSide)
	}
	path := arg
	if !filepath.IsAbs(path) {
		path = filepath.Join(s.Dir, path)
	}
	if fi, err := os.Stat(path); err == nil {
		switch {
		case fi.Mode().IsRegular():
			return &Side{Arg: arg, Kind: ResultsFile, File: path}, nil
		case fi.IsDir():
			if real, err := filepath.EvalSymlinks(path); err == nil && real == s.Dir {
				return s.Current(ctx)
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
				return &Side{Arg: arg, Kind: Directory, Dir: path}, nil
			}
		}
	}
	if s.top == "" {
		return nil, fmt.Errorf("%q: %w (%s: %w)", arg, ErrNotSide, s.Dir, ErrNotRepo)
	}
	commit, err := git(ctx, s.Dir, "rev-parse", "--verify", "--quiet", "--end-of-options", arg+"^{commit}")
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("%q: %w", arg, ErrNotSide)
	}
	return &Side{Arg: arg, Kind: Revision, Commit: commit}, nil
}

// Current returns the WorkTree side: the Session's Dir as it is on disk,
// with Uncommitted set if git lists changes in its repository.
func (s *Session) Current(ctx context.Context) (*Side, error) {
	side := &Side{Arg: ".", Kind: WorkTree, Dir: s.Dir}
	if s.top == "" {
		return side, nil
	}
	out, err := git(ctx, s.Dir, "--no-optional-locks", "status", "--porcelain")
	if err != nil {
		return nil, fmt.Errorf("checking the work tree for uncommitted changes: %w", err)
	}
	side.Uncommitted = out != ""
	return side, nil
}
