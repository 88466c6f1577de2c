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
		if !ok || hot.Once(cur) || assertsConcrete(info, cur, sel.X) {
			continue
		}
		addr := types.ExprString(sel.X)
		form, how := comparableForm(info.TypeOf(sel.X))
		var msg string
		if use.compared {
			msg = checkdoc.Fit(
				fmt.Sprintf("%s.String() formats the address to compare it: compare %s values (%s) instead", addr, form, how),
				fmt.Sprintf("addr.String() formats the address to compare it: compare %s values instead", form))
		} else {
			msg = checkdoc.Fit(
				fmt.Sprintf("%s.String() formats the address per lookup of %s: key the map by %s (%s)", addr, use.mapName, form, how),
				fmt.Sprintf("%s.String() formats the address per map lookup: key the map by %s", addr, form),
				fmt.Sprintf("addr.String() formats the address per map lookup: key the map by %s", form))
		}
		pass.Report(analysis.Diagnostic{Pos: call.Pos(), End: call.End(), Message: msg})
	}
	return nil, nil
}

// isAddress reports whether t is a network address the check knows a
// comparable form of: the net.Addr interface, net.UDPAddr, net.TCPAddr or
// net.IPAddr (or a pointer to one), netip.Addr or netip.AddrPort. Other
// types with the methods of net.Addr are left alone: a *net.IPNet is a
// prefix (its form is netip.Prefix), a pipe's or a proxy protocol's
// address has no AddrPort.
func isAddress(t types.Type) bool {
	if t == nil {
		return false
	}
	if astutil.IsNamedOrPointer(t, "net", "Addr") {
		return types.IsInterface(t)
	}
	for _, name := range []string{"UDPAddr", "TCPAddr", "IPAddr"} {
		if astutil.IsNamedOrPointer(t, "net", name) {
			return true
		}
	}
	for _, name := range []string{"Addr", "AddrPort"} {
		if astutil.IsNamedOrPointer(t, "net/netip", name) {
			return true
		}
	}
	return false
}

// comparableForm returns the comparable form of an address of type t, as
// the message names it: netip.Addr for an IP alone, netip.AddrPort
// otherwise.
func comparableForm(t types.Type) (form, how string) {
	switch {
	case astutil.IsNamedOrPointer(t, "net", "IPAddr"):
		return "netip.Addr", "AddrFromSlice of its IP"
	case astutil.IsNamedOrPointer(t, "net/netip", "Addr"):
		return "netip.Addr", "it is comparable"
	case astutil.IsNamedOrPointer(t, "net/netip", "AddrPort"):
		return "netip.AddrPort", "it is comparable"
	case types.IsInterface(t):
		return "netip.AddrPort", "AddrPort() of a *net.UDPAddr"
	}
	return "netip.AddrPort", "AddrPort()"
}

// assertsConcrete reports whether x, an address held as a net.Addr
// interface, is asserted to *net.UDPAddr, *net.TCPAddr or *net.IPAddr (a
// type assertion or a type switch case) somewhere in the function around
// cur: the function handles those addresses apart (kcp-go compares a
// *net.UDPAddr field by field), and String is its fallback for the other
// implementations, which have no comparable form.
func assertsConcrete(info *types.Info, cur inspector.Cursor, x ast.Expr) bool {
	if !types.IsInterface(info.TypeOf(x)) {
		return false
	}
	fn, ok := astutil.EnclosingFunc(cur)
	if !ok {
		return false
	}
	key := types.ExprString(x)
	concrete := func(t ast.Expr) bool {
		tt := info.TypeOf(t)
		for _, name := range []string{"UDPAddr", "TCPAddr", "IPAddr"} {
			if tt != nil && astutil.IsNamedOrPointer(tt, "net", name) {
				return true
			}
		}
		return false
	}
	for c := range fn.Preorder((*ast.TypeAssertExpr)(nil), (*ast.TypeSwitchStmt)(nil)) {
		switch n := c.Node().(type) {
		case *ast.TypeAssertExpr:
			if n.Type != nil && types.ExprString(n.X) == key && concrete(n.Type) {
				return true
			}
		case *ast.TypeSwitchStmt:
			var guard ast.Expr
			switch a := n.Assign.(type) {
			case *ast.AssignStmt:
				if len(a.Rhs) == 1 {
					guard = a.Rhs[0]
				}
			case *ast.ExprStmt:
				guard = a.X
			}
			ta, ok := guard.(*ast.TypeAssertExpr)
			if !ok || types.ExprString(ta.X) != key {
				continue
			}
			for _, cc := range n.Body.List {
				for _, t := range cc.(*ast.CaseClause).List {
					if concrete(t) {
						return true
					}
				}
			}
		}
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
		if idx := cur.Parent(); idx.ParentEdgeKind() == edge.AssignStmt_Lhs && idx.Parent().Node().(*ast.AssignStmt).Tok == token.ASSIGN {
			// m[addr.String()] = v stores a new entry: once per peer,
			// where the lookup before it runs per packet.
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
