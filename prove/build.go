package prove

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/perfproof/perfproof/benchrun"
)

// maxDetailLines bounds the compiler output quoted in a build error.
const maxDetailLines = 10

// build compiles the test binary of package importPath of side into out
// with `go test -c -trimpath` (see buildFlags). A package whose tests do
// not compile gives an error that names the package and the side, quotes
// the compiler, and wraps benchrun.ErrBuild.
func build(ctx context.Context, side Side, importPath, out string, env []string) error {
	args := append([]string{"test", "-c"}, buildFlags(env)...)
	cmd := exec.CommandContext(ctx, "go", append(args, "-o", out, importPath)...)
	cmd.Dir = side.Dir
	cmd.Env = env
	var stderr bytes.Buffer
	cmd.Stdout = &stderr
	cmd.Stderr = &stderr
	benchrun.KillGroupOnCancel(cmd)
	cmd.WaitDelay = 5 * time.Second
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("building %s stopped: %w", describe(importPath, side), ctx.Err())
		}
		var lines []string
		for _, l := range strings.Split(stderr.String(), "\n") {
			if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
				lines = append(lines, l)
			}
		}
		if len(lines) > maxDetailLines {
			lines = append(lines[:maxDetailLines:maxDetailLines], fmt.Sprintf("(%d more lines)", len(lines)-maxDetailLines))
		}
		if len(lines) == 0 {
			lines = []string{err.Error()}
		}
		return fmt.Errorf("%w for %s: %s", benchrun.ErrBuild, describe(importPath, side), strings.Join(lines, "\n\t"))
	}
	if _, err := os.Stat(out); errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("%w for %s: go test -c wrote no test binary (no test files?)", benchrun.ErrBuild, describe(importPath, side))
	}
	return nil
}

// describe names a package and the side it was built from:
// "example.com/m/p (old side, in /tmp/x)".
func describe(importPath string, side Side) string {
	if side.Name == "" {
		return importPath + " (in " + side.Dir + ")"
	}
	return importPath + " (" + side.Name + " side, in " + side.Dir + ")"
}

// buildFlags returns the go test build flags of a test binary: -trimpath,
// and -ldflags=-w, which leaves out the DWARF debugging information (the
// code, its layout and the symbol table are the same; the link takes
// about 100 ms less for a small package here, more for a large one) —
// unless GOFLAGS in env (or, with env nil, in the environment) sets
// -ldflags, which a -ldflags on the command line would replace.
func buildFlags(env []string) []string {
	goflags := os.Getenv("GOFLAGS")
	if env != nil {
		goflags = ""
		for _, kv := range env {
			if v, ok := strings.CutPrefix(kv, "GOFLAGS="); ok {
				goflags = v // the last one counts, as in os/exec
			}
		}
	}
	for _, f := range strings.Fields(goflags) {
		if name, _, _ := strings.Cut(strings.TrimLeft(f, "-"), "="); name == "ldflags" {
			return []string{"-trimpath"}
		}
	}
	return []string{"-trimpath", "-ldflags=-w"}
}
