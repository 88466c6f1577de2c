package prove

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// codeDir writes files into a new directory and returns it.
func codeDir(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const codeBase = `package p

import "testing"

var sink int

func BenchmarkSum(b *testing.B) {
	xs := []int{1, 2, 3}
	for b.Loop() {
		sink = sum(xs)
	}
}

func BenchmarkSub(b *testing.B) {
	b.Run("small", benchSmall)
	b.Run("big", func(b *testing.B) {
		for b.Loop() {
			sink = fill(1000)
		}
	})
}

func benchSmall(b *testing.B) {
	for b.Loop() {
		sink = fill(10)
	}
}

func fill(n int) int { return n * 2 }
`

func TestCompareCode(t *testing.T) {
	src := map[string]string{"p.go": "package p\n\nfunc sum(xs []int) int { return len(xs) }\n", "p_test.go": codeBase}
	old := codeDir(t, src)
	tests := []struct {
		name    string
		newTest string // the new p_test.go
		newCode string // the new p.go; "" keeps the old one
		fn      string
		status  CodeStatus
		changed []string
	}{
		{"identical", codeBase, "", "BenchmarkSum", CodeSame, nil},
		{"formatting and comments", `package p

import "testing"

var sink int

// BenchmarkSum sums.
func BenchmarkSum(b *testing.B) {
	xs := []int{
		1,
		2,
		3,
	}

	for b.Loop() { // the loop
		sink = sum(xs) /* the call */
	}
}

func BenchmarkSub(b *testing.B) {
	b.Run("small", benchSmall)
	b.Run("big", func(b *testing.B) { for b.Loop() { sink = fill(1000) } })
}

func benchSmall(b *testing.B) {
	for b.Loop() {
		sink = fill(10)
	}
}

func fill(n int) int {
	// Reformatted, same code.
	return n * 2
}
`, "", "BenchmarkSum", CodeSame, nil},
		{"changed loop body", replace(t, codeBase, "sink = sum(xs)", "sink = sum(xs) + sum(xs)"), "", "BenchmarkSum", CodeChanged, []string{"BenchmarkSum"}},
		{"changed literal", replace(t, codeBase, "[]int{1, 2, 3}", "[]int{1, 2, 3, 4}"), "", "BenchmarkSum", CodeChanged, []string{"BenchmarkSum"}},
		{"code under test changed", codeBase, "package p\n\nfunc sum(xs []int) int { return 2 * len(xs) }\n", "BenchmarkSum", CodeSame, nil},
		{"helper passed as a value changed", replace(t, codeBase, "fill(10)", "fill(20)"), "", "BenchmarkSub", CodeChanged, []string{"benchSmall"}},
		{"helper called changed", replace(t, codeBase, "return n * 2", "return n * 3"), "", "BenchmarkSub", CodeChanged, []string{"fill"}},
		{"own body and helper", replace(t, replace(t, codeBase, "return n * 2", "return n * 3"), "fill(1000)", "fill(999)"), "", "BenchmarkSub", CodeChanged, []string{"BenchmarkSub", "fill"}},
		{"helper not referred to", replace(t, codeBase, "return n * 2", "return n * 3"), "", "BenchmarkSum", CodeSame, nil},
		{"renamed", replace(t, codeBase, "BenchmarkSum", "BenchmarkTotal"), "", "BenchmarkSum", CodeOnlyOld, nil},
		{"renamed, new name", replace(t, codeBase, "BenchmarkSum", "BenchmarkTotal"), "", "BenchmarkTotal", CodeOnlyNew, nil},
		{"absent", codeBase, "", "BenchmarkNone", CodeNotFound, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			nsrc := map[string]string{"p.go": src["p.go"], "p_test.go": tt.newTest}
			if tt.newCode != "" {
				nsrc["p.go"] = tt.newCode
			}
			new := codeDir(t, nsrc)
			d := CompareCode(old, new, tt.fn)
			if d.Status != tt.status || !slices.Equal(d.Changed, tt.changed) || d.Func != tt.fn || d.Err != nil {
				t.Errorf("CompareCode(%s) = %v %q (err %v), want %v %q", tt.fn, d.Status, d.Changed, d.Err, tt.status, tt.changed)
			}
			if own := len(tt.changed) > 0 && tt.changed[0] == tt.fn; d.OwnChanged() != own {
				t.Errorf("CompareCode(%s).OwnChanged() = %v, want %v", tt.fn, d.OwnChanged(), own)
			}
		})
	}
}

func TestCompareCodeScopes(t *testing.T) {
	base := map[string]string{
		"p_test.go": `package p

import "testing"

func BenchmarkX(b *testing.B) {
	fill := func() int { return 1 }
	for b.Loop() {
		_ = fill()
	}
}
`,
		"helpers_test.go": "package p\n\nfunc fill() int { return 1 }\n",
		"x_test.go":       "package p_test\n\nimport \"testing\"\n\nfunc BenchmarkExt(b *testing.B) { for b.Loop() { ext() } }\n\nfunc ext() {}\n",
		"other_test.go":   "//go:build ignore\n\npackage p\n\nfunc BenchmarkX() {}\n",
	}
	old := codeDir(t, base)
	changed := map[string]string{}
	for k, v := range base {
		changed[k] = v
	}
	// fill in the other file changes, but BenchmarkX refers to its local
	// variable of that name; ext, in the external test package, changes.
	changed["helpers_test.go"] = "package p\n\nfunc fill() int { return 2 }\n"
	changed["x_test.go"] = "package p_test\n\nimport \"testing\"\n\nfunc BenchmarkExt(b *testing.B) { for b.Loop() { ext() } }\n\nfunc ext() { println() }\n"
	changed["other_test.go"] = "//go:build ignore\n\npackage p\n\nfunc BenchmarkX() { println() }\n"
	new := codeDir(t, changed)
	if d := CompareCode(old, new, "BenchmarkX"); d.Status != CodeSame {
		t.Errorf("CompareCode(BenchmarkX) = %v %q, want same (a local variable shadows the helper; an ignored file does not count)", d.Status, d.Changed)
	}
	if d := CompareCode(old, new, "BenchmarkExt"); d.Status != CodeChanged || !slices.Equal(d.Changed, []string{"ext"}) {
		t.Errorf("CompareCode(BenchmarkExt) = %v %q, want changed [ext] (external test package)", d.Status, d.Changed)
	}
	// A file that does not parse: the benchmark is not found, and the
	// error says why.
	bad := codeDir(t, map[string]string{"p_test.go": "package p\n\nfunc BenchmarkX(b *testing.B) {\n"})
	if d := CompareCode(bad, bad, "BenchmarkX"); d.Status != CodeNotFound || d.Err == nil {
		t.Errorf("CompareCode(unparsable) = %v, %v; want not found with an error", d.Status, d.Err)
	}
	if d := CompareCode(filepath.Join(old, "nosuch"), old, "BenchmarkX"); d.Status != CodeOnlyNew || !errors.Is(d.Err, os.ErrNotExist) {
		t.Errorf("CompareCode(missing dir) = %v, %v; want only new with ErrNotExist", d.Status, d.Err)
	}
}

func TestBenchmarkFunc(t *testing.T) {
	for name, want := range map[string]string{"X": "BenchmarkX", "X/sub=1": "BenchmarkX", "X/a/b": "BenchmarkX", "": "Benchmark"} {
		if got := BenchmarkFunc(name); got != want {
			t.Errorf("BenchmarkFunc(%q) = %q, want %q", name, got, want)
		}
	}
	for s, want := range map[CodeStatus]string{CodeNotCompared: "not compared", CodeSame: "same", CodeChanged: "changed", CodeOnlyOld: "only old", CodeOnlyNew: "only new", CodeNotFound: "not found"} {
		if s.String() != want {
			t.Errorf("CodeStatus(%d).String() = %q, want %q", int(s), s, want)
		}
	}
}

// replace returns s with the first old replaced by new; old must occur.
func replace(t *testing.T, s, old, new string) string {
	t.Helper()
	if !strings.Contains(s, old) {
		t.Fatalf("replace: %q not in the source", old)
	}
	return strings.Replace(s, old, new, 1)
}
