package revs

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"
)

// cleanupTimeout bounds each git command run while cleaning up, which
// runs after the caller's context may have ended.
const cleanupTimeout = time.Minute

// gitEnv is the environment of git commands: the current one without the
// variables that would redirect git to another repository, work tree or
// index (set, for example, when perfproof runs inside a git hook).
func gitEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		switch name {
		case "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_COMMON_DIR", "GIT_PREFIX":
			continue
		}
		env = append(env, kv)
	}
	return append(env, "GIT_OPTIONAL_LOCKS=0", "GIT_TERMINAL_PROMPT=0")
}

// Git runs git with args in dir, with the environment of gitEnv (no
// variable redirecting it to another repository, work tree or index; no
// prompt), and returns its standard output with surrounding space
// trimmed. A failure returns an error holding git's standard error
// ("git <args>: <stderr>"), or ctx's error if ctx ended. The command is
// killed when ctx ends; pass a context that does not end for commands
// that must not stop half-way.
func Git(ctx context.Context, dir string, args ...string) (string, error) {
	return git(ctx, dir, args...)
}

// git is Git.
func git(ctx context.Context, dir string, args ...string) (string, error) {
	out, err := gitRaw(ctx, dir, args...)
	return strings.TrimSpace(out), err
}

// gitRaw is git without trimming the output.
func gitRaw(ctx context.Context, dir string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, "git", args...)
	cmd.Dir = dir
	cmd.Env = gitEnv()
	ownProcessGroup(cmd)
	// Should git leave a process holding its output (a detached
	// background job), stop waiting for it.
	cmd.WaitDelay = 5 * time.Second
	var stdout, stderr bytes.Buffer
	cmd.Stdout = &stdout
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return "", ctx.Err()
		}
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return "", fmt.Errorf("git %s: %s", strings.Join(args, " "), msg)
	}
	return stdout.String(), nil
}

// cleanupContext returns a context for a cleanup command: not tied to the
// caller's, which may have ended, but bounded.
func cleanupContext() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), cleanupTimeout)
}
