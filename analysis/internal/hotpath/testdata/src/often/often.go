// Package often exercises RunsOften.
package often

func often() {}

func init() {
	// Runs once.
	often() // want `^rare$`
}

func handle(xs []int) int {
	often() // want `^often$`
	for _, x := range xs {
		often() // want `^often$`
		if x > 0 {
			often() // want `^often$`
		}
	}
	for _, x := range xs {
		// The loop is left at once, but handle is not rarely called.
		often() // want `^often$`
		return x
	}
	if false {
		// Dead code.
		often() // want `^rare$`
	}
	return 0
}

// NewThing builds something once per caller: set-up code.
func NewThing(xs []int) {
	often() // want `^rare$`
	for range xs {
		// A loop repeats even in set-up code.
		often() // want `^often$`
	}
}
