package astutil

import (
	"go/types"
	"strings"
)

// FuncKey names a function or method for lookup tables keyed by string:
// "encoding/json.Marshal" for a package-level function and
// "bytes.Buffer.Bytes" for a method, whether its receiver is T or *T. A
// function without a package (a builtin or the error type's Error method)
// is named by its bare name; a method whose receiver is not a named type
// (an interface literal's) gets "".
func FuncKey(fn *types.Func) string {
	if fn.Pkg() == nil {
		return fn.Name()
	}
	recv := fn.Signature().Recv()
	if recv == nil {
		return fn.Pkg().Path() + "." + fn.Name()
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return ""
	}
	return fn.Pkg().Path() + "." + n.Obj().Name() + "." + fn.Name()
}

// IsStdPath reports whether an import path looks like the standard
// library's: its first element has no dot ("net/http", "fmt"), as the go
// command decides. Paths such as "example/internal/x" in a GOPATH-style test
// tree are also reported.
func IsStdPath(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}
