package astutil

import "go/ast"

// LoopParts returns the parts of loop that run once per iteration, in the
// order they run: a for statement's condition (when it has one), body and
// post statement (when it has one); a range statement's body. The init
// statement of a for and the range expression run once and are not
// parts. For any other node it returns nil.
func LoopParts(loop ast.Node) []ast.Node {
	var parts []ast.Node
	switch l := loop.(type) {
	case *ast.ForStmt:
		if l.Cond != nil {
			parts = append(parts, l.Cond)
		}
		parts = append(parts, l.Body)
		if l.Post != nil {
			parts = append(parts, l.Post)
		}
	case *ast.RangeStmt:
		parts = append(parts, l.Body)
	}
	return parts
}

// Repeats reports whether n lies in one of the LoopParts of loop, so
// that it runs once per iteration of loop (unless something in between,
// such as a nested function literal, defers it).
func Repeats(loop, n ast.Node) bool {
	for _, part := range LoopParts(loop) {
		if Within(n, part) {
			return true
		}
	}
	return false
}
