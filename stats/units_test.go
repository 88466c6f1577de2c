package stats

import (
	"strings"
	"testing"

	"golang.org/x/perf/benchfmt"
)

// readUnits returns the unit metadata of a results file's text.
func readUnits(t *testing.T, text string) Units {
	t.Helper()
	r := benchfmt.NewReader(strings.NewReader(text), "units.txt")
	for r.Scan() {
		if err, ok := r.Result().(*benchfmt.SyntaxError); ok {
			t.Fatalf("reading units: %v", err)
		}
	}
	return Units(r.Units())
}

func TestUnits(t *testing.T) {
	u := readUnits(t, `Unit widgets/op Better=higher
Unit checks/op assume=exact
Unit ns/op better=higher
Unit B/op assume=nothing
Unit odd/op better=sideways assume=maybe
`)
	for _, tc := range []struct {
		unit          string
		higher, exact bool
	}{
		{"widgets/op", true, false}, // key matched without regard to case
		{"checks/op", false, true},
		{"sec/op", true, false}, // declared as ns/op, looked up tidied
		{"ns/op", true, false},
		{"B/op", false, false},     // metadata overrides the built-in exactness
		{"allocs/op", false, true}, // no metadata: built-in rule
		{"B/s", true, false},       // no metadata: built-in rule
		{"odd/op", false, false},   // unknown values: built-in rules
	} {
		if got := u.HigherIsBetter(tc.unit); got != tc.higher {
			t.Errorf("HigherIsBetter(%q) = %v, want %v", tc.unit, got, tc.higher)
		}
		if got := u.Deterministic(tc.unit); got != tc.exact {
			t.Errorf("Deterministic(%q) = %v, want %v", tc.unit, got, tc.exact)
		}
	}
	var none Units
	if none.HigherIsBetter("widgets/op") || !none.HigherIsBetter("MB/s") || !none.Deterministic("B/op") {
		t.Errorf("nil Units does not fall back to the built-in rules")
	}
}

func TestUnitsMerge(t *testing.T) {
	a := readUnits(t, "Unit widgets/op better=higher\n")
	b := readUnits(t, "Unit widgets/op Better=lower assume=exact\nUnit gadgets/op better=higher\n")
	m := a.Merge(b)
	if !m.HigherIsBetter("widgets/op") {
		t.Errorf("Merge: widgets/op better = lower, want the first declaration, higher")
	}
	if !m.Deterministic("widgets/op") || !m.HigherIsBetter("gadgets/op") {
		t.Errorf("Merge lost the second file's own declarations: %v", m)
	}
	if len(a) != 1 || len(b) != 3 {
		t.Errorf("Merge modified its inputs: %d and %d entries, want 1 and 3", len(a), len(b))
	}
	if got := Units(nil).Merge(nil, Units{}); got != nil {
		t.Errorf("Merge of empty Units = %v, want nil", got)
	}
}

// TestCompareUnitMetadata checks that a custom metric declared
// better=higher is judged with higher better (more widgets per op is an
// improvement), and that a unit declared assume=exact is compared exactly
// from a single run.
func TestCompareUnitMetadata(t *testing.T) {
	old := []float64{100, 101, 102, 100, 99, 101, 100, 102, 101, 100}
	new := []float64{200, 202, 201, 199, 200, 203, 201, 200, 198, 202}
	declared := Options{Units: readUnits(t, "Unit widgets/op Better=higher\nUnit checks/op Assume=exact\n")}

	if c := Compare("W", "widgets/op", old, new, declared); c.Verdict != Faster {
		t.Errorf("Compare(widgets/op better=higher, 100 → 200) = %v, want faster (%s)", c.Verdict, c.Reason)
	}
	if c := Compare("W", "widgets/op", old, new, Options{}); c.Verdict != Slower {
		t.Errorf("Compare(widgets/op without metadata, 100 → 200) = %v, want slower (lower is better by default)", c.Verdict)
	}
	if c := Compare("W", "widgets/op", []float64{7}, []float64{9}, declared); c.Verdict != Inconclusive || c.Exact {
		t.Errorf("Compare(widgets/op, one run) = %v, exact %v; want inconclusive, not exact", c.Verdict, c.Exact)
	}

	c := Compare("C", "checks/op", []float64{3}, []float64{3}, declared)
	if !c.Exact || c.Verdict != Unchanged {
		t.Errorf("Compare(checks/op assume=exact, 3 → 3) = %v, exact %v; want unchanged, exact", c.Verdict, c.Exact)
	}
	c = Compare("C", "checks/op", []float64{3}, []float64{4}, declared)
	if !c.Exact || c.Verdict != Slower {
		t.Errorf("Compare(checks/op assume=exact, 3 → 4) = %v, exact %v; want slower, exact", c.Verdict, c.Exact)
	}
	if c := Compare("C", "checks/op", []float64{3}, []float64{3}, Options{}); c.Exact || c.Verdict != Inconclusive {
		t.Errorf("Compare(checks/op without metadata, one run) = %v, exact %v; want inconclusive, not exact", c.Verdict, c.Exact)
	}
	if c := Compare("C", "checks/op", []float64{0}, []float64{2}, declared); !c.Exact || c.Verdict != Slower {
		t.Errorf("Compare(checks/op assume=exact, 0 → 2) = %v, exact %v; want slower, exact", c.Verdict, c.Exact)
	}
}
