// Package fixtext reads the source text that suggested fixes are built
// from: the white space that indents a statement, so that a statement a
// fix inserts before it lines up with it.
package fixtext

import (
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Indent returns the blanks (spaces and tabs) before pos on its line, read
// through pass.ReadFile, and false if anything else precedes pos there,
// if pos is in no file of pass.Fset, or if the file cannot be read or no
// longer has the size it was parsed with (its offsets would be wrong).
func Indent(pass *analysis.Pass, pos token.Pos) (string, bool) {
	tf := pass.Fset.File(pos)
	if tf == nil || pass.ReadFile == nil {
		return "", false
	}
	src, err := pass.ReadFile(tf.Name())
	if err != nil || len(src) != tf.Size() {
		return "", false
	}
	start, off := tf.Offset(tf.LineStart(tf.Line(pos))), tf.Offset(pos)
	if start > off {
		return "", false
	}
	s := string(src[start:off])
	return s, strings.TrimLeft(s, " \t") == ""
}
