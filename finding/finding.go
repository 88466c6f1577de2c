// Package finding defines the values that flow through perfproof's loop:
// a Finding is a diagnostic of a check at a source position, optionally
// carrying a SuggestedFix and, once profiles have been joined, its measured
// Cost.
//
// The JSON encoding of these types is the stable machine interface of
// `perfproof scan -json` and `perfproof report -json` (see DESIGN.md): fields
// may be added, never renamed or dropped.
package finding

import (
	"cmp"
	"encoding/json"
	"math"
	"slices"

	"github.com/perfproof/perfproof/stats"
)

// A Finding is one diagnostic of one check.
type Finding struct {
	// Analyzer is the name of the check that reported it, e.g. "trimloop".
	Analyzer string `json:"analyzer"`
	// Category is the check's sub-kind, if it has several; often empty.
	Category string `json:"category,omitempty"`
	// File is the absolute path of the source file.
	File string `json:"file"`
	// Line and Column are 1-based; Column counts bytes, as go/token does.
	Line   int `json:"line"`
	Column int `json:"column"`
	// EndLine and EndColumn, 1-based, end the reported range; zero if the
	// check reported a position only.
	EndLine   int `json:"end_line,omitempty"`
	EndColumn int `json:"end_column,omitempty"`
	// Message is the diagnostic: lowercase, no final period.
	Message string `json:"message"`
	// Function is the fully qualified name of the function containing the
	// position, as runtime and pprof spell it (e.g.
	// "example.com/m/pkg.(*T).Method"), or "" at package level. The cost
	// join matches profile samples by it.
	Function string `json:"function,omitempty"`
	// Note qualifies the finding, e.g. that its package was analysed
	// despite type errors in a dependency, so that types from it were
	// unknown to the check; "" when there is nothing to say.
	Note string `json:"note,omitempty"`
	// Hot is the evidence that the finding's code runs often; nil when
	// none was sought.
	Hot *Hot `json:"hot,omitempty"`
	// Fixes are the check's SuggestedFixes, in the order it offered them.
	Fixes []Fix `json:"fixes,omitempty"`
	// Cost is the measured share of the profiles; nil until joined.
	Cost *Cost `json:"cost"`
}

// Hot is the evidence that a finding sits on a path that runs often.
type Hot struct {
	// Evidence says where it comes from: "measured: ..." from a profile,
	// "static: ..." from the call graph and the code's place, e.g.
	// "static: reachable from HTTP handler api.(*Server).Bid, through a
	// loop".
	Evidence string `json:"evidence"`
	// Confidence is "high" (measured hot, or reachable from a request
	// handler, consumer loop or benchmark), "medium" (a library's exported
	// API or code it calls) or "low" (no path from an entry point, run-once
	// or example code, or measured cold). scan shows high and medium.
	Confidence string `json:"confidence"`
}

// Confidence levels of Hot.
const (
	ConfidenceHigh   = "high"
	ConfidenceMedium = "medium"
	ConfidenceLow    = "low"
)

// A Fix is a SuggestedFix: a set of text edits that together resolve the
// finding.
type Fix struct {
	// Message describes the fix, as a capitalised verb phrase.
	Message string `json:"message"`
	Edits   []Edit `json:"edits"`
}

// An Edit replaces the bytes [Start, End) of File with NewText. Offsets are
// 0-based byte offsets into the file as it was analysed.
type Edit struct {
	File    string `json:"file"`
	Start   int    `json:"start"`
	End     int    `json:"end"`
	NewText string `json:"new_text"`
}

// Cost is a finding's measured share of the profiles: each field is a
// fraction of the profile's total in [0, 1].
type Cost struct {
	// CPUFlat is the share of CPU samples whose leaf frame is the
	// finding's line; CPUCum the share of samples with the finding's
	// function anywhere on the stack.
	CPUFlat float64 `json:"cpu_flat"`
	CPUCum  float64 `json:"cpu_cum"`
	// AllocBytes and AllocObjects are the shares of alloc_space and
	// alloc_objects allocated at the finding's line or under calls made
	// from it: of heap samples with the line in any frame of the stack.
	AllocBytes   float64 `json:"alloc_bytes"`
	AllocObjects float64 `json:"alloc_objects"`
	// CPULine is the share of CPU samples with the finding's line in any
	// frame of the stack (cumulative at the line): the time spent in the
	// line and in everything it calls, e.g. json.Marshal. It is the share a
	// fix of that line alone can remove.
	CPULine float64 `json:"cpu_line"`
	// Cold reports that the profiles hold samples but none at the
	// finding's line or function: every share above is zero and the
	// finding is "not hot in this profile" (or its allocations stay on
	// the stack). A nil Cost, by contrast, means no profile was joined.
	Cold bool `json:"cold,omitempty"`
	// GrowCPU and GrowBytes are the shares of CPU time and of allocated
	// bytes spent growing slices, maps and buffers (runtime.growslice,
	// map table growth, bytes.Buffer and strings.Builder growth) called
	// directly from the finding's function: what a size hint or a reused
	// buffer in that function can save at most. Go heap profiles leave
	// out runtime frames, so the bytes of a slice grown by append show at
	// the append's own line and are not in GrowBytes; those of buffer
	// growth (bytes.growSlice) are.
	GrowCPU   float64 `json:"grow_cpu,omitempty"`
	GrowBytes float64 `json:"grow_bytes,omitempty"`
	// Uncovered, with Cold, reports that the profiles hold no sample of
	// the finding's package either (no frame of any function of it): the
	// profiled run did not exercise that code — a benchmark of another
	// package, a load that does not call it — so the profiles are no
	// evidence that the finding is cold. cost.Hotness leaves its static
	// evidence standing.
	Uncovered bool `json:"uncovered,omitempty"`
	// CPUSamples is the number of CPU profiling samples the CPU shares are
	// of (at 100 Hz, 100 per second of CPU time), and AllocSamples about
	// the number of sampled allocations behind the allocation shares
	// (alloc_space over the heap profile's sampling period, 512 KiB by
	// default); 0 when no such profile was joined. A share under 1/n
	// cannot be told from zero with n samples: cost.Hotness calls a
	// finding measured cold only when they are enough.
	CPUSamples   int64 `json:"cpu_samples,omitempty"`
	AllocSamples int64 `json:"alloc_samples,omitempty"`
	// Inherent, for a profile-only finding, says why the measured cost is
	// part of the function's job rather than waste, as the source shows:
	// "result" (the value made is returned), "output" (it is stored into
	// memory the caller passed in) or "reused-buffer" (it grows a buffer
	// the receiver keeps). Empty for a cost a local change can remove.
	// cost.Rank puts such findings after the others.
	Inherent string `json:"inherent,omitempty"`
	// Dependency, for a profile-only finding, is the module of the
	// dependency whose code makes most of the cost at the module's own
	// line that calls it: the fix is to call it less or upgrade it.
	// cost.Rank puts such findings after the module's own, and reports
	// list them apart.
	Dependency string `json:"dependency,omitempty"`
	// Benchmark, when report profiled each benchmark on its own, names
	// the benchmark whose profiles the shares above are of: the one where
	// the finding costs the most (its entry in ByBenchmark). Nil when the
	// shares are of all profiles together (-profile).
	Benchmark *BenchmarkID `json:"benchmark,omitempty"`
	// ByBenchmark gives, for every benchmark whose profiles show the
	// finding, its shares of that benchmark alone with confidence
	// intervals, and the cost per op they account for. Highest CPU line
	// share first.
	ByBenchmark []BenchmarkCost `json:"by_benchmark,omitempty"`
}

// A BenchmarkID names one benchmark of one package.
type BenchmarkID struct {
	// Package is the benchmark's import path.
	Package string `json:"package"`
	// Name is the benchmark's full name without the "Benchmark" prefix
	// and the GOMAXPROCS suffix, as benchfmt gives it ("Auction/before").
	Name string `json:"name"`
}

// A BenchmarkCost is what a finding costs in one benchmark, from the
// profiles of that benchmark's runs alone.
type BenchmarkCost struct {
	BenchmarkID
	// Runs is the number of profiled runs; Samples the number of CPU
	// profile samples over all of them (a Go CPU profile takes 100 per
	// second of CPU).
	Runs    int `json:"runs"`
	Samples int `json:"samples"`
	// The shares, fractions in [0, 1] of the benchmark's total CPU time,
	// allocated bytes and allocated objects, as in Cost. Each Value is the
	// share of the sums over all runs; Lo and Hi bound its 95 %
	// percentile-bootstrap interval over runs (Efron and Tibshirani, An
	// Introduction to the Bootstrap, 1993, ch. 13).
	CPUFlat      Estimate `json:"cpu_flat"`
	CPULine      Estimate `json:"cpu_line"`
	CPUCum       Estimate `json:"cpu_cum"`
	AllocBytes   Estimate `json:"alloc_bytes"`
	AllocObjects Estimate `json:"alloc_objects"`
	// GrowCPU and GrowBytes are the benchmark's shares of CPU and bytes in
	// the slice, map and buffer growth the finding's function calls, as
	// in Cost, over all runs (no interval).
	GrowCPU   float64 `json:"grow_cpu,omitempty"`
	GrowBytes float64 `json:"grow_bytes,omitempty"`
	// SecPerOp, BytesPerOp and AllocsPerOp are the cost per operation the
	// finding accounts for: its CPU line share × the benchmark's median
	// sec/op, its allocated-bytes share × the median B/op, its
	// allocated-objects share × the median allocs/op, with intervals from
	// the same bootstrap. Nil when the benchmark did not report the unit.
	// The time is an estimate: CPU time also counts the other threads the
	// benchmark keeps busy (the garbage collector).
	SecPerOp    *Estimate `json:"sec_per_op,omitempty"`
	BytesPerOp  *Estimate `json:"b_per_op,omitempty"`
	AllocsPerOp *Estimate `json:"allocs_per_op,omitempty"`
}

// An Estimate is a value with its 95 % confidence interval, in the unit
// of the field that holds it. Lo and Hi are NaN, and encode as null in
// JSON, when there are too few runs (fewer than 2) for an interval.
type Estimate struct {
	Value float64 `json:"value"`
	Lo    float64 `json:"lo"`
	Hi    float64 `json:"hi"`
}

// MarshalJSON encodes e as {"value","lo","hi"} with null for a NaN or
// infinite bound.
func (e Estimate) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Value float64  `json:"value"`
		Lo    *float64 `json:"lo"`
		Hi    *float64 `json:"hi"`
	}{e.Value, stats.Finite(e.Lo), stats.Finite(e.Hi)})
}

// UnmarshalJSON decodes what MarshalJSON encodes; a null bound is NaN.
func (e *Estimate) UnmarshalJSON(b []byte) error {
	var v struct {
		Value float64  `json:"value"`
		Lo    *float64 `json:"lo"`
		Hi    *float64 `json:"hi"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	e.Value, e.Lo, e.Hi = v.Value, math.NaN(), math.NaN()
	if v.Lo != nil {
		e.Lo = *v.Lo
	}
	if v.Hi != nil {
		e.Hi = *v.Hi
	}
	return nil
}

// HasCI reports whether e has a confidence interval.
func (e Estimate) HasCI() bool { return !math.IsNaN(e.Lo) && !math.IsNaN(e.Hi) }

// Sort orders findings by file, line, column, analyzer and message, the
// order `perfproof scan` prints them in.
func Sort(fs []Finding) {
	slices.SortFunc(fs, func(a, b Finding) int {
		return cmp.Or(
			cmp.Compare(a.File, b.File),
			cmp.Compare(a.Line, b.Line),
			cmp.Compare(a.Column, b.Column),
			cmp.Compare(a.Analyzer, b.Analyzer),
			cmp.Compare(a.Message, b.Message),
		)
	})
}

// DropLow removes the findings of low confidence (Hot.Confidence is
// ConfidenceLow) from fs in place, keeping the others in order, and
// returns the kept prefix of fs and how many it dropped. Findings without
// Hot are kept.
func DropLow(fs []Finding) (kept []Finding, dropped int) {
	kept = fs[:0]
	for _, f := range fs {
		if f.Hot == nil || f.Hot.Confidence != ConfidenceLow {
			kept = append(kept, f)
		}
	}
	return kept, len(fs) - len(kept)
}
