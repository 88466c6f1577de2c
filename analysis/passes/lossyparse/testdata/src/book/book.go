// Package book holds real positives: an order book fed by a fast decimal
// parser that rounds at every digit, whose prices are compared with == and
// used as map keys.
package book

import "math"

// parseDecimalFast is the "faster than strconv" parser of the feed.
func parseDecimalFast(s string) (float64, bool) {
	var result float64
	var decimalPlace float64
	isDecimal := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '.' {
			isDecimal = true
			decimalPlace = 0.1
			continue
		}
		if c < '0' || c > '9' {
			return 0, false
		}
		digit := float64(c - '0')
		if isDecimal {
			result += digit * decimalPlace
			decimalPlace *= 0.1 // want `parseDecimalFast rounds at every digit; its result is compared with == in \(\*Book\)\.apply: use strconv\.ParseFloat`
		} else {
			result = result*10 + digit
		}
	}
	return result, true
}

type PreParsedLevel struct {
	Price    float64
	Quantity string
	IsZero   bool
}

type Level struct {
	Price float64
	Qty   string
}

type Book struct {
	bids []Level
}

func preParse(raw [][2]string) []PreParsedLevel {
	out := make([]PreParsedLevel, 0, len(raw))
	for _, r := range raw {
		price, _ := parseDecimalFast(r[0])
		out = append(out, PreParsedLevel{Price: price, Quantity: r[1], IsZero: r[1] == "0"})
	}
	return out
}

// apply finds a level by exact price: a level parsed elsewhere (a REST
// snapshot through strconv) is missed by an ulp.
func (b *Book) apply(levels []PreParsedLevel) {
	for _, l := range levels {
		found := false
		for i := range b.bids {
			if b.bids[i].Price == l.Price {
				b.bids[i].Qty = l.Quantity
				found = true
				break
			}
		}
		if !found && !l.IsZero {
			b.bids = append(b.bids, Level{Price: l.Price, Qty: l.Quantity})
		}
	}
}

func (b *Book) Update(raw [][2]string) { b.apply(preParse(raw)) }

// tickIndex keys levels by price, parsed from mantissa and scale.
var tickIndex = map[float64]int{}

func parseScaled(s string) float64 {
	var mant int64
	scale := 0
	frac := false
	for _, c := range []byte(s) {
		if c == '.' {
			frac = true
			continue
		}
		mant = mant*10 + int64(c-'0')
		if frac {
			scale++
		}
	}
	return float64(mant) * math.Pow10(-scale) // want `parseScaled rounds at every digit; its result is a map key in index: use strconv\.ParseFloat`
}

func index(prices []string) {
	for i, p := range prices {
		tickIndex[parseScaled(p)] = i
	}
}

var _ = index
