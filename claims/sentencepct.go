package claims

import (
	"fmt"
	"strings"
)

// percentOwnSentence (forty-eighth round): a percentage of prose whose
// two operands are the figures of its own sentence ("a record costs
// 3.105 µs, only 9.0 % less than" / "the 3.412 µs of a lone record";
// "costs 1.096 µs, 14.0 % less than a lone one at 1.274 µs") was called
// unsupported when the figures come from a derived table (per-record
// costs computed from benchmark scores) or from rows the reader does not
// pair, since the pairs it tries are the subject's, not the sentence's.
// A percentage alarmed unsupported is consistent when two figures of one
// quantity in its sentence (its line, joined with the wrapped lines
// before and after it in its paragraph, cut at the sentence's ends) give
// it as a change at its rounding: |a − b| over the larger, or over the
// smaller when a word of increase follows the percentage ("more",
// "higher"; "156.7 % lower" over the new value is a wrong base and keeps
// its alarm). A percentage no two figures of its sentence give keeps its
// alarm, and so does one whose lines carry another alarm, or whose two
// figures are the before side of one pair of the report and the after
// side of another (a row's old figure set against another row's new
// one: mixed rows). Cost:
// per alarmed percentage, a scan of at most three lines and the pairs of
// that sentence's figures (a handful).
const percentOwnSentence = true

// increaseOverSmallerOnly (fifty-fourth round): percentOwnSentence read a
// percentage that a word of increase follows over either figure of its
// sentence, so "the old parser ran at 242.0 MiB/s and the new one at
// 668.2 MiB/s, a 63.8 % increase in throughput" held as 426.2 over the
// larger figure: a rise over the figure it rose to, the wrong base (the
// increase is 176.1 %). A percentage of increase is now held by the
// smaller figure only, as the doc above says. Cost: none.
const increaseOverSmallerOnly = true

// unalarmSentencePercents: see percentOwnSentence.
func (x *extractor) unalarmSentencePercents() {
	if !percentOwnSentence {
		return
	}
	var alarmed map[int]int
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Kind != Percent || c.Verdict != Unsupported || c.Line < 1 || c.Line > len(x.lines) ||
			x.lines[c.Line-1].kind != lkProse || c.stated.isRange() || c.stated.Text == "" {
			continue
		}
		if alarmed == nil {
			alarmed = make(map[int]int)
			for j := range x.rep.Claims {
				if x.rep.Claims[j].Verdict.Failed() {
					alarmed[x.rep.Claims[j].Line]++
				}
			}
		}
		if alarmed[c.Line] > 1 || alarmed[c.Line-1] > 0 || alarmed[c.Line+1] > 0 {
			continue
		}
		i := c.Line - 1
		line := blankCode(plain(x.lines[i].raw))
		at := strings.Index(line, c.stated.Text)
		if at < 0 {
			continue
		}
		prev, next := x.wrappedLine(i, i-1), x.wrappedLine(i, i+1)
		text := line
		if prev != "" {
			text = prev + " " + line
			at += len(prev) + 1
		}
		if next != "" {
			text += " " + next
		}
		after := text[at+len(c.stated.Text):]
		after = after[:min(len(after), 24)]
		overSmaller := increaseWordRE.MatchString(after)
		lo, hi := sentenceAt(text, at)
		figs := scanFigures(text[lo:hi])
		want, tol := c.stated.Value, c.stated.step/2+1e-9
		var a, b Number
		found := false
		for p := 0; p < len(figs) && !found; p++ {
			fp := figs[p]
			if fp.Quantity != Time && fp.Quantity != Memory && fp.Quantity != Throughput || !(fp.mid() > 0) {
				continue
			}
			for q := p + 1; q < len(figs) && !found; q++ {
				fq := figs[q]
				if fq.Quantity != fp.Quantity || !(fq.mid() > 0) || fq.mid() == fp.mid() {
					continue
				}
				d := fp.mid() - fq.mid()
				if d < 0 {
					d = -d
				}
				bases := []float64{max(fp.mid(), fq.mid())}
				if overSmaller && increaseOverSmallerOnly {
					bases = bases[:0]
				}
				if overSmaller {
					bases = append(bases, min(fp.mid(), fq.mid()))
				}
				for _, base := range bases {
					if v := d / base * 100; v >= want-tol && v <= want+tol {
						a, b, found = fp.Number, fq.Number, true
						break
					}
				}
			}
		}
		if !found || x.sidesOfTwoPairs(a, b) {
			continue
		}
		c.Cross, c.Verdict, c.Arithmetic = nil, Consistent, Consistent
		c.Pair = &Pair{Old: a, New: b, OldLine: c.Line, NewLine: c.Line, From: "its own sentence"}
		c.Detail = fmt.Sprintf("%s and %s of its sentence give %s%%", a.String(), b.String(), c.stated.Text)
	}
}

// sentenceAt returns the bounds of the sentence of text around
// byte offset at: from after the last ". " (or "? ", "! ") before it to
// the next one after it, or the text's ends.
func sentenceAt(text string, at int) (lo, hi int) {
	lo, hi = 0, len(text)
	for j := at - 1; j > 0; j-- {
		if (text[j-1] == '.' || text[j-1] == '?' || text[j-1] == '!') && text[j] == ' ' {
			lo = j
			break
		}
	}
	for j := at; j+1 < len(text); j++ {
		if (text[j] == '.' || text[j] == '?' || text[j] == '!') && text[j+1] == ' ' {
			hi = j
			break
		}
	}
	return lo, hi
}

// sidesOfTwoPairs reports whether a is the before side of one pair of
// the report and b the after side of another (or the other way round)
// with neither pair joining them: the sentence then sets a row's before
// against another row's after, and the percentage they give mixes rows.
func (x *extractor) sidesOfTwoPairs(a, b Number) bool {
	var aOld, aNew, bOld, bNew, joined bool
	for _, e := range x.pairs {
		o, n := e.p.Old, e.p.New
		if sameFigure(o, a) && sameFigure(n, b) || sameFigure(o, b) && sameFigure(n, a) {
			joined = true
		}
		aOld = aOld || sameFigure(o, a)
		aNew = aNew || sameFigure(n, a)
		bOld = bOld || sameFigure(o, b)
		bNew = bNew || sameFigure(n, b)
	}
	return !joined && (aOld && !aNew && bNew && !bOld || aNew && !aOld && bOld && !bNew)
}
