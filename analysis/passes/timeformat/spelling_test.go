package timeformat

import (
	"math/rand/v2"
	"testing"
	"time"
)

// TestSpellings checks that each rewrite of spellings writes the text of
// the layout it replaces, on times of years 1 to 9999 with any
// nanoseconds: in UTC, and, for layouts with a zone offset, in zones east
// and west of it. A utc spelling must differ outside UTC, or it would not
// need the receiver in UTC.
func TestSpellings(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	zones := []*time.Location{time.FixedZone("east", 5*3600+1800), time.FixedZone("west", -7*3600)}
	durations := map[string]time.Duration{"": 0, "Millisecond": time.Millisecond, "Microsecond": time.Microsecond}
	constants := map[string]string{"RFC3339": time.RFC3339, "RFC3339Nano": time.RFC3339Nano}
	for layout, sp := range spellings {
		d, ok := durations[sp.truncate]
		if !ok || constants[sp.constant] == "" {
			t.Fatalf("%q: unknown truncation %q or constant %q", layout, sp.truncate, sp.constant)
		}
		rewrite := func(tm time.Time) string {
			if d != 0 {
				tm = tm.Truncate(d)
			}
			return tm.Format(constants[sp.constant])
		}
		differs := false
		for range 20000 {
			sec := r.Int64N(time.Date(9999, 12, 31, 0, 0, 0, 0, time.UTC).Unix()-time.Date(1, 1, 2, 0, 0, 0, 0, time.UTC).Unix()) + time.Date(1, 1, 2, 0, 0, 0, 0, time.UTC).Unix()
			nsec := r.Int64N(1e9)
			switch r.IntN(4) { // trailing zeros are where the spellings could differ
			case 0:
				nsec = 0
			case 1:
				nsec -= nsec % 1e6
			case 2:
				nsec -= nsec % 1e3
			}
			tm := time.Unix(sec, nsec).UTC()
			if got, want := rewrite(tm), tm.Format(layout); got != want {
				t.Fatalf("%q on %v: the rewrite writes %q, the layout %q", layout, tm, got, want)
			}
			for _, z := range zones {
				zt := tm.In(z)
				got, want := rewrite(zt), zt.Format(layout)
				if sp.utc {
					differs = differs || got != want
				} else if got != want {
					t.Fatalf("%q on %v: the rewrite writes %q, the layout %q", layout, zt, got, want)
				}
			}
		}
		if sp.utc && !differs {
			t.Errorf("%q: the rewrite writes the same text outside UTC too; it need not ask for a time in UTC", layout)
		}
	}
}
