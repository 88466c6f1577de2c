package astutil

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// IsBuiltin reports whether fun, the function part of a call (parentheses
// allowed), names the predeclared function name ("append", "len", "panic")
// and not a user declaration that shadows it. In code that did not
// type-check (checks run despite errors), an identifier spelled name that
// info resolves to nothing counts: a shadowing declaration would have been
// resolved.
func IsBuiltin(info *types.Info, fun ast.Expr, name string) bool {
	id, ok := ast.Unparen(fun).(*ast.Ident)
	if !ok || id.Name != name {
		return false
	}
	switch info.Uses[id].(type) {
	case *types.Builtin, nil:
		return true
	}
	return false
}

// NameIdent returns the identifier that names x: x itself if it is an
// identifier (parentheses allowed), the selected name of a selector
// (resp.Error, http.StatusNotFound), or nil for any other expression.
func NameIdent(x ast.Expr) *ast.Ident {
	switch x := ast.Unparen(x).(type) {
	case *ast.Ident:
		return x
	case *ast.SelectorExpr:
		return x.Sel
	}
	return nil
}

// IsString reports whether t's underlying type is a string type: string,
// a named type defined on string, or an untyped string constant's type. A
// nil t is not.
func IsString(t types.Type) bool {
	if t == nil {
		return false
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// IsUntyped reports whether t is the type of an untyped constant or of
// untyped nil (untyped int, untyped string, ...). Named types never are.
func IsUntyped(t types.Type) bool {
	b, ok := t.(*types.Basic)
	return ok && b.Info()&types.IsUntyped != 0
}

// IsMap reports whether t's underlying type is a map. A nil t is not.
func IsMap(t types.Type) bool {
	if t == nil {
		return false
	}
	_, ok := t.Underlying().(*types.Map)
	return ok
}

var errorType = types.Universe.Lookup("error").Type().Underlying().(*types.Interface)

// IsError reports whether a value of type t is an error: t implements the
// error interface with its own method set (so a struct type whose Error
// method has a pointer receiver is not, though its pointer is). A nil t
// and a tuple (the type of a multi-value call) are not.
func IsError(t types.Type) bool {
	if t == nil {
		return false
	}
	if _, ok := t.(*types.Tuple); ok {
		return false
	}
	return types.Implements(t, errorType)
}

// LookupInterface returns the interface type that pkg declares under name,
// such as io.Writer from LookupInterface(io, "Writer"), or nil if pkg
// declares no such name or the name is not an interface type.
func LookupInterface(pkg *types.Package, name string) *types.Interface {
	obj := pkg.Scope().Lookup(name)
	if obj == nil {
		return nil
	}
	iface, _ := obj.Type().Underlying().(*types.Interface)
	return iface
}

// IsNamed reports whether t, after resolving aliases, is the defined type
// name declared in the package with import path pkgPath: IsNamed(t,
// "time", "Time") for time.Time. A pointer to it is not (see
// IsNamedOrPointer); an instance of a generic type counts as its origin.
func IsNamed(t types.Type, pkgPath, name string) bool {
	if t == nil {
		return false
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	obj := n.Obj()
	return obj.Pkg() != nil && obj.Pkg().Path() == pkgPath && obj.Name() == name
}

// IsNamedOrPointer reports whether t is the type pkgPath.name (see IsNamed)
// or a pointer to it: sync.Map and *sync.Map alike.
func IsNamedOrPointer(t types.Type, pkgPath, name string) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	return IsNamed(t, pkgPath, name)
}

// IsResolvedBuiltin is IsBuiltin without the benefit of the doubt: fun
// must resolve, in info, to the predeclared function name. An exact
// SuggestedFix needs that; an unresolved identifier is not the builtin.
func IsResolvedBuiltin(info *types.Info, fun ast.Expr, name string) bool {
	id, ok := ast.Unparen(fun).(*ast.Ident)
	if !ok || id.Name != name {
		return false
	}
	_, ok = info.Uses[id].(*types.Builtin)
	return ok
}

// FlipComparison returns the operator that compares y with x as op
// compares x with y: "x < y" is "y > x". Other operators are returned as
// they are.
func FlipComparison(op token.Token) token.Token {
	switch op {
	case token.LSS:
		return token.GTR
	case token.GTR:
		return token.LSS
	case token.LEQ:
		return token.GEQ
	case token.GEQ:
		return token.LEQ
	}
	return op
}

// IsGRPCServer reports whether t (or *t), a method's receiver type,
// implements a generated gRPC service: its method set holds the unexported
// mustEmbedUnimplemented...Server method that protoc-gen-go-grpc makes every
// server embed. Client types have no such method. A nil t is not.
func IsGRPCServer(t types.Type) bool {
	if t == nil {
		return false
	}
	if _, ok := t.(*types.Pointer); !ok {
		t = types.NewPointer(t)
	}
	ms := types.NewMethodSet(t)
	for i := range ms.Len() {
		if name := ms.At(i).Obj().Name(); strings.HasPrefix(name, "mustEmbedUnimplemented") && strings.HasSuffix(name, "Server") {
			return true
		}
	}
	return false
}

// Uses reports whether an identifier in n refers to obj (in info.Uses):
// a read or write of a variable, a call of a function, a use of a type.
// The identifier that declares obj is not a use.
func Uses(info *types.Info, n ast.Node, obj types.Object) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && info.Uses[id] == obj {
			found = true
		}
		return !found
	})
	return found
}
