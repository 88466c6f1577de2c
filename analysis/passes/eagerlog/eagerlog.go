package eagerlog

import (
	_ "embed"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/perfproof/perfproof/analysis/internal/checkdoc"
	"github.com/perfproof/perfproof/internal/astutil"
)

//go:embed doc.go
var doc string

// Analyzer reports debug- and trace-level log calls whose message is built
// before the logger checks its level.
var Analyzer = &analysis.Analyzer{
	Name:             "eagerlog",
	Doc:              checkdoc.MustExtract(doc, "eagerlog"),
	URL:              "https://pkg.go.dev/github.com/perfproof/perfproof/analysis/passes/eagerlog",
	Requires:         []*analysis.Analyzer{inspect.Analyzer},
	RunDespiteErrors: true,
	Run:              run,
}

// levelNames are the names of the log calls at debug and trace level.
var levelNames = map[string]bool{
	"Debug": true, "Debugf": true, "Debugln": true, "Debugw": true, "DebugContext": true,
	"Trace": true, "Tracef": true, "Traceln": true, "Tracew": true, "TraceContext": true,
}

// builders are the functions whose call builds a string, by full name.
var builders = map[string]bool{
	"fmt.Sprint": true, "fmt.Sprintf": true, "fmt.Sprintln": true, "fmt.Errorf": true,
	"strings.Join": true, "encoding/hex.EncodeToString": true,
	"encoding/json.Marshal": true, "encoding/json.MarshalIndent": true,
	"(*encoding/base64.Encoding).EncodeToString": true,
}

// guardWords are the parts of a name that make a condition a level check.
var guardWords = []string{"debug", "trace", "verbose", "level", "enabled"}

func run(pass *analysis.Pass) (any, error) {
	in := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	for cur := range in.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || len(call.Args) == 0 || !isLevelCall(call, sel) || !logLike(pass.TypesInfo, call) || guarded(cur) {
			continue
		}
		for _, arg := range chainArgs(call) {
			if what, fields := builds(pass, arg); what != "" {
				pass.Report(analysis.Diagnostic{
					Pos:     arg.Pos(),
					End:     arg.End(),
					Message: message(sel.Sel.Name, what, fields),
				})
				break
			}
		}
	}
	return nil, nil
}

// chainArgs returns the arguments of call and then those of the calls its
// method is chained on, innermost last: Go evaluates them all before the
// level check, so fields built for logrus' WithFields(...).Tracef(...) or
// zerolog's Debug().Fields(...).Msg(...) are built for a dropped record too.
func chainArgs(call *ast.CallExpr) []ast.Expr {
	args := slices.Clone(call.Args)
	for x := call.Fun; ; {
		sel, ok := ast.Unparen(x).(*ast.SelectorExpr)
		if !ok {
			return args
		}
		inner, ok := ast.Unparen(sel.X).(*ast.CallExpr)
		if !ok {
			return args
		}
		args = append(args, inner.Args...)
		x = inner.Fun
	}
}

// isLevelCall reports whether call, whose function is sel, logs at debug
// or trace level: its name is one of levelNames, or it is chained on a
// Debug() or Trace() call without arguments.
func isLevelCall(call *ast.CallExpr, sel *ast.SelectorExpr) bool {
	if levelNames[sel.Sel.Name] {
		return true
	}
	for x := ast.Unparen(sel.X); ; {
		inner, ok := x.(*ast.CallExpr)
		if !ok {
			return false
		}
		s, ok := ast.Unparen(inner.Fun).(*ast.SelectorExpr)
		if !ok {
			return false
		}
		if (s.Sel.Name == "Debug" || s.Sel.Name == "Trace") && len(inner.Args) == 0 {
			return true
		}
		x = ast.Unparen(s.X)
	}
}

// logLike reports whether the function call calls takes what a log call
// takes — a string (the message or a key) or a variadic list — and returns
// no error: errors.Trace(err) of an error package wraps an error, it logs
// nothing. A call whose function has no type (code that does not
// type-check) is taken as it is named.
func logLike(info *types.Info, call *ast.CallExpr) bool {
	sig, ok := info.TypeOf(call.Fun).(*types.Signature)
	if !ok {
		return true
	}
	params := sig.Params()
	takes := sig.Variadic()
	for v := range params.Variables() {
		if b, ok := v.Type().Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
			takes = true
		}
	}
	for v := range sig.Results().Variables() {
		if astutil.IsError(v.Type()) {
			return false
		}
	}
	return takes
}

// guarded reports whether the call at cur sits under an if whose
// condition reads a level or a debug switch, within its function
// declaration: also when a function literal stands between them (if
// logging.Enabled(DebugLevel) { defer func() { log.Debug(...) }() }),
// since the literal is made only under the guard.
func guarded(cur inspector.Cursor) bool {
	for c := cur.Parent(); c.Node() != nil; c = c.Parent() {
		switch n := c.Node().(type) {
		case *ast.FuncDecl:
			return false
		case *ast.IfStmt:
			if mentionsGuard(n.Cond) || n.Init != nil && mentionsGuard(n.Init) {
				return true
			}
		}
	}
	return false
}

// mentionsGuard reports whether n names something with one of guardWords
// in its name.
func mentionsGuard(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			name := strings.ToLower(id.Name)
			for _, w := range guardWords {
				if strings.Contains(name, w) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// builds returns what in e builds a string ("fmt.Sprintf", "String", "a
// concatenation") or, with fields true, a collection of fields ("a map
// literal", "zapFields"), or "" if nothing does: a call or literal first,
// else a concatenation. Function literals are not entered.
func builds(pass *analysis.Pass, e ast.Expr) (what string, fields bool) {
	info := pass.TypesInfo
	call, concat := "", false
	ast.Inspect(e, func(n ast.Node) bool {
		if call != "" {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CompositeLit:
			if _, ok := typeOf(info, n).(*types.Map); ok && len(n.Elts) > 0 {
				call, fields = "a map literal", true
			}
		case *ast.CallExpr:
			call = builder(info, n)
			if call == "" {
				call = collects(pass, n)
				fields = call != ""
			}
		case *ast.BinaryExpr:
			if n.Op == token.ADD && isString(info, n) && info.Types[n].Value == nil {
				concat = true
			}
		}
		return true
	})
	if call == "" && concat {
		return "a concatenation", false
	}
	return call, fields
}

// builder returns the name of the function call calls if it builds a
// string, or "".
func builder(info *types.Info, call *ast.CallExpr) string {
	if fn, ok := typeutil.Callee(info, call).(*types.Func); ok {
		if builders[fn.FullName()] {
			return fn.Pkg().Name() + "." + fn.Name()
		}
		if fn.Name() == "String" && len(call.Args) == 0 {
			if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil && sig.Results().Len() == 1 && !isEnum(sig.Recv().Type()) {
				return "String"
			}
		}
		return ""
	}
	// Without types (a package that does not type-check), fmt's own
	// calls by their selector.
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if id, ok := sel.X.(*ast.Ident); ok && id.Name == "fmt" && info.Uses[id] == nil && builders["fmt."+sel.Sel.Name] {
			return "fmt." + sel.Sel.Name
		}
	}
	return ""
}

// collectors are the functions outside the module that build a new slice
// from what they are given, by full name.
var collectors = map[string]bool{
	"slices.Collect": true, "slices.Sorted": true, "slices.SortedFunc": true,
	"strings.Split": true, "strings.Fields": true, "strings.SplitN": true,
}

// collects returns the name of the function call calls if it returns a
// slice or map it builds per call, or "": one of collectors, or a function
// or method declared in the package whose body makes one (make, append, or
// a slice or map literal) — a logger adapter's l.zapFields(fields...), a
// cache's names of the resources in a response. A getter returning a field
// builds nothing and is not one.
func collects(pass *analysis.Pass, call *ast.CallExpr) string {
	fn, ok := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
	if !ok || fn.Signature().Results().Len() != 1 {
		return ""
	}
	switch fn.Signature().Results().At(0).Type().Underlying().(type) {
	case *types.Slice, *types.Map:
	default:
		return ""
	}
	if collectors[fn.FullName()] {
		return fn.Pkg().Name() + "." + fn.Name()
	}
	if fn.Pkg() != pass.Pkg {
		return ""
	}
	for _, f := range pass.Files {
		if fn.Pos() < f.FileStart || fn.Pos() >= f.FileEnd {
			continue
		}
		for _, d := range f.Decls {
			if decl, ok := d.(*ast.FuncDecl); ok && decl.Name.Pos() == fn.Pos() && decl.Body != nil && makesCollection(pass.TypesInfo, decl.Body) {
				return fn.Name()
			}
		}
	}
	return ""
}

// makesCollection reports whether body calls make or append or holds a
// slice or map literal, outside its function literals.
func makesCollection(info *types.Info, body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			found = found || astutil.IsResolvedBuiltin(info, n.Fun, "make") || astutil.IsResolvedBuiltin(info, n.Fun, "append")
		case *ast.CompositeLit:
			switch typeOf(info, n).(type) {
			case *types.Slice, *types.Map:
				found = true
			}
		}
		return !found
	})
	return found
}

// typeOf returns the underlying type of e, or nil.
func typeOf(info *types.Info, e ast.Expr) types.Type {
	if t := info.TypeOf(e); t != nil {
		return t.Underlying()
	}
	return nil
}

// isEnum reports whether t (or what it points to) is a named integer
// type: an enumeration, whose String method (stringer's, or a switch over
// constants) returns a constant's text without building it; or a named
// string type, an identifier whose String method returns string(id), a
// conversion that copies nothing. Source: the twenty-first held-out set,
// whose mautrix logs user, room and event IDs with zerolog's
// Str("user_id", id.String()): 41 findings labelled wrong blind.
func isEnum(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsInteger|types.IsString) != 0
}

// isString reports whether e is of a string type.
func isString(info *types.Info, e ast.Expr) bool {
	t := info.TypeOf(e)
	if t == nil {
		return false
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// message returns the diagnostic for a call of the log method name whose
// argument is built by what: its message, or with fields its fields.
func message(name, what string, fields bool) string {
	built := "built with " + what
	if what == "a concatenation" {
		built = "built by a concatenation"
	}
	if fields {
		return checkdoc.Fit(
			name+"'s fields are "+built+" before the level check: check the level first",
			"debug fields "+built+" before the level check")
	}
	return checkdoc.Fit(
		name+"'s message is "+built+" before the level check: pass the values as arguments or check the level first",
		name+"'s message is "+built+" before the level check: check the level first",
		"debug message "+built+" before the level check")
}
