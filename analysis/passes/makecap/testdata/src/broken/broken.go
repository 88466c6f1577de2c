// Package broken does not type-check: Row comes from a package that is
// missing, and the check must still run and not panic.
package broken

import "example.com/missing/db"

// IDs converts rows of a type that does not resolve.
func IDs(rows []db.Row) []int64 {
	ids := make([]int64, 0) // want `ids grows by append to len\(rows\) elements: make it with make\(\[\]int64, 0, len\(rows\)\)`
	for _, r := range rows {
		ids = append(ids, r.ID)
	}
	return ids
}

// Index stores rows of an unknown type: the map's type is still known.
func Index(rows []db.Row) map[string]db.Row {
	m := map[string]db.Row{} // want `m grows to up to len\(rows\) entries without a size hint: make it with make\(map\[string\]db\.Row, len\(rows\)\)`
	for _, r := range rows {
		m[r.Name] = r
	}
	return m
}

// Unknown ranges over a value of invalid type: its length is unknown.
func Unknown() []int {
	var v []int
	for _, x := range db.All() {
		v = append(v, x)
	}
	return v
}

// Undeclared appends to a slice of an undeclared element type.
func Undeclared(src []string) []Missing {
	out := []Missing{} // want `out grows by append to len\(src\) elements: make it with make\(\[\]Missing, 0, len\(src\)\)`
	for _, s := range src {
		out = append(out, Missing(s))
	}
	undefinedCall(out)
	return out
}
