package pipeline

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/perfproof/perfproof/finding"
	"github.com/perfproof/perfproof/report"
)

func TestInDir(t *testing.T) {
	abs := filepath.Join(string(filepath.Separator), "abs", "f")
	tests := []struct{ dir, path, want string }{
		{"", "f", "f"},
		{"d", "f", filepath.Join("d", "f")},
		{"d", abs, abs},
		{"d", "", ""},
	}
	for _, tt := range tests {
		if got := InDir(tt.dir, tt.path); got != tt.want {
			t.Errorf("InDir(%q, %q) = %q, want %q", tt.dir, tt.path, got, tt.want)
		}
	}
}

func TestCheckOverwrite(t *testing.T) {
	dir := t.TempDir()
	mine, other := filepath.Join(dir, "mine.md"), filepath.Join(dir, "other.md")
	os.WriteFile(mine, []byte(ReportMarker+": ./...\n"), 0o666)
	os.WriteFile(other, []byte("# Notes\n"), 0o666)
	for _, path := range []string{"", filepath.Join(dir, "absent.md"), mine} {
		if err := CheckOverwrite(path, ReportMarker, "a report perfproof wrote"); err != nil {
			t.Errorf("CheckOverwrite(%q) = %v, want nil", path, err)
		}
	}
	if err := CheckOverwrite(other, ReportMarker, "a report perfproof wrote"); err == nil {
		t.Errorf("CheckOverwrite(%q, a file perfproof did not write) = nil, want an error", other)
	}
}

func TestPlanReportFiles(t *testing.T) {
	dir := t.TempDir()
	f, err := PlanReportFiles(dir, "out/", "")
	keep := filepath.Join(dir, "out")
	want := ReportFiles{Markdown: filepath.Join(keep, "report.md"), KeepDir: keep, HTML: filepath.Join(keep, "report.html")}
	if err != nil || f != want {
		t.Errorf("PlanReportFiles(out/) = %+v, %v; want %+v", f, err, want)
	}
	if fi, err := os.Stat(keep); err != nil || !fi.IsDir() {
		t.Errorf("PlanReportFiles(out/) did not create %s: %v", keep, err)
	}
	// An existing directory named without the slash is a directory too,
	// and -html names its own file.
	f, err = PlanReportFiles(dir, "out", "page.html")
	want.HTML = filepath.Join(dir, "page.html")
	if err != nil || f != want {
		t.Errorf("PlanReportFiles(out, page.html) = %+v, %v; want %+v", f, err, want)
	}
	if f, err := PlanReportFiles(dir, "", ""); err != nil || f != (ReportFiles{}) {
		t.Errorf("PlanReportFiles(none) = %+v, %v; want nothing", f, err)
	}
	os.WriteFile(filepath.Join(dir, "notes.html"), []byte("<p>mine</p>"), 0o666)
	if _, err := PlanReportFiles(dir, "r.md", "notes.html"); err == nil {
		t.Error("PlanReportFiles(-html over a page perfproof did not write) = nil, want an error")
	}
}

func TestReportFilesWrite(t *testing.T) {
	dir := t.TempDir()
	rep := &report.Report{Title: "perfproof report: ./..."}
	var stdout bytes.Buffer
	lines, err := ReportFiles{}.Write(&stdout, rep, true)
	if err != nil || lines != nil || !strings.HasPrefix(stdout.String(), ReportMarker) {
		t.Errorf("Write(to stdout) = %q, %v, stdout %q; want the Markdown report on stdout and no line", lines, err, stdout.String())
	}
	f := ReportFiles{Markdown: filepath.Join(dir, "r.md"), HTML: filepath.Join(dir, "r.html")}
	stdout.Reset()
	lines, err = f.Write(&stdout, rep, true)
	if want := []string{"wrote " + f.Markdown, "wrote " + f.HTML}; err != nil || !slices.Equal(lines, want) || stdout.Len() != 0 {
		t.Errorf("Write(files) = %q, %v; want %q and nothing on stdout", lines, err, want)
	}
	for path, marker := range map[string]string{f.Markdown: ReportMarker, f.HTML: HTMLReportMarker} {
		if err := CheckOverwrite(path, marker, "its own"); err != nil {
			t.Errorf("the file written does not start with its marker: %v", err)
		}
	}
	lines, err = f.Write(&stdout, rep, false) // -json: the HTML only
	if want := []string{"wrote " + f.HTML}; err != nil || !slices.Equal(lines, want) {
		t.Errorf("Write(no Markdown) = %q, %v; want %q", lines, err, want)
	}
}

func TestResultOutcome(t *testing.T) {
	failed := errors.New("benchmarks failed")
	tests := []struct {
		name     string
		rep      report.Report
		runErr   error
		wantIs   error
		wantNone bool
	}{
		{"clean", report.Report{}, nil, nil, true},
		{"findings", report.Report{Findings: []finding.Finding{{Analyzer: "fmtnumber"}}}, nil, ErrFound, false},
		{"run error wins", report.Report{Findings: []finding.Finding{{Analyzer: "fmtnumber"}}}, failed, failed, false},
		{"incomplete", report.Report{Incomplete: "1 of 2 packages not fully analysed"}, nil, nil, false},
	}
	for _, tt := range tests {
		r := &Result{Report: &tt.rep}
		err := r.Outcome(tt.runErr)
		switch {
		case tt.wantNone && err != nil:
			t.Errorf("%s: Outcome = %v, want nil", tt.name, err)
		case !tt.wantNone && err == nil:
			t.Errorf("%s: Outcome = nil, want an error", tt.name)
		case tt.wantIs != nil && !errors.Is(err, tt.wantIs):
			t.Errorf("%s: Outcome = %v, want %v", tt.name, err, tt.wantIs)
		case tt.name == "incomplete" && errors.Is(err, ErrFound):
			t.Errorf("%s: Outcome = ErrFound, want an error that fails the gate (exit 2)", tt.name)
		}
	}
}

func TestResultNotes(t *testing.T) {
	r := &Result{Benchmarked: true, Failed: []error{errors.New("example.com/m/p: panicked")}, Warnings: []error{errors.New("no line information")}}
	want := []string{"raw benchmark output and profiles kept in out", "example.com/m/p: panicked"}
	if got := r.Notes("out"); !slices.Equal(got, want) {
		t.Errorf("Notes(no report) = %q, want %q", got, want)
	}
	r.Report, r.Ranked = &report.Report{}, false
	want = append(want, "warning: no line information", report.UnrankedNote)
	if got := r.Notes("out"); !slices.Equal(got, want) {
		t.Errorf("Notes = %q, want %q", got, want)
	}
	r.Benchmarked, r.Ranked = false, true
	if got := r.Notes("out"); !slices.Equal(got, want[1:3]) {
		t.Errorf("Notes(not benchmarked, ranked) = %q, want %q", got, want[1:3])
	}
}
