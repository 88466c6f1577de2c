// Package lsm is shaped after a real LSM store's read path: a lookup that
// misses the memtables seeks every table of a level, and the real code
// defers each table iterator's Close inside the loop over tables.
package lsm

type Iterator struct{ pos int }

func (it *Iterator) Seek(key []byte) (uint64, bool) { return uint64(it.pos), it.pos > 0 }
func (it *Iterator) Close()                         {}

type Table struct{ id int }

func (t *Table) NewIterator() *Iterator      { return &Iterator{pos: t.id} }
func (t *Table) DoesNotHave(key []byte) bool { return t.id%2 == 0 }

type level struct{ tables []*Table }

// get is called for every read of a key that is not in memory.
func (l *level) get(key []byte) uint64 {
	var best uint64
	for _, t := range l.tables {
		if t.DoesNotHave(key) {
			continue
		}
		it := t.NewIterator()
		defer it.Close() // want `it.Close deferred in a loop: a defer record per iteration, and nothing released until level.get returns`
		if v, ok := it.Seek(key); ok {
			best = max(best, v)
		}
	}
	return best
}

// getFirst returns from the loop at its first hit: the defer may run in
// several iterations before that, so it is reported, without a fix (the
// return would leave only the literal).
func (l *level) getFirst(key []byte) uint64 {
	for _, t := range l.tables {
		it := t.NewIterator()
		defer it.Close() // want `it.Close deferred in a loop: a defer record per iteration, and nothing released until level.getFirst returns`
		if v, ok := it.Seek(key); ok {
			return v
		}
	}
	return 0
}

// A flag set in another branch does not guard the defer.
func (l *level) notGuarded(key []byte) {
	seen := false
	for _, t := range l.tables {
		if !seen {
			it := t.NewIterator()
			defer it.Close() // want `it.Close deferred in a loop: a defer record per iteration, and nothing released until level.notGuarded returns`
		} else {
			seen = true
		}
	}
}

// A flag set back to false lets the defer run again.
func (l *level) reset(key []byte) {
	open := false
	for _, t := range l.tables {
		if !open {
			it := t.NewIterator()
			defer it.Close() // want `it.Close deferred in a loop: a defer record per iteration, and nothing released until level.reset returns`
			open = true
		}
		if t.DoesNotHave(key) {
			open = false
		}
	}
}
