// Package calib is the workload of bench/calibrate.sh: two benchmarks
// whose amount of work is set by Percent. The script commits the package
// as it is (Percent 100) and a copy with Percent 105, a true 5 %
// slow-down, and compares the commits with perfproof compare.
package calib

// Percent scales the work of Mix and Sum: 105 does exactly 5 % more loop
// iterations than 100.
const Percent = 100

const (
	mixSteps = 4000    // steps of Mix at Percent 100
	sumLen   = 1 << 14 // elements summed by Sum at Percent 100
)

// data is what Sum adds up: room for 10 % more than sumLen.
var data = make([]uint64, sumLen*110/100)

func init() {
	for i := range data {
		data[i] = uint64(i) * 2654435761
	}
}

// Mix runs a chain of dependent multiply-adds (a linear congruential
// generator): pure CPU work, about one step per 4 cycles.
func Mix() uint64 {
	n := mixSteps * Percent / 100
	x := uint64(1)
	for i := 0; i < n; i++ {
		x = x*6364136223846793005 + 1442695040888963407
	}
	return x
}

// Sum adds up a slice that fits in the L2 cache: memory reads and adds.
func Sum() uint64 {
	n := sumLen * Percent / 100
	var s uint64
	for _, v := range data[:n] {
		s += v
	}
	return s
}
