// Package trimeq checks trimloop's fix by running it. Its subpackages
// orig and fixed are trimloop's testdata/src/fix/fix.go and fix.go.golden
// as packages (trimloop's TestMirrors keeps them so): the trim loops, and
// the same functions after the fix. The tests call both on seeded random
// inputs and compare what they leave and return; the benchmarks measure
// both on a 200-element slice:
//
//	go test ./analysis/passes/trimloop/internal/trimeq -run '^$' -bench . -count 6
package trimeq
