// Package nearmiss holds loops over sorted slices that are fine.
package nearmiss

import (
	"slices"
	"sort"
	"time"
)

type Level struct {
	Price float64
	Qty   float64
	ID    int
}

type Book struct {
	levels []Level
	raw    []Level // never sorted
	expiry []entry
	index  map[float64]int
}

func (b *Book) Sort() {
	sort.Slice(b.levels, func(i, j int) bool { return b.levels[i].Price < b.levels[j].Price })
}

// total visits every element: nothing to search.
func (b *Book) total() float64 {
	t := 0.0
	for _, l := range b.levels {
		t += l.Qty
	}
	return t
}

// byID searches by a field other than the sort key.
func (b *Book) byID(id int) (Level, bool) {
	for _, l := range b.levels {
		if l.ID == id {
			return l, true
		}
	}
	return Level{}, false
}

// unsortedFind searches a slice the package never sorts.
func (b *Book) unsortedFind(price float64) int {
	for i, l := range b.raw {
		if l.Price >= price {
			return i
		}
	}
	return -1
}

// mapLookup uses a map.
func (b *Book) mapLookup(price float64) (int, bool) {
	i, ok := b.index[price]
	return i, ok
}

// sumUntil does work on every visited element before the exit: the loop
// is O(k) in the elements it consumes either way.
func (b *Book) sumUntil(limit float64) float64 {
	t := 0.0
	for _, l := range b.levels {
		if l.Price > limit {
			break
		}
		t += l.Qty
	}
	return t
}

type entry struct {
	at  time.Time
	key string
	ts  int64
}

func (b *Book) addExpiry(e entry) {
	b.expiry = append(b.expiry, e)
	sort.Slice(b.expiry, func(i, j int) bool { return b.expiry[i].ts < b.expiry[j].ts })
}

// expire deletes entries up to now: per-element work, not a search.
func (b *Book) expire(now int64, m map[string]int) {
	n := 0
	for _, e := range b.expiry {
		if e.ts > now {
			break
		}
		delete(m, e.key)
		n++
	}
	b.expiry = b.expiry[n:]
}

// merge compares with a value that moves in the loop.
func merge(a, c []int) []int {
	slices.Sort(a)
	var out []int
	j := 0
	for _, v := range a {
		if j < len(c) && v > c[j] {
			out = append(out, c[j])
			j++
		}
		out = append(out, v)
	}
	return out
}

// fromBack scans backwards from the end: tuned for nearly in-order
// appends, where the position is usually found at once.
func (b *Book) fromBack(ts int64) int {
	i := len(b.expiry) - 1
	for ; i >= 0; i-- {
		if b.expiry[i].ts <= ts {
			break
		}
	}
	return i + 1
}

// resume continues from a cursor kept between calls: amortised O(1).
func (b *Book) resume(pos int, ts int64) int {
	for pos < len(b.expiry) && b.expiry[pos].ts <= ts {
		pos++
	}
	return pos
}

// table is a fixed package-level table: linear search is simplest.
var table = []int{1, 2, 4, 8, 16}

func init() { sort.Ints(table) }

func bucket(n int) int {
	for i, v := range table {
		if v >= n {
			return i
		}
	}
	return len(table)
}

// filtered exits on a compound condition: not a pure key search.
func (b *Book) filtered(price float64) int {
	for i, l := range b.levels {
		if l.Price >= price && l.Qty > 0 {
			return i
		}
	}
	return -1
}

// sortedOnce builds and searches once, in init: not a hot path.
var first int

func init() {
	xs := []int{5, 3, 9}
	slices.Sort(xs)
	for i, v := range xs {
		if v > 4 {
			first = i
			break
		}
	}
}

// array loops over a fixed-size array.
func array(a [4]int, x int) int {
	sort.Ints(a[:])
	for i, v := range a {
		if v >= x {
			return i
		}
	}
	return -1
}

// beforeSort searches a local before it is sorted.
func beforeSort(names []string, x string) bool {
	found := false
	for _, n := range names {
		if n == x {
			found = true
			break
		}
	}
	sort.Strings(names)
	return found
}

// contains is called with a slice that is sorted only after the call, and
// with a slice that is never sorted: its parameter is not a sorted slice.
func contains(list []string, x string) bool {
	for _, s := range list {
		if s == x {
			return true
		}
	}
	return false
}

func canonical(headers []string, extra []string) []string {
	if !contains(headers, "host") {
		headers = append(headers, "host")
	}
	sort.Strings(headers)
	_ = contains(extra, "date")
	return headers
}

const maxIDs = 4

type idQueue struct {
	queue []uint64 // sequence numbers, ascending, at most maxIDs
}

// add inserts in order, but the queue never holds more than maxIDs
// elements: a linear scan of four is as fast as a binary search.
func (q *idQueue) add(seq uint64) bool {
	if len(q.queue) >= maxIDs {
		return false
	}
	for i, s := range q.queue {
		if s == seq {
			return true
		}
		if s > seq {
			q.queue = slices.Insert(q.queue, i, seq)
			return true
		}
	}
	q.queue = append(q.queue, seq)
	return true
}
