package book

import "testing"

// A test comparing parsed values: uses in _test.go files are not counted
// (this one would not change the report, which the non-test uses make).
func TestParse(t *testing.T) {
	if p, _ := parseDecimalFast("27000.5"); p != 27000.5 {
		t.Fatalf("parseDecimalFast = %v", p)
	}
}
