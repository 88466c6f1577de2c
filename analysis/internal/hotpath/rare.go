package hotpath

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"
	"unicode"

	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/perfproof/perfproof/internal/astutil"
)

// RarelyCalled reports whether the function containing c probably runs a
// few times per process, so that work repeated on each of its calls costs
// nothing that matters (work in its loops still may):
//   - code of a command: package main, or a package with a cmd element in
//     its import path, such as cmd/go/internal/... — unless the package
//     is below a cmd directory (not main, not itself named by the cmd
//     element) and serves requests (see servesRequests): services often
//     keep their whole server under cmd/<name>/ (jaeger's cmd/query/app),
//     where a handler's helpers run per request, while the handlers of a
//     command's own package are most often a test or example server
//     (vegeta's echo server, hydra's sample consent page);
//   - a constructor or functional option: a top-level function or method
//     named New, NewX, newX, With or WithX (and function literals in it);
//   - the body of a top-level function that returns a function, outside
//     its function literals: a factory that builds a handler runs when the
//     program is wired up, while the handler it returns runs per request;
//   - a function or function literal that calls os/exec.Command or
//     CommandContext, as starting a process costs far more.
//
// Whether that makes a report pointless is the check's policy; RarelyCalled
// only names the likely-rare code.
func (h *Info) RarelyCalled(c inspector.Cursor) bool {
	if h.pkgName == "main" {
		return true
	}
	if elems := strings.Split(h.pkg.Path(), "/"); slices.Contains(elems, "cmd") {
		below := slices.Index(elems, "cmd") < len(elems)-1
		if !below || !h.servesRequests() {
			return true
		}
	}
	if d, ok := TopDecl(c).Node().(*ast.FuncDecl); ok && (isSetupName(d.Name.Name) || h.isFactory(d, c)) {
		return true
	}
	for fc := range c.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		return h.startsProcess(astutil.FuncBody(fc.Node()))
	}
	return false
}

// RunsOften reports whether the code at c runs often enough for work
// repeated there to matter: it neither runs once (RunsOnce) nor is dead
// (InDeadCode), and it runs in a loop that it does not leave at once
// (Loop, LeavesLoop), or in a function that is not RarelyCalled. It is
// the policy of the checks that report work worth doing once.
func (h *Info) RunsOften(c inspector.Cursor) bool {
	if h.RunsOnce(c) || h.InDeadCode(c) {
		return false
	}
	if loop, ok := h.Loop(c); ok && !LeavesLoop(c, loop) {
		return true
	}
	return !h.RarelyCalled(c)
}

// InDeadCode reports whether c is in the body of an if statement whose
// condition is the constant false, such as debugging code behind a
// constant flag: code that never runs.
func (h *Info) InDeadCode(c inspector.Cursor) bool {
	for p := range c.Enclosing((*ast.IfStmt)(nil)) {
		n := p.Node().(*ast.IfStmt)
		tv, ok := h.info.Types[n.Cond]
		if ok && tv.Value != nil && astutil.Within(c.Node(), n.Body) && tv.Value.String() == "false" {
			return true
		}
	}
	return false
}

// servesRequests reports whether the package declares a request handler:
// a function, method or function literal whose parameters start with a
// net/http.ResponseWriter and a *net/http.Request, or a method of a
// generated gRPC service implementation (its type has the
// mustEmbedUnimplemented...Server method protoc-gen-go-grpc adds). A
// command that declares one is a server, and its code runs per request
// rather than once. The answer is computed on first need.
func (h *Info) servesRequests() bool {
	h.serves.once.Do(func() {
		for c := range h.Inspector.Root().Preorder((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
			if h.tests.IsTestFile(h.fset.File(c.Node().Pos()).Name()) {
				continue
			}
			if ft := astutil.FuncType(c.Node()); ft != nil && h.isHTTPHandlerType(ft) {
				h.serves.yes = true
				return
			}
			if d, ok := c.Node().(*ast.FuncDecl); ok && d.Recv != nil && len(d.Recv.List) == 1 && astutil.IsGRPCServer(h.info.TypeOf(d.Recv.List[0].Type)) {
				h.serves.yes = true
				return
			}
		}
	})
	return h.serves.yes
}

// isHTTPHandlerType reports whether ft's first two parameters are a
// net/http.ResponseWriter and a *net/http.Request.
func (h *Info) isHTTPHandlerType(ft *ast.FuncType) bool {
	var ts []types.Type
	for _, f := range ft.Params.List {
		t := h.info.TypeOf(f.Type)
		for range max(len(f.Names), 1) {
			ts = append(ts, t)
		}
		if len(ts) >= 2 {
			break
		}
	}
	if len(ts) < 2 || ts[0] == nil || ts[1] == nil {
		return false
	}
	_, ptr := types.Unalias(ts[1]).(*types.Pointer)
	return astutil.IsNamed(ts[0], "net/http", "ResponseWriter") && ptr && astutil.IsNamedOrPointer(ts[1], "net/http", "Request")
}

// isFactory reports whether d returns a function and cur is in d's own
// body rather than in a function literal: code that builds a handler or
// middleware runs when the program is wired up, not per request.
func (h *Info) isFactory(d *ast.FuncDecl, cur inspector.Cursor) bool {
	for fc := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		if fc.Node() != d {
			return false
		}
		break
	}
	fn, ok := h.info.Defs[d.Name].(*types.Func)
	if !ok {
		return false
	}
	for v := range fn.Signature().Results().Variables() {
		if _, ok := v.Type().Underlying().(*types.Signature); ok {
			return true
		}
	}
	return false
}

// isSetupName reports whether name is that of a constructor or a functional
// option: New, NewX, newX, With, WithX.
func isSetupName(name string) bool {
	for _, prefix := range []string{"New", "new", "With"} {
		if rest, ok := strings.CutPrefix(name, prefix); ok && (rest == "" || unicode.IsUpper([]rune(rest)[0]) || rest[0] == '_') {
			return true
		}
	}
	return false
}

// startsProcess reports whether body calls os/exec.Command or CommandContext.
func (h *Info) startsProcess(body *ast.BlockStmt) bool {
	found := false
	if body == nil {
		return false
	}
	ast.Inspect(body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if fn, ok := typeutil.Callee(h.info, call).(*types.Func); ok && fn.Pkg() != nil && fn.Pkg().Path() == "os/exec" && (fn.Name() == "Command" || fn.Name() == "CommandContext") {
				found = true
			}
		}
		return !found
	})
	return found
}

// TopDecl returns the cursor of the top-level declaration (a FuncDecl or
// GenDecl of the file) that contains cur, or cur itself if it is one.
func TopDecl(cur inspector.Cursor) inspector.Cursor {
	for {
		p := cur.Parent()
		if _, ok := p.Node().(*ast.File); ok || !p.Valid() || p.Node() == nil {
			return cur
		}
		cur = p
	}
}

// RecvTypeName returns the name of the base type of d's receiver ("T" for
// func (t *T[K]) M()), or "" for a function without a receiver.
func RecvTypeName(d *ast.FuncDecl) string {
	if d.Recv == nil || len(d.Recv.List) == 0 {
		return ""
	}
	t := d.Recv.List[0].Type
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
		case *ast.ParenExpr:
			t = x.X
		case *ast.IndexExpr:
			t = x.X
		case *ast.IndexListExpr:
			t = x.X
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}
