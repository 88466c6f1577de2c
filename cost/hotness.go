package cost

import (
	"fmt"

	"github.com/perfproof/perfproof/finding"
)

// Thresholds of Hotness, as shares of a profile's total.
const (
	// HotShare is the share of CPU (at the line or in the function) or of
	// allocated bytes at or above which a finding is measured hot.
	HotShare = 0.01
	// ColdShare is the share below which, in every measure, a finding is
	// measured cold.
	ColdShare = 0.001
)

// Hotness sets the evidence of hotness of each finding that Join gave a
// Cost: high confidence when its line's CPU share, its function's CPU
// share or its allocated bytes reach HotShare; low when all stay below
// ColdShare (Cold findings included); in between, the static evidence a
// scan gave stands, with the measured shares added to it. A measurement
// overrides static evidence both ways: it is what the profiled run did.
// But a finding whose package the profiles never sampled (Uncovered) was
// not measured at all: its static evidence stands, with a note, and one
// without static evidence is low.
// Findings without a Cost are left as they are.
func Hotness(fs []finding.Finding) {
	for i := range fs {
		f := &fs[i]
		c := f.Cost
		if c == nil {
			continue
		}
		top := max(c.CPULine, c.CPUCum, c.AllocBytes)
		measured := fmt.Sprintf("measured: %.1f%% of CPU at the line, %.1f%% in the function, %.1f%% of allocated bytes", 100*c.CPULine, 100*c.CPUCum, 100*c.AllocBytes)
		switch {
		case c.Uncovered && f.Hot != nil:
			h := *f.Hot
			h.Evidence += "; not measured: the profiles hold no sample of its package"
			f.Hot = &h
		case c.Uncovered:
			f.Hot = &finding.Hot{Evidence: "not measured: the profiles hold no sample of its package", Confidence: finding.ConfidenceLow}
		case c.Cold || top < ColdShare:
			if c.Cold {
				measured = "measured: no samples at its line or function in the profiles"
			}
			f.Hot = &finding.Hot{Evidence: measured, Confidence: finding.ConfidenceLow}
		case top >= HotShare:
			f.Hot = &finding.Hot{Evidence: measured, Confidence: finding.ConfidenceHigh}
		case f.Hot != nil:
			h := *f.Hot
			h.Evidence += "; " + measured
			f.Hot = &h
		default:
			f.Hot = &finding.Hot{Evidence: measured, Confidence: finding.ConfidenceMedium}
		}
	}
}
