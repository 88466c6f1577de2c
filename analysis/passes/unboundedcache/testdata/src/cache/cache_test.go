package cache

import "testing"

// A test that empties a cache does not bound it in production.
func TestDeliver(t *testing.T) {
	defer clear(seen)
	n := 0
	Deliver("a", func() { n++ })
	Deliver("a", func() { n++ })
	if n != 1 {
		t.Fatalf("delivered %d times, want 1", n)
	}
}

// testNames is filled by tests only: tests run once.
var testNames = map[string]bool{}

func TestNames(t *testing.T) {
	for _, n := range []string{"a", "b"} {
		testNames[n] = true
	}
}
