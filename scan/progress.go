package scan

import (
	"fmt"
	"sync"
)

// Progress is the state of a Run, passed to Options.Progress as the run
// goes on.
type Progress struct {
	// Loaded reports that the go command has listed the package graph;
	// before, Run is loading it, and Packages and Analysed are 0.
	Loaded bool
	// Packages is the number of packages Run type-checks and analyses:
	// those the patterns match and every package they import, directly
	// or not, a test variant counting apart from its package.
	Packages int
	// Analysed is the number of those done, from 0 to Packages.
	Analysed int
}

// Status returns the text, the count done and the total of p, as a
// progress meter shows them: "loading packages" (0 of 0), then "loaded
// 213 packages; analysed" 120 of 213.
func (p Progress) Status() (text string, done, total int) {
	if !p.Loaded {
		return "loading packages", 0, 0
	}
	noun := "packages"
	if p.Packages == 1 {
		noun = "package"
	}
	return fmt.Sprintf("loaded %d %s; analysed", p.Packages, noun), p.Analysed, p.Packages
}

// reporter passes a Run's progress to Options.Progress, one call at a time
// and with Analysed never going back, although the driver's workers finish
// packages concurrently.
type reporter struct {
	f    func(Progress) // nil: no progress wanted
	mu   sync.Mutex
	last Progress
}

// report calls r.f with p, unless p is older than what was reported.
func (r *reporter) report(p Progress) {
	if r == nil || r.f == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.last.Loaded && p.Packages == r.last.Packages && p.Analysed < r.last.Analysed {
		return
	}
	r.last = p
	r.f(p)
}
