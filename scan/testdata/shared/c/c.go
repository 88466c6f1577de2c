// Package c is imported by both a and b.
package c

import "strings"

// Upper returns s in upper case.
func Upper(s string) string { return strings.ToUpper(s) }
