package pipeline

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/perfproof/perfproof/benchrun"
	"github.com/perfproof/perfproof/finding"
	"github.com/perfproof/perfproof/scan"
)

func TestSelectChecks(t *testing.T) {
	all := []*analysis.Analyzer{{Name: "a"}, {Name: "b"}, {Name: "c"}}
	names := func(as []*analysis.Analyzer) []string {
		var out []string
		for _, a := range as {
			out = append(out, a.Name)
		}
		return out
	}
	tests := []struct {
		set  map[string]bool
		want []string
	}{
		{nil, []string{"a", "b", "c"}},
		{map[string]bool{"b": false}, []string{"a", "c"}},
		{map[string]bool{"c": true, "a": true}, []string{"a", "c"}},
		{map[string]bool{"c": true, "a": false}, []string{"c"}},
		{map[string]bool{"a": false, "b": false, "c": false}, nil},
		{map[string]bool{"nosuch": false}, []string{"a", "b", "c"}},
	}
	for _, tt := range tests {
		if got := names(SelectChecks(all, tt.set)); !slices.Equal(got, tt.want) {
			t.Errorf("SelectChecks(%v) = %q, want %q", tt.set, got, tt.want)
		}
	}
}

func TestScanResultOutcome(t *testing.T) {
	found := &scan.Result{Findings: []finding.Finding{{Analyzer: "fmtnumber"}}, Packages: 2}
	missed := []scan.Unanalysed{{Package: "example.com/m/broken", Reason: "no Go files"}}
	tests := []struct {
		name     string
		res      *scan.Result
		wantLine bool
		wantIs   error
		wantErr  bool
	}{
		{"clean", &scan.Result{Packages: 1}, false, nil, false},
		{"found", found, false, ErrFound, true},
		{"found, some not analysed", &scan.Result{Findings: found.Findings, Packages: 2, NotAnalysed: missed}, true, ErrFound, true},
		{"nothing found, some not analysed", &scan.Result{Packages: 2, NotAnalysed: missed}, false, nil, true},
	}
	for _, tt := range tests {
		line, err := (&ScanResult{Result: tt.res}).Outcome()
		switch {
		case (line != "") != tt.wantLine:
			t.Errorf("%s: Outcome line = %q, want one: %v", tt.name, line, tt.wantLine)
		case (err != nil) != tt.wantErr || tt.wantIs != nil && !errors.Is(err, tt.wantIs):
			t.Errorf("%s: Outcome = %v, want an error %v (wrapping %v)", tt.name, err, tt.wantErr, tt.wantIs)
		case tt.wantIs == nil && errors.Is(err, ErrFound):
			t.Errorf("%s: Outcome = ErrFound; a scan that did not look must fail the gate (exit 2)", tt.name)
		}
	}
}

func TestScanResultNotes(t *testing.T) {
	r := &ScanResult{Result: &scan.Result{}}
	if got := r.Notes(); got != nil {
		t.Errorf("Notes(nothing left out) = %q, want none", got)
	}
	r.Hidden, r.Result.Suppressed = 1, make([]scan.Suppressed, 2)
	got := r.Notes()
	if len(got) != 2 || !strings.HasPrefix(got[0], "1 low-confidence finding not shown") || !strings.HasPrefix(got[1], "2 silenced by //perfproof:ignore") {
		t.Errorf("Notes = %q, want the hidden count then the silenced count", got)
	}
	r.Hidden, r.HiddenMeasured, r.Result.Suppressed = 5, 3, nil
	if got := r.Notes(); len(got) != 1 || !strings.HasPrefix(got[0], "5 low-confidence findings not shown: 3 measured cold by the profiles") || !strings.Contains(got[0], ", 2 with weak static evidence (no call path") {
		t.Errorf("Notes = %q, want 5 hidden, 3 of them measured cold and 2 static", got)
	}
}

func TestBenchResultOutcome(t *testing.T) {
	failed := errors.New("example.com/m/p: benchmark panicked")
	tests := []struct {
		name      string
		pkgs      []benchrun.PackageResult
		runErr    error
		wantIs    error
		wantErr   bool
		wantLines int
	}{
		{"ran", []benchrun.PackageResult{{}, {Skipped: true}}, nil, nil, false, 0},
		{"none", []benchrun.PackageResult{{Skipped: true}}, nil, ErrNoBenchmarks, true, 0},
		{"failed", []benchrun.PackageResult{{Err: failed}, {}}, nil, nil, true, 1},
		{"warnings", []benchrun.PackageResult{{ImportPath: "p", Warnings: []error{errors.New("odd line")}}}, nil, nil, false, 1},
		{"run error", []benchrun.PackageResult{{}}, failed, failed, true, 0},
	}
	for _, tt := range tests {
		lines, err := BenchResultOutcome(&benchrun.Result{Packages: tt.pkgs}, tt.runErr)
		if len(lines) != tt.wantLines || (err != nil) != tt.wantErr || tt.wantIs != nil && !errors.Is(err, tt.wantIs) {
			t.Errorf("%s: BenchResultOutcome = %q, %v; want %d lines, error %v (wrapping %v)", tt.name, lines, err, tt.wantLines, tt.wantErr, tt.wantIs)
		}
	}
}
