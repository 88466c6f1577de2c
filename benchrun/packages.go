package benchrun

import (
	"context"
	"fmt"
	"strings"
)

// A Package is one package a set of patterns matched, as ListPackages
// reports it.
type Package struct {
	// ImportPath is the package's import path.
	ImportPath string
	// Dir is the package's source directory (absolute).
	Dir string
	// HasBenchmarks reports whether a _test.go file of the package declares
	// a benchmark function (see `go help testfunc`). A test file that does
	// not parse counts as declaring one, so that building the tests reports
	// the syntax error.
	HasBenchmarks bool
	// Err, if not nil, says why the go command could not load the package;
	// it names the package and wraps ErrLoad.
	Err error
}

// ListPackages lists the packages matching patterns ("." if none) in dir,
// as the go command run in dir with environment env (nil: the current
// one) resolves them, in go list order (sorted by import path). It is the
// listing Run uses. It returns an error wrapping ErrNoPackages when the
// patterns match nothing, and an error naming the patterns when go list
// fails as a whole (for example outside a module).
func ListPackages(ctx context.Context, dir string, env []string, patterns []string) ([]Package, error) {
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	listed, err := listPackages(ctx, dir, env, patterns)
	if err != nil {
		return nil, err
	}
	pkgs := make([]Package, len(listed))
	for i, p := range listed {
		pkgs[i] = Package{ImportPath: p.ImportPath, Dir: p.Dir}
		if p.Error != nil {
			pkgs[i].Err = fmt.Errorf("%w %s: %s", ErrLoad, p.ImportPath, strings.TrimSpace(p.Error.Err))
			continue
		}
		pkgs[i].HasBenchmarks = hasBenchmarks(p)
	}
	return pkgs, nil
}

// FileName returns a file name stem made from an import path: every rune
// other than an ASCII letter, digit, '.' or '-' becomes '_', as in the
// names of Run's raw output files ("example.com/m/p" → "example.com_m_p").
// Distinct import paths can share a stem; callers that need distinct names
// must add a suffix.
func FileName(importPath string) string {
	return fileNames([]listedPackage{{ImportPath: importPath}})[0]
}
