package claims

import "fmt"

// pairRuns pairs benchmark output pasted twice in one section, before and
// after the change: two blocks whose rows have the same names, the later
// under a label that says "after" (or the earlier under one that says
// "before"), or the two under labels naming versions, the earlier block's
// the older ("v0.9:", "v1.0:"), the text between them being the report's own (a sentence,
// "After:"). Each row of the later block is paired with the row of the
// same name in the earlier one, per quantity both state, as a pair of the
// report's own figures ("Memory per large encode: 98304 → 70144 B/op").
// Two blocks neither of which is labelled are left alone: they may be two
// runs of one version. Runs pasted in one block under comment lines
// ("# before", "# after") are two blocks here.
func (x *extractor) pairRuns() {
	type block struct {
		id, sec, first int // first is the index in x.rows
		label          int // the comment line the rows are under, -1 if none
		rows           []int
	}
	var blocks []block
	for r := range x.rows {
		row := &x.rows[r]
		_, label := x.runLabel(row.line)
		if n := len(blocks); n > 0 && blocks[n-1].id == row.block && blocks[n-1].label == label {
			blocks[n-1].rows = append(blocks[n-1].rows, r)
			continue
		}
		blocks = append(blocks, block{id: row.block, sec: int(x.lines[row.line].section), first: r, label: label, rows: []int{r}})
	}
	for k := 1; k < len(blocks); k++ {
		a, b := blocks[k-1], blocks[k]
		if a.sec != b.sec {
			continue
		}
		sa, sb := x.fenceSide(x.rows[a.first].line), x.fenceSide(x.rows[b.first].line)
		if !(sb == SideAfter && sa != SideAfter || sa == SideBefore && sb != SideBefore ||
			x.versionsOrdered(x.rows[a.first].line, x.rows[b.first].line)) {
			continue
		}
		byName := make(map[string]int)
		for _, r := range a.rows {
			byName[x.rows[r].name] = r
		}
		for idx, r := range b.rows {
			ra, ok := byName[x.rows[r].name]
			if !ok {
				continue
			}
			old, cur := &x.rows[ra], &x.rows[r]
			for _, n := range cur.values {
				o, ok := old.value(n.Quantity)
				if !ok || o.Unit != n.Unit {
					continue
				}
				p := &Pair{Old: o, New: n, OldLine: old.line + 1, NewLine: cur.line + 1, Ordered: true,
					From: fmt.Sprintf("the runs pasted before and after, lines %d and %d", old.line+1, cur.line+1)}
				x.notePair(p, cur.name, fmt.Sprintf("r%d", b.id), idx, b.sec)
			}
		}
	}
}
