package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"golang.org/x/tools/txtar"
)

// progressModule writes the module of testdata/progress.txtar to a fresh
// directory and returns the directory of its m.
func progressModule(t *testing.T) string {
	t.Helper()
	ar, err := txtar.ParseFile(filepath.Join("testdata", "progress.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	for _, f := range ar.Files {
		name := filepath.Join(work, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(name), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, f.Data, 0o666); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(work, "m")
}

// runWithFileStderr runs Main with args, stderr a file (so that progress
// shows, in plain lines) and no delay before it shows, and returns the
// exit code, stdout and what stderr got. It sets progressDelay, so its
// callers must not be parallel tests (TestScripts' scripts, parallel, run
// after the sequential tests).
func runWithFileStderr(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	f, err := os.Create(filepath.Join(t.TempDir(), "stderr"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	saved := progressDelay
	defer func() { progressDelay = saved }()
	progressDelay = 0
	var out bytes.Buffer
	code = Main(context.Background(), args, &out, f)
	data, err := os.ReadFile(f.Name())
	if err != nil {
		t.Fatal(err)
	}
	return code, out.String(), string(data)
}

// TestScanProgress: with stderr a file, scan -json writes progress lines
// there, the first as it starts loading and a final one with the time
// taken, while stdout holds the JSON object alone; -quiet writes none.
func TestScanProgress(t *testing.T) {
	dir := progressModule(t)
	code, stdout, stderr := runWithFileStderr(t, "scan", "-C", dir, "-json", "-all", "./hot")
	if code != ExitFindings {
		t.Fatalf("scan -json exit %d, want %d; stderr:\n%s", code, ExitFindings, stderr)
	}
	if !json.Valid([]byte(stdout)) {
		t.Errorf("scan -json stdout is not valid JSON:\n%s", stdout)
	}
	for _, re := range []string{
		`(?m)\Aperfproof: scan: loading packages$`,
		`(?m)^perfproof: scan: loaded ([0-9]+) packages; analysed ([0-9]+)/([0-9]+) \(100 %\), took [0-9]+ s$`,
	} {
		if !regexp.MustCompile(re).MatchString(stderr) {
			t.Errorf("scan -json stderr has no line matching %s:\n%s", re, stderr)
		}
	}
	if m := regexp.MustCompile(`loaded ([0-9]+) packages; analysed ([0-9]+)/([0-9]+) \(100`).FindStringSubmatch(stderr); m != nil && (m[1] != m[2] || m[2] != m[3]) {
		t.Errorf("final progress counts %s, %s/%s, want all equal", m[1], m[2], m[3])
	}

	_, _, stderr = runWithFileStderr(t, "scan", "-C", dir, "-json", "-all", "-quiet", "./hot")
	if regexp.MustCompile(`perfproof: scan: `).MatchString(stderr) {
		t.Errorf("scan -quiet wrote progress:\n%s", stderr)
	}
}

// TestReportProgress: report writes each stage and, between them,
// benchrun's lines and a status line before each benchmark run, to a
// file stderr.
func TestReportProgress(t *testing.T) {
	dir := progressModule(t)
	code, stdout, stderr := runWithFileStderr(t, "report", "-C", dir, "-count", "1", "-benchtime", "1x", "-samples", "0", "-json", "./hot")
	if code != ExitFindings && code != ExitClean {
		t.Fatalf("report exit %d; stderr:\n%s", code, stderr)
	}
	if !json.Valid([]byte(stdout)) {
		t.Errorf("report -json stdout is not valid JSON:\n%s", stdout)
	}
	re := regexp.MustCompile(`(?s)\Aperfproof: report: scanning: loading packages\n.*` +
		`perfproof: report: running benchmarks\n.*bench 1/1 example.com/m/hot.*` +
		`perfproof: report: running benchmarks: benchmark 1/1 BenchmarkKey \(run 1/1\)\n.*` +
		`perfproof: report: ranking findings, took [0-9]+ s\n`)
	if !re.MatchString(stderr) {
		t.Errorf("report stderr does not match %s:\n%s", re, stderr)
	}
}
