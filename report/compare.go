package report

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"

	"golang.org/x/perf/benchunit"

	"github.com/perfproof/perfproof/prove"
	"github.com/perfproof/perfproof/stats"
)

// A Comparison is one row of a comparison report: a benchmark's unit in
// one package, compared before and after a change.
type Comparison struct {
	// Package is the benchmark's import path; "" when unknown (results
	// files without a "pkg:" line).
	Package string
	// OldName and NewName are the benchmarks measured on each side when
	// they differ from Benchmark (variants such as "X/before" and
	// "X/after"); "" otherwise.
	OldName, NewName string
	// Code says whether the benchmark's code differs between the sides;
	// CodeNotCompared (the zero value) renders nothing.
	Code prove.CodeDiff
	// Benchtime is the run length of the runs whose samples are compared
	// (prove.Comparison.Benchtime), as -test.benchtime gives it: "10ms"
	// for compare's timing rounds by default, the -alloc-benchtime ("1s")
	// for B/op and allocs/op measured in allocation rounds; "" for
	// results files and when unknown.
	Benchtime string
	stats.Comparison
}

// A CompareReport is the result of `perfproof compare` to render.
type CompareReport struct {
	// Old and New describe the two sides: "main (3f2a1c9d0b1e)", "work
	// tree (uncommitted changes included)", "results file old.txt".
	Old, New string
	// Comparisons are the rows in the order to print them within each
	// unit; units print in the order they first appear.
	Comparisons []Comparison
	// Notes are printed after the tables, one per line: how the samples
	// were measured, the machine's noise, benchmarks on one side only.
	Notes []string
	// Errors are printed after the notes: what failed (a package that
	// did not build, a run that panicked). A report with errors is not a
	// clean result.
	Errors []string
}

// Counts returns the number of comparisons with each verdict.
func (r *CompareReport) Counts() map[stats.Verdict]int {
	n := make(map[stats.Verdict]int)
	for _, c := range r.Comparisons {
		n[c.Verdict]++
	}
	return n
}

// CompareText writes r as plain-text tables, one per unit, in the manner
// of benchstat: per benchmark the old and new median with the half-width
// of its confidence interval relative to the median ("1.20µ ± 3%"), the
// change new/old − 1 as a percentage with the ratio's confidence interval,
// the p-value, the number of samples per side and the verdict. Exact
// comparisons (B/op, allocs/op with identical values on each side) print
// the values and "exact". The reasons of inconclusive verdicts follow the
// tables, then r.Notes and r.Errors. Only writing to w can fail.
func CompareText(w io.Writer, r *CompareReport) error {
	var b strings.Builder
	fmt.Fprintf(&b, "old: %s\nnew: %s\n", r.Old, r.New)
	for _, unit := range compareUnits(r.Comparisons) {
		b.WriteString("\n")
		tw := tabwriter.NewWriter(&b, 0, 4, 2, ' ', 0)
		fmt.Fprintf(tw, "%s\told\tnew\tΔ (%s CI)\tp\tn\tverdict\n", unit, confidenceLabel(r.Comparisons, unit))
		pkg := "\x00"
		for _, c := range r.Comparisons {
			if c.Unit != unit {
				continue
			}
			if c.Package != pkg {
				pkg = c.Package
				if pkg != "" {
					fmt.Fprintf(tw, "%s\t\t\t\t\t\t\n", pkg)
				}
			}
			verdict := c.Verdict.String()
			if c.Verdict == stats.Inconclusive && c.Reason != "" {
				verdict += ": " + reasonKind(c.Reason)
			}
			verdict += codeMark(c.Code)
			fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%s\t%s\t%s\n", compareName(c), medianCell(c.Old, c), medianCell(c.New, c), changeCell(c), pCell(c.P), sizesCell(c), verdict)
		}
		if g, ok := geomeanOf(r.Comparisons, unit); ok {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t\t\t\n", g.label(), g.cell(g.old), g.cell(g.new), percentChange(g.new/g.old-1, true))
		}
		tw.Flush()
	}
	if len(r.Comparisons) == 0 {
		b.WriteString("\nno benchmark was measured on both sides\n")
	}
	reasons := inconclusiveReasons(r.Comparisons)
	if len(reasons) > 0 {
		b.WriteString("\n")
		for _, s := range reasons {
			b.WriteString(s + "\n")
		}
	}
	if warnings := CodeWarnings(r.Comparisons); len(warnings) > 0 {
		b.WriteString("\n")
		for _, s := range warnings {
			b.WriteString("warning: " + s + "\n")
		}
	}
	if len(r.Notes) > 0 {
		b.WriteString("\n")
		for _, n := range r.Notes {
			b.WriteString("note: " + n + "\n")
		}
	}
	if len(r.Errors) > 0 {
		b.WriteString("\n")
		for _, e := range r.Errors {
			b.WriteString("error: " + e + "\n")
		}
	}
	// The package rows leave empty cells, which tabwriter pads.
	lines := strings.Split(b.String(), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	_, err := io.WriteString(w, strings.Join(lines, "\n"))
	if err != nil {
		return fmt.Errorf("writing comparison: %w", err)
	}
	return nil
}

// CompareMarkdown writes r as GitHub-flavoured Markdown for a pull
// request comment: a summary line with the count of each verdict
// (regressions first), the two sides, one table per unit with the columns
// of CompareText (plus a package column when several packages were
// compared), the reasons of inconclusive verdicts, the notes and the
// errors. Only writing to w can fail.
func CompareMarkdown(w io.Writer, r *CompareReport) error {
	var b strings.Builder
	b.WriteString("### perfproof compare\n\n")
	counts := r.Counts()
	var parts []string
	for _, v := range []stats.Verdict{stats.Slower, stats.Faster, stats.Unchanged, stats.Inconclusive} {
		if n := counts[v]; n > 0 {
			s := strconv.Itoa(n) + " " + v.String()
			if v == stats.Slower {
				s = "**" + s + "**"
			}
			parts = append(parts, s)
		}
	}
	switch n := len(codeChanged(r.Comparisons)); {
	case n == 1:
		parts = append(parts, "**1 benchmark whose code changed**")
	case n > 1:
		parts = append(parts, fmt.Sprintf("**%d benchmarks whose code changed**", n))
	}
	switch n := len(r.Errors); {
	case n == 1:
		parts = append(parts, "**1 error**")
	case n > 1:
		parts = append(parts, fmt.Sprintf("**%d errors**", n))
	}
	if len(parts) == 0 {
		parts = []string{"no benchmark measured on both sides"}
	}
	b.WriteString(strings.Join(parts, ", ") + "\n\n")
	fmt.Fprintf(&b, "- old: %s\n- new: %s\n", text(r.Old), text(r.New))
	packages := make(map[string]bool)
	for _, c := range r.Comparisons {
		packages[c.Package] = true
	}
	multi := len(packages) > 1
	for _, unit := range compareUnits(r.Comparisons) {
		fmt.Fprintf(&b, "\n#### %s\n\n", text(unit))
		head, align := "| benchmark |", "|---|"
		if multi {
			head, align = "| package "+head, "|---"+align
		}
		fmt.Fprintf(&b, "%s old | new | Δ (%s CI) | p | n | verdict |\n%s---:|---:|---:|---:|---:|---|\n", head, confidenceLabel(r.Comparisons, unit), align)
		for _, c := range r.Comparisons {
			if c.Unit != unit {
				continue
			}
			b.WriteString("| ")
			if multi {
				b.WriteString(codeCell(c.Package) + " | ")
			}
			verdict := c.Verdict.String()
			switch {
			case c.Verdict == stats.Slower:
				verdict = "**slower**"
			case c.Verdict == stats.Inconclusive && c.Reason != "":
				verdict += ": " + text(reasonKind(c.Reason))
			}
			if m := codeMark(c.Code); m != "" {
				verdict += " **" + strings.TrimSpace(m) + "**"
			}
			fmt.Fprintf(&b, "%s | %s | %s | %s | %s | %s | %s |\n", codeCell(compareName(c)), text(medianCell(c.Old, c)), text(medianCell(c.New, c)), text(changeCell(c)), pCell(c.P), sizesCell(c), verdict)
		}
		if g, ok := geomeanOf(r.Comparisons, unit); ok {
			b.WriteString("| ")
			if multi {
				b.WriteString(" | ")
			}
			fmt.Fprintf(&b, "*%s* | %s | %s | %s | | | |\n", g.label(), text(g.cell(g.old)), text(g.cell(g.new)), percentChange(g.new/g.old-1, true))
		}
	}
	if reasons := inconclusiveReasons(r.Comparisons); len(reasons) > 0 {
		b.WriteString("\n")
		for _, s := range reasons {
			b.WriteString("- " + text(s) + "\n")
		}
	}
	if warnings := CodeWarnings(r.Comparisons); len(warnings) > 0 {
		b.WriteString("\n**Warnings** (verdicts marked above):\n\n")
		for _, s := range warnings {
			b.WriteString("- " + text(s) + "\n")
		}
	}
	if len(r.Notes) > 0 {
		b.WriteString("\n")
		for _, n := range r.Notes {
			b.WriteString("- " + text(n) + "\n")
		}
	}
	if len(r.Errors) > 0 {
		b.WriteString("\n**Errors** (the comparison is incomplete):\n\n")
		for _, e := range r.Errors {
			b.WriteString("- " + text(e) + "\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	if err != nil {
		return fmt.Errorf("writing comparison: %w", err)
	}
	return nil
}

// A geomean is the geometric mean of the old and of the new medians of
// one unit's comparisons, as benchstat's "geomean" row: new/old − 1 is
// the typical change across the benchmarks, with no interval and no
// verdict of its own.
type geomean struct {
	unit     string
	old, new float64
	n, left  int // benchmarks in it, and left out (a median ≤ 0 or unknown)
}

// geomeanOf returns the geometric means of unit's comparisons in cs; ok
// is false when fewer than two have positive medians on both sides (a
// mean of one is the row itself).
func geomeanOf(cs []Comparison, unit string) (g geomean, ok bool) {
	g.unit = unit
	var lo, ln float64
	for _, c := range cs {
		if c.Unit != unit {
			continue
		}
		if !(c.Old.Median > 0 && c.New.Median > 0) || math.IsInf(c.Old.Median, 0) || math.IsInf(c.New.Median, 0) {
			g.left++
			continue
		}
		lo += math.Log(c.Old.Median)
		ln += math.Log(c.New.Median)
		g.n++
	}
	if g.n < 2 {
		return g, false
	}
	g.old, g.new = math.Exp(lo/float64(g.n)), math.Exp(ln/float64(g.n))
	return g, true
}

// label names the row: "geomean", with how many benchmarks it leaves
// out when it leaves some out ("geomean (of 3; 1 with a zero median
// left out)").
func (g geomean) label() string {
	if g.left == 0 {
		return "geomean"
	}
	return fmt.Sprintf("geomean (of %d; %d with a zero median left out)", g.n, g.left)
}

// cell formats a geometric mean in the unit's scale.
func (g geomean) cell(v float64) string {
	return benchunit.Scale(v, benchunit.ClassOf(g.unit))
}

// compareUnits returns the units of cs in the order they first appear.
func compareUnits(cs []Comparison) []string {
	var out []string
	seen := make(map[string]bool)
	for _, c := range cs {
		if !seen[c.Unit] {
			seen[c.Unit] = true
			out = append(out, c.Unit)
		}
	}
	return out
}

// confidenceLabel returns the confidence level of the intervals of unit
// as a percentage, "95%", from the first statistical comparison.
func confidenceLabel(cs []Comparison, unit string) string {
	for _, c := range cs {
		if c.Unit == unit && c.Old.Confidence > 0 {
			// The order statistics give a level at or above the one
			// requested; round down to the usual levels.
			for _, level := range []float64{0.99, 0.95, 0.90, 0.80} {
				if c.Old.Confidence >= level {
					return strconv.FormatFloat(100*level, 'g', -1, 64) + "%"
				}
			}
		}
	}
	return "95%"
}

// compareName is the benchmark's name, with the names measured when they
// differ: "Trim (Trim/before → Trim/after)".
func compareName(c Comparison) string {
	if c.OldName != "" && c.NewName != "" && (c.OldName != c.Benchmark || c.NewName != c.Benchmark) {
		return c.Benchmark + " (" + c.OldName + " → " + c.NewName + ")"
	}
	return c.Benchmark
}

// medianCell formats one side's median with the half-width of its confidence
// interval relative to the median: "1.200µ ± 3%"; the median alone ("48")
// when the comparison is exact; "± ∞" when the sample is too small for an
// interval.
func medianCell(s stats.Summary, c Comparison) string {
	if math.IsNaN(s.Median) {
		return "-"
	}
	if c.Exact && s.Median == math.Trunc(s.Median) && math.Abs(s.Median) < 1e15 {
		return strconv.FormatFloat(s.Median, 'f', -1, 64)
	}
	v := benchunit.Scale(s.Median, benchunit.ClassOf(c.Unit))
	if c.Exact {
		return v
	}
	if math.IsInf(s.Lo, 0) || math.IsInf(s.Hi, 0) || math.IsNaN(s.Lo) {
		return v + " ± ∞"
	}
	if s.Median == 0 {
		return v + " ± 0%"
	}
	half := math.Max(s.Median-s.Lo, s.Hi-s.Median) / math.Abs(s.Median)
	return v + " ± " + percentChange(half, false)
}

// changeCell formats the ratio new/old as a percentage change with its
// confidence interval: "-12.3% [-14.0%, -10.1%]"; exact comparisons print
// the values compared, "0 → 2 (exact)" (stats.Comparison.Reason).
func changeCell(c Comparison) string {
	if c.Exact {
		return c.Reason
	}
	if math.IsNaN(c.Ratio) {
		return "-"
	}
	return fmt.Sprintf("%s [%s, %s]", percentChange(c.Ratio-1, true), percentChange(c.RatioLo-1, true), percentChange(c.RatioHi-1, true))
}

// percentChange formats a relative change f as a percentage with one
// decimal ("+3.4%", "-100.0%"), +∞ and -∞ as such; signed adds the sign.
func percentChange(f float64, signed bool) string {
	switch {
	case math.IsNaN(f):
		return "?"
	case math.IsInf(f, 1):
		return "+∞"
	case math.IsInf(f, -1):
		return "-∞"
	}
	if signed {
		return fmt.Sprintf("%+.1f%%", 100*f)
	}
	return fmt.Sprintf("%.1f%%", 100*f)
}

// PValue formats a p-value with three decimals, "<0.001" below, "-" when
// not computed (NaN), as the comparison tables print it.
func PValue(p float64) string { return pCell(p) }

// pCell is PValue.
func pCell(p float64) string {
	switch {
	case math.IsNaN(p):
		return "-"
	case p < 0.001:
		return "<0.001"
	}
	return fmt.Sprintf("%.3f", p)
}

// sizesCell formats the sample sizes: "10/10".
func sizesCell(c Comparison) string { return fmt.Sprintf("%d/%d", c.Old.N, c.New.N) }

// reasonKind returns the part of an inconclusive reason before its first
// colon: "too noisy", "too few samples".
func reasonKind(reason string) string {
	kind, _, _ := strings.Cut(reason, ":")
	return kind
}

// inconclusiveReasons lists the full reasons of the inconclusive verdicts:
// "Parse sec/op: too noisy: p=0.31 ≥ 0.05 and …".
func inconclusiveReasons(cs []Comparison) []string {
	var out []string
	for _, c := range cs {
		if c.Verdict == stats.Inconclusive && c.Reason != "" {
			out = append(out, compareName(c)+" "+c.Unit+": "+c.Reason)
		}
	}
	return out
}

// codeMark is the mark after the verdict of a benchmark whose code
// differs between the sides, " (code changed)", or could not be compared,
// " (code not compared)"; "" otherwise.
func codeMark(d prove.CodeDiff) string {
	switch {
	case d.Status == prove.CodeChanged:
		return " (code changed)"
	case d.Status.Unknown():
		return " (code not compared)"
	}
	return ""
}

// codeChanged returns the comparisons of cs whose benchmark code changed,
// one per package and benchmark function, in order.
func codeChanged(cs []Comparison) []Comparison {
	var out []Comparison
	for _, c := range codeByFunc(cs) {
		if c.Code.Status == prove.CodeChanged {
			out = append(out, c)
		}
	}
	return out
}

// codeByFunc returns the first comparison of each package and benchmark
// function whose code was compared, in order.
func codeByFunc(cs []Comparison) []Comparison {
	var out []Comparison
	seen := make(map[[2]string]bool)
	for _, c := range cs {
		k := [2]string{c.Package, c.Code.Func}
		if c.Code.Status == prove.CodeNotCompared || seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, c)
	}
	return out
}

// CodeWarnings returns a warning per benchmark function of cs whose code
// differs between the sides or could not be compared, in order of first
// appearance, without a final period:
//
//	example.com/m BenchmarkX: the benchmark's own code differs between old and new: the two sides measure different code; its verdict compares different work
//
// CompareText and CompareMarkdown print them after the tables.
func CodeWarnings(cs []Comparison) []string {
	var out []string
	for _, c := range codeByFunc(cs) {
		d := c.Code
		who := strings.TrimSpace(c.Package + " " + d.Func)
		var what string
		switch {
		case d.Status == prove.CodeChanged:
			helpers := d.Changed
			if d.OwnChanged() {
				helpers = helpers[1:]
			}
			noun := "test helper " + strings.Join(helpers, ", ") + " differs"
			if len(helpers) > 1 {
				noun = "test helpers " + strings.Join(helpers, ", ") + " differ"
			}
			switch {
			case len(helpers) == 0:
				what = "the benchmark's own code differs"
			case d.OwnChanged():
				what = "the benchmark's own code and its " + strings.TrimSuffix(strings.TrimSuffix(noun, " differs"), " differ") + " differ"
			default:
				what = "the benchmark's " + noun
			}
			out = append(out, who+": "+what+" between old and new: the two sides measure different code; its verdict compares different work")
			continue
		case d.Status == prove.CodeOnlyOld:
			what = "the benchmark function was found only in old"
		case d.Status == prove.CodeOnlyNew:
			what = "the benchmark function was found only in new"
		case d.Status == prove.CodeNotFound:
			what = "the benchmark function was found on neither side"
		default:
			continue
		}
		if d.Err != nil {
			what += " (" + d.Err.Error() + ")"
		}
		out = append(out, who+": "+what+": its code was not compared")
	}
	return out
}
