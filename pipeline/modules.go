package pipeline

import (
	"cmp"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// sourceResolver returns a cost.HotspotOptions.Resolve for profiles that
// may come from elsewhere (a production binary built in /go/src/app, or
// with -trimpath, which records "example.com/m/pkg/file.go"): a file name
// that exists is kept; otherwise the longest suffix of at least a
// directory and a file name that exists under root, the module being
// reported on, is used; failing that the name is kept.
func sourceResolver(root string) func(string) string {
	cache := make(map[string]string)
	return func(name string) string {
		if r, ok := cache[name]; ok {
			return r
		}
		r := name
		if _, err := os.Stat(name); err != nil {
			parts := strings.Split(filepath.ToSlash(name), "/")
			for i := 1; i+2 <= len(parts); i++ {
				cand := filepath.Join(root, filepath.FromSlash(strings.Join(parts[i:], "/")))
				if fi, err := os.Stat(cand); err == nil && !fi.IsDir() {
					r = cand
					break
				}
			}
		}
		cache[name] = r
		return r
	}
}

// userCode returns the HotspotOptions.Modules for the measured packages:
// the main modules of dir (go list -m), so that a site inside a dependency
// is charged to the module's own line that calls into it, the line a user
// can change; or the measured packages themselves when one is in the
// standard library, as when perfproof reports on encoding/json; nil
// (cost's default: everything outside the standard library) when the go
// command cannot say.
func userCode(ctx context.Context, dir string, measured []string) []string {
	for _, p := range measured {
		if first, _, _ := strings.Cut(p, "/"); !strings.Contains(first, ".") {
			return measured
		}
	}
	return goListModules(ctx, dir)
}

// goListModules returns the module paths go list -m prints in dir for
// args (none: the main modules; "all": the build list), or nil when the
// go command fails or there is no module.
func goListModules(ctx context.Context, dir string, args ...string) []string {
	cmd := exec.CommandContext(ctx, "go", append([]string{"list", "-m", "-f", "{{.Path}}"}, args...)...)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return nil
	}
	// Outside a module the go command names the pseudo-module of the
	// command line.
	mods := slices.DeleteFunc(strings.Fields(string(out)), func(m string) bool { return m == "command-line-arguments" })
	if len(mods) == 0 {
		return nil
	}
	return mods
}

// workDir returns the absolute path of dir ("" is the current
// directory), or "" if the current directory is unknown.
func workDir(dir string) string {
	abs, _ := filepath.Abs(cmp.Or(dir, "."))
	return abs
}

// inDirAll resolves each of paths relative to dir, as the go command's
// -C does; absolute paths are kept.
func inDirAll(dir string, paths []string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		if dir != "" && !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		out[i] = p
	}
	return out
}
