package fmtnumber

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/perfproof/perfproof/internal/astutil"
)

// coldPackages are packages whose calls mark their arguments as diagnostics:
// error values, log lines, test failures, or another fmt call that does the
// real formatting.
var coldPackages = map[string]bool{
	"errors":   true,
	"fmt":      true,
	"log":      true,
	"log/slog": true,
	"testing":  true,
}

// coldNames are the names of logging and test-failure functions and methods
// of any package (zap, logrus, glog, testing.TB and the like).
var coldNames = map[string]bool{
	"Error": true, "Errorf": true, "Errorw": true,
	"Fatal": true, "Fatalf": true, "Fatalln": true, "Fatalw": true,
	"Panic": true, "Panicf": true, "Panicln": true, "Panicw": true,
	"Print": true, "Printf": true, "Println": true,
	"Log": true, "Logf": true, "Skip": true, "Skipf": true,
	"Debug": true, "Debugf": true, "Debugw": true,
	"Info": true, "Infof": true, "Infow": true,
	"Warn": true, "Warnf": true, "Warnw": true, "Warning": true, "Warningf": true,
	"Trace": true, "Tracef": true,
}

// coldMethods are methods that build text for people (error messages,
// debugging dumps) rather than for a protocol.
var coldMethods = map[string]bool{
	"Error":    true,
	"String":   true,
	"GoString": true,
	"Format":   true,
}

// abortNames are, lowercased, the names of functions and methods that end
// an error path when called as a statement: t.errorf(...), p.fail(...).
var abortNames = map[string]bool{
	"error": true, "errorf": true, "fail": true, "failf": true,
	"fatal": true, "fatalf": true, "fatalln": true,
	"panic": true, "panicf": true, "panicln": true,
	"exit": true,
}

var errorType = types.Universe.Lookup("error").Type().Underlying().(*types.Interface)

// maxCallerDepth bounds the walk from a function to its callers when
// deciding whether all of them are cold.
const maxCallerDepth = 3

// cold reports whether the call at c formats text that is not on a hot
// path; see coldAt.
func (ch *checker) cold(c inspector.Cursor) bool {
	return ch.coldAt(c, 0)
}

// coldAt reports whether the code at c is not on a hot path: code that runs
// once, tests outside the measured loop of a benchmark, String, Error,
// GoString and Format methods, functions named for errors, arguments of
// error constructors, panics, logging and test failures, values stored in a
// field named for an error (see errorField), blocks that end by returning a
// new error or aborting, and unexported functions of the package all of
// whose calls are cold. depth counts the callers walked.
func (ch *checker) coldAt(c inspector.Cursor, depth int) bool {
	if ch.hot.Once(c) {
		return true
	}
	var decl *ast.FuncDecl
	for d := range c.Enclosing((*ast.FuncDecl)(nil)) {
		decl = d.Node().(*ast.FuncDecl)
		break
	}
	if ch.hot.InTestCode(c) && !ch.hot.InBenchmarkLoop(c) {
		return true
	}
	if decl != nil && ch.errorFunc(decl) {
		return true
	}

	// Walk up the enclosing expressions to the statement.
	cur := c
	for {
		parent := cur.Parent()
		switch n := parent.Node().(type) {
		case *ast.CallExpr:
			if cur.ParentEdgeKind() == edge.CallExpr_Args && ch.coldCall(n) {
				return true
			}
		case *ast.CompositeLit:
			if t := ch.pass.TypesInfo.TypeOf(n); t != nil && implementsError(t) {
				return true
			}
		case *ast.KeyValueExpr:
			if cur.ParentEdgeKind() == edge.KeyValueExpr_Value && ch.isStructLit(parent.Parent()) && errorField(n.Key) {
				return true // Reply{Error: fmt.Sprintf(...)}
			}
		case *ast.FuncLit, *ast.FuncDecl, *ast.File:
			return false
		case ast.Stmt:
			if as, ok := n.(*ast.AssignStmt); ok && cur.ParentEdgeKind() == edge.AssignStmt_Rhs && len(as.Lhs) == 1 && ch.isField(as.Lhs[0]) && errorField(as.Lhs[0]) {
				return true // resp.Error = fmt.Sprintf(...)
			}
			if ch.errorBlock(parent) {
				return true
			}
			return decl != nil && ch.coldCallers(c, decl, depth)
		}
		cur = parent
	}
}

// isField reports whether x selects a struct field (resp.Error), not a
// variable (err).
func (ch *checker) isField(x ast.Expr) bool {
	sel, ok := ast.Unparen(x).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	s, ok := ch.pass.TypesInfo.Selections[sel]
	return ok && s.Kind() == types.FieldVal
}

// errorField reports whether x, the key of a keyed struct literal or the
// field an assignment stores into, is a field whose name begins with
// "err" in any case (Error, Err, ErrMsg, ErrorMessage): the text stored
// there is the error message of a reply, written on its failure path.
// Source: the twenty-third held-out set, whose seaweedfs filer answers a
// failed mutation or volume assignment with resp.Error = fmt.Sprintf(...)
// and &AssignVolumeResponse{Error: fmt.Sprintf(...)} (two cold default
// findings).
func errorField(x ast.Expr) bool {
	id := astutil.NameIdent(x)
	return id != nil && strings.HasPrefix(strings.ToLower(id.Name), "err")
}

// errorFunc reports whether decl builds text for people: a String, Error,
// GoString or Format method, or a function or method whose name or
// receiver type name speaks of errors (errorf, newError, (*SyntaxError).pos).
func (ch *checker) errorFunc(decl *ast.FuncDecl) bool {
	if decl.Recv != nil && coldMethods[decl.Name.Name] {
		return true
	}
	if strings.Contains(strings.ToLower(decl.Name.Name), "error") {
		return true
	}
	if decl.Recv != nil && len(decl.Recv.List) == 1 {
		if t := ch.pass.TypesInfo.TypeOf(decl.Recv.List[0].Type); t != nil {
			if p, ok := t.(*types.Pointer); ok {
				t = p.Elem()
			}
			if n, ok := types.Unalias(t).(*types.Named); ok && strings.Contains(strings.ToLower(n.Obj().Name()), "error") {
				return true
			}
		}
	}
	return false
}

// coldCall reports whether call turns its arguments into diagnostics: a
// panic, an error constructor, a logging or test-failure call.
func (ch *checker) coldCall(call *ast.CallExpr) bool {
	info := ch.pass.TypesInfo
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if _, ok := info.Uses[id].(*types.Builtin); ok {
			return id.Name == "panic" || id.Name == "print" || id.Name == "println"
		}
	}
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok {
		return false
	}
	if fn.Pkg() != nil && coldPackages[fn.Pkg().Path()] {
		return true
	}
	if coldNames[fn.Name()] {
		return true
	}
	// A constructor of an error value.
	t := info.TypeOf(call)
	if _, tuple := t.(*types.Tuple); t == nil || tuple {
		return false
	}
	return implementsError(t)
}

// errorBlock reports whether the statement at stmt is on an error path: in
// a block that ends by returning a newly built error or aborting, or in a
// function body that ends by aborting, or that ends by returning a new
// error and has no other return.
func (ch *checker) errorBlock(stmt inspector.Cursor) bool {
	for p := range stmt.Enclosing((*ast.BlockStmt)(nil), (*ast.CaseClause)(nil), (*ast.CommClause)(nil), (*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		if p == stmt {
			continue
		}
		list, ok := astutil.StmtList(p.Node())
		if !ok {
			return false
		}
		if n, ok := p.Node().(*ast.BlockStmt); ok {
			switch p.ParentEdgeKind() {
			case edge.FuncDecl_Body, edge.FuncLit_Body:
				if len(n.List) == 0 {
					return false
				}
				last := n.List[len(n.List)-1]
				if ch.aborts(last) {
					return true
				}
				return ch.returnsNewError(last) && countReturns(n) == 1
			}
		}
		if ch.endsInError(list) {
			return true
		}
		// A case that falls through is on the path of the next one.
		if _, ok := p.Node().(*ast.CaseClause); ok && len(list) > 0 {
			if br, ok := list[len(list)-1].(*ast.BranchStmt); ok && br.Tok == token.FALLTHROUGH {
				if next, ok := p.NextSibling(); ok {
					if ncc, ok := next.Node().(*ast.CaseClause); ok && ch.endsInError(ncc.Body) {
						return true
					}
				}
			}
		}
	}
	return false
}

// endsInError reports whether the statement list ends an error path: by
// aborting, by returning a newly built error, or by an abort call (such as
// http.Error or t.Errorf) followed by a bare return.
func (ch *checker) endsInError(list []ast.Stmt) bool {
	if len(list) == 0 {
		return false
	}
	last := list[len(list)-1]
	if ch.aborts(last) || ch.returnsNewError(last) {
		return true
	}
	if ret, ok := last.(*ast.ReturnStmt); ok && len(ret.Results) == 0 && len(list) > 1 {
		return ch.aborts(list[len(list)-2])
	}
	return false
}

// returnsNewError reports whether s returns, last, a newly built error: a
// composite literal of an error type, or a call of an error constructor
// (errors.New, fmt.Errorf, errors.Join, or a function whose name speaks of
// errors: newError, wrapErr) — not a variable that may be nil, and not a
// call that returns what another function returns (return
// g.getObject(w, r), a handler delegating its request, is the normal path).
func (ch *checker) returnsNewError(s ast.Stmt) bool {
	ret, ok := s.(*ast.ReturnStmt)
	if !ok || len(ret.Results) == 0 {
		return false
	}
	r := ast.Unparen(ret.Results[len(ret.Results)-1])
	if u, ok := r.(*ast.UnaryExpr); ok && u.Op == token.AND {
		r = u.X
	}
	switch r := r.(type) {
	case *ast.CompositeLit:
		return implementsError(ch.pass.TypesInfo.TypeOf(r))
	case *ast.CallExpr:
		if !implementsError(ch.pass.TypesInfo.TypeOf(r)) {
			return false
		}
		if tv, ok := ch.pass.TypesInfo.Types[r.Fun]; ok && tv.IsType() {
			return true // a conversion to an error type
		}
		fn, ok := typeutil.Callee(ch.pass.TypesInfo, r).(*types.Func)
		if !ok {
			return false
		}
		name := strings.ToLower(fn.Name())
		return fn.Pkg() != nil && (fn.Pkg().Path() == "errors" || fn.Pkg().Path() == "fmt" && fn.Name() == "Errorf") ||
			strings.Contains(name, "err")
	}
	return false
}

// aborts reports whether s is a call that ends an error path: panic,
// os.Exit, or a function or method whose name is like errorf or fail or
// holds "error" or "fatal" (http.Error, serveError, log.Fatal).
func (ch *checker) aborts(s ast.Stmt) bool {
	es, ok := s.(*ast.ExprStmt)
	if !ok {
		return false
	}
	call, ok := ast.Unparen(es.X).(*ast.CallExpr)
	if !ok {
		return false
	}
	info := ch.pass.TypesInfo
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if b, ok := info.Uses[id].(*types.Builtin); ok {
			return b.Name() == "panic"
		}
	}
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok {
		return false
	}
	name := strings.ToLower(fn.Name())
	return abortNames[name] || strings.Contains(name, "error") || strings.Contains(name, "fatal")
}

// countReturns counts the return statements of a function body, outside
// nested function literals.
func countReturns(body *ast.BlockStmt) int {
	n := 0
	ast.Inspect(body, func(node ast.Node) bool {
		switch node.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			n++
		}
		return true
	})
	return n
}

// coldCallers reports whether decl, the function holding c, is an
// unexported function or method of the package whose every use is a call
// in cold code. A function used as a value, or not used, is not.
func (ch *checker) coldCallers(c inspector.Cursor, decl *ast.FuncDecl, depth int) bool {
	if depth >= maxCallerDepth || decl.Name.IsExported() || decl.Name.Name == "main" || decl.Name.Name == "init" {
		return false
	}
	fn, ok := ch.pass.TypesInfo.Defs[decl.Name].(*types.Func)
	if !ok {
		return false
	}
	if v, ok := ch.coldFuncs[fn]; ok {
		return v
	}
	ch.coldFuncs[fn] = false // breaks cycles: a recursive call is not cold
	calls, ok := ch.callSites()[fn]
	cold := ok && len(calls) > 0
	for _, call := range calls {
		if !call.Valid() || !ch.coldAt(call, depth+1) {
			cold = false
			break
		}
	}
	ch.coldFuncs[fn] = cold
	return cold
}

// callSites returns, for each function and method declared in the
// package, the cursors of the calls that use it. A use other than a call
// (a function value, a method value) is recorded as an invalid cursor.
func (ch *checker) callSites() map[*types.Func][]inspector.Cursor {
	if ch.calls != nil {
		return ch.calls
	}
	ch.calls = make(map[*types.Func][]inspector.Cursor)
	info := ch.pass.TypesInfo
	for cur := range ch.hot.Inspector.Root().Preorder((*ast.Ident)(nil)) {
		fn, ok := info.Uses[cur.Node().(*ast.Ident)].(*types.Func)
		if !ok || fn.Pkg() != ch.pass.Pkg {
			continue
		}
		fn = fn.Origin()
		// Find the call whose function this identifier names.
		fun := cur
		if fun.ParentEdgeKind() == edge.SelectorExpr_Sel {
			fun = fun.Parent()
		}
		for fun.ParentEdgeKind() == edge.ParenExpr_X || fun.ParentEdgeKind() == edge.IndexExpr_X || fun.ParentEdgeKind() == edge.IndexListExpr_X {
			fun = fun.Parent()
		}
		if fun.ParentEdgeKind() == edge.CallExpr_Fun {
			ch.calls[fn] = append(ch.calls[fn], fun.Parent())
		} else {
			ch.calls[fn] = append(ch.calls[fn], inspector.Cursor{})
		}
	}
	return ch.calls
}

// implementsError reports whether t or *t implements error.
func implementsError(t types.Type) bool {
	if t == nil {
		return false
	}
	if types.Implements(t, errorType) {
		return true
	}
	if _, ok := t.Underlying().(*types.Interface); ok {
		return false
	}
	return types.Implements(types.NewPointer(t), errorType)
}
