package claims

import (
	"math"
	"regexp"
	"slices"
	"strings"
)

// rowOfOtherSetting (forty-sixth round): a factor or percentage of prose
// resting on a pair of its own sentence ("with 64 rules the time goes
// from 14,517.3 ns to 1,122.5 ns, a 92.3 % reduction"; "For small rotas
// (200 entries) the router takes 344.1 ns against 912.4 ns, 2.65x") whose
// sentence names a setting (a whole number of two digits or more: 64
// rules, 200 entries, 500 req/s, a 5,000-word chapter) while one figure
// of the pair is stated in the report's tables or program output only on
// rows that lack that setting, and a row of the same block has it, mixes
// rows: the figure is taken from another setting's row (the 16-rule row's
// 1,122.5 ns, the 2,000-entry row's 344.1 ns). The figure and the ratio
// become MixesRows, naming the two lines. The other figure of the pair
// must be stated on a row with the setting or on no row at all, and the
// borrowed figure, with three significant digits or more, on at least
// one row; the row with the setting must state a measure (criterion's
// name line does not), and the borrowed figure's rows must hold none of
// the sentence's whole numbers (a sentence naming both rows' settings,
// "32 nodes cost 1.49 node-hours against 1.29 at 16 nodes", compares
// them on purpose), nor may the sentence say how a cost grows or scales
// ("grows", "scales", "tenfold", "doubles"). Whole numbers of the pair's
// own quantity are measurements, not settings. Read on BenchmarkDotNet's
// and JMH's parameter columns, a table's setting column, and a benchmark
// name's parameter ("words:20000").
//
// What it reads: the figures of each table and output line once (kept
// per line; unitless cells matched at a figure's rounding, as JMH writes
// its unit in a column of its own), indexed by value (a fiftieth of a
// decade), and for each consistent ratio of prose resting on its own
// sentence's pair, the few rows stating its two figures and their blocks'
// rows. Cost: one scan of the table and output lines; per claim, the
// rows of at most two blocks.
const rowOfOtherSetting = true

// checkRowsOfOtherSetting: see rowOfOtherSetting.
func (x *extractor) checkRowsOfOtherSetting() {
	if !rowOfOtherSetting {
		return
	}
	type cell struct {
		line int
		f    figure
	}
	keyOf := func(v float64) int { return int(math.Floor(math.Log10(v) * 50)) }
	var index map[int][]cell
	settings := make(map[int][]float64) // a row's whole numbers without a unit
	measures := make(map[int]bool)      // rows with a figure other than those
	build := func() {
		index = make(map[int][]cell)
		for i, l := range x.lines {
			if l.kind != lkTable && l.kind != lkOutput {
				continue
			}
			for _, f := range scanFigures(l.raw) {
				if f.isRange() || !(f.Value > 0) || f.plusMinus {
					continue
				}
				if f.Unit == "" && !strings.Contains(f.Text, ".") {
					settings[i+1] = append(settings[i+1], f.Value)
				} else {
					measures[i+1] = true
				}
				index[keyOf(f.Value)] = append(index[keyOf(f.Value)], cell{i + 1, f})
			}
		}
	}
	// rowsOf returns the table and output lines that state n: as
	// written with its unit, or a unitless cell that n rounds.
	rowsOf := func(n Number) []int {
		var out []int
		k := keyOf(n.Value)
		for d := -1; d <= 1; d++ {
			for _, c := range index[k+d] {
				f := c.f
				if f.Unit != "" && f.Unit != n.Unit {
					continue
				}
				if math.Abs(f.Value-n.Value) > n.step/2+1e-9*n.Value || significantDigits(digitsOf(f.Text)) < significantDigits(digitsOf(n.Text)) {
					continue
				}
				if !slices.Contains(out, c.line) {
					out = append(out, c.line)
				}
			}
		}
		return out
	}
	blockRows := func(line int) []int {
		var out []int
		b, k := x.lines[line-1].block, x.lines[line-1].kind
		for i := line - 1; i >= 0 && x.lines[i].block == b && x.lines[i].kind == k; i-- {
			out = append(out, i+1)
		}
		for i := line; i < len(x.lines) && x.lines[i].block == b && x.lines[i].kind == k; i++ {
			out = append(out, i+1)
		}
		return out
	}
	has := func(line int, v float64) bool { return slices.Contains(settings[line], v) }
	var add []Claim
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Kind != Speedup && c.Kind != Percent || c.Verdict != Consistent || c.Pair == nil || c.expected ||
			c.Pair.OldLine < c.Line-1 || c.Pair.OldLine > c.Line || c.Pair.NewLine < c.Line-1 || c.Pair.NewLine > c.Line ||
			x.lines[c.Line-1].kind != lkProse || x.lines[c.Pair.OldLine-1].kind != lkProse {
			continue
		}
		if index == nil {
			build()
		}
		// The settings the sentence names: whole numbers other than the
		// pair's and the ratio's figures and other than figures of the
		// pair's quantity (measurements, not settings); those of two
		// digits or more may name a row.
		text := x.settingSentence(c.Pair.OldLine, c.Line, c.Pair.Old.Text, c.stated.Text)
		if growthRE.MatchString(text) {
			// "grows 2.5x from 1 to 14 nights": two settings on
			// purpose.
			continue
		}
		var named, all []float64
		for _, f := range scanFigures(text) {
			if strings.Contains(f.Text, ".") || f.isRange() || !(f.Value > 0) || f.Unit == "%" || f.Unit == "x" || f.Unit == "×" ||
				f.Text == c.Pair.Old.Text || f.Text == c.Pair.New.Text || f.Text == c.stated.Text ||
				f.Unit != "" && f.Quantity == c.Pair.Old.Quantity {
				continue
			}
			all = append(all, f.Value)
			if f.Value >= 10 {
				named = append(named, f.Value)
			}
		}
		if len(named) == 0 {
			continue
		}
		sides := [2]Number{c.Pair.Old, c.Pair.New}
		rows := [2][]int{rowsOf(sides[0]), rowsOf(sides[1])}
		for s := 0; s < 2; s++ {
			b, o := sides[s], sides[1-s]
			if len(rows[s]) == 0 || significantDigits(digitsOf(b.Text)) < 3 {
				continue
			}
			if slices.ContainsFunc(all, func(v float64) bool {
				return slices.ContainsFunc(rows[s], func(l int) bool { return has(l, v) })
			}) {
				// The figure's own row is named too: the sentence
				// compares two settings.
				continue
			}
			var other int
			for _, v := range named {
				if slices.ContainsFunc(rows[s], func(l int) bool { return has(l, v) }) {
					continue
				}
				if len(rows[1-s]) > 0 && !slices.ContainsFunc(rows[1-s], func(l int) bool { return has(l, v) }) {
					continue
				}
				for _, l := range rows[s] {
					if at := slices.IndexFunc(blockRows(l), func(r int) bool { return has(r, v) && measures[r] }); at >= 0 {
						other = blockRows(l)[at]
						break
					}
				}
				if other != 0 {
					break
				}
			}
			if other == 0 {
				continue
			}
			lines := []int{other, rows[s][0]}
			add = append(add, alarmOnFigure(c, b, &Cross{Reason: RowsMixed, Lines: lines, Stated: b, Operands: []Number{o, b}})...)
			if at := slices.IndexFunc(c.Numbers, func(m Number) bool { return m.Text == o.Text && m.Unit == o.Unit }); at >= 0 && len(c.Numbers) > 1 {
				// The figure of the named row is not mixed.
				e := *c
				e.Kind, e.Pair, e.Cross, e.Numbers, e.Claimed, e.Quantity = Absolute, nil, nil, []Number{o}, o.String(), o.Quantity
				e.Verdict, e.Arithmetic = Unverifiable, Unverifiable
				e.Detail = "one side of a pair whose other side is another setting's row; nothing mixes this one"
				add = append(add, e)
				c.Numbers = slices.Delete(slices.Clone(c.Numbers), at, at+1)
			}
			setCross(c, &Cross{Reason: RowsMixed, Lines: lines, Stated: c.stated, Operands: []Number{o, b}})
			break
		}
	}
	x.addClaims(add)
}

// settingSentence returns the sentence of lines a to b (1-based) that
// writes first, from its start (on line a or the line before) to the end
// of the sentence that writes end.
func (x *extractor) settingSentence(a, b int, first, end string) string {
	parts := make([]string, 0, b-a+2)
	if a > 1 && x.lines[a-2].kind == lkProse {
		parts = append(parts, plain(x.lines[a-2].raw))
	}
	for l := a; l <= b; l++ {
		parts = append(parts, plain(x.lines[l-1].raw))
	}
	s := strings.Join(parts, " ")
	i := strings.Index(s, first)
	if i < 0 {
		i = 0
	}
	if j := strings.LastIndex(s[:i], ". "); j >= 0 {
		s, i = s[j+2:], i-j-2
	}
	if j := strings.LastIndex(s, end); j >= i {
		if k := strings.Index(s[j:], ". "); k >= 0 {
			s = s[:j+k]
		}
	}
	return s
}

// growthRE finds the words of a sentence that compares two settings on
// purpose: how a cost grows or scales.
var growthRE = regexp.MustCompile(`(?i)\b(?:grow|grows|grew|growing|growth|scal(?:e|es|ed|ing)|[a-z]+fold|doubl(?:e|es|ed|ing)|tripl(?:e|es|ed|ing)|halv(?:e|es|ed|ing))\b`)
