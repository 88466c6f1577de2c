package action_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// The tiny module the tests benchmark: Work's loop runs n*factor times; the
// slow revision raises factor from 1 to 20. The benchmark itself never
// changes, so compare sees the same benchmark code on both sides.
const (
	goMod = "module example.com/tiny\n\ngo 1.24\n"

	workGo = `package tiny

// Work does n*FACTOR steps of arithmetic.
func Work(n int) int {
	s := 0
	for i := 0; i < n*FACTOR; i++ {
		s += i * i
	}
	return s
}
`

	workTestGo = `package tiny

import "testing"

var sink int

func BenchmarkWork(b *testing.B) {
	for b.Loop() {
		sink = Work(1000)
	}
}
`
)

func work(factor string) string { return strings.ReplaceAll(workGo, "FACTOR", factor) }

// fixture is an "origin" repository: a first commit (fast), branch pr on
// it (20 times slower), branch fix on pr (fast again), and main, which
// moved on from the first commit with a commit of its own (a README), so
// that a clone of pr alone does not have main's commit.
type fixture struct {
	origin                 string
	mainSHA, prSHA, fixSHA string
}

// absentSHA is a commit no repository here has.
const absentSHA = "1111111111111111111111111111111111111111"

func TestRunScript(t *testing.T) {
	if testing.Short() {
		t.Skip("runs benchmarks and git; skipped with -short")
	}
	for _, tool := range []string{"bash", "git", "go"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not on PATH: %v", tool, err)
		}
	}
	script, err := filepath.Abs("run.sh")
	if err != nil {
		t.Fatal(err)
	}
	bin := buildPerfproof(t)
	fx := makeFixture(t)

	t.Run("slower head fails the gate", func(t *testing.T) {
		// A shallow-history situation: the workspace has only the PR's
		// branch, so the base (GITHUB_BASE_REF=main) must be fetched.
		ws := clone(t, fx.origin, "pr", true)
		gh := newFakeGitHub(t, ws, bin, fx.mainSHA)
		gh.env["GITHUB_BASE_REF"] = "main"
		gh.env["PERFPROOF_FETCH_BASE"] = "true"

		before := snapshot(t, ws)
		code := gh.run(t, script)
		if after := snapshot(t, ws); after != before {
			t.Errorf("the repository changed:\nbefore:\n%s\nafter:\n%s", before, after)
		}
		if code != 1 {
			t.Fatalf("exit status %d, want 1 (gate failed)\n%s", code, gh.log)
		}

		summary := gh.summary(t)
		for _, want := range []string{
			"gate failed",
			"perfproof compare -md -bench . -fail-on slower,allocs -count 6",
			fx.mainSHA + " " + fx.prSHA + " ./...",
			"| benchmark | old | new |",
			"| `Work` |",
			"**slower**",
		} {
			if !strings.Contains(summary, want) {
				t.Errorf("summary lacks %q:\n%s", want, summary)
			}
		}
		if !regexp.MustCompile("(?m)^\\| `Work` \\|.*\\| \\*\\*slower\\*\\* \\|$").MatchString(summary) {
			t.Errorf("summary has no sec/op row saying Work is slower:\n%s", summary)
		}
		if strings.Contains(summary, "gate passed") || strings.Contains(summary, "ERROR") {
			t.Errorf("summary of a failed gate says passed or ERROR:\n%s", summary)
		}

		out := gh.outputs(t)
		wantOut := map[string]string{
			"other":             "kept", // written by an earlier step
			"result":            "fail",
			"exit-code":         "1",
			"compare-exit-code": "1",
			"base-ref":          "origin/main",
			"base-sha":          fx.mainSHA,
			"head-ref":          "HEAD",
			"head-sha":          fx.prSHA,
		}
		for k, v := range wantOut {
			if out[k] != v {
				t.Errorf("output %s = %q, want %q", k, out[k], v)
			}
		}
		gh.checkComment(t, out, summary)

		// The SARIF of perfproof scan, outside the work tree.
		sarif := out["sarif-file"]
		if sarif == "" || !strings.HasPrefix(sarif, gh.runnerTemp+string(filepath.Separator)) {
			t.Fatalf("sarif-file = %q, want a file under RUNNER_TEMP %s", sarif, gh.runnerTemp)
		}
		if sc := out["scan-exit-code"]; sc != "0" && sc != "1" {
			t.Errorf("scan-exit-code = %q, want 0 or 1", sc)
		}
		data, err := os.ReadFile(sarif)
		if err != nil {
			t.Fatal(err)
		}
		var log struct {
			Version string            `json:"version"`
			Runs    []json.RawMessage `json:"runs"`
		}
		if err := json.Unmarshal(data, &log); err != nil {
			t.Fatalf("SARIF is not JSON: %v", err)
		}
		if log.Version != "2.1.0" || len(log.Runs) != 1 {
			t.Errorf("SARIF version %q with %d runs, want 2.1.0 with 1", log.Version, len(log.Runs))
		}
	})

	t.Run("faster head passes", func(t *testing.T) {
		// A full clone: the base branch is there as origin/pr.
		ws := clone(t, fx.origin, "fix", false)
		gh := newFakeGitHub(t, ws, bin, fx.prSHA)
		gh.env["GITHUB_BASE_REF"] = "pr"
		gh.env["PERFPROOF_SCAN"] = "false"

		before := snapshot(t, ws)
		code := gh.run(t, script)
		if after := snapshot(t, ws); after != before {
			t.Errorf("the repository changed:\nbefore:\n%s\nafter:\n%s", before, after)
		}
		if code != 0 {
			t.Fatalf("exit status %d, want 0 (gate passed)\n%s", code, gh.log)
		}
		summary := gh.summary(t)
		for _, want := range []string{"gate passed", "| `Work` |"} {
			if !strings.Contains(summary, want) {
				t.Errorf("summary lacks %q:\n%s", want, summary)
			}
		}
		if !regexp.MustCompile("(?m)^\\| `Work` \\|.*\\| faster \\|$").MatchString(summary) {
			t.Errorf("summary has no sec/op row saying Work is faster:\n%s", summary)
		}
		if strings.Contains(summary, "ERROR") {
			t.Errorf("summary of a pass says ERROR:\n%s", summary)
		}
		out := gh.outputs(t)
		for k, v := range map[string]string{
			"result": "pass", "exit-code": "0", "compare-exit-code": "0",
			"base-ref": "origin/pr", "base-sha": fx.prSHA, "head-sha": fx.fixSHA,
			"sarif-file": "", "scan-exit-code": "",
		} {
			if got, ok := out[k]; !ok || got != v {
				t.Errorf("output %s = %q (present %v), want %q", k, got, ok, v)
			}
		}
		gh.checkComment(t, out, summary)
	})

	// Errors: each must exit 2 and say so in the summary, never pass.
	errorCases := []struct {
		name  string
		env   map[string]string
		noGit bool     // PATH has the script's other tools but not git
		want  []string // in the summary
	}{
		{
			name:  "git missing",
			env:   map[string]string{"PERFPROOF_BASE": "HEAD~1"},
			noGit: true,
			want:  []string{"git is not installed"},
		},
		{
			name: "bad base ref",
			env:  map[string]string{"PERFPROOF_BASE": "no-such-branch", "PERFPROOF_FETCH_BASE": "true"},
			want: []string{"no-such-branch", "fetching it from origin failed"},
		},
		{
			name: "bad base ref without fetch",
			env:  map[string]string{"GITHUB_BASE_REF": "no-such-branch"},
			want: []string{"no-such-branch", "is not in the repository"},
		},
		{
			name: "perfproof compare fails",
			env:  map[string]string{"PERFPROOF_BASE": "HEAD~1", "PERFPROOF_PACKAGES": "./nosuch"},
			want: []string{"perfproof compare exited 2", "exit status 2:", "nosuch"},
		},
		{
			name: "perfproof missing",
			env:  map[string]string{"PERFPROOF_BASE": "HEAD~1", "PERFPROOF_BIN": "/nonexistent/perfproof"},
			want: []string{"/nonexistent/perfproof", "was not found"},
		},
	}
	for _, tc := range errorCases {
		t.Run(tc.name, func(t *testing.T) {
			ws := clone(t, fx.origin, "pr", true)
			gh := newFakeGitHub(t, ws, bin, absentSHA)
			for k, v := range tc.env {
				gh.env[k] = v
			}
			if tc.noGit {
				gh.env["PATH"] = pathWithout(t, "git")
			}
			before := snapshot(t, ws)
			code := gh.run(t, script)
			if after := snapshot(t, ws); after != before {
				t.Errorf("the repository changed:\nbefore:\n%s\nafter:\n%s", before, after)
			}
			if code != 2 {
				t.Fatalf("exit status %d, want 2 (error)\n%s", code, gh.log)
			}
			summary := gh.summary(t)
			for _, want := range append([]string{"ERROR", "NOT a pass"}, tc.want...) {
				if !strings.Contains(summary, want) {
					t.Errorf("summary lacks %q:\n%s", want, summary)
				}
			}
			if strings.Contains(summary, "gate passed") || strings.Contains(summary, "gate failed") {
				t.Errorf("summary of an error gives a gate verdict:\n%s", summary)
			}
			out := gh.outputs(t)
			if out["result"] != "error" || out["exit-code"] != "2" {
				t.Errorf("outputs result=%q exit-code=%q, want error and 2", out["result"], out["exit-code"])
			}
			gh.checkComment(t, out, summary)
		})
	}
}

// TestActionWiring checks, without running anything, that action.yml passes
// every input to run.sh and maps every output run.sh writes.
func TestActionWiring(t *testing.T) {
	yml, err := os.ReadFile(filepath.Join("..", "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	script, err := os.ReadFile("run.sh")
	if err != nil {
		t.Fatal(err)
	}
	text := string(yml)
	section := func(name, next string) []string {
		i := strings.Index(text, "\n"+name+":\n")
		j := strings.Index(text, "\n"+next+":\n")
		if i < 0 || j < i {
			t.Fatalf("action.yml: no %s section before %s", name, next)
		}
		var keys []string
		for _, m := range regexp.MustCompile(`(?m)^  ([a-z][a-z-]*):$`).FindAllStringSubmatch(text[i:j], -1) {
			keys = append(keys, m[1])
		}
		return keys
	}
	inputs := section("inputs", "outputs")
	if len(inputs) < 10 {
		t.Fatalf("action.yml: found only %d inputs: %v", len(inputs), inputs)
	}
	for _, in := range inputs {
		env := "PERFPROOF_" + strings.ToUpper(strings.ReplaceAll(in, "-", "_"))
		line := env + ": ${{ inputs." + in + " }}"
		if !strings.Contains(text, line) {
			t.Errorf("action.yml does not pass input %s as %q", in, line)
		}
		if !strings.Contains(string(script), "${"+env+":") && !strings.Contains(string(script), "${"+env+"-") {
			t.Errorf("run.sh does not read %s (input %s)", env, in)
		}
	}
	for _, o := range section("outputs", "runs") {
		if !strings.Contains(text, "value: ${{ steps.run.outputs."+o+" }}") {
			t.Errorf("action.yml output %s is not mapped from steps.run", o)
		}
		if !strings.Contains(string(script), "printf '"+o+"=") {
			t.Errorf("run.sh does not write output %s", o)
		}
	}
	for _, want := range []string{
		"using: composite",
		`cd "$GITHUB_ACTION_PATH"`,
		`GOBIN="$bin" go install ./cmd/perfproof`,
		`bash "$GITHUB_ACTION_PATH/action/run.sh"`,
		"if: always()",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("action.yml lacks %q", want)
		}
	}
}

// buildPerfproof builds cmd/perfproof of this module once, into a
// temporary directory.
func buildPerfproof(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "perfproof")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/perfproof")
	cmd.Dir = ".."
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// pathWithout returns a PATH of one directory holding links to the tools
// run.sh uses, except the one named.
func pathWithout(t *testing.T, missing string) string {
	t.Helper()
	dir := t.TempDir()
	for _, tool := range []string{"bash", "awk", "cat", "dirname", "grep", "mkdir", "mktemp", "rm", "sed", "tail", "tee", "jq", "git"} {
		if tool == missing {
			continue
		}
		p, err := exec.LookPath(tool)
		if err != nil {
			continue // run.sh does without jq; the others fail the test
		}
		if err := os.Symlink(p, filepath.Join(dir, tool)); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// gitEnv is the environment for git and the script: the test's own
// without anything from a real GitHub runner, git hook or user config.
func gitEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(k, "GITHUB_") || strings.HasPrefix(k, "RUNNER_") ||
			strings.HasPrefix(k, "PERFPROOF_") || strings.HasPrefix(k, "GIT_") {
			continue
		}
		env = append(env, kv)
	}
	return append(env,
		"GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL="+os.DevNull,
		"GIT_AUTHOR_NAME=test", "GIT_AUTHOR_EMAIL=test@example.com",
		"GIT_COMMITTER_NAME=test", "GIT_COMMITTER_EMAIL=test@example.com",
		"GIT_TERMINAL_PROMPT=0",
	)
}

func git(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = gitEnv()
	out, err := cmd.Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, ee.Stderr)
		}
		t.Fatalf("git %s: %v", strings.Join(args, " "), err)
	}
	return strings.TrimSpace(string(out))
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func makeFixture(t *testing.T) fixture {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "origin")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	git(t, dir, "init", "-q", "-b", "main")
	writeFile(t, filepath.Join(dir, "go.mod"), goMod)
	writeFile(t, filepath.Join(dir, "work.go"), work("1"))
	writeFile(t, filepath.Join(dir, "work_test.go"), workTestGo)
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", "base")
	var fx fixture
	fx.origin = dir

	git(t, dir, "checkout", "-q", "-b", "pr")
	writeFile(t, filepath.Join(dir, "work.go"), work("20"))
	git(t, dir, "commit", "-q", "-a", "-m", "20 times the work")
	fx.prSHA = git(t, dir, "rev-parse", "HEAD")

	git(t, dir, "checkout", "-q", "-b", "fix")
	writeFile(t, filepath.Join(dir, "work.go"), work("1"))
	git(t, dir, "commit", "-q", "-a", "-m", "back to the old work")
	fx.fixSHA = git(t, dir, "rev-parse", "HEAD")
	git(t, dir, "checkout", "-q", "main")
	writeFile(t, filepath.Join(dir, "README.md"), "tiny\n")
	git(t, dir, "add", "README.md")
	git(t, dir, "commit", "-q", "-m", "readme")
	fx.mainSHA = git(t, dir, "rev-parse", "HEAD")
	return fx
}

// clone makes the workspace: a clone of origin with branch checked out,
// only that branch when single.
func clone(t *testing.T, origin, branch string, single bool) string {
	t.Helper()
	ws := filepath.Join(t.TempDir(), "workspace")
	args := []string{"clone", "-q", "--branch", branch}
	if single {
		args = append(args, "--single-branch")
	}
	// A file:// URL, not a path: a clone from a path shares all of the
	// origin's objects, and the base would be there without a fetch.
	git(t, filepath.Dir(ws), append(args, "file://"+origin, ws)...)
	return ws
}

// snapshot is everything run.sh must leave as it was: HEAD, the checked
// out branch, every ref, the index, the work tree's status, the stash and
// the worktrees.
func snapshot(t *testing.T, ws string) string {
	t.Helper()
	var b strings.Builder
	for _, args := range [][]string{
		{"rev-parse", "HEAD"},
		{"symbolic-ref", "HEAD"},
		{"for-each-ref"},
		{"ls-files", "--stage"},
		{"status", "--porcelain", "--untracked-files=all", "--ignored"},
		{"stash", "list"},
		{"worktree", "list", "--porcelain"},
	} {
		b.WriteString("$ git " + strings.Join(args, " ") + "\n" + git(t, ws, args...) + "\n")
	}
	return b.String()
}

// fakeGitHub is the environment of a pull_request job on a runner, with
// every file it names in a temporary directory.
type fakeGitHub struct {
	env                         map[string]string
	dir, runnerTemp             string
	summaryFile, outputFile     string
	summaryPrefix, outputPrefix string
	log                         string
}

func newFakeGitHub(t *testing.T, ws, bin, baseSHA string) *fakeGitHub {
	t.Helper()
	dir := t.TempDir()
	gh := &fakeGitHub{
		dir:           dir,
		runnerTemp:    filepath.Join(dir, "runner-temp"),
		summaryFile:   filepath.Join(dir, "step_summary.md"),
		outputFile:    filepath.Join(dir, "output"),
		summaryPrefix: "# An earlier step's summary\n\n",
		outputPrefix:  "other=kept\n",
	}
	if err := os.Mkdir(gh.runnerTemp, 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, gh.summaryFile, gh.summaryPrefix)
	writeFile(t, gh.outputFile, gh.outputPrefix)
	event := filepath.Join(dir, "event.json")
	writeFile(t, event, `{"number":1,"pull_request":{"number":1,"base":{"ref":"main","sha":"`+baseSHA+`"}}}`)
	gh.env = map[string]string{
		"CI":                  "true",
		"GITHUB_ACTIONS":      "true",
		"GITHUB_EVENT_NAME":   "pull_request",
		"GITHUB_EVENT_PATH":   event,
		"GITHUB_REPOSITORY":   "example/tiny",
		"GITHUB_REF":          "refs/pull/1/merge",
		"GITHUB_WORKSPACE":    ws,
		"GITHUB_STEP_SUMMARY": gh.summaryFile,
		"GITHUB_OUTPUT":       gh.outputFile,
		"RUNNER_TEMP":         gh.runnerTemp,
		"PERFPROOF_BIN":       bin,
		// Few, short rounds: a 20-fold change is clear in 6.
		"PERFPROOF_COUNT":        "6",
		"PERFPROOF_BENCHTIME":    "5ms",
		"PERFPROOF_COMPARE_ARGS": "-noise=false",
	}
	return gh
}

// run runs the script as the composite action's step would, but from a
// directory outside the workspace (working-directory is relative to
// GITHUB_WORKSPACE), and returns its exit status.
func (gh *fakeGitHub) run(t *testing.T, script string) int {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", script)
	cmd.Dir = gh.dir
	cmd.Env = gitEnv()
	for k, v := range gh.env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	out, err := cmd.CombinedOutput()
	gh.log = string(out)
	t.Logf("run.sh output:\n%s", out)
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) && ctx.Err() == nil {
			return ee.ExitCode()
		}
		t.Fatalf("run.sh: %v", err)
	}
	return 0
}

// summary returns what the script appended to the job summary, checking
// that it kept what was there before.
func (gh *fakeGitHub) summary(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(gh.summaryFile)
	if err != nil {
		t.Fatal(err)
	}
	s, ok := strings.CutPrefix(string(data), gh.summaryPrefix)
	if !ok {
		t.Fatalf("the job summary lost its earlier content:\n%s", data)
	}
	if strings.TrimSpace(s) == "" {
		t.Fatal("nothing was appended to the job summary")
	}
	return s
}

// outputs parses $GITHUB_OUTPUT's name=value lines.
func (gh *fakeGitHub) outputs(t *testing.T) map[string]string {
	t.Helper()
	f, err := os.Open(gh.outputFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), "=")
		if !ok {
			t.Errorf("GITHUB_OUTPUT line without '=': %q", sc.Text())
			continue
		}
		if _, dup := out[k]; dup {
			t.Errorf("GITHUB_OUTPUT sets %s twice", k)
		}
		out[k] = v
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{
		"result", "exit-code", "compare-exit-code", "base-ref", "base-sha",
		"head-ref", "head-sha", "comment-file", "sarif-file", "scan-exit-code",
	} {
		if _, ok := out[k]; !ok {
			t.Errorf("GITHUB_OUTPUT lacks %s", k)
		}
	}
	return out
}

// checkComment checks that the comment file is outside the work tree and
// holds what was appended to the summary.
func (gh *fakeGitHub) checkComment(t *testing.T, out map[string]string, summary string) {
	t.Helper()
	path := out["comment-file"]
	if !strings.HasPrefix(path, gh.runnerTemp+string(filepath.Separator)) {
		t.Errorf("comment-file = %q, want a file under RUNNER_TEMP %s", path, gh.runnerTemp)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("comment file: %v", err)
	}
	if strings.TrimSpace(string(data)) != strings.TrimSpace(summary) {
		t.Errorf("comment file differs from the summary:\n--- comment\n%s\n--- summary\n%s", data, summary)
	}
}
