// Package factmemo remembers, for the life of the process, what a
// fact-exporting check's run on a package exported and reported, so that
// a repeated run on the same package replays it instead of analysing
// again.
//
// A check that exports facts runs on every dependency of every package
// analysed. A test binary's graph holds test variants ("q [p.test]")
// whose files are the same as q's, and a driver that analyses in batches
// re-type-checks a shared dependency once per batch (perfproof scan did
// until session 8; its driver now checks each package once, but the test
// variants remain): without a memo, std with tests summarised the same
// functions dozens of times (loopencode), and rebuilding the same SSA in
// every batch made `scan std` about a third slower (useafterput). A package with the same
// path and files yields the same facts and diagnostics, so a repeated run
// replays them onto the new pass's objects and positions.
package factmemo

import (
	"go/token"
	"go/types"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"golang.org/x/tools/go/analysis"
)

// A Table is the memo of one check, whose facts on functions and methods
// are of type F. It is safe for concurrent use.
type Table[F analysis.Fact] struct {
	mu      sync.Mutex
	m       map[string]*entry[F]
	replays atomic.Int64
}

// New returns an empty Table.
func New[F analysis.Fact]() *Table[F] {
	return &Table[F]{m: make(map[string]*entry[F])}
}

// Replays returns the number of runs answered from the table, for tests.
func (t *Table[F]) Replays() int64 { return t.replays.Load() }

type entry[F analysis.Fact] struct {
	facts []memoFact[F]
	diags []memoDiag
}

// memoFact is an exported fact and the function it belongs to, named by
// its receiver's base type name ("" for a function) and its name.
type memoFact[F analysis.Fact] struct {
	recv, name string
	fact       F
}

// memoDiag is a diagnostic with its positions as a file name and byte
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

// Replay exports the remembered facts and reports the remembered
// diagnostics of pass's package, and reports whether there were any to
// replay. It returns false, and the caller must analyse, if the package
// was not seen before or an object or file cannot be found again.
func (t *Table[F]) Replay(pass *analysis.Pass) bool {
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
		pass.ExportObjectFact(objs[i], f.fact)
	}
	for _, d := range e.diags {
		tf := files[d.file]
		pass.Report(analysis.Diagnostic{Pos: tf.Pos(d.start), End: tf.Pos(d.end), Category: d.category, Message: d.message})
	}
	t.replays.Add(1)
	return true
}

// A Recorder collects what one run exports and reports.
type Recorder[F analysis.Fact] struct {
	t     *Table[F]
	pass  *analysis.Pass
	key   string
	entry entry[F]
}

// Record starts recording pass's diagnostics (it wraps pass.Report); the
// caller exports its facts through the Recorder and calls Store when done.
func (t *Table[F]) Record(pass *analysis.Pass) *Recorder[F] {
	r := &Recorder[F]{t: t, pass: pass, key: memoKey(pass)}
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

// ExportFact exports fact on obj, a function or method of the package, and
// records it.
func (r *Recorder[F]) ExportFact(obj *types.Func, fact F) {
	recv := ""
	if sig := obj.Signature(); sig.Recv() != nil {
		recv = recvName(sig.Recv().Type())
	}
	r.entry.facts = append(r.entry.facts, memoFact[F]{recv: recv, name: obj.Name(), fact: fact})
	r.pass.ExportObjectFact(obj, fact)
}

// Store remembers the recording. It stores a copy of the entry: the
// Recorder refers to the pass, which must not outlive its batch.
func (r *Recorder[F]) Store() {
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
