package checkdoc

import (
	"strings"
	"testing"
)

const src = `// Package demo does things.
//
// # Analyzer demo
//
// demo: report demonstrations
//
// The demo check reports things.
//
//	code := 1 // kept indented
//
// More text.
//
// # Fixes
//
// Not part of the analyzer's doc.
package demo

// Not the package comment.
var x = 1
`

func TestExtract(t *testing.T) {
	got, err := Extract(src, "demo")
	if err != nil {
		t.Fatal(err)
	}
	want := "report demonstrations\n\nThe demo check reports things.\n\n\tcode := 1 // kept indented\n\nMore text."
	if got != want {
		t.Errorf("Extract = %q, want %q", got, want)
	}
}

func TestExtractErrors(t *testing.T) {
	for _, tc := range []struct {
		name, src, want string
	}{
		{"other", src, `no "# Analyzer other" section`},
		{"demo", "package demo\n", "no package comment"},
		{"demo", "// Package demo.\n//\n// # Analyzer demo\n//\n// report things\npackage demo\n", `does not start with "demo: "`},
		{"demo", "// Package demo.\npackage 1\n", "parsing"},
	} {
		_, err := Extract(tc.src, tc.name)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Extract(%q) error = %v, want one containing %q", tc.name, err, tc.want)
		}
	}
}

func TestMustExtractPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("MustExtract did not panic on a file without the section")
		}
	}()
	MustExtract("// Package demo.\npackage demo\n", "demo")
}

func TestFit(t *testing.T) {
	long := strings.Repeat("x", MaxMessage+1)
	if got := Fit(long, "short", "shorter"); got != "short" {
		t.Errorf("Fit = %q, want the first that fits", got)
	}
	if got := Fit(long, long+"y"); got != long+"y" {
		t.Errorf("Fit with none fitting = %q, want the last", got)
	}
}

func TestCheckMessage(t *testing.T) {
	for msg, ok := range map[string]bool{
		"fmt.Sprintf of an int: use strconv.Itoa": true,
		strings.Repeat("x", MaxMessage):           true,
		strings.Repeat("x", MaxMessage+1):         false,
		"two\nlines":                              false,
		"":                                        false,
	} {
		if err := CheckMessage(msg); (err == nil) != ok {
			t.Errorf("CheckMessage(%q) = %v, want ok=%v", msg, err, ok)
		}
	}
}
