package b

import (
	"os/exec"
	"sync"
)

func note() int { return 0 }

// RunsOnce: helpers called only from run-once code.

var table = buildTable() // helper called from a package-level initialiser

func buildTable() []int {
	note() // want `^runsonce$`
	for range 3 {
		// A loop of a run-once function is not run-once code.
		note() // want `^none$`
	}
	return nil
}

func init() {
	setup()
}

func setup() {
	note() // want `^runsonce$`
	deeper()
}

func deeper() {
	note() // want `^runsonce$`
}

var once sync.Once

func lazy() {
	once.Do(loadOnce)
	once.Do(func() { viaOnce() })
}

func loadOnce() {
	// Used as a value, not called.
	note() // want `^none$`
}

func viaOnce() {
	note() // want `^runsonce$`
}

func twice() {
	// Also called from a function that may run many times.
	note() // want `^none$`
}

func init() {
	twice()
}

func Handle() {
	twice()
}

func recursive(n int) {
	// Calls itself.
	note() // want `^none$`
	if n > 0 {
		recursive(n - 1)
	}
}

var _ = func() int { recursive(1); return 0 }()

func Exported() {
	// Callers in other packages are unknown.
	note() // want `^none$`
}

var _ = func() int { Exported(); return 0 }()

func unused() {
	note() // want `^none$`
}

func testOnly() {
	// Calls from tests do not count.
	note() // want `^none$`
}

// RarelyCalled: constructors, options, factories, process starters.

type T struct{}

func NewT() *T {
	note() // want `^rarely$`
	return &T{}
}

func newT() *T {
	note() // want `^rarely$`
	return &T{}
}

func WithT(t *T) {
	note() // want `^rarely$`
}

func Newsletter() {
	// Not a constructor name.
	note() // want `^none$`
}

func handler() func() {
	// The factory's own body.
	note() // want `^rarely$`
	return func() {
		// The handler it returns.
		note() // want `^none$`
	}
}

func run() error {
	note() // want `^rarely$`
	return exec.Command("true").Run()
}

// InDeadCode: behind a constant false condition.

const debug = false

func traced(x int) int {
	if debug {
		note() // want `^dead$`
	} else {
		note() // want `^none$`
	}
	if !debug {
		note() // want `^none$`
	}
	return x
}

// LeavesLoop: code followed by a return or break out of the loop.

func find(xs []int) int {
	for i, x := range xs {
		if x > 0 {
			note() // want `^leaves$`
			return i
		}
		note() // want `^none$`
	}
	for range xs {
		note() // want `^leaves$`
		break
	}
outer:
	for range xs {
		// A break labelled with the loop's label leaves it.
		note() // want `^leaves$`
		break outer
	}
other:
	for range xs {
		for range xs {
			// A labelled break of an outer loop: the inner loop is left,
			// but that is the outer loop's business, not this loop's.
			note() // want `^leaves$`
			break other
		}
	}
	for range xs {
		return note() // want `^leaves$`
	}
	for _, x := range xs {
		switch x {
		case 1:
			// The break leaves the switch, not the loop.
			note() // want `^none$`
			break
		}
	}
	for _, x := range xs {
		switch {
		case x > 0:
			// Followed, after the switch, by a break of the loop.
			note() // want `^leaves$`
		}
		break
	}
	for range xs {
		select {
		default:
			note() // want `^none$`
			break
		}
	}
	for range xs {
		if len(xs) > 2 {
			// Followed, after the if, by a break of the loop.
			note() // want `^leaves$`
		}
		break
	}
	for range xs {
		if len(xs) > 2 {
			// The continue starts the next iteration: the break is not
			// reached.
			note() // want `^none$`
			continue
		}
		note() // want `^leaves$`
		break
	}
inner:
	for range xs {
		for range xs {
			// A continue of the outer loop leaves this one.
			note() // want `^leaves$`
			continue inner
		}
	}
	for _, x := range xs {
		if x > 0 {
			// A statement between it and the return may continue the
			// loop: the return is not always reached.
			note() // want `^none$`
		}
		if x > 1 {
			if x > 2 {
				continue
			}
		}
		return x
	}
	for _, x := range xs {
		note() // want `^none$`
		switch x {
		case 1:
			continue
		}
		break
	}
again:
	for _, x := range xs {
		note() // want `^none$`
		if x > 0 {
			continue again
		}
		return x
	}
	for _, x := range xs {
		// A continue of a loop nested in a following statement
		// continues that loop only.
		note() // want `^leaves$`
		for range x {
			continue
		}
		// So does one in a function literal, which cannot continue
		// the loop at all.
		func() {
			for range x {
				continue
			}
		}()
		return x
	}
around:
	for range xs {
		for _, x := range xs {
			note() // want `^leaves$`
			if x > 0 {
				// A continue of a loop around this one leaves it too.
				continue around
			}
			return x
		}
	}
	return -1
}

