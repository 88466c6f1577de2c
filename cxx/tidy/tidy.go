package tidy

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"

	"github.com/perfproof/perfproof/finding"
)

// DefaultChecks is the clang-tidy -checks value of Run when
// Options.Checks is "": clang-tidy's performance checks (copies, moves,
// containers) and its bug-prone patterns.
const DefaultChecks = "-*,performance-*,bugprone-*"

// AnalyzerPrefix starts the Analyzer of every finding Run returns; the
// check's name follows, as in "clang-tidy/performance-for-range-copy".
const AnalyzerPrefix = "clang-tidy/"

// ErrNoTool is matched by Run's error when the clang-tidy executable
// cannot be found.
var ErrNoTool = errors.New("clang-tidy not found")

// ErrFilesFailed is matched by Run's error when clang-tidy failed on some
// files (a compile error, a crash): their findings are missing, not
// absent. The Result then holds the other files' findings and Failed.
var ErrFilesFailed = errors.New("clang-tidy failed on some files")

// Options configure Run.
type Options struct {
	// SourceDir is the project's source directory; only files inside it
	// are analysed and only diagnostics inside it (headers included) are
	// kept. It must be absolute.
	SourceDir string
	// BuildDir is the CMake build directory holding compile_commands.json.
	// It must be absolute. Files below it are not analysed, even when it
	// is inside SourceDir.
	BuildDir string
	// Checks is clang-tidy's -checks value; "" means DefaultChecks.
	Checks string
	// Tool is the clang-tidy executable, a path or a name looked up in
	// PATH; "" means "clang-tidy".
	Tool string
	// Jobs is the number of clang-tidy processes run at once; 0 means
	// GOMAXPROCS.
	Jobs int
}

// A FileError is clang-tidy's failure on one source file: a compile
// error (clang-diagnostic-error) or an abnormal exit.
type FileError struct {
	// File is the absolute path of the source file.
	File string
	// Err says what failed.
	Err error
	// Output is the end of clang-tidy's standard error, at most 2 KiB.
	Output string
}

func (e *FileError) Error() string {
	s := fmt.Sprintf("clang-tidy %s: %v", e.File, e.Err)
	if e.Output != "" {
		s += "\n" + e.Output
	}
	return s
}

func (e *FileError) Unwrap() error { return e.Err }

// A Result is what Run found.
type Result struct {
	// Findings are the diagnostics inside SourceDir as findings, sorted
	// with finding.Sort, each once even when a header is analysed with
	// several files. Analyzer is AnalyzerPrefix plus the check; File is
	// absolute; Line and Column 1-based; notes are in Note.
	Findings []finding.Finding
	// Files are the source files analysed (including those that
	// failed), sorted.
	Files []string
	// Failed are the files clang-tidy failed on, in file order.
	Failed []*FileError
	// Warnings are clang-tidy's warnings and notes without a position
	// (such as an unused compiler argument), as "file: message" for the
	// file being analysed, each once.
	Warnings []string
	// Command is the clang-tidy command line for one file, with the
	// file last, quoted for sh, to reproduce the run.
	Command []string
}

// Run runs clang-tidy on each source file of the compilation database in
// BuildDir that lies inside SourceDir, one process per file, Jobs at a
// time, and returns the diagnostics as findings.
//
// Errors: ErrNoTool when clang-tidy is missing, an error wrapping
// ErrNoCompileCommands when the database is missing or lists no file of
// SourceDir, ctx's error when cancelled (with a nil Result); and, with a
// Result holding the rest, an error wrapping ErrFilesFailed that names
// the files clang-tidy failed on. A nil error means every file was
// analysed.
func Run(ctx context.Context, opts Options) (*Result, error) {
	if !filepath.IsAbs(opts.SourceDir) || !filepath.IsAbs(opts.BuildDir) {
		return nil, fmt.Errorf("running clang-tidy: source dir %q and build dir %q must be absolute", opts.SourceDir, opts.BuildDir)
	}
	tool := opts.Tool
	if tool == "" {
		tool = "clang-tidy"
	}
	path, err := exec.LookPath(tool)
	if err != nil {
		return nil, fmt.Errorf("running clang-tidy: %s: %w (install clang-tidy)", tool, ErrNoTool)
	}
	db := filepath.Join(opts.BuildDir, "compile_commands.json")
	cmds, err := ReadCompileCommands(db)
	if err != nil {
		return nil, err
	}
	src := filepath.Clean(opts.SourceDir)
	files := Sources(cmds, src, filepath.Clean(opts.BuildDir))
	if len(files) == 0 {
		return nil, fmt.Errorf("running clang-tidy: %s lists no source file inside %s: %w", db, src, ErrNoCompileCommands)
	}
	checks := opts.Checks
	if checks == "" {
		checks = DefaultChecks
	}
	args := []string{
		"-p", opts.BuildDir, "--quiet", "--checks=" + checks,
		// Headers of the project, not those of the system or of
		// dependencies outside it. llvm::Regex takes POSIX extended
		// syntax, where QuoteMeta's escapes are valid.
		"--header-filter=^" + regexp.QuoteMeta(src+string(filepath.Separator)),
	}

	jobs := opts.Jobs
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	type outcome struct {
		diags []Diagnostic
		err   *FileError
	}
	outs := make([]outcome, len(files))
	var wg sync.WaitGroup
	next := make(chan int)
	for range min(jobs, len(files)) {
		wg.Go(func() {
			for i := range next {
				outs[i].diags, outs[i].err = runFile(ctx, path, args, files[i])
			}
		})
	}
	for i := range files {
		next <- i
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("running clang-tidy: %w", err)
	}

	res := &Result{Command: append(append([]string{tool}, args...), files[0].Path())}
	seen := make(map[string]bool)
	for i, o := range outs {
		res.Files = append(res.Files, files[i].Path())
		if o.err != nil {
			res.Failed = append(res.Failed, o.err)
		}
		for _, d := range o.diags {
			if d.File == "" {
				w := files[i].Path() + ": " + d.Message
				if !seen[w] {
					seen[w] = true
					res.Warnings = append(res.Warnings, w)
				}
				continue
			}
			if !within(d.File, src) {
				continue
			}
			f := Finding(d)
			key := fmt.Sprintf("%s\x00%d\x00%d\x00%s\x00%s", f.File, f.Line, f.Column, f.Analyzer, f.Message)
			if !seen[key] {
				seen[key] = true
				res.Findings = append(res.Findings, f)
			}
		}
	}
	finding.Sort(res.Findings)
	if len(res.Failed) > 0 {
		names := make([]string, len(res.Failed))
		for i, e := range res.Failed {
			names[i] = e.File
		}
		return res, fmt.Errorf("%w: %s", ErrFilesFailed, strings.Join(names, ", "))
	}
	return res, nil
}

// maxOutput caps FileError.Output.
const maxOutput = 2048

// runFile runs clang-tidy on one file and parses its output. A compile
// error (clang-diagnostic-error, or an error without a position), an exit
// status other than 0 or output that does not parse make a FileError; the diagnostics read are
// returned with it. Other diagnostics without a position are returned.
func runFile(ctx context.Context, tool string, args []string, c CompileCommand) ([]Diagnostic, *FileError) {
	file := c.Path()
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, tool, append(args, file)...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()
	tail := stderr.String()
	if len(tail) > maxOutput {
		tail = "…" + tail[len(tail)-maxOutput:]
	}
	tail = strings.TrimSpace(tail)
	diags, err := Parse(&stdout, c.Directory)
	if err != nil {
		return diags, &FileError{File: file, Err: err, Output: tail}
	}
	var problems []string
	kept := diags[:0]
	for _, d := range diags {
		if d.Check() == CompileErrorCheck || (d.File == "" && d.Level == LevelError) {
			problems = append(problems, describe(d))
			continue
		}
		kept = append(kept, d)
	}
	switch {
	case len(problems) > 0:
		return kept, &FileError{File: file, Err: fmt.Errorf("does not compile for clang: %s", strings.Join(problems, "; ")), Output: tail}
	case runErr != nil:
		return kept, &FileError{File: file, Err: fmt.Errorf("clang-tidy failed: %w", runErr), Output: tail}
	}
	return kept, nil
}

// describe renders d as "file:line:col: message", without a position
// when it has none.
func describe(d Diagnostic) string {
	if d.File == "" {
		return d.Message
	}
	return fmt.Sprintf("%s:%d:%d: %s", d.File, d.Line, d.Column, d.Message)
}

// Finding converts a diagnostic to a finding: Analyzer is AnalyzerPrefix
// plus its first check ("clang-tidy/performance-for-range-copy", or
// "clang-tidy" for a diagnostic without one), File, Line, Column and
// Message as in d, and the notes, each with its position, joined into
// Note. Fix-its are not read.
func Finding(d Diagnostic) finding.Finding {
	f := finding.Finding{
		Analyzer: strings.TrimSuffix(AnalyzerPrefix+d.Check(), "/"),
		File:     d.File, Line: d.Line, Column: d.Column,
		Message: d.Message,
	}
	var notes []string
	for _, n := range d.Notes {
		if n.File == "" {
			notes = append(notes, n.Message)
			continue
		}
		notes = append(notes, fmt.Sprintf("%s (%s:%d)", n.Message, filepath.Base(n.File), n.Line))
	}
	f.Note = strings.Join(notes, "; ")
	return f
}
