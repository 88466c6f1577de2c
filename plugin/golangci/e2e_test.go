package golangci

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/perfproof/perfproof/analysis/suite"
)

// golangciVersion is the golangci-lint release the end-to-end test builds.
const golangciVersion = "v2.15.0"

// TestEndToEnd builds a custom golangci-lint with the plugin, as
// `golangci-lint custom` would (a main package running golangci-lint's
// root command, with the plugin's package imported for its init), runs it
// on a copy of examples/adexchange and checks that it reports exactly what
// the checks report when run directly, and that //nolint:perfproof (and
// perfproof's own //perfproof:ignore) on a finding's line silences that
// finding.
//
// The first run downloads golangci-lint's dependencies and compiles a large
// binary (minutes); later runs reuse the module and build caches.
func TestEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the end-to-end test builds a custom golangci-lint binary (minutes on a cold cache)")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if mod, err := os.ReadFile(filepath.Join(root, "go.mod")); err != nil || !bytes.Contains(mod, []byte("module github.com/perfproof/perfproof\n")) {
		t.Fatalf("%s is not perfproof's repository root (go.mod: %v)", root, err)
	}
	env := append(os.Environ(), "GOWORK=off")

	// The module of the custom binary.
	mod := t.TempDir()
	write(t, filepath.Join(mod, "go.mod"), fmt.Sprintf(`module perfproof.test/customgcl

go 1.26.0

require (
	github.com/golangci/golangci-lint/v2 %s
	github.com/perfproof/perfproof v0.0.0
)

replace github.com/perfproof/perfproof => %s
`, golangciVersion, root))
	write(t, filepath.Join(mod, "main.go"), `// Command customgcl is golangci-lint with perfproof's plugin.
package main

import (
	"fmt"
	"os"

	"github.com/golangci/golangci-lint/v2/pkg/commands"

	_ "github.com/perfproof/perfproof/plugin/golangci"
)

func main() {
	info := commands.BuildInfo{Version: "`+strings.TrimPrefix(golangciVersion, "v")+`-perfproof", Commit: "?", Date: "(unknown)", GoVersion: "go"}
	if err := commands.Execute(info); err != nil {
		fmt.Fprintf(os.Stderr, "The command is terminated due to an error: %v\n", err)
		os.Exit(3)
	}
}
`)

	step := func(name string, args ...string) (string, error) {
		start := time.Now()
		cmd := exec.Command("go", args...)
		cmd.Dir, cmd.Env = mod, env
		out, err := cmd.CombinedOutput()
		t.Logf("%s: go %s: %.1f s", name, strings.Join(args, " "), time.Since(start).Seconds())
		return string(out), err
	}
	if out, err := step("download", "mod", "download", "github.com/golangci/golangci-lint/v2@"+golangciVersion); err != nil {
		if notFound.MatchString(out) {
			t.Fatalf("golangci-lint %s does not exist: %v\n%s", golangciVersion, err, out)
		}
		skipOffline(t, fmt.Sprintf("the go command cannot download golangci-lint %s (no network to the module registry?): %v\n%s", golangciVersion, err, out))
	}
	if out, err := step("resolve dependencies", "mod", "tidy"); err != nil {
		if unreachable.MatchString(out) && !notFound.MatchString(out) {
			skipOffline(t, fmt.Sprintf("the go command cannot download golangci-lint's dependencies (no network to the module registry?): %v\n%s", err, out))
		}
		t.Fatalf("go mod tidy of the custom binary's module: %v\n%s", err, out)
	}
	bin := filepath.Join(mod, "custom-gcl")
	if out, err := step("build", "build", "-o", bin, "."); err != nil {
		t.Fatalf("building the custom golangci-lint: %v\n%s", err, out)
	}
	if out, err := exec.Command(bin, "linters", "--help").CombinedOutput(); err != nil {
		t.Fatalf("%s linters --help: %v\n%s", bin, err, out)
	}

	// A copy of the example, with a config enabling only perfproof.
	dir := filepath.Join(t.TempDir(), "adexchange")
	copyDir(t, filepath.Join(root, "examples", "adexchange"), dir)
	// golangci-lint finds .golangci.yml in the directory it runs in.
	write(t, filepath.Join(dir, ".golangci.yml"), `version: "2"
linters:
  default: none
  enable:
    - perfproof
  settings:
    custom:
      perfproof:
        type: module
        description: perfproof's performance checks
`)
	lintCache := t.TempDir()
	run := func() []string {
		t.Helper()
		start := time.Now()
		cmd := exec.Command(bin, "run",
			"--output.json.path", "stdout", "--show-stats=false",
			"--max-issues-per-linter=0", "--max-same-issues=0", "--uniq-by-line=false",
			"./...")
		cmd.Dir = dir
		cmd.Env = append(env, "GOLANGCI_LINT_CACHE="+lintCache)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		t.Logf("custom-gcl run: %.1f s", time.Since(start).Seconds())
		// Exit 1: issues found; 0: none.
		if ee, ok := err.(*exec.ExitError); err != nil && (!ok || ee.ExitCode() != 1) {
			t.Fatalf("custom-gcl run: %v\nstdout:\n%s\nstderr:\n%s", err, stdout.String(), stderr.String())
		}
		if s := stderr.String(); strings.Contains(s, "level=error") || strings.Contains(s, "level=warning") {
			t.Errorf("custom-gcl run printed errors or warnings:\n%s", s)
		}
		var res struct {
			Issues []struct {
				FromLinter string
				Text       string
				Pos        token.Position
			}
		}
		if err := json.Unmarshal(stdout.Bytes(), &res); err != nil {
			t.Fatalf("custom-gcl's JSON output: %v\n%s", err, stdout.String())
		}
		var got []string
		for _, is := range res.Issues {
			if is.FromLinter != Name {
				t.Errorf("an issue from linter %q, not %q: %+v", is.FromLinter, Name, is)
				continue
			}
			if strings.Contains(is.Text, "(related information)") {
				continue
			}
			got = append(got, fmt.Sprintf("%s:%d:%d: %s", rel(t, dir, is.Pos.Filename), is.Pos.Line, is.Pos.Column, is.Text))
		}
		slices.Sort(got)
		return slices.Compact(got)
	}

	got := run()
	t.Logf("custom-gcl's perfproof findings on adexchange (%d):\n\t%s", len(got), strings.Join(got, "\n\t"))
	want := direct(t, dir, env)
	if !slices.Equal(got, want) {
		t.Fatalf("custom-gcl's findings differ from the checks run directly\ncustom-gcl:\n\t%s\ndirectly:\n\t%s",
			strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
	}
	checks := make(map[string]bool)
	for _, f := range got {
		_, rest, _ := strings.Cut(f, ": ")
		name, _, _ := strings.Cut(rest, ":")
		checks[name] = true
	}
	if len(checks) < 3 || !checks["fmtnumber"] {
		t.Fatalf("want findings of at least three checks, fmtnumber among them, on adexchange; got %v", got)
	}

	// //nolint:perfproof at the end of a fmtnumber finding's line silences
	// the findings on that line and nothing else; so does
	// //perfproof:ignore at the end of another check's finding's line.
	nolint := annotate(t, dir, got, "fmtnumber", nil, func(string) string {
		return " //nolint:perfproof // the end-to-end test's"
	})
	ignore := annotate(t, dir, got, "", []string{nolint}, func(check string) string {
		return " //perfproof:ignore " + check + " the end-to-end test's"
	})
	var wantAfter []string
	for _, f := range got {
		if !strings.HasPrefix(f, nolint) && !strings.HasPrefix(f, ignore) {
			wantAfter = append(wantAfter, f)
		}
	}
	after := run()
	t.Logf("with //nolint:perfproof on %s and //perfproof:ignore on %s: %d findings", nolint, ignore, len(after))
	if !slices.Equal(after, wantAfter) {
		t.Fatalf("with //nolint:perfproof on %s and //perfproof:ignore on %s, custom-gcl found\n\t%s\nwant\n\t%s",
			nolint, ignore, strings.Join(after, "\n\t"), strings.Join(wantAfter, "\n\t"))
	}
}

// annotate appends comment(check) to the line of the first of findings
// (as run returns them) of the given check (any check if "") whose line
// is none of the lines skip and holds no comment or raw string already,
// and returns the "file:line:" prefix of that line's findings.
func annotate(t *testing.T, dir string, findings []string, check string, skip []string, comment func(check string) string) string {
	t.Helper()
	for _, f := range findings {
		parts := strings.SplitN(f, ":", 4) // file, line, column, " check: message"
		name, _, _ := strings.Cut(strings.TrimPrefix(parts[3], " "), ":")
		prefix := parts[0] + ":" + parts[1] + ":"
		if check != "" && name != check || slices.Contains(skip, prefix) {
			continue
		}
		var line int
		if _, err := fmt.Sscan(parts[1], &line); err != nil {
			t.Fatalf("finding %q: %v", f, err)
		}
		file := filepath.Join(dir, parts[0])
		src := strings.Split(read(t, file), "\n")
		if l := src[line-1]; !strings.Contains(l, "//") && !strings.Contains(l, "`") {
			src[line-1] = l + comment(name)
			write(t, file, strings.Join(src, "\n"))
			return prefix
		}
	}
	t.Fatalf("no finding of check %q on a line without a comment or raw string to append a directive to: %v", check, findings)
	return ""
}

// notFound matches the go command's errors for a module version that does
// not exist; unreachable those for a registry it cannot reach.
var (
	notFound    = regexp.MustCompile(`unknown revision|invalid version|404 Not Found|410 Gone`)
	unreachable = regexp.MustCompile(`dial tcp|no such host|connection refused|i/o timeout|TLS handshake|network is unreachable|GOPROXY=off|GOFLAGS=-mod=vendor|proxyconnect`)
)

// direct runs every check of the suite on the module in dir (with its
// tests, as golangci-lint does) and returns the findings in the form run
// returns them.
func direct(t *testing.T, dir string, env []string) []string {
	t.Helper()
	start := time.Now()
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: dir, Env: env, Tests: true}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		t.Fatal(err)
	}
	if n := packages.PrintErrors(pkgs); n > 0 {
		t.Fatalf("%d errors loading %s", n, dir)
	}
	g, err := checker.Analyze(suite.Analyzers(), pkgs, &checker.Options{Sequential: false})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for act := range g.All() {
		if !act.IsRoot {
			continue
		}
		if act.Err != nil {
			t.Fatalf("%s: %v", act, act.Err)
		}
		for _, d := range act.Diagnostics {
			p := act.Package.Fset.Position(d.Pos)
			out = append(out, fmt.Sprintf("%s:%d:%d: %s: %s", rel(t, dir, p.Filename), p.Line, p.Column, act.Analyzer.Name, d.Message))
		}
	}
	slices.Sort(out)
	t.Logf("the checks run directly: %.1f s", time.Since(start).Seconds())
	return slices.Compact(out)
}

func rel(t *testing.T, dir, name string) string {
	t.Helper()
	if !filepath.IsAbs(name) {
		return filepath.ToSlash(name)
	}
	// golangci-lint may print paths under dir with symbolic links resolved.
	for _, d := range []string{dir, evalSymlinks(dir)} {
		if r, err := filepath.Rel(d, name); err == nil && !strings.HasPrefix(r, "..") {
			return filepath.ToSlash(r)
		}
	}
	t.Fatalf("finding in %s, outside %s", name, dir)
	return ""
}

func evalSymlinks(p string) string {
	if q, err := filepath.EvalSymlinks(p); err == nil {
		return q
	}
	return p
}

func copyDir(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		r, _ := filepath.Rel(from, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(to, r), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(to, r), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func write(t *testing.T, name, content string) {
	t.Helper()
	if err := os.WriteFile(name, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func read(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// skipOffline skips the test for why, a failure to reach the module
// registry, except in CI (CI set, as .ci/run sets it), where the registry
// is expected and a skip would read as a pass.
func skipOffline(t *testing.T, why string) {
	t.Helper()
	if os.Getenv("CI") != "" {
		t.Fatalf("CI is set, so the end-to-end test must run: %s", why)
	}
	t.Skip("skipped: " + why)
}
