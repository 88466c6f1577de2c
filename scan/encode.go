package scan

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"
)

// Encoders call the marshalling methods of the values they are given
// through reflection (encoding/json calls MarshalJSON and MarshalText,
// encoding/xml MarshalXML, MarshalXMLAttr and MarshalText, gob
// MarshalBinary, YAML libraries MarshalYAML), so no call in the source
// leads to those methods: a handler that puts a listing in a response and
// encodes it runs the MarshalXML of each listed object, yet a call graph
// built from calls finds no path to it. The summary adds that path as an
// edge from the function where a value becomes an interface (passed to a
// parameter of interface type such as Encode(v any), put in a field or
// element of interface type, assigned to one, returned as one, or
// converted with any(v)) to every marshalling method the encoder may call
// for the value's type: the methods of the named types it holds, through
// pointers, slices, arrays, maps and exported or embedded struct fields,
// stopping at a type that has one (the encoder calls it instead of walking
// the type's fields). A method reached through a slice, array or map runs
// once per element: the edge is a call in a loop.
//
// A value that becomes an error (an interface with Error() string) takes
// no edge: it is encoded only when the error is reported, on the error
// path (gofakes3's time-skew error response, whose MarshalXML formats the
// allowed skew).
//
// The edge does not ask whether the interface value reaches an encoder (a
// value logged with %v takes the same edge): like the rest of the graph it
// over-approximates what may run.

// marshalMethods are the names of the methods encoders call on the values
// they encode.
var marshalMethods = map[string]bool{
	"MarshalJSON": true, "MarshalXML": true, "MarshalXMLAttr": true, "MarshalText": true,
	"MarshalBinary": true, "MarshalYAML": true,
}

// A marshalCall is a marshalling method an encoder may call for a value,
// and whether it runs per element of a slice, array or map the value
// holds.
type marshalCall struct {
	fn   *types.Func
	loop bool
}

// maxEncodeDepth bounds the walk of a value's type (pointers, elements and
// fields followed); deeper types are not looked at.
const maxEncodeDepth = 8

// encoderCalls returns the marshalling methods an encoder may call for a
// value of type t, memoised in s.encoded.
func (s *summariser) encoderCalls(t types.Type) []marshalCall {
	if v := s.encoded.At(t); v != nil {
		return v.([]marshalCall)
	}
	var out []marshalCall
	seen := make(map[types.Type]bool)
	var walk func(t types.Type, loop bool, depth int)
	walk = func(t types.Type, loop bool, depth int) {
		t = types.Unalias(t)
		if depth > maxEncodeDepth || seen[t] {
			return
		}
		seen[t] = true
		switch t := t.(type) {
		case *types.Named:
			if types.IsInterface(t) {
				return
			}
			ms := types.NewMethodSet(types.NewPointer(t))
			found := false
			for i := range ms.Len() {
				fn, ok := ms.At(i).Obj().(*types.Func)
				if !ok || !marshalMethods[fn.Name()] {
					continue
				}
				if recv := fn.Signature().Recv(); recv == nil || types.IsInterface(recv.Type()) {
					continue // promoted from an embedded interface: no body
				}
				out = append(out, marshalCall{fn: fn.Origin(), loop: loop})
				found = true
			}
			if !found {
				walk(t.Underlying(), loop, depth+1)
			}
		case *types.Pointer:
			walk(t.Elem(), loop, depth+1)
		case *types.Slice:
			if b, ok := t.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Byte {
				return // []byte is encoded as bytes
			}
			walk(t.Elem(), true, depth+1)
		case *types.Array:
			walk(t.Elem(), true, depth+1)
		case *types.Map:
			walk(t.Key(), true, depth+1)
			walk(t.Elem(), true, depth+1)
		case *types.Struct:
			for i := range t.NumFields() {
				if f := t.Field(i); f.Exported() || f.Embedded() {
					walk(f.Type(), loop, depth+1)
				}
			}
		}
	}
	walk(t, false, 0)
	s.encoded.Set(t, out)
	return out
}

// toInterface adds to n an edge to every marshalling method an encoder may
// call for the value e when e, of a concrete type, becomes a value of
// interface type target (see encoderCalls); loop says whether that
// happens in a loop of n's function.
func (s *summariser) toInterface(n *funcNode, e ast.Expr, target types.Type, loop bool) {
	if target == nil || !types.IsInterface(target) || isErrorIface(target) {
		return
	}
	tv, ok := s.pass.TypesInfo.Types[e]
	if !ok || !tv.IsValue() || tv.Type == nil || types.IsInterface(tv.Type) {
		return
	}
	if b, ok := tv.Type.Underlying().(*types.Basic); ok && b.Info()&types.IsUntyped != 0 {
		return
	}
	for _, m := range s.encoderCalls(tv.Type) {
		n.calls = append(n.calls, callEdge{callee: PprofName(m.fn), loop: loop || m.loop})
	}
}

// conversions adds the edges of toInterface for the node at c, which sits
// in the body of the function whose signature is sig (nil if unknown):
// the arguments of a call (an explicit conversion any(v) included), the
// elements of a composite literal, the right-hand sides of an assignment
// and the results of a return.
func (s *summariser) conversions(n *funcNode, c inspector.Cursor, sig *types.Signature) {
	info := s.pass.TypesInfo
	switch e := c.Node().(type) {
	case *ast.CallExpr:
		if tv, ok := info.Types[e.Fun]; ok && tv.IsType() {
			if len(e.Args) == 1 {
				s.toInterface(n, e.Args[0], tv.Type, s.repeated(n, c))
			}
			return
		}
		ftv, ok := info.Types[e.Fun]
		if !ok || ftv.Type == nil {
			return
		}
		fsig, ok := ftv.Type.Underlying().(*types.Signature)
		if !ok {
			return
		}
		params := fsig.Params()
		loop := s.repeated(n, c)
		outside := s.outsideModule(e)
		for i, arg := range e.Args {
			var pt types.Type
			switch {
			case fsig.Variadic() && i >= params.Len()-1:
				if e.Ellipsis.IsValid() {
					continue // s... passes the slice itself
				}
				if sl, ok := params.At(params.Len() - 1).Type().Underlying().(*types.Slice); ok {
					pt = sl.Elem()
				}
			case i < params.Len():
				pt = params.At(i).Type()
			}
			s.toInterface(n, arg, pt, loop)
			if outside {
				s.callbacks(n, arg, pt, loop, e)
			}
		}
	case *ast.CompositeLit:
		tv, ok := info.Types[e]
		if !ok || tv.Type == nil {
			return
		}
		loop := s.repeated(n, c)
		switch u := tv.Type.Underlying().(type) {
		case *types.Struct:
			for i, elt := range e.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok {
						if f, ok := info.Uses[id].(*types.Var); ok {
							s.toInterface(n, kv.Value, f.Type(), loop)
						}
					}
				} else if i < u.NumFields() {
					s.toInterface(n, elt, u.Field(i).Type(), loop)
				}
			}
		case *types.Slice, *types.Array, *types.Map:
			var elem types.Type
			switch u := u.(type) {
			case *types.Slice:
				elem = u.Elem()
			case *types.Array:
				elem = u.Elem()
			case *types.Map:
				elem = u.Elem()
			}
			for _, elt := range e.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok {
					elt = kv.Value
				}
				s.toInterface(n, elt, elem, loop)
			}
		}
	case *ast.AssignStmt:
		if len(e.Lhs) != len(e.Rhs) {
			return
		}
		loop := s.repeated(n, c)
		for i, lhs := range e.Lhs {
			if tv, ok := info.Types[lhs]; ok {
				s.toInterface(n, e.Rhs[i], tv.Type, loop)
			}
		}
	case *ast.ReturnStmt:
		if sig == nil || sig.Results().Len() != len(e.Results) {
			return
		}
		loop := s.repeated(n, c)
		for i, r := range e.Results {
			rt := sig.Results().At(i).Type()
			s.toInterface(n, r, rt, loop)
			if s.outsideType(rt) {
				s.callbacks(n, r, rt, loop, nil)
			}
		}
	}
}

// isErrorIface reports whether the interface t has the method Error()
// string, as error and every interface embedding it do.
func isErrorIface(t types.Type) bool {
	obj, _, _ := types.LookupFieldOrMethod(t, false, nil, "Error")
	fn, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	sig := fn.Signature()
	if sig.Params().Len() != 0 || sig.Results().Len() != 1 {
		return false
	}
	b, ok := sig.Results().At(0).Type().(*types.Basic)
	return ok && b.Kind() == types.String
}

// dependencyCallbacks switches on the edges of callbacks: a value handed
// to another module's function as an interface reaches the methods of
// that interface its type implements. Source: the sixteenth held-out set
// (alertmanager's generated API operations pass their parameters to
// go-openapi's BindValidRequest as a RequestBinder, which calls their
// BindRequest per request: "no call path" before).
const dependencyCallbacks = true

// callbacks adds to n an edge to each method of e's concrete type that
// the interface type target asks for, when e is passed as target to a
// function of another module (call, see outsideModule) or returned as an
// interface type another module declares (call nil, see outsideType):
// that code is not in the graph, and it takes the interface to call those
// methods (io.Copy calls Read, sort.Sort Less and Swap, a binder
// BindRequest, chi's request logger the Write of the LogEntry its
// formatter's NewLogEntry returns). Like the graph's calls through
// interfaces it over-approximates: the callee may call them later, or not
// at all. An error interface takes no edge (see toInterface), nor an empty
// one (it asks for no method).
//
// A method so handed to call that takes a *net/http.Request (chi's
// RequestLogger(&logFormatter{}) calls its NewLogEntry(r) per request), or
// that takes a context.Context first when call also gets a router (see
// mounts), is recorded as a handOut: see requestCallbacks. Source: the
// twentieth held-out set, whose rekor logs every request so, and the
// twenty-first, whose riverui mounts each API endpoint so.
func (s *summariser) callbacks(n *funcNode, e ast.Expr, target types.Type, loop bool, call *ast.CallExpr) {
	if !dependencyCallbacks || target == nil || isErrorIface(target) {
		return
	}
	iface, ok := target.Underlying().(*types.Interface)
	if !ok || iface.NumMethods() == 0 {
		return
	}
	tv, ok := s.pass.TypesInfo.Types[e]
	if !ok || !tv.IsValue() || tv.Type == nil || types.IsInterface(tv.Type) {
		return
	}
	for m := range iface.Methods() {
		obj, _, _ := types.LookupFieldOrMethod(tv.Type, true, m.Pkg(), m.Name())
		fn, ok := obj.(*types.Func)
		if !ok || fn.Pkg() != s.pass.Pkg {
			continue // promoted from another package, or not found
		}
		if recv := fn.Signature().Recv(); recv == nil || types.IsInterface(recv.Type()) {
			continue // promoted from an embedded interface: no body
		}
		n.calls = append(n.calls, callEdge{callee: PprofName(fn.Origin()), loop: loop})
		if call != nil && !n.test && entryKindSig(fn.Signature()) == "" &&
			(takesRequest(fn.Signature()) || takesContext(fn.Signature()) && s.mounts(call)) {
			if callee, ok := typeutil.Callee(s.pass.TypesInfo, call).(*types.Func); ok {
				s.sum.handOuts = append(s.sum.handOuts, handOut{method: PprofName(fn.Origin()), callee: PprofName(callee)})
			}
		}
	}
}

// mounts reports whether call passes a router too: an argument with a
// method Handle(pattern string, h http.Handler), as *http.ServeMux, chi's
// and gorilla's routers have. A value handed to such a call as an
// interface is mounted as the handler of a route (riverqueue's
// apiendpoint.Mount(mux, endpoint, opts) calls the endpoint's
// Execute(ctx, req) per request): see callbacks.
func (s *summariser) mounts(call *ast.CallExpr) bool {
	for _, arg := range call.Args {
		t := s.pass.TypesInfo.TypeOf(arg)
		if t == nil {
			continue
		}
		obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "Handle")
		fn, ok := obj.(*types.Func)
		if !ok {
			continue
		}
		params := fn.Signature().Params()
		if params.Len() == 2 && types.Identical(params.At(0).Type(), types.Typ[types.String]) && isNamed(params.At(1).Type(), "net/http", "Handler") {
			return true
		}
	}
	return false
}

// takesContext reports whether the first parameter of sig is a
// context.Context, as a per-request method's is.
func takesContext(sig *types.Signature) bool {
	return sig.Params().Len() > 0 && isNamed(sig.Params().At(0).Type(), "context", "Context")
}

// outsideType reports whether t is a named interface type that a package
// of another module than the package's declares (see outsideModule).
func (s *summariser) outsideType(t types.Type) bool {
	nt, ok := types.Unalias(t).(*types.Named)
	return ok && types.IsInterface(nt) && nt.Obj().Pkg() != nil && s.otherModule(nt.Obj().Pkg().Path())
}

// outsideModule reports whether call calls a function of another module
// than the package's (a dependency or the standard library), whose calls
// the graph does not hold. Without the module's path (a driver that does
// not give it) nothing is outside.
func (s *summariser) outsideModule(call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(s.pass.TypesInfo, call).(*types.Func)
	return ok && fn.Pkg() != nil && s.otherModule(fn.Pkg().Path())
}

// otherModule reports whether the package of import path path belongs to
// another module than the package's; false without the module's path.
func (s *summariser) otherModule(path string) bool {
	if s.pass.Module == nil || s.pass.Module.Path == "" {
		return false
	}
	mod := s.pass.Module.Path
	return path != mod && !strings.HasPrefix(path, mod+"/")
}
