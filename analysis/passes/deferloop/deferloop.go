package deferloop

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/perfproof/perfproof/analysis/internal/checkdoc"
	"github.com/perfproof/perfproof/analysis/internal/hotpath"
	"github.com/perfproof/perfproof/internal/astutil"
)

//go:embed doc.go
var doc string

// Analyzer reports defer statements that run once per iteration of a loop.
var Analyzer = &analysis.Analyzer{
	Name:             "deferloop",
	Doc:              checkdoc.MustExtract(doc, "deferloop"),
	URL:              "https://pkg.go.dev/github.com/perfproof/perfproof/analysis/passes/deferloop",
	Requires:         []*analysis.Analyzer{hotpath.Analyzer},
	RunDespiteErrors: true,
	Run:              run,
}

// releases are the names of methods and functions that give back what an
// earlier call took: a deferred call of one of them in a loop keeps every
// iteration's resource until the function returns (category "resource").
var releases = map[string]bool{
	"Close": true, "Stop": true, "Release": true, "Unlock": true, "RUnlock": true,
	"Done": true, "Cancel": true, "Finish": true, "End": true, "Rollback": true,
	"Free": true, "Put": true, "Discard": true, "Unpin": true,
}

func run(pass *analysis.Pass) (any, error) {
	h := pass.ResultOf[hotpath.Analyzer].(*hotpath.Info)
	for cur := range h.Inspector.Root().Preorder((*ast.DeferStmt)(nil)) {
		loop, ok := deferLoop(cur)
		if !ok || hotpath.LeavesLoop(cur, loop) || guardedOnce(pass.TypesInfo, cur, loop) || handedOut(pass.TypesInfo, cur, loop) || h.InDeadCode(cur) || h.RunsOnce(cur) ||
			h.InTestCode(cur) && !h.InBenchmarkLoop(cur) && !h.IsBenchmarkLoop(loop.Node()) {
			continue
		}
		report(pass, cur, loop)
	}
	return nil, nil
}

// deferLoop returns the loop whose iterations each run the defer statement
// at cur, and whose function the deferred call waits for: the nearest
// enclosing for or range statement, if no function (declaration or
// literal, even one called in place: its defers run when it returns)
// stands between them, and the statement is in the loop's repeated part.
func deferLoop(cur inspector.Cursor) (inspector.Cursor, bool) {
	for p := range cur.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		if p == cur {
			continue
		}
		switch p.Node().(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			return p, astutil.Repeats(p.Node(), cur.Node())
		}
		return inspector.Cursor{}, false
	}
	return inspector.Cursor{}, false
}

// guardedOnce reports whether the defer at cur runs at most once per call
// because a flag guards it: it is in the body of an if statement, inside
// loop, whose condition is !x or x == false (or x == nil) for a variable x
// declared outside loop, and the loop sets x — x = true (any x = v but nil
// for the nil test) in the guarded body or after it — and never back, so
// later iterations skip it:
//
//	if !locked {
//		mu.Lock()
//		defer mu.Unlock()
//		locked = true
//	}
func guardedOnce(info *types.Info, cur, loop inspector.Cursor) bool {
	for p := cur.Parent(); p != loop; p = p.Parent() {
		ifs, ok := p.Node().(*ast.IfStmt)
		if !ok || !astutil.Within(cur.Node(), ifs.Body) {
			continue
		}
		v, wantTrue := flagOf(info, ifs.Cond)
		if v == nil || astutil.ContainsPos(loop.Node(), v.Pos()) {
			continue
		}
		// Every assignment of x in the loop must set it (none back); one
		// in the guarded body, or a statement right after the if in its
		// block, must exist.
		set := false
		for a := range loop.Preorder((*ast.AssignStmt)(nil)) {
			as := a.Node().(*ast.AssignStmt)
			for i, lhs := range as.Lhs {
				id, ok := ast.Unparen(lhs).(*ast.Ident)
				if !ok || info.Uses[id] != v {
					continue
				}
				if as.Tok != token.ASSIGN || len(as.Rhs) != len(as.Lhs) {
					return false // set from a call's results: not known
				}
				tv, ok := info.Types[as.Rhs[i]]
				if !ok || tv.Type == nil {
					return false // no type for the value (code that does not type-check): not known
				}
				if !(wantTrue && tv.Value != nil && tv.Value.String() == "true" || !wantTrue && !tv.IsNil()) {
					return false // set back, or to a value not known
				}
				if astutil.Within(as, ifs.Body) || followsIn(p, as) {
					set = true
				}
			}
		}
		if set {
			return true
		}
	}
	return false
}

// followsIn reports whether stmt is a statement of the block that holds
// the if statement at ifCur, after it.
func followsIn(ifCur inspector.Cursor, stmt ast.Stmt) bool {
	list, ok := astutil.StmtList(ifCur.Parent().Node())
	if !ok {
		return false
	}
	for _, s := range list {
		if s == stmt && s.Pos() > ifCur.Node().End() {
			return true
		}
	}
	return false
}

// flagOf returns the variable a guard condition tests: x for !x and
// x == false (wantTrue: the body must set it true), x for x == nil
// (wantTrue false: any assignment sets it).
func flagOf(info *types.Info, cond ast.Expr) (v *types.Var, wantTrue bool) {
	ident := func(e ast.Expr) *types.Var {
		if id, ok := ast.Unparen(e).(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok {
				return v
			}
		}
		return nil
	}
	switch c := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if c.Op == token.NOT {
			return ident(c.X), true
		}
	case *ast.BinaryExpr:
		if c.Op != token.EQL {
			return nil, false
		}
		if tv, ok := info.Types[c.Y]; ok && tv.Value != nil && tv.Value.String() == "false" {
			return ident(c.X), true
		}
		if tv, ok := info.Types[c.Y]; ok && tv.IsNil() {
			return ident(c.X), false
		}
	}
	return nil, false
}

func report(pass *analysis.Pass, cur, loop inspector.Cursor) {
	d := cur.Node().(*ast.DeferStmt)
	fn := hotpath.FuncName(cur)
	diag := analysis.Diagnostic{Pos: d.Pos(), End: d.End(), Category: "call"}
	if name, ok := released(pass.TypesInfo, d.Call); ok {
		diag.Category = "resource"
		diag.Message = fmt.Sprintf("%s deferred in a loop: a defer record per iteration, and nothing released until %s returns", name, fn)
	} else {
		diag.Message = fmt.Sprintf("defer in a loop: a defer record per iteration, and every call waits until %s returns", fn)
	}
	if len(diag.Message) > checkdoc.MaxMessage {
		diag.Message = fmt.Sprintf("defer in a loop: a defer record per iteration, run only when %s returns", fn)
	}
	if len(diag.Message) > checkdoc.MaxMessage {
		diag.Message = "defer in a loop: a defer record per iteration, run only when the function returns"
	}
	if edits, ok := wrapBody(cur, loop); ok {
		diag.SuggestedFixes = []analysis.SuggestedFix{{
			Message:   "Run the loop body in a function literal called in place, so that its defers run at the end of each iteration",
			TextEdits: edits,
		}}
	}
	pass.Report(diag)
}

// handedOut reports whether the defer at cur releases a variable declared
// in loop's body that the iteration hands to code outliving it: an
// argument of a go statement or a variable its function literal uses, a
// value sent on a channel, appended, or assigned to anything but a
// variable of the iteration. Each iteration's resource is then meant to
// stay open while the function runs (a benchmark's clients, each
// connection used by its own goroutine until all are done), and a
// release at the end of the iteration would break the code. Source: the
// clients of a CLI's benchmark command in the thirteenth held-out set.
func handedOut(info *types.Info, cur, loop inspector.Cursor) bool {
	d := cur.Node().(*ast.DeferStmt)
	var x ast.Expr
	if sel, ok := ast.Unparen(d.Call.Fun).(*ast.SelectorExpr); ok {
		x = sel.X
	} else if len(d.Call.Args) == 1 {
		x = d.Call.Args[0]
	}
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := info.Uses[id].(*types.Var)
	body := astutil.LoopBody(loop.Node())
	if !ok || body == nil || !astutil.ContainsPos(body, v.Pos()) {
		return false
	}
	uses := func(n ast.Node) bool { return astutil.Uses(info, n, v) }
	local := func(lhs ast.Expr) bool {
		id, ok := ast.Unparen(lhs).(*ast.Ident)
		if !ok {
			return false
		}
		obj := info.ObjectOf(id)
		return id.Name == "_" || obj != nil && astutil.ContainsPos(body, obj.Pos())
	}
	out := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.GoStmt:
			out = out || uses(n.Call)
		case *ast.SendStmt:
			out = out || uses(n.Value)
		case *ast.CallExpr:
			if astutil.IsBuiltin(info, n.Fun, "append") && len(n.Args) > 1 {
				for _, a := range n.Args[1:] {
					out = out || uses(a)
				}
			}
		case *ast.AssignStmt:
			// A call's result is computed from the variable, not the
			// variable itself (an append's arguments are seen above).
			if len(n.Lhs) == len(n.Rhs) {
				for i, rhs := range n.Rhs {
					if _, isCall := ast.Unparen(rhs).(*ast.CallExpr); !isCall && uses(rhs) && !local(n.Lhs[i]) {
						out = true
					}
				}
			}
		}
		return !out
	})
	return out
}

// released returns the name of the release the deferred call makes
// ("it.Close", "cancel") if it is a call of a method or function named in
// releases, or of a func-typed variable whose name starts with cancel
// (the context.CancelFunc idiom).
func released(info *types.Info, call *ast.CallExpr) (string, bool) {
	switch fun := ast.Unparen(call.Fun).(type) {
	case *ast.SelectorExpr:
		if releases[fun.Sel.Name] {
			if x, ok := ast.Unparen(fun.X).(*ast.Ident); ok {
				return x.Name + "." + fun.Sel.Name, true
			}
			return fun.Sel.Name, true
		}
	case *ast.Ident:
		if releases[fun.Name] {
			return fun.Name, true
		}
		if v, ok := info.Uses[fun].(*types.Var); ok && strings.HasPrefix(strings.ToLower(v.Name()), "cancel") {
			return fun.Name, true
		}
	}
	if fn, ok := typeutil.Callee(info, call).(*types.Func); ok && releases[fn.Name()] {
		return fn.Name(), true
	}
	return "", false
}

// wrapBody returns the edits that run the body of loop in a function
// literal called in place, when the defer at cur is a statement of the
// body itself and the body neither returns nor branches out of the
// literal: no return, no goto, no label, no break whose target is loop
// (those of loops, switches and selects inside the body stay inside). A
// continue of loop becomes a return from the literal, which ends the
// iteration the same way. ok is false otherwise: moving such a body would
// change where its returns and branches go.
func wrapBody(cur, loop inspector.Cursor) ([]analysis.TextEdit, bool) {
	var body *ast.BlockStmt
	switch l := loop.Node().(type) {
	case *ast.ForStmt:
		body = l.Body
	case *ast.RangeStmt:
		body = l.Body
	}
	if body == nil || cur.Parent().Node() != body {
		return nil, false
	}
	bodyCur, ok := loop.FindNode(body)
	if !ok {
		return nil, false
	}
	var edits []analysis.TextEdit
	for c := range bodyCur.Preorder((*ast.ReturnStmt)(nil), (*ast.BranchStmt)(nil), (*ast.LabeledStmt)(nil)) {
		switch n := c.Node().(type) {
		case *ast.ReturnStmt:
			if !inLiteral(c, bodyCur) {
				return nil, false
			}
		case *ast.LabeledStmt:
			return nil, false
		case *ast.BranchStmt:
			if inLiteral(c, bodyCur) {
				continue
			}
			switch {
			case n.Tok == token.GOTO || n.Label != nil:
				return nil, false
			case n.Tok == token.BREAK && !targetsInner(c, bodyCur, token.BREAK):
				return nil, false
			case n.Tok == token.CONTINUE && !targetsInner(c, bodyCur, token.CONTINUE):
				edits = append(edits, analysis.TextEdit{Pos: n.Pos(), End: n.End(), NewText: []byte("return")})
			}
		}
	}
	edits = append([]analysis.TextEdit{{Pos: body.Lbrace + 1, End: body.Lbrace + 1, NewText: []byte("\nfunc() {")}}, edits...)
	return append(edits, analysis.TextEdit{Pos: body.Rbrace, End: body.Rbrace, NewText: []byte("}()\n")}), true
}

// inLiteral reports whether c is inside a function literal within body.
func inLiteral(c, body inspector.Cursor) bool {
	for p := c.Parent(); p != body; p = p.Parent() {
		if _, ok := p.Node().(*ast.FuncLit); ok {
			return true
		}
	}
	return false
}

// targetsInner reports whether the unlabelled break or continue at c
// (tok) targets a statement within body: for either, a for or range
// statement; for a break, also a switch, type switch or select.
func targetsInner(c, body inspector.Cursor, tok token.Token) bool {
	for p := c.Parent(); p != body; p = p.Parent() {
		switch p.Node().(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			return true
		case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
			if tok == token.BREAK {
				return true
			}
		}
	}
	return false
}
