package unboundedcache

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/perfproof/perfproof/internal/astutil"
)

// requestData finds the values of a package that come from its callers or
// from the outside world, as opposed to values the package makes from its
// own constants and tables. A value is request-derived if it is
//
//   - a parameter of an exported function or method, or a parameter of
//     type *http.Request of any function (a handler);
//   - a parameter of a function of the package that some call in the
//     package's non-test files passes a request-derived argument;
//   - a time.Time, or computed from one (t.Unix());
//   - the result of a parse or a read: strconv.Parse..., Atoi and
//     Unquote, url.Parse and ParseQuery, time.Parse and ParseDuration, the
//     Text and Bytes of a bufio.Scanner, the Read... methods of a
//     bufio.Reader, ReadMessage and ReadJSON methods (WebSocket
//     connections); and a variable whose address is passed to an
//     Unmarshal or Decode function or method (json.Unmarshal(b, &msg));
//   - a local variable assigned a request-derived value, or the key or
//     value of a range over one;
//   - a field, element, slice, conversion, or arithmetic of a
//     request-derived value, or the result of a call that takes one as
//     argument or receiver (strconv.ParseInt(s, 10, 64), r.URL.Query()).
//
// The analysis is flow-insensitive and ignores _test.go files.
type requestData struct {
	info *types.Info
	vars map[*types.Var]bool
}

// maxRounds bounds the propagation of request-derived values through
// assignments and calls; each round follows one more step of every chain.
const maxRounds = 16

func newRequestData(c *checker) *requestData {
	rd := &requestData{info: c.pass.TypesInfo, vars: make(map[*types.Var]bool)}
	var (
		assigns []*ast.AssignStmt
		specs   []*ast.ValueSpec
		ranges  []*ast.RangeStmt
		calls   []*ast.CallExpr
	)
	for _, f := range c.pass.Files {
		if c.inTestFile(f.Pos()) {
			continue
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			rd.seedParams(fd.Type, fd.Name.IsExported())
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.FuncLit:
					rd.seedParams(n.Type, false)
				case *ast.AssignStmt:
					assigns = append(assigns, n)
				case *ast.ValueSpec:
					specs = append(specs, n)
				case *ast.RangeStmt:
					ranges = append(ranges, n)
				case *ast.CallExpr:
					if fn := typeutil.StaticCallee(rd.info, n); fn != nil && fn.Pkg() == c.pass.Pkg {
						calls = append(calls, n)
					}
					if isDecode(rd.info, n) {
						for _, a := range n.Args {
							if u, ok := ast.Unparen(a).(*ast.UnaryExpr); ok && u.Op == token.AND {
								if id, ok := ast.Unparen(u.X).(*ast.Ident); ok {
									if v, ok := rd.info.Uses[id].(*types.Var); ok {
										rd.vars[v] = true
									}
								}
							}
						}
					}
				}
				return true
			})
		}
	}
	for range maxRounds {
		changed := false
		mark := func(e ast.Expr) {
			if id, ok := ast.Unparen(e).(*ast.Ident); ok {
				if v, ok := rd.info.ObjectOf(id).(*types.Var); ok && !rd.vars[v] {
					rd.vars[v] = true
					changed = true
				}
			}
		}
		for _, as := range assigns {
			if len(as.Lhs) == len(as.Rhs) {
				for i, r := range as.Rhs {
					if rd.derived(r) {
						mark(as.Lhs[i])
					}
				}
			} else if len(as.Rhs) == 1 && rd.derived(as.Rhs[0]) {
				for _, l := range as.Lhs {
					mark(l)
				}
			}
		}
		for _, vs := range specs {
			for i, r := range vs.Values {
				if len(vs.Names) == len(vs.Values) && rd.derived(r) {
					mark(vs.Names[i])
				} else if len(vs.Values) == 1 && rd.derived(r) {
					for _, n := range vs.Names {
						mark(n)
					}
				}
			}
		}
		for _, rs := range ranges {
			if rd.derived(rs.X) {
				if rs.Key != nil {
					mark(rs.Key)
				}
				if rs.Value != nil {
					mark(rs.Value)
				}
			}
		}
		for _, call := range calls {
			sig := typeutil.StaticCallee(rd.info, call).Signature()
			params := sig.Params()
			for i, a := range call.Args {
				if !rd.derived(a) || params.Len() == 0 {
					continue
				}
				p := params.At(min(i, params.Len()-1))
				if !rd.vars[p] {
					rd.vars[p] = true
					changed = true
				}
			}
		}
		if !changed {
			break
		}
	}
	return rd
}

// seedParams marks the parameters of a function: all of them if it is
// exported, and those of type *http.Request in any case.
func (rd *requestData) seedParams(ft *ast.FuncType, exported bool) {
	if ft.Params == nil {
		return
	}
	for _, f := range ft.Params.List {
		for _, n := range f.Names {
			v, ok := rd.info.Defs[n].(*types.Var)
			if ok && (exported || astutil.IsNamedOrPointer(v.Type(), "net/http", "Request")) {
				rd.vars[v] = true
			}
		}
	}
}

// derived reports whether e is request-derived (see requestData).
func (rd *requestData) derived(e ast.Expr) bool {
	if t := rd.info.TypeOf(e); t != nil && astutil.IsNamedOrPointer(t, "time", "Time") {
		return true
	}
	switch e := e.(type) {
	case *ast.Ident:
		v, ok := rd.info.Uses[e].(*types.Var)
		return ok && rd.vars[v]
	case *ast.ParenExpr:
		return rd.derived(e.X)
	case *ast.SelectorExpr:
		if sel, ok := rd.info.Selections[e]; ok && sel.Kind() == types.FieldVal {
			return rd.derived(e.X)
		}
		return false
	case *ast.IndexExpr:
		return rd.derived(e.X)
	case *ast.SliceExpr:
		return rd.derived(e.X)
	case *ast.StarExpr:
		return rd.derived(e.X)
	case *ast.UnaryExpr:
		return e.Op != token.ARROW && rd.derived(e.X)
	case *ast.BinaryExpr:
		return rd.derived(e.X) || rd.derived(e.Y)
	case *ast.TypeAssertExpr:
		return rd.derived(e.X)
	case *ast.CompositeLit:
		for _, elt := range e.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				elt = kv.Value
			}
			if rd.derived(elt) {
				return true
			}
		}
	case *ast.CallExpr:
		if isInput(rd.info, e) {
			return true
		}
		if sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr); ok {
			if s, ok := rd.info.Selections[sel]; ok && s.Kind() == types.MethodVal && rd.derived(sel.X) {
				return true
			}
		}
		for _, a := range e.Args {
			if rd.derived(a) {
				return true
			}
		}
	}
	return false
}

// isInput reports whether call parses or reads input (see requestData).
func isInput(info *types.Info, call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok || fn.Pkg() == nil {
		return false
	}
	name := fn.Name()
	if recv := fn.Signature().Recv(); recv != nil {
		switch {
		case astutil.IsNamedOrPointer(recv.Type(), "bufio", "Scanner"):
			return name == "Text" || name == "Bytes"
		case astutil.IsNamedOrPointer(recv.Type(), "bufio", "Reader"):
			return strings.HasPrefix(name, "Read")
		}
		return name == "ReadMessage" || name == "ReadJSON"
	}
	switch fn.Pkg().Path() {
	case "strconv":
		return strings.HasPrefix(name, "Parse") || name == "Atoi" || strings.HasPrefix(name, "Unquote")
	case "net/url":
		return strings.HasPrefix(name, "Parse") || strings.HasSuffix(name, "Unescape")
	case "time":
		return strings.HasPrefix(name, "Parse")
	}
	return false
}

// isDecode reports whether call is a function or method named Unmarshal
// or Decode, which fills the variables whose addresses it is given.
func isDecode(info *types.Info, call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	return ok && (fn.Name() == "Unmarshal" || fn.Name() == "Decode")
}
