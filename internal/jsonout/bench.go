package jsonout

import (
	"io"

	"github.com/perfproof/perfproof/benchrun"
	"github.com/perfproof/perfproof/stats"
)

// benchSample is a benchrun.Sample in the JSON output: its summary's
// fields come between "unit" and "values".
type benchSample struct {
	Name string `json:"name"`
	Unit string `json:"unit"`
	stats.SummaryJSON
	Values []float64 `json:"values"`
}

type benchPackage struct {
	Package    string        `json:"package"`
	Skipped    bool          `json:"skipped,omitempty"`
	Error      string        `json:"error,omitempty"`
	ElapsedSec float64       `json:"elapsed_sec"`
	Raw        string        `json:"raw,omitempty"`
	CPUProfile string        `json:"cpu_profile,omitempty"`
	MemProfile string        `json:"mem_profile,omitempty"`
	Benchmarks []benchSample `json:"benchmarks"`
}

// Bench writes the object of perfproof bench -json: {"packages":[...]},
// per package its "package" path, "skipped", "error", "elapsed_sec",
// the paths of its "raw" results and "cpu_profile" and "mem_profile"
// (which exist after exit only with -o), and its "benchmarks": each
// sample's "name", "unit", its summary as stats.SummaryJSON ("median"
// with the 95% confidence interval "lo" and "hi" in the sample's unit,
// sec/op for time, null when too few runs bound it; "n"; "confidence",
// the interval's actual level, at least 0.95, 1 for an unbounded one;
// "warnings", such as too few runs, left out when none) and the "values"
// in run order.
func Bench(w io.Writer, res *benchrun.Result) error {
	out := struct {
		Packages []benchPackage `json:"packages"`
	}{Packages: []benchPackage{}}
	for _, p := range res.Packages {
		jp := benchPackage{
			Package: p.ImportPath, Skipped: p.Skipped, ElapsedSec: p.Elapsed.Seconds(),
			Raw: p.RawFile, CPUProfile: p.CPUProfile, MemProfile: p.MemProfile,
			Benchmarks: []benchSample{},
		}
		if p.Err != nil {
			jp.Error = p.Err.Error()
		}
		for _, s := range p.Samples() {
			jp.Benchmarks = append(jp.Benchmarks, benchSample{Name: s.Name, Unit: s.Unit, SummaryJSON: s.Summary().JSON(), Values: s.Values})
		}
		out.Packages = append(out.Packages, jp)
	}
	return encode(w, out)
}
