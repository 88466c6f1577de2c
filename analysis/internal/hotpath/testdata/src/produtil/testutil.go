package produtil

import "testing"

// RequireEqual is a helper for the package's tests and its importers'.
func RequireEqual(t testing.TB, a, b int) {
	note() // want `^test$`
	if a != b {
		t.Fatal(a, b)
	}
}
