package loopencode

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/ssa"

	"github.com/perfproof/perfproof/analysis/internal/callscc"
	"github.com/perfproof/perfproof/analysis/internal/checkdoc"
	"github.com/perfproof/perfproof/analysis/internal/factmemo"
	"github.com/perfproof/perfproof/analysis/internal/hotpath"
	"github.com/perfproof/perfproof/analysis/internal/localssa"
)

//go:embed doc.go
var doc string

// Analyzer reports loop-invariant encodings.
var Analyzer = check.Analyzer(nil)

// Memoized returns a new copy of Analyzer with a memo of its own (package
// factmemo) that names a package by key (factmemo.NewKeyed; nil: by its
// path and its own files' contents, right within one snapshot of the
// code), for a driver that meets a package more than once: test variants,
// or later runs. Analyzer itself remembers nothing between runs.
func Memoized(key func(*analysis.Pass) string) *analysis.Analyzer {
	return check.Analyzer(factmemo.NewKeyed[*summary](key))
}

// check defines the Analyzer, with or without a memo.
var check = factmemo.Check[*summary]{
	Template: analysis.Analyzer{
		Name: "loopencode",
		Doc:  checkdoc.MustExtract(doc, "loopencode"),
		URL:  "https://pkg.go.dev/github.com/perfproof/perfproof/analysis/passes/loopencode",
		// No Requires: this check runs on every dependency to compute its
		// facts, and with a memo most of those runs do nothing.
		// Prerequisite passes would run on every dependency regardless.
		FactTypes:        []analysis.Fact{new(summary)},
		RunDespiteErrors: true,
	},
	Run: run,
}

// pkgState holds the summaries of one package's functions.
type pkgState struct {
	pass     *analysis.Pass
	hot      *hotpath.Info
	ptrCache map[types.Type]bool
	// local maps each source function of the package to its summary;
	// a nil summary means the function could not be summarised.
	local    map[*ssa.Function]*summary
	states   map[*ssa.Function]*funcState
	imported map[*types.Func]*summary
	reported map[string]bool
	sources  map[string][]byte // file contents read for fixes
}

func run(pass *analysis.Pass, memo *factmemo.Table[*summary]) (any, error) {
	if memo.Replay(pass) {
		return nil, nil
	}
	rec := memo.Record(pass)
	defer rec.Store()
	ssaInfo := localssa.Build(pass)
	p := &pkgState{
		pass:     pass,
		hot:      hotpath.New(pass, inspector.New(pass.Files)),
		ptrCache: make(map[types.Type]bool),
		local:    make(map[*ssa.Function]*summary),
		states:   make(map[*ssa.Function]*funcState),
		imported: make(map[*types.Func]*summary),
		reported: make(map[string]bool),
	}
	// Every package computes summaries, even one that imports no
	// encoder: its callers need to know what its functions write.
	sccs := callscc.Components(ssaInfo.SrcFuncs)
	for _, scc := range sccs {
		p.summarizeMemory(scc)
	}
	for _, scc := range sccs {
		p.summarizeEncodes(scc)
	}
	for _, fn := range ssaInfo.SrcFuncs {
		s := p.local[fn]
		if s == nil || fn.Synthetic != "" || fn.Parent() != nil {
			continue
		}
		if obj, ok := fn.Object().(*types.Func); ok && obj.Exported() && !isTestEntry(pass, obj) {
			rec.ExportFact(obj, s)
		}
	}
	for _, direct := range []bool{true, false} {
		for _, fn := range ssaInfo.SrcFuncs {
			if fs := p.states[fn]; fs != nil {
				p.check(fs, direct)
			}
		}
	}
	return nil, nil
}

// isTestEntry reports whether fn is a test, benchmark, example or fuzz
// function, which nothing calls directly.
func isTestEntry(pass *analysis.Pass, fn *types.Func) bool {
	if !strings.HasSuffix(pass.Fset.File(fn.Pos()).Name(), "_test.go") || fn.Signature().Recv() != nil {
		return false
	}
	for _, prefix := range []string{"Test", "Benchmark", "Example", "Fuzz"} {
		if strings.HasPrefix(fn.Name(), prefix) {
			return true
		}
	}
	return false
}

// origin returns the generic function of an instance, or fn.
func origin(fn *ssa.Function) *ssa.Function {
	if o := fn.Origin(); o != nil {
		return o
	}
	return fn
}

// summaryOf returns the summary of a static callee, or nil if nothing is
// known about it.
func (p *pkgState) summaryOf(callee *ssa.Function) *summary {
	if e, ok := encoderOf(callee); ok {
		return encoderSummary(callee, e)
	}
	fn := origin(callee)
	if s, ok := p.local[fn]; ok {
		return s
	}
	if fn.Synthetic != "" && !strings.HasPrefix(fn.Synthetic, "from type information") {
		return nil // wrappers, thunks, bound methods
	}
	obj, ok := fn.Object().(*types.Func)
	if !ok || obj.Pkg() == nil || obj.Pkg() == p.pass.Pkg {
		return nil
	}
	obj = obj.Origin()
	if s, ok := p.imported[obj]; ok {
		return s
	}
	s := new(summary)
	if p.pass.ImportObjectFact(obj, s) {
		// Positions are meaningful only in the package that computed
		// them; drivers that keep facts in memory preserve them.
		encs := make([]Encode, len(s.Encodes))
		for i, e := range s.Encodes {
			e.pos = token.NoPos
			encs[i] = e
		}
		ns := *s
		ns.Encodes = encs
		s = &ns
	} else {
		s = nil
	}
	p.imported[obj] = s
	return s
}

// maxRounds bounds the fixed-point iterations over a recursive component.
const maxRounds = 8

// summarizeMemory computes the memory part of the summaries of one
// component of the call graph, iterating from an optimistic start until
// the summaries are stable; they only grow.
func (p *pkgState) summarizeMemory(scc []*ssa.Function) {
	for _, fn := range scc {
		p.local[fn] = nil
		if fn.Blocks != nil && len(fn.Params) <= maxParams {
			p.local[fn] = &summary{Groups: make([]uint8, len(fn.Params))}
		}
	}
	for round := 0; ; round++ {
		changed := false
		for _, fn := range scc {
			if fn.Blocks == nil {
				continue
			}
			fs := newFuncState(p, fn)
			fs.build()
			p.states[fn] = fs
			s := fs.summarize()
			old := p.local[fn]
			if (old == nil) != (s == nil) || old != nil && !equalSummary(old, s) {
				p.local[fn] = s
				changed = true
			}
		}
		if !changed {
			return
		}
		if round == maxRounds {
			// Give up on precision: treat the component as unknown
			// and rebuild its states with that assumption.
			for _, fn := range scc {
				p.local[fn] = nil
			}
			for _, fn := range scc {
				if fn.Blocks != nil {
					fs := newFuncState(p, fn)
					fs.build()
					p.states[fn] = fs
				}
			}
			return
		}
	}
}

// maxEncodes bounds the encodings one summary lists.
const maxEncodes = 8

// summarizeEncodes computes the encodings of one component of the call
// graph that depend only on parameters.
func (p *pkgState) summarizeEncodes(scc []*ssa.Function) {
	for round := 0; round < maxRounds; round++ {
		changed := false
		for _, fn := range scc {
			s, fs := p.local[fn], p.states[fn]
			if s == nil || fs == nil {
				continue
			}
			encs := p.encodesOf(fs)
			if len(encs) != len(s.Encodes) {
				ns := *s
				ns.Encodes = encs
				p.local[fn] = &ns
				changed = true
			}
		}
		if !changed {
			return
		}
	}
}

// encodesOf returns the encodings performed by fs's function, directly or
// through its callees, whose values depend only on its parameters.
func (p *pkgState) encodesOf(fs *funcState) []Encode {
	var encs []Encode
	seen := make(map[Encode]bool)
	for _, b := range fs.fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			for _, st := range p.sites(call) {
				if allConst(st.args) {
					continue
				}
				var params uint64
				ok := true
				for _, a := range st.args {
					ps, aok := fs.depends(a, nil)
					params |= ps
					ok = ok && aok
				}
				if !ok {
					continue
				}
				e := st.enc
				e.Params = params
				if !seen[e] && len(encs) < maxEncodes {
					seen[e] = true
					encs = append(encs, e)
				}
			}
		}
	}
	return encs
}

// A site is an encoding performed by a call: either the call of an
// encoder itself or an encoding inside the called function.
type site struct {
	enc    Encode
	args   []ssa.Value // the call's arguments the encoded value depends on
	direct bool
	stream bool
}

// sites returns the encodings a call performs.
func (p *pkgState) sites(call *ssa.Call) []site {
	c := call.Common()
	if c.IsInvoke() {
		return nil
	}
	callee := c.StaticCallee()
	if callee == nil {
		return nil
	}
	if e, ok := encoderOf(callee); ok {
		st := site{direct: true, stream: e.stream}
		for _, i := range e.args {
			if i < len(c.Args) {
				st.args = append(st.args, c.Args[i])
			}
		}
		pos := call.Pos()
		if _, ce, ok := p.callExpr(pos); ok {
			pos = ce.Pos()
		}
		st.enc = Encode{Call: e.name, Arg: p.argText(call.Pos(), e.show), Where: p.where(pos), pos: pos}
		return []site{st}
	}
	s := p.summaryOf(callee)
	if s == nil || len(s.Groups) != len(c.Args) {
		return nil
	}
	var out []site
	for _, e := range s.Encodes {
		st := site{enc: e}
		for i, a := range c.Args {
			if e.Params&(1<<i) != 0 {
				st.args = append(st.args, a)
			}
		}
		out = append(out, st)
	}
	return out
}

func allConst(vs []ssa.Value) bool {
	for _, v := range vs {
		if !isConst(v) {
			return false
		}
	}
	return true
}

// callExpr returns the cursor of the call expression whose opening
// parenthesis is at lparen.
func (p *pkgState) callExpr(lparen token.Pos) (inspector.Cursor, *ast.CallExpr, bool) {
	if !lparen.IsValid() {
		return inspector.Cursor{}, nil, false
	}
	cur, ok := p.hot.Inspector.Root().FindByPos(lparen, lparen+1)
	if !ok {
		return inspector.Cursor{}, nil, false
	}
	call, ok := cur.Node().(*ast.CallExpr)
	if !ok || call.Lparen != lparen {
		return inspector.Cursor{}, nil, false
	}
	return cur, call, true
}

// maxArgText bounds the length of an argument named in a diagnostic.
const maxArgText = 40

func (p *pkgState) argText(lparen token.Pos, i int) string {
	_, call, ok := p.callExpr(lparen)
	if !ok || i >= len(call.Args) {
		return "its argument"
	}
	s := types.ExprString(call.Args[i])
	if len(s) > maxArgText {
		return "its argument"
	}
	return s
}

// shortFun returns the called function as written, or "the call" if that
// is too long for a one-line message.
func shortFun(fun ast.Expr) string {
	s := types.ExprString(fun)
	if len(s) > maxArgText {
		return "the call"
	}
	return s
}

func (p *pkgState) where(pos token.Pos) string {
	posn := p.pass.Fset.Position(pos)
	return fmt.Sprintf("%s:%d", filepath.Base(posn.Filename), posn.Line)
}

// check reports the loop-invariant encodings of fs's function: with
// direct, the calls of encoders; otherwise the calls of functions that
// encode.
func (p *pkgState) check(fs *funcState, direct bool) {
	for _, b := range fs.fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			var sts []site
			for _, st := range p.sites(call) {
				if st.direct == direct && !allConst(st.args) {
					sts = append(sts, st)
				}
			}
			if len(sts) == 0 {
				continue
			}
			l := fs.loopOf(b)
			if l == nil {
				continue
			}
			cur, callExpr, ok := p.callExpr(call.Pos())
			if !ok {
				continue
			}
			stmt, ok := p.hot.Loop(cur)
			if !ok || !p.sameLoop(fs, l, cur, stmt) || p.coldTest(stmt) {
				continue
			}
			for _, st := range sts {
				if p.invariant(fs, l, st.args) {
					p.report(call, cur, callExpr, stmt, l, st)
				}
			}
		}
	}
}

func (p *pkgState) invariant(fs *funcState, l *loop, args []ssa.Value) bool {
	for _, a := range args {
		if _, ok := fs.depends(a, l); !ok {
			return false
		}
	}
	return true
}

// sameLoop reports whether the SSA loop l, the innermost one containing
// the call at cur, is the loop statement stmt: its header comes from a
// for or range statement, and the smallest loop statement around the call
// containing all its instructions is stmt. A goto loop or a benchmark loop
// nested in stmt fails the test.
func (p *pkgState) sameLoop(fs *funcState, l *loop, cur, stmt inspector.Cursor) bool {
	c := l.header.Comment
	if !strings.HasPrefix(c, "for.") && !strings.HasPrefix(c, "range") {
		return false
	}
	lo, hi := fs.span(l)
	n := stmt.Node()
	if !lo.IsValid() || lo < n.Pos() || hi >= n.End() {
		return false
	}
	for anc := range cur.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil)) {
		if anc == stmt {
			return true
		}
		if m := anc.Node(); m.Pos() <= lo && hi < m.End() {
			return false
		}
	}
	return false
}

// coldTest reports whether the loop statement is in a test file outside a
// benchmark: test loops over fixtures are not hot paths.
func (p *pkgState) coldTest(stmt inspector.Cursor) bool {
	if !strings.HasSuffix(p.pass.Fset.File(stmt.Node().Pos()).Name(), "_test.go") {
		return false
	}
	for fd := range stmt.Enclosing((*ast.FuncDecl)(nil)) {
		return !strings.HasPrefix(fd.Node().(*ast.FuncDecl).Name.Name, "Benchmark")
	}
	return true
}

func (p *pkgState) report(call *ssa.Call, cur inspector.Cursor, callExpr *ast.CallExpr, stmt inspector.Cursor, l *loop, st site) {
	kind := "for"
	if _, ok := stmt.Node().(*ast.RangeStmt); ok {
		kind = "range"
	}
	line := p.pass.Fset.Position(stmt.Node().Pos()).Line
	e := st.enc
	switch {
	case st.direct:
		if !st.stream && carried(call, l) {
			return // the loop already caches the encoding
		}
		if p.reported[e.Where] {
			return
		}
		p.reported[e.Where] = true
		hint := "hoist it before the loop and reuse the bytes"
		if st.stream {
			hint = "encode once before the loop and write the bytes"
		}
		d := analysis.Diagnostic{
			Pos: e.pos,
			Message: checkdoc.Fit(
				fmt.Sprintf("%s of %s is loop-invariant in the %s loop at line %d: %s", e.Call, e.Arg, kind, line, hint),
				fmt.Sprintf("%s of %s is loop-invariant in the loop at line %d: %s", e.Call, e.Arg, line, hint),
				fmt.Sprintf("%s of %s is loop-invariant in the loop at line %d: encode it once before the loop", e.Call, e.Arg, line)),
		}
		if !st.stream {
			if fix, ok := p.hoist(cur, callExpr, stmt, e); ok {
				d.SuggestedFixes = []analysis.SuggestedFix{fix}
			}
		}
		p.pass.Report(d)
	case e.pos.IsValid():
		// The encoding is in this package: report it there.
		if p.reported[e.Where] {
			return
		}
		p.reported[e.Where] = true
		p.pass.Report(analysis.Diagnostic{Pos: e.pos, Message: checkdoc.Fit(
			fmt.Sprintf("%s of %s is loop-invariant in the %s loop around %s at %s: encode once before the loop",
				e.Call, e.Arg, kind, shortFun(callExpr.Fun), p.where(call.Pos())),
			fmt.Sprintf("%s of %s is invariant in the loop calling %s at %s: encode once before it",
				e.Call, e.Arg, shortFun(callExpr.Fun), p.where(call.Pos())),
			fmt.Sprintf("%s of %s is invariant in the loop around the call at %s: encode once before it", e.Call, e.Arg, p.where(call.Pos())))})
	default:
		key := "call " + p.where(call.Pos())
		if p.reported[key] {
			return
		}
		p.reported[key] = true
		fun := shortFun(callExpr.Fun)
		p.pass.Report(analysis.Diagnostic{Pos: callExpr.Pos(), Message: checkdoc.Fit(
			fmt.Sprintf("%s runs %s of loop-invariant %s (%s) in the %s loop at line %d: encode once before the loop",
				fun, e.Call, e.Arg, e.Where, kind, line),
			fmt.Sprintf("%s runs %s of loop-invariant %s in the loop at line %d: encode once before it", fun, e.Call, e.Arg, line),
			fmt.Sprintf("%s runs %s of a loop-invariant value in the loop at line %d: encode once before it", fun, e.Call, line))})
	}
}
