package scan

import (
	"cmp"
	"container/heap"
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"os"
	"reflect"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
)

// This file is scan's analysis driver. It takes the package graph that
// go/packages lists (metadata only), then parses and type-checks each
// package once, in dependency order, on GOMAXPROCS workers, and runs the
// checks on it as soon as it is type-checked: all of them on the packages
// the user named (the roots), and on the other packages only the checks
// that compute facts (with the passes they require), whose facts the roots
// need. Once a package is analysed its syntax, type information and
// results are dropped; its *types.Package and facts stay for the packages
// that import it, until every one of them, direct or not, is done (see
// release). Roots hand what they found to Run (driver.done) before their
// syntax goes.
//
// The semantics of an analysis.Pass are those of
// golang.org/x/tools/go/analysis/checker, which scan used before: the
// facts a pass can import are those the checker would hand it (see
// visible), an analyzer whose prerequisite failed fails with "failed
// prerequisites: ...", and one that does not run despite errors is
// skipped on an ill-typed package.

// A node is one package of the graph and its state in the driver.
type node struct {
	p       *packages.Package
	imports []*node // p.Imports, sorted by import path
	preds   []*node // the nodes that import this one
	pending int     // imports not yet done; guarded by the scheduler's mutex
	root    bool    // every check runs on it; else only the fact checks
	// unreleased counts the importers not yet released; guarded by the
	// scheduler's mutex. A node is released (its types, facts and file
	// positions dropped) once it is done and every package that imports
	// it, directly or not, is: none can meet its objects any more.
	unreleased int
	done       bool
	files      []*token.File // of its syntax, in the driver's FileSet
	height     int           // length of the longest chain of importers above it
	// key names the package by its contents, how they were parsed and
	// its imports' keys (see packageKey); "" if a file could not be read.
	key string
	// base is, for a test variant ("q [p.test]"), the node of the same
	// package outside the test ("q"), if the graph has it.
	base *node

	// Set when the node is done, read by its importers after.
	facts map[*analysis.Analyzer]*factTable // of the checks that have facts
	errs  map[*analysis.Analyzer]error      // of the checks that have facts, when they failed
}

// A factTable holds the facts one check exported on one package.
type factTable struct {
	obj map[objectFactKey]analysis.Fact
	pkg map[reflect.Type]analysis.Fact
}

type objectFactKey struct {
	obj types.Object
	typ reflect.Type
}

// An outcome is what one analyzer did on one package.
type outcome struct {
	result any
	err    error
	diags  []analysis.Diagnostic
}

// A driver analyses one graph of packages.
type driver struct {
	ctx   context.Context
	fset  *token.FileSet
	parse func(fset *token.FileSet, filename string, src []byte) (*ast.File, error)
	// forgive, if non-nil, drops from a package the errors that the
	// parse policy causes (see bodyPolicy.forgiveOne).
	forgive func(p *packages.Package)
	// keep, if non-nil, reports whether parse keeps a file's function
	// bodies (bodyPolicy.keep); nil means it keeps every file whole.
	keep func(filename string) bool

	rootAnalyzers []*analysis.Analyzer // in dependency order: required first
	depAnalyzers  []*analysis.Analyzer // the fact checks and what they require, in dependency order

	// done is called on each root once it is analysed, before its
	// syntax and type information are dropped; outcomes are by
	// analyzer. It may be called concurrently.
	done func(n *node, outcomes map[*analysis.Analyzer]*outcome)
	// progress, if non-nil, is told of each node done.
	progress *reporter

	mu     sync.RWMutex
	owners map[*types.Package]*node // the node of each type-checked package
}

// checked, if non-nil, is called after each package is type-checked
// (for tests).
var checked func(p *packages.Package)

// newDriver returns a driver for the given analyzers (the requested ones;
// what they require is added).
func newDriver(ctx context.Context, analyzers []*analysis.Analyzer) *driver {
	d := &driver{ctx: ctx, fset: token.NewFileSet(), owners: make(map[*types.Package]*node)}
	d.rootAnalyzers = dependencyOrder(analyzers)
	var factful []*analysis.Analyzer
	for _, a := range d.rootAnalyzers {
		if len(a.FactTypes) > 0 {
			factful = append(factful, a)
		}
	}
	d.depAnalyzers = dependencyOrder(factful)
	d.parse = func(fset *token.FileSet, filename string, src []byte) (*ast.File, error) {
		return parser.ParseFile(fset, filename, src, parser.AllErrors|parser.ParseComments)
	}
	return d
}

// dependencyOrder returns as and the analyzers they require, directly or
// not, each once, every analyzer after those it requires.
func dependencyOrder(as []*analysis.Analyzer) []*analysis.Analyzer {
	var out []*analysis.Analyzer
	seen := make(map[*analysis.Analyzer]bool)
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		for _, r := range a.Requires {
			visit(r)
		}
		out = append(out, a)
	}
	for _, a := range as {
		visit(a)
	}
	return out
}

// graph builds the nodes of roots and of every package they import,
// directly or not. It returns them in no particular order.
func graph(roots []*packages.Package) []*node {
	nodes := make(map[*packages.Package]*node)
	var all []*node
	var visit func(p *packages.Package) *node
	visit = func(p *packages.Package) *node {
		if n := nodes[p]; n != nil {
			return n
		}
		n := &node{p: p}
		nodes[p] = n
		for _, path := range sortedKeys(p.Imports) {
			imp := visit(p.Imports[path])
			n.imports = append(n.imports, imp)
			imp.preds = append(imp.preds, n)
		}
		n.pending = len(n.imports)
		all = append(all, n)
		return n
	}
	for _, p := range roots {
		visit(p).root = true
	}
	plain := make(map[string]*node)
	for _, n := range all {
		n.unreleased = len(n.preds)
		if n.p.ID == n.p.PkgPath {
			plain[n.p.PkgPath] = n
		}
	}
	for _, n := range all {
		if n.p.ID != n.p.PkgPath {
			n.base = plain[n.p.PkgPath]
		}
	}
	// all is in postorder (imports first): heights from the top down.
	for i := len(all) - 1; i >= 0; i-- {
		n := all[i]
		for _, imp := range n.imports {
			imp.height = max(imp.height, n.height+1)
		}
	}
	return all
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// run processes every node, each after the nodes it imports, on
// GOMAXPROCS workers. It returns the context's error if it is cancelled.
func (d *driver) run(nodes []*node) error {
	var (
		mu        sync.Mutex
		cond      = sync.NewCond(&mu)
		ready     readyQueue
		remaining = len(nodes)
	)
	for _, n := range nodes {
		if n.pending == 0 {
			ready = append(ready, n)
		}
	}
	heap.Init(&ready)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), max(len(nodes), 1)) {
		wg.Go(func() {
			for {
				mu.Lock()
				for len(ready) == 0 && remaining > 0 && d.ctx.Err() == nil {
					cond.Wait()
				}
				if remaining == 0 || d.ctx.Err() != nil {
					cond.Broadcast()
					mu.Unlock()
					return
				}
				n := heap.Pop(&ready).(*node)
				mu.Unlock()

				if d.ctx.Err() == nil {
					d.process(n)
				}

				mu.Lock()
				remaining--
				analysed := len(nodes) - remaining
				for _, pred := range n.preds {
					if pred.pending--; pred.pending == 0 {
						heap.Push(&ready, pred)
					}
				}
				n.done = true
				if n.unreleased == 0 {
					d.release(n)
				}
				cond.Broadcast()
				// Reported under the lock, so that counts arrive in
				// order, one per package, as Options.Progress
				// promises (the callback must return quickly).
				d.progress.report(Progress{Loaded: true, Packages: len(nodes), Analysed: analysed})
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	for _, n := range nodes {
		if n.p.Types != nil {
			pkgKeys.Delete(n.p.Types)
		}
	}
	return d.ctx.Err()
}

// release drops what n's importers needed of it, and releases each of its
// imports that no other importer holds. The caller holds the scheduler's
// mutex.
func (d *driver) release(n *node) {
	p := n.p
	d.mu.Lock()
	delete(d.owners, p.Types)
	d.mu.Unlock()
	pkgKeys.Delete(p.Types)
	for _, f := range n.files {
		d.fset.RemoveFile(f)
	}
	n.files = nil
	p.Types = nil
	p.TypeErrors = nil
	n.facts = nil
	for _, imp := range n.imports {
		if imp.unreleased--; imp.unreleased == 0 && imp.done {
			d.release(imp)
		}
	}
}

// readyQueue is a heap of the nodes ready to run, those with the fewest
// levels of importers above them first: the scheduler finishes what it can
// finish (a root, the test variants only one root imports) before it
// starts on more, so that their types are released early. On std with
// tests that halved the peak heap (206 MB instead of 512 MB live after a
// collection, against running the longest chains first) and cut the CPU
// time by a tenth, the collector having less to mark.
type readyQueue []*node

func (q readyQueue) Len() int { return len(q) }
func (q readyQueue) Less(i, j int) bool {
	if q[i].height != q[j].height {
		return q[i].height < q[j].height
	}
	return len(q[i].p.CompiledGoFiles) > len(q[j].p.CompiledGoFiles)
}
func (q readyQueue) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *readyQueue) Push(x any)   { *q = append(*q, x.(*node)) }
func (q *readyQueue) Pop() any {
	old := *q
	n := old[len(old)-1]
	*q = old[:len(old)-1]
	return n
}

// process type-checks and analyses n, then drops what its importers do
// not need.
func (d *driver) process(n *node) {
	p := n.p
	d.typeCheck(n)
	if checked != nil {
		checked(p)
	}
	d.mu.Lock()
	d.owners[p.Types] = n
	d.mu.Unlock()

	if len(p.Syntax) == 0 && len(p.Errors) > 0 {
		// Not found, or no file could be read: not analysed (Run
		// records why), though its importers get its fact checks.
		n.root = false
	}
	analyzers := d.depAnalyzers
	if n.root {
		analyzers = d.rootAnalyzers
	}
	outcomes := d.analyse(n, analyzers)
	if n.root && d.done != nil {
		d.done(n, outcomes)
	}
	// Importers need only the types and the facts.
	p.Syntax = nil
	p.TypesInfo = nil
}

// typeCheck parses and type-checks n's package as go/packages would
// (LoadAllSyntax), setting its Types, Syntax, TypesInfo, TypeErrors,
// Errors and IllTyped. Its imports must be done.
func (d *driver) typeCheck(n *node) {
	p := n.p
	p.Fset = d.fset
	if p.PkgPath == "unsafe" {
		p.Types = types.Unsafe
		p.Syntax = []*ast.File{}
		p.TypesInfo = newTypesInfo()
		return
	}
	// The name go list gives, not the files' package clauses, as
	// go/packages does.
	p.Types = types.NewPackage(p.PkgPath, p.Name)

	appendError := func(err error) {
		switch err := err.(type) {
		case packages.Error:
			p.Errors = append(p.Errors, err)
		case *os.PathError:
			p.Errors = append(p.Errors, packages.Error{Pos: err.Path + ":1", Msg: err.Err.Error(), Kind: packages.ParseError})
		case scanner.ErrorList:
			for _, e := range err {
				p.Errors = append(p.Errors, packages.Error{Pos: e.Pos.String(), Msg: e.Msg, Kind: packages.ParseError})
			}
		case types.Error:
			p.TypeErrors = append(p.TypeErrors, err)
			p.Errors = append(p.Errors, packages.Error{Pos: err.Fset.Position(err.Pos).String(), Msg: err.Msg, Kind: packages.TypeError})
		default:
			p.Errors = append(p.Errors, packages.Error{Pos: "-", Msg: err.Error(), Kind: packages.UnknownError})
		}
	}

	p.Syntax = make([]*ast.File, 0, len(p.CompiledGoFiles))
	for _, name := range p.CompiledGoFiles {
		src, err := os.ReadFile(name)
		if err != nil {
			appendError(err)
			continue
		}
		f, err := d.parse(d.fset, name, src)
		if f != nil {
			p.Syntax = append(p.Syntax, f)
			if tf := d.fset.File(f.FileStart); tf != nil {
				n.files = append(n.files, tf)
			}
		}
		if err != nil {
			appendError(err)
		}
	}

	p.TypesInfo = newTypesInfo()
	imports := make(map[string]*types.Package, len(p.Imports))
	for path, imp := range p.Imports {
		imports[path] = imp.Types
	}
	conf := &types.Config{
		Importer: importerFunc(func(path string) (*types.Package, error) {
			if path == "unsafe" {
				return types.Unsafe, nil
			}
			if t := imports[path]; t != nil {
				return t, nil
			}
			return nil, fmt.Errorf("no metadata for %s", path)
		}),
		Error: appendError,
		Sizes: p.TypesSizes,
	}
	if p.Module != nil && p.Module.GoVersion != "" {
		conf.GoVersion = "go" + p.Module.GoVersion
	}
	err := types.NewChecker(conf, d.fset, p.Types, p.TypesInfo).Files(p.Syntax)
	if err != nil && len(p.Errors) == 0 {
		appendError(err)
	}
	if d.forgive != nil {
		d.forgive(p)
	}
	if n.key != "" {
		pkgKeys.Store(p.Types, n.key)
	}
	ill := len(p.Errors) > 0
	for _, imp := range p.Imports {
		ill = ill || imp.IllTyped
	}
	p.IllTyped = ill
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

func newTypesInfo() *types.Info {
	return &types.Info{
		Types:        make(map[ast.Expr]types.TypeAndValue),
		Defs:         make(map[*ast.Ident]types.Object),
		Uses:         make(map[*ast.Ident]types.Object),
		Implicits:    make(map[ast.Node]types.Object),
		Instances:    make(map[*ast.Ident]types.Instance),
		Scopes:       make(map[ast.Node]*types.Scope),
		Selections:   make(map[*ast.SelectorExpr]*types.Selection),
		FileVersions: make(map[*ast.File]string),
	}
}

// analyse runs analyzers (in dependency order) on n and returns their
// outcomes. The facts and errors of the fact checks are kept on n.
func (d *driver) analyse(n *node, analyzers []*analysis.Analyzer) map[*analysis.Analyzer]*outcome {
	p := n.p
	outcomes := make(map[*analysis.Analyzer]*outcome, len(analyzers))
	module := passModule(p.Module)
	if module == nil {
		module = &analysis.Module{}
	}
	for _, a := range analyzers {
		out := &outcome{}
		outcomes[a] = out
		facts := &factTable{obj: make(map[objectFactKey]analysis.Fact), pkg: make(map[reflect.Type]analysis.Fact)}
		if len(a.FactTypes) > 0 {
			if n.facts == nil {
				n.facts = make(map[*analysis.Analyzer]*factTable)
			}
			n.facts[a] = facts
		}
		out.result, out.err = d.runOne(n, a, outcomes, facts, module, out)
		if out.err != nil && len(a.FactTypes) > 0 {
			if n.errs == nil {
				n.errs = make(map[*analysis.Analyzer]error)
			}
			n.errs[a] = out.err
		}
	}
	return outcomes
}

// runOne runs a on n, whose other analyzers' outcomes so far are in
// outcomes, with facts as the table of a's facts on n.
func (d *driver) runOne(n *node, a *analysis.Analyzer, outcomes map[*analysis.Analyzer]*outcome, facts *factTable, module *analysis.Module, out *outcome) (any, error) {
	p := n.p
	var failed []string
	inputs := make(map[*analysis.Analyzer]any, len(a.Requires))
	for _, req := range a.Requires {
		if o := outcomes[req]; o.err != nil {
			failed = append(failed, req.String()+"@"+p.String())
		} else {
			inputs[req] = o.result
		}
	}
	if len(a.FactTypes) > 0 {
		for _, imp := range n.imports {
			if imp.errs[a] != nil {
				failed = append(failed, a.String()+"@"+imp.p.String())
			}
		}
	}
	if failed != nil {
		sort.Strings(failed)
		return nil, fmt.Errorf("failed prerequisites: %s", strings.Join(failed, ", "))
	}
	if p.IllTyped && !a.RunDespiteErrors {
		return nil, fmt.Errorf("analysis skipped due to errors in package")
	}

	var pass *analysis.Pass
	pass = &analysis.Pass{
		Analyzer:     a,
		Fset:         p.Fset,
		Files:        p.Syntax,
		OtherFiles:   p.OtherFiles,
		IgnoredFiles: p.IgnoredFiles,
		Pkg:          p.Types,
		TypesInfo:    p.TypesInfo,
		TypesSizes:   p.TypesSizes,
		TypeErrors:   p.TypeErrors,
		Module:       module,
		ResultOf:     inputs,
		Report: func(diag analysis.Diagnostic) {
			if err := checkFixes(p.Fset, diag.SuggestedFixes); err != nil {
				panic(fmt.Sprintf("analyzer %q suggests an invalid fix: %v", a.Name, err))
			}
			out.diags = append(out.diags, diag)
		},
		ImportObjectFact: func(obj types.Object, ptr analysis.Fact) bool {
			if obj == nil {
				panic("nil object")
			}
			if f := d.objectFact(n, a, facts, obj, factType(ptr)); f != nil {
				reflect.ValueOf(ptr).Elem().Set(reflect.ValueOf(f).Elem())
				return true
			}
			return false
		},
		ExportObjectFact: func(obj types.Object, fact analysis.Fact) {
			if pass.ExportObjectFact == nil {
				panic(fmt.Sprintf("%s@%s: Pass.ExportObjectFact(%s, %T) called after Run", a, p, obj, fact))
			}
			if obj.Pkg() != p.Types {
				panic(fmt.Sprintf("internal error: in analysis %s of package %s: Fact.Set(%s, %T): can't set facts on objects belonging another package", a, p, obj, fact))
			}
			facts.obj[objectFactKey{obj, factType(fact)}] = fact
		},
		ImportPackageFact: func(pkg *types.Package, ptr analysis.Fact) bool {
			if pkg == nil {
				panic("nil package")
			}
			if f := d.packageFact(n, a, facts, pkg, factType(ptr)); f != nil {
				reflect.ValueOf(ptr).Elem().Set(reflect.ValueOf(f).Elem())
				return true
			}
			return false
		},
		ExportPackageFact: func(fact analysis.Fact) {
			if pass.ExportPackageFact == nil {
				panic(fmt.Sprintf("%s@%s: Pass.ExportPackageFact(%T) called after Run", a, p, fact))
			}
			facts.pkg[factType(fact)] = fact
		},
		AllObjectFacts:  func() []analysis.ObjectFact { return d.allObjectFacts(n, a, facts) },
		AllPackageFacts: func() []analysis.PackageFact { return d.allPackageFacts(n, a, facts) },
	}
	pass.ReadFile = func(filename string) ([]byte, error) {
		if !readable(pass, filename) {
			return nil, fmt.Errorf("Pass.ReadFile: %s is not among OtherFiles, IgnoredFiles, or names of Files", filename)
		}
		return os.ReadFile(filename)
	}
	defer func() {
		pass.ExportObjectFact = nil
		pass.ExportPackageFact = nil
	}()
	result, err := a.Run(pass)
	if err != nil {
		return nil, err
	}
	if got, want := reflect.TypeOf(result), a.ResultType; got != want {
		return nil, fmt.Errorf("internal error: on package %s, analyzer %s returned a result of type %v, but declared ResultType %v", pass.Pkg.Path(), a, got, want)
	}
	return result, nil
}

// checkFixes puts the edits of each fix in order of position, gives each
// an end, and reports whether they are well formed, as the checker does
// (it panics on an ill-formed fix; the suite turns such a panic into the
// check's failure on the package).
func checkFixes(fset *token.FileSet, fixes []analysis.SuggestedFix) error {
	messages := make(map[string]bool)
	for i := range fixes {
		fix := &fixes[i]
		if messages[fix.Message] {
			return fmt.Errorf("two fixes with the same message (%s)", fix.Message)
		}
		messages[fix.Message] = true
		// A stable sort keeps the order of insertions at one point.
		slices.SortStableFunc(fix.TextEdits, func(x, y analysis.TextEdit) int {
			return cmp.Or(cmp.Compare(x.Pos, y.Pos), cmp.Compare(x.End, y.End))
		})
		var prev *analysis.TextEdit
		for j := range fix.TextEdits {
			e := &fix.TextEdits[j]
			file := fset.File(e.Pos)
			if file == nil {
				return fmt.Errorf("fix %q: no file for an edit's start", fix.Message)
			}
			eof := token.Pos(file.Base() + file.Size())
			if e.End.IsValid() {
				if e.End < e.Pos {
					return fmt.Errorf("fix %q: an edit ends before it starts", fix.Message)
				}
				if endFile := fset.File(e.End); endFile != file {
					if e.End < eof+10 {
						// An End computed just past the end of
						// the file (go.dev/issue/71659): the
						// checker truncates it, and does not
						// compare it with the previous edit.
						e.End = eof
						continue
					}
					return fmt.Errorf("fix %q: an edit spans files", fix.Message)
				}
			} else {
				e.End = e.Pos
			}
			if e.End > eof {
				return fmt.Errorf("fix %q: an edit ends beyond the end of its file", fix.Message)
			}
			if prev != nil && e.Pos < prev.End {
				return fmt.Errorf("fix %q: overlapping edits at %s", fix.Message, fset.Position(e.Pos))
			}
			prev = e
		}
	}
	return nil
}

func factType(fact analysis.Fact) reflect.Type {
	t := reflect.TypeOf(fact)
	if t.Kind() != reflect.Pointer {
		panic(fmt.Sprintf("invalid Fact type: got %T, want pointer", fact))
	}
	return t
}

// readable reports whether a pass may read filename: one of its files.
func readable(pass *analysis.Pass, filename string) bool {
	if slices.Contains(pass.OtherFiles, filename) || slices.Contains(pass.IgnoredFiles, filename) {
		return true
	}
	for _, f := range pass.Files {
		if pass.Fset.File(f.FileStart).Name() == filename {
			return true
		}
	}
	return false
}

// owner returns the node whose package is pkg, or nil.
func (d *driver) owner(pkg *types.Package) *node {
	d.mu.RLock()
	defer d.mu.RUnlock()
	return d.owners[pkg]
}

// objectFact returns the fact of type typ that a's pass on n can import
// for obj, or nil. own holds the facts the pass exported so far.
//
// The checker hands a pass the facts of its package's dependencies that
// each import edge lets through: along an edge from an importer to the
// package q, those of q's own facts (and of those it inherited) whose
// object q's export data may mention (checker's exportedFrom). Facts on
// methods, fields, types and constants pass every edge; facts on q's
// exported functions and on its variables pass only the edge from a
// direct importer of q; facts on unexported functions pass none.
func (d *driver) objectFact(n *node, a *analysis.Analyzer, own *factTable, obj types.Object, typ reflect.Type) analysis.Fact {
	key := objectFactKey{obj, typ}
	if obj.Pkg() == n.p.Types {
		return own.obj[key]
	}
	q := d.owner(obj.Pkg())
	if q == nil || q.facts[a] == nil {
		return nil
	}
	f := q.facts[a].obj[key]
	if f == nil || !visible(n, q, obj) {
		return nil
	}
	return f
}

// visible reports whether a fact on obj, an object of q's package, reaches
// n's pass, n being an importer of q, directly or not.
func visible(n, q *node, obj types.Object) bool {
	if passesAll(obj) {
		return true
	}
	return slices.Contains(n.imports, q) && exportedFrom(obj, q.p.Types)
}

// passesAll reports whether a fact on obj passes every import edge: obj
// is a method, a field, a type name or a constant.
func passesAll(obj types.Object) bool {
	switch obj := obj.(type) {
	case *types.Func:
		return obj.Signature().Recv() != nil
	case *types.Var:
		return obj.IsField()
	case *types.TypeName, *types.Const:
		return true
	}
	return false
}

// exportedFrom reports whether a fact on obj passes the edge from a
// direct importer of pkg, as the checker decides it.
func exportedFrom(obj types.Object, pkg *types.Package) bool {
	switch obj := obj.(type) {
	case *types.Func:
		return obj.Exported() && obj.Pkg() == pkg || obj.Signature().Recv() != nil
	case *types.Var:
		return obj.IsField() || obj.Pkg() == pkg
	case *types.TypeName, *types.Const:
		return true
	}
	return false
}

// packageFact returns the package fact of type typ on pkg that a's pass on
// n can import, or nil: the checker passes package facts along every
// edge.
func (d *driver) packageFact(n *node, a *analysis.Analyzer, own *factTable, pkg *types.Package, typ reflect.Type) analysis.Fact {
	if pkg == n.p.Types {
		return own.pkg[typ]
	}
	q := d.owner(pkg)
	if q == nil || q.facts[a] == nil {
		return nil
	}
	return q.facts[a].pkg[typ]
}

// closure calls f on every package n imports, directly or not, once each.
func closure(n *node, f func(q *node)) {
	seen := map[*node]bool{n: true}
	var visit func(m *node)
	visit = func(m *node) {
		for _, q := range m.imports {
			if !seen[q] {
				seen[q] = true
				f(q)
				visit(q)
			}
		}
	}
	visit(n)
}

func (d *driver) allObjectFacts(n *node, a *analysis.Analyzer, own *factTable) []analysis.ObjectFact {
	var out []analysis.ObjectFact
	for k, f := range own.obj {
		out = append(out, analysis.ObjectFact{Object: k.obj, Fact: f})
	}
	closure(n, func(q *node) {
		if t := q.facts[a]; t != nil {
			for k, f := range t.obj {
				if visible(n, q, k.obj) {
					out = append(out, analysis.ObjectFact{Object: k.obj, Fact: f})
				}
			}
		}
	})
	return out
}

func (d *driver) allPackageFacts(n *node, a *analysis.Analyzer, own *factTable) []analysis.PackageFact {
	var out []analysis.PackageFact
	for _, f := range own.pkg {
		out = append(out, analysis.PackageFact{Package: n.p.Types, Fact: f})
	}
	closure(n, func(q *node) {
		if t := q.facts[a]; t != nil {
			for _, f := range t.pkg {
				out = append(out, analysis.PackageFact{Package: q.p.Types, Fact: f})
			}
		}
	})
	return out
}

// passModule converts a go/packages module to the analysis one.
func passModule(m *packages.Module) *analysis.Module {
	if m == nil {
		return nil
	}
	var err *analysis.ModuleError
	if m.Error != nil {
		err = &analysis.ModuleError{Err: m.Error.Err}
	}
	return &analysis.Module{
		Path:      m.Path,
		Version:   m.Version,
		Replace:   passModule(m.Replace),
		Time:      m.Time,
		Main:      m.Main,
		Indirect:  m.Indirect,
		Dir:       m.Dir,
		GoMod:     m.GoMod,
		GoVersion: m.GoVersion,
		Error:     err,
	}
}
