// Package nearmiss holds decimal parsers that are exact, or whose inexact
// results are never compared for equality, used as keys or exported.
package nearmiss

import (
	"math"
	"strconv"
)

// parseTicks accumulates an integer: exact.
func parseTicks(s string) int64 {
	var v int64
	for i := 0; i < len(s); i++ {
		if s[i] == '.' {
			continue
		}
		v = v*10 + int64(s[i]-'0')
	}
	return v
}

// ParseExact divides an integer mantissa below 2^53 by an exact power of
// ten: one correctly rounded division.
func ParseExact(s string) float64 {
	var mant int64
	scale := 0
	frac := false
	for i := 0; i < len(s); i++ {
		if s[i] == '.' {
			frac = true
			continue
		}
		mant = mant*10 + int64(s[i]-'0')
		if frac {
			scale++
		}
	}
	return float64(mant) / math.Pow10(scale) // exact: not reported
}

// parseLossy rounds per digit, but its results are only ordered, summed
// and printed.
func parseLossy(s string) float64 {
	var v, place float64
	frac := false
	for i := 0; i < len(s); i++ {
		if s[i] == '.' {
			frac, place = true, 0.1
			continue
		}
		d := float64(s[i] - '0')
		if frac {
			v += d * place
			place *= 0.1 // inexact, but see the uses below
		} else {
			v = v*10 + d
		}
	}
	return v
}

func crosses(bid, ask string) bool {
	return parseLossy(bid) >= parseLossy(ask) // ordering tolerates an ulp
}

func total(qtys []string) float64 {
	sum := 0.0
	for _, q := range qtys {
		sum += parseLossy(q)
	}
	return sum
}

func show(p string) string {
	return strconv.FormatFloat(parseLossy(p), 'f', 2, 64) // printed with 2 decimals: the ulp does not show
}

// isEmpty compares with 0, which the parser gets exactly.
func isEmpty(q string) bool { return parseLossy(q) == 0 }

// isNaN compares the value with itself.
func isNaN(q string) bool {
	v := parseLossy(q)
	return v != v
}

// viaStrconv is exact.
func viaStrconv(a, b string) bool {
	x, _ := strconv.ParseFloat(a, 64)
	y, _ := strconv.ParseFloat(b, 64)
	return x == y
}

// rounded compares after rounding to cents: math.Round absorbs the error.
func rounded(a string, cents int64) bool {
	return int64(math.Round(parseLossy(a)*100)) == cents
}

// parseQty is only compared for equality in a test.
func parseQty(s string) float64 {
	var v float64
	n := 0
	frac := false
	for i := 0; i < len(s); i++ {
		if s[i] == '.' {
			frac = true
			continue
		}
		v = v*10 + float64(s[i]-'0')
		if frac {
			n++
		}
	}
	for ; n > 0; n-- {
		v *= 0.1 // only tests compare the result
	}
	return v
}

func hasQty(s string) bool { return parseQty(s) > 0 }

var _ = []any{parseTicks, crosses, total, show, isEmpty, isNaN, viaStrconv, rounded, hasQty}

var exactPow10 = [...]float64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15}

// ParseTick divides the integer of all digits once by an exact power of
// ten from a table: correctly rounded, so comparing it is fine.
func ParseTick(s string) (float64, bool) {
	var m uint64
	n, point := 0, false
	for i := 0; i < len(s); i++ {
		if s[i] == '.' {
			point = true
			continue
		}
		m = m*10 + uint64(s[i]-'0')
		if point {
			n++
		}
	}
	if n >= len(exactPow10) {
		return 0, false
	}
	return float64(m) / exactPow10[n], true // exact: not reported
}

func sameTick(a, b string) bool {
	x, _ := ParseTick(a)
	y, _ := ParseTick(b)
	return x == y
}

var _ = sameTick
