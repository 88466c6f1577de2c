package timeformat

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/perfproof/perfproof/analysis/internal/bytetype"
	"github.com/perfproof/perfproof/analysis/internal/checkdoc"
	"github.com/perfproof/perfproof/analysis/internal/deps"
	"github.com/perfproof/perfproof/analysis/internal/fiximport"
	"github.com/perfproof/perfproof/analysis/internal/hotpath"
	"github.com/perfproof/perfproof/internal/astutil"
)

//go:embed doc.go
var doc string

// Analyzer reports time formatting on hot paths that a one-entry cache or
// AppendFormat removes.
var Analyzer = &analysis.Analyzer{
	Name:             "timeformat",
	Doc:              checkdoc.MustExtract(doc, "timeformat"),
	URL:              "https://pkg.go.dev/github.com/perfproof/perfproof/analysis/passes/timeformat",
	Requires:         []*analysis.Analyzer{hotpath.Analyzer},
	RunDespiteErrors: true,
	Run:              run,
}

// candidates is the -candidates flag: report every Format of a time
// outside cold code, also where the function looks rarely called (a
// constructor, a command's code) and where the layout is not a constant
// (a logger's configured layout), in category CandidateCategory. A driver
// that rates each finding by other evidence — perfproof scan, by its call
// graph and by profiles — sets it; go vet leaves it off.
var candidates bool

// CandidateCategory is the category of a report made only because of the
// -candidates flag.
const CandidateCategory = "candidate"

func init() {
	Analyzer.Flags.BoolVar(&candidates, "candidates", false,
		"report formats of times in rarely called code and with layouts known only at run time, for a driver that rates findings by a call graph or profiles")
}

func run(pass *analysis.Pass) (any, error) {
	if !deps.DependsOn(pass.Pkg, "time") {
		return nil, nil
	}
	c := &checker{pass: pass, hot: pass.ResultOf[hotpath.Analyzer].(*hotpath.Info)}
	for cur := range c.hot.Inspector.Root().Preorder((*ast.CallExpr)(nil)) {
		c.call(cur)
	}
	return nil, nil
}

type checker struct {
	pass *analysis.Pass
	hot  *hotpath.Info

	fieldsOnce sync.Once
	nowFields  map[*types.Var]bool // time.Time fields the package only ever sets to the current time

	declsOnce sync.Once
	decls     map[*types.Func]*ast.FuncDecl // the package's functions

	imports *fiximport.Editor // made by the first fix that needs an import's name

	// candidate is set while call looks at a Format that only the
	// -candidates flag reports: report then files it in
	// CandidateCategory.
	candidate bool
}

// report reports d, in CandidateCategory if the call at hand is only a
// candidate.
func (c *checker) report(d analysis.Diagnostic) {
	if c.candidate {
		d.Category = CandidateCategory
	}
	c.pass.Report(d)
}

// call reports the call at cur if it is a Format of a time.Time that a
// cache or AppendFormat makes cheaper.
func (c *checker) call(cur inspector.Cursor) {
	call := cur.Node().(*ast.CallExpr)
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || len(call.Args) != 1 || !isTimeMethod(typeutil.Callee(c.pass.TypesInfo, call), "Format") {
		return
	}
	if c.hot.InTestCode(cur) {
		return
	}
	c.candidate = false
	if !c.hot.RunsOften(cur) {
		if !candidates || c.hot.RunsOnce(cur) || c.hot.InDeadCode(cur) {
			return
		}
		c.candidate = true // a rarely called function: a constructor, a command
	}
	layout, ok := c.constString(call.Args[0])
	if !ok {
		if candidates {
			c.runtimeLayout(cur, sel)
		}
		return
	}
	if unit, ok := cacheUnit(layout); ok && c.isNow(sel.X, cur, 0, true) && !c.errorText(cur) && !c.sendsRequest(cur) {
		c.report(analysis.Diagnostic{
			Pos:      call.Pos(),
			End:      call.End(),
			Category: "now",
			Message: checkdoc.Fit(
				fmt.Sprintf("%s.Format(%s) of the current time runs %s: reuse the text until the %s changes",
					c.short(sel.X), c.short(call.Args[0]), c.hot.Where(cur), unit),
				fmt.Sprintf("%s.Format(%s) of the current time runs %s: reuse the text until the %s changes",
					c.short(sel.X), c.short(call.Args[0]), c.often(cur), unit),
				fmt.Sprintf("Format of the current time runs %s: reuse the text until the %s changes", c.often(cur), unit)),
		})
		return
	}
	if c.byteSink(cur, sel) || c.coldText(cur) || c.sendsRequest(cur) || c.coldVar(cur) {
		return
	}
	if c.calleeSink(cur, sel) || c.respell(cur, sel, layout) {
		return
	}
	c.perItem(cur, sel, layout)
}

// runtimeLayout reports, as a candidate, the Format call at cur (whose
// callee is sel) whose layout is not a constant: a logger's or an API's
// configured layout. Its resolution is unknown, so the fix is the
// caller's to choose: a one-entry cache if the layout has no fraction of
// a second, AppendFormat where the text is written. Text for errors,
// logs and people, and a client's request, stay silent as for constant
// layouts.
func (c *checker) runtimeLayout(cur inspector.Cursor, sel *ast.SelectorExpr) {
	if c.errorText(cur) || c.coldText(cur) || c.sendsRequest(cur) || c.coldVar(cur) {
		return
	}
	call := cur.Node().(*ast.CallExpr)
	c.pass.Report(analysis.Diagnostic{
		Pos:      call.Pos(),
		End:      call.End(),
		Category: CandidateCategory,
		Message: checkdoc.Fit(
			fmt.Sprintf("%s.Format(%s) with a layout chosen at run time allocates a string %s: reuse the text while it cannot change, or AppendFormat where it is written",
				c.short(sel.X), c.short(call.Args[0]), c.hot.Where(cur)),
			fmt.Sprintf("%s.Format(%s) with a layout chosen at run time allocates a string: reuse the text while it cannot change, or AppendFormat where it is written",
				c.short(sel.X), c.short(call.Args[0])),
			"Format with a layout chosen at run time allocates a string: reuse the text, or AppendFormat where it is written"),
	})
}

// cacheUnit returns the resolution of a layout, "second" or
// "millisecond", if a text formatted with it can be reused for every time
// within one such unit: it has no fractional seconds, or at most three
// digits of them. Layout elements follow the time package's rules: a
// fractional second is a period or comma followed by a run of 0s or 9s
// that is not followed by another digit.
func cacheUnit(layout string) (unit string, ok bool) {
	digits := 0
	for i := 0; i+1 < len(layout); i++ {
		if layout[i] != '.' && layout[i] != ',' || layout[i+1] != '0' && layout[i+1] != '9' {
			continue
		}
		j := i + 1
		for j < len(layout) && layout[j] == layout[i+1] {
			j++
		}
		if j < len(layout) && '0' <= layout[j] && layout[j] <= '9' {
			continue
		}
		digits = max(digits, j-i-1)
	}
	switch {
	case digits == 0:
		return "second", true
	case digits <= 3:
		return "millisecond", true
	}
	return "", false
}

// maxNowDepth bounds the walk through local variables when deciding
// whether a value is the current time.
const maxNowDepth = 3

// isNow reports whether e is the current time: time.Now(), optionally
// followed by UTC, Local, Round or Truncate; a local variable whose only
// assignment is such a value; or, outside loops, a time.Time field that
// the package sets nowhere but to the current time (a request's timestamp
// taken by a logging middleware and formatted by its formatter). Fields
// are considered only if withFields is set.
func (c *checker) isNow(e ast.Expr, cur inspector.Cursor, depth int, withFields bool) bool {
	info := c.pass.TypesInfo
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		fn, ok := typeutil.Callee(info, e).(*types.Func)
		if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "time" {
			return false
		}
		if fn.Name() == "Now" && fn.Signature().Recv() == nil {
			return true
		}
		sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr)
		if !ok || fn.Signature().Recv() == nil {
			return false
		}
		switch fn.Name() {
		case "UTC", "Local", "Round", "Truncate":
			return c.isNow(sel.X, cur, depth, withFields)
		}
	case *ast.Ident:
		v, ok := info.Uses[e].(*types.Var)
		if !ok || depth >= maxNowDepth || v.Parent() == nil || v.Parent() == v.Pkg().Scope() || v.IsField() {
			return false
		}
		rhs, ok := c.onlyValue(v, cur)
		return ok && c.isNow(rhs, cur, depth+1, withFields)
	case *ast.SelectorExpr:
		sel, ok := info.Selections[e]
		if !ok || sel.Kind() != types.FieldVal || !withFields {
			return false
		}
		if _, inLoop := c.hot.Loop(cur); inLoop {
			// A stored time formatted in a loop is most often a
			// listing of objects stamped when they were made.
			return false
		}
		return c.fields()[sel.Obj().(*types.Var)]
	}
	return false
}

// onlyValue returns the value of the local variable v if v is declared
// with a value in the function enclosing cur and never assigned again nor
// has its address taken.
func (c *checker) onlyValue(v *types.Var, cur inspector.Cursor) (ast.Expr, bool) {
	fn, ok := astutil.EnclosingFunc(cur)
	if !ok || v.Pos() < fn.Node().Pos() || v.Pos() >= fn.Node().End() {
		return nil, false
	}
	info := c.pass.TypesInfo
	var value ast.Expr
	defs := 0
	for id := range fn.Preorder((*ast.Ident)(nil)) {
		n := id.Node().(*ast.Ident)
		if info.Defs[n] == v {
			defs++
			switch id.ParentEdgeKind() {
			case edge.AssignStmt_Lhs:
				as := id.Parent().Node().(*ast.AssignStmt)
				if len(as.Lhs) == len(as.Rhs) {
					value = as.Rhs[id.ParentEdgeIndex()]
				}
			case edge.ValueSpec_Names:
				vs := id.Parent().Node().(*ast.ValueSpec)
				if len(vs.Names) == len(vs.Values) {
					value = vs.Values[id.ParentEdgeIndex()]
				}
			}
			continue
		}
		if info.Uses[n] != v {
			continue
		}
		switch id.ParentEdgeKind() {
		case edge.AssignStmt_Lhs, edge.IncDecStmt_X, edge.RangeStmt_Key, edge.RangeStmt_Value:
			return nil, false
		case edge.UnaryExpr_X:
			if id.Parent().Node().(*ast.UnaryExpr).Op == token.AND {
				return nil, false
			}
		}
	}
	return value, defs == 1 && value != nil
}

// fields returns the time.Time fields that the package's non-test files
// set at least once and only ever to the current time.
func (c *checker) fields() map[*types.Var]bool {
	c.fieldsOnce.Do(func() {
		info := c.pass.TypesInfo
		now := make(map[*types.Var]bool)
		other := make(map[*types.Var]bool)
		store := func(f *types.Var, value ast.Expr, at inspector.Cursor) {
			if f == nil || !f.IsField() || !isTime(f.Type()) {
				return
			}
			// Without fields: this runs inside fieldsOnce.
			if value != nil && c.isNow(value, at, 1, false) {
				now[f] = true
			} else {
				other[f] = true
			}
		}
		for cur := range c.hot.Inspector.Root().Preorder((*ast.AssignStmt)(nil), (*ast.KeyValueExpr)(nil)) {
			if c.hot.InTestCode(cur) {
				continue
			}
			switch n := cur.Node().(type) {
			case *ast.AssignStmt:
				for i, lhs := range n.Lhs {
					se, ok := ast.Unparen(lhs).(*ast.SelectorExpr)
					if !ok {
						continue
					}
					f, _ := info.Uses[se.Sel].(*types.Var)
					var value ast.Expr
					if len(n.Lhs) == len(n.Rhs) {
						value = n.Rhs[i]
					}
					store(f, value, cur)
				}
			case *ast.KeyValueExpr:
				if id, ok := n.Key.(*ast.Ident); ok {
					if f, ok := info.Uses[id].(*types.Var); ok && f.IsField() {
						store(f, n.Value, cur)
					}
				}
			}
		}
		for f := range other {
			delete(now, f)
		}
		c.nowFields = now
	})
	return c.nowFields
}

// errorText reports whether the formatted text at cur goes into an error
// or a panic: an argument of a call that returns an error (fmt.Errorf,
// errors.New, a constructor of an error type) or of panic, directly or
// through fmt.Sprintf and concatenation.
func (c *checker) errorText(cur inspector.Cursor) bool {
	return c.errorTextOf(cur, false)
}

// errorTextOf is errorText; if strict, a call that returns the interface
// error counts only if it is fmt.Errorf or errors.New, or its name speaks
// of errors (newError, wrapErr): an encoder's EncodeElement or a writer's
// method also returns an error, as its status, not as a value it builds.
func (c *checker) errorTextOf(cur inspector.Cursor, strict bool) bool {
	info := c.pass.TypesInfo
	return c.textInto(cur, func(n *ast.CallExpr) (bool, bool) {
		if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok {
			if b, ok := info.Uses[id].(*types.Builtin); ok {
				return b.Name() == "panic", true
			}
		}
		fn, _ := typeutil.Callee(info, n).(*types.Func)
		if t := info.TypeOf(n); t != nil && !isTuple(t) && (astutil.IsError(t) || astutil.IsError(types.NewPointer(t))) &&
			(!strict || !types.IsInterface(t) || fn != nil && errorFuncName(fn)) {
			return true, true // fmt.Errorf, errors.New, an error type's constructor
		}
		return false, false
	})
}

// textInto follows the text at cur up through parentheses, concatenation
// and arguments of fmt.Sprintf and fmt.Sprint, and asks sink of each call
// the text is an argument of: sink returns whether the call is what the
// caller looks for, and whether that settles it (done). A call that sink
// leaves unsettled and that is not fmt.Sprintf or fmt.Sprint, or any other
// parent, ends the walk: false.
func (c *checker) textInto(cur inspector.Cursor, sink func(call *ast.CallExpr) (found, done bool)) bool {
	for {
		parent := cur.Parent()
		switch n := parent.Node().(type) {
		case *ast.ParenExpr, *ast.BinaryExpr:
		case *ast.CallExpr:
			if cur.ParentEdgeKind() != edge.CallExpr_Args {
				return false
			}
			if found, done := sink(n); done {
				return found
			}
			fn, _ := typeutil.Callee(c.pass.TypesInfo, n).(*types.Func)
			if fn == nil || fn.Pkg() == nil {
				return false
			}
			switch fn.Pkg().Path() + "." + fn.Name() {
			case "fmt.Sprintf", "fmt.Sprint":
			default:
				return false
			}
		default:
			return false
		}
		cur = parent
	}
}

// sendsRequest reports whether the function enclosing cur signs a request
// (see signs), makes an outgoing HTTP request (http.NewRequest, NewRequestWithContext, or a
// Do, Get, Post, PostForm or Head of package net/http or of an http.Client,
// not Header.Get), or sets the text
// at cur as a header of an http.Request (a client stamping or signing the
// request it builds): the formatting costs nothing next to the round trip.
func (c *checker) sendsRequest(cur inspector.Cursor) bool {
	if c.requestHeader(cur) {
		return true
	}
	fn, ok := astutil.EnclosingFunc(cur)
	if !ok {
		return false
	}
	if c.signs(fn.Node(), 0) {
		return true
	}
	for call := range fn.Preorder((*ast.CallExpr)(nil)) {
		f, ok := typeutil.Callee(c.pass.TypesInfo, call.Node().(*ast.CallExpr)).(*types.Func)
		if !ok || f.Pkg() == nil || f.Pkg().Path() != "net/http" {
			continue
		}
		// A function of the package or a method of http.Client: a
		// handler's r.Header.Get reads the request it serves.
		if recv := f.Signature().Recv(); recv != nil && !astutil.IsNamedOrPointer(recv.Type(), "net/http", "Client") {
			continue
		}
		switch f.Name() {
		case "NewRequest", "NewRequestWithContext", "Do", "Get", "Post", "PostForm", "Head":
			return true
		}
	}
	return false
}

// maxSignDepth bounds the walk into the package's own callees when
// looking for a signature.
const maxSignDepth = 2

// signs reports whether the function n computes a request signature:
// it calls crypto/hmac.New, a function whose name says it signs (Sign,
// SignV4, signRequest, PostPresignSignatureV4), or a function of this
// package that does, up to maxSignDepth calls deep. A time formatted
// there is the date of an AWS-style signature, computed once per
// outgoing request or connection next to several HMACs and a round trip.
func (c *checker) signs(n ast.Node, depth int) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		f, ok := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
		if !ok || f.Pkg() == nil {
			return true
		}
		switch {
		case f.Pkg().Path() == "crypto/hmac" && f.Name() == "New", signName(f.Name()):
			found = true
		case depth < maxSignDepth && f.Pkg() == c.pass.Pkg:
			if d := c.decl(f); d != nil && d.Body != nil {
				found = c.signs(d.Body, depth+1)
			}
		}
		return !found
	})
	return found
}

// signName reports whether a function's name says it signs: it contains
// Signature or Presign, or starts with Sign or sign followed by an upper
// case letter or nothing (not signal, significant).
func signName(name string) bool {
	if strings.Contains(name, "Signature") || strings.Contains(name, "Presign") {
		return true
	}
	for _, p := range []string{"Sign", "sign"} {
		if rest, ok := strings.CutPrefix(name, p); ok && (rest == "" || 'A' <= rest[0] && rest[0] <= 'Z') {
			return true
		}
	}
	return false
}

// decl returns the declaration of f, a function of this package.
func (c *checker) decl(f *types.Func) *ast.FuncDecl {
	c.declsOnce.Do(func() {
		c.decls = make(map[*types.Func]*ast.FuncDecl)
		for _, file := range c.pass.Files {
			for _, d := range file.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok {
					if obj, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
						c.decls[obj] = fd
					}
				}
			}
		}
	})
	return c.decls[f]
}

// requestHeader reports whether the text at cur is the value of a Set or
// Add on the Header of an http.Request: req.Header.Set(key, text).
func (c *checker) requestHeader(cur inspector.Cursor) bool {
	if cur.ParentEdgeKind() != edge.CallExpr_Args || cur.ParentEdgeIndex() != 1 {
		return false
	}
	call := cur.Parent().Node().(*ast.CallExpr)
	fn, ok := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	if !ok || fn.Name() != "Set" && fn.Name() != "Add" {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	hdr, ok := ast.Unparen(sel.X).(*ast.SelectorExpr)
	if !ok || hdr.Sel.Name != "Header" {
		return false
	}
	return astutil.IsNamedOrPointer(c.pass.TypesInfo.TypeOf(hdr.X), "net/http", "Request")
}

// byteSink reports the Format call at cur (whose callee is sel) when its
// string is only copied into bytes: appended to a byte slice, written with
// WriteString, or converted to []byte for a Write. AppendFormat writes the
// same bytes without allocating the string. It returns whether it
// reported.
func (c *checker) byteSink(cur inspector.Cursor, sel *ast.SelectorExpr) bool {
	call := cur.Node().(*ast.CallExpr)
	info := c.pass.TypesInfo
	for cur.ParentEdgeKind() == edge.ParenExpr_X {
		cur = cur.Parent()
	}
	if cur.ParentEdgeKind() != edge.CallExpr_Args {
		return false
	}
	parent := cur.Parent()
	outer := parent.Node().(*ast.CallExpr)
	if tv, ok := info.Types[outer.Fun]; ok && tv.IsType() {
		// w.Write([]byte(t.Format(layout)))
		if !bytetype.IsSlice(tv.Type) || parent.ParentEdgeKind() != edge.CallExpr_Args {
			return false
		}
		w := parent.Parent().Node().(*ast.CallExpr)
		if fn, ok := typeutil.Callee(info, w).(*types.Func); ok && fn.Name() == "Write" && fn.Signature().Recv() != nil && len(w.Args) == 1 {
			return c.writeSink(call, sel, w)
		}
		return false
	}
	if id, ok := ast.Unparen(outer.Fun).(*ast.Ident); ok {
		// append(b, t.Format(layout)...)
		if b, ok := info.Uses[id].(*types.Builtin); !ok || b.Name() != "append" || !outer.Ellipsis.IsValid() || len(outer.Args) != 2 || cur.ParentEdgeIndex() != 1 {
			return false
		}
		d := analysis.Diagnostic{
			Pos:      call.Pos(),
			End:      call.End(),
			Category: "append",
			Message: checkdoc.Fit(
				fmt.Sprintf("append of %s.Format(%s) allocates a string %s: use %s.AppendFormat(%s, %s)",
					c.short(sel.X), c.short(call.Args[0]), c.hot.Where(cur), c.short(sel.X), c.short(outer.Args[0]), c.short(call.Args[0])),
				fmt.Sprintf("append of %s.Format(%s) allocates a string: use %s.AppendFormat(%s, %s)",
					c.short(sel.X), c.short(call.Args[0]), c.short(sel.X), c.short(outer.Args[0]), c.short(call.Args[0])),
				fmt.Sprintf("append of %s.Format(%s) allocates a string: use AppendFormat", c.short(sel.X), c.short(call.Args[0]))),
		}
		if c.pure(outer.Args[0]) && c.timeOnly(sel.X) {
			if fix, ok := c.fix(outer, fmt.Sprintf("%s.AppendFormat(%s, %s)", c.text(sel.X), c.text(outer.Args[0]), c.text(call.Args[0])), "Append with AppendFormat"); ok {
				d.SuggestedFixes = []analysis.SuggestedFix{fix}
			}
		}
		c.report(d)
		return true
	}
	// w.WriteString(t.Format(layout))
	if fn, ok := typeutil.Callee(info, outer).(*types.Func); ok && fn.Name() == "WriteString" && fn.Signature().Recv() != nil && len(outer.Args) == 1 {
		return c.writeSink(call, sel, outer)
	}
	return false
}

// writeSink reports the Format call, whose bytes the method call outer
// (Write or WriteString) writes, with a fix for buffers that lend their
// free space (AvailableBuffer). It returns whether it reported.
func (c *checker) writeSink(call *ast.CallExpr, sel *ast.SelectorExpr, outer *ast.CallExpr) bool {
	wsel, ok := ast.Unparen(outer.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	w := wsel.X
	d := analysis.Diagnostic{
		Pos:      call.Pos(),
		End:      call.End(),
		Category: "write",
	}
	if lendsBuffer(c.pass.TypesInfo.TypeOf(w)) {
		d.Message = checkdoc.Fit(
			fmt.Sprintf("%s.Format(%s) allocates a string only to write it to %s: write %s.AppendFormat(%s.AvailableBuffer(), %s)",
				c.short(sel.X), c.short(call.Args[0]), c.short(w), c.short(sel.X), c.short(w), c.short(call.Args[0])),
			fmt.Sprintf("%s.Format(%s) allocates a string only to write it to %s: AppendFormat into %s.AvailableBuffer()",
				c.short(sel.X), c.short(call.Args[0]), c.short(w), c.short(w)))
		if c.pure(w) && c.timeOnly(sel.X) {
			if fix, ok := c.fix(outer, fmt.Sprintf("%s.Write(%s.AppendFormat(%s.AvailableBuffer(), %s))", c.text(w), c.text(sel.X), c.text(w), c.text(call.Args[0])), "Write with AppendFormat into the buffer's free space"); ok {
				d.SuggestedFixes = []analysis.SuggestedFix{fix}
			}
		}
	} else {
		d.Message = checkdoc.Fit(
			fmt.Sprintf("%s.Format(%s) allocates a string only to write it to %s: write %s.AppendFormat into a reused buffer",
				c.short(sel.X), c.short(call.Args[0]), c.short(w), c.short(sel.X)),
			fmt.Sprintf("%s.Format(%s) allocates a string only to write it: AppendFormat into a reused buffer",
				c.short(sel.X), c.short(call.Args[0])))
	}
	c.report(d)
	return true
}

// fix replaces the call n with text.
func (c *checker) fix(n ast.Node, text, msg string) (analysis.SuggestedFix, bool) {
	if text == "" {
		return analysis.SuggestedFix{}, false
	}
	return analysis.SuggestedFix{
		Message:   msg,
		TextEdits: []analysis.TextEdit{{Pos: n.Pos(), End: n.End(), NewText: []byte(text)}},
	}, true
}

// pure reports whether evaluating e has no effect and gives the same
// value twice: identifiers, field selections, constant indexes and
// dereferences.
func (c *checker) pure(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return true
	case *ast.SelectorExpr:
		sel, ok := c.pass.TypesInfo.Selections[e]
		return ok && sel.Kind() == types.FieldVal && c.pure(e.X)
	case *ast.StarExpr:
		return c.pure(e.X)
	case *ast.IndexExpr:
		t := c.pass.TypesInfo.TypeOf(e.X)
		if t == nil {
			return false
		}
		if _, isMap := t.Underlying().(*types.Map); isMap {
			return false
		}
		tv, ok := c.pass.TypesInfo.Types[e.Index]
		return ok && tv.Value != nil && c.pure(e.X)
	}
	return false
}

// timeOnly reports whether e calls nothing but functions and methods of
// package time, or a clock: a function value of type func() time.Time
// called without arguments (a package's swappable `timeNow`, set to
// time.Now and replaced by tests), so that evaluating it after, rather
// than before, another pure operand changes nothing. (Go leaves the order
// of a variable operand and a call unspecified anyway; a clock that
// reassigns the writer's variable is not a case worth a refusal.)
func (c *checker) timeOnly(e ast.Expr) bool {
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		call, isCall := n.(*ast.CallExpr)
		if !isCall || !ok {
			return ok
		}
		fn, isFunc := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
		ok = isFunc && fn.Pkg() != nil && fn.Pkg().Path() == "time" || !isFunc && c.isClock(call)
		return ok
	})
	return ok
}

// isClock reports whether call calls a function value of type
// func() time.Time.
func (c *checker) isClock(call *ast.CallExpr) bool {
	if len(call.Args) != 0 {
		return false
	}
	sig, ok := c.pass.TypesInfo.TypeOf(call.Fun).(*types.Signature)
	if !ok {
		if t := c.pass.TypesInfo.TypeOf(call.Fun); t != nil {
			sig, ok = t.Underlying().(*types.Signature)
		}
	}
	return ok && sig.Params().Len() == 0 && sig.Results().Len() == 1 && astutil.IsNamed(sig.Results().At(0).Type(), "time", "Time")
}

// text returns the source text of n, or "" if the file cannot be read.
func (c *checker) text(n ast.Node) string {
	tf := c.pass.Fset.File(n.Pos())
	if tf == nil {
		return ""
	}
	src, err := c.pass.ReadFile(tf.Name())
	if err != nil || tf.Size() != len(src) {
		return ""
	}
	return string(src[tf.Offset(n.Pos()):tf.Offset(n.End())])
}

// often says how often the code at cur runs, for a message too short for
// hotpath's Where: "in a loop" or "on every call".
func (c *checker) often(cur inspector.Cursor) string {
	if loop, ok := c.hot.Loop(cur); ok && !hotpath.LeavesLoop(cur, loop) {
		return "in a loop"
	}
	return "on every call"
}

// short prints e for a diagnostic, shortened to keep the line readable.
func (c *checker) short(e ast.Expr) string {
	s := types.ExprString(e)
	if len(s) > 28 {
		s = s[:25] + "..."
	}
	return s
}

// constString returns the value of e if it is a constant string.
func (c *checker) constString(e ast.Expr) (string, bool) {
	tv, ok := c.pass.TypesInfo.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

// isTimeMethod reports whether obj is the method name of time.Time.
func isTimeMethod(obj types.Object, name string) bool {
	fn, ok := obj.(*types.Func)
	if !ok || fn.Name() != name || fn.Pkg() == nil || fn.Pkg().Path() != "time" {
		return false
	}
	recv := fn.Signature().Recv()
	return recv != nil && isTime(recv.Type())
}

// isTime reports whether t is time.Time.
func isTime(t types.Type) bool {
	return astutil.IsNamed(t, "time", "Time")
}

// lendsBuffer reports whether t is a bytes.Buffer or bufio.Writer, or a
// pointer to one, whose
// AvailableBuffer returns an empty slice of their free space, valid until
// the next write.
func lendsBuffer(t types.Type) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	switch n.Obj().Pkg().Path() + "." + n.Obj().Name() {
	case "bytes.Buffer", "bufio.Writer":
		return true
	}
	return false
}

// errorFuncName reports whether fn builds an error by its package and
// name: errors.New, fmt.Errorf, or a name holding "err" in any case.
func errorFuncName(fn *types.Func) bool {
	if fn.Pkg() != nil && (fn.Pkg().Path() == "errors" || fn.Pkg().Path() == "fmt" && fn.Name() == "Errorf") {
		return true
	}
	return strings.Contains(strings.ToLower(fn.Name()), "err")
}

// isTuple reports whether t is the type of a multi-value call, which
// neither is nor points to an error.
func isTuple(t types.Type) bool {
	_, ok := t.(*types.Tuple)
	return ok
}
