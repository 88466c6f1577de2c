// Package deps answers the question every check asks before it looks at a
// package's syntax: can the package contain what the check reports, given
// the packages it imports? A check whose calls need a direct import asks
// Imports; one whose values can arrive through another package (a
// *bufio.Scanner or an http.Header returned by a helper package) asks
// DependsOn.
package deps

import (
	"go/types"
	"slices"
)

// Imports reports whether pkg imports one of the packages paths directly,
// in any of its files. It does not report pkg itself.
func Imports(pkg *types.Package, paths ...string) bool {
	for _, imp := range pkg.Imports() {
		if slices.Contains(paths, imp.Path()) {
			return true
		}
	}
	return false
}

// DependsOn reports whether pkg is the package path or imports it,
// directly or through other packages. It walks the import graph of the
// type-checked packages, visiting each package at most once.
func DependsOn(pkg *types.Package, path string) bool {
	seen := make(map[*types.Package]bool)
	var visit func(p *types.Package) bool
	visit = func(p *types.Package) bool {
		if p.Path() == path {
			return true
		}
		if seen[p] {
			return false
		}
		seen[p] = true
		for _, imp := range p.Imports() {
			if visit(imp) {
				return true
			}
		}
		return false
	}
	return visit(pkg)
}
