package cost

import (
	"cmp"
	"slices"

	"github.com/perfproof/perfproof/finding"
)

// Rank sorts findings in place by measured cost, highest first: by
// Cost.CPULine (the cumulative CPU share at the finding's line or range:
// what fixing it can remove, and the share its Amdahl bound uses), then
// Cost.AllocBytes, then Cost.CPUCum (its enclosing function), then
// Cost.AllocObjects. Ranking by the function first would put any finding
// in a request handler above the helpers the handler spends its time in. Cold findings ("not hot in this profile") come after
// all measured ones and findings with a nil Cost (never measured) last;
// measured findings whose cost is inherent to the function's job
// (Cost.Inherent) come after the other measured ones, and those whose cost
// is made inside a dependency (Cost.Dependency) after those, before the
// cold: the module's own code is never ranked below a dependency's.
// The sort is stable, so ties keep their input order.
func Rank(findings []finding.Finding) {
	slices.SortStableFunc(findings, func(a, b finding.Finding) int {
		if c := cmp.Compare(tier(a.Cost), tier(b.Cost)); c != 0 {
			return c
		}
		if a.Cost == nil || b.Cost == nil {
			return 0
		}
		x, y := a.Cost, b.Cost
		return cmp.Or(
			cmp.Compare(y.CPULine, x.CPULine),
			cmp.Compare(y.AllocBytes, x.AllocBytes),
			cmp.Compare(y.CPUCum, x.CPUCum),
			cmp.Compare(y.AllocObjects, x.AllocObjects),
		)
	})
}

// tier orders findings into measured (0), measured but inherent (1),
// measured in a dependency (2), cold (3) and unmeasured (4).
func tier(c *finding.Cost) int {
	switch {
	case c == nil:
		return 4
	case c.Cold:
		return 3
	case c.Dependency != "":
		return 2
	case c.Inherent != "":
		return 1
	}
	return 0
}
