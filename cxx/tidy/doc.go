// Package tidy runs clang-tidy on the sources of a CMake project and
// returns its diagnostics as findings.
//
// Run reads the project's compile_commands.json (CMake writes it with
// CMAKE_EXPORT_COMPILE_COMMANDS=ON), keeps the files inside the source
// directory, and runs clang-tidy on each, by default with the checks
// "-*,performance-*,bugprone-*" (DefaultChecks) and a header filter that
// keeps the project's own headers. Parse reads clang-tidy's plain output,
//
//	file:line:col: warning: message [check-name]
//
// with the notes printed after each diagnostic, and Finding turns a
// diagnostic into a finding.Finding with Analyzer "clang-tidy/<check>".
// Fix-its are not read: clang-tidy writes them only as YAML
// (--export-fixes), and the module has no YAML parser.
//
// Nothing analysed must never read as clean: a missing clang-tidy
// (ErrNoTool), a missing or empty compilation database
// (ErrNoCompileCommands) and a file clang-tidy fails on, by a compile
// error or a crash (ErrFilesFailed, with a *FileError naming each file),
// are errors.
package tidy
