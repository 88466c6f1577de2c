package depthbook

import (
	"errors"
	"reflect"
	"testing"
)

// normalized returns u with empty level slices set to nil, as
// encoding/json leaves absent fields.
func normalized(u *DepthUpdate) DepthUpdate {
	c := *u
	if len(c.Bids) == 0 {
		c.Bids = nil
	}
	if len(c.Asks) == 0 {
		c.Asks = nil
	}
	return c
}

func TestParseVariantsAgree(t *testing.T) {
	f := newFeed(1)
	f.noise, f.walk, f.gaps, f.stale = true, 1, true, true
	for range 3000 {
		msg := f.next()
		want, err := ParseUpdate(msg)
		if err != nil {
			t.Fatalf("ParseUpdate(%s): %v", msg, err)
		}
		for _, p := range []struct {
			name  string
			parse func([]byte) (*DepthUpdate, error)
		}{{"ParseUpdatePooled", ParseUpdatePooled}, {"ParseUpdateZeroCopy", ParseUpdateZeroCopy}} {
			got, err := p.parse(msg)
			if err != nil {
				t.Fatalf("%s(%s): %v", p.name, msg, err)
			}
			// The zero-copy result is compared before the next parse,
			// while its buffer still holds msg.
			if g, w := normalized(got), normalized(want); !reflect.DeepEqual(g, w) {
				t.Fatalf("%s(%s) = %+v, want %+v", p.name, msg, g, w)
			}
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		msg string
		// jsonOK is set for input encoding/json accepts: escape
		// sequences, which the scanner does not support, and levels of
		// one string, which it reads as [price, ""].
		jsonOK bool
	}{
		{msg: ``},
		{msg: `[]`},
		{msg: `{"s":"BTCUSDT"`},
		{msg: `{"s":"BTC\"USDT"}`, jsonOK: true},
		{msg: `{"s":"BTCUSDT",}`},
		{msg: `{"U":1.5}`},
		{msg: `{"U":01}`},
		{msg: `{"U":99999999999999999999}`},
		{msg: `{"b":[["1.0"]]}`, jsonOK: true},
		{msg: `{"b":[["1.0","2.0"],]}`},
		{msg: `{"x":[1,2}`},
		{msg: `{"x":tru}`},
		{msg: `{"s":"BTCUSDT"} {}`},
	} {
		u, err := ParseUpdatePooled([]byte(tc.msg))
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("ParseUpdatePooled(%q) = %+v, %v; want a *SyntaxError", tc.msg, u, err)
			continue
		}
		if _, err := ParseUpdate([]byte(tc.msg)); (err == nil) != tc.jsonOK {
			t.Errorf("ParseUpdate(%q) error = %v; want an error: %v", tc.msg, err, !tc.jsonOK)
		}
	}
}

// Two messages with the same layout: each field of b lies at the offsets
// of the same field of a.
var (
	aliasA = []byte(`{"e":"depthUpdate","E":1695000000001,"s":"BTCUSDT","U":101,"u":104,"b":[["27000.10","1.50000"]],"a":[["27000.20","0.30000"]]}`)
	aliasB = []byte(`{"e":"depthUpdate","E":1695000000002,"s":"ETHUSDT","U":201,"u":209,"b":[["1843.215","9.00000"]],"a":[["1843.230","4.25000"]]}`)
)

// TestPooledParserAliasesBuffer demonstrates the bug of
// ParseUpdateZeroCopy, and passes when the bug shows: the strings of an
// update point into the pooled scanner's buffer, which the next parse
// overwrites, so an update already returned changes its symbol and prices
// to those of a later message. sync.Pool may hand the next parse another
// scanner (after a garbage collection, or a move of the goroutine to
// another P, or at random under the race detector), so the test tries a
// few times.
func TestPooledParserAliasesBuffer(t *testing.T) {
	for range 100 {
		a, err := ParseUpdateZeroCopy(aliasA)
		if err != nil {
			t.Fatal(err)
		}
		symbol, bid := a.Symbol, a.Bids[0]
		if symbol != "BTCUSDT" || bid != [2]string{"27000.10", "1.50000"} {
			t.Fatalf("ParseUpdateZeroCopy(aliasA) = %+v", a)
		}
		if _, err := ParseUpdateZeroCopy(aliasB); err != nil {
			t.Fatal(err)
		}
		if a.Symbol == "BTCUSDT" {
			continue // the second parse used another scanner
		}
		// The first update now reads as the second message.
		if a.Symbol != "ETHUSDT" || symbol != "ETHUSDT" || a.Bids[0] != [2]string{"1843.215", "9.00000"} || a.Asks[0][0] != "1843.230" {
			t.Fatalf("after a second parse, the first update = %+v, symbol %q: want it rewritten to the second message", a, symbol)
		}
		return
	}
	t.Fatal("the first update never changed: sync.Pool never returned the same scanner to the second parse")
}

// TestPooledParserKeepsStrings runs the scenario of
// TestPooledParserAliasesBuffer with the safe variant: the first update
// keeps its strings however many parses follow.
func TestPooledParserKeepsStrings(t *testing.T) {
	for range 100 {
		a, err := ParseUpdatePooled(aliasA)
		if err != nil {
			t.Fatal(err)
		}
		for range 3 {
			if _, err := ParseUpdatePooled(aliasB); err != nil {
				t.Fatal(err)
			}
		}
		if a.Symbol != "BTCUSDT" || a.Bids[0] != [2]string{"27000.10", "1.50000"} || a.Asks[0] != [2]string{"27000.20", "0.30000"} {
			t.Fatalf("after more parses, the first update = %+v", a)
		}
	}
}

// TestZeroCopyCorruptsBook shows what the aliasing does to a streamer
// that uses ParseUpdateZeroCopy: the book keeps the quantity strings of
// the updates it applies, and the symbol of a new book is its key in the
// books map; the next parse rewrites both. The test passes when the
// corruption shows.
func TestZeroCopyCorruptsBook(t *testing.T) {
	for range 100 {
		books := make(map[string]*Book)
		a, err := ParseUpdateZeroCopy(aliasA)
		if err != nil {
			t.Fatal(err)
		}
		b, err := bookOf(books, a.Symbol)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := b.Apply(a); err != nil {
			t.Fatal(err)
		}
		if _, err := ParseUpdateZeroCopy(aliasB); err != nil {
			t.Fatal(err)
		}
		if b.Bids[0].Qty == "1.50000" {
			continue // another scanner
		}
		// The second update was never applied, yet the book shows its
		// quantities, and the book cannot be found under its symbol.
		if b.Bids[0].Qty != "9.00000" || b.Asks[0].Qty != "4.25000" || b.Symbol != "ETHUSDT" {
			t.Fatalf("book after a second parse = %+v: want the second message's quantities and symbol", b)
		}
		if books["BTCUSDT"] != nil {
			t.Fatal(`books["BTCUSDT"] still found after its key was rewritten`)
		}
		return
	}
	t.Fatal("the book never changed: sync.Pool never returned the same scanner to the second parse")
}
