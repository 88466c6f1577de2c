package useafterput

import (
	"go/token"
	"go/types"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"golang.org/x/tools/go/analysis"
)

// memo remembers, for the life of the process, the facts and diagnostics
// of each package's run, keyed by its path and files.
//
// The check exports facts, so the driver runs it on every dependency of
// the packages it analyses; perfproof scan analyses in batches and
// type-checks a shared dependency once per batch, and building the SSA of
// the same standard-library packages again in every batch made `scan std`
// about a third slower. A package with the same path and files yields the
// same summaries and diagnostics, so a repeated run replays them onto the
// new pass's objects and positions.
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

// memoFact is an exported summary and the function it belongs to, named
// by its receiver's type name ("" for a function) and its name.
type memoFact struct {
	recv, name string
	s          *summary
}

// memoDiag is a diagnostic with its position as a file name and byte
// offset.
type memoDiag struct {
	file    string
	offset  int
	message string
}

func memoKey(pass *analysis.Pass) string {
	names := make([]string, 0, len(pass.Files))
	for _, f := range pass.Files {
		names = append(names, pass.Fset.File(f.FileStart).Name())
	}
	slices.Sort(names)
	return pass.Pkg.Path() + "\x00" + strings.Join(names, "\x00")
}

// replay exports the remembered facts and reports the remembered
// diagnostics of pass's package. It reports false, and the caller must
// analyse, if the package was not seen before or an object or a file
// cannot be found again.
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
		if tf := files[d.file]; tf == nil || d.offset > tf.Size() {
			return false
		}
	}
	for i, f := range e.facts {
		pass.ExportObjectFact(objs[i], f.s)
	}
	for _, d := range e.diags {
		pass.Report(analysis.Diagnostic{Pos: files[d.file].Pos(d.offset), Message: d.message})
	}
	t.replays.Add(1)
	return true
}

// A recorder collects what one run exports and reports.
type recorder struct {
	t     *memoTable
	key   string
	entry memoEntry
}

// record starts recording pass's diagnostics; the caller exports facts
// through the recorder and calls store when done.
func (t *memoTable) record(pass *analysis.Pass) *recorder {
	r := &recorder{t: t, key: memoKey(pass)}
	report := pass.Report
	fset := pass.Fset
	pass.Report = func(d analysis.Diagnostic) {
		p := fset.Position(d.Pos)
		r.entry.diags = append(r.entry.diags, memoDiag{file: p.Filename, offset: p.Offset, message: d.Message})
		report(d)
	}
	return r
}

func (r *recorder) exportFact(pass *analysis.Pass, fn *types.Func, s *summary) {
	recv := ""
	if sig := fn.Signature().Recv(); sig != nil {
		recv = recvName(sig.Type())
	}
	r.entry.facts = append(r.entry.facts, memoFact{recv: recv, name: fn.Name(), s: s})
	pass.ExportObjectFact(fn, s)
}

// store remembers the recording.
func (r *recorder) store() {
	e := r.entry
	r.t.mu.Lock()
	r.t.m[r.key] = &e
	r.t.mu.Unlock()
}

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
