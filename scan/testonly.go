package scan

import (
	"go/parser"
	"go/token"

	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"
)

// testOnlyPackages returns the internal packages of the main module that
// no program can run outside tests: packages below an internal directory
// (which nothing outside the tree rooted at its parent may import, as the
// go command enforces) that are not package main and that only test code
// imports — _test.go files, test-support packages (a name ending in
// "test"), or other packages so found — or nothing at all. Their handlers
// and consumer loops serve tests, not traffic (a fault-injecting
// connection of a driver's tests, a standalone test server an emulator no
// longer builds). The map's values say why, for the finding's evidence.
//
// loaded is every package of the scan (roots and dependencies, as
// packages.Load returned them with their imports). A package is judged
// only when every package of the tree that may import it was loaded: cfg
// lists that tree (names and files only), and a file the build excluded
// (another GOOS, a build tag) that imports the package keeps it in use.
// On any error of that listing, nothing is judged: the result is empty, so
// that no finding loses its evidence on a guess.
func testOnlyPackages(cfg *packages.Config, loaded []*packages.Package) map[string]string {
	all := make(map[string]*packages.Package) // by ID
	var visit func(p *packages.Package)
	visit = func(p *packages.Package) {
		if all[p.ID] != nil {
			return
		}
		all[p.ID] = p
		for _, imp := range p.Imports {
			visit(imp)
		}
	}
	for _, p := range loaded {
		visit(p)
	}
	plain := make(map[string]*packages.Package) // by path: the package as programs build it
	for _, p := range all {
		if p.ID == p.PkgPath {
			plain[p.PkgPath] = p
		}
	}
	testCode := func(p *packages.Package) bool {
		return p.ID != p.PkgPath || strings.HasSuffix(p.PkgPath, "_test") || strings.HasSuffix(p.Name, "test")
	}
	importers := make(map[string][]string) // path -> plain importers that are not test code
	candidates := make(map[string]bool)
	for _, p := range plain {
		if testCode(p) {
			continue
		}
		for _, imp := range p.Imports {
			importers[imp.PkgPath] = append(importers[imp.PkgPath], p.PkgPath)
		}
		if p.Name != "main" && p.Module != nil && p.Module.Main && internalParent(p.PkgPath) != "" {
			candidates[p.PkgPath] = true
		}
	}
	// A candidate is in use if a package that is not test code and not
	// a candidate out of use imports it; repeat until nothing changes.
	used := make(map[string]bool)
	for changed := true; changed; {
		changed = false
		for c := range candidates {
			if used[c] {
				continue
			}
			for _, q := range importers[c] {
				if !candidates[q] || used[q] {
					used[c], changed = true, true
					break
				}
			}
		}
	}
	parents := make(map[string]bool)
	for c := range candidates {
		if !used[c] {
			parents[internalParent(c)] = true
		}
	}
	if len(parents) == 0 {
		return nil
	}
	// The trees that may import them must all have been loaded.
	list := *cfg
	list.Mode = packages.NeedName | packages.NeedFiles
	list.Tests = false
	var patterns []string
	for p := range parents {
		patterns = append(patterns, p+"/...")
	}
	slices.Sort(patterns)
	pkgs, err := packages.Load(&list, patterns...)
	if err != nil {
		return nil
	}
	unloaded := make(map[string]bool) // parents with a package the scan did not load
	excluded := make(map[string]bool) // paths imported by files the build left out
	fset := token.NewFileSet()
	for _, p := range pkgs {
		if len(p.Errors) > 0 && len(p.GoFiles) == 0 && len(p.IgnoredFiles) == 0 {
			return nil
		}
		if plain[p.PkgPath] == nil {
			for parent := range parents {
				if p.PkgPath == parent || strings.HasPrefix(p.PkgPath, parent+"/") {
					unloaded[parent] = true
				}
			}
		}
		for _, name := range p.IgnoredFiles {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, name, nil, parser.ImportsOnly)
			if err != nil {
				return nil
			}
			for _, spec := range f.Imports {
				if ip, err := strconv.Unquote(spec.Path.Value); err == nil {
					excluded[ip] = true
				}
			}
		}
	}
	out := make(map[string]string)
	for c := range candidates {
		if used[c] || unloaded[internalParent(c)] || excluded[c] {
			continue
		}
		out[c] = c + " is internal and no program of " + internalParent(c) + "/... imports it"
	}
	return out
}

// internalParent returns the import path of the tree that may import
// pkg (the parent of its last "internal" element, "" for a module whose
// root is internal/...), or "" if pkg is not internal.
func internalParent(pkg string) string {
	elems := strings.Split(pkg, "/")
	for i := len(elems) - 1; i >= 1; i-- {
		if elems[i] == "internal" {
			return strings.Join(elems[:i], "/")
		}
	}
	return ""
}
