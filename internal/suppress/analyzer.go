package suppress

import "golang.org/x/tools/go/analysis"

// Silenced returns a copy of a that drops the diagnostics a
// //perfproof:ignore directive in the package's files silences for a's
// check (by a.Name). a itself is not modified. A copy stands in for a only
// where no other analyzer of the run requires a, as with perfproof's
// checks, none of which requires another.
func Silenced(a *analysis.Analyzer) *analysis.Analyzer {
	c := *a
	run := a.Run
	c.Run = func(pass *analysis.Pass) (any, error) {
		report := pass.Report
		var ignores *Index
		pass.Report = func(d analysis.Diagnostic) {
			if ignores == nil {
				ignores = New(pass.Fset, pass.Files)
			}
			if _, ok := ignores.Lookup(a.Name, pass.Fset.Position(d.Pos)); !ok {
				report(d)
			}
		}
		return run(pass)
	}
	return &c
}
