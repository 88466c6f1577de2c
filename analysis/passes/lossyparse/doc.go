// Package lossyparse defines an Analyzer that reports hand-written decimal
// parsers that round at every digit, when their float64 result is compared
// for equality, used as a map key, or returned from an exported function.
//
// # Analyzer lossyparse
//
// lossyparse: report digit-by-digit float parsers whose inexact result is compared, used as a map key or exported
//
// A decimal string such as "27000.10" has one correctly rounded float64:
// the nearest one, which strconv.ParseFloat returns, and which is what a
// JSON decoder, a Go constant or another service's parser produces for the
// same text. A hand-written parser that builds the float digit by digit
// rounds at every step and lands on a neighbour for many inputs:
//
//   - place *= 0.1 (or place /= 10) with result += digit * place: 0.1 is
//     not a float64, and each step adds its error; "0.3" gives
//     0.30000000000000004;
//   - div *= 10 with result += digit / div: each term is rounded, and so
//     is each sum; "0.12" gives 0.12000000000000001;
//   - v = v*10 + digit, then v /= 10 (or v *= 0.1) once per fraction
//     digit: "0.11" gives 0.11000000000000001;
//   - v = v*10 + digit, then v * math.Pow10(-n), v * math.Pow(10, -n) or
//     v * 1e-n: 10⁻ⁿ is not a float64; "0.3" gives 0.30000000000000004.
//
// On 100,000 random prices with two decimals (seeded, between 1 and
// 100,000), 21 to 23 % of the results of the first two forms differ from
// strconv.ParseFloat's, 28 % of the third and 13 % of the fourth; with
// eight decimals below 1, 54 to 67 % of the first three. The error is an
// ulp or so, harmless in a sum and fatal in an equality: an order-book
// level parsed from an update does not match the same price parsed from a
// snapshot by a correct parser, so a delete misses it and the book keeps
// a phantom level; a map keyed by such prices misses the key of the same
// price parsed elsewhere; a constant 0.3 never matches. Such parsers are
// written to save time over strconv.ParseFloat, whose fast path for plain
// decimals of up to 15 digits is one exact division, and correctly
// rounded.
//
// The analyzer reports a parser (the function that contains the rounding
// step, at the step) when its result, followed through local variables,
// struct fields, slices, parameters and results of the package's
// functions, and arithmetic, reaches one of:
//
//   - an == or != comparison (not with the constant 0, which such parsers
//     get exactly), or the tag of a switch statement;
//   - the key of a map index with a floating-point key type;
//   - a result of an exported function or method.
//
// It does not report integer accumulation (v = v*10 + digit into an
// integer), nor the exact form float64(v) / math.Pow10(n), which is
// correctly rounded when v < 2⁵³ and n ≤ 22 (both operands are exact and
// IEEE division rounds once); nor parsers whose results are only
// compared with <, <=, > or >=, added up or printed; nor parsers in
// _test.go files and test-support packages. Uses in _test.go files are
// not counted.
//
// There is no suggested fix: strconv.ParseFloat also accepts signs,
// exponents, "inf" and underscores, and returns errors for input the
// hand-written parser may accept. A parser as fast as the lossy ones and
// exact accumulates all the digits in an integer and divides it once by
// an exact power of ten when the integer is below 2⁵³ (at most 15 digits)
// and the point is at most 22 digits from the end, falling back to
// strconv.ParseFloat otherwise: both operands are exact and the division
// rounds once (W. D. Clinger, "How to read floating point numbers
// accurately", PLDI 1990; the fast path of strconv.ParseFloat). For
// prices, an integer number of ticks is exact and simpler still.
//
// For example:
//
//	func parsePrice(s string) float64 {
//		var v, place float64
//		frac := false
//		for i := 0; i < len(s); i++ {
//			if s[i] == '.' {
//				frac, place = true, 0.1
//				continue
//			}
//			d := float64(s[i] - '0')
//			if frac {
//				v += d * place
//				place *= 0.1 // rounds at every digit
//			} else {
//				v = v*10 + d
//			}
//		}
//		return v
//	}
//
//	if lvl.Price == parsePrice(raw) { // misses levels parsed elsewhere
//
// should be:
//
//	price, err := strconv.ParseFloat(raw, 64)
//	if err != nil {
//		return err
//	}
//	if lvl.Price == price {
package lossyparse
