package scan

import (
	"crypto/sha256"
	"encoding/hex"
	"go/types"
	"os"
	"runtime"
	"slices"
	"strconv"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/perfproof/perfproof/analysis/suite"
)

// The checks that compute facts on every dependency (loopencode,
// splitwrite, useafterput) can replay a package they analysed before
// (package factmemo). scan owns their memos, for the life of the process:
// a package met again — a test variant in the same run, or the standard
// library in the next run of a process that scans several times — is
// replayed only when it is the same package as before in everything its
// analysis reads. That is its key: as for the go command's action IDs, a
// hash of its path, Go version and sizes, each file's name, content and
// whether its function bodies were kept (bodyPolicy), and its imports'
// keys, so that a change to a dependency changes the key of every package
// above it. A test variant of an import counts as the import itself
// (newPackageKey), so that "q [p.test]" replays q.

// pkgKeys maps the *types.Package of each package a running scan has
// type-checked to its key, until the package is released.
var pkgKeys sync.Map

// memoKey returns the key of pass's package, or "" (do not memoise) if the
// package is not one a running scan has keyed.
func memoKey(pass *analysis.Pass) string {
	v, _ := pkgKeys.Load(pass.Pkg)
	s, _ := v.(string)
	return s
}

// memoChecks maps each check of the suite that can memoise to its
// memoised copy, made once per process.
var memoChecks = sync.OnceValue(func() map[*analysis.Analyzer]*analysis.Analyzer {
	all := suite.Analyzers()
	copies := suite.Memoize(all, memoKey)
	m := make(map[*analysis.Analyzer]*analysis.Analyzer)
	for i, a := range all {
		if copies[i] != a {
			m[a] = copies[i]
		}
	}
	return m
})

// memoize returns as with each check that can memoise replaced by its
// memoised copy.
func memoize(as []*analysis.Analyzer) []*analysis.Analyzer {
	out := slices.Clone(as)
	for i, a := range out {
		if c := memoChecks()[a]; c != nil {
			out[i] = c
		}
	}
	return out
}

// nameNodes sets the key of every node, before any is analysed: a hash of
// what its analysis reads (see the comment at the top of this file). A
// package with a file that cannot be read gets none, and neither do the
// packages above it: they are not memoised.
func (d *driver) nameNodes(nodes []*node) {
	state := make(map[*node]int8) // 1 while being named, 2 when named
	var name func(n *node) string
	name = func(n *node) string {
		switch state[n] {
		case 1:
			return "" // a cycle (ill-formed graph): not memoised
		case 2:
			return n.key
		}
		state[n] = 1
		n.key = d.packageKey(n, name)
		state[n] = 2
		return n.key
	}
	for _, n := range nodes {
		name(n)
	}
}

// packageKey returns the key of n, naming its imports by name; "" if a
// file cannot be read or an import has no key.
func (d *driver) packageKey(n *node, name func(*node) string) string {
	p := n.p
	if p.PkgPath == "unsafe" {
		return "unsafe"
	}
	var h []byte
	add := func(kind, value string) {
		h = append(h, kind...)
		h = append(h, 0)
		h = append(h, value...)
		h = append(h, 0)
	}
	add("go", runtime.Version())
	add("path", p.PkgPath)
	add("name", p.Name)
	if p.Module != nil {
		add("module", p.Module.Path+"@"+p.Module.GoVersion)
	}
	if s := p.TypesSizes; s != nil {
		add("sizes", strconv.FormatInt(s.Sizeof(types.Typ[types.Uintptr]), 10)+"/"+strconv.FormatInt(s.Alignof(types.Typ[types.Int64]), 10))
	}
	for _, imp := range n.imports {
		// A test variant of an import ("p [p.test]") stands for the
		// package itself: its extra _test.go files add nothing that this
		// package's code calls, so "q [p.test]" is named as q is and
		// replays q's facts and diagnostics (the assumption on which
		// factmemo's replay of test variants rests).
		if imp.base != nil {
			imp = imp.base
		}
		key := name(imp)
		if key == "" {
			return ""
		}
		add("import", imp.p.PkgPath+"="+key)
	}
	for _, file := range p.CompiledGoFiles {
		src, err := os.ReadFile(file)
		if err != nil {
			return ""
		}
		sum := sha256.Sum256(src)
		add("file", file+"\x00"+strconv.FormatBool(d.keep == nil || d.keep(file))+"\x00"+hex.EncodeToString(sum[:]))
	}
	sum := sha256.Sum256(h)
	return hex.EncodeToString(sum[:])
}
