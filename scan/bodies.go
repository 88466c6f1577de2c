package scan

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"runtime"
	"strings"

	"golang.org/x/tools/go/packages"
)

// bodyPolicy decides which dependencies are parsed with their function
// bodies. The checks report only in the packages the user named, but five
// of them (loopencode, useafterput, splitwrite, poolreset, httpdate)
// compute facts about every dependency, so the dependencies are loaded
// from source. Type-checking a module's whole
// dependency closure with bodies held 5.8 GB for golang.org/x/perf (its
// cloud SDK dependencies); without the bodies of third-party dependencies
// the types are the same and the cost is a fraction. The named packages
// and the standard library keep their bodies: the former are analysed,
// and the latter's facts (what strings.Contains writes, say) make
// loopencode precise. A third-party function without a body gets no
// facts, which the checks treat as "unknown", never as a finding.
type bodyPolicy struct {
	dirs   map[string]bool // directories of the named packages
	goroot string          // GOROOT/src with a trailing separator
	cache  string          // the go command's GOCACHE with a trailing separator, or ""
}

// newBodyPolicy returns the policy that keeps the bodies of the files in
// dirs, in GOROOT/src and in cacheDir, the go command's build cache (where
// it writes the files it generates, such as cgo's output); cacheDir may be
// "" if unknown.
func newBodyPolicy(dirs map[string]bool, cacheDir string) *bodyPolicy {
	b := &bodyPolicy{dirs: dirs, goroot: filepath.Join(runtime.GOROOT(), "src") + string(filepath.Separator)}
	if cacheDir != "" {
		b.cache = filepath.Clean(cacheDir) + string(filepath.Separator)
	}
	return b
}

// keep reports whether filename is parsed whole. Files the go command
// generated (cgo output in its cache) are kept: they are small, their
// package's other files decide, and dropping their bodies leaves imports
// unused in ways that forgive does not know to be harmless.
func (b *bodyPolicy) keep(filename string) bool {
	return b.dirs[filepath.Dir(filename)] ||
		strings.HasPrefix(filename, b.goroot) ||
		b.cache != "" && strings.HasPrefix(filename, b.cache)
}

// parseFile implements packages.Config.ParseFile: a kept file is parsed as
// go/packages would parse it, any other without comments and with its
// function bodies dropped.
func (b *bodyPolicy) parseFile(fset *token.FileSet, filename string, src []byte) (*ast.File, error) {
	if b.keep(filename) {
		return parser.ParseFile(fset, filename, src, parser.AllErrors|parser.ParseComments)
	}
	f, err := parser.ParseFile(fset, filename, src, parser.SkipObjectResolution)
	if f != nil {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && !isGeneric(fd) {
				if fd.Name.Name == "init" && fd.Recv == nil {
					// go/types requires a body here
					fd.Body = &ast.BlockStmt{Lbrace: fd.Body.Lbrace, Rbrace: fd.Body.Rbrace}
				} else {
					fd.Body = nil
				}
			}
		}
	}
	return f, err
}

// forgiveOne removes from p, if its bodies were dropped, the errors that
// dropping them causes ("imported and not used": the only uses were in
// bodies), so that p and the packages importing it are not ill-typed
// for that. The driver calls it once p is type-checked, before it sets
// IllTyped.
func (b *bodyPolicy) forgiveOne(p *packages.Package) {
	if len(p.CompiledGoFiles) == 0 || b.keep(p.CompiledGoFiles[0]) {
		return
	}
	kept := p.Errors[:0]
	for _, e := range p.Errors {
		if e.Kind == packages.TypeError && isUnusedImport(e.Msg) {
			continue
		}
		kept = append(kept, e)
	}
	p.Errors = kept
}

// isGeneric reports whether fd declares a generic function or a method of
// a generic type, which go/types requires to have a body.
func isGeneric(fd *ast.FuncDecl) bool {
	if fd.Type.TypeParams != nil {
		return true
	}
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return false
	}
	t := fd.Recv.List[0].Type
	if star, ok := t.(*ast.StarExpr); ok {
		t = star.X
	}
	switch ast.Unparen(t).(type) {
	case *ast.IndexExpr, *ast.IndexListExpr:
		return true
	}
	return false
}

// isUnusedImport reports whether msg is go/types' error for an import
// whose only uses were in dropped bodies: `"p" imported and not used` or
// `"p" imported as q and not used`.
func isUnusedImport(msg string) bool {
	return strings.HasPrefix(msg, `"`) && strings.Contains(msg, `" imported `) && strings.HasSuffix(msg, " and not used")
}
