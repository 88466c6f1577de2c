package prove

import (
	"bytes"
	"cmp"
	"fmt"
	"go/ast"
	gobuild "go/build"
	"go/parser"
	"go/printer"
	"go/scanner"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// A CodeStatus says whether a benchmark's code differs between the two
// sides of a comparison (see CompareCode).
type CodeStatus int

const (
	// CodeNotCompared is the zero value: the code was not looked at
	// (results files, variants of one binary).
	CodeNotCompared CodeStatus = iota
	// CodeSame: the benchmark function and the test helpers it refers to
	// have the same code on both sides.
	CodeSame
	// CodeChanged: the benchmark function's body, or the body of a test
	// helper it refers to, differs: the two sides measure different code.
	CodeChanged
	// CodeOnlyOld and CodeOnlyNew: the benchmark function was found on
	// one side only, so its code could not be compared.
	CodeOnlyOld
	CodeOnlyNew
	// CodeNotFound: the benchmark function was found on neither side (a
	// file that does not parse, a directory that cannot be read).
	CodeNotFound
)

// String returns "not compared", "same", "changed", "only old", "only
// new" or "not found".
func (s CodeStatus) String() string {
	switch s {
	case CodeNotCompared:
		return "not compared"
	case CodeSame:
		return "same"
	case CodeChanged:
		return "changed"
	case CodeOnlyOld:
		return "only old"
	case CodeOnlyNew:
		return "only new"
	case CodeNotFound:
		return "not found"
	}
	return fmt.Sprintf("CodeStatus(%d)", int(s))
}

// Unknown reports whether the code was looked for but could not be
// compared: CodeOnlyOld, CodeOnlyNew or CodeNotFound.
func (s CodeStatus) Unknown() bool {
	return s == CodeOnlyOld || s == CodeOnlyNew || s == CodeNotFound
}

// A CodeDiff is the outcome of CompareCode for one benchmark function.
type CodeDiff struct {
	// Func is the benchmark function's name, "BenchmarkX".
	Func string
	// Status says whether its code differs.
	Status CodeStatus
	// Changed names the functions whose bodies differ, in order: Func
	// itself first if its own body differs, then the test helpers it
	// refers to, sorted. Empty unless Status is CodeChanged.
	Changed []string
	// Err, for CodeNotFound and the one-side statuses, says what could
	// not be read or parsed, if anything; nil when the function is simply
	// absent.
	Err error
}

// OwnChanged reports whether the benchmark function's own body differs
// (not only a helper's).
func (d CodeDiff) OwnChanged() bool {
	return len(d.Changed) > 0 && d.Changed[0] == d.Func
}

// BenchmarkFunc returns the name of the function that declares the
// benchmark named name as a comparison reports it ("X", "X/sub=1"):
// "BenchmarkX", the top-level function for a sub-benchmark.
func BenchmarkFunc(name string) string {
	top, _, _ := strings.Cut(name, "/")
	return "Benchmark" + top
}

// CompareCode compares the code of the benchmark function fn
// ("BenchmarkX") between the package source directories oldDir and
// newDir. What is compared, exactly:
//
//   - the body of fn, a function without receiver declared in a _test.go
//     file of the directory (the package or its external _test package);
//   - one level down, the bodies of the functions without receiver
//     declared in the _test.go files of the same package that fn's body
//     refers to by a plain identifier (called or passed as a value, as in
//     b.Run("x", benchSmall)): the benchmark's own helpers.
//
// Bodies are compared as go/printer prints them, token by token, so that
// layout, comments and a trailing comma before a closing bracket do not
// count. Not compared: fn's signature; methods; the functions of
// non-test files (the code under test, which a change is expected to
// change); package-level variables, constants and types; anything two
// levels down. Files are selected as the go command would for the
// current GOOS, GOARCH and build tags (go/build.Context.MatchFile);
// identifiers are resolved without type checking, by the parser's file
// scopes, so a local variable shadowing a helper's name is skipped.
//
// Directories that cannot be read and files that do not parse are
// skipped; the error is in CodeDiff.Err when the function is then not
// found on a side.
func CompareCode(oldDir, newDir, fn string) CodeDiff {
	return compareCode(loadCode(oldDir), loadCode(newDir), fn)
}

// packageCode is the parsed code of one package directory: its
// functions without receiver, by package name (the package and its
// external _test package) and function name.
type packageCode struct {
	fset  *token.FileSet
	funcs map[string]map[string]funcCode
	// err is the first error reading the directory or parsing a file.
	err error
}

// funcCode is one function declaration.
type funcCode struct {
	decl *ast.FuncDecl
	test bool // declared in a _test.go file
}

// loadCode parses the Go files of dir that the go command would use for
// a test build.
func loadCode(dir string) *packageCode {
	pc := &packageCode{fset: token.NewFileSet(), funcs: make(map[string]map[string]funcCode)}
	entries, err := os.ReadDir(dir)
	if err != nil {
		pc.err = fmt.Errorf("reading %s: %w", dir, err)
		return pc
	}
	ctxt := gobuild.Default
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") {
			continue
		}
		if ok, err := ctxt.MatchFile(dir, name); err != nil || !ok {
			continue
		}
		f, err := parser.ParseFile(pc.fset, filepath.Join(dir, name), nil, 0)
		if err != nil {
			if pc.err == nil {
				pc.err = fmt.Errorf("parsing %s: %w", name, err)
			}
			continue
		}
		funcs := pc.funcs[f.Name.Name]
		if funcs == nil {
			funcs = make(map[string]funcCode)
			pc.funcs[f.Name.Name] = funcs
		}
		test := strings.HasSuffix(name, "_test.go")
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.Name != "_" && fd.Name.Name != "init" {
				if _, dup := funcs[fd.Name.Name]; !dup {
					funcs[fd.Name.Name] = funcCode{decl: fd, test: test}
				}
			}
		}
	}
	return pc
}

// benchmark returns the declaration of the benchmark function fn and the
// functions of its package, if a _test.go file declares it.
func (pc *packageCode) benchmark(fn string) (funcCode, map[string]funcCode, bool) {
	pkgs := make([]string, 0, len(pc.funcs))
	for p := range pc.funcs {
		pkgs = append(pkgs, p)
	}
	slices.Sort(pkgs)
	for _, p := range pkgs {
		if f, ok := pc.funcs[p][fn]; ok && f.test {
			return f, pc.funcs[p], true
		}
	}
	return funcCode{}, nil, false
}

// compareCode is CompareCode on parsed directories.
func compareCode(old, new *packageCode, fn string) CodeDiff {
	d := CodeDiff{Func: fn}
	of, ofuncs, inOld := old.benchmark(fn)
	nf, nfuncs, inNew := new.benchmark(fn)
	switch {
	case !inOld && !inNew:
		d.Status, d.Err = CodeNotFound, cmp.Or(old.err, new.err)
		return d
	case !inOld:
		d.Status, d.Err = CodeOnlyNew, old.err
		return d
	case !inNew:
		d.Status, d.Err = CodeOnlyOld, new.err
		return d
	}
	if old.body(of) != new.body(nf) {
		d.Changed = append(d.Changed, fn)
	}
	helpers := make(map[string]bool)
	for _, h := range refs(of.decl, ofuncs) {
		helpers[h] = true
	}
	for _, h := range refs(nf.decl, nfuncs) {
		helpers[h] = true
	}
	var changed []string
	for h := range helpers {
		oh, inO := ofuncs[h]
		nh, inN := nfuncs[h]
		// A helper on one side only, or moved out of the test files,
		// differs.
		if !inO || !inN || !oh.test || !nh.test || old.body(oh) != new.body(nh) {
			changed = append(changed, h)
		}
	}
	slices.Sort(changed)
	d.Changed = append(d.Changed, changed...)
	d.Status = CodeSame
	if len(d.Changed) > 0 {
		d.Status = CodeChanged
	}
	return d
}

// refs returns the names of the test helpers of funcs (functions without
// receiver in _test.go files, other than fd) that fd's body refers to by
// a plain identifier, in order of first reference.
func refs(fd *ast.FuncDecl, funcs map[string]funcCode) []string {
	if fd.Body == nil {
		return nil
	}
	skip := make(map[*ast.Ident]bool)
	var out []string
	seen := make(map[string]bool)
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			skip[n.Sel] = true // a field or method, or a qualified name
		case *ast.KeyValueExpr:
			if id, ok := n.Key.(*ast.Ident); ok {
				skip[id] = true // may be a struct field
			}
		case *ast.Ident:
			// Obj is nil for a name declared in another file, and a Fun
			// for a function of this file; a local variable or
			// parameter shadowing the name has another kind.
			if skip[n] || n.Name == fd.Name.Name || seen[n.Name] || n.Obj != nil && n.Obj.Kind != ast.Fun {
				return true
			}
			if f, ok := funcs[n.Name]; ok && f.test {
				seen[n.Name] = true
				out = append(out, n.Name)
			}
		}
		return true
	})
	return out
}

// body returns the tokens of f's body as go/printer prints it, one per
// line as "token literal", without comments, the semicolons the scanner
// inserts at line ends, and commas before a closing bracket: layout does
// not change it.
func (pc *packageCode) body(f funcCode) string {
	if f.decl.Body == nil {
		return ""
	}
	var buf bytes.Buffer
	if err := printer.Fprint(&buf, pc.fset, f.decl.Body); err != nil {
		// Printing to a buffer fails only on a malformed tree; fall back
		// to the tree's printed form, which then still differs from a
		// well-formed body.
		return "unprintable: " + err.Error()
	}
	src := buf.Bytes()
	fs := token.NewFileSet()
	var s scanner.Scanner
	s.Init(fs.AddFile("", -1, len(src)), src, nil, 0)
	type tok struct {
		t   token.Token
		lit string
	}
	var toks []tok
	for {
		_, t, lit := s.Scan()
		if t == token.EOF {
			break
		}
		if t == token.SEMICOLON && lit == "\n" {
			continue
		}
		if (t == token.RPAREN || t == token.RBRACE || t == token.RBRACK) && len(toks) > 0 && toks[len(toks)-1].t == token.COMMA {
			toks = toks[:len(toks)-1]
		}
		toks = append(toks, tok{t, lit})
	}
	var b strings.Builder
	for _, t := range toks {
		b.WriteString(t.t.String())
		if t.lit != "" {
			b.WriteString(" " + t.lit)
		}
		b.WriteString("\n")
	}
	return b.String()
}
