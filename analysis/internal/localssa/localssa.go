// Package localssa builds one package's SSA form for a check that exports
// per-function summaries as facts (loopencode, useafterput).
//
// Such a check runs on every dependency of the packages analysed, and the
// analysis checker keeps every analyzer result until the whole package
// graph is done, so requiring buildssa.Analyzer would hold the SSA of all
// dependencies at once (on std with tests that was 1.4 GB of the peak RSS).
// Built with Build as a value local to the pass, a package's SSA is garbage
// once its summaries are computed.
package localssa

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/buildssa"
	"golang.org/x/tools/go/ssa"
)

// Build builds the SSA form of pass's package as buildssa.Analyzer does,
// without ctrlflow's no-return facts (a call to log.Fatal does not end its
// block), and returns it with its source functions: each function and
// method declared in the package's files, in file and declaration order,
// each followed by its closures (depth first).
//
// The SSA builder requires well-typed code. A package with type errors, or
// with expressions of invalid type (from a dependency that does not
// type-check), is built without the bodies of the functions and the
// package-level initialisers that hold them: those functions are built as
// if declared without a body (their summaries are unknown), and the rest
// of the package is built as usual.
func Build(pass *analysis.Pass) *buildssa.SSA {
	files, info := pass.Files, pass.TypesInfo
	if bad := badPositions(pass); len(bad) > 0 {
		files, info = prune(files, info, bad)
	}
	prog := ssa.NewProgram(pass.Fset, 0)
	for _, imp := range pass.Pkg.Imports() {
		prog.CreatePackage(imp, nil, nil, true)
	}
	pkg := prog.CreatePackage(pass.Pkg, files, info, false)
	pkg.Build()

	var funcs []*ssa.Function
	var add func(f *ssa.Function)
	add = func(f *ssa.Function) {
		funcs = append(funcs, f)
		for _, anon := range f.AnonFuncs {
			add(anon)
		}
	}
	for _, file := range files {
		for _, decl := range file.Decls {
			decl, ok := decl.(*ast.FuncDecl)
			if !ok {
				continue
			}
			if obj, ok := pass.TypesInfo.Defs[decl.Name].(*types.Func); ok {
				if fn := prog.FuncValue(obj); fn != nil {
					add(fn)
				}
			}
		}
	}
	return &buildssa.SSA{Pkg: pkg, SrcFuncs: funcs}
}

// badPositions returns, sorted, the positions of pass's type errors and of
// the expressions whose type is invalid or unknown.
func badPositions(pass *analysis.Pass) []token.Pos {
	var bad []token.Pos
	for _, e := range pass.TypeErrors {
		bad = append(bad, e.Pos)
	}
	for e, tv := range pass.TypesInfo.Types {
		if tv.Type == nil || tv.Type == types.Typ[types.Invalid] {
			bad = append(bad, e.Pos())
		}
	}
	if len(bad) > 0 {
		// Where go/types met errors it may have recorded nothing at
		// all: a selector of a package that failed to import, a call of
		// an undefined function.
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.SelectorExpr, *ast.CallExpr:
					if pass.TypesInfo.TypeOf(n.(ast.Expr)) == nil {
						bad = append(bad, n.Pos())
					}
				case *ast.Ident:
					if n.Name != "_" && pass.TypesInfo.ObjectOf(n) == nil && pass.TypesInfo.Types[n].Type == nil {
						bad = append(bad, n.Pos())
					}
				}
				return true
			})
		}
	}
	slices.Sort(bad)
	return bad
}

// contains reports whether a position of bad, which is sorted, lies in n.
func contains(bad []token.Pos, n ast.Node) bool {
	i, _ := slices.BinarySearch(bad, n.Pos())
	return i < len(bad) && bad[i] <= n.End()
}

// prune returns copies of files whose function declarations that contain
// a position of bad have no body, and a copy of info whose InitOrder omits
// the initialisers that contain one. Declarations of a name the type
// checker gave no object (a function or method declared twice: "main
// redeclared in this block", as a directory of example programs has) are
// left out, as the SSA builder needs an object for each. The syntax trees
// and info themselves are not modified: other checks share them.
func prune(files []*ast.File, info *types.Info, bad []token.Pos) ([]*ast.File, *types.Info) {
	out := make([]*ast.File, len(files))
	for i, f := range files {
		if !contains(bad, f) {
			out[i] = f
			continue
		}
		cp := *f
		cp.Decls = nil
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if info.Defs[d.Name] == nil {
					continue // declared twice
				}
				if d.Body != nil && contains(bad, d.Body) {
					stub := *d
					stub.Body = nil
					cp.Decls = append(cp.Decls, &stub)
					continue
				}
			case *ast.GenDecl:
				if g, ok := undeclared(d, info); ok {
					cp.Decls = append(cp.Decls, g)
					continue
				}
			}
			cp.Decls = append(cp.Decls, d)
		}
		out[i] = &cp
	}
	cp := *info
	cp.InitOrder = slices.DeleteFunc(slices.Clone(info.InitOrder), func(in *types.Initializer) bool {
		return contains(bad, in.Rhs)
	})
	return out, &cp
}

// undeclared returns a copy of the const, var or type declaration d
// without the specs that name something the type checker gave no object
// (declared twice), and whether there were any.
func undeclared(d *ast.GenDecl, info *types.Info) (*ast.GenDecl, bool) {
	if d.Tok == token.IMPORT {
		return nil, false
	}
	defined := func(spec ast.Spec) bool {
		switch spec := spec.(type) {
		case *ast.ValueSpec:
			for _, id := range spec.Names {
				if id.Name != "_" && info.Defs[id] == nil {
					return false
				}
			}
		case *ast.TypeSpec:
			return info.Defs[spec.Name] != nil
		}
		return true
	}
	if !slices.ContainsFunc(d.Specs, func(s ast.Spec) bool { return !defined(s) }) {
		return nil, false
	}
	cp := *d
	cp.Specs = slices.DeleteFunc(slices.Clone(d.Specs), func(s ast.Spec) bool { return !defined(s) })
	return &cp, true
}
