package adexchange

import (
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestCookieRoundTrip(t *testing.T) {
	for _, c := range []*Cookie{
		{UIDs: map[string]UIDEntry{}},
		{UIDs: map[string]UIDEntry{"alpha": {"a-1", benchNow}, "b<&>": {"x\"y", benchNow.Add(time.Nanosecond)}}},
		{UIDs: map[string]UIDEntry{}, OptOut: true},
	} {
		value, err := c.Encode()
		if err != nil {
			t.Fatal(err)
		}
		got, err := ParseCookie(value)
		if err != nil {
			t.Fatalf("ParseCookie(%q): %v", value, err)
		}
		if got.OptOut != c.OptOut || !maps.EqualFunc(got.UIDs, c.UIDs, func(a, b UIDEntry) bool {
			return a.UID == b.UID && a.Expires.Equal(b.Expires)
		}) {
			t.Errorf("ParseCookie(Encode(%+v)) = %+v", c, got)
		}
	}
	for _, bad := range []string{"%%%", "bm90IGpzb24="} { // not base64; "not json"
		if _, err := ParseCookie(bad); err == nil {
			t.Errorf("ParseCookie(%q) succeeded, want an error", bad)
		}
	}
}

func TestCookieSetAndDrop(t *testing.T) {
	c := &Cookie{}
	c.SetUID("alpha", "a-1", benchNow.Add(-time.Second))
	c.SetUID("bravo", "b-1", benchNow.Add(time.Second))
	c.DropExpired(benchNow)
	if want := []string{"bravo"}; !slices.Equal(slices.Sorted(maps.Keys(c.UIDs)), want) {
		t.Errorf("after DropExpired, UIDs of %v, want %v", slices.Sorted(maps.Keys(c.UIDs)), want)
	}
	out := &Cookie{OptOut: true}
	out.SetUID("alpha", "a-1", benchNow)
	if len(out.UIDs) != 0 {
		t.Errorf("opted-out cookie recorded UIDs %v", out.UIDs)
	}
}

func TestTrimToFit(t *testing.T) {
	orig := testCookie(trimUIDs)
	c := &Cookie{UIDs: maps.Clone(orig.UIDs)}
	c.trimToFit()
	value, _ := c.Encode()
	if len(value) > MaxCookieSize {
		t.Fatalf("trimmed cookie is %d bytes, want at most %d", len(value), MaxCookieSize)
	}
	// The UIDs removed are the ones expiring first, and no more than needed.
	var latestRemoved string
	for k, e := range orig.UIDs {
		_, kept := c.UIDs[k]
		if kept {
			continue
		}
		if latestRemoved == "" || expiresFirst(k, e, latestRemoved, orig.UIDs[latestRemoved]) > 0 {
			latestRemoved = k
		}
		for k2, e2 := range c.UIDs {
			if expiresFirst(k2, e2, k, e) < 0 {
				t.Errorf("kept %s (expires %v) but removed %s (expires %v)", k2, e2.Expires, k, e.Expires)
			}
		}
	}
	c.UIDs[latestRemoved] = orig.UIDs[latestRemoved]
	if value, _ := c.Encode(); len(value) <= MaxCookieSize {
		t.Errorf("removed %s although the cookie fits with it (%d bytes)", latestRemoved, len(value))
	}
}

// randomCookie returns a cookie of up to 120 UIDs with keys and UIDs that
// need JSON escaping, expiry times in several zones with nanoseconds, and
// many equal expiry times.
func randomCookie(rng *rand.Rand) *Cookie {
	const alphabet = "abcdefgh-_<>&\"é\u2028"
	str := func(n int) string {
		var b strings.Builder
		for range n {
			r := []rune(alphabet)
			b.WriteRune(r[rng.IntN(len(r))])
		}
		return b.String()
	}
	zones := []*time.Location{time.UTC, time.FixedZone("", 2*3600), time.FixedZone("", -5*3600-1800)}
	c := &Cookie{UIDs: make(map[string]UIDEntry), OptOut: rng.IntN(10) == 0}
	for range rng.IntN(121) {
		exp := benchNow.Add(time.Duration(rng.IntN(50)) * time.Hour)
		if rng.IntN(2) == 0 {
			exp = exp.Add(time.Duration(rng.IntN(1e9)))
		}
		c.UIDs[str(rng.IntN(13))] = UIDEntry{UID: str(rng.IntN(80)), Expires: exp.In(zones[rng.IntN(len(zones))])}
	}
	return c
}

func TestTrimToFitFastMatches(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	trimmed := 0
	for i := range 500 {
		c := randomCookie(rng)
		slow := &Cookie{UIDs: maps.Clone(c.UIDs), OptOut: c.OptOut}
		fast := &Cookie{UIDs: maps.Clone(c.UIDs), OptOut: c.OptOut}
		slow.trimToFit()
		fast.trimToFitFast()
		if !maps.Equal(fast.UIDs, slow.UIDs) {
			t.Fatalf("cookie %d: trimToFitFast kept %d UIDs %v, trimToFit %d: %v",
				i, len(fast.UIDs), slices.Sorted(maps.Keys(fast.UIDs)), len(slow.UIDs), slices.Sorted(maps.Keys(slow.UIDs)))
		}
		if len(slow.UIDs) < len(c.UIDs) {
			trimmed++
		}
	}
	if trimmed < 150 {
		t.Errorf("only %d of 500 random cookies needed trimming; the test needs more", trimmed)
	}
}
