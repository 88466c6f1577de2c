package parsezero

import (
	_ "embed"
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

// Analyzer reports strconv.ParseFloat results used only in comparisons
// with zero.
var Analyzer = &analysis.Analyzer{
	Name:             "parsezero",
	Doc:              checkdoc.MustExtract(doc, "parsezero"),
	URL:              "https://pkg.go.dev/github.com/perfproof/perfproof/analysis/passes/parsezero",
	Requires:         []*analysis.Analyzer{hotpath.Analyzer},
	RunDespiteErrors: true,
	Run:              run,
}

func run(pass *analysis.Pass) (any, error) {
	if !deps.Imports(pass.Pkg, "strconv") {
		return nil, nil
	}
	hot := pass.ResultOf[hotpath.Analyzer].(*hotpath.Info)
	for cur := range hot.Inspector.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		if !isParseFloat(pass.TypesInfo, call) {
			continue
		}
		id := resultVar(cur)
		if id == nil {
			continue
		}
		v, ok := pass.TypesInfo.Defs[id].(*types.Var)
		if !ok || hot.Once(cur) {
			continue
		}
		fn, ok := astutil.EnclosingFunc(cur)
		if !ok || !onlyComparedWithZero(pass.TypesInfo, fn, v) {
			continue
		}
		pass.Report(analysis.Diagnostic{
			Pos: call.Pos(),
			End: call.End(),
			Message: checkdoc.Fit(
				"strconv.ParseFloat parses a float only to compare "+id.Name+" with 0: scan the bytes for '0' and '.' if the input is plain decimal",
				"strconv.ParseFloat parses a float only to compare it with 0: scan the bytes for '0' and '.' if the input is plain decimal"),
		})
	}
	return nil, nil
}

// resultVar returns the identifier that receives the float result of the
// ParseFloat call at cur in a short variable declaration or var
// declaration, or nil.
func resultVar(cur inspector.Cursor) *ast.Ident {
	var lhs []*ast.Ident
	switch cur.ParentEdgeKind() {
	case edge.AssignStmt_Rhs:
		as := cur.Parent().Node().(*ast.AssignStmt)
		if as.Tok != token.DEFINE || len(as.Lhs) != 2 {
			return nil
		}
		id, _ := as.Lhs[0].(*ast.Ident)
		lhs = append(lhs, id)
	case edge.ValueSpec_Values:
		vs := cur.Parent().Node().(*ast.ValueSpec)
		if len(vs.Names) != 2 {
			return nil
		}
		lhs = append(lhs, vs.Names[0])
	default:
		return nil
	}
	if lhs[0] == nil || lhs[0].Name == "_" {
		return nil
	}
	return lhs[0]
}

// onlyComparedWithZero reports whether every use of v in fn is an operand
// of == or != whose other operand is the constant 0, and there is at least
// one such use.
func onlyComparedWithZero(info *types.Info, fn inspector.Cursor, v *types.Var) bool {
	n := 0
	for use := range fn.Preorder((*ast.Ident)(nil)) {
		if info.Uses[use.Node().(*ast.Ident)] != v {
			continue
		}
		for use.ParentEdgeKind() == edge.ParenExpr_X {
			use = use.Parent()
		}
		k := use.ParentEdgeKind()
		if k != edge.BinaryExpr_X && k != edge.BinaryExpr_Y {
			return false
		}
		bin := use.Parent().Node().(*ast.BinaryExpr)
		if bin.Op != token.EQL && bin.Op != token.NEQ {
			return false
		}
		other := bin.Y
		if k == edge.BinaryExpr_Y {
			other = bin.X
		}
		if !astutil.IsZero(info, other) {
			return false
		}
		n++
	}
	return n > 0
}

func isParseFloat(info *types.Info, call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	return ok && fn.Pkg() != nil && fn.Pkg().Path() == "strconv" && fn.Name() == "ParseFloat"
}
