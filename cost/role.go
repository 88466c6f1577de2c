package cost

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
)

// Roles of an allocation or encoding site: what the value made at the
// line is for, read from the source. They are the values of
// finding.Cost.Inherent.
const (
	// RoleResult: the value is what the function returns (returned, or
	// decoded into a variable that is returned).
	RoleResult = "result"
	// RoleOutput: the value is stored into memory the caller passed in
	// (through a pointer parameter, a reflect.Value's Set methods).
	RoleOutput = "output"
	// RoleReusedBuffer: the value grows a slice field of the receiver by
	// append — a buffer the receiver keeps and reuses, so the growth is
	// warm-up that a long-lived receiver pays once.
	RoleReusedBuffer = "reused-buffer"
)

// roleFinder classifies lines of source files, parsing each file once.
type roleFinder struct {
	read  func(name string) ([]byte, error)
	fset  *token.FileSet
	files map[string]*ast.File // nil: unreadable or unparsable
}

func newRoleFinder(read func(string) ([]byte, error)) *roleFinder {
	if read == nil {
		return nil
	}
	return &roleFinder{read: read, fset: token.NewFileSet(), files: make(map[string]*ast.File)}
}

// role returns the role of what line (1-based) of file makes, and the
// expression it flows to (the returned variable, the output, the
// buffer), or "" if the source does not show one: the site is then
// ordinary waste that a local change can remove.
func (r *roleFinder) role(file string, line int) (role, via string) {
	if r == nil || line <= 0 {
		return "", ""
	}
	f, ok := r.files[file]
	if !ok {
		if src, err := r.read(file); err == nil {
			f, _ = parser.ParseFile(r.fset, file, src, parser.SkipObjectResolution)
		}
		r.files[file] = f
	}
	if f == nil {
		return "", ""
	}
	fn := r.enclosingFunc(f, line)
	if fn == nil {
		return "", ""
	}
	stmt := r.statementAt(fn.body, line)
	if stmt == nil {
		return "", ""
	}
	return fn.classify(r.fset, stmt, line)
}

// funcScope is the innermost function (declaration or literal) around a
// line: its body and the names of its parameters, receiver and results.
type funcScope struct {
	body     *ast.BlockStmt
	recv     string
	params   map[string]bool
	results  map[string]bool   // named results
	returned map[string]bool   // variables returned as x, &x or x[i:j]
	outputs  map[string]string // variables stored into the caller's memory → where
}

func (r *roleFinder) enclosingFunc(f *ast.File, line int) *funcScope {
	var best *funcScope
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil || !r.spans(n, line) {
			return false
		}
		var typ *ast.FuncType
		var body *ast.BlockStmt
		var recv *ast.FieldList
		switch n := n.(type) {
		case *ast.FuncDecl:
			typ, body, recv = n.Type, n.Body, n.Recv
		case *ast.FuncLit:
			typ, body = n.Type, n.Body
		default:
			return true
		}
		if body == nil {
			return false
		}
		s := &funcScope{body: body, params: make(map[string]bool), results: make(map[string]bool), returned: make(map[string]bool), outputs: make(map[string]string)}
		if recv != nil && len(recv.List) == 1 && len(recv.List[0].Names) == 1 {
			s.recv = recv.List[0].Names[0].Name
		}
		for _, fld := range typ.Params.List {
			for _, id := range fld.Names {
				s.params[id.Name] = true
			}
		}
		if typ.Results != nil {
			for _, fld := range typ.Results.List {
				for _, id := range fld.Names {
					s.results[id.Name] = true
				}
			}
		}
		s.findFlows()
		best = s // inner functions are visited after outer ones
		return true
	})
	return best
}

// findFlows records the variables that the function's own statements
// (not those of nested function literals) return whole or sliced, and
// those they store into the caller's memory: passed to a Set method of a
// parameter (v.SetString(t)) or assigned through one (p.f = t, *p = t).
func (s *funcScope) findFlows() {
	ast.Inspect(s.body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			for _, e := range n.Results {
				if id := returnedVar(e); id != "" {
					s.returned[id] = true
				}
			}
		case *ast.CallExpr:
			sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr)
			if !ok || !strings.HasPrefix(sel.Sel.Name, "Set") {
				break
			}
			if recv, ok := ast.Unparen(sel.X).(*ast.Ident); ok && s.params[recv.Name] {
				for _, a := range n.Args {
					if id, ok := ast.Unparen(a).(*ast.Ident); ok {
						s.outputs[id.Name] = recv.Name + "." + sel.Sel.Name
					}
				}
			}
		case *ast.AssignStmt:
			if len(n.Lhs) != len(n.Rhs) {
				break
			}
			for i, lhs := range n.Lhs {
				id, ok := ast.Unparen(n.Rhs[i]).(*ast.Ident)
				if root := rootIdent(lhs); ok && root != "" && s.params[root] {
					s.outputs[id.Name] = exprString(lhs)
				}
			}
		}
		return true
	})
}

// returnedVar returns x for a result expression x, &x, x[i:j], or ""
// when the expression computes something new from x (a call, a
// conversion) rather than returning x's memory.
func returnedVar(e ast.Expr) string {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			if x.Name == "nil" || x.Name == "_" {
				return ""
			}
			return x.Name
		case *ast.UnaryExpr:
			if x.Op != token.AND {
				return ""
			}
			e = x.X
		case *ast.SliceExpr:
			e = x.X
		default:
			return ""
		}
	}
}

func (r *roleFinder) spans(n ast.Node, line int) bool {
	return r.fset.Position(n.Pos()).Line <= line && line <= r.fset.Position(n.End()).Line
}

// statementAt returns the innermost simple statement of body that spans
// line: a compound statement (if, for, switch) is looked into, and its
// header statement (the init of an if) is taken when the line is there.
func (r *roleFinder) statementAt(body *ast.BlockStmt, line int) ast.Stmt {
	var best ast.Stmt
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if !r.spans(n, line) {
			return false
		}
		switch n := n.(type) {
		case *ast.AssignStmt, *ast.ReturnStmt, *ast.ExprStmt, *ast.DeclStmt, *ast.IncDecStmt, *ast.SendStmt, *ast.DeferStmt, *ast.GoStmt:
			best = n.(ast.Stmt)
		}
		return true
	})
	return best
}

// classify returns the role of what stmt makes at line; see role.
func (s *funcScope) classify(fset *token.FileSet, stmt ast.Stmt, line int) (role, via string) {
	switch st := stmt.(type) {
	case *ast.ReturnStmt:
		return RoleResult, "its return value"
	case *ast.AssignStmt:
		for i, lhs := range st.Lhs {
			var rhs ast.Expr
			if len(st.Rhs) == len(st.Lhs) {
				rhs = st.Rhs[i]
			}
			if id, ok := lhs.(*ast.Ident); ok && id.Name == "err" && len(st.Lhs) > 1 {
				continue // the error beside the value, returned on failure
			}
			if id, ok := lhs.(*ast.Ident); ok && id.Name == "err" && len(st.Lhs) == 1 && len(st.Rhs) == 1 {
				if _, isCall := ast.Unparen(st.Rhs[0]).(*ast.CallExpr); isCall {
					break // err := f(&x): what f makes goes to its arguments
				}
			}
			if role, via := s.target(lhs, rhs); role != "" {
				return role, via
			}
		}
	case *ast.DeclStmt:
		if gd, ok := st.Decl.(*ast.GenDecl); ok {
			for _, spec := range gd.Specs {
				if vs, ok := spec.(*ast.ValueSpec); ok {
					for _, id := range vs.Names {
						if role, via := s.target(id, nil); role != "" {
							return role, via
						}
					}
				}
			}
		}
	}
	// A call at the line that decodes or writes into a variable that is
	// returned (json.Unmarshal(data, &c) … return &c) or into a value the
	// caller passed in (v.SetString(t), json.Unmarshal(data, p)).
	ast.Inspect(stmt, func(n ast.Node) bool {
		if role != "" {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok || fset.Position(call.Pos()).Line > line || fset.Position(call.End()).Line < line {
			return true
		}
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && strings.HasPrefix(sel.Sel.Name, "Set") {
			if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok && s.params[id.Name] {
				role, via = RoleOutput, id.Name+"."+sel.Sel.Name
				return false
			}
		}
		if isDecodeCall(call) && len(call.Args) > 0 {
			// The destination is the last argument.
			if id, ok := ast.Unparen(call.Args[len(call.Args)-1]).(*ast.Ident); ok && s.params[id.Name] {
				role, via = RoleOutput, id.Name
				return false
			}
		}
		for _, arg := range call.Args {
			u, ok := ast.Unparen(arg).(*ast.UnaryExpr)
			if !ok || u.Op != token.AND {
				continue
			}
			if id, ok := ast.Unparen(u.X).(*ast.Ident); ok && (s.returned[id.Name] || s.results[id.Name]) {
				role, via = RoleResult, id.Name
				return false
			}
		}
		return true
	})
	return role, via
}

// target returns the role of a value assigned to lhs (from rhs, if known).
func (s *funcScope) target(lhs, rhs ast.Expr) (role, via string) {
	lhs = ast.Unparen(lhs)
	if id, ok := lhs.(*ast.Ident); ok {
		if s.returned[id.Name] || s.results[id.Name] {
			return RoleResult, id.Name
		}
		if to, ok := s.outputs[id.Name]; ok {
			return RoleOutput, to
		}
		return "", ""
	}
	root := rootIdent(lhs)
	if root == "" {
		return "", ""
	}
	if root == s.recv {
		if call, ok := ast.Unparen(rhs).(*ast.CallExpr); ok && isBuiltinAppend(call) && len(call.Args) > 0 && sameExpr(call.Args[0], lhs) {
			return RoleReusedBuffer, exprString(lhs)
		}
		return "", ""
	}
	if s.params[root] {
		return RoleOutput, exprString(lhs)
	}
	return "", ""
}

// rootIdent returns the variable at the root of a selector, index or
// dereference chain (p in p.a.b[i], *p), or "" for a plain identifier or
// anything else.
func rootIdent(e ast.Expr) string {
	depth := 0
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			if depth == 0 {
				return ""
			}
			return x.Name
		case *ast.SelectorExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		default:
			return ""
		}
		depth++
	}
}

// isDecodeCall reports whether call's function or method name says it
// decodes into its argument (json.Unmarshal, (*Decoder).Decode).
func isDecodeCall(call *ast.CallExpr) bool {
	var name string
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		name = f.Name
	case *ast.SelectorExpr:
		name = f.Sel.Name
	}
	return strings.Contains(name, "Unmarshal") || strings.HasPrefix(name, "Decode")
}

func isBuiltinAppend(call *ast.CallExpr) bool {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	return ok && id.Name == "append"
}

// sameExpr reports whether a and b spell the same selector chain, so
// that x.f = append(x.f, …) is recognised.
func sameExpr(a, b ast.Expr) bool {
	return exprString(a) == exprString(b)
}

// exprString spells a selector, index or dereference chain of
// identifiers ("c.vs", "*p", "m[k]"); other expressions spell as "…".
func exprString(e ast.Expr) string {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		return x.Name
	case *ast.SelectorExpr:
		return exprString(x.X) + "." + x.Sel.Name
	case *ast.IndexExpr:
		return exprString(x.X) + "[" + exprString(x.Index) + "]"
	case *ast.StarExpr:
		return "*" + exprString(x.X)
	case *ast.BasicLit:
		return x.Value
	}
	return "…"
}
