package optimize

import (
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/perf/benchunit"

	"github.com/perfproof/perfproof/pipeline"
	"github.com/perfproof/perfproof/report"
	"github.com/perfproof/perfproof/stats"
)

// change formats one comparison's change: the ratio new/old − 1 as a
// percentage with its confidence interval, "-12.3% [-14.0%, -10.1%]", or
// that of the values of an exact comparison, "-8.3% (exact)" ("0 → 16
// (exact)" from zero).
func change(c report.Comparison) string {
	switch {
	case c.Exact && c.Old.Median != 0 && !math.IsNaN(c.New.Median):
		return pct(c.New.Median/c.Old.Median-1) + " (exact)"
	case c.Exact:
		return c.Reason
	case math.IsNaN(c.Ratio):
		return "-"
	}
	// The bounds without a % sign: a reader must not take them for
	// changes of their own.
	return fmt.Sprintf("%s [%s, %s]", pct(c.Ratio-1), strings.TrimSuffix(pct(c.RatioLo-1), "%"), strings.TrimSuffix(pct(c.RatioHi-1), "%"))
}

func pct(f float64) string {
	switch {
	case math.IsInf(f, 1):
		return "+∞"
	case math.IsInf(f, -1):
		return "-∞"
	}
	return fmt.Sprintf("%+.1f%%", 100*f)
}

// median formats a side's median in its unit, scaled: "1.234µ".
func median(s stats.Summary, unit string) string {
	if math.IsNaN(s.Median) {
		return "-"
	}
	return benchunit.Scale(s.Median, benchunit.ClassOf(unit))
}

// line describes one comparison on one line: "HandleAuction sec/op
// 120.1µ → 95.2µ: -20.7% [-22.0%, -19.3%] faster".
func line(c report.Comparison) string {
	if c.Exact {
		return fmt.Sprintf("%s %s %s %s", c.Benchmark, c.Unit, c.Reason, verdictWord(c.Unit, c.Verdict))
	}
	return fmt.Sprintf("%s %s %s → %s: %s %s", c.Benchmark, c.Unit, median(c.Old, c.Unit), median(c.New, c.Unit), change(c), verdictWord(c.Unit, c.Verdict))
}

// summary sums up a comparison on one line: its faster and slower rows,
// or the count of each verdict.
func summary(c *pipeline.Comparison) string {
	var parts []string
	for _, rc := range c.Report.Comparisons {
		if rc.Verdict == stats.Faster || rc.Verdict == stats.Slower {
			ch := change(rc)
			if rc.Exact {
				ch = rc.Reason
			}
			parts = append(parts, rc.Benchmark+" "+rc.Unit+" "+ch+" "+verdictWord(rc.Unit, rc.Verdict))
		}
	}
	if len(parts) == 0 {
		counts := c.Report.Counts()
		for _, v := range []stats.Verdict{stats.Unchanged, stats.Inconclusive} {
			if counts[v] > 0 {
				parts = append(parts, fmt.Sprintf("%d %s", counts[v], v))
			}
		}
	}
	if len(c.Errors) > 0 {
		parts = append(parts, fmt.Sprintf("%d %s", len(c.Errors), plural(len(c.Errors), "error", "errors")))
	}
	return strings.Join(parts, "; ")
}

// commitMessage is the commit message of a kept fix: the fix, the
// finding, and each faster or slower comparison with its medians and CI.
func commitMessage(a *Attempt) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (perfproof %s)\n\n", a.Fix.Message, a.Finding.Analyzer)
	fmt.Fprintf(&b, "%s: %s\n\n", a.Where, a.Finding.Message)
	fmt.Fprintf(&b, "Measured by perfproof optimize against the tree before this fix\n(%s; %d rounds, interleaved; 95%% CI of the ratio new/old):\n\n", strings.Join(a.Packages, " "), a.Comparison.Rounds)
	for _, c := range a.Comparison.Report.Comparisons {
		if c.Verdict == stats.Faster || c.Verdict == stats.Slower {
			b.WriteString("  " + line(c) + "\n")
		}
	}
	if len(a.Tested) > 0 {
		fmt.Fprintf(&b, "\nTests passed: go test %s\n", strings.Join(a.Tested, " "))
	}
	return b.String()
}

// Markdown writes the pull-request description of r: what was kept and
// its measured change, the total, each kept fix's comparison, the rejected
// fixes and why, the findings left for a person, the environment and the
// commands that reproduce it. Every number comes from r. Only writing to w
// can fail.
func (r *Result) Markdown(w io.Writer) error {
	var b strings.Builder
	kept := r.Kept()
	fmt.Fprintf(&b, "# perfproof optimize: %d of %d %s kept\n\n", len(kept), len(r.Attempts), plural(len(r.Attempts), "fix", "fixes"))
	if r.Report != nil && r.Report.Incomplete != "" {
		// Fail closed: a package the ranking did not analyse had no
		// finding to fix, which must not read as nothing to fix.
		fmt.Fprintf(&b, "**Not every package was analysed**: %s. Findings there were not looked for.\n\n", r.Report.Incomplete)
	}
	dir := r.Options.Dir
	if dir == "" {
		dir = "."
	}
	fmt.Fprintf(&b, "Each fix below was applied by `perfproof optimize` to HEAD (`%s`) in a temporary git worktree, with the fixes kept before it; ", short(r.Base))
	fmt.Fprintf(&b, "built, vetted and tested (the changed packages and those whose tests depend on them); and measured against the tree without it in interleaved rounds (`perfproof compare -adaptive%s`). ", r.allocFlags())
	b.WriteString("A fix is kept when some benchmark is faster or allocates less and none is slower, after the correction for the number of comparisons.\n\n")
	switch {
	case r.Branch != "":
		fmt.Fprintf(&b, "Branch `%s`: %d %s on `%s`, not checked out.\n\n", r.Branch, len(kept), plural(len(kept), "commit", "commits"), short(r.Base))
	case r.Options.DryRun:
		b.WriteString("Dry run: no branch was created.\n\n")
	default:
		b.WriteString("No fix was kept: no branch was created.\n\n")
	}
	if r.Stopped != nil {
		fmt.Fprintf(&b, "**Stopped early** (%v): %d %s with a fix not tried.\n\n", r.Stopped, len(r.NotTried), plural(len(r.NotTried), "finding", "findings"))
	}

	if len(r.Attempts) > 0 {
		// The figures are in Measurements only: a reader matching figures
		// by their subject must find each stated once.
		b.WriteString("## Summary\n\n| fix | check | where | change | outcome | verdicts (Measurements below) |\n|---|---|---|---|---|---|\n")
		for i, a := range r.Attempts {
			var changes []string
			if a.Comparison != nil {
				for _, c := range a.Comparison.Report.Comparisons {
					if c.Verdict == stats.Faster || c.Verdict == stats.Slower {
						changes = append(changes, fmt.Sprintf("%s %s %s", c.Benchmark, unitWord(c.Unit), verdictWord(c.Unit, c.Verdict)))
					}
				}
			}
			if len(changes) == 0 {
				changes = []string{"—"}
			}
			fmt.Fprintf(&b, "| %s | `%s` | `%s` | %s | %s | %s |\n", ordinal(i+1), a.Finding.Analyzer, a.Where, cell(a.Fix.Message), a.Outcome, strings.Join(changes, "; "))
		}
		b.WriteString("\n")
	}

	// Every comparison in one table of one section: a reader matching
	// figures by their subject (perfproof verify among them) must not take
	// one fix's figures for a restatement of another's.
	if r.Total != nil || anyCompared(r.Attempts) {
		b.WriteString("## Measurements\n\nFor a fix, *without* is the tree without it (HEAD with the fixes kept before it) and *with* the tree with it; for the total, HEAD and the tree with every kept fix. ")
		b.WriteString("Medians with the half-width of their 95% confidence interval; the change is the Hodges-Lehmann estimate of the ratio with/without − 1 (not the ratio of the medians) with its 95% confidence interval; p is the Mann-Whitney p-value corrected for the number of comparisons (Holm); exact: identical values within each side.\n\n")
		b.WriteString("| comparison | benchmark | without | with | change (95% CI) | p (Holm) | n | verdict |\n|---|---|---:|---:|---:|---:|---:|---|\n")
		var notes []string
		if r.Total != nil {
			notes = append(notes, writeRows(&b, r.Total, "all kept fixes")...)
		}
		for _, a := range r.Attempts {
			if a.Comparison != nil {
				notes = append(notes, writeRows(&b, a.Comparison, ordinal(a.Index))...)
			}
		}
		b.WriteString("\n")
		for _, n := range notes {
			b.WriteString("- " + cell(n) + "\n")
		}
		b.WriteString("\n")
	}
	switch {
	case r.Total != nil:
	case r.TotalNote != "":
		fmt.Fprintf(&b, "Total: %s.\n\n", r.TotalNote)
	case len(kept) == 1:
		b.WriteString("One fix was kept: its comparison, against HEAD, is the total.\n\n")
	}

	if len(kept) > 0 {
		b.WriteString("## Kept fixes\n\n")
		for _, a := range kept {
			fmt.Fprintf(&b, "### %s: `%s` at `%s`\n\n", upperFirst(ordinal(a.Index)), a.Finding.Analyzer, a.Where)
			fmt.Fprintf(&b, "> %s\n\n", cell(a.Finding.Message))
			fmt.Fprintf(&b, "%s (commit `%s`, files %s). Tests passed: `go test %s`. Measured: the rows of %s above.\n\n", a.Fix.Message, short(a.Commit), codeList(a.Files), strings.Join(a.Tested, " "), ordinal(a.Index))
		}
	}

	var rejected []*Attempt
	for i := range r.Attempts {
		if r.Attempts[i].Outcome != Kept {
			rejected = append(rejected, &r.Attempts[i])
		}
	}
	if len(rejected) > 0 {
		b.WriteString("## Rejected fixes\n\n")
		for _, a := range rejected {
			fmt.Fprintf(&b, "### %s: `%s` at `%s`: %s\n\n", upperFirst(ordinal(a.Index)), a.Finding.Analyzer, a.Where, a.Outcome)
			fmt.Fprintf(&b, "> %s\n\n%s.", cell(a.Finding.Message), a.Fix.Message)
			if a.Detail != "" {
				fmt.Fprintf(&b, " %s.", strings.TrimSuffix(firstLine(a.Detail), "."))
			}
			b.WriteString("\n\n")
			if a.Output != "" {
				fence := "```"
				for strings.Contains(a.Output, fence) {
					fence += "`"
				}
				fmt.Fprintf(&b, "%s\n%s\n%s\n\n", fence, a.Output, fence)
			}
			if a.Comparison != nil {
				fmt.Fprintf(&b, "Measured: the rows of %s above.\n\n", ordinal(a.Index))
			}
		}
	}

	if len(r.NotTried) > 0 {
		b.WriteString("## Not tried\n\n")
		for _, f := range r.NotTried {
			fmt.Fprintf(&b, "- `%s` at `%s`: %s\n", f.Analyzer, relOr(r, f.File, f.Line), cell(f.Message))
		}
		b.WriteString("\n")
	}
	if len(r.InTests) > 0 {
		b.WriteString("## In test code, not tried\n\nThese findings have a fix, but in a `_test.go` file: fixing a benchmark's own loop changes what it measures, not the code it measures.\n\n")
		for _, f := range r.InTests {
			fmt.Fprintf(&b, "- `%s` at `%s`: %s\n", f.Analyzer, relOr(r, f.File, f.Line), cell(f.Message))
		}
		b.WriteString("\n")
	}
	if len(r.ForPerson) > 0 {
		b.WriteString("## For a person\n\nThese findings carry no exact fix: the change needs judgment.\n\n")
		for _, f := range r.ForPerson {
			fmt.Fprintf(&b, "- `%s` at `%s`: %s\n", f.Analyzer, relOr(r, f.File, f.Line), cell(f.Message))
		}
		b.WriteString("\n")
	}
	if len(r.Warnings) > 0 {
		b.WriteString("## Warnings\n\n")
		for _, w := range r.Warnings {
			fmt.Fprintf(&b, "- %s\n", cell(w.Error()))
		}
		b.WriteString("\n")
	}

	b.WriteString("## Environment\n\n")
	if r.Report != nil {
		e := r.Report.Env
		fmt.Fprintf(&b, "- Go: %s %s/%s, GOMAXPROCS %d\n", e.GoVersion, e.GOOS, e.GOARCH, e.GOMAXPROCS)
		if e.CPU != "" {
			fmt.Fprintf(&b, "- CPU: %s\n", e.CPU)
		}
		if e.LoadAvg != "" {
			fmt.Fprintf(&b, "- load average at the ranking: %s\n", e.LoadAvg)
		}
	}
	fmt.Fprintf(&b, "- started %s, wall time %s\n\n", r.Started.UTC().Format("2006-01-02 15:04:05 UTC"), r.Elapsed.Round(1e9))

	b.WriteString("## Reproduce\n\n```\n")
	b.WriteString(r.command() + "\n")
	if r.Branch != "" {
		fmt.Fprintf(&b, "git log --stat %s..%s\n", short(r.Base), r.Branch)
		var pkgs []string
		bench := "."
		var benches []string
		for _, a := range kept {
			pkgs = append(pkgs, a.Packages...)
			benches = append(benches, a.Bench)
		}
		if len(benches) > 0 {
			bench = unionBench(benches)
		}
		fmt.Fprintf(&b, "perfproof compare -C %s -adaptive%s -bench '%s' %s %s %s\n", dir, r.allocFlags(), bench, short(r.Base), r.Branch, strings.Join(uniq(pkgs), " "))
	}
	b.WriteString("```\n")
	_, err := io.WriteString(w, b.String())
	if err != nil {
		return fmt.Errorf("writing description: %w", err)
	}
	return nil
}

// command is the perfproof optimize command line of the run.
func (r *Result) command() string {
	o := r.Options
	parts := []string{"perfproof optimize"}
	if o.Dir != "" {
		parts = append(parts, "-C", o.Dir)
	}
	if o.Bench != "." {
		parts = append(parts, "-bench", "'"+o.Bench+"'")
	}
	if o.Budget > 0 {
		parts = append(parts, "-budget", o.Budget.String())
	}
	if o.DryRun {
		parts = append(parts, "-dry-run")
	} else {
		parts = append(parts, "-branch", o.Branch)
	}
	return strings.Join(append(parts, o.Patterns...), " ")
}

// writeRows writes the rows of the comparison c to the Measurements
// table, a row per benchmark and unit, and returns its notes prefixed
// with which: the reasons of inconclusive verdicts, how it was measured,
// its errors. Each row's first cell names the comparison and the unit in
// words ("fix two, time"), and the benchmark too when the comparison has
// several ("fix two, time, Logger withMapFields"), so that every row has
// its own subject: a reader that matches figures by their subject would
// otherwise read two benchmarks' rows as one figure stated twice.
func writeRows(b *strings.Builder, c *pipeline.Comparison, which string) []string {
	var notes []string
	benchmarks := make(map[string]bool)
	for _, rc := range c.Report.Comparisons {
		benchmarks[rc.Benchmark] = true
	}
	for _, rc := range c.Report.Comparisons {
		verdict := verdictWord(rc.Unit, rc.Verdict)
		if rc.Verdict == stats.Slower {
			verdict = "**" + verdict + "**"
		}
		subject := which + ", " + unitWord(rc.Unit)
		if len(benchmarks) > 1 {
			subject += ", " + strings.NewReplacer("_", " ", "/", " ").Replace(rc.Benchmark)
		}
		fmt.Fprintf(b, "| %s | `%s` | %s | %s | %s | %s | %d/%d | %s |\n", subject, rc.Benchmark,
			medianCell(rc.Old, rc), medianCell(rc.New, rc), change(rc), pValue(rc), rc.Old.N, rc.New.N, verdict)
		if rc.Verdict == stats.Inconclusive && rc.Reason != "" {
			notes = append(notes, which+": "+rc.Benchmark+" "+rc.Unit+": "+rc.Reason)
		}
	}
	for _, n := range c.Report.Notes {
		notes = append(notes, which+": "+n)
	}
	for _, e := range c.Report.Errors {
		notes = append(notes, which+": error: "+e)
	}
	return notes
}

// anyCompared reports whether some attempt has a comparison.
func anyCompared(as []Attempt) bool {
	for _, a := range as {
		if a.Comparison != nil {
			return true
		}
	}
	return false
}

// medianCell formats a side's median in its unit with the half-width of
// its confidence interval relative to it, "1.234µs ± 3%"; the value alone
// for an exact comparison.
func medianCell(s stats.Summary, c report.Comparison) string {
	if math.IsNaN(s.Median) {
		return "-"
	}
	if c.Exact {
		return strconv.FormatFloat(s.Median, 'f', -1, 64)
	}
	v := median(s, c.Unit)
	if math.IsNaN(s.Lo) || math.IsInf(s.Lo, 0) || math.IsInf(s.Hi, 0) {
		return v + " ± ∞"
	}
	if s.Median == 0 {
		return v
	}
	half := math.Max(s.Median-s.Lo, s.Hi-s.Median) / math.Abs(s.Median)
	return fmt.Sprintf("%s ± %.1f%%", v, 100*half)
}

// pValue formats the p-value the verdict rests on: Holm's adjusted one
// when there is one.
func pValue(c report.Comparison) string {
	if !math.IsNaN(c.PAdjusted) {
		return report.PValue(c.PAdjusted)
	}
	return report.PValue(c.P)
}

// unitWord names a unit in words: "time" for sec/op, "bytes" for B/op,
// "allocations" for allocs/op, else the unit.
// verdictWord says a verdict in the words of its unit: "faster" and
// "slower" for time, "lower" and "higher" for bytes and allocations.
func verdictWord(unit string, v stats.Verdict) string {
	if unit == "sec/op" {
		return v.String()
	}
	switch v {
	case stats.Faster:
		return "lower"
	case stats.Slower:
		return "higher"
	}
	return v.String()
}

func unitWord(unit string) string {
	switch unit {
	case "sec/op":
		return "time"
	case "B/op":
		return "allocated bytes"
	case "allocs/op":
		return "allocation count"
	}
	return unit
}

// ordinal names the nth fix, n from 1: "fix one", "fix two", …,
// "fix twenty", then "fix n". Words, not digits nor "second": a reader
// that matches subjects by their words (perfproof verify) drops digits
// and "second" (a unit).
func ordinal(n int) string {
	words := []string{"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
		"thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"}
	if n >= 1 && n <= len(words) {
		return "fix " + words[n-1]
	}
	return fmt.Sprintf("fix %d", n)
}

func relOr(r *Result, file string, line int) string {
	if r.Report != nil && r.Report.BaseDir != "" {
		if rel, err := filepath.Rel(r.Report.BaseDir, file); err == nil && !strings.HasPrefix(rel, "..") {
			file = filepath.ToSlash(rel)
		}
	}
	return fmt.Sprintf("%s:%d", file, line)
}

// cell makes s fit a Markdown table cell or a quote line.
func cell(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ").Replace(s)
}

func codeList(files []string) string {
	out := make([]string, len(files))
	for i, f := range files {
		out[i] = "`" + f + "`"
	}
	return strings.Join(out, ", ")
}

func uniq(s []string) []string {
	seen := make(map[string]bool)
	var out []string
	for _, x := range s {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// allocFlags returns compare's flags for the allocation rounds of the
// run's comparisons (" -alloc-benchtime 1s -alloc-count 1"), "" when
// B/op and allocs/op came from the short timing runs.
func (r *Result) allocFlags() string {
	p := r.Options.Prove
	if p.AllocBenchtime == "" {
		return ""
	}
	f := " -alloc-benchtime " + p.AllocBenchtime
	if p.AllocCount > 0 {
		f += " -alloc-count " + strconv.Itoa(p.AllocCount)
	}
	return f
}
