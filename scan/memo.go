package scan

import (
	"crypto/sha256"
	"encoding/hex"
	"go/types"
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
// above it.

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

// A packageKey accumulates the key of one package.
type packageKey struct{ h []byte }

// newPackageKey starts the key of n's package; its imports must have
// theirs. It returns nil, and the package is not memoised, if an import
// has none.
func (d *driver) newPackageKey(n *node) *packageKey {
	p := n.p
	k := &packageKey{}
	k.add("go", runtime.Version())
	k.add("path", p.PkgPath)
	k.add("name", p.Name)
	if p.Module != nil {
		k.add("module", p.Module.Path+"@"+p.Module.GoVersion)
	}
	if s := p.TypesSizes; s != nil {
		k.add("sizes", strconv.FormatInt(s.Sizeof(types.Typ[types.Uintptr]), 10)+"/"+strconv.FormatInt(s.Alignof(types.Typ[types.Int64]), 10))
	}
	for _, imp := range n.imports {
		if imp.p.PkgPath == "unsafe" {
			continue
		}
		if imp.key == "" {
			return nil
		}
		k.add("import", imp.p.PkgPath+"="+imp.key)
	}
	return k
}

// file adds a file, its content and whether its bodies are kept.
func (k *packageKey) file(name string, bodies bool, src []byte) {
	sum := sha256.Sum256(src)
	k.add("file", name+"\x00"+strconv.FormatBool(bodies)+"\x00"+hex.EncodeToString(sum[:]))
}

func (k *packageKey) add(kind, value string) {
	k.h = append(k.h, kind...)
	k.h = append(k.h, 0)
	k.h = append(k.h, value...)
	k.h = append(k.h, 0)
}

// sum returns the key.
func (k *packageKey) sum() string {
	s := sha256.Sum256(k.h)
	return hex.EncodeToString(s[:])
}
