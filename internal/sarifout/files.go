package sarifout

import (
	"io"

	"golang.org/x/tools/go/analysis"

	"github.com/perfproof/perfproof/pipeline"
)

// Plan checks the -sarif flag of scan and report before the work: file
// "" (no log) gives "", "-" (the log on stdout) must not meet -json
// (jsonToo), which prints there too, and any other file is Target(file,
// dir). The clash is a *pipeline.UsageError.
func Plan(file, dir string, jsonToo bool) (string, error) {
	switch {
	case file == "-" && jsonToo:
		return "", &pipeline.UsageError{Msg: "-json and -sarif - both print on stdout: choose one, or give -sarif a file"}
	case file == "":
		return "", nil
	}
	return Target(file, dir)
}

// WriteScan writes the SARIF log of scan sr, run with checks, to file, a
// path from Plan: nothing when file is "", stdout when it is "-".
func WriteScan(file string, stdout io.Writer, sr *pipeline.ScanResult, checks []*analysis.Analyzer) error {
	if file == "" {
		return nil
	}
	return WriteTo(file, stdout, func(w io.Writer) error {
		return Scan(w, sr.Result, checks, Root(sr.BaseDir))
	})
}

// WriteReport writes the SARIF log of res, a complete report (its Report
// set) made with checks, to file, a path from Plan: nothing when file is
// "", stdout when it is "-". It returns the line to print, "wrote <file>"
// when it wrote a file, else "".
func WriteReport(file string, stdout io.Writer, res *pipeline.Result, checks []*analysis.Analyzer) (line string, err error) {
	if file == "" {
		return "", nil
	}
	err = WriteTo(file, stdout, func(w io.Writer) error {
		return Report(w, res, checks, Root(res.Report.BaseDir))
	})
	if err != nil || file == "-" {
		return "", err
	}
	return "wrote " + file, nil
}
