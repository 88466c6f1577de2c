package tidy

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// ErrNoCompileCommands is matched by the error of ReadCompileCommands and
// Run when the build directory has no compile_commands.json, or it lists
// no source file of the project: there is nothing clang-tidy could
// analyse, which must not read as a clean result.
var ErrNoCompileCommands = errors.New("no compile commands")

// A CompileCommand is one entry of a JSON compilation database
// (compile_commands.json, as CMake writes it with
// CMAKE_EXPORT_COMPILE_COMMANDS=ON; format: the Clang documentation,
// "JSON Compilation Database Format Specification").
type CompileCommand struct {
	// Directory is the working directory of the compilation.
	Directory string `json:"directory"`
	// File is the main source file, relative to Directory or absolute.
	File string `json:"file"`
	// Command is the compile command as one shell string; Arguments the
	// same as a list. CMake writes Command.
	Command   string   `json:"command,omitempty"`
	Arguments []string `json:"arguments,omitempty"`
}

// Path returns c's file as an absolute, cleaned path.
func (c CompileCommand) Path() string {
	return absolute(c.File, c.Directory)
}

// ReadCompileCommands reads the compilation database at path. A missing
// file is an error wrapping ErrNoCompileCommands and naming it; a
// malformed one, or an entry without "directory" or "file", is an error
// naming it.
func ReadCompileCommands(path string) ([]CompileCommand, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("reading compile commands: %s does not exist (configure with -DCMAKE_EXPORT_COMPILE_COMMANDS=ON): %w", path, ErrNoCompileCommands)
	}
	if err != nil {
		return nil, fmt.Errorf("reading compile commands: %w", err)
	}
	var cmds []CompileCommand
	if err := json.Unmarshal(data, &cmds); err != nil {
		return nil, fmt.Errorf("parsing compile commands %s: %w", path, err)
	}
	for i, c := range cmds {
		if c.Directory == "" || c.File == "" {
			return nil, fmt.Errorf("parsing compile commands %s: entry %d has no directory or file", path, i+1)
		}
		if !filepath.IsAbs(c.Directory) {
			return nil, fmt.Errorf("parsing compile commands %s: entry %d: directory %q is not absolute", path, i+1, c.Directory)
		}
	}
	return cmds, nil
}

// Sources returns the commands whose file is inside srcDir (an absolute
// path) and not inside any of the excluded directories (such as the
// build directory when it is below srcDir, where generated sources and
// fetched dependencies live), one per file, the first of each file's
// commands, sorted by file.
func Sources(cmds []CompileCommand, srcDir string, exclude ...string) []CompileCommand {
	var out []CompileCommand
	seen := make(map[string]bool)
	for _, c := range cmds {
		p := c.Path()
		if seen[p] || !within(p, srcDir) || slices.ContainsFunc(exclude, func(d string) bool { return d != "" && within(p, d) }) {
			continue
		}
		seen[p] = true
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b CompileCommand) int { return strings.Compare(a.Path(), b.Path()) })
	return out
}

// within reports whether path is dir or below it; both are cleaned
// absolute paths.
func within(path, dir string) bool {
	rel, err := filepath.Rel(filepath.Clean(dir), path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}
