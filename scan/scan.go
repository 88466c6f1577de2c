// Package scan is the find step of perfproof: it loads Go packages with type
// information, runs the checks over them with its own go/analysis driver
// (driver.go: each package parsed and type-checked once), and returns their
// diagnostics as findings.
package scan

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/perfproof/perfproof/finding"
	"github.com/perfproof/perfproof/internal/suppress"
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
	// Progress, if not nil, is called as Run starts loading the packages,
	// once they are loaded, and after each package is analysed (see
	// Progress). Calls are never concurrent, but they are made from the
	// analysis workers: Progress must return quickly. nil means no
	// progress.
	Progress func(Progress)
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
	// Suppressed are the findings silenced by a //perfproof:ignore
	// directive, in the order of Findings, each with the directive's
	// reason.
	Suppressed []Suppressed
	// Packages is the number of packages the patterns matched; a package
	// and its test variant count once, an external test package ("p_test")
	// on its own.
	Packages int
	// NotAnalysed lists the matched packages that were not analysed by
	// every selected check, with why: a scan with entries here is not a
	// clean result, whatever its findings.
	NotAnalysed []Unanalysed
}

// A Suppressed finding is one that a //perfproof:ignore directive silenced.
type Suppressed struct {
	finding.Finding
	// Reason is the directive's reason, as the user wrote it.
	Reason string `json:"reason"`
}

// An Unanalysed package is one that some or all checks did not analyse.
type Unanalysed struct {
	// Package is the import path, with a test variant suffix where it
	// applies.
	Package string `json:"package"`
	// Checks names the checks that failed on the package; empty when none
	// ran (the package did not load or parse).
	Checks []string `json:"checks,omitempty"`
	// Reason is the first error, e.g. "no Go files in /m/x" or
	// "internal error: ...".
	Reason string `json:"reason"`
}

// Summary returns a one-line account of the packages not analysed, e.g.
// "3 of 41 packages not fully analysed: example.com/m/a (expected ';'), ...",
// or "" when every package was. It names at most three packages.
func (r *Result) Summary() string {
	if len(r.NotAnalysed) == 0 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d of %d packages not fully analysed", len(r.NotAnalysed), max(r.Packages, len(r.NotAnalysed)))
	b.WriteString(": ")
	for i, u := range r.NotAnalysed {
		if i == 3 {
			fmt.Fprintf(&b, ", and %d more", len(r.NotAnalysed)-3)
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		reason := u.Reason
		if len(u.Checks) > 0 {
			reason = "check " + strings.Join(u.Checks, ", ") + " failed: " + reason
		}
		if len(reason) > 80 {
			reason = reason[:77] + "..."
		}
		fmt.Fprintf(&b, "%s (%s)", u.Package, reason)
	}
	return b.String()
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
//
// The checks that can memoise their runs (suite.Memoize) are replaced by
// copies whose memos scan keeps for the life of the process (memo.go),
// naming each package by its contents and its dependencies': a test
// variant, or a package met again in a later run, replays its facts and
// diagnostics only if nothing it was analysed from has changed.
func Run(ctx context.Context, analyzers []*analysis.Analyzer, patterns []string, opts Options) (*Result, error) {
	setCandidates(analyzers)
	analyzers = memoize(analyzers)
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	cfg := &packages.Config{
		Context:    ctx,
		Dir:        opts.Dir,
		Env:        opts.Env,
		BuildFlags: opts.BuildFlags,
	}
	prog := &reporter{f: opts.Progress}
	prog.report(Progress{})
	paths, dirs, res, err := plan(cfg, patterns)
	if err != nil {
		return res, err
	}
	cache, err := goEnv(ctx, cfg, "GOCACHE")
	if err != nil {
		return res, err
	}
	// The package graph only: the driver parses and type-checks each
	// package once (driver.go).
	cfg.Mode = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedImports |
		packages.NeedDeps | packages.NeedModule | packages.NeedTypesSizes
	cfg.Tests = opts.Tests
	pkgs, err := packages.Load(cfg, paths...)
	if err != nil {
		return res, fmt.Errorf("loading packages %s: %w", strings.Join(paths, " "), err)
	}
	if err := ctx.Err(); err != nil {
		return res, err
	}
	candidates := selectRoots(pkgs)
	testOnly := testOnlyPackages(cfg, pkgs)
	d := newDriver(ctx, append(slices.Clip(analyzers), callsumAnalyzer))
	d.progress = prog
	if dirs != nil {
		bodies := newBodyPolicy(dirs, cache)
		d.parse = bodies.parseFile
		d.forgive = bodies.forgiveOne
		d.keep = bodies.keep
	}
	r := &run{res: res, seen: make(map[string]bool), badDeps: make(map[string]bool), counted: make(map[string]bool), calls: newCallGraph()}
	outs := make(map[*packages.Package]*rootOut, len(candidates))
	var mu sync.Mutex
	d.done = func(n *node, outcomes map[*analysis.Analyzer]*outcome) {
		out := collect(n.p, analyzers, outcomes)
		mu.Lock()
		outs[n.p] = out
		mu.Unlock()
	}
	nodes := graph(candidates)
	d.nameNodes(nodes)
	prog.report(Progress{Loaded: true, Packages: len(nodes)})
	if err := d.run(nodes); err != nil {
		return res, err
	}
	// What the batches of a scan used to record, in their order: errors
	// of the named packages, those not analysed at all, the errors of
	// their dependencies, then what the checks found.
	var roots, unmatched []*packages.Package
	for _, p := range candidates {
		if outs[p] == nil {
			unmatched = append(unmatched, p)
		} else {
			roots = append(roots, p)
		}
	}
	for _, p := range append(unmatched, roots...) {
		res.Errors = append(res.Errors, packageErrors(p)...)
		r.count(p)
	}
	for _, p := range unmatched {
		res.NotAnalysed = append(res.NotAnalysed, Unanalysed{Package: p.ID, Reason: firstError(p)})
	}
	r.dependencyErrors(roots)
	for _, p := range roots {
		r.record(p, outs[p])
	}
	r.calls.markTestOnly(testOnly)
	reached := r.calls.reachable()
	serving := r.calls.servingDepths(maxServingDepth)
	base := absPath(cmp.Or(opts.Dir, "."))
	for i := range res.Findings {
		demote(&res.Findings[i], r.calls.classify(&res.Findings[i], reached, serving, base))
	}
	for i := range res.Suppressed {
		demote(&res.Suppressed[i].Finding, r.calls.classify(&res.Suppressed[i].Finding, reached, serving, base))
	}
	finding.Sort(res.Findings)
	slices.SortFunc(res.Suppressed, func(a, b Suppressed) int {
		return cmp.Or(strings.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Column, b.Column), strings.Compare(a.Analyzer, b.Analyzer))
	})
	slices.SortFunc(res.NotAnalysed, func(a, b Unanalysed) int { return strings.Compare(a.Package, b.Package) })
	return res, nil
}

// goEnv returns the value of the go command's environment variable name
// (e.g. GOCACHE) as the go command sees it in cfg's directory and
// environment.
func goEnv(ctx context.Context, cfg *packages.Config, name string) (string, error) {
	cmd := exec.CommandContext(ctx, "go", "env", name)
	cmd.Dir = cfg.Dir
	cmd.Env = cfg.Env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go env %s: %v: %s", name, err, strings.TrimSpace(stderr.String()))
	}
	return strings.TrimSpace(string(out)), nil
}

// plan lists the packages that patterns match and returns their import
// paths, the patterns to load. Patterns that name .go files are returned
// as they are, since their package ("command-line-arguments") cannot be
// named by path, with no directories. It returns ErrNoPackages when
// nothing matches, with the go command's reason where it gave one.
func plan(cfg *packages.Config, patterns []string) (paths []string, dirs map[string]bool, _ *Result, _ error) {
	res := &Result{}
	for _, p := range patterns {
		if strings.HasSuffix(p, ".go") {
			return patterns, nil, res, nil
		}
	}
	list := *cfg
	list.Mode = packages.NeedName | packages.NeedFiles
	pkgs, err := packages.Load(&list, patterns...)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("loading packages %s: %w", strings.Join(patterns, " "), err)
	}
	var reason string
	dirs = make(map[string]bool)
	for _, p := range pkgs {
		if len(p.GoFiles)+len(p.CompiledGoFiles)+len(p.IgnoredFiles) == 0 && len(p.Errors) > 0 {
			res.Errors = append(res.Errors, packageErrors(p)...)
			res.Packages++
			res.NotAnalysed = append(res.NotAnalysed, Unanalysed{Package: p.ID, Reason: firstError(p)})
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
	return paths, dirs, res, nil
}

// run accumulates the findings of one Run.
type run struct {
	res     *Result
	seen    map[string]bool // keys of findings already recorded
	badDeps map[string]bool // IDs of dependencies whose errors are recorded
	counted map[string]bool // package paths counted in res.Packages
	calls   *callGraph      // of every package analysed
}

// count adds p to the number of matched packages, once per package path.
func (r *run) count(p *packages.Package) {
	if !r.counted[p.PkgPath] {
		r.counted[p.PkgPath] = true
		r.res.Packages++
	}
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

// A rootOut is what the checks did on one root package, collected while
// its syntax and types were at hand and recorded after every package was
// analysed, in the order of the roots.
type rootOut struct {
	events []event
	// malformed are the errors of the package's malformed
	// //perfproof:ignore directives, recorded with its first finding.
	malformed []PackageError
	// status says why the package was not fully analysed, nil if it was.
	status *Unanalysed
	calls  *callSummary // nil if callsum failed
}

// An event is a check that failed (err) or a diagnostic that became a
// finding (f).
type event struct {
	err *PackageError
	f   finding.Finding
	// suppressed is set, with the directive's reason, when a
	// //perfproof:ignore directive silences f.
	suppressed bool
	reason     string
}

// collect gathers the outcomes of analyzers (the checks asked for) on
// root p, with callsum's summary. Packages with type errors, their own or
// a dependency's, are analysed with the type information there is (every
// check runs despite errors), and their findings carry a note saying so.
func collect(p *packages.Package, analyzers []*analysis.Analyzer, outcomes map[*analysis.Analyzer]*outcome) *rootOut {
	out := &rootOut{}
	if o := outcomes[callsumAnalyzer]; o != nil && o.err == nil {
		out.calls = o.result.(*callSummary)
	}
	var (
		ran     int
		failed  []string // names of the checks that failed
		reason  string   // the first failure
		own     map[string]bool
		note    string
		funcs   *funcIndex
		ignores *suppress.Index
	)
	for _, a := range analyzers {
		o := outcomes[a]
		if o.err != nil {
			failed = append(failed, a.Name)
			if reason == "" {
				reason = o.err.Error()
			}
			out.events = append(out.events, event{err: &PackageError{Package: p.ID, Analyzer: a.Name, Message: o.err.Error()}})
			continue
		}
		ran++
		if own == nil {
			own = ownFiles(p)
			if p.IllTyped {
				note = incompleteTypes(p)
			}
		}
		for _, d := range o.diags {
			if !isOwn(p.Fset, own, d.Pos) {
				continue // a file the go command generated
			}
			if funcs == nil {
				funcs = newFuncIndex(p)
				ignores = suppress.New(p.Fset, p.Syntax)
				for _, m := range ignores.Malformed {
					out.malformed = append(out.malformed, PackageError{Package: p.ID, Pos: p.Fset.Position(m.Pos).String(), Message: m.Message + "; the finding is kept"})
				}
			}
			f := toFinding(p.Fset, a, d)
			f.Function = funcs.at(d.Pos)
			f.Note = note
			e := event{f: f}
			if dir, ok := ignores.Lookup(f.Analyzer, p.Fset.Position(d.Pos)); ok {
				e.suppressed, e.reason = true, dir.Reason
			}
			out.events = append(out.events, e)
		}
	}
	switch {
	case len(analyzers) == 0:
		out.status = &Unanalysed{Package: p.ID, Reason: "no check ran"}
	case len(failed) > 0:
		u := Unanalysed{Package: p.ID, Checks: failed, Reason: reason}
		if ran == 0 {
			u.Checks = nil
			u.Reason = "every check failed: " + reason
		}
		out.status = &u
	case len(p.Errors) > 0:
		// Analysed, but only the code that parsed, with the types
		// that resolved: what the errors hide was not checked.
		out.status = &Unanalysed{Package: p.ID, Reason: "analysed in part, despite errors of its own: " + p.Errors[0].Msg}
	}
	return out
}

// record adds what the checks did on root p to the result: each finding
// once (a file shared by two packages is analysed twice), and the
// malformed directives of p, once each, with p's first finding.
func (r *run) record(p *packages.Package, out *rootOut) {
	res := r.res
	if out.calls != nil {
		r.calls.add(out.calls)
	}
	directives := false
	for _, e := range out.events {
		if e.err != nil {
			res.Errors = append(res.Errors, *e.err)
			continue
		}
		f := e.f
		key := fmt.Sprintf("%s\x00%s:%d:%d\x00%s", f.Analyzer, f.File, f.Line, f.Column, f.Message)
		if r.seen[key] {
			continue
		}
		r.seen[key] = true
		if !directives {
			directives = true
			for _, m := range out.malformed {
				key := "ignore\x00" + m.Pos
				if !r.seen[key] {
					r.seen[key] = true
					res.Errors = append(res.Errors, m)
				}
			}
		}
		if e.suppressed {
			res.Suppressed = append(res.Suppressed, Suppressed{Finding: f, Reason: e.reason})
			continue
		}
		res.Findings = append(res.Findings, f)
	}
	if out.status != nil {
		res.NotAnalysed = append(res.NotAnalysed, *out.status)
	}
}

// ownFiles returns the absolute names of p's Go source files, as the go
// command lists them: files it generates (cgo output, a test binary's
// main) are not among them.
func ownFiles(p *packages.Package) map[string]bool {
	own := make(map[string]bool, len(p.GoFiles))
	for _, f := range p.GoFiles {
		own[absPath(f)] = true
	}
	return own
}

// isOwn reports whether pos lies in one of the files in own: either the
// file itself (a plain Go file) or, through a //line directive, a file it
// was generated from (cgo rewrites x.go into a file in the build cache
// whose positions point back into x.go).
func isOwn(fset *token.FileSet, own map[string]bool, pos token.Pos) bool {
	return own[absPath(fset.PositionFor(pos, false).Filename)] || own[absPath(fset.Position(pos).Filename)]
}

// incompleteTypes returns the note for findings in p, which has type
// errors or imports a package that has: which, and the first error.
func incompleteTypes(p *packages.Package) string {
	if len(p.Errors) > 0 {
		return "analysed despite type errors in the package (" + p.Errors[0].Msg + "); types it could not resolve are unknown to the checks"
	}
	var imports []*packages.Package
	for _, path := range slices.Sorted(maps.Keys(p.Imports)) {
		imports = append(imports, p.Imports[path])
	}
	var bad *packages.Package
	packages.Visit(imports, func(*packages.Package) bool { return bad == nil }, func(q *packages.Package) {
		if bad == nil && len(q.Errors) > 0 {
			bad = q
		}
	})
	if bad == nil {
		return "analysed despite type errors in a dependency"
	}
	return "analysed despite type errors in dependency " + bad.PkgPath + " (" + bad.Errors[0].Msg + "); types from it may be unknown to the checks"
}

// firstError returns the message of p's first error, or "not loaded".
func firstError(p *packages.Package) string {
	if len(p.Errors) > 0 {
		return p.Errors[0].Msg
	}
	return "not loaded"
}

// selectRoots chooses the packages to analyse: the test variant of a
// package ("p [p.test]") stands for the package itself, since its files
// include all of p's; generated test mains ("p.test") are dropped. Those
// that the go command could not find at all (no syntax, errors) are told
// apart once they are parsed.
//
// ForTest is only set when the load mode has packages.NeedForTest, which
// Run does not ask for (nor did it before the driver): in practice p and
// its test variant are both analysed, and the findings in the files they
// share are kept once.
func selectRoots(pkgs []*packages.Package) (roots []*packages.Package) {
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
		default:
			roots = append(roots, p)
		}
	}
	return roots
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
// path ("main" for a command's package), then for a method the receiver type in parentheses when it is a
// pointer ("pkg.(*T).M") or bare ("pkg.T.M"), then the name. Type
// parameters are written "[...]", as the runtime prints them.
func PprofName(fn *types.Func) string {
	path := ""
	if fn.Pkg() != nil {
		path = fn.Pkg().Path()
		if fn.Pkg().Name() == "main" {
			path = "main" // as the linker names a command's symbols
		}
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
