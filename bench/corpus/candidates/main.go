// Command candidates lists syntactic candidates of costly patterns in Go
// source trees, independently of perfproof's checks, as the starting point of
// the recall sample (labels/recall.tsv): every candidate still has to be read
// and judged hot or not by hand. It parses files only (no types), skips
// _test.go files unless -tests, and prints "pattern<TAB>file:line<TAB>code".
//
//	go run ./bench/corpus/candidates [-tests] DIR...
//
// Patterns: defer-in-loop, concat-in-loop (s += with a string operand),
// marshal-in-loop (json/xml/proto Marshal or an Encoder's Encode inside a
// loop), append-no-cap (a slice declared without capacity, then appended to
// in a range loop's body), map-no-cap (make(map) without size, then filled
// in a range loop's body), two-writes (two consecutive Write/WriteString
// calls on the same receiver), new-buffer (a bytes.Buffer, strings.Builder
// or bufio.Writer made in a function body), regexp-in-func (regexp compiled
// inside a function), fmt-number (fmt.Sprint/Sprintf with a lone %d, %x,
// %v or a quoted %x/%q/%s format), time-format (a Format call whose argument
// names a time layout).
package main

import (
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

var tests = flag.Bool("tests", false, "include _test.go files")

type cand struct {
	pattern, pos, code string
}

var out []cand

func main() {
	flag.Parse()
	for _, root := range flag.Args() {
		filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			if d.IsDir() {
				if n := d.Name(); n == "vendor" || n == "testdata" || (strings.HasPrefix(n, ".") && path != root) {
					return filepath.SkipDir
				}
				return nil
			}
			if !strings.HasSuffix(path, ".go") || (!*tests && strings.HasSuffix(path, "_test.go")) {
				return nil
			}
			scanFile(path)
			return nil
		})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].pattern != out[j].pattern {
			return out[i].pattern < out[j].pattern
		}
		return out[i].pos < out[j].pos
	})
	for _, c := range out {
		fmt.Printf("%s\t%s\t%s\n", c.pattern, c.pos, c.code)
	}
}

var (
	fset   = token.NewFileSet()
	src    []byte
	fmtNum = regexp.MustCompile(`^("|` + "`" + `)(\\?"?%[dxXvqs]\\?"?|"%[xXqs]")("|` + "`" + `)$`)
	layout = regexp.MustCompile(`RFC|Kitchen|Stamp|TimeFormat|ANSIC|DateTime|DateOnly|TimeOnly|2006|[Ll]ayout|[Ff]ormat`)
)

func scanFile(path string) {
	var err error
	src, err = os.ReadFile(path)
	if err != nil {
		return
	}
	f, err := parser.ParseFile(fset, path, src, 0)
	if err != nil {
		return
	}
	for _, decl := range f.Decls {
		fd, ok := decl.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		walk(fd.Body, 0)
		scanBlocks(fd.Body)
	}
}

func add(pattern string, n ast.Node) {
	p := fset.Position(n.Pos())
	end := fset.Position(n.End())
	code := string(src[p.Offset:min(end.Offset, p.Offset+100)])
	code = strings.Join(strings.Fields(code), " ")
	out = append(out, cand{pattern, fmt.Sprintf("%s:%d", p.Filename, p.Line), code})
}

func sel(e ast.Expr) (string, string) {
	if c, ok := e.(*ast.CallExpr); ok {
		e = c.Fun
	}
	s, ok := e.(*ast.SelectorExpr)
	if !ok {
		return "", ""
	}
	if id, ok := s.X.(*ast.Ident); ok {
		return id.Name, s.Sel.Name
	}
	return "?", s.Sel.Name
}

// walk visits n with the loop depth; function literals reset it.
func walk(n ast.Node, loops int) {
	ast.Inspect(n, func(m ast.Node) bool {
		switch m := m.(type) {
		case *ast.FuncLit:
			walk(m.Body, 0)
			return false
		case *ast.ForStmt:
			if m.Init != nil {
				walk(m.Init, loops)
			}
			walk(m.Body, loops+1)
			return false
		case *ast.RangeStmt:
			walk(m.X, loops)
			walk(m.Body, loops+1)
			return false
		case *ast.DeferStmt:
			if loops > 0 {
				add("defer-in-loop", m)
			}
		case *ast.AssignStmt:
			if loops > 0 && m.Tok == token.ADD_ASSIGN && len(m.Rhs) == 1 && stringish(m.Rhs[0]) {
				add("concat-in-loop", m)
			}
			if loops > 0 && m.Tok == token.ASSIGN && len(m.Lhs) == 1 && len(m.Rhs) == 1 {
				if b, ok := m.Rhs[0].(*ast.BinaryExpr); ok && b.Op == token.ADD && sameExpr(b.X, m.Lhs[0]) && stringish(b.Y) {
					add("concat-in-loop", m)
				}
			}
		case *ast.CallExpr:
			pkg, name := sel(m)
			switch {
			case loops > 0 && (pkg == "json" || pkg == "xml" || pkg == "proto" || pkg == "jsoniter" || pkg == "msgpack") && strings.HasPrefix(name, "Marshal"):
				add("marshal-in-loop", m)
			case loops > 0 && name == "Encode" && pkg != "" && pkg != "?" && len(m.Args) == 1:
				add("marshal-in-loop", m)
			case pkg == "regexp" && (strings.HasPrefix(name, "Compile") || strings.HasPrefix(name, "MustCompile") || name == "MatchString" || name == "Match"):
				add("regexp-in-func", m)
			case pkg == "fmt" && (name == "Sprintf" || name == "Sprint") && len(m.Args) >= 1:
				if name == "Sprint" && len(m.Args) == 1 {
					add("fmt-number", m)
				} else if lit, ok := m.Args[0].(*ast.BasicLit); ok && len(m.Args) == 2 && fmtNum.MatchString(lit.Value) {
					add("fmt-number", m)
				}
			case name == "Format" && len(m.Args) == 1 && pkg != "strconv" && pkg != "fmt":
				if layout.MatchString(exprString(m.Args[0])) {
					add("time-format", m)
				}
			case (pkg == "bytes" && (name == "NewBuffer" || name == "NewBufferString")) || (pkg == "bufio" && (name == "NewWriter" || name == "NewWriterSize")):
				add("new-buffer", m)
			}
		case *ast.ValueSpec:
			if t, ok := m.Type.(*ast.SelectorExpr); ok {
				if id, ok := t.X.(*ast.Ident); ok && ((id.Name == "bytes" && t.Sel.Name == "Buffer") || (id.Name == "strings" && t.Sel.Name == "Builder")) {
					add("new-buffer", m)
				}
			}
		case *ast.UnaryExpr:
			if cl, ok := m.X.(*ast.CompositeLit); ok && m.Op == token.AND {
				if t, ok := cl.Type.(*ast.SelectorExpr); ok && ((exprString(t) == "bytes.Buffer") || exprString(t) == "strings.Builder") {
					add("new-buffer", m)
				}
			}
		}
		return true
	})
}

func exprString(e ast.Expr) string {
	p, q := fset.Position(e.Pos()), fset.Position(e.End())
	return string(src[p.Offset:q.Offset])
}

func sameExpr(a, b ast.Expr) bool { return exprString(a) == exprString(b) }

func stringish(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.BasicLit:
		return e.Kind == token.STRING
	case *ast.BinaryExpr:
		return stringish(e.X) || stringish(e.Y)
	case *ast.CallExpr:
		pkg, name := sel(e)
		if pkg == "fmt" && strings.HasPrefix(name, "Sprint") || pkg == "strconv" && (strings.HasPrefix(name, "Itoa") || strings.HasPrefix(name, "Format") || strings.HasPrefix(name, "Quote")) || pkg == "strings" {
			return true
		}
		if id, ok := e.Fun.(*ast.Ident); ok && id.Name == "string" {
			return true
		}
	}
	return false
}

// scanBlocks finds, in every block, slices and maps made without capacity
// and filled by a range loop later in the same block, and two consecutive
// writes on one receiver.
func scanBlocks(body *ast.BlockStmt) {
	ast.Inspect(body, func(n ast.Node) bool {
		b, ok := n.(*ast.BlockStmt)
		if !ok {
			return true
		}
		for i, st := range b.List {
			// two-writes
			if i+1 < len(b.List) {
				if r1, ok := writeRecv(st); ok {
					if r2, ok := writeRecv(b.List[i+1]); ok && r1 == r2 {
						add("two-writes", st)
					}
				}
			}
			name, kind := noCapDecl(st)
			if name == "" {
				continue
			}
			for _, later := range b.List[i+1:] {
				rs, ok := later.(*ast.RangeStmt)
				if !ok {
					continue
				}
				if fillsDirectly(rs.Body, name, kind) {
					add(kind, st)
				}
				break
			}
		}
		return true
	})
}

func writeRecv(st ast.Stmt) (string, bool) {
	var call *ast.CallExpr
	switch s := st.(type) {
	case *ast.ExprStmt:
		call, _ = s.X.(*ast.CallExpr)
	case *ast.AssignStmt:
		if len(s.Rhs) == 1 {
			call, _ = s.Rhs[0].(*ast.CallExpr)
		}
	case *ast.IfStmt:
		if a, ok := s.Init.(*ast.AssignStmt); ok && len(a.Rhs) == 1 {
			call, _ = a.Rhs[0].(*ast.CallExpr)
		}
	}
	if call == nil {
		return "", false
	}
	s, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || (s.Sel.Name != "Write" && s.Sel.Name != "WriteString") {
		return "", false
	}
	return exprString(s.X), true
}

// noCapDecl matches x := make([]T, 0), var x []T, x := []T{}, x := make(map[K]V), x := map[K]V{}.
func noCapDecl(st ast.Stmt) (string, string) {
	switch s := st.(type) {
	case *ast.DeclStmt:
		g, ok := s.Decl.(*ast.GenDecl)
		if !ok || len(g.Specs) != 1 {
			return "", ""
		}
		vs, ok := g.Specs[0].(*ast.ValueSpec)
		if !ok || len(vs.Names) != 1 || len(vs.Values) != 0 {
			return "", ""
		}
		if at, ok := vs.Type.(*ast.ArrayType); ok && at.Len == nil {
			return vs.Names[0].Name, "append-no-cap"
		}
	case *ast.AssignStmt:
		if s.Tok != token.DEFINE || len(s.Lhs) != 1 || len(s.Rhs) != 1 {
			return "", ""
		}
		id, ok := s.Lhs[0].(*ast.Ident)
		if !ok {
			return "", ""
		}
		switch r := s.Rhs[0].(type) {
		case *ast.CallExpr:
			if f, ok := r.Fun.(*ast.Ident); ok && f.Name == "make" {
				switch r.Args[0].(type) {
				case *ast.ArrayType:
					if len(r.Args) == 2 {
						if lit, ok := r.Args[1].(*ast.BasicLit); ok && lit.Value == "0" {
							return id.Name, "append-no-cap"
						}
					}
				case *ast.MapType:
					if len(r.Args) == 1 {
						return id.Name, "map-no-cap"
					}
				}
			}
		case *ast.CompositeLit:
			if len(r.Elts) == 0 {
				switch r.Type.(type) {
				case *ast.ArrayType:
					return id.Name, "append-no-cap"
				case *ast.MapType:
					return id.Name, "map-no-cap"
				}
			}
		}
	}
	return "", ""
}

// fillsDirectly reports whether the loop body appends to (or, for maps,
// assigns into) name in a statement directly in the body, not under a
// condition.
func fillsDirectly(body *ast.BlockStmt, name, kind string) bool {
	for _, st := range body.List {
		a, ok := st.(*ast.AssignStmt)
		if !ok || len(a.Lhs) != 1 || len(a.Rhs) != 1 {
			continue
		}
		if kind == "append-no-cap" {
			if id, ok := a.Lhs[0].(*ast.Ident); ok && id.Name == name {
				if c, ok := a.Rhs[0].(*ast.CallExpr); ok {
					if f, ok := c.Fun.(*ast.Ident); ok && f.Name == "append" && len(c.Args) == 2 {
						return true
					}
				}
			}
		} else if ix, ok := a.Lhs[0].(*ast.IndexExpr); ok {
			if id, ok := ix.X.(*ast.Ident); ok && id.Name == name {
				return true
			}
		}
	}
	return false
}
