package claims

import (
	"strings"
	"testing"
)

// TestIntervalChange checks that a change stated with its confidence
// interval is consistent with its row's two medians when their change
// lies in the interval, and an arithmetic error when it does not.
func TestIntervalChange(t *testing.T) {
	doc := func(change, lo, hi string) string {
		return strings.Join([]string{
			"# Fix report",
			"",
			"| comparison | benchmark | without | with | change (95% CI) | p | n | verdict |",
			"|---|---|---:|---:|---:|---:|---:|---|",
			"| fix two, allocated bytes, Line | `Line` | 16.50 ± 3.0% | 2.000 ± 0.0% | " + change + " [" + lo + ", " + hi + "] | <0.001 | 14/14 | lower |",
			"",
		}, "\n")
	}
	for _, tc := range []struct {
		name, change, lo, hi string
		want                 Verdict
	}{
		{"the medians' change inside the interval", "-87.5%", "-88.2", "-87.5", Consistent},
		{"the medians' change outside the interval", "-80.0%", "-81.2", "-79.5", ArithmeticError},
	} {
		rep, err := Extract("r.md", []byte(doc(tc.change, tc.lo, tc.hi)), Options{})
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, c := range rep.Claims {
			if c.Line == 5 && c.Kind == Percent && strings.Contains(c.Text, strings.TrimSuffix(tc.change, "%")) {
				found = true
				if c.Verdict != tc.want {
					t.Errorf("%s: %s is %v (%s), want %v", tc.name, tc.change, c.Verdict, c.Detail, tc.want)
				}
			}
		}
		if !found {
			t.Errorf("%s: no percentage claim %s on line 5", tc.name, tc.change)
		}
	}
}
