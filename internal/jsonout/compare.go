package jsonout

import (
	"io"

	"github.com/perfproof/perfproof/pipeline"
	"github.com/perfproof/perfproof/stats"
)

// compareJSON is one comparison in the JSON output: stats.ComparisonJSON
// ("benchmark", "unit", "old", "new", "ratio", "ratio_lo", "ratio_hi", "p"
// — null when not computed —, "verdict", "exact", "reason", …) preceded by
// "package", for variants "old_name" and "new_name", then "code",
// "code_changed" and "benchtime".
type compareJSON struct {
	Package string `json:"package"`
	OldName string `json:"old_name,omitempty"`
	NewName string `json:"new_name,omitempty"`
	// Code is prove.CodeStatus as text: "same", "changed", "only old",
	// "only new", "not found", or "not compared" (results files,
	// variants).
	Code string `json:"code"`
	// CodeChanged names the functions whose bodies differ
	// (prove.CodeDiff.Changed), for "changed".
	CodeChanged []string `json:"code_changed,omitempty"`
	// Benchtime is the run length its samples came from
	// (report.Comparison.Benchtime): "10ms", "1s", "100x"; omitted when
	// unknown (results files).
	Benchtime string `json:"benchtime,omitempty"`
	stats.ComparisonJSON
}

// noiseJSON is prove.Noise in the JSON output: load averages (1, 5, 15
// minutes), CPUs, governor, and the relative spread of the calibration.
type noiseJSON struct {
	Load     []float64 `json:"load,omitempty"`
	CPUs     int       `json:"cpus"`
	Governor string    `json:"governor,omitempty"`
	Spread   float64   `json:"calibration_spread"`
	Warnings []string  `json:"warnings,omitempty"`
}

// Compare writes the object of perfproof compare -json:
// {"comparisons":[...]} (DESIGN.md), each comparison as
// stats.ComparisonJSON with "package", for variants "old_name" and
// "new_name", and "code" (does the benchmark's code differ between the
// sides: "same", "changed", "only old", "only new", "not found", "not
// compared") with "code_changed" (the functions that differ) and
// "benchtime" (the run length of its samples, omitted when unknown); then "old" and "new" (the sides), "rounds" and "stop"
// (omitted when zero), "only_old" and "only_new", "noise" ({"load",
// "cpus","governor","calibration_spread","warnings"}), "notes" (omitted
// when empty) and "errors" (always a list), as text.
func Compare(w io.Writer, c *pipeline.Comparison) error {
	comps := make([]compareJSON, 0, len(c.Report.Comparisons))
	for _, r := range c.Report.Comparisons {
		comps = append(comps, compareJSON{r.Package, r.OldName, r.NewName, r.Code.Status.String(), r.Code.Changed, r.Benchtime, r.Comparison.JSON()})
	}
	out := struct {
		Comparisons []compareJSON `json:"comparisons"`
		Old         string        `json:"old"`
		New         string        `json:"new"`
		Rounds      int           `json:"rounds,omitempty"`
		Stop        string        `json:"stop,omitempty"`
		OnlyOld     []string      `json:"only_old,omitempty"`
		OnlyNew     []string      `json:"only_new,omitempty"`
		Noise       *noiseJSON    `json:"noise,omitempty"`
		Notes       []string      `json:"notes,omitempty"`
		Errors      []string      `json:"errors"`
	}{
		Comparisons: comps, Old: c.Report.Old, New: c.Report.New, Rounds: c.Rounds, Stop: c.Stop,
		OnlyOld: c.OnlyOld, OnlyNew: c.OnlyNew, Notes: c.Report.Notes, Errors: orEmpty(c.Report.Errors),
	}
	if n := c.Noise; n != nil {
		nj := &noiseJSON{CPUs: n.CPUs, Governor: n.Governor, Spread: n.Spread}
		if n.HaveLoad {
			nj.Load = n.Load[:]
		}
		for _, w := range n.Warnings {
			nj.Warnings = append(nj.Warnings, w.Error())
		}
		out.Noise = nj
	}
	return encode(w, out)
}
