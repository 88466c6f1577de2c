// Package scan is the find step of perfproof: it loads Go packages with type
// information, runs the checks over them with the go/analysis checker, and
// returns their diagnostics as findings.
package scan

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/perfproof/perfproof/finding"
)

// ErrNoPackages is returned (wrapped) by Run when the patterns match no
// package.
var ErrNoPackages = errors.New("patterns matched no packages")

// Options configure Run.
type Options struct {
	// Dir is the directory in which patterns are resolved, as with the go
	// command's -C flag; "" means the current directory.
	Dir string
	// Tests includes test files (and external test packages) in the
	// analysis. Benchmarks are hot paths, so perfproof sets it by default.
	Tests bool
	// Env, if non-nil, is the environment of the go command.
	Env []string
	// BuildFlags are passed to the go command (e.g. "-tags=integration").
	BuildFlags []string
	// BatchSize is the number of packages loaded and analysed at a time;
	// 0 means DefaultBatchSize.
	BatchSize int
}

// Result holds what one scan found.
type Result struct {
	// Findings in the order of finding.Sort, without duplicates: a
	// diagnostic in a file shared by a package and its test variant is
	// reported once.
	Findings []finding.Finding
	// Errors are problems that kept some packages or checks from being
	// analysed: load, parse and type errors, and checks that failed. The
	// findings of the other packages are complete.
	Errors []PackageError
}

// A PackageError is a problem in one package.
type PackageError struct {
	// Package is the import path (with a test variant suffix such as
	// " [p.test]" where it applies).
	Package string `json:"package"`
	// Pos is "file:line:col" where the error has a position, else "".
	Pos string `json:"pos,omitempty"`
	// Analyzer names the check that failed, "" for load and type errors.
	Analyzer string `json:"analyzer,omitempty"`
	Message  string `json:"message"`
}

func (e PackageError) String() string {
	var b strings.Builder
	if e.Pos != "" {
		b.WriteString(e.Pos)
		b.WriteString(": ")
	} else {
		b.WriteString(e.Package)
		b.WriteString(": ")
	}
	if e.Analyzer != "" {
		fmt.Fprintf(&b, "%s: ", e.Analyzer)
	}
	b.WriteString(e.Message)
	return b.String()
}

// Run loads the packages that patterns name (as the go command resolves
// them in opts.Dir) and applies analyzers to them.
//
// Packages that fail to load or type-check are recorded in Result.Errors
// and do not stop the analysis of the others. Run returns an error only
// when nothing can be analysed: the go command fails, or the patterns match
// no package (ErrNoPackages).
func Run(ctx context.Context, analyzers []*analysis.Analyzer, patterns []string, opts Options) (*Result, error) {
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	cfg := &packages.Config{
		Context:    ctx,
		Dir:        opts.Dir,
		Env:        opts.Env,
		BuildFlags: opts.BuildFlags,
	}
	batches, dirs, res, err := plan(cfg, patterns, opts.BatchSize)
	if err != nil {
		return res, err
	}
	cfg.Mode = packages.LoadAllSyntax | packages.NeedModule
	cfg.Tests = opts.Tests
	var bodies *bodyPolicy
	if dirs != nil {
		bodies = newBodyPolicy(dirs)
		cfg.ParseFile = bodies.parseFile
	}
	r := &run{res: res, seen: make(map[string]bool), badDeps: make(map[string]bool)}
	for _, batch := range batches {
		if err := ctx.Err(); err != nil {
			return res, err
		}
		pkgs, err := packages.Load(cfg, batch...)
		if err != nil {
			return res, fmt.Errorf("loading packages %s: %w", strings.Join(batch, " "), err)
		}
		if bodies != nil {
			bodies.forgive(pkgs)
		}
		roots, unmatched := selectRoots(pkgs)
		for _, p := range append(unmatched, roots...) {
			res.Errors = append(res.Errors, packageErrors(p)...)
		}
		r.dependencyErrors(roots)
		if len(roots) == 0 {
			continue
		}
		if err := r.analyze(analyzers, roots); err != nil {
			return res, err
		}
	}
	finding.Sort(res.Findings)
	return res, nil
}

// DefaultBatchSize is the number of packages Run loads and analyses at a
// time when Options.BatchSize is 0. Loading every package at once holds all
// their syntax, type information and the checks' results in memory; batches
// bound the peak at the cost of type-checking shared dependencies once per
// batch. Measured on std with tests (`perfproof scan -batch N std`, 2
// cores, Go 1.26, one run each): N=16 took 32 s and 1.2 GB peak RSS, N=32
// 24 s and 1.7 GB, N=48 22 s and 2.0 GB; one batch of everything held
// 9.4 GB.
const DefaultBatchSize = 32

// plan lists the packages that patterns match and splits their import
// paths into batches of at most size. Patterns that name .go files form a
// single batch, since their package ("command-line-arguments") cannot be
// named by path. It returns ErrNoPackages when nothing matches, with the go
// command's reason where it gave one.
func plan(cfg *packages.Config, patterns []string, size int) (batches [][]string, dirs map[string]bool, _ *Result, _ error) {
	res := &Result{}
	if size <= 0 {
		size = DefaultBatchSize
	}
	for _, p := range patterns {
		if strings.HasSuffix(p, ".go") {
			return [][]string{patterns}, nil, res, nil
		}
	}
	list := *cfg
	list.Mode = packages.NeedName | packages.NeedFiles
	pkgs, err := packages.Load(&list, patterns...)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("loading packages %s: %w", strings.Join(patterns, " "), err)
	}
	var paths []string
	var reason string
	dirs = make(map[string]bool)
	for _, p := range pkgs {
		if len(p.GoFiles)+len(p.CompiledGoFiles)+len(p.IgnoredFiles) == 0 && len(p.Errors) > 0 {
			res.Errors = append(res.Errors, packageErrors(p)...)
			if reason == "" {
				reason = p.Errors[0].Msg
			}
			continue
		}
		paths = append(paths, p.PkgPath)
		for _, f := range slices.Concat(p.GoFiles, p.IgnoredFiles, p.OtherFiles) {
			dirs[filepath.Dir(f)] = true
		}
	}
	if len(paths) == 0 {
		msg := strings.Join(patterns, " ")
		if reason != "" {
			return nil, nil, res, fmt.Errorf("%w: %s (%s)", ErrNoPackages, msg, reason)
		}
		return nil, nil, res, fmt.Errorf("%w: %s", ErrNoPackages, msg)
	}
	for len(paths) > 0 {
		n := min(size, len(paths))
		batches = append(batches, paths[:n])
		paths = paths[n:]
	}
	return batches, dirs, res, nil
}

// run accumulates the findings of the batches of one Run.
type run struct {
	res     *Result
	seen    map[string]bool // keys of findings already recorded
	badDeps map[string]bool // IDs of dependencies whose errors are recorded
}

// dependencyErrors records the errors of the packages that roots import,
// directly or not, once per package: a root that cannot import a package
// says only "could not import X", while X's own error says why (a module
// missing from go.mod, a file that does not parse) and what to do.
func (r *run) dependencyErrors(roots []*packages.Package) {
	isRoot := make(map[*packages.Package]bool, len(roots))
	for _, p := range roots {
		isRoot[p] = true
	}
	packages.Visit(roots, nil, func(p *packages.Package) {
		if isRoot[p] || len(p.Errors) == 0 || r.badDeps[p.ID] {
			return
		}
		r.badDeps[p.ID] = true
		r.res.Errors = append(r.res.Errors, packageErrors(p)...)
	})
}

// analyze applies analyzers to roots and records their findings and
// failures.
func (r *run) analyze(analyzers []*analysis.Analyzer, roots []*packages.Package) error {
	res := r.res
	graph, err := checker.Analyze(analyzers, roots, nil)
	if err != nil {
		return fmt.Errorf("running checks: %w", err)
	}
	failed := make(map[*packages.Package]bool)
	for _, act := range graph.Roots {
		if act.Err != nil {
			// A package that does not type-check fails every check;
			// its type errors are already recorded once.
			if !act.Package.IllTyped {
				res.Errors = append(res.Errors, PackageError{
					Package:  act.Package.ID,
					Analyzer: act.Analyzer.Name,
					Message:  act.Err.Error(),
				})
			} else if !failed[act.Package] && len(act.Package.Errors) == 0 {
				failed[act.Package] = true
				res.Errors = append(res.Errors, PackageError{
					Package: act.Package.ID,
					Message: "not analysed: a dependency has errors",
				})
			}
			continue
		}
		funcs := newFuncIndex(act.Package)
		for _, d := range act.Diagnostics {
			f := toFinding(act.Package.Fset, act.Analyzer, d)
			if isGenerated(f.File) {
				continue
			}
			key := fmt.Sprintf("%s\x00%s:%d:%d\x00%s", f.Analyzer, f.File, f.Line, f.Column, f.Message)
			if r.seen[key] {
				continue
			}
			r.seen[key] = true
			f.Function = funcs.at(d.Pos)
			res.Findings = append(res.Findings, f)
		}
	}
	return nil
}

// selectRoots chooses the packages to analyse: the test variant of a
// package ("p [p.test]") stands for the package itself, since its files
// include all of p's; generated test mains ("p.test") are dropped; packages
// that the go command could not find at all are returned as unmatched.
func selectRoots(pkgs []*packages.Package) (roots, unmatched []*packages.Package) {
	hasTestVariant := make(map[string]bool)
	for _, p := range pkgs {
		if p.ForTest != "" && p.PkgPath == p.ForTest {
			hasTestVariant[p.PkgPath] = true
		}
	}
	for _, p := range pkgs {
		switch {
		case strings.HasSuffix(p.ID, ".test") && p.Name == "main" && p.ForTest == "":
			// the generated test main
		case p.ForTest == "" && hasTestVariant[p.PkgPath]:
			// covered by its test variant
		case len(p.Syntax) == 0 && len(p.Errors) > 0:
			unmatched = append(unmatched, p)
		default:
			roots = append(roots, p)
		}
	}
	return roots, unmatched
}

func packageErrors(p *packages.Package) []PackageError {
	var out []PackageError
	for _, e := range p.Errors {
		out = append(out, PackageError{Package: p.ID, Pos: e.Pos, Message: e.Msg})
	}
	return out
}

func toFinding(fset *token.FileSet, a *analysis.Analyzer, d analysis.Diagnostic) finding.Finding {
	pos := fset.Position(d.Pos)
	f := finding.Finding{
		Analyzer: a.Name,
		Category: d.Category,
		File:     absPath(pos.Filename),
		Line:     pos.Line,
		Column:   pos.Column,
		Message:  d.Message,
	}
	if d.End.IsValid() && d.End != d.Pos {
		end := fset.Position(d.End)
		f.EndLine, f.EndColumn = end.Line, end.Column
	}
	for _, sf := range d.SuggestedFixes {
		fix := finding.Fix{Message: sf.Message}
		for _, e := range sf.TextEdits {
			start := fset.Position(e.Pos)
			end := start
			if e.End.IsValid() {
				end = fset.Position(e.End)
			}
			fix.Edits = append(fix.Edits, finding.Edit{
				File:    absPath(start.Filename),
				Start:   start.Offset,
				End:     end.Offset,
				NewText: string(e.NewText),
			})
		}
		f.Fixes = append(f.Fixes, fix)
	}
	return f
}

func absPath(name string) string {
	if abs, err := filepath.Abs(name); err == nil {
		return abs
	}
	return name
}

// isGenerated reports whether file lies in the go command's cache, as the
// generated main of a test binary does.
func isGenerated(file string) bool {
	return strings.Contains(file, string(filepath.Separator)+"go-build")
}

// funcIndex maps positions of one package to the enclosing top-level
// function, named as pprof names it.
type funcIndex struct {
	pkg   *packages.Package
	decls []*ast.FuncDecl // sorted by Pos
}

func newFuncIndex(p *packages.Package) *funcIndex {
	x := &funcIndex{pkg: p}
	for _, f := range p.Syntax {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				x.decls = append(x.decls, fd)
			}
		}
	}
	slices.SortFunc(x.decls, func(a, b *ast.FuncDecl) int { return int(a.Pos() - b.Pos()) })
	return x
}

// at returns the pprof-style name of the function declared around pos,
// e.g. "example.com/m/pkg.(*T).Method", or "" if pos is outside any
// function. Function literals are attributed to their enclosing
// declaration (pprof names them "Outer.func1"; the cost join matches by
// prefix).
func (x *funcIndex) at(pos token.Pos) string {
	i, _ := slices.BinarySearchFunc(x.decls, pos, func(d *ast.FuncDecl, p token.Pos) int {
		if d.End() < p {
			return -1
		}
		if d.Pos() > p {
			return 1
		}
		return 0
	})
	if i >= len(x.decls) || pos < x.decls[i].Pos() || pos > x.decls[i].End() {
		return ""
	}
	obj, ok := x.pkg.TypesInfo.Defs[x.decls[i].Name].(*types.Func)
	if !ok {
		return ""
	}
	return PprofName(obj)
}

// PprofName returns the name pprof and the runtime give fn: the package
// path, then for a method the receiver type in parentheses when it is a
// pointer ("pkg.(*T).M") or bare ("pkg.T.M"), then the name. Type
// parameters are written "[...]", as the runtime prints them.
func PprofName(fn *types.Func) string {
	path := ""
	if fn.Pkg() != nil {
		path = fn.Pkg().Path()
	}
	sig := fn.Signature()
	if sig.Recv() == nil {
		name := path + "." + fn.Name()
		if sig.TypeParams().Len() > 0 {
			name += "[...]"
		}
		return name
	}
	t := sig.Recv().Type()
	ptr := false
	if p, ok := t.(*types.Pointer); ok {
		t, ptr = p.Elem(), true
	}
	recv := "?"
	generic := false
	if n, ok := t.(*types.Named); ok {
		recv = n.Obj().Name()
		generic = n.TypeParams().Len() > 0 || n.TypeArgs().Len() > 0
	}
	if generic {
		recv += "[...]"
	}
	if ptr {
		return path + ".(*" + recv + ")." + fn.Name()
	}
	return path + "." + recv + "." + fn.Name()
}
