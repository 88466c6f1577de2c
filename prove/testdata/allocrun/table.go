// Package allocrun has a benchmark whose allocations per op depend on the
// length of the run, as those of code that pools memory do: see
// BenchmarkLookup.
package allocrun

import "weak"

// tableSize is the number of entries of a table: each is one allocation.
const tableSize = 20000

// A table maps keys to entries, each entry allocated on its own.
type table struct {
	entries []*entry
}

type entry struct {
	key, value uint64
}

func newTable() *table {
	t := &table{entries: make([]*entry, tableSize)}
	for i := range t.entries {
		t.entries[i] = &entry{key: uint64(i), value: uint64(i) * 2654435761}
	}
	return t
}

// A cache keeps one table between uses and lets the garbage collector
// take it whenever nothing else holds it, as a sync.Pool does: every
// collection empties it (a sync.Pool keeps its objects through one
// collection in its victim cache and loses them at the next). The first
// get after a collection builds a new table: tableSize+2 allocations.
type cache struct {
	w weak.Pointer[table]
}

func (c *cache) get() *table {
	if t := c.w.Value(); t != nil {
		return t
	}
	t := newTable()
	c.w = weak.Make(t)
	return t
}

var shared cache

// Lookup sums the values of n keys starting at k, in the shared table,
// and returns a new result of one allocation.
func Lookup(k uint64, n int) *uint64 {
	t := shared.get()
	var sum uint64
	for i := range n {
		e := t.entries[(k+uint64(i)*7919)%tableSize]
		sum += e.value ^ e.key
	}
	r := new(uint64)
	*r = sum
	return r
}
