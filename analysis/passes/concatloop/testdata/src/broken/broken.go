// Package broken does not type-check: an import is missing and names are
// undefined, so some expressions have invalid types or none.
package broken

import "missing/pkg"

// Names concatenates names; the rest of the package is broken.
func Names(names []string) string {
	s := ""
	for _, n := range names {
		s += n // want `string s grows by \+= in a loop`
	}
	return s
}

// Items concatenates fields of values whose type is unknown.
func Items(items []pkg.Item) string {
	s := ""
	t := ""
	u := undefinedString
	for _, it := range items {
		s += it.Name     // fine: the type of it.Name is invalid
		t = t + nosuch() // fine: t + nosuch() has an invalid type
		u += it.Title    // fine: u has an invalid type
		v += it.Name     // fine: v is undefined
	}
	return s + t + u
}
