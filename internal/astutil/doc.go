// Package astutil holds the small syntax and type questions that more than
// one check asks — which function encloses a node, whether an expression is
// the constant zero, whether a call is the builtin append — answered once,
// so that the checks cannot drift apart. Before it existed, enclosingFunc
// had six copies, within five and isZero four, and some had begun to
// disagree.
//
// No existing internal package owns these: hotpath answers where code runs
// (loops, once-only code), deps what a package imports, bytetype which
// types hold bytes. The name follows golang.org/x/tools/go/ast/astutil,
// which plays the same role for x/tools' passes; it depends on nothing
// but go/ast, go/types and the inspector, and everything in it is
// stateless, so any driver may share it.
package astutil
