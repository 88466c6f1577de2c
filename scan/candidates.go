package scan

import (
	"sync"

	"golang.org/x/tools/go/analysis"
)

// candidatesFlag names the flag a check offers when, run alone (go vet),
// it reports a pattern only with syntactic evidence that the code is hot
// (fmtnumber's short formats go to a header, a Write or a struct field).
// scan rates every finding by its call graph and by profiles (classify,
// cost.Hotness), so it sets the flag: the check then reports every
// instance of its pattern outside cold code, those without the syntactic
// evidence in category "candidate". A candidate is shown with -all (the
// call graph alone was too weak evidence for them: candidateWhy),
// and by default when a profile measures its line hot.
const candidatesFlag = "candidates"

var candidatesMu sync.Mutex

// setCandidates sets the candidates flag of each check of as that has one
// (once per process: the flag is a package variable of the check, read
// while it runs).
func setCandidates(as []*analysis.Analyzer) {
	candidatesMu.Lock()
	defer candidatesMu.Unlock()
	for _, a := range as {
		if f := a.Flags.Lookup(candidatesFlag); f != nil && f.Value.String() != "true" {
			if err := f.Value.Set("true"); err != nil {
				panic("scan: setting " + a.Name + " -" + candidatesFlag + ": " + err.Error())
			}
		}
	}
}
