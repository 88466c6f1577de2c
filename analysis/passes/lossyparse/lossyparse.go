package lossyparse

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/perfproof/perfproof/analysis/internal/checkdoc"
	"github.com/perfproof/perfproof/analysis/internal/hotpath"
	"github.com/perfproof/perfproof/internal/astutil"
)

//go:embed doc.go
var doc string

// Analyzer reports lossy hand-written decimal parsers whose results are
// compared for equality, used as map keys or exported.
var Analyzer = &analysis.Analyzer{
	Name:             "lossyparse",
	Doc:              checkdoc.MustExtract(doc, "lossyparse"),
	URL:              "https://pkg.go.dev/github.com/perfproof/perfproof/analysis/passes/lossyparse",
	Requires:         []*analysis.Analyzer{hotpath.Analyzer},
	RunDespiteErrors: true,
	Run:              run,
}

// form is the kind of rounding step a parser takes.
type form int

const (
	placeForm   form = iota // place *= 0.1; v += d * place
	divisorForm             // div *= 10; v += d / div
	scaleForm               // v /= 10 per fraction digit
	pow10Form               // v * math.Pow10(-n)
)

// parser is a function with a lossy rounding step.
type parser struct {
	fn     inspector.Cursor // the FuncDecl or FuncLit
	name   string           // for messages: "parsePrice", "(*Book).apply" or "a function literal in f"
	step   ast.Node         // the rounding step
	form   form
	source string       // the step as written, e.g. "place *= 0.1"
	vars   []*types.Var // variables holding the inexact value
	exprs  []ast.Expr   // expressions computing it (the pow10 form)
	self   *types.Func  // the declared function, or nil for a literal
}

func run(pass *analysis.Pass) (any, error) {
	hot := pass.ResultOf[hotpath.Analyzer].(*hotpath.Info)
	var parsers []*parser
	for cur := range hot.Inspector.Root().Preorder((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		if strings.HasSuffix(pass.Fset.Position(cur.Node().Pos()).Filename, "_test.go") || hot.InTestCode(cur) {
			continue
		}
		if p := findParser(pass, hot, cur); p != nil {
			parsers = append(parsers, p)
		}
	}
	if len(parsers) == 0 {
		return nil, nil
	}
	fl := newFlow(pass, hot.Inspector)
	for _, p := range parsers {
		s, ok := fl.sink(p)
		if !ok {
			continue
		}
		msg := checkdoc.Fit(
			fmt.Sprintf("%s rounds at every digit (%s); its result %s: use strconv.ParseFloat", p.name, p.source, s),
			fmt.Sprintf("%s rounds at every digit; its result %s: use strconv.ParseFloat", p.name, s),
			fmt.Sprintf("%s rounds at every digit: use strconv.ParseFloat", p.name))
		pass.Report(analysis.Diagnostic{Pos: p.step.Pos(), End: p.step.End(), Message: msg})
	}
	return nil, nil
}

// funcBody returns the body of the function at fn.
func funcBody(fn inspector.Cursor) *ast.BlockStmt {
	switch f := fn.Node().(type) {
	case *ast.FuncDecl:
		return f.Body
	case *ast.FuncLit:
		return f.Body
	}
	return nil
}

// ownNodes calls visit for every node of the function at fn, without
// descending into nested function literals.
func ownNodes(fn inspector.Cursor, visit func(c inspector.Cursor)) {
	body := funcBody(fn)
	if body == nil {
		return
	}
	bc, ok := fn.FindNode(body)
	if !ok {
		return
	}
	bc.Inspect(nil, func(c inspector.Cursor) bool {
		if _, ok := c.Node().(*ast.FuncLit); ok {
			return false
		}
		visit(c)
		return true
	})
}

// funcName names the function at fn for messages.
func funcName(pass *analysis.Pass, fn inspector.Cursor) (string, *types.Func) {
	switch f := fn.Node().(type) {
	case *ast.FuncDecl:
		obj, _ := pass.TypesInfo.Defs[f.Name].(*types.Func)
		if recv := hotpath.RecvTypeName(f); recv != "" {
			if _, ptr := f.Recv.List[0].Type.(*ast.StarExpr); ptr {
				return "(*" + recv + ")." + f.Name.Name, obj
			}
			return recv + "." + f.Name.Name, obj
		}
		return f.Name.Name, obj
	}
	for p := range fn.Enclosing((*ast.FuncDecl)(nil)) {
		if p != fn {
			outer, _ := funcName(pass, p)
			return "a function literal in " + outer, nil
		}
	}
	return "a function literal", nil
}

// findParser returns the parser in the function at fn, or nil if the
// function takes no lossy rounding step on a decimal accumulation.
func findParser(pass *analysis.Pass, hot *hotpath.Info, fn inspector.Cursor) *parser {
	info := pass.TypesInfo
	// Digit variables: d := c - '0', d := float64(s[i] - '0').
	digits := make(map[*types.Var]bool)
	var assigns []inspector.Cursor
	ownNodes(fn, func(c inspector.Cursor) {
		switch n := c.Node().(type) {
		case *ast.AssignStmt:
			assigns = append(assigns, c)
		case *ast.ValueSpec:
			for i, v := range n.Values {
				if len(n.Names) == len(n.Values) && isDigit(info, digits, v) {
					if obj, ok := info.Defs[n.Names[i]].(*types.Var); ok {
						digits[obj] = true
					}
				}
			}
		}
	})
	for _, c := range assigns {
		as := c.Node().(*ast.AssignStmt)
		if len(as.Lhs) != len(as.Rhs) || (as.Tok != token.DEFINE && as.Tok != token.ASSIGN) {
			continue
		}
		for i, r := range as.Rhs {
			if isDigit(info, digits, r) {
				if v := varOf(info, as.Lhs[i]); v != nil {
					digits[v] = true
				}
			}
		}
	}
	if len(digits) == 0 && !hasDigitExpr(info, fn) {
		return nil
	}

	// Decimal accumulators: v = v*10 + d (integer or float), and the
	// floats converted from them.
	acc := make(map[*types.Var]bool)
	for _, c := range assigns {
		as := c.Node().(*ast.AssignStmt)
		if len(as.Lhs) != 1 || len(as.Rhs) != 1 || as.Tok != token.ASSIGN {
			continue
		}
		v := varOf(info, as.Lhs[0])
		if v != nil && isTimesTenPlusDigit(info, digits, v, as.Rhs[0]) {
			acc[v] = true
		}
	}
	floatAcc := make(map[*types.Var]bool)
	for v := range acc {
		if isFloat(v.Type()) {
			floatAcc[v] = true
		}
	}
	for _, c := range assigns {
		as := c.Node().(*ast.AssignStmt)
		if len(as.Lhs) != len(as.Rhs) {
			continue
		}
		for i, r := range as.Rhs {
			if v := varOf(info, as.Lhs[i]); v != nil && isFloat(v.Type()) && convertsAcc(info, acc, r) {
				floatAcc[v] = true
			}
		}
	}

	tenths := make(map[*types.Var]bool)                // variables scaled by 0.1 in a loop
	tenthSteps := make(map[*types.Var]*ast.AssignStmt) // the step that scales each
	name, self := funcName(pass, fn)
	p := &parser{fn: fn, name: name, self: self}
	inLoop := func(c inspector.Cursor) bool {
		_, ok := hot.Loop(c)
		return ok
	}
	// Place and divisor steps: place *= 0.1 with v += d * place, or
	// div *= 10 with v += d / div.
	for _, c := range assigns {
		as := c.Node().(*ast.AssignStmt)
		if len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			continue
		}
		target := varOf(info, as.Lhs[0])
		if target == nil || !isFloat(target.Type()) {
			continue
		}
		switch {
		case scalesByTenth(info, target, as) && inLoop(c):
			tenths[target] = true
			tenthSteps[target] = as
			// place *= 0.1: a place variable if some v += d * place,
			// the accumulator itself otherwise (scale form).
			if sum := accumulates(info, digits, assigns, target, token.MUL); sum != nil {
				p.set(placeForm, as, sum)
			} else if floatAcc[target] {
				p.set(scaleForm, as, target)
			}
		case scalesByTen(info, target, as) && inLoop(c):
			if sum := accumulates(info, digits, assigns, target, token.QUO); sum != nil {
				p.set(divisorForm, as, sum)
			}
		}
	}
	// Pow10 step: an accumulator times a negative power of ten.
	if p.step == nil {
		ownNodes(fn, func(c inspector.Cursor) {
			if p.step != nil {
				return
			}
			switch n := c.Node().(type) {
			case *ast.BinaryExpr:
				if n.Op == token.MUL && (timesNegPow10(info, floatAcc, acc, tenths, n.X, n.Y) || timesNegPow10(info, floatAcc, acc, tenths, n.Y, n.X)) {
					p.step, p.form, p.source = n, pow10Form, types.ExprString(n)
					p.exprs = append(p.exprs, n)
					// v * scale, with scale /= 10 per digit: the loop is
					// where the rounding happens.
					for _, e := range []ast.Expr{n.X, n.Y} {
						if as := tenthSteps[varOf(info, stripConv(info, e))]; as != nil {
							p.step, p.form = as, placeForm
							p.source = types.ExprString(as.Lhs[0]) + " " + as.Tok.String() + " " + types.ExprString(as.Rhs[0])
						}
					}
				}
			case *ast.AssignStmt:
				if n.Tok == token.MUL_ASSIGN && len(n.Lhs) == 1 && timesNegPow10(info, floatAcc, acc, tenths, n.Lhs[0], n.Rhs[0]) {
					p.step, p.form, p.source = n, pow10Form, types.ExprString(n.Lhs[0])+" *= "+types.ExprString(n.Rhs[0])
					if v := varOf(info, n.Lhs[0]); v != nil {
						p.vars = append(p.vars, v)
					}
				}
			}
		})
	}
	if p.step == nil {
		return nil
	}
	return p
}

// set records the first rounding step found.
func (p *parser) set(f form, as *ast.AssignStmt, result *types.Var) {
	if p.step != nil {
		return
	}
	p.step, p.form = as, f
	p.source = types.ExprString(as.Lhs[0]) + " " + as.Tok.String() + " " + types.ExprString(as.Rhs[0])
	p.vars = append(p.vars, result)
}

// varOf returns the local variable that e names, or nil.
func varOf(info *types.Info, e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := info.ObjectOf(id).(*types.Var)
	return v
}

func isFloat(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsFloat != 0
}

func isInteger(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// stripConv removes parentheses and conversions: float64(x) -> x.
func stripConv(info *types.Info, e ast.Expr) ast.Expr {
	for {
		e = ast.Unparen(e)
		call, ok := e.(*ast.CallExpr)
		if !ok || len(call.Args) != 1 {
			return e
		}
		if tv, ok := info.Types[call.Fun]; !ok || !tv.IsType() {
			return e
		}
		e = call.Args[0]
	}
}

// isDigit reports whether e is the value of a decimal digit: c - '0' for
// an integer c (also inside conversions, and float64(c) - '0'), or a
// digit variable.
func isDigit(info *types.Info, digits map[*types.Var]bool, e ast.Expr) bool {
	e = stripConv(info, e)
	if v := varOf(info, e); v != nil {
		return digits[v]
	}
	bin, ok := e.(*ast.BinaryExpr)
	if !ok || bin.Op != token.SUB || !astutil.IsConst(info, bin.Y, 48) {
		return false
	}
	x := stripConv(info, bin.X)
	t := info.TypeOf(x)
	return t != nil && isInteger(t)
}

// hasDigitExpr reports whether the function at fn contains a digit
// expression, c - '0'.
func hasDigitExpr(info *types.Info, fn inspector.Cursor) bool {
	found := false
	ownNodes(fn, func(c inspector.Cursor) {
		if e, ok := c.Node().(*ast.BinaryExpr); ok && !found && isDigit(info, nil, e) {
			found = true
		}
	})
	return found
}

// isTimesTenPlusDigit reports whether e is v*10 + d or 10*v + d (in either
// order of the sum), with d a digit.
func isTimesTenPlusDigit(info *types.Info, digits map[*types.Var]bool, v *types.Var, e ast.Expr) bool {
	bin, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok || bin.Op != token.ADD {
		return false
	}
	for _, pair := range [2][2]ast.Expr{{bin.X, bin.Y}, {bin.Y, bin.X}} {
		if isDigit(info, digits, pair[1]) && isTimesTen(info, v, pair[0]) {
			return true
		}
	}
	return false
}

func isTimesTen(info *types.Info, v *types.Var, e ast.Expr) bool {
	bin, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok || bin.Op != token.MUL {
		return false
	}
	return (varOf(info, stripConv(info, bin.X)) == v && astutil.IsConst(info, bin.Y, 10)) ||
		(varOf(info, stripConv(info, bin.Y)) == v && astutil.IsConst(info, bin.X, 10))
}

// convertsAcc reports whether e is an accumulator, or a conversion or
// negation of one.
func convertsAcc(info *types.Info, acc map[*types.Var]bool, e ast.Expr) bool {
	e = stripConv(info, e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.SUB {
		e = stripConv(info, u.X)
	}
	v := varOf(info, e)
	return v != nil && acc[v]
}

// scalesByTenth reports whether as is v *= 0.1, v /= 10, v = v * 0.1 or
// v = v / 10.
func scalesByTenth(info *types.Info, v *types.Var, as *ast.AssignStmt) bool {
	r := as.Rhs[0]
	switch as.Tok {
	case token.MUL_ASSIGN:
		return astutil.IsConst(info, r, 0.1)
	case token.QUO_ASSIGN:
		return astutil.IsConst(info, r, 10)
	case token.ASSIGN:
		bin, ok := ast.Unparen(r).(*ast.BinaryExpr)
		if !ok {
			return false
		}
		switch bin.Op {
		case token.MUL:
			return (varOf(info, bin.X) == v && astutil.IsConst(info, bin.Y, 0.1)) || (varOf(info, bin.Y) == v && astutil.IsConst(info, bin.X, 0.1))
		case token.QUO:
			return varOf(info, bin.X) == v && astutil.IsConst(info, bin.Y, 10)
		}
	}
	return false
}

// scalesByTen reports whether as is v *= 10 or v = v * 10.
func scalesByTen(info *types.Info, v *types.Var, as *ast.AssignStmt) bool {
	switch as.Tok {
	case token.MUL_ASSIGN:
		return astutil.IsConst(info, as.Rhs[0], 10)
	case token.ASSIGN:
		return isTimesTen(info, v, as.Rhs[0])
	}
	return false
}

// accumulates returns the float variable s of an assignment
// s += d op scale (or s = s + d op scale) among assigns, with d a digit,
// or nil. For op MUL the scale may be on either side.
func accumulates(info *types.Info, digits map[*types.Var]bool, assigns []inspector.Cursor, scale *types.Var, op token.Token) *types.Var {
	term := func(e ast.Expr) bool {
		bin, ok := ast.Unparen(e).(*ast.BinaryExpr)
		if !ok || bin.Op != op {
			return false
		}
		if varOf(info, stripConv(info, bin.Y)) == scale && isDigit(info, digits, bin.X) {
			return true
		}
		return op == token.MUL && varOf(info, stripConv(info, bin.X)) == scale && isDigit(info, digits, bin.Y)
	}
	for _, c := range assigns {
		as := c.Node().(*ast.AssignStmt)
		if len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			continue
		}
		s := varOf(info, as.Lhs[0])
		if s == nil || s == scale || !isFloat(s.Type()) {
			continue
		}
		switch as.Tok {
		case token.ADD_ASSIGN:
			if term(as.Rhs[0]) {
				return s
			}
		case token.ASSIGN:
			if bin, ok := ast.Unparen(as.Rhs[0]).(*ast.BinaryExpr); ok && bin.Op == token.ADD {
				if (varOf(info, bin.X) == s && term(bin.Y)) || (varOf(info, bin.Y) == s && term(bin.X)) {
					return s
				}
			}
		}
	}
	return nil
}

// timesNegPow10 reports whether x * y multiplies a decimal accumulation x
// (a float accumulator, or a conversion of an integer one) by an inexact
// negative power of ten y: math.Pow10(-n), math.Pow(10, -n), a constant
// 10⁻ᵏ, or a variable of tenths (scaled by 0.1 in a loop).
func timesNegPow10(info *types.Info, floatAcc, acc, tenths map[*types.Var]bool, x, y ast.Expr) bool {
	xs := stripConv(info, x)
	v := varOf(info, xs)
	if v == nil || (!floatAcc[v] && !acc[v]) {
		return false
	}
	if t := info.TypeOf(y); t == nil || !isFloat(t) {
		return false
	}
	if tv, ok := info.Types[y]; ok && tv.Value != nil {
		for k := 1; k < len(pow10neg); k++ {
			if astutil.IsConst(info, y, pow10neg[k]) {
				return true
			}
		}
		return false
	}
	if w := varOf(info, stripConv(info, y)); w != nil && tenths[w] {
		return true // scale /= 10 per digit, then v * scale
	}
	call, ok := ast.Unparen(y).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "math" {
		return false
	}
	negative := func(e ast.Expr) bool {
		if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok && u.Op == token.SUB {
			return true
		}
		tv, ok := info.Types[e]
		return ok && tv.Value != nil && constant.Sign(tv.Value) < 0
	}
	switch fn.Name() {
	case "Pow10":
		return len(call.Args) == 1 && negative(call.Args[0])
	case "Pow":
		return len(call.Args) == 2 && astutil.IsConst(info, call.Args[0], 10) && negative(call.Args[1])
	}
	return false
}

// pow10neg[k] is the float64 nearest 10⁻ᵏ, as a Go constant 1e-k converts.
var pow10neg = [23]float64{1, 1e-1, 1e-2, 1e-3, 1e-4, 1e-5, 1e-6, 1e-7, 1e-8, 1e-9, 1e-10, 1e-11,
	1e-12, 1e-13, 1e-14, 1e-15, 1e-16, 1e-17, 1e-18, 1e-19, 1e-20, 1e-21, 1e-22}
