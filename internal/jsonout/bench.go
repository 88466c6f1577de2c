package jsonout

import (
	"io"

	"github.com/perfproof/perfproof/benchrun"
)

type benchSample struct {
	Name   string    `json:"name"`
	Unit   string    `json:"unit"`
	Median float64   `json:"median"`
	Lo     float64   `json:"lo"`
	Hi     float64   `json:"hi"`
	N      int       `json:"n"`
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
// sample's "name", "unit", "median" with the 95% confidence interval
// "lo" and "hi" in the sample's unit (sec/op for time; 0 when too few
// runs bound it, which "n" tells), "n" and the "values".
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
			sum := s.Summary()
			jp.Benchmarks = append(jp.Benchmarks, benchSample{
				Name: s.Name, Unit: s.Unit, Median: sum.Center, Lo: finite(sum.Lo), Hi: finite(sum.Hi), N: len(s.Values), Values: s.Values,
			})
		}
		out.Packages = append(out.Packages, jp)
	}
	return encode(w, out)
}

// finite maps ±Inf (a confidence interval too wide to bound with so few
// runs) to 0, which JSON can encode; n tells the reader why.
func finite(v float64) float64 {
	if v > 1e308 || v < -1e308 {
		return 0
	}
	return v
}
