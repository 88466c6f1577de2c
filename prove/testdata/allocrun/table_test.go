package allocrun

import "testing"

var sink *uint64

// BenchmarkLookup allocates one result per op, plus a table of tableSize
// entries whenever a collection emptied the cache: at least once per run,
// since the testing package collects garbage before each run. Its
// allocations per op are therefore about 1 + 20002/N: 20 and more in a
// run of 10 ms (N near 1000), 1 in a run of 1 s.
func BenchmarkLookup(b *testing.B) {
	for i := range b.N {
		sink = Lookup(uint64(i), 2000)
	}
}

func TestNotRun(t *testing.T) { t.Fatal("tests must not run") }
