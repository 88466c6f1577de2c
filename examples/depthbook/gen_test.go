package depthbook

import (
	"bytes"
	"math/rand/v2"
	"strconv"
)

// market is a price grid for one symbol: prices are whole ticks, printed
// with decimals digits after the point, around a mid price.
type market struct {
	symbol   string
	mid      int64 // in ticks
	decimals int
	lastID   int64
}

// price returns the text of the price ticks on the feed ("27000.10").
func (m *market) price(ticks int64) string {
	s := strconv.FormatInt(ticks, 10)
	for len(s) <= m.decimals {
		s = "0" + s
	}
	return s[:len(s)-m.decimals] + "." + s[len(s)-m.decimals:]
}

// feed generates depth updates for a few markets from a seeded source.
type feed struct {
	rng     *rand.Rand
	markets []*market
	// walk is how many ticks each update moves its market's mid price,
	// at most, up or down.
	walk int64
	// noise adds whitespace and fields DepthUpdate does not have.
	noise bool
	// gaps makes about one update in 200 skip IDs, and stale one in 200
	// repeat old ones.
	gaps, stale bool
	// levels is the number of bids and of asks per update, at most.
	levels int
	// spread is how many ticks from the mid levels are placed, at most.
	spread int64
}

func newFeed(seed uint64) *feed {
	return &feed{
		rng: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)),
		markets: []*market{
			{symbol: "BTCUSDT", mid: 2700000, decimals: 2},
			{symbol: "ETHUSDT", mid: 184321, decimals: 2},
			{symbol: "XRPUSDT", mid: 5123, decimals: 4},
			{symbol: "DOGEUSDT", mid: 612345, decimals: 8},
		},
		levels: 10,
		spread: 40,
	}
}

// qty returns a random quantity with five decimals, zero one time in five.
func (f *feed) qty() string {
	if f.rng.IntN(5) == 0 {
		return "0.00000"
	}
	n := 1 + f.rng.Int64N(5_000_000)
	m := &market{decimals: 5}
	return m.price(n)
}

func (f *feed) space(b []byte) []byte {
	if f.noise && f.rng.IntN(3) == 0 {
		return append(b, " \t\n\r"[f.rng.IntN(4)])
	}
	return b
}

// next returns the next depth-update message, on one line unless noise
// puts newlines in it.
func (f *feed) next() []byte {
	m := f.markets[f.rng.IntN(len(f.markets))]
	if f.walk > 0 {
		m.mid += f.rng.Int64N(2*f.walk+1) - f.walk
	}
	first := m.lastID + 1
	if f.gaps && f.rng.IntN(200) == 0 {
		first += 2 // lost updates
	}
	last := first + f.rng.Int64N(4)
	if f.stale && f.rng.IntN(200) == 0 {
		first, last = m.lastID-3, m.lastID // stale
	}
	if last > m.lastID {
		m.lastID = last
	}
	b := []byte{'{'}
	b = f.space(b)
	b = append(b, `"e":"depthUpdate","E":`...)
	b = strconv.AppendInt(b, 1695000000000+first, 10)
	b = append(b, ',')
	if f.noise && f.rng.IntN(4) == 0 {
		b = append(b, `"x":{"pu":[1,-2.5e3,true,null,"]"],"q":{}},`...)
	}
	b = append(b, `"s":`...)
	b = f.space(b)
	b = strconv.AppendQuote(b, m.symbol)
	b = append(b, `,"U":`...)
	b = strconv.AppendInt(b, first, 10)
	b = append(b, `,"u":`...)
	b = strconv.AppendInt(b, last, 10)
	for _, side := range []string{"b", "a"} {
		b = append(b, `,"`+side+`":[`...)
		n := f.rng.IntN(f.levels + 1)
		for i := range n {
			if i > 0 {
				b = append(b, ',')
				b = f.space(b)
			}
			off := 1 + f.rng.Int64N(f.spread)
			p := m.mid - off
			if side == "a" {
				p = m.mid + off
			}
			b = append(b, `["`...)
			b = append(b, m.price(p)...)
			b = append(b, `","`...)
			b = append(b, f.qty()...)
			b = append(b, `"]`...)
		}
		b = append(b, ']')
	}
	b = f.space(b)
	return append(b, '}')
}

// stream returns n messages, one per line.
func (f *feed) stream(n int) []byte {
	var buf bytes.Buffer
	for range n {
		msg := f.next()
		buf.Write(bytes.ReplaceAll(msg, []byte("\n"), []byte(" ")))
		buf.WriteByte('\n')
	}
	return buf.Bytes()
}
