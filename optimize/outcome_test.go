package optimize

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/perfproof/perfproof/report"
)

// TestWriteDescription: the description goes to stdout with no line to
// print, or to the file, named by the line; a file that cannot be
// written is the error, and stdout is then untouched.
func TestWriteDescription(t *testing.T) {
	res := &Result{Base: "0123456789abcdef"}
	var want bytes.Buffer
	if err := res.Markdown(&want); err != nil {
		t.Fatal(err)
	}
	var stdout bytes.Buffer
	if line, err := res.WriteDescription("", &stdout); err != nil || line != "" || stdout.String() != want.String() {
		t.Errorf("to stdout: line %q, err %v, wrote %q; want no line and the description", line, err, stdout.String())
	}
	stdout.Reset()
	path := filepath.Join(t.TempDir(), "pr.md")
	line, err := res.WriteDescription(path, &stdout)
	if err != nil || line != "description written to "+path || stdout.Len() != 0 {
		t.Errorf("to %s: line %q, err %v, stdout %q", path, line, err, stdout.String())
	}
	if got, err := os.ReadFile(path); err != nil || string(got) != want.String() {
		t.Errorf("%s holds %q (%v), want the description", path, got, err)
	}
	bad := filepath.Join(t.TempDir(), "missing", "pr.md")
	if line, err := res.WriteDescription(bad, &stdout); err == nil || !strings.HasPrefix(err.Error(), "writing description: ") || line != "" || stdout.Len() != 0 {
		t.Errorf("to %s: line %q, err %v, stdout %q; want a writing error", bad, line, err, stdout.String())
	}
}

// TestOutcome: the run's error comes first; an interruption other than
// the budget and an incomplete ranking are errors that say what was kept
// and where; a budget spent, or nothing to say, is no error.
func TestOutcome(t *testing.T) {
	runErr := errors.New("boom")
	kept := []Attempt{{Outcome: Kept}, {Outcome: RejectedSlower}}
	incomplete := &report.Report{Incomplete: "1 of 3 packages not analysed: example.com/m/broken"}
	for _, tc := range []struct {
		name   string
		res    Result
		runErr error
		want   string // "" for nil
	}{
		{"run error", Result{Stopped: context.Canceled}, runErr, "boom"},
		{"interrupted, one kept", Result{Stopped: context.Canceled, Attempts: kept, Branch: "perfproof/x"}, nil,
			"interrupted (context canceled): 1 kept fix on branch perfproof/x; the temporary worktrees are removed"},
		{"interrupted, none kept", Result{Stopped: context.Canceled}, nil,
			"interrupted (context canceled): 0 kept fixes on no branch; the temporary worktrees are removed"},
		{"budget spent", Result{Stopped: ErrBudget, Attempts: kept, Branch: "b"}, nil, ""},
		{"incomplete", Result{Report: incomplete, Attempts: append(kept, Attempt{Outcome: Kept})}, nil,
			"1 of 3 packages not analysed: example.com/m/broken; findings there were not looked for (2 kept fixes on no branch)"},
		{"clean", Result{Report: &report.Report{}, Attempts: kept, Branch: "b"}, nil, ""},
	} {
		err := tc.res.Outcome(tc.runErr)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("%s: Outcome = %q, want %q", tc.name, got, tc.want)
		}
	}
}
