package report

import (
	"fmt"
	"io"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"text/tabwriter"

	"golang.org/x/perf/benchunit"

	"github.com/perfproof/perfproof/benchrun"
	"github.com/perfproof/perfproof/finding"
	"github.com/perfproof/perfproof/stats"
)

// FindingsText writes each finding as "file:line:col: message (check)",
// with the file relative to base when it is inside it, followed by a
// tab-indented "hot: <confidence>, <evidence>" line when the finding
// carries its hotness and a "note: ..." line when it has a note.
func FindingsText(w io.Writer, base string, fs []finding.Finding) {
	for _, f := range fs {
		fmt.Fprintf(w, "%s:%d:%d: %s (%s)\n", relPath(base, f.File), f.Line, f.Column, f.Message, f.Analyzer)
		if f.Hot != nil {
			fmt.Fprintf(w, "\thot: %s, %s\n", f.Hot.Confidence, f.Hot.Evidence)
		}
		if f.Note != "" {
			fmt.Fprintf(w, "\tnote: %s\n", f.Note)
		}
	}
}

// relPath returns file relative to base when file is inside base, else
// file.
func relPath(base, file string) string {
	rel, err := filepath.Rel(base, file)
	if err != nil || strings.HasPrefix(rel, "..") {
		return file
	}
	return rel
}

// benchUnits are the columns of BenchText's table, in order.
var benchUnits = []string{"sec/op", "B/op", "allocs/op"}

// BenchText writes, for each package of res with results, its import
// path and a table of its benchmarks in the order they ran: per unit of
// benchUnits the median, scaled (benchunit.Scale), "±" the spread of its
// 95% confidence interval, "-" for a unit not reported, and the largest
// number of runs n.
func BenchText(w io.Writer, res *benchrun.Result) {
	for _, p := range res.Packages {
		samples := p.Samples()
		if len(samples) == 0 {
			continue
		}
		fmt.Fprintf(w, "%s\n", p.ImportPath)
		// go test's units, then the others in the order they appear
		// (custom metrics, a C++ benchmark's cpu-sec/op).
		units := slices.Clone(benchUnits)
		for _, s := range samples {
			if !slices.Contains(units, s.Unit) {
				units = append(units, s.Unit)
			}
		}
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		fmt.Fprintf(tw, "  benchmark\t%s\tn\n", strings.Join(units, "\t"))
		byName := make(map[string]map[string]benchrun.Sample)
		var names []string
		for _, s := range samples {
			if byName[s.Name] == nil {
				byName[s.Name] = make(map[string]benchrun.Sample)
				names = append(names, s.Name)
			}
			byName[s.Name][s.Unit] = s
		}
		for _, name := range names {
			fmt.Fprintf(tw, "  %s", name)
			n := 0
			for _, unit := range units {
				s, ok := byName[name][unit]
				if !ok {
					fmt.Fprint(tw, "\t-")
					continue
				}
				sum := s.Summary()
				n = max(n, len(s.Values))
				fmt.Fprintf(tw, "\t%s ± %s", benchunit.Scale(sum.Median, benchunit.ClassOf(unit)), pctRange(sum))
			}
			fmt.Fprintf(tw, "\t%d\n", n)
		}
		tw.Flush()
	}
}

// pctRange formats the larger distance from s's median to a bound of its
// interval as a whole percentage of the median, "4%": "∞" for an
// unbounded interval, "?" when a bound's sign differs from the median's
// (no percentage describes it), "0%" for a median and bounds of 0.
func pctRange(s stats.Summary) string {
	if math.IsInf(s.Lo, 0) || math.IsInf(s.Hi, 0) {
		return "∞"
	}
	if sign(s.Lo) != sign(s.Median) || sign(s.Hi) != sign(s.Median) {
		return "?"
	}
	if s.Median == 0 {
		return "0%"
	}
	return fmt.Sprintf("%.0f%%", 100*max(s.Hi/s.Median-1, 1-s.Lo/s.Median))
}

// sign returns -1, 0 or 1 as x is negative, zero or positive.
func sign(x float64) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}
