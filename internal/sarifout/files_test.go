package sarifout

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/perfproof/perfproof/pipeline"
	"github.com/perfproof/perfproof/report"
	"github.com/perfproof/perfproof/scan"
)

// TestPlan: no -sarif is no log; -sarif - with -json is a usage error,
// alone it is stdout; a file is resolved and checked as Target does.
func TestPlan(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		file    string
		jsonToo bool
		want    string
	}{
		{"", false, ""},
		{"", true, ""},
		{"-", false, "-"},
		{"out.sarif", true, filepath.Join(dir, "out.sarif")},
	} {
		if got, err := Plan(tc.file, dir, tc.jsonToo); err != nil || got != tc.want {
			t.Errorf("Plan(%q, dir, %v) = %q, %v; want %q", tc.file, tc.jsonToo, got, err, tc.want)
		}
	}
	var ue *pipeline.UsageError
	if _, err := Plan("-", dir, true); !errors.As(err, &ue) || !strings.Contains(err.Error(), "-json and -sarif -") {
		t.Errorf("Plan(-, dir, json) = %v, want a usage error naming both flags", err)
	}
	if _, err := Plan("no/such/dir/out.sarif", dir, false); err == nil || errors.As(err, &ue) {
		t.Errorf("Plan(a file in a missing directory) = %v, want Target's error", err)
	}
}

// TestWriteScanReport: "" writes nothing, "-" the log on stdout, a file
// the same log there; only a report's file gives a line to print.
func TestWriteScanReport(t *testing.T) {
	dir := t.TempDir()
	sr := &pipeline.ScanResult{Result: &scan.Result{}, BaseDir: dir}
	res := &pipeline.Result{Report: &report.Report{BaseDir: dir}, Scan: &scan.Result{}}
	var stdout bytes.Buffer
	if err := WriteScan("", &stdout, sr, nil); err != nil || stdout.Len() != 0 {
		t.Errorf("WriteScan(\"\") = %v, wrote %q; want nothing", err, stdout.String())
	}
	if line, err := WriteReport("", &stdout, res, nil); err != nil || line != "" || stdout.Len() != 0 {
		t.Errorf("WriteReport(\"\") = %q, %v, wrote %q; want nothing", line, err, stdout.String())
	}
	if err := WriteScan("-", &stdout, sr, nil); err != nil || Validate(stdout.Bytes()) != nil {
		t.Errorf("WriteScan(-) = %v, wrote %q; want a valid log", err, stdout.String())
	}
	scanLog := stdout.String()
	stdout.Reset()
	if line, err := WriteReport("-", &stdout, res, nil); err != nil || line != "" || Validate(stdout.Bytes()) != nil {
		t.Errorf("WriteReport(-) = %q, %v, wrote %q; want no line and a valid log", line, err, stdout.String())
	}
	stdout.Reset()
	file := filepath.Join(dir, "scan.sarif")
	if err := WriteScan(file, &stdout, sr, nil); err != nil || stdout.Len() != 0 {
		t.Errorf("WriteScan(%s) = %v, stdout %q", file, err, stdout.String())
	}
	if data, err := os.ReadFile(file); err != nil || string(data) != scanLog {
		t.Errorf("%s holds %q (%v), want the log written on stdout", file, data, err)
	}
	file = filepath.Join(dir, "report.sarif")
	if line, err := WriteReport(file, &stdout, res, nil); err != nil || line != "wrote "+file || stdout.Len() != 0 {
		t.Errorf("WriteReport(%s) = %q, %v, stdout %q; want the line naming it", file, line, err, stdout.String())
	}
	if data, err := os.ReadFile(file); err != nil || Validate(data) != nil {
		t.Errorf("%s: %v, want a valid log", file, err)
	}
}
