package cli

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// messageParsing matches code that reads a fact back out of another
// value's English text: an error's message, a verdict's reason or detail,
// a diagnostic's message.
var messageParsing = regexp.MustCompile(`strings\.(Contains|HasPrefix|HasSuffix|Index|EqualFold|Cut)\([^)]*(\.Error\(\)|\.Reason\b|\.Detail\b|\.Message\b)`)

// TestNoMessageParsing is issue 15's guard: facts travel as typed values
// (sentinel errors, verdict fields), never as text parsed back, so that
// rewording a message cannot change an exit code. It reads every non-test
// Go file of the module.
func TestNoMessageParsing(t *testing.T) {
	root := filepath.Join("..", "..")
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case "testdata", "examples", ".git":
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(data), "\n") {
			if messageParsing.MatchString(line) {
				t.Errorf("%s:%d parses a message's text: %s", path, i+1, strings.TrimSpace(line))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
