package depthbook

import (
	"bytes"
	"encoding/json"
	"io"
	"strconv"
	"testing"
)

// benchMessages returns n depth-update messages of the four test markets,
// up to 10 levels a side, as a recorded stream would hold them.
func benchMessages(n int) [][]byte {
	f := newFeed(42)
	f.walk = 1
	msgs := make([][]byte, n)
	for i := range msgs {
		msgs[i] = f.next()
	}
	return msgs
}

func BenchmarkParse(b *testing.B) {
	msgs := benchMessages(256)
	for _, bc := range []struct {
		name  string
		parse func([]byte) (*DepthUpdate, error)
	}{{"before", ParseUpdate}, {"after", ParseUpdatePooled}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if _, err := bc.parse(msgs[i%len(msgs)]); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
	}
}

// BenchmarkParsePrice parses the prices of the benchmark messages with
// parsePrice (before) and with parsePriceExact, which is exact (after).
func BenchmarkParsePrice(b *testing.B) {
	var prices []string
	for _, m := range benchMessages(256) {
		u, err := ParseUpdate(m)
		if err != nil {
			b.Fatal(err)
		}
		for _, l := range append(u.Bids, u.Asks...) {
			prices = append(prices, l[0])
		}
	}
	var sink float64
	b.Run("before", func(b *testing.B) {
		i := 0
		for b.Loop() {
			sink += parsePrice(prices[i%len(prices)])
			i++
		}
	})
	b.Run("after", func(b *testing.B) {
		i := 0
		for b.Loop() {
			p, err := parsePriceExact(prices[i%len(prices)])
			if err != nil {
				b.Fatal(err)
			}
			sink += p
			i++
		}
	})
	b.Run("strconv", func(b *testing.B) {
		i := 0
		for b.Loop() {
			p, err := strconv.ParseFloat(prices[i%len(prices)], 64)
			if err != nil {
				b.Fatal(err)
			}
			sink += p
			i++
		}
	})
	_ = sink
}

// BenchmarkParseZeroCopy measures the wrong variant, to show what its
// aliasing buys over ParseUpdatePooled (Parse/after).
func BenchmarkParseZeroCopy(b *testing.B) {
	msgs := benchMessages(256)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := ParseUpdateZeroCopy(msgs[i%len(msgs)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// benchBook returns a BTCUSDT book with 500 levels a side, built by apply,
// and 1024 updates of 10 levels a side within those 500 ticks, parsed.
func benchBook(b *testing.B, apply func(*Book, *DepthUpdate) (bool, error)) (*Book, []*DepthUpdate) {
	b.Helper()
	f := newFeed(7)
	m := f.markets[0]
	init := &DepthUpdate{Symbol: m.symbol, FirstID: 1, LastID: 1}
	for off := int64(1); off <= 500; off++ {
		init.Bids = append(init.Bids, [2]string{m.price(m.mid - off), "1.00000"})
		init.Asks = append(init.Asks, [2]string{m.price(m.mid + off), "1.00000"})
	}
	book := &Book{Symbol: m.symbol}
	if _, err := apply(book, init); err != nil {
		b.Fatal(err)
	}
	f.markets = f.markets[:1]
	f.spread = 500
	updates := make([]*DepthUpdate, 1024)
	for i := range updates {
		u, err := ParseUpdate(f.next())
		if err != nil {
			b.Fatal(err)
		}
		updates[i] = u
	}
	return book, updates
}

// BenchmarkApply applies one update of up to 10 levels a side to a book
// of about 500 levels a side.
func BenchmarkApply(b *testing.B) {
	for _, bc := range []struct {
		name  string
		apply func(*Book, *DepthUpdate) (bool, error)
	}{{"before", (*Book).Apply}, {"after", (*Book).applyFast}} {
		b.Run(bc.name, func(b *testing.B) {
			book, updates := benchBook(b, bc.apply)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				u := updates[i%len(updates)]
				u.FirstID, u.LastID = book.LastUpdateID+1, book.LastUpdateID+1
				if _, err := bc.apply(book, u); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
	}
}

// BenchmarkTop writes the top-of-book line of one book.
func BenchmarkTop(b *testing.B) {
	book, _ := benchBook(b, (*Book).applyFast)
	b.Run("before", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if err := writeTop(io.Discard, testSource, book); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("after", func(b *testing.B) {
		head, err := json.Marshal(testSource)
		if err != nil {
			b.Fatal(err)
		}
		var line []byte
		b.ReportAllocs()
		for b.Loop() {
			line = appendTop(line[:0], head, book)
			if _, err := io.Discard.Write(line); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkStream runs the whole path on a recorded stream of 1000
// messages (one op), from empty books: read, parse, apply, write.
func BenchmarkStream(b *testing.B) {
	var in bytes.Buffer
	for _, m := range benchMessages(1000) {
		in.Write(m)
		in.WriteByte('\n')
	}
	for _, bc := range []struct {
		name   string
		stream func(io.Reader, io.Writer, Source, map[string]*Book) error
	}{{"before", Stream}, {"after", streamFast}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := bc.stream(bytes.NewReader(in.Bytes()), io.Discard, testSource, make(map[string]*Book)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
