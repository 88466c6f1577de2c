package optimize

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
)

// WriteDescription writes r's description (Markdown) to the file path,
// or to stdout when path is "". It returns the line to print about it,
// naming the file written, "" for stdout. The description is made in
// full before anything is written.
func (r *Result) WriteDescription(path string, stdout io.Writer) (line string, err error) {
	var b bytes.Buffer
	if err := r.Markdown(&b); err != nil {
		return "", err
	}
	if path == "" {
		if _, err := stdout.Write(b.Bytes()); err != nil {
			return "", fmt.Errorf("writing description: %w", err)
		}
		return "", nil
	}
	if err := os.WriteFile(path, b.Bytes(), 0o666); err != nil {
		return "", fmt.Errorf("writing description: %w", err)
	}
	return "description written to " + path, nil
}

// Outcome returns the error that sets the exit status of a run, from r
// and runErr as Run returned them, once the description is delivered:
// runErr if set; else, when the run was stopped by anything but the
// budget, an error saying it was interrupted and what it kept; else,
// when the ranking did not analyse every package, an error saying so
// (what was kept stands, but the run did not look everywhere); else nil.
func (r *Result) Outcome(runErr error) error {
	kept := len(r.Kept())
	switch {
	case runErr != nil:
		return runErr
	case r.Stopped != nil && !errors.Is(r.Stopped, ErrBudget):
		return fmt.Errorf("interrupted (%v): %d kept %s on %s; the temporary worktrees are removed", r.Stopped, kept, plural(kept, "fix", "fixes"), onBranch(r.Branch))
	case r.Report != nil && r.Report.Incomplete != "":
		return fmt.Errorf("%s; findings there were not looked for (%d kept %s on %s)", r.Report.Incomplete, kept, plural(kept, "fix", "fixes"), onBranch(r.Branch))
	}
	return nil
}

// onBranch names branch, "no branch" when it is "".
func onBranch(branch string) string {
	if branch == "" {
		return "no branch"
	}
	return "branch " + branch
}
