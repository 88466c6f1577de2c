package claims

import (
	"math"
	"regexp"
	"strconv"
	"strings"
)

// productChain (forty-fourth round): a size written right after the
// chain of factors that gives it ("64 neighbours × 4 B × 10 M = 2.56
// GiB", "24,000 zones × 48 hours × 12 fields × 8 bytes, 110.6 MiB",
// "1.92 million × 730 bits = 175.2 MiB") is checked as their product:
// checkSentenceProduct reads two operands, and figures such as "12
// fields" or "730 bits" are no figures of the reader's, so a chain of
// three or four was left unverifiable. The product holds → consistent;
// it holds only with the size's unit misread (MiB for MB, GiB for GB, a
// prefix a thousand off) → an ArithmeticError naming the slip; any other
// value is left alone (the chain may be one term of a longer sum).
//
// What it reads: the text before the size on its line (and the line
// before, when a prose line wraps its sentence), which must end with
// two to six operands joined by ×, x or *, each a number with an
// optional multiplier word (thousand, million, billion, k, M, bn), an
// optional byte unit (B, bytes, KB … TiB, bits) and an optional noun,
// then "=", a comma, "is" or "i.e." and the size. Exactly one operand is
// a size in bytes or bits; the others are counts. The arithmetic: the
// product of the counts (exact as written) and the size (widened by its
// rounding unless it is a nominal size such as "4 B" or "2.9 KiB" …
// written with two digits or fewer), against the stated size widened by
// its own rounding. Cost: one regular expression anchored at the end of
// the text before each unverifiable size; nothing quadratic in the
// document.
const productChain = true

var (
	// chainOperand is one factor of a chain: "24,000 zones", "4 B",
	// "1.92 million", "730 bits", "10 M".
	chainOperand = `(\d[\d,]*(?:\.\d+)?)\s*(thousand|million|billion|bn|[kKMG](?:\s|$))?\s*(?:(KiB|MiB|GiB|TiB|kB|KB|MB|GB|TB|bytes?|bits?|B)\b)?\s*(?:[a-z][a-z-]*\s*)?`
	// chainTailRE finds a chain of factors and its link ending the text
	// before a size.
	chainTailRE = regexp.MustCompile(`(?:^|[^\d.,+\-−×*x\s]\s*|[(:;]\s*)((?:` + chainOperand + `\s*[×x*]\s*){1,5}` + chainOperand + `)\s*(?:=|,|\bis\b|,?\s*i\.e\.,?)\s*(?:about\s+|roughly\s+|~|≈)?$`)
	// chainOperandRE reads one factor of a chain found by chainTailRE.
	chainOperandRE = regexp.MustCompile(chainOperand)
	// chainSepRE splits a chain into its factors.
	chainSepRE = regexp.MustCompile(`\s*[×x*]\s*(?:\d)`)
)

// chainWindow is how many bytes before a size checkProductChains reads
// for its chain: six factors with their nouns fit in far fewer.
const chainWindow = 240

// chainMultipliers are the multiplier words of a chain's counts.
var chainMultipliers = map[string]float64{"thousand": 1e3, "million": 1e6, "billion": 1e9, "bn": 1e9, "k": 1e3, "K": 1e3, "M": 1e6, "G": 1e9}

// chainByteUnits are the byte units of a chain's size, in bytes.
var chainByteUnits = map[string]float64{
	"B": 1, "byte": 1, "bytes": 1, "bit": 1.0 / 8, "bits": 1.0 / 8,
	"kB": 1e3, "KB": 1e3, "MB": 1e6, "GB": 1e9, "TB": 1e12,
	"KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30, "TiB": 1 << 40,
}

// checkProductChains: see productChain.
func (x *extractor) checkProductChains() {
	if !productChain {
		return
	}
	var add []Claim
	var ls lineScan
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Verdict != Unverifiable || c.Line < 1 || c.Line > len(x.lines) || x.lines[c.Line-1].kind == lkCode {
			continue
		}
		for _, n := range c.Numbers {
			if n.isRange() || !(n.Value > 0) || !(n.scale > 0) || !(n.Quantity == Memory || n.Quantity == PerPeriod && n.dim == "B") {
				continue
			}
			if cx := x.productChainOf(&ls, c, n); cx != nil {
				add = append(add, alarmOnFigure(c, n, cx)...)
				break
			}
		}
	}
	x.addClaims(add)
}

// productChainOf returns the outcome of size n of claim c as the product
// of the chain of factors written right before it, nil when there is no
// such chain or its product is neither n nor n with its unit misread.
func (x *extractor) productChainOf(ls *lineScan, c *Claim, n Number) *Cross {
	text, from, figs, at := ls.read(x, c.Line, n)
	if at < 0 {
		return nil
	}
	// The chain is read in a window before the figure, so that a line
	// of many figures costs each a bounded read.
	lo0 := max(0, figs[at].start-chainWindow)
	if lo0 > 0 {
		if sp := strings.IndexByte(text[lo0:figs[at].start], ' '); sp >= 0 {
			lo0 += sp
		} else {
			return nil
		}
	}
	win := text[lo0:figs[at].start]
	mi := chainTailRE.FindStringSubmatchIndex(win)
	if mi == nil || lo0 > 0 && mi[0] == 0 {
		// None, or one that may run on before the window.
		return nil
	}
	m := []string{win[mi[0]:mi[1]], win[mi[2]:mi[3]]}
	lo, hi, ops, ok := chainProduct(m[1])
	if !ok {
		return nil
	}
	lines := []int{c.Line}
	if lo0+mi[2] < from {
		lines = []int{c.Line - 1, c.Line}
	}
	if n.Quantity == PerPeriod {
		// "6,200 × 22 KB × 30 days is 4.1 GB a month": the amount over
		// its period, in bytes.
		n.Quantity = Memory
	}
	cx := &Cross{Derivation: Product, Lines: lines, Stated: n, Got: toUnit((lo+hi)/2, n), GotUnit: n.Unit, Operands: ops}
	if rangeMatch(n, lo, hi) {
		cx.Reason = DerivedHolds
		return cx
	}
	f := 0.0
	for _, g := range prefixSlips(n) {
		if f == 0 && rangeMatch(n, lo*g, hi*g) {
			f = g
		}
	}
	if f == 0 {
		f = slipOf(n, lo, hi)
	}
	if f == 0 {
		return nil
	}
	cx.Reason, cx.Factor = UnitSlip, f
	return cx
}

// chainProduct returns the product, in bytes, of a chain of factors
// matched by chainTailRE, widened by the size's rounding, and its
// factors as figures; ok is false unless exactly one factor is a size.
func chainProduct(chain string) (lo, hi float64, ops []Number, ok bool) {
	parts := chainSepRE.FindAllStringIndex(chain, -1)
	starts := []int{0}
	for _, p := range parts {
		starts = append(starts, p[1]-1)
	}
	lo, hi = 1, 1
	sizes := 0
	for i, s := range starts {
		end := len(chain)
		if i+1 < len(starts) {
			end = parts[i][0]
		}
		om := chainOperandRE.FindStringSubmatch(chain[s:end])
		if om == nil {
			return 0, 0, nil, false
		}
		v, err := strconv.ParseFloat(strings.ReplaceAll(om[1], ",", ""), 64)
		if err != nil || !(v > 0) {
			return 0, 0, nil, false
		}
		mult := 1.0
		if w := strings.TrimSpace(om[2]); w != "" {
			mult = chainMultipliers[w]
		}
		num := Number{Text: om[1], Value: v, High: v}
		if u := om[3]; u != "" {
			sizes++
			unit := chainByteUnits[u]
			step := stepOf(om[1])
			a, b := (v-step/2)*unit, (v+step/2)*unit
			if significantDigits(digitsOf(om[1])) <= 2 {
				// A nominal size: "4 B", "2.9 KiB" as the record's size.
				a, b = v*unit, v*unit
			}
			lo, hi = lo*a*mult, hi*b*mult
			num.Unit = u
		} else {
			if mult == 1 && v != math.Trunc(v) {
				// "× 2.3" sessions a day: a mean count, widened by its
				// rounding.
				step := stepOf(om[1])
				lo, hi = lo*(v-step/2), hi*(v+step/2)
			} else {
				lo, hi = lo*v*mult, hi*v*mult
			}
			if w := strings.TrimSpace(om[2]); w != "" {
				num.Text += " " + w
			}
		}
		ops = append(ops, num)
	}
	return lo, hi, ops, sizes == 1 && len(ops) >= 2
}

// contradictionIsProduct takes back a "contradicted" from a size that
// the chain of factors right before it gives ("11,200 positions × 1,024
// voxels × 1 byte = 11.5 MB per cell", read as a restatement of the
// planner's 12 MiB per cell elsewhere): the figure is the product its
// line computes, and the product holding makes it consistent, as
// contradictionIsDifference does for a difference. The chain is read as
// checkProductChains reads it (a 240-byte window), once per contradicted
// size. Forty-fifth round.
const contradictionIsProduct = true

// unalarmContradictedProducts: see contradictionIsProduct.
func (x *extractor) unalarmContradictedProducts() {
	if !contradictionIsProduct || !productChain {
		return
	}
	var ls lineScan
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Verdict != Contradicted || c.Kind != Absolute || c.Cross == nil || c.Cross.Reason != RestatedDiffers || len(c.Numbers) != 1 ||
			c.Line < 1 || c.Line > len(x.lines) || x.lines[c.Line-1].kind == lkCode {
			continue
		}
		n := c.Numbers[0]
		if n.isRange() || !(n.Value > 0) || !(n.scale > 0) || n.Quantity != Memory {
			continue
		}
		if cx := x.productChainOf(&ls, c, n); cx != nil && cx.Reason == DerivedHolds {
			c.Verdict, c.Arithmetic, c.Cross = Consistent, Consistent, cx
			c.Detail = cx.String()
		}
	}
}
