package claims

import "math"

// valueIndex files values of type T by quantity and magnitude, a fiftieth
// of a decade wide (about 4.7 % apart), so that the values near a figure
// are found without a scan of all of them: the pairs checks read a
// prose pair against the report's pairs of tables and output this way.
type valueIndex[T any] map[valueBucket][]T

type valueBucket struct {
	q Quantity
	k int
}

// valueKey is the bucket of v > 0: floor(50 · log10 v).
func valueKey(v float64) int { return int(math.Floor(math.Log10(v) * 50)) }

// add files t under quantity q and value v (v > 0).
func (ix valueIndex[T]) add(q Quantity, v float64, t T) {
	b := valueBucket{q, valueKey(v)}
	ix[b] = append(ix[b], t)
}

// near returns the values filed under q within two buckets of v's (about
// ±10 %), bucket by bucket from the smallest, each in the order filed.
func (ix valueIndex[T]) near(q Quantity, v float64) []T {
	var out []T
	k := valueKey(v)
	for d := -2; d <= 2; d++ {
		out = append(out, ix[valueBucket{q, k + d}]...)
	}
	return out
}
