package claims

import (
	"math"
	"regexp"
	"strconv"
	"strings"
)

// equationResultOff (fiftieth round): a figure that is the result of a
// product or quotient its line writes out with an equals sign ("Per
// year: $10.02 × 365 = $3,657", "88 × 24 = 2,112") and that the two
// figures before the sign do not give was left unverifiable:
// listEquationResults lists only results no other claim states, and
// leaves a result it cannot recompute unverifiable, since the operands
// may be rounded or the result rounded up to whole things. When the
// result is stated and off by more than that allows — beyond the
// rounding of the operands and of the result, and by more than 2 % of
// the product (rounding up to whole things is a step of one, which the
// result's own rounding already covers once the result is large) — the
// line's own arithmetic is wrong: an arithmetic error, naming the
// expression and what it gives. Results of one significant figure
// and expressions whose result is itself an operand of a longer chain
// ("a × b = c × d") or the last step of one ("3.2 h × 8 × $1.008 =
// $25.80": a figure before the first operand in its clause) are left
// alone. Cost: one match of equationRE per line holding "=" and an
// unverifiable claim, and per figure of such a claim a pass over the
// line's expressions.
const equationResultOff = true

// scaleWordRE matches a scale word or prefix right after a figure.
var scaleWordRE = regexp.MustCompile(`^\s*(?i:[kmgt]i?b?\b|k\b|thousand|million|billion|trillion|bn\b|[mµu]s\b|ns\b|%)`)

// equationOffRel is how far, as a fraction of the recomputed value, a
// written-out result may be from it before it is an error.
const equationOffRel = 0.02

// checkEquationResults: see equationResultOff.
func (x *extractor) checkEquationResults() {
	if !equationResultOff {
		return
	}
	var add []Claim
	// The expressions of each line, matched once.
	matches := make(map[int][][]int)
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Verdict != Unverifiable || c.Cross != nil || c.Line < 1 || c.Line > len(x.lines) {
			continue
		}
		dl := &x.lines[c.Line-1]
		if dl.kind != lkProse && dl.kind != lkTable || !strings.Contains(dl.raw, "=") || x.isPrevious(int(dl.section)) {
			continue
		}
		ms, ok := matches[c.Line]
		if !ok {
			ms = equationRE.FindAllStringSubmatchIndex(plain(dl.raw), -1)
			matches[c.Line] = ms
		}
		if len(ms) == 0 {
			continue
		}
		raw := plain(dl.raw)
		for at, n := range c.Numbers {
			cx := equationOffFor(raw, ms, n, c.Line)
			if cx == nil {
				continue
			}
			if e, split := figureOwnClaim(c, at, cx); split {
				add = append(add, e)
			}
			break
		}
	}
	x.addClaims(add)
}

// equationOffFor returns the check that makes n, the result of an
// expression written out on raw (line 1-based line), an arithmetic
// error; nil when no expression of the line ends in n or the expression
// gives it.
func equationOffFor(raw string, ms [][]int, n Number, line int) *Cross {
	if n.isRange() || !(n.Value > 0) {
		return nil
	}
	for _, m := range ms {
		if m[0] > 0 && (isDigit(raw[m[0]-1]) || raw[m[0]-1] == '.') {
			continue
		}
		if raw[m[14]:m[15]] != n.Text {
			continue
		}
		end := m[15]
		if end < len(raw) && (isDigit(raw[end]) || raw[end] == '.' && end+1 < len(raw) && isDigit(raw[end+1])) {
			continue
		}
		// A chain: the first operand is the result of figures before
		// it in its clause ("3.2 h × 8 × $1.008 = $25.80", "0.05 ×
		// 9,112 + 0.01 × 15,208 = 7,038"), or the result an operand of
		// another operator.
		from := strings.LastIndexAny(raw[:m[0]], ":;(=")
		if strings.IndexFunc(raw[from+1:m[0]], func(r rune) bool { return r >= '0' && r <= '9' }) >= 0 {
			continue
		}
		if rest := strings.TrimLeft(raw[end:], " \t"); rest != "" && strings.ContainsRune("×*÷/=+−-", []rune(rest)[0]) {
			continue
		}
		// Operands with unit words ("7,200 × 272.7 µs = 19.6 s", "2,210
		// mAh ÷ 78.1 µA = 28,300 h") are of scales the line does not
		// say; only bare figures and sums of money are multiplied here,
		// and a result with a scale word after it is left alone.
		if strings.TrimSpace(raw[m[5]:m[6]]) != "" || strings.TrimSpace(raw[m[11]:strings.LastIndex(raw[:m[12]], "=")]) != "" ||
			scaleWordRE.MatchString(raw[end:]) {
			continue
		}
		num := func(a, b int) (v, step float64, ok bool) {
			t := strings.ReplaceAll(raw[a:b], ",", "")
			v, err := strconv.ParseFloat(t, 64)
			step = 1
			if d := strings.IndexByte(t, '.'); d >= 0 {
				step = math.Pow(10, -float64(len(t)-d-1))
			}
			return v, step, err == nil
		}
		a, sa, ok1 := num(m[4], m[5])
		b, sb, ok2 := num(m[10], m[11])
		r, sr, ok3 := num(m[14], m[15])
		if !ok1 || !ok2 || !ok3 || !(a > 0) || !(b > 0) || !(r > 0) || r < 10*sr {
			continue
		}
		op := raw[m[6]:m[7]]
		var got float64
		switch op {
		case "×", "*":
			got = a * b
		default:
			got = a / b
		}
		tol := got*(sa/2/a+sb/2/b) + sr/2
		if math.Abs(got-r) <= tol || math.Abs(got-r) <= got*equationOffRel {
			return nil
		}
		o := func(a, b int, v float64) Number { return Number{Text: raw[a:b], Value: v, High: v} }
		return &Cross{Reason: DerivedOff, Derivation: Expression, Lines: []int{line}, Stated: n, Got: got,
			GotUnit: n.Unit, Operands: []Number{o(m[4], m[5], a), o(m[10], m[11], b)}}
	}
	return nil
}
