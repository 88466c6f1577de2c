package pooled

import "sync"

// A gap list whose removed elements go back to a pool, as a stream's
// frame sorter keeps the gaps of received data.
type gap struct {
	start, end int
	next       *gap
}

var gapPool = sync.Pool{New: func() any { return new(gap) }}

type gapList struct{ head *gap }

// remove unlinks g and puts it back.
func (l *gapList) remove(g *gap) {
	for p := &l.head; *p != nil; p = &(*p).next {
		if *p == g {
			*p = g.next
			break
		}
	}
	*g = gap{}
	gapPool.Put(g)
}

func (l *gapList) find(at int) *gap {
	for g := l.head; g != nil; g = g.next {
		if g.end > at {
			return g
		}
	}
	return nil
}

// findEnd returns the gap from from on that holds at: from itself, or a
// later one.
func (l *gapList) findEnd(from *gap, at int) *gap {
	for g := from; g != nil; g = g.next {
		if g.end >= at {
			return g
		}
	}
	return from
}

// Fill uses the end gap only where it is not the removed start gap, then
// once where it is.
func Fill(l *gapList, a, b int) {
	first := l.find(a)
	last := l.findEnd(first, b)
	same := first == last
	if b >= first.end {
		l.remove(first)
	}
	if !same {
		last.start = b
	}
	if first != last {
		last.end = b
	}
	if same {
		last.start = a // want `pointer last.start into first used after first is put back into l`
	}
}

// Split adjusts the gap on the branch where it was not removed, as a flag
// set only there says.
func Split(l *gapList, a, b int) {
	g := l.find(a)
	adjusted := false
	if a <= g.start {
		if b >= g.end {
			l.remove(g)
		} else {
			g.start = b
		}
	} else {
		g.end = a
		adjusted = true
	}
	if adjusted {
		g.next = nil
	}
}

// Drop sets its flag on the branch that removes the gap, then uses it.
func Drop(l *gapList, a int) {
	g := l.find(a)
	done := false
	if a >= g.end {
		l.remove(g)
		done = true
	}
	if done {
		g.next = nil // want `pointer g.next into g used after g is put back into l`
	}
}
