package tidy

import (
	"bufio"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// A Level is the severity clang-tidy prints before a diagnostic's message.
type Level string

// The levels clang-tidy prints.
const (
	LevelError   Level = "error"
	LevelWarning Level = "warning"
	LevelNote    Level = "note"
	LevelRemark  Level = "remark"
)

// CompileErrorCheck is the check name clang-tidy gives to the compiler's
// own errors: a file that does not compile was not analysed.
const CompileErrorCheck = "clang-diagnostic-error"

// A Diagnostic is one warning or error of clang-tidy with the notes
// printed after it.
type Diagnostic struct {
	// File is the absolute, cleaned path of the file, or "" for a
	// diagnostic clang-tidy printed without a position ("error: no input
	// files").
	File string
	// Line and Column are 1-based, Column in bytes as clang counts it; 0
	// when File is "".
	Line, Column int
	Level        Level
	// Message is the text after the level, without the bracketed checks.
	Message string
	// Checks are the names in the trailing brackets, in order, without
	// "-warnings-as-errors"; usually one, more when checks are aliases of
	// one another.
	Checks []string
	// Notes are the notes printed after the diagnostic, in order.
	Notes []Note
}

// Check returns the first of d's checks, or "" if it has none.
func (d *Diagnostic) Check() string {
	if len(d.Checks) == 0 {
		return ""
	}
	return d.Checks[0]
}

// A Note is a "note:" line that explains the diagnostic before it, such
// as where a moved-from value was moved. File, Line and Column are as in
// Diagnostic.
type Note struct {
	File         string
	Line, Column int
	Message      string
}

// A SyntaxError reports a diagnostic line of clang-tidy's output whose
// position cannot be read, such as a line number that overflows.
type SyntaxError struct {
	// Line is the 1-based line of the output.
	Line int
	Msg  string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("clang-tidy output:%d: %s", e.Line, e.Msg)
}

// maxLineBytes caps one line of output; clang-tidy quotes source lines,
// which a minified file can make long.
const maxLineBytes = 1 << 20

var (
	// headerRE matches "file:line:col: level: message [checks]"; the
	// checks are optional for notes. The file is matched lazily up to the
	// first ":line:col: level: " so that a colon in a directory name
	// (rare, but legal) stays in the file.
	headerRE = regexp.MustCompile(`^(.+?):([0-9]+):([0-9]+): (error|warning|note|remark): (.*)$`)
	// bareRE matches a diagnostic without a position.
	bareRE = regexp.MustCompile(`^(error|warning|note|remark): (.*)$`)
	// checksRE matches the trailing "[check1,check2]".
	checksRE = regexp.MustCompile(` \[([A-Za-z0-9_.,-]+)\]$`)
)

// Parse reads clang-tidy's standard output and returns its diagnostics in
// the order printed, each with the notes that follow it. A relative file
// name is made absolute against dir, the directory of the compile
// command that clang-tidy ran (the "directory" of compile_commands.json);
// dir must be absolute when any name is relative.
//
// Lines that are not diagnostics — the quoted source lines, carets,
// fix-it hints and clang-tidy's summaries — are skipped. A source line
// quoted under a diagnostic that itself reads like a diagnostic would be
// taken for one; clang-tidy's plain output offers no way to tell them
// apart. A note before any diagnostic, or a warning or error without
// brackets, is kept as a diagnostic of its own (its Checks empty).
//
// Parse returns a *SyntaxError for a diagnostic line whose line or column
// number is 0 or does not fit an int, and the reader's error.
func Parse(r io.Reader, dir string) ([]Diagnostic, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, maxLineBytes)
	var out []Diagnostic
	n := 0
	for sc.Scan() {
		n++
		text := strings.TrimSuffix(sc.Text(), "\r")
		var d Diagnostic
		if m := headerRE.FindStringSubmatch(text); m != nil {
			line, err1 := strconv.Atoi(m[2])
			col, err2 := strconv.Atoi(m[3])
			if err1 != nil || err2 != nil || line <= 0 || col <= 0 {
				return out, &SyntaxError{Line: n, Msg: fmt.Sprintf("bad position %s:%s of %q", m[2], m[3], m[1])}
			}
			d = Diagnostic{File: absolute(m[1], dir), Line: line, Column: col, Level: Level(m[4]), Message: m[5]}
		} else if m := bareRE.FindStringSubmatch(text); m != nil {
			d = Diagnostic{Level: Level(m[1]), Message: m[2]}
		} else {
			continue
		}
		if m := checksRE.FindStringSubmatch(d.Message); m != nil {
			d.Message = strings.TrimSuffix(d.Message, m[0])
			for _, c := range strings.Split(m[1], ",") {
				if c != "" && c != "-warnings-as-errors" {
					d.Checks = append(d.Checks, c)
				}
			}
		}
		if d.Level == LevelNote && len(out) > 0 && len(d.Checks) == 0 {
			last := &out[len(out)-1]
			last.Notes = append(last.Notes, Note{File: d.File, Line: d.Line, Column: d.Column, Message: d.Message})
			continue
		}
		out = append(out, d)
	}
	if err := sc.Err(); err != nil {
		return out, fmt.Errorf("reading clang-tidy output: %w", err)
	}
	return out, nil
}

// absolute returns name cleaned, made absolute against dir if relative.
func absolute(name, dir string) string {
	if !filepath.IsAbs(name) && dir != "" {
		name = filepath.Join(dir, name)
	}
	return filepath.Clean(name)
}
