// Package broken does not type-check: the check must not panic on it and
// still reports what it can.
package broken

func use(xs []int) {
	for _, x := range xs {
		r := undefinedOpen(x)
		defer r.Close() // want `r.Close deferred in a loop: a defer record per iteration, and nothing released until use returns`
	}
}
