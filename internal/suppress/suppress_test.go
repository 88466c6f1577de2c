package suppress

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"
)

func TestLookup(t *testing.T) {
	const src = `package p

func A() int {
	return 1 //perfproof:ignore fmtnumber trailing: this line only
}

// B is documented.
//
//perfproof:ignore compileonce,reuse whole function: built per tenant at start-up
func B() {
	_ = 1
	_ = 2
}

func C() {
	//perfproof:ignore trimloop the cookie has at most 3 entries
	_ = 3
	_ = 4
	//perfproof:ignore trimloop
	_ = 5
	//perfproof:ignoreall not a directive
	_ = 6
}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	x := New(fset, []*ast.File{f})
	for _, tc := range []struct {
		check string
		line  int
		want  string // the reason, "" for not silenced
	}{
		{"fmtnumber", 4, "trailing: this line only"},
		{"compileonce", 4, ""},                                              // another check
		{"compileonce", 10, "whole function: built per tenant at start-up"}, // func B's line
		{"compileonce", 11, "whole function: built per tenant at start-up"},
		{"reuse", 13, "whole function: built per tenant at start-up"},
		{"fmtnumber", 11, ""},
		{"compileonce", 16, ""}, // outside B
		{"trimloop", 17, "the cookie has at most 3 entries"},
		{"trimloop", 18, ""}, // two lines below the directive
		{"trimloop", 20, ""}, // no reason: silences nothing
		{"trimloop", 22, ""}, // not a directive
	} {
		d, ok := x.Lookup(tc.check, token.Position{Filename: "p.go", Line: tc.line})
		if ok != (tc.want != "") || d.Reason != tc.want {
			t.Errorf("Lookup(%s, line %d) = %q, %v; want %q", tc.check, tc.line, d.Reason, ok, tc.want)
		}
	}
	if len(x.Malformed) != 1 || fset.Position(x.Malformed[0].Pos).Line != 19 {
		t.Errorf("Malformed = %v, want one at line 19", x.Malformed)
	}
}
