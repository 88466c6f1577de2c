package scan

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"testing"
)

// named returns a new named type path.name (a struct, or an interface if
// iface), as a package of that path declares it.
func named(path, name string, iface bool) *types.Named {
	pkg := types.NewPackage(path, "p")
	var under types.Type = types.NewStruct(nil, nil)
	if iface {
		under = types.NewInterfaceType(nil, nil).Complete()
	}
	return types.NewNamed(types.NewTypeName(token.NoPos, pkg, name, nil), under, nil)
}

func sigOf(params ...types.Type) *types.Signature {
	vars := make([]*types.Var, len(params))
	for i, t := range params {
		vars[i] = types.NewParam(token.NoPos, nil, "", t)
	}
	return types.NewSignatureType(nil, nil, nil, types.NewTuple(vars...), nil, false)
}

func TestFrameworkHandlers(t *testing.T) {
	ctx := named("context", "Context", true)
	for _, tc := range []struct {
		what string
		sig  *types.Signature
		want string
	}{
		{"gin", sigOf(types.NewPointer(named("github.com/gin-gonic/gin", "Context", false))), "HTTP handler"},
		{"echo v4", sigOf(named("github.com/labstack/echo/v4", "Context", true)), "HTTP handler"},
		{"fiber v2", sigOf(types.NewPointer(named("github.com/gofiber/fiber/v2", "Ctx", false))), "HTTP handler"},
		{"iris v12", sigOf(types.NewPointer(named("github.com/kataras/iris/v12/context", "Context", false))), "HTTP handler"},
		{"beego v2", sigOf(types.NewPointer(named("github.com/beego/beego/v2/server/web/context", "Context", false))), "HTTP handler"},
		{"GoFrame", sigOf(types.NewPointer(named("github.com/gogf/gf/v2/net/ghttp", "Request", false))), "HTTP handler"},
		{"kratos", sigOf(named("github.com/go-kratos/kratos/v2/transport/http", "Context", true)), "HTTP handler"},
		{"hertz", sigOf(ctx, types.NewPointer(named("github.com/cloudwego/hertz/pkg/app", "RequestContext", false))), "HTTP handler"},
		{"goproxy request", sigOf(types.NewPointer(named("net/http", "Request", false)), types.NewPointer(named("github.com/elazarl/goproxy", "ProxyCtx", false))), "HTTP handler"},
		{"goproxy fork's CONNECT", sigOf(types.Typ[types.String], types.NewPointer(named("github.com/stripe/goproxy", "ProxyCtx", false))), "HTTP handler"},
		// near misses
		{"a ProxyCtx of another package", sigOf(types.NewPointer(named("net/http", "Request", false)), types.NewPointer(named("example.com/mygoproxy", "ProxyCtx", false))), ""},
		{"goproxy's context alone", sigOf(types.NewPointer(named("github.com/elazarl/goproxy", "ProxyCtx", false))), ""},
		{"a Context of another package of the framework's module", sigOf(types.NewPointer(named("github.com/kataras/iris/v12/core/router", "Context", false))), ""},
		{"a module whose path only starts like the framework's", sigOf(types.NewPointer(named("github.com/gin-gonic/ginkgo", "Context", false))), ""},
		{"a version suffix without digits", sigOf(types.NewPointer(named("github.com/gin-gonic/gin/vx", "Context", false))), ""},
		{"hertz's context without the context.Context first", sigOf(types.NewPointer(named("github.com/cloudwego/hertz/pkg/app", "RequestContext", false))), ""},
		{"a framework context and another parameter", sigOf(types.NewPointer(named("github.com/gin-gonic/gin", "Context", false)), types.Typ[types.Int]), ""},
	} {
		if got := entryKindSig(tc.sig); got != tc.want {
			t.Errorf("%s: entryKindSig(%v) = %q, want %q", tc.what, tc.sig, got, tc.want)
		}
	}
}

// TestRunsReceived checks which loops run the values they receive (a
// worker pool, a callback serializer) and which consume messages.
func TestRunsReceived(t *testing.T) {
	const src = `package p

type msg struct{ n int }

func pool(tasks chan func()) {
	for fn := range tasks { // runs: yes
		fn()
	}
}

func serializer(q chan any) {
	for { // runs: yes
		select {
		case cb := <-q:
			if f, ok := cb.(func()); ok {
				f()
			}
		}
	}
}

func direct(q chan func(int)) {
	for { // runs: yes
		(<-q)(1)
	}
}

func consumer(ch chan msg, handle func(msg)) {
	for m := range ch { // runs: no
		handle(m)
	}
}

func methods(ch chan interface{ Done() }) {
	for m := range ch { // runs: no
		m.Done()
	}
}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}, Types: map[ast.Expr]types.TypeAndValue{}}
	if _, err := (&types.Config{}).Check("p", fset, []*ast.File{f}, info); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(src, "\n")
	checked := 0
	ast.Inspect(f, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			line := lines[fset.Position(n.Pos()).Line-1]
			_, want, ok := strings.Cut(line, "// runs: ")
			if !ok {
				return true
			}
			checked++
			if got := runsReceived(info, n.(ast.Stmt)); got != (want == "yes") {
				t.Errorf("%s: runsReceived = %v, want %s", strings.TrimSpace(line), got, want)
			}
		}
		return true
	})
	if checked != 5 {
		t.Fatalf("checked %d loops, want 5", checked)
	}
}

// TestFiniteReaders checks that loops reading one document to its end (a
// file line by line, the parts of a multipart body) are not consumer
// loops, while loops reading a connection or os.Stdin are, also through
// an unexported method of the connection's own (a command loop calling
// s.readLine).
func TestFiniteReaders(t *testing.T) {
	const src = `package p

import (
	"bufio"
	"database/sql"
	"mime/multipart"
	"net"
	"os"
)

func grep(name string) {
	fd, _ := os.Open(name)
	r := bufio.NewReader(fd)
	for { // consumer: no
		if _, _, err := r.ReadLine(); err != nil {
			return
		}
	}
}

func parts(mr *multipart.Reader) {
	for { // consumer: no
		if _, err := mr.NextPart(); err != nil {
			return
		}
	}
}

func serve(c net.Conn) {
	r := bufio.NewReader(c)
	for { // consumer: yes
		if _, err := r.ReadString('\n'); err != nil {
			return
		}
	}
}

func pipe() {
	r := bufio.NewReader(os.Stdin)
	for { // consumer: yes
		if _, err := r.ReadBytes('\n'); err != nil {
			return
		}
	}
}

type session struct{ r *bufio.Reader }

func (s *session) readLine() (string, error) { return s.r.ReadString('\n') }

func (s *session) reply(line string) {}

func (s *session) commands() {
	for { // consumer: yes
		line, err := s.readLine()
		if err != nil {
			return
		}
		s.reply(line)
	}
}

func purge(db *sql.DB) {
	for { // consumer: no
		rows, err := db.Query("SELECT id FROM old LIMIT 100")
		if err != nil {
			return
		}
		for rows.Next() {
		}
		rows.Close()
	}
}
`
	checkConsumerMarks(t, src, 6)
}

// TestDrainLoops checks that a range over a channel whose body only
// releases what it receives (closes it, puts it back in a pool) is a
// drain, not a consumer loop, while a loop that does anything else with
// its messages stays a consumer.
func TestDrainLoops(t *testing.T) {
	const src = `package p

import (
	"net"
	"sync"
)

type packet struct{ buf []byte }

var pool sync.Pool

func closeLeft(conns chan net.Conn) {
	for c := range conns { // consumer: no
		_ = c.Close()
	}
}

func putBack(q chan packet) {
	close(q)
	for p := range q { // consumer: no
		pool.Put(p.buf)
	}
}

func discard(q chan packet) {
	for range q { // consumer: no
	}
}

func serve(q chan packet, handle func([]byte)) {
	for p := range q { // consumer: yes
		handle(p.buf)
		pool.Put(p.buf)
	}
}

func closeOther(q chan packet, c net.Conn) {
	for range q { // consumer: yes
		c.Close()
	}
}

func logAndClose(conns chan net.Conn, log func(string)) {
	for c := range conns { // consumer: yes
		log(c.RemoteAddr().String())
		c.Close()
	}
}
`
	checkConsumerMarks(t, src, 6)
}

// checkConsumerMarks type-checks the package src and checks each for or
// range loop marked "// consumer: yes" or "// consumer: no" against
// consumerLoops of its function; want is the number of marked loops.
func checkConsumerMarks(t *testing.T, src string, want int) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}, Types: map[ast.Expr]types.TypeAndValue{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
	if _, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{f}, info); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(src, "\n")
	checked := 0
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		loops := consumerLoops(info, fd.Body, nil)
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			l, ok := n.(ast.Stmt)
			if _, isFor := n.(*ast.ForStmt); !ok || !isFor && !isRange(n) {
				return true
			}
			line := lines[fset.Position(l.Pos()).Line-1]
			_, mark, ok := strings.Cut(line, "// consumer: ")
			if !ok {
				return true
			}
			checked++
			if got := slices.Contains(loops, l); got != (mark == "yes") {
				t.Errorf("%s: %s: a consumer loop = %v, want %s", fd.Name.Name, strings.TrimSpace(line), got, mark)
			}
			return true
		})
	}
	if checked != want {
		t.Fatalf("checked %d marked loops, want %d", checked, want)
	}
}

func isRange(n ast.Node) bool {
	_, ok := n.(*ast.RangeStmt)
	return ok
}
