// Command perfproofvet runs perfproof's checks as a vet tool, so that the go
// command drives them with its build cache:
//
//	go vet -vettool=$(which perfproofvet) ./...
//	go fix -fixtool=$(which perfproofvet) -diff ./...
//
// A //perfproof:ignore directive with a reason silences a finding, as in
// perfproof scan.
package main

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/perfproof/perfproof/analysis/suite"
	"github.com/perfproof/perfproof/internal/suppress"
)

func main() {
	checks := suite.Analyzers()
	for _, a := range checks {
		silence(a)
	}
	unitchecker.Main(checks...)
}

// silence makes a drop the diagnostics that a //perfproof:ignore directive
// in the package's files silences.
func silence(a *analysis.Analyzer) {
	run := a.Run
	a.Run = func(pass *analysis.Pass) (any, error) {
		report := pass.Report
		var ignores *suppress.Index
		pass.Report = func(d analysis.Diagnostic) {
			if ignores == nil {
				ignores = suppress.New(pass.Fset, pass.Files)
			}
			if _, ok := ignores.Lookup(pass.Analyzer.Name, pass.Fset.Position(d.Pos)); !ok {
				report(d)
			}
		}
		return run(pass)
	}
}
