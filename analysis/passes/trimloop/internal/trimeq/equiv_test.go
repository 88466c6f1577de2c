package trimeq_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/perfproof/perfproof/analysis/passes/trimloop/internal/trimeq/fixed"
	"github.com/perfproof/perfproof/analysis/passes/trimloop/internal/trimeq/orig"
)

// trials is the number of random inputs per function.
const trials = 3000

// pieces are the parts random strings are made of: ASCII, characters that
// encoding/json escapes, multi-byte UTF-8 and an invalid byte (replaced by
// U+FFFD, six bytes in JSON).
var pieces = []string{"a", "bc", "xyz0", "\"", "<", "&", "\\", "\n", "é", "世界", "\xff", " "}

func randString(r *rand.Rand) string {
	var b strings.Builder
	for range r.IntN(5) {
		b.WriteString(pieces[r.IntN(len(pieces))])
	}
	return b.String()
}

// randStrings returns 0 to 40 random strings, in a slice with spare
// capacity, so that a difference in capacity shows.
func randStrings(r *rand.Rand) []string {
	n := r.IntN(41)
	s := make([]string, n, n+r.IntN(4))
	for i := range s {
		s[i] = randString(r)
	}
	return s
}

// randBound returns a bound from a little below 0 to a little above
// size, so that the loops stop at once, part way, or with nothing left.
func randBound(r *rand.Rand, size int) int {
	return r.IntN(size+20) - 10
}

// regimes counts how the trials ended, to show they cover each case.
type regimes struct{ none, some, all int }

func (g *regimes) add(before, after int) {
	switch {
	case after == before:
		g.none++
	case after == 0:
		g.all++
	default:
		g.some++
	}
}

func (g *regimes) check(t *testing.T) {
	t.Helper()
	if g.none == 0 || g.some == 0 || g.all == 0 {
		t.Errorf("trials dropped nothing %d, some %d, all %d times; want each at least once", g.none, g.some, g.all)
	}
}

// sameSlice reports whether a and b have the same length, capacity and
// elements: the loops and the fix reslice the same array, so equal
// capacities mean the same offset.
func sameSlice[T any](a, b []T, eq func(T, T) bool) bool {
	return len(a) == len(b) && cap(a) == cap(b) && slices.EqualFunc(a, b, eq)
}

func eq[T comparable](a, b T) bool { return a == b }

func randCookie(r *rand.Rand) orig.Cookie {
	c := orig.Cookie{UIDs: randStrings(r), OptOut: r.IntN(2) == 0}
	if r.IntN(2) == 0 {
		c.Seen = map[string]int{randString(r): r.IntN(1000) - 500, randString(r): r.IntN(10)}
	}
	return c
}

func jsonLen(t *testing.T, v any) int {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return len(b)
}

func TestSuffix(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var g regimes
	for range trials {
		c := randCookie(r)
		max := randBound(r, jsonLen(t, c))
		a, b := c, fixed.Cookie(c)
		orig.Suffix(&a, max)
		fixed.Suffix(&b, max)
		if !sameSlice(a.UIDs, b.UIDs, eq) || a.OptOut != b.OptOut {
			t.Fatalf("Suffix(%q, %d): loop leaves %q (cap %d), fix %q (cap %d)", c.UIDs, max, a.UIDs, cap(a.UIDs), b.UIDs, cap(b.UIDs))
		}
		g.add(len(c.UIDs), len(a.UIDs))
	}
	g.check(t)
}

func TestBase64(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var g regimes
	for range trials {
		c := randCookie(r)
		max := randBound(r, 4*jsonLen(t, c)/3+20)
		a, b := c, fixed.Cookie(c)
		va, vb := orig.Base64(&a, max), fixed.Base64(&b, max)
		if va != vb || !sameSlice(a.UIDs, b.UIDs, eq) {
			t.Fatalf("Base64(%q, %d): loop leaves %q and returns %q, fix %q and %q", c.UIDs, max, a.UIDs, va, b.UIDs, vb)
		}
		g.add(len(c.UIDs), len(a.UIDs))
	}
	g.check(t)
}

func TestPrefix(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	var g, gp regimes
	for range trials {
		entries := make([]orig.Entry, r.IntN(30))
		for i := range entries {
			tags := randStrings(r)
			entries[i] = orig.Entry{Key: randString(r), Hits: uint16(r.IntN(70000)), Tags: tags[:min(len(tags), r.IntN(3))]}
			if len(entries[i].Tags) == 0 && r.IntN(2) == 0 {
				entries[i].Tags = nil
			}
		}
		bt := orig.Batch{Name: randString(r), Entries: entries}
		max := randBound(r, jsonLen(t, bt))
		a, b := bt, fixed.Batch{Name: bt.Name, Entries: make([]fixed.Entry, len(entries), cap(entries))}
		for i, e := range entries {
			b.Entries[i] = fixed.Entry(e)
		}
		ea, eb := orig.Prefix(&a, max), fixed.Prefix(&b, max)
		same := func(x orig.Entry, y fixed.Entry) bool {
			return x.Key == y.Key && x.Hits == y.Hits && slices.Equal(x.Tags, y.Tags)
		}
		if ea != nil || eb != nil || len(a.Entries) != len(b.Entries) || cap(a.Entries) != cap(b.Entries) || !slices.EqualFunc(a.Entries, b.Entries, same) {
			t.Fatalf("Prefix(%d entries, %d): loop leaves %d (%v), fix %d (%v)", len(entries), max, len(a.Entries), ea, len(b.Entries), eb)
		}
		g.add(len(entries), len(a.Entries))

		// Pointer trims the same entries through a pointer, keeping
		// a suffix.
		pa, pb := slices.Clone(entries), slices.Clone(b.Entries[:len(entries)])
		max = randBound(r, jsonLen(t, entries))
		ea, eb = orig.Pointer(&pa, max), fixed.Pointer(&pb, max)
		if ea != nil || eb != nil || len(pa) != len(pb) || cap(pa) != cap(pb) || !slices.EqualFunc(pa, pb, same) {
			t.Fatalf("Pointer(%d entries, %d): loop leaves %d (%v), fix %d (%v)", len(entries), max, len(pa), ea, len(pb), eb)
		}
		gp.add(len(entries), len(pa))
	}
	g.check(t)
	gp.check(t)
}

// stringsCase is a function of package orig or fixed that trims a slice
// of strings against a bound and returns what it keeps.
type stringsCase struct {
	name      string
	loop, fix func(s []string, max int) []string
	size      func(s []string) int
}

func TestStrings(t *testing.T) {
	cases := []stringsCase{
		{"Join", orig.Join, fixed.Join, func(s []string) int { return len(strings.Join(s, ", ")) }},
		{"Path", orig.Path, fixed.Path, func(s []string) int { return len(strings.Join(s, "/")) }},
		{"Hex", func(s []string, max int) []string { return orig.Hex(s, "src", max) },
			func(s []string, max int) []string { return fixed.Hex(s, "src", max) },
			func(s []string) int { return 3*len(s)*16 + 80 }},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(7, uint64(i)))
			var g regimes
			for range trials {
				s := randStrings(r)
				max := randBound(r, tc.size(s))
				a, b := tc.loop(s, max), tc.fix(s, max) // both only reslice s
				if !sameSlice(a, b, eq) {
					t.Fatalf("%s(%q, %d) = %q (cap %d) by the loop, %q (cap %d) by the fix", tc.name, s, max, a, cap(a), b, cap(b))
				}
				g.add(len(s), len(a))
			}
			g.check(t)
		})
	}
}

// TestEmpty runs both on empty and nil slices, where the loop does not
// run: the fix must leave them as they are (nil stays nil).
func TestEmpty(t *testing.T) {
	for _, s := range [][]string{nil, {}} {
		for _, max := range []int{-1, 0, 100} {
			a, b := orig.Join(s, max), fixed.Join(s, max)
			if (a == nil) != (b == nil) || len(a) != len(b) {
				t.Errorf("Join(%#v, %d) = %#v by the loop, %#v by the fix", s, max, a, b)
			}
			ca, cb := orig.Cookie{UIDs: s}, fixed.Cookie{UIDs: s}
			orig.Suffix(&ca, max)
			fixed.Suffix(&cb, max)
			if (ca.UIDs == nil) != (cb.UIDs == nil) {
				t.Errorf("Suffix(%#v, %d) leaves %#v by the loop, %#v by the fix", s, max, ca.UIDs, cb.UIDs)
			}
		}
	}
}

// The benchmarks trim a cookie of 200 UIDs of 12 bytes each (JSON about
// 3 KB) to bounds at which the loop drops 0, 1, 10, 100 or all 200.
func BenchmarkSuffix(b *testing.B) {
	uids := make([]string, 200)
	for i := range uids {
		uids[i] = fmt.Sprintf("uid-%08d", i)
	}
	for _, drop := range []int{0, 1, 10, 100, 200} {
		var max int
		if drop < len(uids) {
			max = jsonLenB(b, orig.Cookie{UIDs: uids[drop:]})
		} else {
			max = jsonLenB(b, orig.Cookie{UIDs: uids[:0]}) - 1
		}
		b.Run(fmt.Sprintf("drop=%d/loop", drop), func(b *testing.B) {
			c := orig.Cookie{}
			for b.Loop() {
				c.UIDs = uids
				orig.Suffix(&c, max)
			}
			if len(c.UIDs) != len(uids)-drop {
				b.Fatalf("loop kept %d, want %d", len(c.UIDs), len(uids)-drop)
			}
		})
		b.Run(fmt.Sprintf("drop=%d/search", drop), func(b *testing.B) {
			c := fixed.Cookie{}
			for b.Loop() {
				c.UIDs = uids
				fixed.Suffix(&c, max)
			}
			if len(c.UIDs) != len(uids)-drop {
				b.Fatalf("search kept %d, want %d", len(c.UIDs), len(uids)-drop)
			}
		})
	}
}

func jsonLenB(b *testing.B, v any) int {
	b.Helper()
	out, err := json.Marshal(v)
	if err != nil {
		b.Fatal(err)
	}
	return len(out)
}
