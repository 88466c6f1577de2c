package fmtnumber

import (
	"go/ast"
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
//   - the string is the only return of its function, and one of the calls
//     of that function in the package has such evidence.
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
		case *ast.ReturnStmt:
			return depth < maxReturnDepth && ch.returnedHot(parent, depth)
		default:
			return false
		}
		cur = parent
	}
}

// isSink reports whether call writes its argument out: an http.Header or
// textproto.MIMEHeader Set or Add, a Write or WriteString method,
// io.WriteString, or append(b, s...) to a byte slice.
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
		return fn.Pkg() != nil && fn.Pkg().Path() == "io" && fn.Name() == "WriteString"
	}
	switch fn.Name() {
	case "Write", "WriteString":
		return true
	case "Set", "Add":
		switch strings.TrimPrefix(types.TypeString(recv.Type(), nil), "*") {
		case "net/http.Header", "net/textproto.MIMEHeader":
			return true
		}
	}
	return false
}

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
