package tidy

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// The files in testdata/output are clang-tidy 14's standard output,
// captured on Debian 12: orders.out for the fixture project in
// testdata/orders (absolute names, as CMake writes them), notes.out and
// aserrors.out for testdata/output/notes.cc compiled in /tmp/tmp.YBRkl0w2hD/corp
// with a relative file name (so that the main file's diagnostics are
// relative and some notes absolute), the second with
// -warnings-as-errors='*'; broken.out for broken.cc, which does not
// compile; missing.out (standard error included) for a file that does
// not exist.

const corp = "/tmp/tmp.YBRkl0w2hD/corp"

func parseFile(t *testing.T, name, dir string) []Diagnostic {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "output", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ds, err := Parse(f, dir)
	if err != nil {
		t.Fatalf("Parse(%s) error: %v", name, err)
	}
	return ds
}

func TestParseRealOutput(t *testing.T) {
	const orders = "/work/main/cxx/tidy/testdata/orders/"
	notes := corp + "/notes.cc"
	widenNotes := []Note{
		{File: notes, Line: 21, Column: 35, Message: "make conversion explicit to silence this warning"},
		{File: notes, Line: 21, Column: 35, Message: "perform multiplication in a wider type"},
	}
	tests := []struct {
		file string
		want []Diagnostic
	}{
		{"orders.out", []Diagnostic{
			{File: orders + "orders.cc", Line: 5, Column: 13, Level: LevelWarning,
				Message: "loop variable is copied but only used as const reference; consider making it a const reference",
				Checks:  []string{"performance-for-range-copy"}},
			{File: orders + "orders.cc", Line: 12, Column: 79, Level: LevelWarning,
				Message: "the parameter 'sep' is copied for each invocation but only used as a const reference; consider making it a const reference",
				Checks:  []string{"performance-unnecessary-value-param"}},
			{File: orders + "orders.cc", Line: 14, Column: 13, Level: LevelWarning,
				Message: "loop variable is copied but only used as const reference; consider making it a const reference",
				Checks:  []string{"performance-for-range-copy"}},
			{File: orders + "orders_bench.cc", Line: 13, Column: 5, Level: LevelWarning,
				Message: "'push_back' is called inside a loop; consider pre-allocating the container capacity before the loop",
				Checks:  []string{"performance-inefficient-vector-operation"}},
		}},
		{"notes.out", []Diagnostic{
			{File: notes, Line: 10, Column: 27, Level: LevelWarning, Message: "'a' used after it was moved",
				Checks: []string{"bugprone-use-after-move"},
				Notes:  []Note{{File: notes, Line: 9, Column: 19, Message: "move occurred here"}}},
			{File: notes, Line: 14, Column: 3, Level: LevelWarning, Message: "if with identical then and else branches",
				Checks: []string{"bugprone-branch-clone"},
				Notes:  []Note{{File: notes, Line: 16, Column: 5, Message: "else branch starts here"}}},
			{File: notes, Line: 21, Column: 35, Level: LevelWarning,
				Message: "performing an implicit widening conversion to type 'long' of a multiplication performed in type 'int'",
				Checks:  []string{"bugprone-implicit-widening-of-multiplication-result"}, Notes: widenNotes},
		}},
		{"broken.out", []Diagnostic{
			{File: corp + "/broken.cc", Line: 2, Column: 18, Level: LevelError,
				Message: "use of undeclared identifier 'undefined_name'", Checks: []string{CompileErrorCheck}},
		}},
		{"missing.out", []Diagnostic{
			{Level: LevelError, Message: "no input files", Checks: []string{CompileErrorCheck}},
			{Level: LevelError, Message: "no such file or directory: '" + corp + "/missing.cc'", Checks: []string{CompileErrorCheck}},
			{Level: LevelError, Message: "unable to handle compilation, expected exactly one compiler job in ''", Checks: []string{CompileErrorCheck}},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			got := parseFile(t, tt.file, corp)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Parse(%s) =\n%+v\nwant\n%+v", tt.file, got, tt.want)
			}
		})
	}
}

func TestParseWarningsAsErrors(t *testing.T) {
	plain := parseFile(t, "notes.out", corp)
	strict := parseFile(t, "aserrors.out", corp)
	if len(strict) != len(plain) {
		t.Fatalf("Parse(aserrors.out) gave %d diagnostics, want %d as in notes.out", len(strict), len(plain))
	}
	for i := range strict {
		if strict[i].Level != LevelError {
			t.Errorf("diagnostic %d level %q, want error", i, strict[i].Level)
		}
		strict[i].Level = LevelWarning
		if !reflect.DeepEqual(strict[i], plain[i]) {
			t.Errorf("diagnostic %d = %+v, want %+v (the check without -warnings-as-errors)", i, strict[i], plain[i])
		}
	}
}

func TestParseEdges(t *testing.T) {
	tests := []struct {
		name, in string
		want     []Diagnostic
		wantErr  bool
	}{
		{"empty", "", nil, false},
		{"summary lines only", "8907 warnings generated.\nSuppressed 8904 warnings (8904 in non-user code).\n", nil, false},
		{"crlf and aliases", "a.cc:1:2: warning: m [cert-err58-cpp,bugprone-x]\r\n", []Diagnostic{
			{File: "/d/a.cc", Line: 1, Column: 2, Level: LevelWarning, Message: "m", Checks: []string{"cert-err58-cpp", "bugprone-x"}}}, false},
		{"colon in directory", "/x:y/a.cc:7:1: warning: m [c]\n", []Diagnostic{
			{File: "/x:y/a.cc", Line: 7, Column: 1, Level: LevelWarning, Message: "m", Checks: []string{"c"}}}, false},
		{"note first stands alone", "a.cc:3:4: note: lonely\n", []Diagnostic{
			{File: "/d/a.cc", Line: 3, Column: 4, Level: LevelNote, Message: "lonely"}}, false},
		{"brackets inside the message", "a.cc:1:1: warning: use [x] here [c]\n", []Diagnostic{
			{File: "/d/a.cc", Line: 1, Column: 1, Level: LevelWarning, Message: "use [x] here", Checks: []string{"c"}}}, false},
		{"line zero", "a.cc:0:1: warning: m [c]\n", nil, true},
		{"line overflow", "a.cc:99999999999999999999:1: warning: m [c]\n", nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Parse(strings.NewReader(tt.in), "/d")
			var se *SyntaxError
			if tt.wantErr {
				if !errors.As(err, &se) || se.Line != 1 {
					t.Fatalf("Parse(%q) error = %v, want a *SyntaxError at line 1", tt.in, err)
				}
				return
			}
			if err != nil {
				t.Fatalf("Parse(%q) error: %v", tt.in, err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Parse(%q) = %+v, want %+v", tt.in, got, tt.want)
			}
		})
	}
}

func TestFinding(t *testing.T) {
	ds := parseFile(t, "notes.out", corp)
	f := Finding(ds[0])
	if f.Analyzer != "clang-tidy/bugprone-use-after-move" || f.File != corp+"/notes.cc" || f.Line != 10 || f.Column != 27 {
		t.Errorf("Finding(%+v) = %+v, want clang-tidy/bugprone-use-after-move at notes.cc:10:27", ds[0], f)
	}
	if f.Note != "move occurred here (notes.cc:9)" {
		t.Errorf("Finding note = %q, want %q", f.Note, "move occurred here (notes.cc:9)")
	}
	if f.Cost != nil {
		t.Errorf("Finding cost = %+v, want nil (not measured)", f.Cost)
	}
}

func FuzzParse(f *testing.F) {
	files, err := filepath.Glob(filepath.Join("testdata", "output", "*.out"))
	if err != nil || len(files) == 0 {
		f.Fatalf("no seed corpus: %v", err)
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(data))
	}
	f.Fuzz(func(t *testing.T, in string) {
		ds, err := Parse(strings.NewReader(in), "/build")
		var se *SyntaxError
		if err != nil && !errors.As(err, &se) {
			t.Fatalf("Parse error %v is not a *SyntaxError", err)
		}
		for _, d := range ds {
			switch d.Level {
			case LevelError, LevelWarning, LevelNote, LevelRemark:
			default:
				t.Fatalf("diagnostic %+v has level %q", d, d.Level)
			}
			if d.File != "" && (!filepath.IsAbs(d.File) || d.Line < 1 || d.Column < 1) {
				t.Fatalf("diagnostic %+v: file not absolute or position not 1-based", d)
			}
			if d.File == "" && (d.Line != 0 || d.Column != 0) {
				t.Fatalf("diagnostic %+v: position without a file", d)
			}
			for _, c := range d.Checks {
				if c == "" || c == "-warnings-as-errors" {
					t.Fatalf("diagnostic %+v: check %q kept", d, c)
				}
			}
			for _, n := range d.Notes {
				if n.File != "" && (!filepath.IsAbs(n.File) || n.Line < 1) {
					t.Fatalf("note %+v: file not absolute or line not 1-based", n)
				}
			}
			if strings.Contains(d.Message, "\n") {
				t.Fatalf("diagnostic %+v: message spans lines", d)
			}
		}
	})
}
