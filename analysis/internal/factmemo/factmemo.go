// Package factmemo remembers what a fact-exporting check's run on a
// package exported and reported, so that a repeated run on the same
// package in the same analysis replays it instead of analysing again.
//
// A check that exports facts runs on every dependency of every package
// analysed, and a test binary's graph holds test variants ("q [p.test]")
// whose files are q's own: without a memo, std with tests summarised the
// same functions dozens of times (loopencode). A package with the same
// path and the same file contents, in one snapshot of the code, yields the
// same facts and diagnostics, so a repeated run replays them onto the new
// pass's objects and positions.
//
// A memo is owned by a driver, never by a check: the checks' exported
// Analyzers have no memo, so a long-running driver (gopls) that analyses a
// package again after it or its dependencies changed never replays a stale
// result. A driver asks for memoised copies (suite.Memoize) and says how
// packages are named: by default by their path and the contents of their
// own files (SHA-256, not their names), which is right within one
// snapshot of the code; perfproof scan names each package by its contents,
// how its bodies were parsed and its dependencies' names, as the go
// command's action IDs do, and keeps its copies for the life of the
// process.
package factmemo

import (
	"crypto/sha256"
	"encoding/hex"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"golang.org/x/tools/go/analysis"
)

// A Table is the memo of one check, whose facts on functions and methods
// are of type F. It is safe for concurrent use. A nil *Table is valid and
// remembers nothing: Replay reports false and Record only passes facts
// and diagnostics through.
type Table[F analysis.Fact] struct {
	mu      sync.Mutex
	m       map[string]*entry[F]
	key     func(*analysis.Pass) string
	replays atomic.Int64
}

// A Check is a fact-exporting check whose runs a Table can memoise:
// Template holds the fields of its Analyzer (its Run is ignored) and Run
// its analysis of one package, replaying from and recording into memo,
// which is nil when there is none.
type Check[F analysis.Fact] struct {
	Template analysis.Analyzer
	Run      func(pass *analysis.Pass, memo *Table[F]) (any, error)
}

// Analyzer returns a new Analyzer of c whose runs use memo (nil: no
// memo, correct under any driver).
func (c Check[F]) Analyzer(memo *Table[F]) *analysis.Analyzer {
	a := c.Template
	run := c.Run
	a.Run = func(pass *analysis.Pass) (any, error) { return run(pass, memo) }
	return &a
}

// maxEntries bounds a Table: past it, the table forgets everything and
// starts again, so that a long-lived owner does not grow without end.
const maxEntries = 1 << 15

// New returns an empty Table that names a package by its path and the
// contents of its own files (see memoKey): right within one snapshot of
// the code, where a package's dependencies cannot differ between two
// runs on it.
func New[F analysis.Fact]() *Table[F] {
	return NewKeyed[F](nil)
}

// NewKeyed returns an empty Table that names the package of a pass by
// key(pass) instead: a driver that knows each package's dependencies can
// name it by its contents and theirs (as the go command's action IDs do),
// and then keep the table across runs on code that changes. A key of ""
// means "do not memoise this package". A nil key is New's.
func NewKeyed[F analysis.Fact](key func(*analysis.Pass) string) *Table[F] {
	return &Table[F]{m: make(map[string]*entry[F]), key: key}
}

// keyOf returns the name of pass's package in t, "" if it has none.
func (t *Table[F]) keyOf(pass *analysis.Pass) string {
	if t.key != nil {
		return t.key(pass)
	}
	return memoKey(pass)
}

// Replays returns the number of runs answered from the table, for tests;
// 0 for a nil Table.
func (t *Table[F]) Replays() int64 {
	if t == nil {
		return 0
	}
	return t.replays.Load()
}

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

// memoDiag is a diagnostic with every position in it (its own, its
// suggested fixes' edits, its related information) as a span of a file
// named by its token.File name, so that a replay can restore them in the
// new pass's file set.
type memoDiag struct {
	at       span
	category string
	message  string
	url      string
	fixes    []memoFix
	related  []memoRelated
}

type memoFix struct {
	message string
	edits   []memoEdit
}

type memoEdit struct {
	at      span
	newText []byte
}

type memoRelated struct {
	at      span
	message string
}

// span is [start, end) in bytes of the file named file; end is -1 when
// the position had no end.
type span struct {
	file       string
	start, end int
}

// spanOf returns pos and end (which may be invalid) as a span; ok is
// false if pos is not in a file of fset.
func spanOf(fset *token.FileSet, pos, end token.Pos) (span, bool) {
	tf := fset.File(pos)
	if tf == nil {
		return span{}, false
	}
	sp := span{file: tf.Name(), start: tf.Offset(pos), end: -1}
	if end.IsValid() {
		if fset.File(end) != tf {
			return span{}, false
		}
		sp.end = tf.Offset(end)
	}
	return sp, true
}

// positions returns sp's start and end in files, or ok false if its file
// is not there or too short.
func (sp span) positions(files map[string]*token.File) (pos, end token.Pos, ok bool) {
	tf := files[sp.file]
	if tf == nil || sp.start > tf.Size() || sp.end > tf.Size() {
		return token.NoPos, token.NoPos, false
	}
	pos = tf.Pos(sp.start)
	if sp.end >= 0 {
		end = tf.Pos(sp.end)
	}
	return pos, end, true
}

// record converts d to a memoDiag; ok is false if a position of d is
// outside the file set's files, and d is then not memoisable.
func record(fset *token.FileSet, d analysis.Diagnostic) (memoDiag, bool) {
	at, ok := spanOf(fset, d.Pos, d.End)
	if !ok {
		return memoDiag{}, false
	}
	md := memoDiag{at: at, category: d.Category, message: d.Message, url: d.URL}
	for _, f := range d.SuggestedFixes {
		mf := memoFix{message: f.Message}
		for _, e := range f.TextEdits {
			sp, ok := spanOf(fset, e.Pos, e.End)
			if !ok {
				return memoDiag{}, false
			}
			mf.edits = append(mf.edits, memoEdit{at: sp, newText: e.NewText})
		}
		md.fixes = append(md.fixes, mf)
	}
	for _, r := range d.Related {
		sp, ok := spanOf(fset, r.Pos, r.End)
		if !ok {
			return memoDiag{}, false
		}
		md.related = append(md.related, memoRelated{at: sp, message: r.Message})
	}
	return md, true
}

// restore converts md back to a diagnostic in files; ok is false if a
// position cannot be restored.
func (md memoDiag) restore(files map[string]*token.File) (analysis.Diagnostic, bool) {
	pos, end, ok := md.at.positions(files)
	if !ok {
		return analysis.Diagnostic{}, false
	}
	d := analysis.Diagnostic{Pos: pos, End: end, Category: md.category, Message: md.message, URL: md.url}
	for _, mf := range md.fixes {
		f := analysis.SuggestedFix{Message: mf.message}
		for _, e := range mf.edits {
			pos, end, ok := e.at.positions(files)
			if !ok {
				return analysis.Diagnostic{}, false
			}
			f.TextEdits = append(f.TextEdits, analysis.TextEdit{Pos: pos, End: end, NewText: e.newText})
		}
		d.SuggestedFixes = append(d.SuggestedFixes, f)
	}
	for _, r := range md.related {
		pos, end, ok := r.at.positions(files)
		if !ok {
			return analysis.Diagnostic{}, false
		}
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: pos, End: end, Message: r.message})
	}
	return d, true
}

// memoKey names a package by its path and the sorted names and SHA-256
// of the contents of its files: a test variant with extra _test.go files
// gets its own entry, and so does a package whose files changed. It
// returns "" (do not memoise) if a file cannot be read.
func memoKey(pass *analysis.Pass) string {
	readFile := pass.ReadFile
	if readFile == nil {
		return ""
	}
	files := make([]string, 0, len(pass.Files))
	for _, f := range pass.Files {
		name := pass.Fset.File(f.FileStart).Name()
		src, err := readFile(name)
		if err != nil {
			return ""
		}
		sum := sha256.Sum256(src)
		files = append(files, name+"\x00"+hex.EncodeToString(sum[:]))
	}
	slices.Sort(files)
	return pass.Pkg.Path() + "\x00" + strings.Join(files, "\x00")
}

// Replay exports the remembered facts and reports the remembered
// diagnostics of pass's package, and reports whether there were any to
// replay. It returns false, and the caller must analyse, if the package
// was not seen before or an object or file cannot be found again.
func (t *Table[F]) Replay(pass *analysis.Pass) bool {
	if t == nil {
		return false
	}
	key := t.keyOf(pass)
	if key == "" {
		return false
	}
	t.mu.Lock()
	e := t.m[key]
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
	diags := make([]analysis.Diagnostic, len(e.diags))
	for i, md := range e.diags {
		var ok bool
		if diags[i], ok = md.restore(files); !ok {
			return false
		}
	}
	for i, f := range e.facts {
		pass.ExportObjectFact(objs[i], f.fact)
	}
	for _, d := range diags {
		pass.Report(d)
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
	// unmemoisable is set when a diagnostic had a position the memo
	// cannot restore; the run is then not stored.
	unmemoisable bool
}

// Record starts recording pass's diagnostics (it wraps pass.Report); the
// caller exports its facts through the Recorder and calls Store when done.
func (t *Table[F]) Record(pass *analysis.Pass) *Recorder[F] {
	r := &Recorder[F]{t: t, pass: pass}
	if t == nil {
		return r
	}
	if r.key = t.keyOf(pass); r.key == "" {
		return r
	}
	report := pass.Report
	pass.Report = func(d analysis.Diagnostic) {
		if md, ok := record(pass.Fset, d); ok {
			r.entry.diags = append(r.entry.diags, md)
		} else {
			r.unmemoisable = true
		}
		report(d)
	}
	return r
}

// ExportFact exports fact on obj, a function or method of the package, and
// records it.
func (r *Recorder[F]) ExportFact(obj *types.Func, fact F) {
	if r.t == nil || r.key == "" {
		r.pass.ExportObjectFact(obj, fact)
		return
	}
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
	if r.t == nil || r.key == "" || r.unmemoisable {
		return
	}
	e := r.entry
	r.t.mu.Lock()
	if len(r.t.m) >= maxEntries {
		clear(r.t.m)
	}
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
