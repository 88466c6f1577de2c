// Package jsonout encodes the JSON objects that perfproof's commands
// print with -json, the stable machine interface of DESIGN.md: scan,
// report, compare, bench and verify.
//
// The encoders live together, apart from the commands, so that every
// field name of the interface is in one place and a tool's view of it is
// tested without running a command. Fields may be added, never renamed
// or dropped. Each encoder writes one object, indented by two spaces,
// and a newline; lists that are empty are [] rather than null where the
// interface promises a list. Only writing to w can fail.
//
// The values inside come with their own encodings: findings
// (finding.Finding), package errors and unanalysed packages (scan),
// benchmarks (report.Benchmark), comparisons (stats.ComparisonJSON) and
// the numbers, facts and settings of claims (package claims). Every
// median with its confidence interval — compare's "old" and "new",
// report's "sec_per_op", "b_per_op" and "allocs_per_op", bench's samples
// — is a stats.Summary encoded as stats.SummaryJSON, and every number
// that may be unbounded or undefined (an interval's bound, a ratio, a
// p-value) goes through stats.Finite, which makes it null.
package jsonout

import (
	"encoding/json"
	"io"

	"github.com/perfproof/perfproof/finding"
	"github.com/perfproof/perfproof/pipeline"
	"github.com/perfproof/perfproof/report"
	"github.com/perfproof/perfproof/scan"
)

// encode writes v as indented JSON and a newline.
func encode(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// orEmpty returns s, or an empty slice for nil, which encodes as [].
func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// Scan writes the object of perfproof scan -json: {"findings":[...],
// "errors":[...]} (DESIGN.md) with "packages" (the number matched),
// "not_analysed" (the packages not analysed by every check, each
// {"package","checks","reason"}) and "suppressed" (findings silenced by
// //perfproof:ignore, each with its "reason").
func Scan(w io.Writer, res *scan.Result) error {
	return encode(w, struct {
		Findings    []finding.Finding   `json:"findings"`
		Errors      []scan.PackageError `json:"errors"`
		Packages    int                 `json:"packages"`
		NotAnalysed []scan.Unanalysed   `json:"not_analysed"`
		Suppressed  []scan.Suppressed   `json:"suppressed"`
	}{orEmpty(res.Findings), orEmpty(res.Errors), res.Packages, orEmpty(res.NotAnalysed), orEmpty(res.Suppressed)})
}

// Report writes the object of perfproof report -json, from a complete
// pipeline result (res.Report not nil): "findings" (in rank order, "cost"
// filled) and "errors", as scan's; "benchmarks" (report.Benchmark:
// "package", "name", the median and 95% CI per unit, "sec_per_op",
// "b_per_op" and "allocs_per_op", each a stats.SummaryJSON
// {"median","lo","hi","n","confidence","warnings"} with "lo" and "hi"
// null when too few runs bound the interval, or null when the unit was not
// measured; "runs", "samples", "capped" when profiled); "notes";
// "profiles" (which kinds were joined, {"cpu","heap"}); and
// "not_analysed" as scan's.
func Report(w io.Writer, res *pipeline.Result) error {
	rep, sres := res.Report, res.Scan
	return encode(w, struct {
		Findings    []finding.Finding     `json:"findings"`
		Errors      []scan.PackageError   `json:"errors"`
		Benchmarks  []report.Benchmark    `json:"benchmarks"`
		Notes       []string              `json:"notes"`
		Profiles    pipeline.ProfileKinds `json:"profiles"`
		NotAnalysed []scan.Unanalysed     `json:"not_analysed"`
	}{orEmpty(rep.Findings), orEmpty(sres.Errors), orEmpty(rep.Benchmarks), orEmpty(rep.Notes), res.Profiles, orEmpty(sres.NotAnalysed)})
}
