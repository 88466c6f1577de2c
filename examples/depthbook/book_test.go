package depthbook

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"strconv"
	"testing"
)

// levelsText returns the levels with prices printed to eight decimals:
// the slow and fast forms agree on that, though not on every ulp.
func levelsText(levels []Level) [][2]string {
	out := make([][2]string, len(levels))
	for i, l := range levels {
		out[i] = [2]string{strconv.FormatFloat(l.Price, 'f', 8, 64), l.Qty}
	}
	return out
}

func TestApply(t *testing.T) {
	b := &Book{Symbol: "BTCUSDT"}
	steps := []struct {
		u          DepthUpdate
		applied    bool
		bids, asks [][2]string
		err        error
	}{
		{
			u:       DepthUpdate{FirstID: 10, LastID: 12, Bids: [][2]string{{"100.5", "1"}, {"101.25", "2"}, {"99", "0"}}, Asks: [][2]string{{"102", "3"}, {"101.75", "4"}}},
			applied: true,
			bids:    [][2]string{{"101.25000000", "2"}, {"100.50000000", "1"}},
			asks:    [][2]string{{"101.75000000", "4"}, {"102.00000000", "3"}},
		},
		{ // stale: already covered
			u:    DepthUpdate{FirstID: 11, LastID: 12, Bids: [][2]string{{"1", "1"}}},
			bids: [][2]string{{"101.25000000", "2"}, {"100.50000000", "1"}},
			asks: [][2]string{{"101.75000000", "4"}, {"102.00000000", "3"}},
		},
		{ // overlapping: applied
			u:       DepthUpdate{FirstID: 12, LastID: 13, Bids: [][2]string{{"101.25", "0.000"}, {"100.50", "7"}}, Asks: [][2]string{{"101.8", "5"}}},
			applied: true,
			bids:    [][2]string{{"100.50000000", "7"}},
			asks:    [][2]string{{"101.75000000", "4"}, {"101.80000000", "5"}, {"102.00000000", "3"}},
		},
		{ // a gap
			u:    DepthUpdate{FirstID: 15, LastID: 15},
			bids: [][2]string{{"100.50000000", "7"}},
			asks: [][2]string{{"101.75000000", "4"}, {"101.80000000", "5"}, {"102.00000000", "3"}},
			err:  &GapError{Symbol: "BTCUSDT", Want: 14, Got: 15},
		},
		{ // malformed: the book is unchanged
			u:    DepthUpdate{FirstID: 14, LastID: 14, Bids: [][2]string{{"100", "1"}, {"1e3", "1"}}},
			bids: [][2]string{{"100.50000000", "7"}},
			asks: [][2]string{{"101.75000000", "4"}, {"101.80000000", "5"}, {"102.00000000", "3"}},
			err:  ErrInvalidUpdate,
		},
	}
	fast := &Book{Symbol: "BTCUSDT"}
	for i, st := range steps {
		for _, form := range []struct {
			name  string
			book  *Book
			apply func(*Book, *DepthUpdate) (bool, error)
		}{{"Apply", b, (*Book).Apply}, {"applyFast", fast, (*Book).applyFast}} {
			applied, err := form.apply(form.book, &st.u)
			var gap *GapError
			switch {
			case errors.As(st.err, &gap):
				var got *GapError
				if !errors.As(err, &got) || *got != *gap {
					t.Errorf("step %d: %s error = %v, want %v", i, form.name, err, gap)
				}
			case !errors.Is(err, st.err):
				t.Errorf("step %d: %s error = %v, want %v", i, form.name, err, st.err)
			}
			if applied != st.applied {
				t.Errorf("step %d: %s applied = %v, want %v", i, form.name, applied, st.applied)
			}
			if got := levelsText(form.book.Bids); !reflect.DeepEqual(got, st.bids) && len(got)+len(st.bids) > 0 {
				t.Errorf("step %d: %s bids = %v, want %v", i, form.name, got, st.bids)
			}
			if got := levelsText(form.book.Asks); !reflect.DeepEqual(got, st.asks) && len(got)+len(st.asks) > 0 {
				t.Errorf("step %d: %s asks = %v, want %v", i, form.name, got, st.asks)
			}
		}
	}
}

// TestApplyFastMatches applies random updates, stale ones among them, to
// books that start empty. Their prices all come from the update's parser,
// so parsePrice's errors agree with themselves; see
// TestLossyPriceMissesSnapshotLevel for a book loaded from a snapshot.
func TestApplyFastMatches(t *testing.T) {
	f := newFeed(2)
	f.walk, f.stale = 1, true
	slow, fast := make(map[string]*Book), make(map[string]*Book)
	for n := range 20000 {
		u, err := ParseUpdate(f.next())
		if err != nil {
			t.Fatal(err)
		}
		bs, _ := bookOf(slow, u.Symbol)
		bf, _ := bookOf(fast, u.Symbol)
		as, errSlow := bs.Apply(u)
		af, errFast := bf.applyFast(u)
		if as != af || errSlow != nil || errFast != nil {
			t.Fatalf("update %d (%+v): Apply = %v, %v; applyFast = %v, %v", n, u, as, errSlow, af, errFast)
		}
		if !reflect.DeepEqual(levelsText(bs.Bids), levelsText(bf.Bids)) || !reflect.DeepEqual(levelsText(bs.Asks), levelsText(bf.Asks)) || bs.LastUpdateID != bf.LastUpdateID {
			t.Fatalf("update %d (%+v): books differ:\nApply     %+v\napplyFast %+v", n, u, bs, bf)
		}
	}
}

// TestLossyPriceMissesSnapshotLevel shows the cost of parsePrice: a book
// loaded from a REST snapshot (prices parsed exactly) keeps a level that
// an update deletes, because parsePrice reads the update's price an ulp
// away and the search for it compares with ==. applyFast deletes it.
func TestLossyPriceMissesSnapshotLevel(t *testing.T) {
	// The first BTCUSDT bid price above 27000.00 that parsePrice gets
	// wrong.
	m := &market{decimals: 2}
	price := ""
	for ticks := int64(2700000); ticks < 2710000; ticks++ {
		p := m.price(ticks)
		if exact, _ := strconv.ParseFloat(p, 64); parsePrice(p) != exact {
			price = p
			break
		}
	}
	if price == "" {
		t.Fatal("parsePrice is exact on 27000.00 to 27099.99")
	}
	snap := &Snapshot{LastUpdateID: 100, Bids: [][2]string{{price, "1.00000"}, {"26990.00", "2.00000"}}}
	del := &DepthUpdate{FirstID: 101, LastID: 101, Bids: [][2]string{{price, "0.00000"}}}
	for _, form := range []struct {
		name    string
		apply   func(*Book, *DepthUpdate) (bool, error)
		phantom bool
	}{{"Apply", (*Book).Apply, true}, {"applyFast", (*Book).applyFast, false}} {
		b := &Book{Symbol: "BTCUSDT"}
		if err := b.Load(snap); err != nil {
			t.Fatal(err)
		}
		if _, err := form.apply(b, del); err != nil {
			t.Fatal(err)
		}
		best, _ := b.BestBid()
		if got := best.Qty == "1.00000"; got != form.phantom {
			t.Errorf("%s of a delete at %s: best bid %+v; phantom level kept = %v, want %v", form.name, price, best, got, form.phantom)
		}
	}
}

// TestParsePriceExact compares parsePriceExact with strconv.ParseFloat on
// random plain decimals of 1 to 24 digits, with the point anywhere, and
// counts how often parsePrice differs.
func TestParsePriceExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	lossy := 0
	const n = 200000
	for range n {
		digits := make([]byte, 1+rng.IntN(24))
		for i := range digits {
			digits[i] = byte('0' + rng.IntN(10))
		}
		s := string(digits)
		if p := rng.IntN(len(digits) + 1); p > 0 && p < len(digits) {
			s = s[:p] + "." + s[p:]
		}
		want, err := strconv.ParseFloat(s, 64)
		if err != nil {
			t.Fatal(err)
		}
		got, err := parsePriceExact(s)
		if err != nil || got != want {
			t.Fatalf("parsePriceExact(%q) = %v, %v; want %v", s, got, err, want)
		}
		if parsePrice(s) != want {
			lossy++
		}
	}
	for _, s := range []string{"", ".", "1.2.3", "-1", "1e3", "0x1p-2"} {
		got, err := parsePriceExact(s)
		want, werr := strconv.ParseFloat(s, 64)
		if (err == nil) != (werr == nil) || (err == nil && got != want) {
			t.Errorf("parsePriceExact(%q) = %v, %v; want %v, %v", s, got, err, want, werr)
		}
	}
	if lossy == 0 {
		t.Errorf("parsePrice agreed with strconv.ParseFloat on all %d inputs", n)
	}
	t.Logf("parsePrice differs from strconv.ParseFloat on %d of %d inputs (%.0f%%)", lossy, n, 100*float64(lossy)/n)
}
