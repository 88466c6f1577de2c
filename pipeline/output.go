package pipeline

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/perfproof/perfproof/report"
)

// Markers start the files perfproof writes, so that it overwrites only
// its own: ReportMarker every Markdown report, HTMLReportMarker every
// HTML report, DescriptionMarker every optimize description.
const (
	ReportMarker      = "# perfproof report"
	HTMLReportMarker  = "<!DOCTYPE html>\n" + report.HTMLMarker
	DescriptionMarker = "# perfproof optimize"
)

// InDir resolves path relative to dir, as the go command's -C does: an
// absolute path, any path when dir is "", and "" are kept.
func InDir(dir, path string) string {
	if dir == "" || path == "" || filepath.IsAbs(path) {
		return path
	}
	return filepath.Join(dir, path)
}

// CheckOverwrite returns an error, naming path as the -o file, if path
// exists and does not start with marker: it is not what (for the
// message, e.g. "a report perfproof wrote") and must not be overwritten.
// A path that does not exist, and "" (no file), are fine.
func CheckOverwrite(path, marker, what string) error {
	if path == "" {
		return nil
	}
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("-o %s: %w", path, err)
	}
	defer f.Close()
	head := make([]byte, len(marker))
	n, _ := io.ReadFull(f, head)
	if string(head[:n]) != marker {
		return fmt.Errorf("-o %s: the file exists and is not %s; refusing to overwrite it: remove it or name another file", path, what)
	}
	return nil
}

// ReportFiles are the files a report run writes, resolved and checked
// before any work is done (PlanReportFiles).
type ReportFiles struct {
	// Markdown is the Markdown report's file; "" means stdout.
	Markdown string
	// KeepDir, if not "", is the directory that receives the Markdown
	// and HTML reports, the raw benchmark output and the profiles
	// (Options.OutDir).
	KeepDir string
	// HTML is the HTML report's file; "" means none.
	HTML string
}

// PlanReportFiles resolves report's -o out and -html html relative to
// dir and checks them before any work is done. An out ending in a slash,
// or naming a directory, is a directory that is created and receives
// report.md and, unless html names another file, report.html. An
// existing file that is not a report perfproof wrote is never
// overwritten: that, and a directory that cannot be created, is the
// error.
func PlanReportFiles(dir, out, html string) (ReportFiles, error) {
	var f ReportFiles
	if out != "" {
		path := InDir(dir, out)
		if strings.HasSuffix(out, "/") || isDir(path) {
			if err := os.MkdirAll(path, 0o777); err != nil {
				return f, fmt.Errorf("-o %s: %w", out, err)
			}
			f.KeepDir, path = path, filepath.Join(path, "report.md")
		}
		if err := CheckOverwrite(path, ReportMarker, "a report perfproof wrote"); err != nil {
			return f, err
		}
		f.Markdown = path
	}
	switch {
	case html != "":
		f.HTML = InDir(dir, html)
	case f.KeepDir != "":
		f.HTML = filepath.Join(f.KeepDir, "report.html")
	}
	if f.HTML != "" {
		if err := CheckOverwrite(f.HTML, HTMLReportMarker, "a report perfproof wrote"); err != nil {
			return f, err
		}
	}
	return f, nil
}

func isDir(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}

// Write renders rep to the files f names: as Markdown (report.Markdown)
// to f.Markdown, or to stdout when that is "", unless markdown is false;
// then as one HTML page (report.HTML) to f.HTML, if set. It returns a
// line "wrote <file>" for each file written, in order, also when it
// stops at an error.
func (f ReportFiles) Write(stdout io.Writer, rep *report.Report, markdown bool) (lines []string, err error) {
	if markdown {
		var buf bytes.Buffer
		if err := report.Markdown(&buf, rep); err != nil {
			return nil, err
		}
		if f.Markdown == "" {
			if _, err := stdout.Write(buf.Bytes()); err != nil {
				return nil, err
			}
		} else if err := os.WriteFile(f.Markdown, buf.Bytes(), 0o666); err != nil {
			return nil, fmt.Errorf("writing report: %w", err)
		} else {
			lines = append(lines, "wrote "+f.Markdown)
		}
	}
	if f.HTML == "" {
		return lines, nil
	}
	var buf bytes.Buffer
	if err := report.HTML(&buf, rep); err != nil {
		return lines, err
	}
	if err := os.WriteFile(f.HTML, buf.Bytes(), 0o666); err != nil {
		return lines, fmt.Errorf("writing HTML report: %w", err)
	}
	return append(lines, "wrote "+f.HTML), nil
}

// Outcome returns the error that sets the exit status of a report run,
// from res and runErr as Report returned them: runErr if set; else
// ErrFound when the report holds findings; else, when the scan did not
// analyse some package, an error saying the report is incomplete; else
// nil.
func (r *Result) Outcome(runErr error) error {
	switch {
	case runErr != nil:
		return runErr
	case len(r.Report.Findings) > 0:
		return ErrFound
	case r.Report.Incomplete != "":
		return fmt.Errorf("%s; the report is incomplete", r.Report.Incomplete)
	}
	return nil
}

// Notes returns the lines to print about a report run beside its output:
// where the raw benchmark output and profiles are kept (keepDir, when
// benchmarks ran), each failed package, and, when the report is complete
// (Report not nil), the profiles' warnings and report.UnrankedNote when
// the findings are not ranked.
func (r *Result) Notes(keepDir string) []string {
	var out []string
	if r.Benchmarked && keepDir != "" {
		out = append(out, "raw benchmark output and profiles kept in "+keepDir)
	}
	for _, e := range r.Failed {
		out = append(out, e.Error())
	}
	if r.Report == nil {
		return out
	}
	for _, w := range r.Warnings {
		out = append(out, "warning: "+w.Error())
	}
	if !r.Ranked {
		out = append(out, report.UnrankedNote)
	}
	return out
}
