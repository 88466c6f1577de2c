package claims

import "fmt"

// factorRestatesHeld (forty-eighth round): a summary that lists the
// factors of a table further down ("families 3.58x; multigenerational
// households 3.68x" before a table whose rows give 3.58x and 3.68x, each
// checked there against its row's pair) had those factors called
// unsupported, because the pairs the reader tries for a claim are the
// pairs of its own subject (the summary's heading), and the rows belong
// to the table's. A factor alarmed unsupported is consistent when
// another claim of the report states the same factor (the same text, in
// the same form) and holds on a pair of the report's figures that gives
// it at the restatement's rounding: the restatement borrows that pair.
// A factor no consistent claim states keeps its alarm, and so does one
// whose text another claim states differently ("3.6x" for a row's
// "3.58x" is left to the other checks). Cost: one map of the report's
// consistent factors, built once; one look-up per alarmed factor.
const factorRestatesHeld = true

// unalarmRestatedFactors: see factorRestatesHeld.
func (x *extractor) unalarmRestatedFactors() {
	if !factorRestatesHeld {
		return
	}
	var held map[string]*Claim
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Kind != Speedup || c.Verdict != Unsupported || c.stated.Text == "" || c.stated.isRange() || !(c.stated.Value > 1) {
			continue
		}
		if held == nil {
			held = make(map[string]*Claim)
			for j := range x.rep.Claims {
				o := &x.rep.Claims[j]
				if o.Kind != Speedup || o.Verdict != Consistent || o.stated.Text == "" || o.stated.isRange() || heldPair(o) == nil {
					continue
				}
				if _, ok := held[o.stated.Text]; !ok {
					held[o.stated.Text] = o
				}
			}
		}
		o := held[c.stated.Text]
		if o == nil || o.Line == c.Line {
			continue
		}
		p := *heldPair(o)
		a, b := p.Old.mid(), p.New.mid()
		if !(a > 0) || !(b > 0) {
			continue
		}
		q := a / b
		if q < 1 {
			q = 1 / q
		}
		if q < c.stated.Value-c.stated.step/2 || q > c.stated.High+c.stated.step/2 {
			continue
		}
		c.Cross, c.Verdict, c.Arithmetic = nil, Consistent, Consistent
		c.Pair = &p
		c.Detail = fmt.Sprintf("restates the %sx of line %d, which %s → %s (lines %d and %d) give", c.stated.Text, o.Line, p.Old.String(), p.New.String(), p.OldLine, p.NewLine)
	}
}

// heldPair returns the pair a consistent factor rests on: its own pair,
// or the two figures of the report its cross-check found; nil when it
// rests on neither.
func heldPair(o *Claim) *Pair {
	if o.Pair != nil {
		return o.Pair
	}
	if o.Cross == nil || len(o.Cross.Operands) != 2 || len(o.Cross.Lines) == 0 {
		return nil
	}
	la, lb := o.Cross.Lines[0], o.Cross.Lines[len(o.Cross.Lines)-1]
	return &Pair{Old: o.Cross.Operands[0], New: o.Cross.Operands[1], OldLine: la, NewLine: lb, From: "the report's figures"}
}
