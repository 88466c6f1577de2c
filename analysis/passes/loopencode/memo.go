package loopencode

import (
	"go/token"
	"go/types"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"golang.org/x/tools/go/analysis"
)

// memo remembers, for the life of the process, what each package's run
// exported and reported, keyed by the package path and its files.
//
// The check exports facts, so the analysis driver runs it on every
// dependency of every package it analyses. A driver that analyses in
// batches (perfproof scan) re-type-checks a shared dependency once per
// batch, and a test binary's graph holds test variants ("q [p.test]")
// whose files are the same as q's: without the memo, std with tests
// summarised the same functions dozens of times. A package with the same
// path and files yields the same summaries and diagnostics, so a repeat
// run replays them onto the new pass's objects and positions.
var memo = &memoTable{m: make(map[string]*memoEntry)}

type memoTable struct {
	mu      sync.Mutex
	m       map[string]*memoEntry
	replays atomic.Int64 // runs answered from the memo, for tests
}

type memoEntry struct {
	facts []memoFact
	diags []memoDiag
}

// memoFact is an exported summary and the object it belongs to, named by
// its receiver type ("" for a function) and name.
type memoFact struct {
	recv, name string
	s          *summary
}

// memoDiag is a diagnostic with its positions as file name and byte
// offsets.
type memoDiag struct {
	file       string
	start, end int
	category   string
	message    string
}

// memoKey names a package by its path and sorted file names: a test
// variant with extra _test.go files gets its own entry.
func memoKey(pass *analysis.Pass) string {
	names := make([]string, 0, len(pass.Files))
	for _, f := range pass.Files {
		names = append(names, pass.Fset.File(f.FileStart).Name())
	}
	slices.Sort(names)
	return pass.Pkg.Path() + "\x00" + strings.Join(names, "\x00")
}

// replay exports the remembered facts and reports the remembered
// diagnostics of pass's package, and reports whether there were any to
// replay. It returns false, and the caller must analyse, if the package
// was not seen before or an object or file cannot be found again.
func (t *memoTable) replay(pass *analysis.Pass) bool {
	t.mu.Lock()
	e := t.m[memoKey(pass)]
	t.mu.Unlock()
	if e == nil {
		return false
	}
	objs := make([]*types.Func, len(e.facts))
	for i, f := range e.facts {
		if objs[i] = lookupFunc(pass.Pkg, f.recv, f.name); objs[i] == nil {
			return false
		}
	}
	files := make(map[string]*token.File)
	for _, f := range pass.Files {
		tf := pass.Fset.File(f.FileStart)
		files[tf.Name()] = tf
	}
	for _, d := range e.diags {
		if tf := files[d.file]; tf == nil || d.end > tf.Size() {
			return false
		}
	}
	for i, f := range e.facts {
		pass.ExportObjectFact(objs[i], f.s)
	}
	for _, d := range e.diags {
		tf := files[d.file]
		pass.Report(analysis.Diagnostic{Pos: tf.Pos(d.start), End: tf.Pos(d.end), Category: d.category, Message: d.message})
	}
	t.replays.Add(1)
	return true
}

// recorder collects what one run exports and reports.
type recorder struct {
	t     *memoTable
	pass  *analysis.Pass
	key   string
	entry memoEntry
}

// record starts recording pass's diagnostics; the caller exports facts
// through the recorder and calls store when done.
func (t *memoTable) record(pass *analysis.Pass) *recorder {
	r := &recorder{t: t, pass: pass, key: memoKey(pass)}
	report := pass.Report
	pass.Report = func(d analysis.Diagnostic) {
		start := pass.Fset.Position(d.Pos)
		end := start
		if d.End.IsValid() {
			end = pass.Fset.Position(d.End)
		}
		r.entry.diags = append(r.entry.diags, memoDiag{
			file: start.Filename, start: start.Offset, end: end.Offset,
			category: d.Category, message: d.Message,
		})
		report(d)
	}
	return r
}

func (r *recorder) exportFact(obj *types.Func, s *summary) {
	recv := ""
	if sig := obj.Signature(); sig.Recv() != nil {
		recv = recvName(sig.Recv().Type())
	}
	r.entry.facts = append(r.entry.facts, memoFact{recv: recv, name: obj.Name(), s: s})
	r.pass.ExportObjectFact(obj, s)
}

// store remembers the recording. It stores a copy of the entry: the
// recorder refers to the pass, which must not outlive its batch.
func (r *recorder) store() {
	e := r.entry
	r.t.mu.Lock()
	r.t.m[r.key] = &e
	r.t.mu.Unlock()
}

// recvName returns the name of a method's receiver base type.
func recvName(t types.Type) string {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj().Name()
	}
	return ""
}

// lookupFunc finds the function name, or the method name of the named
// type recv, declared in pkg; nil if there is none.
func lookupFunc(pkg *types.Package, recv, name string) *types.Func {
	if recv == "" {
		fn, _ := pkg.Scope().Lookup(name).(*types.Func)
		return fn
	}
	tn, ok := pkg.Scope().Lookup(recv).(*types.TypeName)
	if !ok {
		return nil
	}
	n, ok := types.Unalias(tn.Type()).(*types.Named)
	if !ok {
		return nil
	}
	for m := range n.Methods() {
		if m.Name() == name {
			return m
		}
	}
	return nil
}
