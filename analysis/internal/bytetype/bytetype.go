// Package bytetype answers, for the checks, whether a type is a byte
// slice: the one type question several checks ask in the same words.
package bytetype

import "go/types"

// IsSlice reports whether t's underlying type is a slice of byte (or of a
// type whose underlying type is byte); false for nil.
func IsSlice(t types.Type) bool {
	if t == nil {
		return false
	}
	s, ok := t.Underlying().(*types.Slice)
	if !ok {
		return false
	}
	b, ok := s.Elem().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Byte
}
