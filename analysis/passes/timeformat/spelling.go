package timeformat

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/perfproof/perfproof/analysis/internal/checkdoc"
	"github.com/perfproof/perfproof/analysis/internal/fiximport"
)

// A spelling is a layout that writes the same text as time.RFC3339 or
// time.RFC3339Nano, which Format and AppendFormat format on a fast path
// that compares the layout with those two constants: any other spelling
// walks the layout chunk by chunk. constant is the constant to use;
// truncate, if set, is the Duration the time must be truncated to first
// ("time.Millisecond" for three fractional digits, which RFC3339Nano
// would print to nine); utc says the spelling writes a literal Z, the
// constants' Z07:00 only for a time in UTC.
type spelling struct {
	constant, truncate string
	utc                bool
}

// spellings maps the layouts that spell RFC 3339 differently to what
// writes the same text. A trailing run of 9s drops trailing zeros, as
// RFC3339Nano's does, so truncating the time to the run's precision makes
// RFC3339Nano write the same digits; a run of 0s always writes its
// digits and has no equivalent. TestSpellings checks each mapping on
// times of years 1 to 9999.
var spellings = map[string]spelling{
	"2006-01-02T15:04:05Z":             {constant: "RFC3339", utc: true},
	"2006-01-02T15:04:05.999Z":         {constant: "RFC3339Nano", truncate: "Millisecond", utc: true},
	"2006-01-02T15:04:05.999999Z":      {constant: "RFC3339Nano", truncate: "Microsecond", utc: true},
	"2006-01-02T15:04:05.999999999Z":   {constant: "RFC3339Nano", utc: true},
	"2006-01-02T15:04:05.999Z07:00":    {constant: "RFC3339Nano", truncate: "Millisecond"},
	"2006-01-02T15:04:05.999999Z07:00": {constant: "RFC3339Nano", truncate: "Microsecond"},
}

// respell reports the Format call at cur (callee sel) if its layout spells
// RFC 3339 other than as time.RFC3339 or time.RFC3339Nano and the rewrite
// writes the same text: the layout needs a time in UTC and the receiver is
// one (X.UTC() or X.In(time.UTC)), or it does not. The fix replaces the
// layout with the constant and, for a fraction of fewer than nine digits,
// truncates the receiver first. It returns whether it reported.
func (c *checker) respell(cur inspector.Cursor, sel *ast.SelectorExpr, layout string) bool {
	sp, ok := spellings[layout]
	if !ok || sp.utc && !c.inUTC(sel.X) {
		return false
	}
	call := cur.Node().(*ast.CallExpr)
	after := "time." + sp.constant
	if sp.truncate != "" {
		after = "Truncate(time." + sp.truncate + ").Format(time." + sp.constant + ")"
	}
	d := analysis.Diagnostic{
		Pos:      call.Pos(),
		End:      call.End(),
		Category: "rfc3339",
		Message: checkdoc.Fit(
			fmt.Sprintf("%s.Format(%q) misses Format's RFC 3339 fast path: use %s", c.short(sel.X), layout, after),
			fmt.Sprintf("layout %q misses Format's RFC 3339 fast path: use %s", layout, after),
			fmt.Sprintf("layout %q misses Format's RFC 3339 fast path, which time.%s takes", layout, sp.constant)),
	}
	if fix, ok := c.respellFix(cur, sel, sp); ok {
		d.SuggestedFixes = []analysis.SuggestedFix{fix}
	}
	c.report(d)
	return true
}

// respellFix returns the fix of respell: time.<constant> for the layout
// argument, and .Truncate(time.<truncate>) after the receiver, with the
// file's name of package time (importing it if the file does not).
func (c *checker) respellFix(cur inspector.Cursor, sel *ast.SelectorExpr, sp spelling) (analysis.SuggestedFix, bool) {
	call := cur.Node().(*ast.CallExpr)
	file := enclosingFile(cur)
	if file == nil {
		return analysis.SuggestedFix{}, false
	}
	if c.imports == nil {
		c.imports = fiximport.New(c.pass)
	}
	name, edits, ok := c.imports.Prepare(file, call.Pos(), "time", "")
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	edits = append(edits, analysis.TextEdit{Pos: call.Args[0].Pos(), End: call.Args[0].End(), NewText: []byte(name + "." + sp.constant)})
	msg := "Use time." + sp.constant
	if sp.truncate != "" {
		edits = append(edits, analysis.TextEdit{Pos: sel.X.End(), End: sel.X.End(), NewText: []byte(".Truncate(" + name + "." + sp.truncate + ")")})
		msg = "Truncate to the " + sp.truncate + " and use time." + sp.constant
	}
	return analysis.SuggestedFix{Message: msg, TextEdits: edits}, true
}

// inUTC reports whether e, a time.Time, is in UTC by its last call:
// X.UTC() or X.In(time.UTC).
func (c *checker) inUTC(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := typeutil.Callee(c.pass.TypesInfo, call)
	switch {
	case isTimeMethod(fn, "UTC"):
		return true
	case isTimeMethod(fn, "In") && len(call.Args) == 1:
		sel, ok := ast.Unparen(call.Args[0]).(*ast.SelectorExpr)
		if !ok {
			return false
		}
		v, ok := c.pass.TypesInfo.Uses[sel.Sel].(*types.Var)
		return ok && v.Pkg() != nil && v.Pkg().Path() == "time" && v.Name() == "UTC"
	}
	return false
}

// enclosingFile returns the file holding the node at cur.
func enclosingFile(cur inspector.Cursor) *ast.File {
	for p := range cur.Enclosing((*ast.File)(nil)) {
		return p.Node().(*ast.File)
	}
	return nil
}
