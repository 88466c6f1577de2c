package addrkey

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/perfproof/perfproof/analysis/internal/checkdoc"
	"github.com/perfproof/perfproof/analysis/internal/deps"
	"github.com/perfproof/perfproof/analysis/internal/hotpath"
	"github.com/perfproof/perfproof/internal/astutil"
)

//go:embed doc.go
var doc string

// Analyzer reports network addresses formatted by String only to be used
// as a map key or compared.
var Analyzer = &analysis.Analyzer{
	Name:             "addrkey",
	Doc:              checkdoc.MustExtract(doc, "addrkey"),
	URL:              "https://pkg.go.dev/github.com/perfproof/perfproof/analysis/passes/addrkey",
	Requires:         []*analysis.Analyzer{hotpath.Analyzer},
	RunDespiteErrors: true,
	Run:              run,
}

func run(pass *analysis.Pass) (any, error) {
	if !deps.DependsOn(pass.Pkg, "net") && !deps.DependsOn(pass.Pkg, "net/netip") {
		return nil, nil
	}
	hot := pass.ResultOf[hotpath.Analyzer].(*hotpath.Info)
	info := pass.TypesInfo
	for cur := range hot.Inspector.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "String" || len(call.Args) != 0 {
			continue
		}
		fn, ok := typeutil.Callee(info, call).(*types.Func)
		if !ok || fn.Signature().Recv() == nil || !isAddress(info.TypeOf(sel.X)) {
			continue
		}
		use, ok := keyUse(info, cur)
		if !ok || hot.Once(cur) {
			continue
		}
		addr := types.ExprString(sel.X)
		how := "AddrPort()"
		if types.IsInterface(info.TypeOf(sel.X)) {
			how = "AddrPort() of a *net.UDPAddr"
		}
		var msg string
		if use.compared {
			msg = checkdoc.Fit(
				fmt.Sprintf("%s.String() formats the address to compare it: compare netip.AddrPort values (%s) instead", addr, how),
				"addr.String() formats the address to compare it: compare netip.AddrPort values (AddrPort()) instead")
		} else {
			msg = checkdoc.Fit(
				fmt.Sprintf("%s.String() formats the address per lookup of %s: key the map by netip.AddrPort (%s)", addr, use.mapName, how),
				fmt.Sprintf("%s.String() formats the address per map lookup: key the map by netip.AddrPort (AddrPort())", addr),
				"addr.String() formats the address per map lookup: key the map by netip.AddrPort (AddrPort())")
		}
		pass.Report(analysis.Diagnostic{Pos: call.Pos(), End: call.End(), Message: msg})
	}
	return nil, nil
}

// isAddress reports whether t is a network address: a type with the
// methods of net.Addr (Network() string and String() string, whatever
// package declares it), or netip.Addr or netip.AddrPort.
func isAddress(t types.Type) bool {
	if t == nil {
		return false
	}
	for _, name := range []string{"Addr", "AddrPort"} {
		if astutil.IsNamedOrPointer(t, "net/netip", name) {
			return true
		}
	}
	ms := types.NewMethodSet(t)
	if !types.IsInterface(t) {
		if _, ok := t.(*types.Pointer); !ok {
			ms = types.NewMethodSet(types.NewPointer(t))
		}
	}
	return stringMethod(ms, "Network") && stringMethod(ms, "String")
}

// stringMethod reports whether ms has a method name() string.
func stringMethod(ms *types.MethodSet, name string) bool {
	for i := 0; i < ms.Len(); i++ {
		m := ms.At(i).Obj()
		if m.Name() != name {
			continue
		}
		sig, ok := m.Type().(*types.Signature)
		if !ok || sig.Params().Len() != 0 || sig.Results().Len() != 1 {
			return false
		}
		b, ok := sig.Results().At(0).Type().Underlying().(*types.Basic)
		return ok && b.Kind() == types.String
	}
	return false
}

// isAddressString reports whether e calls the String method of a network
// address (see isAddress).
func isAddressString(info *types.Info, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "String" && isAddress(info.TypeOf(sel.X))
}

// A use says how a formatted address is used: compared, or as the key of
// the map mapName.
type use struct {
	compared bool
	mapName  string
}

// keyUse reports how the String call at cur is used, if it is used only
// as a map's index or an operand of == or !=: directly, or through a local
// variable declared with it (k := addr.String()) whose every use is one of
// those.
func keyUse(info *types.Info, cur inspector.Cursor) (use, bool) {
	if u, ok := direct(info, cur); ok {
		return u, true
	}
	if cur.ParentEdgeKind() != edge.AssignStmt_Rhs {
		return use{}, false
	}
	as := cur.Parent().Node().(*ast.AssignStmt)
	if as.Tok != token.DEFINE || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return use{}, false
	}
	id, ok := as.Lhs[0].(*ast.Ident)
	if !ok {
		return use{}, false
	}
	v, ok := info.Defs[id].(*types.Var)
	if !ok {
		return use{}, false
	}
	fn, ok := astutil.EnclosingFunc(cur)
	if !ok {
		return use{}, false
	}
	var first use
	n := 0
	for idc := range fn.Preorder((*ast.Ident)(nil)) {
		if info.Uses[idc.Node().(*ast.Ident)] != v {
			continue
		}
		u, ok := direct(info, idc)
		if !ok {
			return use{}, false
		}
		if n == 0 {
			first = u
		}
		n++
	}
	return first, n > 0
}

// direct reports how the expression at cur is used if it is the index of
// a map or an operand of == or !=.
func direct(info *types.Info, cur inspector.Cursor) (use, bool) {
	for cur.ParentEdgeKind() == edge.ParenExpr_X {
		cur = cur.Parent()
	}
	switch p := cur.Parent().Node().(type) {
	case *ast.IndexExpr:
		if cur.ParentEdgeKind() != edge.IndexExpr_Index {
			return use{}, false
		}
		if _, ok := info.TypeOf(p.X).Underlying().(*types.Map); !ok {
			return use{}, false
		}
		return use{mapName: types.ExprString(p.X)}, true
	case *ast.BinaryExpr:
		if p.Op != token.EQL && p.Op != token.NEQ {
			return use{}, false
		}
		if cur.ParentEdgeKind() == edge.BinaryExpr_Y && isAddressString(info, p.X) {
			return use{}, false // a.String() != b.String(): reported once, at a
		}
		return use{compared: true}, true
	}
	return use{}, false
}
