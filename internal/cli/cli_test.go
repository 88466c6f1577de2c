package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"
)

// TestScripts runs each testdata/*.txtar archive as a script against Main,
// in-process. The archive's files are written to a fresh directory $WORK;
// its comment holds one command a line:
//
//	perfproof ARGS...    run Main with ARGS ($WORK expanded); later lines check it
//	exit N               the exit code was N
//	[!] stdout REGEXP    stdout has (has no) a line matching REGEXP
//	[!] stderr REGEXP    likewise for stderr
//	lines N              stdout has exactly N lines
//
// Lines starting with # are comments. Arguments are split on spaces; single
// quotes group words.
func TestScripts(t *testing.T) {
	files, err := filepath.Glob("testdata/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no scripts in testdata")
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			t.Parallel()
			runScript(t, file)
		})
	}
}

func runScript(t *testing.T, file string) {
	ar, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	for _, f := range ar.Files {
		name := filepath.Join(work, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(name), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, f.Data, 0o666); err != nil {
			t.Fatal(err)
		}
	}
	var stdout, stderr bytes.Buffer
	code := -1
	ran := ""
	for i, line := range strings.Split(string(ar.Comment), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		where := file + ":" + strconv.Itoa(i+1)
		words := splitWords(strings.ReplaceAll(line, "$WORK", work))
		neg := words[0] == "!"
		if neg {
			words = words[1:]
		}
		// Each command's number of arguments, so that a mistyped line
		// fails instead of asserting something else.
		if n, ok := map[string]int{"exit": 1, "lines": 1, "stdout": 1, "stderr": 1, "file": 2}[words[0]]; ok && len(words) != n+1 {
			t.Fatalf("%s: %s takes %d argument(s), got %q", where, words[0], n, words[1:])
		}
		switch words[0] {
		case "perfproof":
			stdout.Reset()
			stderr.Reset()
			code = Main(context.Background(), words[1:], &stdout, &stderr)
			ran = line
		case "exit":
			want, err := strconv.Atoi(words[1])
			if err != nil {
				t.Fatalf("%s: exit wants a number: %v", where, err)
			}
			if code != want {
				t.Errorf("%s: %s: exit %d, want %d\nstdout:\n%s\nstderr:\n%s", where, ran, code, want, &stdout, &stderr)
			}
		case "lines":
			want, err := strconv.Atoi(words[1])
			if err != nil {
				t.Fatalf("%s: lines wants a number: %v", where, err)
			}
			if got := strings.Count(stdout.String(), "\n"); got != want {
				t.Errorf("%s: %s: stdout has %d lines, want %d:\n%s", where, ran, got, want, &stdout)
			}
		case "stdout", "stderr":
			out := stdout.String()
			if words[0] == "stderr" {
				out = stderr.String()
			}
			re, err := regexp.Compile(`(?m)` + words[1])
			if err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			if re.MatchString(out) == neg {
				verb := "has no line matching"
				if neg {
					verb = "has a line matching"
				}
				t.Errorf("%s: %s: %s %s %q:\n%s", where, ran, words[0], verb, words[1], out)
			}
		case "file":
			// file PATH RE: PATH exists and has a line matching RE.
			data, err := os.ReadFile(words[1])
			re, rerr := regexp.Compile(`(?m)` + words[2])
			if rerr != nil {
				t.Fatalf("%s: %v", where, rerr)
			}
			if (err == nil && re.Match(data)) == neg {
				t.Errorf("%s: %s: file %s (read error %v) matches %q: %v, want %v:\n%s", where, ran, words[1], err, words[2], !neg, neg, data)
			}
		default:
			t.Fatalf("%s: unknown command %q", where, words[0])
		}
	}
}

// splitWords splits s on spaces, keeping single-quoted runs together.
func splitWords(s string) []string {
	var words []string
	var cur strings.Builder
	quoted, inWord := false, false
	for _, r := range s {
		switch {
		case r == '\'':
			quoted = !quoted
			inWord = true
		case r == ' ' && !quoted:
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words
}
