// Package checkdoc holds the conventions that perfproof's checks share
// for their documentation and messages.
//
// Each check keeps its documentation in the package comment of its doc.go,
// under a heading "# Analyzer name" whose first paragraph is "name:
// summary", as golang.org/x/tools' own passes do. The check embeds doc.go
// and sets its Analyzer's Doc with [MustExtract], so that go doc, the
// -help of the drivers and the SARIF rules show the same text.
//
// A diagnostic message is one line of at most [MaxMessage] bytes that says
// what is wrong and the fix; reasons, figures and caveats belong in the
// documentation. [Fit] picks the longest wording that fits.
package checkdoc

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
)

// MaxMessage is the longest a diagnostic message may be, in bytes.
const MaxMessage = 120

// Extract returns the "# Analyzer name" section of the package comment in
// the Go source file content: the text from the line after the heading up
// to the next heading or the end of the comment, with the "name: " that
// starts it removed, so that its first line is the summary. It fails if
// the file has no package comment, no such section, or a section that does
// not start with "name: ".
func Extract(content, name string) (string, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "doc.go", content, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		return "", fmt.Errorf("parsing the documentation of %s: %v", name, err)
	}
	if f.Doc == nil {
		return "", fmt.Errorf("documentation of %s: the file has no package comment", name)
	}
	return section(f.Doc, name)
}

func section(doc *ast.CommentGroup, name string) (string, error) {
	heading := "# Analyzer " + name
	lines := strings.Split(doc.Text(), "\n")
	start := -1
	for i, l := range lines {
		if strings.TrimSpace(l) == heading {
			start = i + 1
			break
		}
	}
	if start < 0 {
		return "", fmt.Errorf("documentation of %s: no %q section in the package comment", name, heading)
	}
	end := len(lines)
	for i := start; i < len(lines); i++ {
		if strings.HasPrefix(lines[i], "# ") {
			end = i
			break
		}
	}
	text := strings.TrimSpace(strings.Join(lines[start:end], "\n"))
	prefix := name + ": "
	if !strings.HasPrefix(text, prefix) {
		return "", fmt.Errorf("documentation of %s: the %q section does not start with %q", name, heading, prefix)
	}
	return strings.TrimPrefix(text, prefix), nil
}

// MustExtract is [Extract] for a package initialiser: it panics on error.
func MustExtract(content, name string) string {
	doc, err := Extract(content, name)
	if err != nil {
		panic(err)
	}
	return doc
}

// Fit returns the first of the wordings of a message that is at most
// [MaxMessage] bytes long, or the last if none is: callers list them from
// the most detailed to the shortest.
func Fit(wordings ...string) string {
	for _, w := range wordings {
		if len(w) <= MaxMessage {
			return w
		}
	}
	return wordings[len(wordings)-1]
}

// CheckMessage returns an error if msg breaks the conventions for a
// diagnostic message: empty, more than one line, or longer than
// [MaxMessage] bytes.
func CheckMessage(msg string) error {
	switch {
	case msg == "":
		return fmt.Errorf("empty message")
	case strings.ContainsAny(msg, "\n\r"):
		return fmt.Errorf("message has more than one line: %q", msg)
	case len(msg) > MaxMessage:
		return fmt.Errorf("message is %d bytes long, more than %d: %s", len(msg), MaxMessage, msg)
	}
	return nil
}
