package benchrun

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"
)

// listedPackage is the part of `go list -json` output that Run needs.
type listedPackage struct {
	ImportPath   string
	Dir          string
	TestGoFiles  []string
	XTestGoFiles []string
	Error        *struct{ Err string }
}

// listPackages runs `go list -e` on patterns in dir and returns the
// packages in the order the go command prints them.
func listPackages(ctx context.Context, dir string, env []string, patterns []string) ([]listedPackage, error) {
	args := append([]string{"list", "-e", "-json=ImportPath,Dir,TestGoFiles,XTestGoFiles,Error", "--"}, patterns...)
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = dir
	cmd.Env = env
	var stdout, stderr bytes.Buffer
	cmd.Stdout = &stdout
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return nil, fmt.Errorf("listing packages %s: %s", strings.Join(patterns, " "), msg)
	}
	var pkgs []listedPackage
	dec := json.NewDecoder(&stdout)
	for {
		var p listedPackage
		err := dec.Decode(&p)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("listing packages %s: decoding go list output: %w", strings.Join(patterns, " "), err)
		}
		pkgs = append(pkgs, p)
	}
	if len(pkgs) == 0 {
		return nil, fmt.Errorf("%w: %s", ErrNoPackages, strings.Join(patterns, " "))
	}
	return pkgs, nil
}

// hasBenchmarks reports whether any of the test files of p declares a
// benchmark function. A file that does not parse counts as declaring one, so
// that the go command gets to report the syntax error.
func hasBenchmarks(p listedPackage) bool {
	fset := token.NewFileSet()
	for _, name := range append(p.TestGoFiles[:len(p.TestGoFiles):len(p.TestGoFiles)], p.XTestGoFiles...) {
		f, err := parser.ParseFile(fset, filepath.Join(p.Dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			return true
		}
		for _, d := range f.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv == nil && isBenchmarkName(fn.Name.Name) {
				return true
			}
		}
	}
	return false
}

// isBenchmarkName reports whether name is one the testing package runs as
// a benchmark: "Benchmark" alone or followed by a rune that is not a
// lower-case letter (see the go command's documentation of test functions,
// `go help testfunc`).
func isBenchmarkName(name string) bool {
	rest, ok := strings.CutPrefix(name, "Benchmark")
	if !ok {
		return false
	}
	if rest == "" {
		return true
	}
	r, _ := utf8.DecodeRuneInString(rest)
	return !unicode.IsLower(r)
}
