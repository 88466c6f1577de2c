package claims

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// criterionThrptChange: criterion prints a benchmark's change of
// throughput under its change of time ("change:" / "time: [-71.108%
// -71.016% -70.921%]" / "thrpt: [+243.89% +245.02% +246.17%]"), computed
// from it: a change t of the time per iteration is a change 1/(1+t) − 1
// of the elements per second. Where the report pastes no baseline run
// with throughput (it saved the baseline, or gives its means in a
// table), the throughput change was checked as any percentage against
// the report's pairs, none of which is its own, and called unsupported.
// It is now checked against the time change printed above it: consistent
// when the one gives the other within the rounding of both, an
// ArithmeticError otherwise (the output was edited). Twenty-ninth round
// (testdata/labels/README.md): criterion's output format.
const criterionThrptChange = true

// A critChange is a change criterion printed: its middle figure, signed,
// with the benchmark, block and 0-based line it is on.
type critChange struct {
	n       Number
	v, step float64
	text    string
	name    string
	block   int32
	line    int
	ok      bool
}

// A critThrptLine is a throughput change and the time change it rests on.
type critThrptLine struct {
	thrpt, time critChange
}

// signedChange reads a change figure of criterion as a signed fraction
// of a whole in percent ("-71.016%" is −71.016).
func signedChange(f *figure) float64 {
	v := f.Value
	if f.sign == '-' {
		v = -v
	}
	return v
}

// noteCriterionChange records the change on line i (0-based) of kind sub
// ("time" or "thrpt") whose middle figure is mid, for
// checkCriterionThrptChanges.
func (x *extractor) noteCriterionChange(i int, sub string, mid *figure) {
	if !criterionThrptChange || mid.Unit != "%" {
		return
	}
	ch := critChange{n: mid.Number, v: signedChange(mid), step: mid.step, text: mid.Text, name: x.critName, block: x.lines[i].block, line: i, ok: true}
	switch sub {
	case "time":
		x.critTime = ch
	case "thrpt":
		t := x.critTime
		if !t.ok || t.name != ch.name || t.block != ch.block || i-t.line > 2 || x.critPair[x.critName+" thrpt"] != nil {
			return
		}
		if x.critThrpt == nil {
			x.critThrpt = make(map[int]critThrptLine)
		}
		x.critThrpt[i+1] = critThrptLine{thrpt: ch, time: t}
		x.critTime = critChange{}
	}
}

// checkCriterionThrptChanges: see criterionThrptChange.
func (x *extractor) checkCriterionThrptChanges() {
	if len(x.critThrpt) == 0 {
		return
	}
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		tl, ok := x.critThrpt[c.Line]
		if !ok || c.Kind != Percent || c.stated.Unit != "%" || strings.TrimLeft(c.stated.Text, "+-−") != strings.TrimLeft(tl.thrpt.text, "+-−") {
			continue
		}
		// The throughput change 1/(1+t) − 1 falls as t rises.
		f := func(t float64) float64 { return 100 * (1/(1+t/100) - 1) }
		t := tl.time
		lo, hi := f(t.v+t.step/2), f(t.v-t.step/2)
		v, sv := tl.thrpt.v, tl.thrpt.step/2
		eps := 1e-9 * math.Max(1, math.Abs(v))
		got := signedPercent(f(t.v), tl.thrpt.step)
		// The time change's figure in throughput terms: a conversion of
		// it, the operand the check rests on.
		c.Pair = nil
		c.Cross = &Cross{Reason: DerivedHolds, Derivation: Conversion, Lines: []int{t.line + 1, c.Line}, Stated: c.stated,
			Got: math.Abs(f(t.v)), GotUnit: "%", Operands: []Number{t.n}}
		if v+sv+eps >= lo && v-sv-eps <= hi {
			c.Verdict, c.Arithmetic = Consistent, Consistent
			c.Detail = fmt.Sprintf("criterion's change of time %s (line %d) gives a change of throughput 1/(1 + t) − 1 = %s", signedPercent(t.v, t.step), t.line+1, got)
			continue
		}
		c.Cross.Reason = DerivedOff
		c.Verdict, c.Arithmetic = ArithmeticError, ArithmeticError
		c.Detail = fmt.Sprintf("criterion's change of time %s (line %d) gives a change of throughput 1/(1 + t) − 1 = %s, not %s",
			signedPercent(t.v, t.step), t.line+1, got, signedPercent(v, tl.thrpt.step))
	}
}

// signedPercent writes a change in percent with its sign and the
// decimals of step ("+245.02%").
func signedPercent(v, step float64) string {
	s := strconv.FormatFloat(v, 'f', decimals(step), 64)
	if v >= 0 {
		s = "+" + s
	}
	return s + "%"
}

// decimals is the number of decimals a place value step has (0.01: 2).
func decimals(step float64) int {
	d := 0
	for step > 0 && step < 0.999 && d < 9 {
		step *= 10
		d++
	}
	return d
}
