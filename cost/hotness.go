package cost

import (
	"fmt"
	"strings"

	"github.com/perfproof/perfproof/finding"
)

// Thresholds of Hotness, as shares of a profile's total.
const (
	// HotShare is the share of CPU (at the line or in the function) or of
	// allocated bytes at or above which a finding is measured hot.
	HotShare = 0.01
	// ColdShare is the share below which, in every measure of the line,
	// a finding is measured cold.
	ColdShare = 0.001
	// MinSamples is the number of samples a profile needs for a share
	// under ColdShare to be told from zero: with none of n samples at a
	// line, the share's 95 % upper confidence bound is about 3/n (the
	// "rule of three" for a Poisson count; Hanley and Lippman-Hand, JAMA
	// 249(13), 1983), which is ColdShare for n = 3/ColdShare.
	MinSamples = 3 / ColdShare
)

// spreadCost lists the checks whose finding's cost is not at its line
// but spread over its function, with where: the line of a make without
// a size hint or of a buffer made per call costs little itself, the
// growth it causes happens at the appends, stores and writes after it.
// Hotness measures them by the growth their function calls (GrowCPU,
// GrowBytes): the most the fix removes. (The function's whole share, used
// before, was loose both ways: a mochi-mqtt delivery function at 5 %
// held a size hint for one element.)
var spreadCost = map[string]string{
	"makecap": "the growth happens at the appends and stores that fill it",
	"reuse":   "the buffer grows at the writes into it",
}

// Hotness sets the evidence of hotness of each finding that Join or
// Attribute gave a Cost, from the line's own cost first — what a fix of
// the line can remove — then its function's:
//
//   - high when the line's CPU share (CPULine) or its allocated bytes
//     reach HotShare (for a check of spreadCost, whose cost is made
//     after its line, the function's CPU share stands for the line's);
//   - low when both stay under ColdShare and every profile kind joined
//     holds at least MinSamples samples, even if the function is hot: the
//     line was measured cheap (Cold findings, with no sample at all,
//     included);
//   - high when the function's CPU share (CPUCum) reaches HotShare and the
//     line is not measured cheap — except for a check of spreadCost, whose
//     "line" is the growth its function calls;
//   - otherwise the static evidence a scan gave stands, with the measured
//     shares added to it (medium when there is none) — this includes a
//     line under ColdShare in profiles too small to tell it from zero.
//
// A measurement overrides static evidence both ways: it is what the
// profiled run did. But a finding whose package the profiles never
// sampled (Uncovered) was not measured at all: its static evidence
// stands, with a note, and one without static evidence is low. Findings
// without a Cost are left as they are.
func Hotness(fs []finding.Finding) {
	for i := range fs {
		f := &fs[i]
		c := f.Cost
		if c == nil {
			continue
		}
		line := max(c.CPULine, c.AllocBytes)
		_, spread := spreadCost[f.Analyzer]
		if spread {
			// What the growth the function calls costs, not the whole
			// function: the most a size hint or a reused buffer saves.
			line = max(line, c.GrowCPU, c.GrowBytes)
		}
		measured := fmt.Sprintf("measured: %.1f%% of CPU at the line, %.1f%% in the function, %.1f%% of allocated bytes", 100*c.CPULine, 100*c.CPUCum, 100*c.AllocBytes)
		if c.Cold {
			measured = "measured: no samples at its line or function in the profiles"
		}
		enough := c.CPUSamples+c.AllocSamples > 0 &&
			(c.CPUSamples == 0 || c.CPUSamples >= MinSamples) && (c.AllocSamples == 0 || c.AllocSamples >= MinSamples)
		switch {
		case c.Uncovered:
			keepStatic(f, "not measured: the profiles hold no sample of its package")
		case line >= HotShare:
			f.Hot = &finding.Hot{Evidence: measured, Confidence: finding.ConfidenceHigh}
		case line < ColdShare && enough:
			if c.CPUCum >= HotShare {
				measured += " (the function is hot, the line is not)"
			}
			f.Hot = &finding.Hot{Evidence: measured, Confidence: finding.ConfidenceLow}
		case c.CPUCum >= HotShare && !spread:
			// (The function's share says nothing of how much of it a
			// spread check's growth is: its growth was measured above.)
			f.Hot = &finding.Hot{Evidence: measured, Confidence: finding.ConfidenceHigh}
		case line < ColdShare:
			keepStatic(f, measured+fmt.Sprintf(", from too few samples to tell a share under %.1f%% from zero (%d CPU and about %d allocation samples; %d needed)", 100*ColdShare, c.CPUSamples, c.AllocSamples, int(MinSamples)))
		default:
			keepStatic(f, measured)
		}
	}
}

// keepStatic adds note to the static evidence of f, or, when f has none,
// sets it as the evidence at medium confidence — or low for a note that
// says nothing was measured.
func keepStatic(f *finding.Finding, note string) {
	if f.Hot != nil {
		h := *f.Hot
		h.Evidence += "; " + note
		f.Hot = &h
		return
	}
	conf := finding.ConfidenceMedium
	if strings.HasPrefix(note, "not measured") {
		conf = finding.ConfidenceLow
	}
	f.Hot = &finding.Hot{Evidence: note, Confidence: conf}
}
