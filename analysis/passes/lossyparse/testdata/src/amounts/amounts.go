// Package amounts holds positives of the other rounding forms: an exported
// parser, a per-digit division compared in a switch, and an inline parse.
package amounts

// ParseAmount returns the amount in s: a digit / divisor sum.
func ParseAmount(s string) float64 {
	var v float64
	div := 1.0
	seenDot := false
	for i := 0; i < len(s); i++ {
		if s[i] == '.' {
			seenDot = true
			continue
		}
		d := float64(s[i] - '0')
		if seenDot {
			div *= 10 // want `ParseAmount rounds at every digit; its result is returned by exported function ParseAmount: use strconv\.ParseFloat`
			v += d / div
		} else {
			v = v*10 + d
		}
	}
	return v
}

// rate divides the accumulated digits by ten once per fraction digit.
func rate(s []byte) float64 {
	var v float64
	n := 0
	frac := false
	for _, c := range s {
		if c == '.' {
			frac = true
			continue
		}
		v = 10*v + float64(c-'0')
		if frac {
			n++
		}
	}
	for ; n > 0; n-- {
		v /= 10 // want `rate rounds at every digit \(v /= 10\); its result is a switch tag \(compared with ==\) in fee: use strconv\.ParseFloat`
	}
	return v
}

func fee(s []byte) int {
	switch rate(s) {
	case 0.11:
		return 1
	case 0.25:
		return 2
	}
	return 0
}

type Order struct {
	Limit float64
}

// fills parses the price inline and compares it with the order's limit.
func (o *Order) fills(price string) bool {
	p, place := 0.0, 1.0
	frac := false
	for i := 0; i < len(price); i++ {
		if price[i] == '.' {
			frac = true
			continue
		}
		d := int(price[i] - '0')
		if !frac {
			p = p*10 + float64(d)
			continue
		}
		place = place / 10 // want `\(\*Order\)\.fills rounds at every digit; its result is compared with == in \(\*Order\)\.fills: use strconv\.ParseFloat`
		p = p + float64(d)*place
	}
	return p == o.Limit
}

var _ = (*Order).fills

// ParseQuantity accumulates an integer and a scale that shrinks by a tenth
// per fraction digit, and multiplies them at the end.
func ParseQuantity(b []byte) float64 {
	var m uint64
	scale := 1.0
	point := false
	for _, c := range b {
		if c == '.' {
			point = true
			continue
		}
		m = 10*m + uint64(c-'0')
		if point {
			scale *= 0.1 // want `ParseQuantity rounds at every digit; its result is returned by exported function ParseQuantity: use strconv\.ParseFloat`
		}
	}
	return float64(m) * scale
}
