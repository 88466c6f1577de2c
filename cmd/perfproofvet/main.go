// Command perfproofvet runs perfproof's checks as a vet tool, so that the go
// command drives them with its build cache:
//
//	go vet -vettool=$(which perfproofvet) ./...
//	go fix -fixtool=$(which perfproofvet) -diff ./...
package main

import (
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/perfproof/perfproof/analysis/suite"
)

func main() { unitchecker.Main(suite.Analyzers()...) }
