package report

import (
	"fmt"
	"strings"

	"github.com/perfproof/perfproof/stats"
)

// FamilyNote words how the verdicts of cs were corrected for their
// number (stats.Holm, one family per unit, with opts as given to it): the
// families' sizes, the significance level, and how many verdicts
// significant alone the correction made inconclusive; or, with
// opts.PerComparison, that each was tested alone (the -correction none
// of perfproof compare). It returns "" when no unit had two comparisons
// with a p-value, so there was nothing to correct for. It is a note of
// CompareReport.Notes; the wording is the renderer's, the counts are
// stats.Comparison's Family and Corrected.
func FamilyNote(cs []Comparison, opts stats.Options) string {
	family := make(map[string]int)
	var units []string
	largest, changed := 0, 0
	for _, c := range cs {
		if c.Family == 0 {
			continue
		}
		if _, ok := family[c.Unit]; !ok {
			units = append(units, c.Unit)
		}
		family[c.Unit] = c.Family
		largest = max(largest, c.Family)
		if c.Corrected {
			changed++
		}
	}
	if largest < 2 {
		return ""
	}
	var sizes []string
	for _, u := range units {
		sizes = append(sizes, fmt.Sprintf("%d in %s", family[u], u))
	}
	alpha := opts.Alpha
	if alpha == 0 {
		alpha = stats.DefaultAlpha
	}
	if opts.PerComparison {
		return fmt.Sprintf("each comparison was tested at alpha %v on its own (-correction none; %s): by chance alone, up to %v of the comparisons of an unchanged module may say faster or slower", alpha, strings.Join(sizes, ", "), alpha)
	}
	s := fmt.Sprintf("the verdicts are corrected for the number of comparisons of each unit made together (Holm's method; %s): the chance that any of a unit's says faster or slower by chance is at most alpha %v; the p column is each comparison's own p-value", strings.Join(sizes, ", "), alpha)
	switch {
	case changed == 1:
		s += "; 1 verdict significant alone is inconclusive after the correction"
	case changed > 1:
		s += fmt.Sprintf("; %d verdicts significant alone are inconclusive after the correction", changed)
	}
	return s
}
