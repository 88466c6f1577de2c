package stats

import (
	"strings"

	"golang.org/x/perf/benchfmt"
	"golang.org/x/perf/benchunit"
)

// Units is the unit metadata that results files declare on "Unit" lines
// of the Go benchmark format, such as
//
//	Unit widgets/op better=higher assume=exact
//
// as golang.org/x/perf/benchfmt.Reader.Units collects it (keyed by tidied
// unit), and as benchstat honours it: "better" is "higher" or "lower",
// "assume" is "exact" or "nothing". Keys and values are matched without
// regard to case, so "Better=Higher" counts. A unit without metadata, or
// with a value other than those, falls back to the built-in rules of
// HigherIsBetter and Deterministic. The nil Units declares nothing.
type Units benchfmt.UnitMetadataMap

// HigherIsBetter reports whether a higher value of unit is an improvement:
// as its "better" metadata says, else as the package-level HigherIsBetter
// decides from the unit's name.
func (u Units) HigherIsBetter(unit string) bool {
	switch strings.ToLower(u.value(unit, "better")) {
	case "higher":
		return true
	case "lower":
		return false
	}
	return HigherIsBetter(unit)
}

// Deterministic reports whether unit's values are exact, so that
// identical values within each side are compared exactly even for a
// single run: as its "assume" metadata says ("exact" is, "nothing" is
// not), else as the package-level Deterministic decides from the unit's
// name.
func (u Units) Deterministic(unit string) bool {
	switch strings.ToLower(u.value(unit, "assume")) {
	case "exact":
		return true
	case "nothing":
		return false
	}
	return Deterministic(unit)
}

// value returns the metadata value of unit under key (matched without
// regard to case), or "" if there is none.
func (u Units) value(unit, key string) string {
	if len(u) == 0 {
		return ""
	}
	if m := benchfmt.UnitMetadataMap(u).Get(unit, key); m != nil {
		return m.Value
	}
	_, tidy := benchunit.Tidy(1, unit)
	for k, m := range u {
		if k.Unit == tidy && strings.EqualFold(k.Key, key) {
			return m.Value
		}
	}
	return ""
}

// Merge returns the metadata of u and of others in one Units; where two
// declare the same key of the same unit, the first declaration wins (u's
// before others', in order). Neither u nor others is modified; the
// result is nil when all are empty.
func (u Units) Merge(others ...Units) Units {
	var out Units
	for _, src := range append([]Units{u}, others...) {
		for k, m := range src {
			if out == nil {
				out = make(Units)
			}
			if _, ok := out.find(k); !ok {
				out[k] = m
			}
		}
	}
	return out
}

// find returns the key of u that names the same unit and, without
// regard to case, the same metadata as k.
func (u Units) find(k benchfmt.UnitMetadataKey) (benchfmt.UnitMetadataKey, bool) {
	for have := range u {
		if have.Unit == k.Unit && strings.EqualFold(have.Key, k.Key) {
			return have, true
		}
	}
	return benchfmt.UnitMetadataKey{}, false
}
