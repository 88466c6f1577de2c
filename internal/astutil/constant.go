package astutil

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
)

// IsZero reports whether e is a constant integer or floating-point zero
// (0, 0.0, '\x00', a named constant equal to them) according to info. A
// complex zero, the empty string, false, nil and non-constant expressions
// are not; neither is a nil e. In code that did not type-check (checks run
// despite errors), an expression info has no record of counts when it is
// a zero literal, such as 0 or 0x0.
func IsZero(info *types.Info, e ast.Expr) bool {
	if e == nil {
		return false
	}
	tv, ok := info.Types[e]
	if !ok {
		lit, isLit := ast.Unparen(e).(*ast.BasicLit)
		if !isLit || (lit.Kind != token.INT && lit.Kind != token.FLOAT) {
			return false
		}
		tv.Value = constant.MakeFromLiteral(lit.Value, lit.Kind, 0)
	}
	if tv.Value == nil {
		return false
	}
	switch tv.Value.Kind() {
	case constant.Int, constant.Float:
		return constant.Sign(tv.Value) == 0
	}
	return false
}

// IsConst reports whether e is a numeric constant whose value, rounded to
// float64, is want: IsConst(info, e, 10) holds for 10, 10.0 and a constant
// named ten; IsConst(info, e, 0.1) for 0.1 and 1.0/10. A complex constant
// counts when its imaginary part is zero. Strings, booleans, non-constant
// expressions and a nil e do not.
func IsConst(info *types.Info, e ast.Expr, want float64) bool {
	if e == nil {
		return false
	}
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil {
		return false
	}
	v := constant.ToFloat(tv.Value)
	if v.Kind() != constant.Float && v.Kind() != constant.Int {
		return false
	}
	f, _ := constant.Float64Val(v)
	return f == want
}
