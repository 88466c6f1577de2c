package claims

import "strings"

// moneyNotCountDifference (fifty-fifth round): an amount of money
// called an arithmetic error as the difference of two bare counts ("The
// pool shrank from 38 to 15 cores, saving $18.77 a day" against 38 − 15
// = 23) is unverifiable: the counts are of machines, cores or pods, and
// what they cost each is not the count; the saving is their difference
// times a price the sentence does not give. A claim whose stated figure
// is written with a currency sign ($, €, £) and whose recomputed
// difference rests on operands of no unit (counts) is left unverifiable;
// a difference written without a currency sign ("saving 13 cores")
// keeps its check. Cost: one pass over the claims.
const moneyNotCountDifference = true

// unalarmMoneyCountDifferences: see moneyNotCountDifference.
func (x *extractor) unalarmMoneyCountDifferences() {
	if !moneyNotCountDifference {
		return
	}
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Verdict != ArithmeticError || c.Kind != Absolute || c.Cross == nil || c.Cross.Derivation != Difference ||
			len(c.Cross.Operands) != 2 || !strings.ContainsAny(c.Cross.Stated.Unit, "$€£") {
			continue
		}
		counts := true
		for _, o := range c.Cross.Operands {
			if o.Unit != "" || strings.ContainsAny(o.Text, "$€£") || canonical(o.Quantity) != Count {
				counts = false
			}
		}
		if !counts {
			continue
		}
		c.Cross, c.Verdict, c.Arithmetic = nil, Unverifiable, Unverifiable
		c.Detail = "an amount of money beside two counts; their difference is no amount without a price per unit"
	}
}
