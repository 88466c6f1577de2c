package claims

import "slices"

// savedBesidePair (forty-ninth round): a table that names its two
// variants in its headers and gives their difference and factor after
// them ("| Employees | Interpreted | Compiled | Saved | Speed-up |", each
// time in µs) has three columns of one unit beside its column of
// factors, and sameUnitPair, which wants exactly two, found no pair: the
// row's factor and its saving were not read against the row. Of three
// columns of one unit, one headed as a saving or difference ("Saved",
// "Savings", "Difference", "Reduction") and written after the other two
// is their difference; the other two are the pair. Cost: one regular
// expression per header of the three columns, once per table.
const savedBesidePair = true

// pairBesideSaved returns the two columns of ks (three columns of one
// unit, in order) before a column headed as a saving, or ks unchanged.
func pairBesideSaved(t *mdTable, ks []int) []int {
	ks = slices.Clone(ks)
	slices.Sort(ks)
	last := ks[2]
	saved := func(k int) bool { return k < len(t.header) && savedColRE.MatchString(t.header[k]) }
	if !saved(last) || saved(ks[0]) || saved(ks[1]) {
		return ks
	}
	return ks[:2]
}
