package cost

import "math"

// Bound returns the largest overall speed-up that removing a cost of the
// given share of the run time could give: 1/(1−share), Amdahl's law with
// the improved part made free (G. M. Amdahl, "Validity of the single
// processor approach to achieving large scale computing capabilities",
// AFIPS Spring Joint Computer Conference, 1967). A share of 0.2 bounds the
// speed-up at 1.25×. Bound returns 1 for a share ≤ 0 and +Inf for a share
// ≥ 1; +Inf has no JSON encoding, so renderers must print it themselves.
//
// For a finding, pass Cost.CPULine to bound a fix of its line, or
// Cost.CPUCum to bound any change to its whole function.
func Bound(share float64) float64 {
	switch {
	case share >= 1:
		return math.Inf(1)
	case share <= 0 || math.IsNaN(share):
		return 1
	}
	return 1 / (1 - share)
}
