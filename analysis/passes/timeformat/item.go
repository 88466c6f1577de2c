package timeformat

import (
	"fmt"
	"go/ast"
	"go/types"
	"reflect"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/perfproof/perfproof/analysis/internal/checkdoc"
	"github.com/perfproof/perfproof/internal/astutil"
)

// peopleMethods are the methods that build text for people: a time
// formatted there is read in a debugger or a log, not served.
var peopleMethods = map[string]bool{"String": true, "GoString": true, "Error": true}

// logPackages are packages whose calls take text for a log or a test
// failure.
var logPackages = map[string]bool{
	"log":                        true,
	"log/slog":                   true,
	"testing":                    true,
	"go.uber.org/zap":            true,
	"github.com/sirupsen/logrus": true,
	"github.com/rs/zerolog":      true,
}

// logNames are the names of logging functions and methods of any package.
var logNames = map[string]bool{
	"Print": true, "Printf": true, "Println": true,
	"Debug": true, "Debugf": true, "Debugw": true,
	"Info": true, "Infof": true, "Infow": true,
	"Warn": true, "Warnf": true, "Warnw": true, "Warning": true, "Warningf": true,
	"Error": true, "Errorf": true, "Errorw": true,
	"Fatal": true, "Fatalf": true, "Fatalln": true,
	"Trace": true, "Tracef": true, "Log": true, "Logf": true,
	"Notice": true, "Noticef": true,
}

// forPeople reports whether the text formatted at cur is for people: it
// is formatted in a String, GoString or Error method, or in a function
// whose only result is a concrete error type (a constructor of an error
// value, whose message the time goes into; not a MarshalXML that returns
// the interface error), or it is an
// argument, directly or through fmt.Sprintf, fmt.Sprint and
// concatenation, of a logging call (package log, log/slog, zap, logrus,
// zerolog or testing, or a function, method or function-valued field
// named Printf, Infof, Debug, Warn and the like).
func (c *checker) forPeople(cur inspector.Cursor) bool {
	info := c.pass.TypesInfo
	if d, ok := enclosingDecl(cur); ok {
		if d.Recv != nil && peopleMethods[d.Name.Name] {
			return true
		}
		if fn, ok := info.Defs[d.Name].(*types.Func); ok {
			if res := fn.Signature().Results(); res.Len() == 1 {
				t := res.At(0).Type()
				if !types.IsInterface(t) && (astutil.IsError(t) || astutil.IsError(types.NewPointer(t))) {
					return true
				}
			}
		}
	}
	return c.textInto(cur, func(n *ast.CallExpr) (bool, bool) {
		callee := typeutil.Callee(info, n)
		if v, ok := callee.(*types.Var); ok && v.IsField() && logNames[v.Name()] {
			return true, true // a logger's function-valued field: l.Debugf(...)
		}
		fn, ok := callee.(*types.Func)
		if !ok || fn.Pkg() == nil {
			return false, true
		}
		if logPackages[fn.Pkg().Path()] || logNames[fn.Name()] {
			return true, true
		}
		return false, false
	})
}

// coldText reports whether the text at cur goes into an error, a panic or
// a log line, or is formatted for people (errorTextOf, strictly, and
// forPeople).
func (c *checker) coldText(cur inspector.Cursor) bool {
	return c.errorTextOf(cur, true) || c.forPeople(cur)
}

// coldVar reports whether the text at cur is the value of a local
// variable, declared with it and never assigned again, whose every use is
// cold text (coldText): t := r.NextUpdate.Format(layout) followed by
// log.Debugf(msg, t) or fmt.Errorf(msg, t).
func (c *checker) coldVar(cur inspector.Cursor) bool {
	for cur.ParentEdgeKind() == edge.ParenExpr_X {
		cur = cur.Parent()
	}
	if cur.ParentEdgeKind() != edge.AssignStmt_Rhs && cur.ParentEdgeKind() != edge.ValueSpec_Values {
		return false
	}
	var lhs ast.Expr
	switch n := cur.Parent().Node().(type) {
	case *ast.AssignStmt:
		if len(n.Lhs) != len(n.Rhs) {
			return false
		}
		lhs = n.Lhs[cur.ParentEdgeIndex()]
	case *ast.ValueSpec:
		if len(n.Names) != len(n.Values) {
			return false
		}
		lhs = n.Names[cur.ParentEdgeIndex()]
	}
	id, ok := lhs.(*ast.Ident)
	if !ok {
		return false
	}
	info := c.pass.TypesInfo
	v, ok := info.ObjectOf(id).(*types.Var)
	if !ok || v.IsField() || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
		return false
	}
	if value, ok := c.onlyValue(v, cur); !ok || value != cur.Node() {
		return false
	}
	fn, ok := astutil.EnclosingFunc(cur)
	if !ok {
		return false
	}
	uses := 0
	for use := range fn.Preorder((*ast.Ident)(nil)) {
		if info.Uses[use.Node().(*ast.Ident)] != v {
			continue
		}
		uses++
		if !c.coldText(use) {
			return false
		}
	}
	return uses > 0
}

// enclosingDecl returns the function declaration enclosing cur, if any.
func enclosingDecl(cur inspector.Cursor) (*ast.FuncDecl, bool) {
	for d := range cur.Enclosing((*ast.FuncDecl)(nil)) {
		return d.Node().(*ast.FuncDecl), true
	}
	return nil, false
}

// maxCalleeDepth bounds the walk into the package's own functions when
// deciding whether a parameter is only copied into bytes.
const maxCalleeDepth = 2

// calleeSink reports the Format call at cur (whose callee is sel) when
// its string is an argument of a function of this package that only
// copies the parameter into bytes (see bytesOnly), such as a header
// builder called with each field of a message: passing the time and
// formatting it there with AppendFormat removes the string. The fix
// changes the callee's signature, so none is suggested. It returns
// whether it reported.
func (c *checker) calleeSink(cur inspector.Cursor, sel *ast.SelectorExpr) bool {
	call := cur.Node().(*ast.CallExpr)
	for cur.ParentEdgeKind() == edge.ParenExpr_X {
		cur = cur.Parent()
	}
	if cur.ParentEdgeKind() != edge.CallExpr_Args {
		return false
	}
	outer := cur.Parent().Node().(*ast.CallExpr)
	fn, ok := typeutil.Callee(c.pass.TypesInfo, outer).(*types.Func)
	if !ok || !c.bytesOnly(fn, cur.ParentEdgeIndex(), 0) {
		return false
	}
	c.report(analysis.Diagnostic{
		Pos:      call.Pos(),
		End:      call.End(),
		Category: "callee",
		Message: checkdoc.Fit(
			fmt.Sprintf("%s.Format(%s) allocates a string that %s only copies into bytes: pass the time and AppendFormat there",
				c.short(sel.X), c.short(call.Args[0]), fn.Name()),
			fmt.Sprintf("Format allocates a string that %s only copies into bytes: pass the time and AppendFormat there", fn.Name())),
	})
	return true
}

// bytesOnly reports whether fn, a function or method of this package with
// a body, uses its string parameter at index i (of the call's arguments,
// not variadic) only to copy it into bytes: append(b, p...),
// w.WriteString(p), w.Write([]byte(p)), io.WriteString(w, p), a value of
// an http.Header literal that is only written (http.Header{k: {p}}.Write(w),
// whose value sanitising leaves a formatted time unchanged), or an
// argument of another function of the package that does so, up to
// maxCalleeDepth calls deep. The parameter must be used at least once and
// never assigned.
func (c *checker) bytesOnly(fn *types.Func, i, depth int) bool {
	if fn.Pkg() != c.pass.Pkg {
		return false
	}
	sig := fn.Signature()
	if i >= sig.Params().Len() || sig.Variadic() && i == sig.Params().Len()-1 {
		return false
	}
	param := sig.Params().At(i)
	if b, ok := param.Type().Underlying().(*types.Basic); !ok || b.Kind() != types.String {
		return false
	}
	d := c.decl(fn)
	if d == nil || d.Body == nil {
		return false
	}
	body, ok := c.hot.Inspector.Root().FindNode(d.Body)
	if !ok {
		return false
	}
	uses := 0
	for id := range body.Preorder((*ast.Ident)(nil)) {
		if c.pass.TypesInfo.Uses[id.Node().(*ast.Ident)] != param {
			continue
		}
		uses++
		if !c.byteUse(id, depth) {
			return false
		}
	}
	return uses > 0
}

// byteUse reports whether the use of a string parameter at id copies it
// into bytes; see bytesOnly.
func (c *checker) byteUse(id inspector.Cursor, depth int) bool {
	info := c.pass.TypesInfo
	cur := id
	for cur.ParentEdgeKind() == edge.ParenExpr_X {
		cur = cur.Parent()
	}
	switch cur.ParentEdgeKind() {
	case edge.CallExpr_Args:
	case edge.CompositeLit_Elts:
		return c.writtenHeaderValue(cur.Parent())
	default:
		return false
	}
	parent := cur.Parent()
	call := parent.Node().(*ast.CallExpr)
	idx := cur.ParentEdgeIndex()
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
		// w.Write([]byte(p))
		if !isByteSlice(tv.Type) || parent.ParentEdgeKind() != edge.CallExpr_Args {
			return false
		}
		w := parent.Parent().Node().(*ast.CallExpr)
		f, ok := typeutil.Callee(info, w).(*types.Func)
		return ok && f.Name() == "Write" && f.Signature().Recv() != nil && len(w.Args) == 1
	}
	if fid, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if b, ok := info.Uses[fid].(*types.Builtin); ok {
			return b.Name() == "append" && call.Ellipsis.IsValid() && len(call.Args) == 2 && idx == 1
		}
	}
	f, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok {
		return false
	}
	switch {
	case f.Name() == "WriteString" && f.Signature().Recv() != nil && len(call.Args) == 1:
		return true
	case f.Pkg() != nil && f.Pkg().Path() == "io" && f.Name() == "WriteString" && idx == 1:
		return true
	case depth < maxCalleeDepth && !call.Ellipsis.IsValid():
		return c.bytesOnly(f, idx, depth+1)
	}
	return false
}

// writtenHeaderValue reports whether lit, a []string literal, is a value
// of an http.Header literal whose only use is a call of its Write method:
// http.Header{key: []string{value}}.Write(w).
func (c *checker) writtenHeaderValue(lit inspector.Cursor) bool {
	cur := lit
	if cur.ParentEdgeKind() != edge.KeyValueExpr_Value {
		return false
	}
	hdr := cur.Parent().Parent()
	h, ok := hdr.Node().(*ast.CompositeLit)
	if !ok || !astutil.IsNamed(c.pass.TypesInfo.TypeOf(h), "net/http", "Header") {
		return false
	}
	if hdr.ParentEdgeKind() != edge.SelectorExpr_X {
		return false
	}
	sel := hdr.Parent()
	return sel.Node().(*ast.SelectorExpr).Sel.Name == "Write" && sel.ParentEdgeKind() == edge.CallExpr_Fun
}

// isByteSlice reports whether t is []byte.
func isByteSlice(t types.Type) bool {
	s, ok := t.Underlying().(*types.Slice)
	if !ok {
		return false
	}
	b, ok := s.Elem().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Byte
}

// perItem reports the Format call at cur (whose callee is sel), a format
// with a constant layout that no other category covers: a time of each
// request, message or listed object that becomes a string. Category
// "field" is a time.RFC3339Nano text stored in a string field with a json
// or xml tag, which a time.Time field encodes to the same text
// (Time.MarshalJSON and MarshalText write RFC 3339 with nanoseconds, for
// years 0 to 9999, and omitempty no longer drops it); category "item" is
// any other, which AppendFormat into a reused buffer avoids where the text
// ends up in bytes. How often the code runs is for scan's evidence.
func (c *checker) perItem(cur inspector.Cursor, sel *ast.SelectorExpr, layout string) {
	call := cur.Node().(*ast.CallExpr)
	d := analysis.Diagnostic{Pos: call.Pos(), End: call.End()}
	if f, ok := c.taggedField(cur); ok && layout == time.RFC3339Nano {
		d.Category = "field"
		d.Message = checkdoc.Fit(
			fmt.Sprintf("%s.Format(time.RFC3339Nano) into field %s allocates a string: use a time.Time field, which encodes the same",
				c.short(sel.X), f.Name()),
			fmt.Sprintf("Format(time.RFC3339Nano) into field %s: use a time.Time field, which encodes the same", f.Name()))
	} else {
		d.Category = "item"
		d.Message = checkdoc.Fit(
			fmt.Sprintf("%s.Format(%s) allocates a string %s: AppendFormat into a reused buffer where it is written",
				c.short(sel.X), c.short(call.Args[0]), c.hot.Where(cur)),
			fmt.Sprintf("%s.Format(%s) allocates a string %s: AppendFormat into a reused buffer where it is written",
				c.short(sel.X), c.short(call.Args[0]), c.often(cur)),
			fmt.Sprintf("%s.Format(%s) allocates a string: AppendFormat into a reused buffer where it is written",
				c.short(sel.X), c.short(call.Args[0])),
			fmt.Sprintf("%s.Format(%s) allocates a string: AppendFormat into a reused buffer", c.short(sel.X), c.short(call.Args[0])))
	}
	c.report(d)
}

// taggedField returns the struct field that the text at cur is stored in,
// directly (a field of a composite literal, or an assignment to a field),
// if the field has a json or xml tag.
func (c *checker) taggedField(cur inspector.Cursor) (*types.Var, bool) {
	info := c.pass.TypesInfo
	for cur.ParentEdgeKind() == edge.ParenExpr_X {
		cur = cur.Parent()
	}
	var f *types.Var
	var st *types.Struct
	switch cur.ParentEdgeKind() {
	case edge.KeyValueExpr_Value:
		kv := cur.Parent().Node().(*ast.KeyValueExpr)
		id, ok := kv.Key.(*ast.Ident)
		if !ok {
			return nil, false
		}
		f, _ = info.Uses[id].(*types.Var)
		lit := cur.Parent().Parent().Node().(*ast.CompositeLit)
		if t := info.TypeOf(lit); t != nil {
			st, _ = t.Underlying().(*types.Struct)
		}
	case edge.AssignStmt_Rhs:
		as := cur.Parent().Node().(*ast.AssignStmt)
		if len(as.Lhs) != len(as.Rhs) {
			return nil, false
		}
		se, ok := ast.Unparen(as.Lhs[cur.ParentEdgeIndex()]).(*ast.SelectorExpr)
		if !ok {
			return nil, false
		}
		s, ok := info.Selections[se]
		if !ok || s.Kind() != types.FieldVal {
			return nil, false
		}
		f = s.Obj().(*types.Var)
		st = fieldStruct(s)
	}
	if f == nil || st == nil || !f.IsField() {
		return nil, false
	}
	for i := range st.NumFields() {
		if st.Field(i) != f {
			continue
		}
		tag := reflect.StructTag(st.Tag(i))
		_, js := tag.Lookup("json")
		_, xs := tag.Lookup("xml")
		return f, js || xs
	}
	return nil, false
}

// fieldStruct returns the struct type that declares the field selected by
// s, following embedded fields.
func fieldStruct(s *types.Selection) *types.Struct {
	t := s.Recv()
	idx := s.Index()
	for k, i := range idx {
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		st, ok := t.Underlying().(*types.Struct)
		if !ok {
			return nil
		}
		if k == len(idx)-1 {
			return st
		}
		t = st.Field(i).Type()
	}
	return nil
}
