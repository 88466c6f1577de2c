package splitwrite

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/perfproof/perfproof/analysis/internal/bytetype"
	"github.com/perfproof/perfproof/analysis/internal/checkdoc"
	"github.com/perfproof/perfproof/analysis/internal/factmemo"
	"github.com/perfproof/perfproof/analysis/internal/fiximport"
	"github.com/perfproof/perfproof/analysis/internal/hotpath"
	"github.com/perfproof/perfproof/internal/astutil"
)

//go:embed doc.go
var doc string

// Analyzer reports one message written with several consecutive Write
// calls on a writer that is not buffered.
var Analyzer = check.Analyzer(nil)

// Memoized returns a new copy of Analyzer with a memo of its own (package
// factmemo) that names a package by key (factmemo.NewKeyed; nil: by its
// path and its own files' contents, right within one snapshot of the
// code), for a driver that meets a package more than once: test variants,
// or later runs. Analyzer itself remembers nothing between runs.
func Memoized(key func(*analysis.Pass) string) *analysis.Analyzer {
	return check.Analyzer(factmemo.NewKeyed[*writerFact](key))
}

// check defines the Analyzer, with or without a memo.
var check = factmemo.Check[*writerFact]{
	Template: analysis.Analyzer{
		Name: "splitwrite",
		Doc:  checkdoc.MustExtract(doc, "splitwrite"),
		URL:  "https://pkg.go.dev/github.com/perfproof/perfproof/analysis/passes/splitwrite",
		// No Requires: the check runs on every dependency for its facts
		// (which parameters a function writes in several calls, which
		// results are unbuffered writers, which Write methods forward to
		// one), and with memo a repeated run replays them.
		FactTypes:        []analysis.Fact{new(writerFact)},
		RunDespiteErrors: true,
	},
	Run: run,
}

// relevant are the packages whose types make an unbuffered writer: a
// package that imports none of them, directly or through its imports
// (whose functions may return or forward such writers), and is none of
// them, cannot match.
var relevant = map[string]bool{"os": true, "net": true, "io": true, "os/exec": true}

// mayMatch reports whether pkg is or imports, directly or not, one of
// the relevant packages.
func mayMatch(pkg *types.Package) bool {
	seen := make(map[*types.Package]bool)
	var visit func(p *types.Package) bool
	visit = func(p *types.Package) bool {
		if seen[p] {
			return false
		}
		seen[p] = true
		if relevant[p.Path()] {
			return true
		}
		for _, q := range p.Imports() {
			if visit(q) {
				return true
			}
		}
		return false
	}
	return visit(pkg)
}

type checker struct {
	pass    *analysis.Pass
	in      *inspector.Inspector
	hot     *hotpath.Info
	imports *fiximport.Editor
	vars    *varKinds
	// splits holds the parameters that the package's functions write
	// in several Write calls (see paramSplit).
	splits map[*types.Func][]paramSplit
	// consts holds the initialisers of the package-level variables that
	// are never assigned again; built on first need by constVars.
	consts map[*types.Var]ast.Expr
	// files holds the contents of the package's files, read on first need.
	files map[string][]byte
}

func run(pass *analysis.Pass, memo *factmemo.Table[*writerFact]) (any, error) {
	if pass.Pkg == nil || pass.TypesInfo == nil {
		return nil, nil
	}
	if !mayMatch(pass.Pkg) || memo.Replay(pass) {
		return nil, nil
	}
	rec := memo.Record(pass)
	defer rec.Store()
	in := inspector.New(pass.Files)
	ch := &checker{
		pass:    pass,
		in:      in,
		hot:     hotpath.New(pass, in),
		imports: fiximport.New(pass),
		vars:    newVarKinds(pass, in),
		splits:  make(map[*types.Func][]paramSplit),
	}
	for c := range in.Root().Preorder((*ast.BlockStmt)(nil), (*ast.CaseClause)(nil), (*ast.CommClause)(nil)) {
		list, _ := astutil.StmtList(c.Node())
		ch.checkList(c, list)
	}
	sites := ch.sites()
	ch.propagate(sites)
	ch.reportCalls(sites)
	ch.exportFacts(rec.ExportFact)
	return nil, nil
}

// form is the shape of a statement that writes.
type form int

const (
	exprForm   form = iota // w.Write(b)
	assignForm             // n, err := w.Write(b), possibly followed by if err != nil {...}
	ifForm                 // if n, err := w.Write(b); err != nil {...}
	returnForm             // return w.Write(b)
)

// A write is one statement that calls a Write method of a writer or
// io.WriteString.
type write struct {
	stmt ast.Stmt
	call *ast.CallExpr
	w    ast.Expr // the writer
	arg  ast.Expr // what is written
	name string   // "Write", "WriteString" or "io.WriteString"
	str  bool     // arg is a string
	form form
	// nIgnored is set when the byte count is not used.
	nIgnored bool
	// err is the variable the error goes to (assignForm, ifForm), or nil.
	err types.Object
	// check is the if statement that checks err right after an
	// assignForm write, or nil.
	check *ast.IfStmt
	// n is the variable the byte count goes to, or nil; tally is the
	// statement right after the write (or its check) that adds it to a
	// total (total += n), or nil.
	n     types.Object
	tally ast.Stmt
	// onSuccess is set for a guarded write whose guard is that the
	// write before it succeeded: if err == nil { write }.
	onSuccess bool
	// guard is the if statement without else around the write, when
	// the write is conditional: if len(epilog) > 0 { w.Write(epilog) }.
	guard *ast.IfStmt
}

// checkList reports the runs of consecutive writes to one unbuffered
// writer in the statement list of the block at c, and records those on a
// parameter of unknown buffering for the callers to decide.
func (ch *checker) checkList(c inspector.Cursor, list []ast.Stmt) {
	for i := 0; i < len(list); i++ {
		first, ok := ch.writeOrGuarded(list[i])
		if !ok {
			continue
		}
		run := []*write{first}
		last := i // index in list of the last statement of the run
		for j := i + 1; j < len(list); j++ {
			prev := run[len(run)-1]
			if prev.form == returnForm {
				break
			}
			if prev.form == assignForm && prev.err != nil && prev.check == nil && prev.tally == nil && ch.isErrCheck(list[j], prev.err) {
				prev.check = list[j].(*ast.IfStmt)
				last = j
				continue
			}
			if prev.n != nil && prev.tally == nil && ch.isTally(list[j], prev.n) {
				prev.tally = list[j]
				last = j
				continue
			}
			next, ok := ch.writeOrGuarded(list[j])
			if !ok || !sameRef(ch.pass.TypesInfo, first.w, next.w) {
				break
			}
			// if err == nil { write }: the write follows whenever the
			// one before succeeded.
			next.onSuccess = next.guard != nil && prev.err != nil && ch.isOKCond(next.guard.Cond, prev.err)
			run = append(run, next)
			last = j
		}
		if len(run) < 2 {
			continue
		}
		kind := ch.vars.writerKind(first.w)
		switch {
		case kind == notUnbuffered:
			ch.recordSplit(c, run, list[last+1:])
		case isStream(ch.pass.TypesInfo, first.w, "Stderr"):
			// os.Stderr carries diagnostics, not the program's data.
		case !ch.closedAfter(first.w, list[last+1:]):
			ch.report(c, kind, run)
		}
		i = last
	}
}

// isTally reports whether s adds the byte count n to a total: total += n.
func (ch *checker) isTally(s ast.Stmt, n types.Object) bool {
	as, ok := s.(*ast.AssignStmt)
	if !ok || as.Tok != token.ADD_ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return false
	}
	id, ok := ast.Unparen(as.Rhs[0]).(*ast.Ident)
	return ok && ch.pass.TypesInfo.Uses[id] == n
}

// isOKCond reports whether cond is `err == nil` for the variable errVar.
func (ch *checker) isOKCond(cond ast.Expr, errVar types.Object) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.EQL {
		return false
	}
	id, ok := ast.Unparen(b.X).(*ast.Ident)
	nl, ok2 := ast.Unparen(b.Y).(*ast.Ident)
	return ok && ok2 && nl.Name == "nil" && ch.pass.TypesInfo.ObjectOf(id) == errVar
}

// writeStmt returns the write that s makes, if it is one of the forms.
func (ch *checker) writeStmt(s ast.Stmt) (*write, bool) {
	switch s := s.(type) {
	case *ast.ExprStmt:
		call, ok := ast.Unparen(s.X).(*ast.CallExpr)
		if !ok {
			return nil, false
		}
		wr, ok := writeCallOf(ch.pass.TypesInfo, call)
		if !ok {
			return nil, false
		}
		wr.stmt, wr.form, wr.nIgnored = s, exprForm, true
		return wr, true
	case *ast.AssignStmt:
		wr, ok := ch.assignWrite(s)
		if !ok {
			return nil, false
		}
		wr.stmt, wr.form = s, assignForm
		return wr, true
	case *ast.IfStmt:
		init, ok := s.Init.(*ast.AssignStmt)
		if !ok || s.Else != nil {
			return nil, false
		}
		wr, ok := ch.assignWrite(init)
		if !ok || wr.err == nil || !ch.isErrCond(s.Cond, wr.err) {
			return nil, false
		}
		wr.stmt, wr.form = s, ifForm
		return wr, true
	case *ast.ReturnStmt:
		if len(s.Results) != 1 {
			return nil, false
		}
		call, ok := ast.Unparen(s.Results[0]).(*ast.CallExpr)
		if !ok {
			return nil, false
		}
		wr, ok := writeCallOf(ch.pass.TypesInfo, call)
		if !ok {
			return nil, false
		}
		wr.stmt, wr.form = s, returnForm
		return wr, true
	}
	return nil, false
}

// writeOrGuarded returns the write that s makes, unconditionally or under
// a guard: an if statement with no init and no else, whose condition has
// no side effects, and whose body is only a write, or an assignment of a
// write and the check of its error; either may be followed by the
// addition of the byte count to a total. An assignment whose error is
// not checked in the body is a guarded write only if the guard is that
// the error variable it assigns is nil (if err == nil { n, err = w.Write(b) }):
// the error is then handled after the if, as the one before it.
func (ch *checker) writeOrGuarded(s ast.Stmt) (*write, bool) {
	if wr, ok := ch.writeStmt(s); ok {
		return wr, true
	}
	ifs, ok := s.(*ast.IfStmt)
	if !ok || ifs.Init != nil || ifs.Else != nil || !ch.pureCond(ifs.Cond) {
		return nil, false
	}
	body := ifs.Body.List
	if len(body) == 0 || len(body) > 3 {
		return nil, false
	}
	wr, ok := ch.writeStmt(body[0])
	if !ok || wr.form == returnForm {
		return nil, false
	}
	rest := body[1:]
	if len(rest) > 0 && wr.form == assignForm && wr.err != nil && ch.isErrCheck(rest[0], wr.err) {
		wr.check = rest[0].(*ast.IfStmt)
		rest = rest[1:]
	}
	if len(rest) > 0 && wr.n != nil && ch.isTally(rest[0], wr.n) {
		wr.tally = rest[0]
		rest = rest[1:]
	}
	if len(rest) > 0 {
		return nil, false
	}
	if wr.form == assignForm && wr.check == nil && (wr.err == nil || !ch.isOKCond(ifs.Cond, wr.err)) {
		return nil, false // the error is checked, if at all, after the if
	}
	wr.guard = ifs
	return wr, true
}

// pureCond reports whether the condition x has no side effects: it calls
// no function other than len and cap and receives from no channel.
func (ch *checker) pureCond(x ast.Expr) bool {
	pure := true
	ast.Inspect(x, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if b, ok := typeutil.Callee(ch.pass.TypesInfo, n).(*types.Builtin); !ok || b.Name() != "len" && b.Name() != "cap" {
				if tv, ok := ch.pass.TypesInfo.Types[n.Fun]; !ok || !tv.IsType() {
					pure = false // not a conversion either
				}
			}
		case *ast.UnaryExpr:
			if n.Op == token.ARROW {
				pure = false
			}
		case *ast.FuncLit:
			pure = false
		}
		return pure
	})
	return pure
}

// assignWrite recognises n, err := w.Write(b) and n, err = w.Write(b).
func (ch *checker) assignWrite(s *ast.AssignStmt) (*write, bool) {
	if s.Tok != token.DEFINE && s.Tok != token.ASSIGN || len(s.Lhs) != 2 || len(s.Rhs) != 1 {
		return nil, false
	}
	call, ok := ast.Unparen(s.Rhs[0]).(*ast.CallExpr)
	if !ok {
		return nil, false
	}
	wr, ok := writeCallOf(ch.pass.TypesInfo, call)
	if !ok {
		return nil, false
	}
	wr.nIgnored = isBlank(s.Lhs[0])
	if id, ok := s.Lhs[0].(*ast.Ident); ok && id.Name != "_" {
		wr.n = ch.pass.TypesInfo.ObjectOf(id)
	}
	if id, ok := s.Lhs[1].(*ast.Ident); ok && id.Name != "_" {
		wr.err = ch.pass.TypesInfo.ObjectOf(id)
		if wr.err == nil {
			return nil, false
		}
	}
	return wr, true
}

// writeCallOf recognises w.Write(b), w.WriteString(s) and
// io.WriteString(w, s).
func writeCallOf(info *types.Info, call *ast.CallExpr) (*write, bool) {
	if call.Ellipsis.IsValid() {
		return nil, false
	}
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok || fn == nil {
		return nil, false
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Params().Len() == 0 {
		return nil, false
	}
	last := sig.Params().At(sig.Params().Len() - 1).Type()
	if sig.Recv() == nil {
		if fn.Pkg() == nil || fn.Pkg().Path() != "io" || fn.Name() != "WriteString" || len(call.Args) != 2 {
			return nil, false
		}
		return &write{call: call, w: call.Args[0], arg: call.Args[1], name: "io.WriteString", str: true}, true
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || len(call.Args) != 1 || sig.Params().Len() != 1 {
		return nil, false
	}
	switch fn.Name() {
	case "Write":
		if !bytetype.IsSlice(last) {
			return nil, false
		}
		return &write{call: call, w: sel.X, arg: call.Args[0], name: "Write"}, true
	case "WriteString":
		if !astutil.IsString(last) {
			return nil, false
		}
		return &write{call: call, w: sel.X, arg: call.Args[0], name: "WriteString", str: true}, true
	}
	return nil, false
}

// isErrCheck reports whether s is `if err != nil { ... }` with no init
// and no else, err being the variable errVar.
func (ch *checker) isErrCheck(s ast.Stmt, errVar types.Object) bool {
	ifs, ok := s.(*ast.IfStmt)
	return ok && ifs.Init == nil && ifs.Else == nil && ch.isErrCond(ifs.Cond, errVar)
}

// isErrCond reports whether cond is `err != nil` for the variable errVar.
func (ch *checker) isErrCond(cond ast.Expr, errVar types.Object) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.NEQ {
		return false
	}
	id, ok := ast.Unparen(b.X).(*ast.Ident)
	nl, ok2 := ast.Unparen(b.Y).(*ast.Ident)
	return ok && ok2 && nl.Name == "nil" && ch.pass.TypesInfo.ObjectOf(id) == errVar
}

func (ch *checker) report(c inspector.Cursor, kind writerKind, run []*write) {
	cur, ok := c.FindNode(run[0].call)
	if !ok {
		return
	}
	if ch.hot.RunsOnce(cur) || ch.hot.InTestCode(cur) && !ch.hot.InBenchmarkLoop(cur) || ch.hot.InDeadCode(cur) || ch.beforeExit(cur) {
		return
	}
	count := countWord(len(run))
	for _, w := range run {
		if w.guard != nil && !w.onSuccess {
			count = "up to " + count
			break
		}
	}
	calls := "write calls"
	if same := run[0].name; allNamed(run, same) {
		calls = same + " calls"
	}
	lastArg := run[len(run)-1].arg
	delim := ch.delimiter(lastArg)
	var advice string
	diag := analysis.Diagnostic{Pos: run[0].call.Pos(), End: run[len(run)-1].call.End()}
	switch {
	case delim != "" && len(run) == 2:
		diag.Category = "delimiter"
		advice = "append the " + delim + " and write once"
	case kind == netConn:
		diag.Category = "parts"
		advice = "join the parts and write once, or use net.Buffers"
	default:
		diag.Category = "parts"
		advice = "join the parts and write once"
	}
	diag.Message = checkdoc.Fit(
		fmt.Sprintf("%s %s on %s for one message: %s", count, calls, ch.describe(run[0].w, kind), advice),
		fmt.Sprintf("%s %s on %s for one message: %s", count, calls, ch.label(run[0].w, "the writer"), advice),
		fmt.Sprintf("%s %s on %s for one message: join the parts and write once", count, calls, ch.label(run[0].w, "the writer")))
	if fix, ok := ch.fix(run, delim); ok {
		diag.SuggestedFixes = []analysis.SuggestedFix{fix}
	}
	ch.pass.Report(diag)
}

func allNamed(run []*write, name string) bool {
	for _, w := range run {
		if w.name != name {
			return false
		}
	}
	return true
}

func countWord(n int) string {
	if n < len(numbers) {
		return numbers[n]
	}
	return fmt.Sprint(n)
}

var numbers = []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"}

// delimiter names the constant that x writes if it is a short line or
// field delimiter: "newline", "CRLF" or "delimiter". It returns "" for
// anything else.
func (ch *checker) delimiter(x ast.Expr) string {
	s, ok := ch.constBytes(x)
	switch {
	case !ok || s == "" || len(s) > 2:
		return ""
	case s == "\n":
		return "newline"
	case s == "\r\n":
		return "CRLF"
	}
	return "delimiter"
}

// constBytes returns the bytes that x, a string or byte slice expression,
// denotes if they are constant: a string constant, []byte of one, or a
// []byte literal of constant elements.
func (ch *checker) constBytes(x ast.Expr) (string, bool) {
	info := ch.pass.TypesInfo
	x = ast.Unparen(x)
	if tv, ok := info.Types[x]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		return constant.StringVal(tv.Value), true
	}
	switch x := x.(type) {
	case *ast.Ident, *ast.SelectorExpr:
		// var newline = []byte("\n"), never assigned again.
		if v, ok := info.ObjectOf(selOrIdent(x)).(*types.Var); ok {
			if init, ok := ch.constVars()[v]; ok {
				return ch.constBytes(init)
			}
		}
	case *ast.CallExpr:
		// []byte("...")
		if tv, ok := info.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 && bytetype.IsSlice(tv.Type) {
			if tv, ok := info.Types[x.Args[0]]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
				return constant.StringVal(tv.Value), true
			}
		}
	case *ast.CompositeLit:
		if !bytetype.IsSlice(info.TypeOf(x)) {
			return "", false
		}
		var b []byte
		for _, e := range x.Elts {
			tv, ok := info.Types[e]
			if _, kv := e.(*ast.KeyValueExpr); kv || !ok || tv.Value == nil {
				return "", false
			}
			v, exact := constant.Uint64Val(constant.ToInt(tv.Value))
			if !exact || v > 255 {
				return "", false
			}
			b = append(b, byte(v))
		}
		return string(b), true
	}
	return "", false
}

// describe names the writer w for a message: "stdin (an unbuffered
// pipe)".
func (ch *checker) describe(w ast.Expr, kind writerKind) string {
	name := ch.label(w, "the writer")
	if isStream(ch.pass.TypesInfo, w, "Stdout") {
		return name + " (unbuffered)"
	}
	what := kind.String()
	if t := ch.pass.TypesInfo.TypeOf(w); t != nil && typeKind(t) == kind {
		what = "an unbuffered " + types.TypeString(t, func(p *types.Package) string { return p.Name() })
	}
	return name + " (" + what + ")"
}

// isStream reports whether w is os.Stdout or os.Stderr, as name says.
func isStream(info *types.Info, w ast.Expr, name string) bool {
	sel, ok := ast.Unparen(w).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	v, ok := info.Uses[sel.Sel].(*types.Var)
	return ok && v.Pkg() != nil && v.Pkg().Path() == "os" && v.Name() == name
}

// sameRef reports whether a and b denote the same variable: the same
// identifier, or the same field selected from the same variable.
func sameRef(info *types.Info, a, b ast.Expr) bool {
	a, b = ast.Unparen(a), ast.Unparen(b)
	switch a := a.(type) {
	case *ast.Ident:
		b, ok := b.(*ast.Ident)
		if !ok || a.Name != b.Name {
			return false
		}
		oa, ob := info.ObjectOf(a), info.ObjectOf(b)
		return oa != nil && oa == ob
	case *ast.SelectorExpr:
		b, ok := b.(*ast.SelectorExpr)
		if !ok || a.Sel.Name != b.Sel.Name {
			return false
		}
		oa, ob := info.ObjectOf(a.Sel), info.ObjectOf(b.Sel)
		if oa == nil || oa != ob {
			return false
		}
		if _, isVar := oa.(*types.Var); !isVar {
			return false
		}
		// x.f of the same x, or pkg.V of the same package.
		return sameRef(info, a.X, b.X)
	case *ast.StarExpr:
		b, ok := b.(*ast.StarExpr)
		return ok && sameRef(info, a.X, b.X)
	}
	return false
}

func isBlank(x ast.Expr) bool {
	id, ok := x.(*ast.Ident)
	return ok && id.Name == "_"
}

func selOrIdent(x ast.Expr) *ast.Ident {
	if sel, ok := x.(*ast.SelectorExpr); ok {
		return sel.Sel
	}
	id, _ := x.(*ast.Ident)
	return id
}

// constVars returns the initialisers of the package's package-level
// variables that no statement of the package assigns, increments or
// takes the address of, such as var crlf = []byte("\r\n").
func (ch *checker) constVars() map[*types.Var]ast.Expr {
	if ch.consts != nil {
		return ch.consts
	}
	info := ch.pass.TypesInfo
	ch.consts = make(map[*types.Var]ast.Expr)
	for _, f := range ch.pass.Files {
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.VAR {
				continue
			}
			for _, spec := range g.Specs {
				vs := spec.(*ast.ValueSpec)
				if len(vs.Values) != len(vs.Names) {
					continue
				}
				for i, id := range vs.Names {
					if v, ok := info.Defs[id].(*types.Var); ok {
						ch.consts[v] = vs.Values[i]
					}
				}
			}
		}
	}
	drop := func(x ast.Expr) {
		// The variable itself, or one of its elements.
		for {
			switch y := ast.Unparen(x).(type) {
			case *ast.IndexExpr:
				x = y.X
				continue
			case *ast.SliceExpr:
				x = y.X
				continue
			}
			break
		}
		if id := selOrIdent(ast.Unparen(x)); id != nil {
			if v, ok := info.ObjectOf(id).(*types.Var); ok {
				delete(ch.consts, v)
			}
		}
	}
	for c := range ch.in.Root().Preorder((*ast.AssignStmt)(nil), (*ast.IncDecStmt)(nil), (*ast.UnaryExpr)(nil), (*ast.RangeStmt)(nil)) {
		switch n := c.Node().(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				drop(l)
			}
		case *ast.IncDecStmt:
			drop(n.X)
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				drop(n.X)
			}
		case *ast.RangeStmt:
			if n.Key != nil {
				drop(n.Key)
			}
			if n.Value != nil {
				drop(n.Value)
			}
		}
	}
	return ch.consts
}

// beforeExit reports whether the code at c is followed, in its function,
// by a call of panic, os.Exit or log.Fatal: a last message before the
// program stops, written once; or by a return of a new error
// (errors.New, fmt.Errorf): the last message of a path that fails, an
// error reply or a redirect before the connection is dropped. A return
// after the loop around c does not count: the loop's other iterations
// do not fail.
func (ch *checker) beforeExit(c inspector.Cursor) bool {
	inLoop := false
	for cur := c; cur.Node() != nil; cur = cur.Parent() {
		switch cur.Node().(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return false
		case *ast.ForStmt, *ast.RangeStmt:
			inLoop = true
		}
		list, _ := astutil.StmtList(cur.Node())
		for _, s := range list {
			if s.Pos() < c.Node().End() {
				continue
			}
			if ret, ok := s.(*ast.ReturnStmt); ok {
				if !inLoop && len(ret.Results) > 0 && ch.newError(ret.Results[len(ret.Results)-1]) {
					return true
				}
			} else if ch.exits(s) {
				return true
			}
		}
	}
	return false
}

// exits reports whether s is a call of panic, os.Exit, log.Fatal,
// log.Fatalf or log.Fatalln, or of a Fatal method of a *log.Logger.
func (ch *checker) exits(s ast.Stmt) bool {
	es, ok := s.(*ast.ExprStmt)
	if !ok {
		return false
	}
	call, ok := ast.Unparen(es.X).(*ast.CallExpr)
	if !ok {
		return false
	}
	switch fn := typeutil.Callee(ch.pass.TypesInfo, call).(type) {
	case *types.Builtin:
		return fn.Name() == "panic"
	case *types.Func:
		if fn.Pkg() == nil {
			return false
		}
		switch fn.Pkg().Path() {
		case "os":
			return fn.Name() == "Exit"
		case "log":
			return fn.Name() == "Fatal" || fn.Name() == "Fatalf" || fn.Name() == "Fatalln" || fn.Name() == "Panic" || fn.Name() == "Panicf" || fn.Name() == "Panicln"
		}
	}
	return false
}

// newError reports whether x is a call of errors.New or fmt.Errorf.
func (ch *checker) newError(x ast.Expr) bool {
	call, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn, ok := typeutil.Callee(ch.pass.TypesInfo, call).(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Signature().Recv() != nil {
		return false
	}
	switch fn.Pkg().Path() {
	case "errors":
		return fn.Name() == "New"
	case "fmt":
		return fn.Name() == "Errorf"
	}
	return false
}

// closedAfter reports whether one of the statements closes w: w.Close(),
// alone or in an assignment. Writes just before the writer is closed run
// once per file or connection, whose opening and closing cost more.
func (ch *checker) closedAfter(w ast.Expr, list []ast.Stmt) bool {
	for _, s := range list {
		var x ast.Expr
		switch s := s.(type) {
		case *ast.ExprStmt:
			x = s.X
		case *ast.AssignStmt:
			if len(s.Rhs) == 1 {
				x = s.Rhs[0]
			}
		case *ast.ReturnStmt:
			if len(s.Results) == 1 {
				x = s.Results[0]
			}
		}
		call, ok := ast.Unparen(x).(*ast.CallExpr)
		if !ok || len(call.Args) != 0 {
			continue
		}
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Close" && sameRef(ch.pass.TypesInfo, sel.X, w) {
			return true
		}
	}
	return false
}
