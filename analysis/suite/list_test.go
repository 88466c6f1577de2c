package suite

import (
	"bytes"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

func TestWriteList(t *testing.T) {
	checks := []*analysis.Analyzer{
		{Name: "short", Doc: "finds a thing\n\nIn detail, more."},
		{Name: "averyverylongname", Doc: "one line only"},
		{Name: "nodoc"},
	}
	var b bytes.Buffer
	WriteList(&b, checks)
	want := "short          finds a thing\naveryverylongname one line only\nnodoc          \n"
	if b.String() != want {
		t.Errorf("WriteList wrote %q, want %q", b.String(), want)
	}
	// Every check of the suite has a summary.
	for _, a := range Analyzers() {
		if s := Summary(a); s == "" || strings.Contains(s, "\n") {
			t.Errorf("Summary(%s) = %q, want one non-empty line", a.Name, s)
		}
	}
}
