package fiximport_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/perfproof/perfproof/analysis/internal/fiximport"
)

// stdOrFake imports standard packages from source and gives any other
// path a package whose only member is the int variable X, so that test
// files can have third-party imports.
type stdOrFake struct{ std types.Importer }

func (im stdOrFake) Import(path string) (*types.Package, error) {
	if first, _, _ := strings.Cut(path, "/"); strings.Contains(first, ".") {
		p := types.NewPackage(path, path[strings.LastIndex(path, "/")+1:])
		p.Scope().Insert(types.NewVar(token.NoPos, p, "X", types.Typ[types.Int]))
		p.MarkComplete()
		return p, nil
	}
	return im.std.Import(path)
}

func TestPrepare(t *testing.T) {
	fset := token.NewFileSet()
	imp := stdOrFake{importer.ForCompiler(fset, "source", nil)}
	for _, tt := range []struct {
		name      string
		src       string
		at        string // the text at the start of the replaced expression
		add, drop string
		wantName  string
		want      string // src after the edits, or "" if ok is false
	}{
		{
			name: "last use of fmt becomes strconv in place",
			src: `package p

import (
	"fmt"
	"os"
)

var _ = os.Args

func f(n int) string { return fmt.Sprint(n) }
`,
			at: "fmt.Sprint", add: "strconv", drop: "fmt", wantName: "strconv",
			want: `package p

import (
	"strconv"
	"os"
)

var _ = os.Args

func f(n int) string { return fmt.Sprint(n) }
`,
		},
		{
			name: "fmt still used: strconv added after the last standard import",
			src: `package p

import (
	"fmt"
	"os"

	"example.com/z"
)

var _, _ = os.Args, z.X

func f(n int) string { fmt.Println(); return fmt.Sprint(n) }
`,
			at: "fmt.Sprint", add: "strconv", drop: "fmt", wantName: "strconv",
			want: `package p

import (
	"fmt"
	"os"
	"strconv"

	"example.com/z"
)

var _, _ = os.Args, z.X

func f(n int) string { fmt.Println(); return fmt.Sprint(n) }
`,
		},
		{
			name: "strconv added before a later standard import",
			src: `package p

import (
	"fmt"
	"unicode"
)

var _ = unicode.IsUpper

func f(n int) string { fmt.Println(); return fmt.Sprint(n) }
`,
			at: "fmt.Sprint", add: "strconv", drop: "fmt", wantName: "strconv",
			want: `package p

import (
	"fmt"
	"strconv"
	"unicode"
)

var _ = unicode.IsUpper

func f(n int) string { fmt.Println(); return fmt.Sprint(n) }
`,
		},
		{
			name: "strconv imported under another name: its line stays, fmt's goes",
			src: `package p

import (
	"fmt"
	sc "strconv"
)

var _ = sc.Itoa

func f(n int) string { return fmt.Sprint(n) }
`,
			at: "fmt.Sprint", add: "strconv", drop: "fmt", wantName: "sc",
			want: `package p

import (
	sc "strconv"
)

var _ = sc.Itoa

func f(n int) string { return fmt.Sprint(n) }
`,
		},
		{
			name: "named fmt import cannot take the new path",
			src: `package p

import (
	f "fmt"
	"os"
)

var _ = os.Args

func g(n int) string { return f.Sprint(n) }
`,
			at: "f.Sprint", add: "strconv", drop: "fmt", wantName: "strconv",
			want: `package p

import (
	"os"
	"strconv"
)

var _ = os.Args

func g(n int) string { return f.Sprint(n) }
`,
		},
		{
			name: "single import declaration gets a declaration after it",
			src: `package p

import "fmt"

func f(n int) string { fmt.Println(); return fmt.Sprint(n) }
`,
			at: "fmt.Sprint", add: "strconv", drop: "fmt", wantName: "strconv",
			want: `package p

import "fmt"
import "strconv"

func f(n int) string { fmt.Println(); return fmt.Sprint(n) }
`,
		},
		{
			name: "imports sharing a line get a declaration after them",
			src: `package p

import ("fmt"; "os")

var _ = os.Args

func f(n int) string { fmt.Println(); return fmt.Sprint(n) }
`,
			at: "fmt.Sprint", add: "strconv", drop: "fmt", wantName: "strconv",
			want: `package p

import ("fmt"; "os")
import "strconv"

var _ = os.Args

func f(n int) string { fmt.Println(); return fmt.Sprint(n) }
`,
		},
		{
			name: "drop only",
			src: `package p

import (
	"fmt"
	"io"
)

func f(w io.Writer, s string) { fmt.Fprint(w, s) }
`,
			at: "fmt.Fprint", add: "", drop: "fmt", wantName: "",
			want: `package p

import (
	"io"
)

func f(w io.Writer, s string) { fmt.Fprint(w, s) }
`,
		},
		{
			name: "add only, to a file without imports",
			src: `package p

func f() int { return 200 }
`,
			at: "200", add: "net/http", wantName: "http",
			want: `package p

import "net/http"

func f() int { return 200 }
`,
		},
		{
			name: "add only, to the first import declaration",
			src: `package p

import (
	"os"
	"time"
)

var _ = os.Args

func f(t time.Time) string { return t.Format(time.RFC1123) }
`,
			at: "t.Format", add: "net/http", wantName: "http",
			want: `package p

import (
	"net/http"
	"os"
	"time"
)

var _ = os.Args

func f(t time.Time) string { return t.Format(time.RFC1123) }
`,
		},
		{
			name: "imported strconv shadowed at the call",
			src: `package p

import (
	"fmt"
	"strconv"
)

var _ = strconv.Itoa

func f(strconv int) string { return fmt.Sprint(strconv) }
`,
			at: "fmt.Sprint", add: "strconv", drop: "fmt",
		},
		{
			name: "name strconv taken at the call",
			src: `package p

import "fmt"

func f(n int) string { strconv := n; return fmt.Sprint(strconv) }
`,
			at: "fmt.Sprint", add: "strconv", drop: "fmt",
		},
		{
			name: "blank import of the added package",
			src: `package p

import (
	"fmt"
	_ "strconv"
)

func f(n int) string { return fmt.Sprint(n) }
`,
			at: "fmt.Sprint", add: "strconv", drop: "fmt",
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			file, err := parser.ParseFile(fset, "p.go", tt.src, parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			info := &types.Info{
				Defs:      make(map[*ast.Ident]types.Object),
				Uses:      make(map[*ast.Ident]types.Object),
				Implicits: make(map[ast.Node]types.Object),
				Scopes:    make(map[ast.Node]*types.Scope),
			}
			pkg, err := (&types.Config{Importer: imp}).Check("p", fset, []*ast.File{file}, info)
			if err != nil {
				t.Fatal(err)
			}
			pass := &analysis.Pass{Fset: fset, Files: []*ast.File{file}, Pkg: pkg, TypesInfo: info}
			tf := fset.File(file.Pos())
			off := strings.Index(tt.src, tt.at)
			if off < 0 {
				t.Fatalf("%q not in the source", tt.at)
			}
			name, edits, ok := fiximport.New(pass).Prepare(file, tf.Pos(off), tt.add, tt.drop)
			if tt.want == "" {
				if ok {
					t.Errorf("Prepare(%q, %q) = %q, %d edits, true; want false", tt.add, tt.drop, name, len(edits))
				}
				return
			}
			if !ok {
				t.Fatalf("Prepare(%q, %q) = false, want true", tt.add, tt.drop)
			}
			if name != tt.wantName {
				t.Errorf("Prepare(%q, %q) name = %q, want %q", tt.add, tt.drop, name, tt.wantName)
			}
			if got := apply(tf, tt.src, edits); got != tt.want {
				t.Errorf("Prepare(%q, %q) edits give\n%s\nwant\n%s", tt.add, tt.drop, got, tt.want)
			}
		})
	}
}

// apply returns src with the non-overlapping edits applied.
func apply(tf *token.File, src string, edits []analysis.TextEdit) string {
	edits = slices.Clone(edits)
	slices.SortFunc(edits, func(a, b analysis.TextEdit) int { return int(b.Pos - a.Pos) })
	for _, e := range edits {
		start, end := tf.Offset(e.Pos), tf.Offset(e.End)
		src = src[:start] + string(e.NewText) + src[end:]
	}
	return src
}
