package fmtnumber

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"
)

// maxReturnDepth bounds the walk from a function returning the formatted
// string to its callers when looking for evidence that it is hot.
const maxReturnDepth = 2

// hotEvidence reports whether there is evidence that the string formatted
// by the call at c is made often, for a protocol rather than for people:
//   - the call is in a benchmark's measured loop;
//   - the string goes straight to output: an http.Header or
//     textproto.MIMEHeader Set or Add, a Write or WriteString call,
//     io.WriteString, or an append to a byte slice;
//   - the string names what a request is asked for: the key of an
//     http.Header, textproto.MIMEHeader or url.Values lookup (Get, Values,
//     Del, Has) or of a request's Cookie, FormValue or PostFormValue — a
//     header or cookie name built per request, as a transport that splits
//     a payload over numbered headers reads them back;
//   - the string is formatted only to be parsed: the argument of
//     time.ParseDuration or of strconv's Atoi and Parse functions, a
//     number turned into text to become a number again;
//   - the string is the only return of its function, and one of the calls
//     of that function in the package has such evidence;
//   - the string is stored in a field of a struct, directly (a composite
//     literal's field or an assignment to a field) or through a local
//     variable assigned once: data kept for a response or a record, such
//     as a part's ETag; a local variable assigned once that is the
//     argument of one of the calls above is evidence too.
//
// A short format such as "%s:%d" is reported only with such evidence: it
// builds as many file:line labels, debugging dumps and unknown-value names
// ("R???%d") as protocol fields, and rewriting those as concatenations
// gains nothing. A loop alone is no evidence: tools build symbol and file
// names in loops that run a handful of times.
func (ch *checker) hotEvidence(c inspector.Cursor, depth int) bool {
	if ch.hot.InTestCode(c) {
		return ch.hot.InBenchmarkLoop(c)
	}
	info := ch.pass.TypesInfo
	cur := c
	for {
		parent := cur.Parent()
		switch n := parent.Node().(type) {
		case *ast.ParenExpr:
		case *ast.BinaryExpr: // concatenation
		case *ast.SliceExpr:
			if cur.ParentEdgeKind() != edge.SliceExpr_X {
				return false
			}
		case *ast.CallExpr:
			if cur.ParentEdgeKind() != edge.CallExpr_Args {
				return false
			}
			if tv, ok := info.Types[n.Fun]; ok && tv.IsType() {
				break // a conversion such as []byte(s)
			}
			return ch.isSink(n)
		case *ast.KeyValueExpr:
			return cur.ParentEdgeKind() == edge.KeyValueExpr_Value && ch.isStructLit(parent.Parent())
		case *ast.CompositeLit:
			return ch.isStructLit(parent)
		case *ast.AssignStmt:
			return cur.ParentEdgeKind() == edge.AssignStmt_Rhs && ch.storedInField(parent, cur.ParentEdgeIndex())
		case *ast.ReturnStmt:
			return depth < maxReturnDepth && ch.returnedHot(parent, depth)
		default:
			return false
		}
		cur = parent
	}
}

// isSink reports whether call writes its argument out, looks up a
// request's part by it or parses it: an http.Header or
// textproto.MIMEHeader Set, Add, Get, Values or Del, a url.Values Set,
// Add, Get, Del or Has, an http.Request's Cookie, FormValue or
// PostFormValue, a Write or WriteString method, io.WriteString,
// append(b, s...) to a byte slice, time.ParseDuration, or strconv.Atoi,
// ParseInt, ParseUint, ParseFloat or ParseBool.
func (ch *checker) isSink(call *ast.CallExpr) bool {
	info := ch.pass.TypesInfo
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if b, ok := info.Uses[id].(*types.Builtin); ok {
			return b.Name() == "append" && call.Ellipsis.IsValid()
		}
	}
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok {
		return false
	}
	recv := fn.Signature().Recv()
	if recv == nil {
		if fn.Pkg() == nil {
			return false
		}
		switch fn.Pkg().Path() + "." + fn.Name() {
		case "io.WriteString":
			return true
		case "time.ParseDuration", "strconv.Atoi", "strconv.ParseInt", "strconv.ParseUint", "strconv.ParseFloat", "strconv.ParseBool":
			return keyLookups
		}
		return false
	}
	switch fn.Name() {
	case "Write", "WriteString":
		return true
	}
	switch strings.TrimPrefix(types.TypeString(recv.Type(), nil), "*") + "." + fn.Name() {
	case "net/http.Header.Set", "net/http.Header.Add", "net/textproto.MIMEHeader.Set", "net/textproto.MIMEHeader.Add":
		return true
	case "net/http.Header.Get", "net/http.Header.Values", "net/http.Header.Del",
		"net/textproto.MIMEHeader.Get", "net/textproto.MIMEHeader.Values", "net/textproto.MIMEHeader.Del",
		"net/url.Values.Get", "net/url.Values.Set", "net/url.Values.Add", "net/url.Values.Del", "net/url.Values.Has",
		"net/http.Request.Cookie", "net/http.Request.FormValue", "net/http.Request.PostFormValue":
		return keyLookups
	}
	return false
}

// keyLookups switches on the evidence of a string used as the key of a
// request's header, cookie or form lookup, or parsed again at once (see
// hotEvidence), and of a local variable assigned once and so used.
const keyLookups = true

// returnedHot reports whether the function returning a formatted string at
// ret, its only return, is called somewhere in the package where there is
// evidence of heat.
func (ch *checker) returnedHot(ret inspector.Cursor, depth int) bool {
	var decl *ast.FuncDecl
	for p := range ret.Enclosing((*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		decl, _ = p.Node().(*ast.FuncDecl) // nil for a function literal
		break
	}
	if decl == nil || decl.Body == nil || countReturns(decl.Body) != 1 {
		// A function literal, or a function with other returns: the
		// formatting may be a fallback for unusual values.
		return false
	}
	fn, ok := ch.pass.TypesInfo.Defs[decl.Name].(*types.Func)
	if !ok {
		return false
	}
	for _, call := range ch.callSites()[fn] {
		if call.Valid() && !ch.coldAt(call, 0) && ch.hotEvidence(call, depth+1) {
			return true
		}
	}
	return false
}

// exportedReturn reports whether the string formatted at c is the only
// return of an exported function or method of a package other than main:
// its callers are in other packages, where the scan's call graph, not
// this check, decides how often they run (versitygw's GenerateEtag, called
// per PutObject by each backend). It is evidence enough for a format of
// strings only, whose concatenation is simpler code as well as faster.
func (ch *checker) exportedReturn(c inspector.Cursor) bool {
	if ch.pass.Pkg.Name() == "main" {
		return false
	}
	cur := c
	for cur.ParentEdgeKind() == edge.ParenExpr_X {
		cur = cur.Parent()
	}
	if cur.ParentEdgeKind() != edge.ReturnStmt_Results {
		return false
	}
	for p := range cur.Enclosing((*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		decl, ok := p.Node().(*ast.FuncDecl)
		return ok && decl.Body != nil && decl.Name.IsExported() && exportedRecv(decl) && countReturns(decl.Body) == 1
	}
	return false
}

// exportedRecv reports whether decl is a function, or a method whose
// receiver type is exported: other packages can call it.
func exportedRecv(decl *ast.FuncDecl) bool {
	if decl.Recv == nil || len(decl.Recv.List) != 1 {
		return decl.Recv == nil
	}
	t := decl.Recv.List[0].Type
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
			continue
		case *ast.IndexExpr:
			t = x.X
			continue
		case *ast.IndexListExpr:
			t = x.X
			continue
		case *ast.Ident:
			return x.IsExported()
		}
		return false
	}
}

// isStructLit reports whether lit, a composite literal, builds a struct.
func (ch *checker) isStructLit(lit inspector.Cursor) bool {
	n, ok := lit.Node().(*ast.CompositeLit)
	if !ok {
		return false
	}
	t := ch.pass.TypesInfo.TypeOf(n)
	if t == nil {
		return false
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	_, ok = t.Underlying().(*types.Struct)
	return ok
}

// storedInField reports whether the i-th value of the assignment as goes
// to a struct field: the left side is a field, or a local variable that
// is assigned nowhere else and is the value of a field in a composite
// literal or a field assignment of its function.
func (ch *checker) storedInField(as inspector.Cursor, i int) bool {
	n := as.Node().(*ast.AssignStmt)
	if len(n.Lhs) != len(n.Rhs) {
		return false
	}
	info := ch.pass.TypesInfo
	switch lhs := ast.Unparen(n.Lhs[i]).(type) {
	case *ast.SelectorExpr:
		sel, ok := info.Selections[lhs]
		return ok && sel.Kind() == types.FieldVal
	case *ast.Ident:
		v, ok := info.ObjectOf(lhs).(*types.Var)
		if !ok || v.IsField() || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
			return false
		}
		var body inspector.Cursor
		for fc := range as.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
			body = fc
			break
		}
		if body.Node() == nil {
			return false
		}
		stored := false
		for id := range body.Preorder((*ast.Ident)(nil)) {
			if info.Uses[id.Node().(*ast.Ident)] != v || id.Node() == lhs {
				continue
			}
			switch id.ParentEdgeKind() {
			case edge.AssignStmt_Lhs, edge.UnaryExpr_X:
				if id.ParentEdgeKind() == edge.AssignStmt_Lhs || id.Parent().Node().(*ast.UnaryExpr).Op == token.AND {
					return false // assigned again, or its address taken
				}
			case edge.KeyValueExpr_Value:
				stored = stored || ch.isStructLit(id.Parent().Parent())
			case edge.CompositeLit_Elts:
				stored = stored || ch.isStructLit(id.Parent())
			case edge.CallExpr_Args:
				stored = stored || keyLookups && ch.isSink(id.Parent().Node().(*ast.CallExpr))
			}
			if id.ParentEdgeKind() == edge.AssignStmt_Rhs {
				stored = stored || ch.storedInField(id.Parent(), id.ParentEdgeIndex())
			}
		}
		return stored
	}
	return false
}
