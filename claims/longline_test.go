package claims

import (
	"strings"
	"testing"
)

// TestExtractLongLine extracts a 16 KB line of a repeated derivation
// ("2,000 rows × 48 × 1.5 KB = 144.0 MB, i.e. 137.3 MiB; …"), the shape
// of a pasted log line or minified result, and checks its claims: four
// figures a repetition, the MiB one a consistent conversion, the others
// unverifiable, as before the checks were bounded. It guards the checks
// that once read the whole line for each of its figures (cubic in the
// line's length: 14 s for 4 KB, minutes for this one); it takes about a
// second. BenchmarkExtractLongLine shows the growth.
func TestExtractLongLine(t *testing.T) {
	line := longLineShapes[0].build(16 << 10)
	reps := strings.Count(line, "; ")
	rep, err := Extract("long.md", longLineReport("derivation", line), Options{})
	if err != nil {
		t.Fatalf("Extract: %v", err)
	}
	mib, unverifiable := 0, 0
	for _, c := range rep.Claims {
		if c.Line != 3 || c.Kind != Absolute || len(c.Numbers) != 1 {
			t.Fatalf("claim %d %s %q, want one figure of line 3", c.Line, c.Kind, c.Claimed)
		}
		switch {
		case c.Numbers[0].Unit == "MiB" && c.Verdict == Consistent:
			mib++
		case c.Verdict == Unverifiable:
			unverifiable++
		}
	}
	if got, want := len(rep.Claims), 4*reps; got != want {
		t.Errorf("Extract(16 KB line of %d derivations) = %d claims, want %d", reps, got, want)
	}
	if mib != reps || unverifiable != 3*reps {
		t.Errorf("Extract(16 KB line of %d derivations) = %d consistent MiB claims, %d unverifiable, want %d, %d",
			reps, mib, unverifiable, reps, 3*reps)
	}
}
