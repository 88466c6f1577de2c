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
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/perfproof/perfproof/analysis/suite"
	"github.com/perfproof/perfproof/internal/suppress"
)

func main() {
	checks := suite.Analyzers()
	for i, a := range checks {
		checks[i] = suppress.Silenced(a)
	}
	unitchecker.Main(checks...)
}
