package pipeline

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/perfproof/perfproof/cost"
	"github.com/perfproof/perfproof/finding"
	"github.com/perfproof/perfproof/scan"
)

// ScanOptions configure Scan.
type ScanOptions struct {
	// Dir is the directory the go command runs in, as its -C flag; ""
	// means the current directory. Relative Profiles are relative to it.
	Dir string
	// Patterns are the package patterns; nil means ".".
	Patterns []string
	// Analyzers are the checks to run; there must be at least one.
	Analyzers []*analysis.Analyzer
	// Tests analyses test files too.
	Tests bool
	// Tags is a comma-separated list of build tags; "" means none.
	Tags string
	// Profiles are pprof CPU or heap profiles whose measured shares
	// override the static evidence of hotness (cost.Join, cost.Hotness).
	Profiles []string
	// All keeps the findings of low confidence; otherwise they are
	// dropped and counted in ScanResult.Hidden.
	All bool
	// Progress, if not nil, receives the scan's progress
	// (scan.Options.Progress): it must return quickly.
	Progress func(scan.Progress)
}

// A ScanResult is the outcome of Scan.
type ScanResult struct {
	// Result is the scan's, its findings joined with the Profiles'
	// costs and, unless All, without those of low confidence.
	Result *scan.Result
	// Hidden is the number of findings of low confidence dropped, and
	// HiddenMeasured how many of them a profile measured cold (their
	// evidence is "measured: ..."); the others have low static evidence.
	Hidden, HiddenMeasured int
	// Warnings are the data caveats of the Profiles.
	Warnings []error
	// BaseDir is the absolute path of Dir, the base of relative paths
	// in text output.
	BaseDir string
}

// Scan runs the Analyzers on the packages matching Patterns
// (scan.Run), joins the findings with the Profiles' costs, and drops
// those of low confidence unless All. A profile that does not load
// returns its error and no result; a scan error is returned with the
// result scan.Run gave, if any (its Errors say why), and when the
// patterns match no package it wraps scan.ErrNoPackages with what to
// check.
func Scan(ctx context.Context, opts ScanOptions) (*ScanResult, error) {
	so := scan.Options{Dir: opts.Dir, Tests: opts.Tests, Progress: opts.Progress}
	if opts.Tags != "" {
		so.BuildFlags = []string{"-tags=" + opts.Tags}
	}
	res, err := scan.Run(ctx, opts.Analyzers, opts.Patterns, so)
	if errors.Is(err, scan.ErrNoPackages) {
		err = fmt.Errorf("%w\nCheck the package patterns and the directory (-C); 'go list %s' shows what they match", err, strings.Join(opts.Patterns, " "))
	}
	if res == nil {
		return nil, err
	}
	out := &ScanResult{Result: res, BaseDir: workDir(opts.Dir)}
	if len(opts.Profiles) > 0 {
		ps, perr := LoadProfiles(opts.Dir, opts.Profiles)
		if perr != nil {
			return nil, perr
		}
		out.Warnings = ps.Warnings
		res.Findings = cost.Join(res.Findings, ps)
		cost.Hotness(res.Findings)
	}
	if !opts.All {
		for _, f := range res.Findings {
			if f.Hot != nil && f.Hot.Confidence == finding.ConfidenceLow && strings.HasPrefix(f.Hot.Evidence, "measured") {
				out.HiddenMeasured++
			}
		}
		res.Findings, out.Hidden = finding.DropLow(res.Findings)
	}
	return out, err
}

// weakStatic says why static evidence leaves a finding at low confidence,
// for Notes.
const weakStatic = "no call path from a handler, consumer loop or benchmark, run-once or example code, or a check too imprecise on the corpus for static evidence alone"

// Notes returns the lines that tell a reader of the text output what it
// leaves out: the findings of low confidence hidden, and those silenced
// by //perfproof:ignore.
func (r *ScanResult) Notes() []string {
	var out []string
	switch static := r.Hidden - r.HiddenMeasured; {
	case r.HiddenMeasured > 0:
		out = append(out, fmt.Sprintf("%d low-confidence %s not shown: %d measured cold by the profiles (under 0.1 %% at the line), %d with weak static evidence (%s); -all shows them with their evidence",
			r.Hidden, plural(r.Hidden, "finding", "findings"), r.HiddenMeasured, static, weakStatic))
	case r.Hidden > 0:
		out = append(out, fmt.Sprintf("%d low-confidence %s not shown (weak static evidence: %s); -all shows them with their evidence", r.Hidden, plural(r.Hidden, "finding", "findings"), weakStatic))
	}
	if n := len(r.Result.Suppressed); n > 0 {
		out = append(out, fmt.Sprintf("%d silenced by //perfproof:ignore (-json lists them with their reasons)", n))
	}
	return out
}

// Outcome returns the outcome of a scan that ran, as a line to print
// ("" if none) and the error that sets the exit status: ErrFound when it
// found something, with the summary of the packages not analysed as the
// line; else, when some package was not analysed, an error carrying that
// summary, so that a run that did not look is never read as clean; else
// nil.
func (r *ScanResult) Outcome() (line string, err error) {
	summary := r.Result.Summary()
	if len(r.Result.Findings) > 0 {
		return summary, ErrFound
	}
	if summary != "" {
		return "", fmt.Errorf("%s\nNothing was found in the packages analysed, but the others were not checked: fix the errors above (or exclude those packages) and scan again", summary)
	}
	return "", nil
}

// SelectChecks chooses among the checks all as go vet does with its
// per-check boolean flags: set holds the checks named explicitly, each
// with its value. If some check is set true, only the checks set true
// are chosen; otherwise all are but those set false. The result keeps
// the order of all; names that are not in all are ignored.
func SelectChecks(all []*analysis.Analyzer, set map[string]bool) []*analysis.Analyzer {
	only := false
	for _, on := range set {
		only = only || on
	}
	var out []*analysis.Analyzer
	for _, a := range all {
		on, named := set[a.Name]
		if only && !on || named && !on {
			continue
		}
		out = append(out, a)
	}
	return out
}
