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
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/buildssa"
	"golang.org/x/tools/go/ssa"
)

// Build builds the SSA form of pass's package as buildssa.Analyzer does,
// without ctrlflow's no-return facts (a call to log.Fatal does not end its
// block), and returns it with its source functions: each function and
// method declared in the package's files, in file and declaration order,
// each followed by its closures (depth first).
func Build(pass *analysis.Pass) *buildssa.SSA {
	prog := ssa.NewProgram(pass.Fset, 0)
	for _, imp := range pass.Pkg.Imports() {
		prog.CreatePackage(imp, nil, nil, true)
	}
	pkg := prog.CreatePackage(pass.Pkg, pass.Files, pass.TypesInfo, false)
	pkg.Build()

	var funcs []*ssa.Function
	var add func(f *ssa.Function)
	add = func(f *ssa.Function) {
		funcs = append(funcs, f)
		for _, anon := range f.AnonFuncs {
			add(anon)
		}
	}
	for _, file := range pass.Files {
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
