package pipeline

import "github.com/perfproof/perfproof/report"

// Notes returns the lines to print about a comparison beside its
// output, before GateOutcome's: where the raw output of the runs is kept
// (OutDir, when a round ran), then, unless g fails on anything (its
// failures say them instead), a "warning: " line per benchmark whose
// code differs between the sides or could not be compared
// (report.CodeWarnings).
func (c *Comparison) Notes(g Gate) []string {
	var out []string
	if c.OutDir != "" && c.Rounds > 0 {
		out = append(out, "raw results kept in "+c.OutDir)
	}
	if g != (Gate{}) {
		return out
	}
	for _, w := range report.CodeWarnings(c.Report.Comparisons) {
		out = append(out, "warning: "+w)
	}
	return out
}
