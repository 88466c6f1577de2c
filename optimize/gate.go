package optimize

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// maxOutput is the most bytes of a failing command's output kept in an
// Attempt: its end, where the go command and the testing package say what
// failed.
const maxOutput = 4000

// A stepError is a gate step that failed: its output, trimmed to its last
// maxOutput bytes.
type stepError struct {
	step   Reason
	cmd    string
	output string
}

func (e *stepError) Error() string { return fmt.Sprintf("%s: %s failed", e.step, e.cmd) }

// goCmd runs the go command with args in dir, bounded by timeout, and
// returns its combined output.
func goCmd(ctx context.Context, dir string, timeout time.Duration, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = dir
	cmd.WaitDelay = 5 * time.Second
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	if err != nil && ctx.Err() == context.DeadlineExceeded {
		err = fmt.Errorf("timed out after %v: %w", timeout, err)
	}
	return out.String(), err
}

// trimOutput returns the last maxOutput bytes of s, from a line start,
// with a note of what was cut.
func trimOutput(s string) string {
	s = strings.TrimSpace(s)
	if len(s) <= maxOutput {
		return s
	}
	cut := s[len(s)-maxOutput:]
	if i := strings.IndexByte(cut, '\n'); i >= 0 {
		cut = cut[i+1:]
	}
	return fmt.Sprintf("[%d bytes before cut]\n%s", len(s)-len(cut), cut)
}

// affected returns the import paths of the packages of the module in dir
// whose directories are changedDirs (absolute), and of the module's
// packages whose tests depend on them, directly or not
// (go list -test -deps' view: a test binary p.test whose dependencies
// include a changed package), each list sorted.
func affected(ctx context.Context, dir string, changedDirs []string, timeout time.Duration) (changed, dependents []string, err error) {
	out, err := goCmd(ctx, dir, timeout, "list", "-e", "-test", "-f", "{{.ImportPath}}\t{{.Dir}}\t{{join .Deps \" \"}}", "./...")
	if err != nil {
		return nil, nil, fmt.Errorf("go list -test ./...: %w\n%s", err, trimOutput(out))
	}
	type pkg struct {
		path, dir string
		deps      []string
	}
	var pkgs []pkg
	for _, line := range strings.Split(out, "\n") {
		f := strings.SplitN(line, "\t", 3)
		if len(f) < 3 {
			continue
		}
		pkgs = append(pkgs, pkg{f[0], f[1], strings.Fields(f[2])})
	}
	isChanged := make(map[string]bool)
	for _, p := range pkgs {
		if !strings.Contains(p.path, " ") && !strings.HasSuffix(p.path, ".test") && slices.Contains(changedDirs, filepath.Clean(p.dir)) {
			isChanged[p.path] = true
			changed = append(changed, p.path)
		}
	}
	for _, p := range pkgs {
		under, ok := strings.CutSuffix(p.path, ".test")
		if !ok || strings.Contains(p.path, " ") {
			continue
		}
		hit := isChanged[under]
		for _, d := range p.deps {
			d, _, _ = strings.Cut(d, " ") // "q [p.test]" is q compiled for p's test
			hit = hit || isChanged[d]
		}
		if hit {
			dependents = append(dependents, under)
		}
	}
	slices.Sort(changed)
	slices.Sort(dependents)
	return changed, slices.Compact(dependents), nil
}

// check builds and vets the changed packages in dir and runs the tests of
// those and of their dependents (fresh, -count=1), in that order; the
// first step that fails returns a *stepError with its output.
func check(ctx context.Context, dir string, changed, tested []string, timeout time.Duration) error {
	steps := []struct {
		step Reason
		args []string
	}{
		{RejectedBuild, append([]string{"build"}, changed...)},
		{RejectedVet, append([]string{"vet"}, changed...)},
		{RejectedTests, append([]string{"test", "-count=1"}, tested...)},
	}
	for _, s := range steps {
		out, err := goCmd(ctx, dir, timeout, s.args...)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if err != nil {
			return &stepError{step: s.step, cmd: "go " + strings.Join(s.args, " "), output: trimOutput(out + "\n" + err.Error())}
		}
	}
	return nil
}
