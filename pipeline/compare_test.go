package pipeline

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/perfproof/perfproof/prove"
	"github.com/perfproof/perfproof/report"
	"github.com/perfproof/perfproof/stats"
)

func TestAddRun(t *testing.T) {
	old := []float64{100, 101, 99, 100.5, 100.2, 99.8}
	new := []float64{80, 81, 79, 80.5, 80.2, 79.8}
	failed := errors.New("benchmark panicked in example.com/m/b")
	res := &prove.Result{Rounds: 6, Stop: "6 rounds", Elapsed: 3 * time.Second, Packages: []prove.PackageResult{
		{ImportPath: "example.com/m/a",
			Comparisons: []prove.Comparison{
				{Package: "example.com/m/a", OldName: "A", NewName: "A", Comparison: stats.Compare("A", "sec/op", old, new, stats.Options{})},
				{Package: "example.com/m/a", OldName: "T/before", NewName: "T/after", Comparison: stats.Compare("T", "sec/op", old, old, stats.Options{})},
			},
			OnlyOld: []string{"Gone"}, Unpaired: []string{"U/before"}, Warnings: []error{errors.New("slow warm-up")}},
		{ImportPath: "example.com/m/b", OnlyNew: []string{"Added"}, Err: failed},
	}}
	c := &Comparison{Report: report.CompareReport{Old: "main", New: "work tree", Notes: []string{"noise"}}}
	if err := c.AddRun(res, nil, prove.Options{}); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, rc := range c.Report.Comparisons {
		names = append(names, fmt.Sprintf("%s %s→%s", rc.Benchmark, rc.OldName, rc.NewName))
	}
	if want := []string{"A →", "T T/before→T/after"}; !slices.Equal(names, want) {
		t.Errorf("AddRun comparisons %q, want %q (names only for variants)", names, want)
	}
	wantNotes := []string{
		"6 interleaved rounds, -count=1 per run, each side's test binary built once; stopped: 6 rounds; 3s in all",
		"noise",
		"slow warm-up",
		"example.com/m/a: no counterpart for U/before",
		"only in old (not compared): example.com/m/a Gone",
		"only in new (not compared): example.com/m/b Added",
	}
	if !slices.Equal(c.Report.Notes, wantNotes) {
		t.Errorf("AddRun notes:\n%q\nwant\n%q", c.Report.Notes, wantNotes)
	}
	if len(c.Errors) != 1 || c.Errors[0] != failed || !slices.Equal(c.Report.Errors, []string{failed.Error()}) || c.Stopped != nil {
		t.Errorf("AddRun errors %v (%q), stopped %v; want the failed package", c.Errors, c.Report.Errors, c.Stopped)
	}
	if c.Rounds != 6 || c.Stop != "6 rounds" {
		t.Errorf("AddRun rounds, stop = %d, %q", c.Rounds, c.Stop)
	}
}

func TestAddRunOutcomes(t *testing.T) {
	// Nothing compared, and no error to say why.
	c := &Comparison{}
	if err := c.AddRun(&prove.Result{}, nil, prove.Options{Bench: "X"}); err != nil || len(c.Errors) != 1 || !errors.Is(c.Errors[0], ErrNothingCompared) ||
		!strings.Contains(c.Errors[0].Error(), "check -bench (X)") {
		t.Errorf("AddRun(nothing) = %v, errors %v; want ErrNothingCompared naming -bench", err, c.Errors)
	}
	// Interrupted mid-run: the package errors of the interruption are not
	// errors of their own.
	c = &Comparison{}
	res := &prove.Result{Packages: []prove.PackageResult{{ImportPath: "p", Err: fmt.Errorf("p: %w", context.Canceled)}}}
	if err := c.AddRun(res, context.Canceled, prove.Options{}); err != nil || c.Stopped != context.Canceled || len(c.Errors) != 0 ||
		!slices.Equal(c.Report.Errors, []string{"interrupted: context canceled"}) {
		t.Errorf("AddRun(interrupted) = %v; stopped %v, errors %v, %q", err, c.Stopped, c.Errors, c.Report.Errors)
	}
	// Interrupted before prove started; and prove failing to start.
	c = &Comparison{}
	if err := c.AddRun(nil, context.DeadlineExceeded, prove.Options{}); err != nil || c.Stopped != context.DeadlineExceeded {
		t.Errorf("AddRun(nil, deadline) = %v, stopped %v", err, c.Stopped)
	}
	start := errors.New("cannot list packages")
	if err := (&Comparison{}).AddRun(nil, start, prove.Options{}); err != start {
		t.Errorf("AddRun(nil, %v) = %v, want it", start, err)
	}
}

func TestParseVariants(t *testing.T) {
	got, err := ParseVariants("before,after,old,new")
	if want := [][2]string{{"before", "after"}, {"old", "new"}}; err != nil || !slices.Equal(got, want) {
		t.Errorf("ParseVariants = %q, %v; want %q", got, err, want)
	}
	for _, bad := range []string{"before", "before,", "a,b,c", ",b"} {
		var ue *UsageError
		if _, err := ParseVariants(bad); !errors.As(err, &ue) {
			t.Errorf("ParseVariants(%q) = %v, want a *UsageError", bad, err)
		}
	}
}

func TestCompareSettings(t *testing.T) {
	ok := CompareSettings{Bench: "X", Rounds: 7, Time: time.Minute, Alpha: 0.05, MinEffect: 0.02, Correction: "holm", Variants: [][2]string{{"a", "b"}}}
	o, err := ok.Options(nil)
	if err != nil || o.Bench != "X" || o.Rounds != 7 || o.Time != time.Minute || o.Stats.Alpha != 0.05 || o.Stats.MinEffect != 0.02 || o.Stats.PerComparison || len(o.Variants) != 1 {
		t.Errorf("Options(%+v) = %+v, %v", ok, o, err)
	}
	zero := ok
	zero.MinEffect, zero.Correction = 0, "none"
	if o, err := zero.Options(nil); err != nil || o.Stats.MinEffect <= 0 || o.Stats.MinEffect > 1e-9 || !o.Stats.PerComparison {
		t.Errorf("Options(min-effect 0, correction none) = %+v, %v; want a tiny positive MinEffect, PerComparison", o.Stats, err)
	}
	bad := map[string]func(*CompareSettings){
		"-count must be at least 1":                   func(s *CompareSettings) { s.Rounds = -1 },
		"-alpha 1 is outside (0, 1)":                  func(s *CompareSettings) { s.Alpha = 1 },
		"-min-effect 1 is outside [0, 1)":             func(s *CompareSettings) { s.MinEffect = 1 },
		"-time and -timeout must not be negative":     func(s *CompareSettings) { s.Timeout = -time.Second },
		`-correction "bonferroni": want holm or none`: func(s *CompareSettings) { s.Correction = "bonferroni" },
	}
	for want, change := range bad {
		s := ok
		change(&s)
		var ue *UsageError
		if _, err := s.Options(nil); !errors.As(err, &ue) || err.Error() != want {
			t.Errorf("Options = %v, want the *UsageError %q", err, want)
		}
	}
}
