package poolreset

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/perfproof/perfproof/analysis/internal/checkdoc"
	"github.com/perfproof/perfproof/internal/astutil"
)

// checkBuilders reports a *strings.Builder taken from a pool in body
// (pool.Get().(*strings.Builder)): a Builder keeps no buffer for its next
// user, since Reset drops it (String returns a string that shares it), so
// every use grows a new buffer and the pool saves only the Builder's own
// 32 bytes. A pooled *bytes.Buffer keeps its array across Reset.
func (c *checker) checkBuilders(body *ast.BlockStmt) {
	ast.Inspect(body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false // checked with its own body
		}
		ta, ok := n.(*ast.TypeAssertExpr)
		if !ok || ta.Type == nil || !astutil.IsNamedOrPointer(c.pass.TypesInfo.TypeOf(ta.Type), "strings", "Builder") {
			return true
		}
		if _, ptr := types.Unalias(c.pass.TypesInfo.TypeOf(ta.Type)).(*types.Pointer); !ptr {
			return true
		}
		call, ok := ast.Unparen(ta.X).(*ast.CallExpr)
		if !ok || len(call.Args) != 0 {
			return true
		}
		fn, ok := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
		if !ok || !isPoolGet(fn) {
			return true
		}
		c.pass.Report(analysis.Diagnostic{
			Pos:      ta.Pos(),
			End:      ta.End(),
			Category: "builder",
			Message: checkdoc.Fit(
				"a pooled strings.Builder keeps no buffer: its Reset drops it, so each use allocates anew; pool a *bytes.Buffer, whose Reset keeps it",
				"a pooled strings.Builder keeps no buffer across Reset: pool a *bytes.Buffer, whose Reset keeps it"),
		})
		return true
	})
}
