package pipeline

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/perfproof/perfproof/claims"
)

// badReport has an arithmetic error (1681 B → 960 B is 42.9% less) and
// a table row with a cell too many, which claims.Extract warns about.
const badReport = "# Report\n\n- 47% less memory (1681 B → 960 B)\n\n| Name | Before | After |\n|---|---|---|\n| a | 1 | 2 | 3 |\n"

func TestVerifyArithmetic(t *testing.T) {
	var warnings []error
	res, err := Verify(context.Background(), "bad.md", []byte(badReport), VerifyOptions{Warn: func(w error) { warnings = append(warnings, w) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Report.Claims) == 0 || res.Report.Claims[0].Verdict != claims.ArithmeticError {
		t.Fatalf("Verify claims = %+v, want line 3 an arithmetic-error", res.Report.Claims)
	}
	if res.Unmeasured != nil || res.MeasureErr != nil {
		t.Errorf("Verify(no Measure) Unmeasured, MeasureErr = %v, %v; want nil, nil", res.Unmeasured, res.MeasureErr)
	}
	if got := res.Outcome(); got != VerifyFailed {
		t.Errorf("Outcome() = %s, want %s", got, VerifyFailed)
	}
	if len(warnings) == 0 || !slices.Equal(warnings, res.Report.Warnings) {
		t.Errorf("Warn called with %v, want the report's warnings %v", warnings, res.Report.Warnings)
	}

	res, err = Verify(context.Background(), "good.md", []byte("# Report\n\n- 11x faster (785ns → 71ns per operation)\n"), VerifyOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Outcome(); got != VerifyPassed {
		t.Errorf("Outcome() = %s, want %s (claims %+v)", got, VerifyPassed, res.Report.Claims)
	}

	if _, err := Verify(context.Background(), "bin.md", []byte("\x00\x01\x02binary\x00"), VerifyOptions{}); err == nil {
		t.Error("Verify(binary report) = nil error, want claims.Extract's")
	}
}

// TestVerifyNotModule names a directory outside any Go module: the
// verdicts stand, and MeasureErr is a *ModuleError.
func TestVerifyNotModule(t *testing.T) {
	dir := t.TempDir()
	res, err := Verify(context.Background(), "bad.md", []byte(badReport), VerifyOptions{Dir: dir, Measure: true})
	if err != nil {
		t.Fatal(err)
	}
	var me *ModuleError
	if !errors.As(res.MeasureErr, &me) || me.Error() != dir+" is not in a Go module" {
		t.Errorf("Verify MeasureErr = %v, want a *ModuleError saying %s is not in a Go module", res.MeasureErr, dir)
	}
	if res.Unmeasured != nil {
		t.Errorf("Verify Unmeasured = %v, want nil: Dir was named", res.Unmeasured)
	}
	if got := res.Outcome(); got != VerifyIncomplete {
		t.Errorf("Outcome() = %s, want %s", got, VerifyIncomplete)
	}
	if res.Report.Claims[0].Verdict != claims.ArithmeticError {
		t.Errorf("verdict %s, want the arithmetic-error to stand", res.Report.Claims[0].Verdict)
	}
}

// TestVerifyNoBenchmarks re-measures against a module without tests:
// nothing to measure is said (Unmeasured), not a failure.
func TestVerifyNoBenchmarks(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir()) // the copy goes under the test's own folder
	dir := t.TempDir()
	for name, data := range map[string]string{"go.mod": "module example.com/m\n\ngo 1.26\n", "m.go": "package m\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	var progress strings.Builder
	res, err := Verify(context.Background(), "r.md", []byte("# M\n\nM makes 0 allocs/op.\n"), VerifyOptions{Dir: dir, Measure: true, Progress: &progress})
	if err != nil {
		t.Fatal(err)
	}
	if !errors.Is(res.Unmeasured, claims.ErrNoBenchmarks) || res.MeasureErr != nil {
		t.Errorf("Verify Unmeasured, MeasureErr = %v, %v; want claims.ErrNoBenchmarks, nil", res.Unmeasured, res.MeasureErr)
	}
	if got := res.Outcome(); got != VerifyPassed {
		t.Errorf("Outcome() = %s, want %s", got, VerifyPassed)
	}
	if !strings.Contains(progress.String(), "verify: running the benchmarks of "+dir+" in a copy") {
		t.Errorf("progress %q does not say the benchmarks run in a copy", &progress)
	}
}

func TestMeasureEnv(t *testing.T) {
	t.Setenv("GOFLAGS", "-mod=mod")
	if env := measureEnv(claims.Setting{}); env != nil {
		t.Errorf("measureEnv(no flags, no procs) = %d entries, want nil", len(env))
	}
	env := measureEnv(claims.Setting{Flags: "-tags=fast", Procs: 3})
	if n := len(env); n < 2 || env[n-2] != "GOFLAGS=-mod=mod -tags=fast" || env[n-1] != "GOMAXPROCS=3" {
		t.Errorf("measureEnv(-tags=fast, 3) ends %q, want GOFLAGS with the flags added and GOMAXPROCS=3", env[max(0, n-2):])
	}
}

func TestVerifyOutcomeString(t *testing.T) {
	for o, want := range map[VerifyOutcome]string{VerifyPassed: "passed", VerifyFailed: "failed", VerifyIncomplete: "incomplete", 7: "VerifyOutcome(7)"} {
		if got := o.String(); got != want {
			t.Errorf("VerifyOutcome(%d).String() = %q, want %q", int(o), got, want)
		}
	}
}
