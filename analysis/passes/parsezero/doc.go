// Package parsezero defines an Analyzer that reports strconv.ParseFloat
// calls whose result is only compared with zero.
//
// # Analyzer parsezero
//
// parsezero: report strconv.ParseFloat used only to test a number for zero
//
// strconv.ParseFloat implements the full Go float syntax with correct
// rounding: signs, exponents, hexadecimal mantissas, underscores, "inf" and
// "nan". When the result is only compared with 0, all that work answers a
// yes/no question that a loop over the bytes of a plain decimal string
// answers in a fraction of the time: the number is zero exactly when every
// byte is '0' or '.'. Feeds that send quantities such as "0.00000000" for a
// deleted order-book level make this test run once per level per update.
//
// The byte scan is not equivalent for every input, so the analyzer offers
// no fix. ParseFloat also reads "-0", "+0.0", "0e5" and "0x0p0" as zero,
// and it returns an error for malformed input such as "", "." or "0.0.0"
// that the scan would accept or reject differently; when the error is
// checked, the scan also drops that validation. Replace the call only when
// the input is known to be a plain decimal.
//
// The analyzer reports only when the float result has no other use, and
// not in code that runs once (init functions, package-level variables,
// func main outside loops). It does not report strconv.ParseInt and
// friends, whose fast paths make a zero test cheap already.
//
// For example:
//
//	func isZeroQty(qty string) bool {
//		f, _ := strconv.ParseFloat(qty, 64)
//		return f == 0
//	}
//
// For quantities that are always plain decimals:
//
//	func isZeroQty(qty string) bool {
//		for i := 0; i < len(qty); i++ {
//			if qty[i] != '0' && qty[i] != '.' {
//				return false
//			}
//		}
//		return true
//	}
package parsezero
