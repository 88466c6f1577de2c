package compileonce

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/perfproof/perfproof/analysis/internal/checkdoc"
	"github.com/perfproof/perfproof/internal/astutil"
)

// keyedConstructors maps the functions whose work is a key schedule (by
// package path and name) to the index of their key argument: the same
// key gives the same state, so making it on every call repeats the work
// (BenchmarkCipherSetup, in the package doc: a kept AES-256-GCM cipher
// seals in 90 % less time than one made per call, a kept HMAC 70 % less,
// without allocating).
var keyedConstructors = map[[2]string]int{
	{"crypto/aes", "NewCipher"}:                                 0,
	{"crypto/des", "NewCipher"}:                                 0,
	{"crypto/des", "NewTripleDESCipher"}:                        0,
	{"crypto/hmac", "New"}:                                      1,
	{"golang.org/x/crypto/chacha20poly1305", "New"}:             0,
	{"golang.org/x/crypto/chacha20poly1305", "NewX"}:            0,
	{"golang.org/x/crypto/blowfish", "NewCipher"}:               0,
	{"golang.org/x/crypto/twofish", "NewCipher"}:                0,
	{"github.com/aead/chacha20poly1305", "NewChaCha20Poly1305"}: 0,
}

// cipherPackages are the packages of keyedConstructors, for the quick
// test of whether a package may call one.
var cipherPackages = func() []string {
	var paths []string
	for k := range keyedConstructors {
		if !slices.Contains(paths, k[0]) {
			paths = append(paths, k[0])
		}
	}
	return paths
}()

// keyArg returns the key argument of call, a call of fn, if fn is one of
// keyedConstructors.
func keyArg(fn *types.Func, call *ast.CallExpr) (ast.Expr, bool) {
	if fn.Pkg() == nil || fn.Signature().Recv() != nil {
		return nil, false
	}
	i, ok := keyedConstructors[[2]string{fn.Pkg().Path(), fn.Name()}]
	if !ok || i >= len(call.Args) {
		return nil, false
	}
	return call.Args[i], true
}

// cipherCall reports a cipher or MAC made from a key that does not change
// between calls or iterations, as variablePattern does for a regexp: in a
// loop that does not change the key, or per call from a configured key
// (a field of the receiver, a package-level variable, a captured
// configuration...) when the result is used on the spot.
func (c *checker) cipherCall(cur inspector.Cursor, fn *types.Func, key ast.Expr) {
	call := cur.Node().(*ast.CallExpr)
	if c.hot.InDeadCode(cur) || c.hot.RunsOnce(cur) || c.hot.RarelyCalled(cur) || isConfigTime(cur) {
		return
	}
	if c.keyFilled(key, cur) {
		return
	}
	name := fn.Pkg().Name() + "." + fn.Name()
	keep := "keep the cipher made once with the key"
	if fn.Pkg().Path() == "crypto/hmac" {
		keep = "reuse one with Reset (per goroutine or pooled)"
	}
	if loop, ok := c.invariantLoop(cur, key); ok {
		line := c.pass.Fset.Position(loop.Node().Pos()).Line
		c.pass.Report(analysis.Diagnostic{
			Pos:      call.Pos(),
			End:      call.End(),
			Category: "cipher",
			Message: checkdoc.Fit(
				fmt.Sprintf("%s of loop-invariant key %s runs its key schedule on every iteration: make it before the loop at line %d", name, shortExpr(key), line),
				fmt.Sprintf("%s of a loop-invariant key runs on every iteration: make it before the loop at line %d", name, line)),
		})
		return
	}
	if !c.configured(key, cur, 0) || !c.cipherUsedLocally(cur) {
		return
	}
	c.pass.Report(analysis.Diagnostic{
		Pos:      call.Pos(),
		End:      call.End(),
		Category: "cipher",
		Message: checkdoc.Fit(
			fmt.Sprintf("%s of configured key %s runs its key schedule %s: %s", name, shortExpr(key), c.often(cur), keep),
			fmt.Sprintf("%s of a configured key runs its key schedule %s: %s", name, c.often(cur), keep),
			fmt.Sprintf("%s of a configured key runs %s: make it once with the key", name, c.often(cur))),
	})
}

// cipherUsedLocally reports whether the value the call at cur makes is
// used on the spot and dropped, as usedLocally asks of a regexp, where a
// block may also be handed to a mode of crypto/cipher (NewGCM, NewCTR,
// NewCBCEncrypter...) whose result is itself used on the spot.
func (c *checker) cipherUsedLocally(cur inspector.Cursor) bool {
	return c.usedOnly(cur, false, c.modeUsedLocally)
}

// modeUsedLocally reports whether cur is a call of a crypto/cipher
// constructor (a mode over a block) whose result is used on the spot.
func (c *checker) modeUsedLocally(cur inspector.Cursor) bool {
	call, ok := cur.Node().(*ast.CallExpr)
	if !ok {
		return false
	}
	fn, ok := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "crypto/cipher" || fn.Signature().Recv() != nil {
		return false
	}
	return c.usedLocally(cur)
}

// keyFilled reports whether key reads a local slice or array that the
// function around cur may fill in place: hands it to a call other than
// the one at cur (rand.Read(k), io.ReadFull(r, k), copy(k, s)) or assigns
// to one of its elements. Its bytes are then not what its declaration
// says, and may differ on every call (a session key of fresh random
// bytes), though the variable is assigned once. A copy of configuration
// into it (copy(padded, a.Secret), see copiedConfig) fills it with the
// same bytes on every call: that is no fresh key.
func (c *checker) keyFilled(key ast.Expr, cur inspector.Cursor) bool {
	info := c.pass.TypesInfo
	vars := make(map[*types.Var]bool)
	ast.Inspect(key, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok && !v.IsField() && !isPackageLevel(v) {
				switch v.Type().Underlying().(type) {
				case *types.Slice, *types.Array, *types.Pointer:
					vars[v] = true
				}
			}
		}
		return true
	})
	if len(vars) == 0 {
		return false
	}
	body, ok := astutil.EnclosingFunc(cur)
	if !ok {
		return true
	}
	for u := range body.Preorder((*ast.Ident)(nil)) {
		if v, ok := info.Uses[u.Node().(*ast.Ident)].(*types.Var); !ok || !vars[v] {
			continue
		}
		at := u
		for at.ParentEdgeKind() == edge.ParenExpr_X || at.ParentEdgeKind() == edge.SliceExpr_X {
			at = at.Parent()
		}
		switch at.ParentEdgeKind() {
		case edge.CallExpr_Args:
			if at.Parent() != cur && !c.copiedConfig(at) {
				return true
			}
		case edge.IndexExpr_X:
			if at.Parent().ParentEdgeKind() == edge.AssignStmt_Lhs {
				return true
			}
		}
	}
	return false
}

// copiedConfig reports whether the argument at arg is the destination of
// a call of the builtin copy whose source is configuration (see
// configured) read without a call: copy(padded, a.Secret) pads the
// receiver's key, the same on every call. Source: the twelfth held-out set, whose gopcua makes the
// AES cipher of a secure channel's fixed key so for every chunk sent.
func (c *checker) copiedConfig(arg inspector.Cursor) bool {
	call, ok := arg.Parent().Node().(*ast.CallExpr)
	if _, i := arg.ParentEdge(); !ok || len(call.Args) != 2 || i != 0 {
		return false
	}
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return false
	}
	if b, ok := c.pass.TypesInfo.Uses[id].(*types.Builtin); !ok || b.Name() != "copy" {
		return false
	}
	calls := false
	ast.Inspect(call.Args[1], func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if tv, ok := c.pass.TypesInfo.Types[call.Fun]; !ok || !tv.IsType() {
				calls = true // copy(k, next()): bytes a call gives, maybe fresh
			}
		}
		return !calls
	})
	return !calls && c.configured(call.Args[1], arg.Parent(), 0)
}
