package suite

import (
	"fmt"
	"io"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Summary returns the first line of a's Doc: what the check finds, in a
// line.
func Summary(a *analysis.Analyzer) string {
	line, _, _ := strings.Cut(a.Doc, "\n")
	return line
}

// WriteList writes checks one a line, as perfproof checks lists them:
// the name, padded to 14 columns, then its Summary. Errors writing to w
// are ignored.
func WriteList(w io.Writer, checks []*analysis.Analyzer) {
	for _, a := range checks {
		fmt.Fprintf(w, "%-14s %s\n", a.Name, Summary(a))
	}
}
