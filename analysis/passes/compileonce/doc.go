// Package compileonce defines an Analyzer that reports regular expressions
// and templates compiled from constant text inside functions that run many
// times.
//
// # Analyzer compileonce
//
// compileonce: report regexps and templates compiled from a constant on every call
//
// Compiling a regular expression parses the pattern, simplifies it and builds
// a program: a few kilobytes and tens of allocations for a short pattern, far
// more than most matches against it cost. Parsing a text/template or
// html/template is similar. When the pattern or template text is a constant,
// every call compiles the same thing again; compiling it once into a
// package-level variable removes that work, and a *regexp.Regexp or a parsed
// *template.Template is safe for concurrent use.
//
// The analyzer reports regexp.MustCompile, regexp.Compile,
// regexp.MustCompilePOSIX, regexp.CompilePOSIX, regexp.MatchString and
// regexp.Match with a constant pattern, and template.New(...).Parse with
// constant text (optionally through Funcs, Delims or Option with arguments
// that do not depend on the function's locals), in any function that is not
// known to run once. Code that runs once is left alone: init functions,
// package-level variable initialisers, sync.Once bodies, func main outside
// its loops, and unexported functions that are called only from such places.
// _test.go files are not analysed: tests run once, and a compilation inside a
// benchmark is what that benchmark measures.
//
// For MustCompile and MustCompilePOSIX the analyzer offers a fix that
// declares a package-level variable after the enclosing declaration and uses
// it in place of the call. The fix is offered only when the pattern compiles
// (so the program cannot start panicking at initialisation) and the function
// never calls Longest, which modifies a Regexp in place. A package-level
// variable is compiled at program start even if the function never runs; for
// rarely used code in a large binary, a lazily initialised
// sync.OnceValue(func() *regexp.Regexp { ... }) is the alternative.
//
// For example:
//
//	func parseLine(s string) []string {
//		re := regexp.MustCompile(`^(\w+)=(\d+)$`) // compiled on every call
//		return re.FindStringSubmatch(s)
//	}
//
// is better written as:
//
//	var parseLineRe = regexp.MustCompile(`^(\w+)=(\d+)$`)
//
//	func parseLine(s string) []string {
//		return parseLineRe.FindStringSubmatch(s)
//	}
package compileonce
