package scan

import (
	"context"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/perfproof/perfproof/analysis/suite"
	"github.com/perfproof/perfproof/finding"
)

func TestReachable(t *testing.T) {
	var types []typeMethods
	node := func(name, entry, method string, exported bool, calls ...callEdge) *funcNode {
		if method != "" {
			types = append(types, typeMethods{name: name + ".type", methods: map[string]string{method: name}})
		}
		return &funcNode{name: name, entry: entry, exported: exported, calls: calls}
	}
	encode := ifaceCallee([]string{"Encode/1"}, "Encode/1")
	funcs := map[string]*funcNode{
		// a handler that calls a codec through an interface, in a loop
		"m/api.Serve":            node("m/api.Serve", "HTTP handler", "", true, callEdge{callee: encode, loop: true}),
		"m/codec.(*JSON).Encode": node("m/codec.(*JSON).Encode", "", "Encode/1", true, callEdge{callee: "m/codec.quote"}),
		"m/codec.quote":          node("m/codec.quote", "", "", false),
		// a method of the same name but another signature is not reached
		"m/codec.(*XML).Encode": node("m/codec.(*XML).Encode", "", "Encode/2", true),
		// exported API that no entry reaches, and what it calls
		"m/codec.Pretty": node("m/codec.Pretty", "", "", true, callEdge{callee: "m/codec.indent"}),
		"m/codec.indent": node("m/codec.indent", "", "", false, callEdge{callee: "m/codec.quote", loop: true}),
		"m/codec.unused": node("m/codec.unused", "", "", false),
		// a benchmark: its measured loop is followed, its set-up not
		"m/codec.BenchmarkEncode": node("m/codec.BenchmarkEncode", "benchmark", "", true,
			callEdge{callee: "m/codec.loadFixtures"}, callEdge{callee: "m/codec.encodeOne", loop: true}),
		"m/codec.loadFixtures": node("m/codec.loadFixtures", "", "", false),
		"m/codec.encodeOne":    node("m/codec.encodeOne", "", "", false),
	}
	// a handler that another handler calls in a loop (a middleware
	// chain) is still an entry point itself
	funcs["m/api.Chain"] = node("m/api.Chain", "HTTP handler", "", true, callEdge{callee: "m/api.CORS", loop: true})
	funcs["m/api.CORS"] = node("m/api.CORS", "HTTP handler", "", true)
	// through an interface of two methods, a type with only one of them
	// is not reached
	funcs["m/api.Flushing"] = node("m/api.Flushing", "HTTP handler", "", true, callEdge{callee: ifaceCallee([]string{"Flush/0", "Write/1"}, "Write/1")})
	funcs["m/w.(*Plain).Write"] = node("m/w.(*Plain).Write", "", "", false)
	funcs["m/w.(*Buffered).Write"] = node("m/w.(*Buffered).Write", "", "", false)
	types = append(types,
		typeMethods{name: "m/w.Plain", methods: map[string]string{"Write/1": "m/w.(*Plain).Write"}},
		typeMethods{name: "m/w.Buffered", methods: map[string]string{"Write/1": "m/w.(*Buffered).Write", "Flush/0": "m/w.(*Buffered).Flush"}})
	g := newCallGraph()
	g.add(&callSummary{funcs: funcs, types: types})
	got := g.reachable()
	for _, tc := range []struct {
		name string
		ok   bool
		kind string
		loop bool
	}{
		{"m/api.Serve", true, "HTTP handler", false},
		{"m/codec.(*JSON).Encode", true, "HTTP handler", true},
		// reached from the handler first: the library walk keeps that
		{"m/codec.quote", true, "HTTP handler", true},
		{"m/codec.(*XML).Encode", true, "exported API", false},
		{"m/codec.indent", true, "exported API", false},
		{"m/codec.unused", false, "", false},
		{"m/codec.encodeOne", true, "benchmark", true},
		{"m/codec.loadFixtures", false, "", false},
		{"m/api.CORS", true, "HTTP handler", false},
		{"m/w.(*Plain).Write", false, "", false},
		{"m/w.(*Buffered).Write", true, "HTTP handler", false},
	} {
		r, ok := got[tc.name]
		if ok != tc.ok || r.kind != tc.kind || r.loop != tc.loop {
			t.Errorf("reachable()[%s] = %+v, %v; want kind %q loop %v, %v", tc.name, r, ok, tc.kind, tc.loop, tc.ok)
		}
	}

	// Test code runs only under a test: a path from a program's entry
	// through an interface does not reach a test's type, a benchmark's
	// path does.
	types = nil
	tnode := node("m/codec.(*fakeCodec).Encode", "", "Encode/1", false)
	tnode.test = true
	bench := node("m/codec.BenchmarkFake", "benchmark", "", true, callEdge{callee: encode, loop: true})
	bench.test = true
	g2 := newCallGraph()
	g2.add(&callSummary{funcs: map[string]*funcNode{
		"m/api.Serve":                 node("m/api.Serve", "HTTP handler", "", true, callEdge{callee: encode, loop: true}),
		"m/codec.(*fakeCodec).Encode": tnode,
	}, types: types})
	if r, ok := g2.reachable()["m/codec.(*fakeCodec).Encode"]; ok {
		t.Errorf("a test type's method reached from a handler as %+v; want not reached", r)
	}
	g2.add(&callSummary{funcs: map[string]*funcNode{"m/codec.BenchmarkFake": bench}})
	if r := g2.reachable()["m/codec.(*fakeCodec).Encode"]; r.kind != "benchmark" {
		t.Errorf("a test type's method reached as %+v; want from the benchmark", r)
	}

	// A control-plane handler reaches what no other entry reaches, as
	// a control-plane entry; what a serving handler reaches keeps that.
	admin := node("m/api.AdminController.ListUsers", "HTTP handler", "", true,
		callEdge{callee: "m/store.listUsers", loop: true}, callEdge{callee: "m/codec.quote"})
	admin.control = true
	g.add(&callSummary{funcs: map[string]*funcNode{
		"m/api.AdminController.ListUsers": admin,
		"m/store.listUsers":               node("m/store.listUsers", "", "", false),
	}})
	reached := g.reachable()
	if r := reached["m/store.listUsers"]; r.kind != "control-plane HTTP handler" || !r.loop {
		t.Errorf("m/store.listUsers reached as %+v; want from the control-plane handler through a loop", r)
	}
	if r := reached["m/codec.quote"]; r.kind != "HTTP handler" || !r.loop {
		t.Errorf("m/codec.quote reached as %+v; want from the serving handler through a loop", r)
	}

	// With a command in the module, exported API is no entry point.
	g.add(&callSummary{funcs: map[string]*funcNode{"main.main": {name: "main.main", main: true}}})
	if r, ok := g.reachable()["m/codec.indent"]; ok {
		t.Errorf("in a module with a command, m/codec.indent reached as %+v; want not reached", r)
	}
}

func TestControlPlane(t *testing.T) {
	for in, want := range map[string]bool{
		"controllers.AdminController.CreateUser": true,
		"iamapi.IAMApiController.ListUsers":      true,
		"caddypki.adminAPI.handleCACerts":        true,
		"server.Server.HandleAccountStatz":       true,
		"manager.Type.HandleStreamsCRUD":         true,
		"dynamic_crud.go":                        true,
		"file_admin.go":                          true,
		"iammiddleware.VerifyIAMPolicy":          true,
		"iamapi.ProcessHandlers":                 true,
		"adminserver.Server.Run":                 true,
		"nsqadmin.httpServer.graphiteHandler":    true, // a control word as the package name's suffix
		"kafkamonitor.Lag.Poll":                  true,
		// a word inside another word is no match
		"controllers.S3ApiController.GetObject": false,
		"middlewares.ApplyBucketCORS":           false,
		"server.client.processInboundMsg":       false,
		"badminton.Court.Serve":                 false,
		"api.Handler.Diamond":                   false,
		"monitors.go":                           false,
		"iambic.go":                             false,
		"sysadmins.Shift.Do":                    false, // neither prefix nor suffix
		// a package name that starts with a word: a known false match
		"cruddy.Thing.Do": true,
	} {
		if got := controlPlane(in); got != want {
			t.Errorf("controlPlane(%q) = %v, want %v (words %q)", in, got, want, words(in))
		}
	}
}

func TestShort(t *testing.T) {
	for in, want := range map[string]string{
		"example.com/m/api.(*Server).Bid": "api.(*Server).Bid",
		"example.com/m/api.Handle":        "api.Handle",
		"main.handle":                     "main.handle",
		"example.com/m/g.Map[...]":        "g.Map[...]",
	} {
		if got := short(in); got != want {
			t.Errorf("short(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestDemote(t *testing.T) {
	demoted["lowprec"] = "10 % (1 of 10 findings hot)"
	defer delete(demoted, "lowprec")
	demoted["nearprec"] = "40 % (4 of 10 findings hot)"
	defer delete(demoted, "nearprec")
	demotedNear["nearprec"] = map[string]int{"consumer loop": 2, "benchmark": 1}
	defer delete(demotedNear, "nearprec")
	demotedInEntry["entryprec"] = "50 % (5 of 10 findings in an entry point hot)"
	defer delete(demotedInEntry, "entryprec")
	high := &finding.Hot{Evidence: "static: reachable from HTTP handler api.Serve in 5 calls", Confidence: High}
	far := path{reach: reach{entry: "m/api.Serve", kind: "HTTP handler", depth: 5}, reached: true, serving: -1}
	near := func(kind string, depth, serving int) path {
		return path{reach: reach{entry: "m/api.Serve", kind: kind, depth: depth}, reached: true, serving: serving}
	}
	for _, tc := range []struct {
		check string
		hot   *finding.Hot
		p     path
		want  string
		note  string // in the evidence
		cat   string // the finding's category
	}{
		{"lowprec", high, far, Low, "10 % (1 of 10 findings hot)", ""},
		{"other", high, far, High, "", ""},
		{"lowprec", nil, far, "", "", ""},
		// in the entry point itself: strong evidence, kept
		{"lowprec", &finding.Hot{Evidence: "static: is a benchmark, through a loop", Confidence: High}, near("benchmark", 0, -1), High, "", ""},
		// near a serving handler or RPC method: kept, at medium
		{"lowprec", high, near("HTTP handler", 1, 1), Medium, "", ""},
		{"lowprec", high, near("RPC method", 1, 1), Medium, "", ""},
		// two calls away is too far
		{"lowprec", high, near("HTTP handler", 2, 2), Low, "too weak", ""},
		// the path kept is a consumer loop's, a handler is near too
		{"lowprec", high, near("consumer loop", 4, 1), Medium, "1 call from a serving handler", ""},
		// near a consumer loop or a benchmark only: capped
		{"lowprec", high, near("consumer loop", 1, -1), Low, "too weak", ""},
		{"lowprec", high, near("benchmark", 2, -1), Low, "too weak", ""},
		// a demoted category: capped wherever it is
		{"timeformat", &finding.Hot{Evidence: "static: is a HTTP handler", Confidence: High}, near("HTTP handler", 0, 0), Low, "measured to pay", "item"},
		// unless the check is weak there too
		{"entryprec", &finding.Hot{Evidence: "static: is a RPC method", Confidence: High}, near("RPC method", 0, 0), Low, "static evidence is too weak", ""},
		// but for a serving handler's direct callee
		{"entryprec", high, near("HTTP handler", 1, 1), Medium, "", ""},
		{"entryprec", high, near("consumer loop", 3, 1), Medium, "1 call from a serving handler", ""},
		{"entryprec", high, near("HTTP handler", 2, 2), Low, "static evidence is too weak", ""},
		{"entryprec", high, near("consumer loop", 1, -1), Low, "static evidence is too weak", ""},
		// timeformat's per-request formats (session 28): kept in a
		// handler and one call from one, capped on longer paths
		{"timeformat", &finding.Hot{Evidence: "static: is a HTTP handler", Confidence: High}, near("HTTP handler", 0, 0), High, "", ""},
		{"timeformat", high, near("HTTP handler", 1, 1), Medium, "", ""},
		{"timeformat", high, near("consumer loop", 3, -1), Low, "67 %", ""},
		// makecap, reuse and splitwrite (session 28): every static
		// evidence capped, a serving handler's direct callee too
		{"makecap", high, near("HTTP handler", 1, 1), Low, "static evidence is too weak evidence for the makecap check", ""},
		{"reuse", &finding.Hot{Evidence: "static: is a HTTP handler", Confidence: High}, near("HTTP handler", 0, 0), Low, "static evidence is too weak", ""},
		{"splitwrite", high, near("consumer loop", 3, -1), Low, "static evidence is too weak", ""},
		// useafterput (session 34): wrong four times in five
		{"useafterput", high, near("consumer loop", 4, -1), Low, "static evidence is too weak evidence for the useafterput check", ""},
		// a check weak wherever static evidence puts it: capped in an
		// entry point and next to a serving handler too
		{"fmtwrite", &finding.Hot{Evidence: "static: is a HTTP handler", Confidence: High}, near("HTTP handler", 0, 0), Low, "static evidence is too weak evidence for the fmtwrite check", ""},
		{"fmtwrite", high, near("HTTP handler", 1, 1), Low, "static evidence is too weak", ""},
		{"unboundedcache", &finding.Hot{Evidence: "static: is a HTTP handler", Confidence: High}, near("HTTP handler", 0, 0), Low, "static evidence is too weak", ""},
		// a check weak when a library's API is all that reaches it
		{"timeformat", &finding.Hot{Evidence: "static: exported API of a library package", Confidence: Medium}, near("exported API", 0, -1), Low, "exported API is too weak", "now"},
		{"timeformat", &finding.Hot{Evidence: "static: called from the library's exported x.Y", Confidence: Medium}, near("exported API", 2, -1), Low, "exported API is too weak", "now"},
		{"timeformat", &finding.Hot{Evidence: "static: is a HTTP handler", Confidence: High}, near("HTTP handler", 0, 0), High, "", "now"},
		{"poolreset", &finding.Hot{Evidence: "static: exported API of a library package", Confidence: Medium}, near("exported API", 0, -1), Medium, "", ""},
		// a demoted check whose short paths from some entries are
		// evidence (demotedNear): kept within their bound, capped
		// beyond it and from other entries
		{"nearprec", high, near("consumer loop", 2, -1), High, "", ""},
		{"nearprec", high, near("consumer loop", 3, -1), Low, "too weak", ""},
		{"nearprec", high, near("benchmark", 1, -1), High, "", ""},
		{"nearprec", high, near("benchmark", 2, -1), Low, "too weak", ""},
		{"nearprec", high, near("RPC method", 2, -1), Low, "too weak", ""},
		// compileonce (session 33): a compile per call reached from a
		// consumer loop is capped however near (a rule keeping four
		// calls was taken back), as one two calls from a handler is
		{"compileonce", high, near("consumer loop", 4, -1), Low, "48 %", ""},
		{"compileonce", high, near("consumer loop", 1, -1), Low, "48 %", ""},
		{"compileonce", high, near("HTTP handler", 2, 2), Low, "too weak", ""},
		// fmtnumber (session 33): kept in a benchmark's measured loop,
		// capped in a handler, next to one and from a consumer loop
		{"fmtnumber", &finding.Hot{Evidence: "static: is a benchmark, through a loop", Confidence: High}, near("benchmark", 0, -1), High, "", ""},
		{"fmtnumber", &finding.Hot{Evidence: "static: is a HTTP handler", Confidence: High}, near("HTTP handler", 0, 0), Low, "outside a benchmark's measured loop", ""},
		{"fmtnumber", high, near("HTTP handler", 1, 1), Low, "outside a benchmark's measured loop", ""},
		{"fmtnumber", high, near("consumer loop", 1, -1), Low, "outside a benchmark's measured loop", ""},
		{"fmtnumber", high, near("benchmark", 1, -1), Low, "outside a benchmark's measured loop", ""},
	} {
		f := finding.Finding{Analyzer: tc.check, Category: tc.cat, Hot: tc.hot}
		demote(&f, tc.p)
		got := ""
		if f.Hot != nil {
			got = f.Hot.Confidence
		}
		if got != tc.want {
			t.Errorf("demote(%s, %+v, %+v): confidence %q, want %q", tc.check, tc.hot, tc.p, got, tc.want)
		}
		if tc.note != "" && !strings.Contains(f.Hot.Evidence, tc.note) {
			t.Errorf("demote(%s, %+v): evidence %q does not say %q", tc.check, tc.p, f.Hot.Evidence, tc.note)
		}
	}
	if high.Confidence != High {
		t.Error("demote modified the evidence in place")
	}
}

func TestServingDepths(t *testing.T) {
	node := func(name, entry string, calls ...string) *funcNode {
		n := &funcNode{name: name, entry: entry}
		for _, c := range calls {
			n.calls = append(n.calls, callEdge{callee: c})
		}
		return n
	}
	admin := node("m/api.AdminStats", "HTTP handler", "m/store.count")
	admin.control = true
	g := newCallGraph()
	g.add(&callSummary{funcs: map[string]*funcNode{
		"m/api.Serve":       node("m/api.Serve", "HTTP handler", "m/api.a"),
		"m/api.a":           node("m/api.a", "", "m/api.b", "m/store.get"),
		"m/api.b":           node("m/api.b", "", "m/api.c"),
		"m/api.c":           node("m/api.c", "", "m/api.d"),
		"m/api.d":           node("m/api.d", ""),
		"m/store.get":       node("m/store.get", ""),
		"m/api.AdminStats":  admin,
		"m/store.count":     node("m/store.count", ""),
		"m/q.(*Loop).run":   node("m/q.(*Loop).run", "consumer loop", "m/store.get", "m/q.handle"),
		"m/q.handle":        node("m/q.handle", ""),
		"m/rpc.(*S).Lookup": node("m/rpc.(*S).Lookup", "RPC method", "m/api.c"),
	}})
	got := g.servingDepths(3)
	want := map[string]int{"m/api.Serve": 0, "m/api.a": 1, "m/api.b": 2, "m/api.c": 1, "m/api.d": 2, "m/store.get": 2, "m/rpc.(*S).Lookup": 0}
	if !maps.Equal(got, want) {
		t.Errorf("servingDepths(3) = %v, want %v (not the admin handler's, nor the consumer loop's)", got, want)
	}
}

// TestLiteralNodes checks the call graph's function literals: a handler
// literal returned by middleware is an entry point, and a function holding
// a literal it calls itself (defer func() {…}()) is not reached by calls of
// function values of the literal's signature, and calling a literal where
// it is written (go func() {…}()) is no call of every function value of
// its signature.
func TestLiteralNodes(t *testing.T) {
	defer staticEvidence()()
	res, err := Run(context.Background(), suite.Analyzers(), []string{"./..."}, Options{Dir: filepath.Join("testdata", "literals")})
	if err != nil {
		t.Fatal(err)
	}
	evidence := make(map[string]string) // function -> evidence of its finding
	for _, f := range res.Findings {
		if f.Analyzer == "fmtnumber" && f.Hot != nil {
			evidence[f.Function] = f.Hot.Confidence + ", " + f.Hot.Evidence
		}
	}
	// Findings whose evidence must start so: the function, the start
	// of "confidence, evidence", and what the function is and why.
	for _, c := range []struct{ fn, want, what string }{
		{"example.com/literals/svc.Logger", "high, static: is a HTTP handler", "the handler literal of svc.Logger; want high, in an HTTP handler"},
		{"example.com/literals/svc.(*server).Lookup", "high, static: is a RPC method", "a gRPC server's method; want high, in an RPC method"},
		{"example.com/literals/svc.Headers.ServeHTTP", "high, static: is a HTTP handler", "a ServeHTTP(w, r, next) method; want high, in an HTTP handler"},
		{"example.com/literals/svc.AdminStats", "low, static: is a control-plane HTTP handler", "an admin handler; want low, a control-plane handler"},
		{"example.com/literals/svc.statsHeader", "low, static: reachable from control-plane HTTP handler svc.AdminStats", "a function only an admin handler reaches; want low, from the control-plane handler"},
		{"example.com/literals/internal/fakeconn.Serve", "low, static: test code that no benchmark reaches (example.com/literals/internal/fakeconn is internal and no program", "the handler of an internal package only a test imports; want low, test code"},
		{"example.com/literals/internal/winonly.Serve", "high, static: is a HTTP handler", "the handler of an internal package a Windows-only file imports; want high, in an HTTP handler"},
		{"example.com/literals/svc.ServeObject", "low, static: is a HTTP handler; the function calls objstore.(*Client).Get (I/O", "a handler that calls a client library's request (context first, error last); want low, the function does I/O"},
		{"example.com/literals/svc.RenderPage", "low, static: is a HTTP handler; the function calls (*html/template.Template).Parse", "a handler that parses a template per call; want low, beside the parse"},
		{"example.com/literals/internal/cli.Preview", "low, static: is a control-plane HTTP handler", "the handler of a package under cli/; want low, a control-plane handler"},
		{"example.com/literals/svc.GeneratedCount", "low, static: in generated code", "a handler in a file that says it is generated; want low, generated code"},
	} {
		if got := evidence[c.fn]; !strings.HasPrefix(got, c.want) {
			t.Errorf("finding in %s: %q", c.what, got)
		}
	}
	if got := evidence["example.com/literals/svc.(*Client).Lookup"]; got == "" || strings.Contains(got, "RPC method") {
		t.Errorf("finding in a client's method of a server's shape: %q; want one, not in an RPC method", got)
	}
	if got := evidence["example.com/literals/svc.(*mem).Put"]; !strings.Contains(got, "reachable from HTTP handler") {
		t.Errorf("finding in a method called through an interface from a handler: %q; want reached from the handler (the interface's parameters have no names, the method's have)", got)
	}
	if got := evidence["example.com/literals/svc.Setup"]; got == "" || strings.Contains(got, "reachable from consumer loop") {
		t.Errorf("finding in svc.Setup: %q; want one, not reached from the consumer loop", got)
	}
	if got := evidence["example.com/literals/svc.Banner"]; got == "" || strings.Contains(got, "HTTP handler") {
		t.Errorf("finding in the local literal of svc.Banner: %q; want one, not reached from the handler that calls a local literal of the same signature", got)
	}
	src, err := os.ReadFile(filepath.Join("testdata", "literals", "svc", "svc.go"))
	if err != nil {
		t.Fatal(err)
	}
	formatLine := slices.IndexFunc(strings.Split(string(src), "\n"), func(l string) bool { return strings.HasPrefix(l, "var defaultFormat") }) + 1
	got := ""
	for _, f := range res.Findings {
		if f.Analyzer == "fmtnumber" && filepath.Base(f.File) == "svc.go" && f.Line == formatLine && f.Hot != nil {
			got = f.Hot.Confidence + ", " + f.Hot.Evidence
		}
	}
	if !strings.Contains(got, "reachable from HTTP handler") {
		t.Errorf("finding in defaultFormat's literal (svc.go:%d): %q; want reached from Log's handler, which calls it through a local variable", formatLine, got)
	}
	if got := evidence["example.com/literals/svc.Head"]; !strings.HasPrefix(got, "low, static: is a HTTP handler") || !strings.Contains(got, "calls os.Lstat (I/O") {
		t.Errorf("finding in a handler that stats a file: %q; want low, the function does I/O (os.Lstat)", got)
	}
	if got := evidence["example.com/literals/svc.(*pageParams).Bind"]; !strings.Contains(got, "reachable from HTTP handler svc.ServePage in 1 call") {
		t.Errorf("finding in a method a library calls through the interface the handler hands it: %q; want reached from the handler in 1 call", got)
	}
	if got := evidence["example.com/literals/svc.(*unboundParams).Bind"]; got == "" || strings.Contains(got, "reachable from") {
		t.Errorf("finding in a method of the same interface never handed to the library: %q; want one, not reached", got)
	}
	if got := evidence["example.com/literals/svc.Stamp.MarshalXML"]; !strings.Contains(got, "reachable from HTTP handler svc.List in 1 call, through a loop") {
		t.Errorf("finding in the MarshalXML of a listed object's field: %q; want reached from the handler that encodes the listing, in a loop (one call per listed object)", got)
	}
	for _, name := range []string{"example.com/literals/svc.Hidden.MarshalXML", "example.com/literals/svc.Unused.MarshalXML", "example.com/literals/svc.Skew.MarshalXML"} {
		if got := evidence[name]; got == "" || strings.Contains(got, "reachable from") {
			t.Errorf("finding in %s: %q; want one, not reached (its values sit only in an unexported field, never become an interface, or only in an error)", name, got)
		}
	}
	checkMarked(t, res, "fmtnumber", filepath.Join("testdata", "literals", "svc", "proxy.go"), map[string]string{
		"// proxy: set-up":                     "low, static: in the set-up of accept loop svc.Proxy",
		"// proxy: per connection":             "low, static: in accept loop svc.Proxy: runs once per accepted connection",
		"// serve: per connection":             "low, static: in accept loop svc.Serve: runs once per accepted connection",
		"// serve: per message":                "high, static: is a consumer loop",
		"// relay: per message":                "high, static: is a consumer loop",
		"// events: per message":               "high, static: is a consumer loop",
		"// pool: task":                        "low, static: no call path from a handler, consumer loop or benchmark",
		"// recover: after a panic":            "low, static: in the recovery from a panic",
		"// recover: per request":              "high, static: is a HTTP handler",
		"// recover: callee after a panic":     "low, static: no call path",
		"// refuse: 401 block":                 "low, static: in a block that answers with an HTTP error status",
		"// refuse: 405 case":                  "low, static: in a block that answers with an HTTP error status",
		"// refuse: 429 function":              "low, static: in a block that answers with an HTTP error status",
		"// refuse: served":                    "high, static: is a HTTP handler",
		"// refuse: helper given a 400 status": "low, static: in a block that answers with an HTTP error status",
		"// refuse: helper given 200":          "high, static: is a HTTP handler",
		"// refuse: returned answer with 409":  "low, static: in a block that answers with an HTTP error status",
	})
	if got := evidence["example.com/literals/svc.writeStatus"]; got == "" || strings.Contains(got, "HTTP handler") {
		t.Errorf("finding in writeStatus(w, r, status): %q; want one, not an HTTP handler (only httprouter's parameters make a third)", got)
	}
	// Handlers by their signature and by the routes they are registered
	// under (testdata/literals/svc/routes.go).
	const serving, control = "high, static: is a HTTP handler", "low, static: is a control-plane HTTP handler"
	for _, tc := range []struct{ fn, want, why string }{
		{"ShowUser", serving, "an httprouter handler"},
		{"api.getProfile", control, "registered under /rest/debug/"},
		{"api.getItem", serving, "registered under /rest/items/ (and by RegisterAdminRoutes too)"},
		{"api.getStream", serving, "registered under /live/streams/"},
		{"api.listMessages", control, "registered only by RegisterAdminRoutes"},
		{"api.listJobs", control, "registered only on an AdminRouter"},
	} {
		if got := evidence["example.com/literals/svc."+tc.fn]; !strings.HasPrefix(got, tc.want) {
			t.Errorf("finding in svc.%s, %s: %q; want %q", tc.fn, tc.why, got, tc.want)
		}
	}
	// Handlers registered through a table or under a path the caller
	// gives, named for operators (testdata/literals/svc/operator.go,
	// testdata/literals/debug/listen.go).
	checkMarked(t, res, "fmtnumber", filepath.Join("testdata", "literals", "svc", "operator.go"), map[string]string{
		"// operator: expvar handler":             control,
		"// operator: method of a health checker": "low, static:",
		"// operator: object versions served":     serving,
		"// operator: helper named debug":         "medium, static: reachable from HTTP handler svc.getObjectVersion in 1 call",
	})
	checkMarked(t, res, "fmtnumber", filepath.Join("testdata", "literals", "debug", "listen.go"), map[string]string{
		"// operator: literal in package debug": control,
	})
	// Methods called through a generic interface from generic code
	// (testdata/literals/svc/generic.go): matched by name and arity.
	checkMarked(t, res, "fmtnumber", filepath.Join("testdata", "literals", "svc", "generic.go"), map[string]string{
		"// generic: through TaskWorker[*Job, string]": "low, static: reachable from HTTP handler svc.RunJobs in 2 calls, through a loop",
		"// generic: another arity":                    "low, static: no call path",
	})
	// Calls of context cancel functions, in a local variable or an
	// unexported field, reach no function value of the scan; the
	// module's own hook is reached (testdata/literals/svc/cancel.go).
	checkMarked(t, res, "fmtnumber", filepath.Join("testdata", "literals", "svc", "cancel.go"), map[string]string{
		"// cancel: a kept callback nothing calls": "low, static: no call path",
		"// cancel: the hook a handler calls":      "medium, static: reachable from HTTP handler svc.(*Sweeper).ServeHTTP in 1 call",
	})
	// A handler that waits for events and flushes each serves a stream:
	// its set-up, and what only the set-up calls, runs once per stream; a
	// handler that flushes rows without waiting on a channel is a long
	// response, per request (testdata/literals/svc/stream.go).
	checkMarked(t, res, "fmtnumber", filepath.Join("testdata", "literals", "svc", "stream.go"), map[string]string{
		"// stream: set-up":               "low, static: in the set-up of streaming handler svc.Feed, outside its loops that push events: runs once per stream",
		"// stream: per event":            "high, static: is a HTTP handler",
		"// stream: callee of the set-up": "low, static: no call path",
		"// export: per request":          "high, static: is a HTTP handler",
		"// export: per row":              "high, static: is a HTTP handler",
	})
	// A select case of a consumer loop that returns when a signal channel
	// closes runs once per loop (testdata/literals/svc/shutdown.go).
	checkMarked(t, res, "fmtnumber", filepath.Join("testdata", "literals", "svc", "shutdown.go"), map[string]string{
		"// shutdown: per message":                         "high, static: is a consumer loop",
		"// shutdown: a signal that does not end the loop": "high, static: is a consumer loop",
		"// shutdown: closed":                              "low, static: in a select case that ends a loop when a signal channel closes",
		"// shutdown: cancelled":                           "low, static: in a select case that ends a loop when a signal channel closes",
		// a field the package only closes signals, whatever its element type
		"// shutdown: reader per message":            "high, static: is a consumer loop",
		"// shutdown: reader closed":                 "low, static: in a select case that ends a loop when a signal channel closes",
		"// shutdown: a channel that carries values": "high, static: is a consumer loop",
	})
	// A consumer loop named a monitor is a read loop, not the control
	// plane, unless another word says so (testdata/literals/svc/readloop.go).
	checkMarked(t, res, "fmtnumber", filepath.Join("testdata", "literals", "svc", "readloop.go"), map[string]string{
		"// monitor: per datagram": "high, static: is a consumer loop",
		"// monitor: admin":        "low, static: is a control-plane consumer loop",
	})
	// An example program's handler is no entry point: what only it
	// reaches is not reached (testdata/literals/examples/greeter).
	checkMarked(t, res, "fmtnumber", filepath.Join("testdata", "literals", "svc", "greeting.go"), map[string]string{
		"// example: reached only from an example's handler": "low, static: no call path",
	})
	// A value handed to a library as an interface whose method takes the
	// request is a handler, and the entry it returns as the library's
	// interface is reached from it; a value mounted on a router with its
	// method of a context is a handler (testdata/literals/svc/reqlog.go).
	checkMarked(t, res, "fmtnumber", filepath.Join("testdata", "literals", "svc", "reqlog.go"), map[string]string{
		"// reqlog: the entry the library writes per request": "medium, static: reachable from HTTP handler svc.logFormatter.NewLogEntry in 1 call",
		"// reqlog: an entry never handed out":                "low, static: no call path",
		"// reqlog: an endpoint mounted on a router":          "high, static: is a HTTP handler (a method of a value given to jsonapi.Mount, outside the scan, which calls it per request)",
	})
	// A loop that takes messages through a helper reading one per call
	// is a consumer loop; one that sleeps between calls, or hands the
	// helper a bounded reader to parse, is not
	// (testdata/literals/svc/ninep.go).
	checkMarked(t, res, "fmtnumber", filepath.Join("testdata", "literals", "svc", "ninep.go"), map[string]string{
		"// ninep: once per connection":                "low, static: in the set-up of consumer loop svc.(*Srv9).handle",
		"// ninep: once per message":                   "low, static: reachable from consumer loop svc.(*Srv9).handle in 1 call, through a loop",
		"// ninep: once per poll":                      "low, static: no call path",
		"// ninep: once per field of a parsed message": "low, static: no call path",
	})
	// Literals of *http.Request handed to a library outside the scan
	// are handlers (testdata/literals/svc/jsonapi.go); one kept by the
	// scan's own code is not.
	checkMarked(t, res, "fmtnumber", filepath.Join("testdata", "literals", "svc", "jsonapi.go"), map[string]string{
		"// callback: through the library's handler":             "medium, static: reachable from HTTP handler the literal at jsonapi.go:14 in svc.MakeAuthAPI in 1 call",
		"// callback: a filter the library calls per request":    "high, static: is a HTTP handler (a function of *http.Request, as those given to jsonapi.Filter, outside the scan)",
		"// callback: kept by the scan's own code, never called": "low, static: no call path",
	})
	checkMarked(t, res, "fmtnumber", filepath.Join("testdata", "literals", "svc", "routes.go"), map[string]string{
		"// route: health": "low, static: is a control-plane HTTP handler",
	})
	if got := evidence["example.com/literals/svc.Render"]; got == "" || strings.Contains(got, "HTTP handler") {
		t.Errorf("finding in svc.Render: %q; want one, not reached from the handler of a test helper (a package whose non-test file imports testing)", got)
	}
	if got := evidence["example.com/literals/svc.PrintUsage"]; got == "" || strings.Contains(got, "HTTP handler") {
		t.Errorf("finding in svc.PrintUsage: %q; want one, not reached from the handler that runs a literal in a goroutine", got)
	}
}

// TestBenchmarkSetUp checks that a finding in a benchmark's own body is
// measured only in its measured loop: the set-up around it runs once per
// run.
func TestBenchmarkSetUp(t *testing.T) {
	res, err := Run(context.Background(), suite.Analyzers(), []string{"./svc"}, Options{Dir: filepath.Join("testdata", "literals"), Tests: true})
	if err != nil {
		t.Fatal(err)
	}
	checkMarked(t, res, "poolreset", filepath.Join("testdata", "literals", "svc", "pool_test.go"), map[string]string{
		"// bench: set-up":     "low, static: in the set-up of benchmark svc.BenchmarkScratch",
		"// bench: measured":   "high, static: is a benchmark",
		"// timed: measured":   "high, static: is a benchmark",
		"// timed: set-up":     "low, static: in the set-up of benchmark",
		"// timed: stopped":    "low, static: in the set-up of benchmark",
		"// timed: per case":   "low, static: in the set-up of benchmark",
		"// inline: goroutine": "high, static: is a benchmark",
		"// inline: called":    "high, static: is a benchmark",
		"// inline: kept":      "low, static: in the set-up of benchmark",
	})
}

// TestBenchmarkDepth checks that a benchmark's path is evidence within
// maxBenchmarkDepth calls of its measured loop, and weak beyond.
func TestBenchmarkDepth(t *testing.T) {
	res, err := Run(context.Background(), suite.Analyzers(), []string{"./svc"}, Options{Dir: filepath.Join("testdata", "literals"), Tests: true})
	if err != nil {
		t.Fatal(err)
	}
	checkMarked(t, res, "poolreset", filepath.Join("testdata", "literals", "svc", "walk.go"), map[string]string{
		"// walk: two calls":  "high, static: reachable from benchmark svc.BenchmarkWalk in 2 calls",
		"// walk: four calls": "low, static: reachable from benchmark svc.BenchmarkWalk in 4 calls, through a loop; a benchmark that reaches it only through more than 2 calls is weak evidence",
	})
}

// checkMarked checks the evidence of the findings of analyzer on the lines
// of file that end with a marker comment: each must start with the marker's
// "confidence, evidence" prefix.
func checkMarked(t *testing.T, res *Result, analyzer, file string, want map[string]string) {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	marked := 0
	for i, l := range strings.Split(string(src), "\n") {
		for marker, prefix := range want {
			if !strings.HasSuffix(l, marker) {
				continue
			}
			marked++
			got := ""
			for _, f := range res.Findings {
				if f.Analyzer == analyzer && f.File != "" && filepath.Base(f.File) == filepath.Base(file) && f.Line == i+1 && f.Hot != nil {
					got = f.Hot.Confidence + ", " + f.Hot.Evidence
				}
			}
			if !strings.HasPrefix(got, prefix) {
				t.Errorf("finding at %s:%d: %q; want %q...", filepath.Base(file), i+1, got, prefix)
			}
		}
	}
	if marked == 0 {
		t.Fatalf("%s has no marked lines", file)
	}
}

// TestDynamicCallVia checks that a call of a function value reaches a
// literal handed to a function (an executor's Submit, a Once) only from
// that function's package, where what keeps it is called; a benchmark
// calling its own callback in another package does not reach it, and a
// literal stored without such a hand-over is still reached.
func TestDynamicCallVia(t *testing.T) {
	const sig = "func()"
	dyn := callEdge{callee: "dyn." + sig, loop: true}
	bench := &funcNode{name: "m/syncx.BenchmarkOnce", pkg: "m/syncx", entry: "benchmark", test: true, calls: []callEdge{dyn}}
	g := newCallGraph()
	g.add(&callSummary{
		funcs: map[string]*funcNode{
			"m/syncx.BenchmarkOnce": bench,
			// stat.Report hands a literal to the executor
			"m/stat.Report":             {name: "m/stat.Report", pkg: "m/stat", calls: []callEdge{{callee: "m/exec.(*E).Do"}, {callee: "lit:m/stat:alert.go:44:3"}}},
			"lit:m/stat:alert.go:44:3":  {name: "lit:m/stat:alert.go:44:3", pkg: "m/stat", owner: "m/stat.Report"},
			"m/exec.(*E).Do":            {name: "m/exec.(*E).Do", pkg: "m/exec"},
			"m/exec.(*E).run":           {name: "m/exec.(*E).run", pkg: "m/exec", entry: "consumer loop", calls: []callEdge{dyn}},
			"lit:m/hooks:hooks.go:9:12": {name: "lit:m/hooks:hooks.go:9:12", pkg: "m/hooks"},
		},
		values: []funcValue{
			{sig: sig, name: "lit:m/stat:alert.go:44:3", via: "m/exec.(*E).Do"},
			{sig: sig, name: "lit:m/hooks:hooks.go:9:12"}, // stored in a field
		},
	})
	got := g.reachable()
	if r := got["lit:m/stat:alert.go:44:3"]; r.entry != "m/exec.(*E).run" {
		t.Errorf("the literal handed to the executor reached as %+v; want from the executor's own loop, not the benchmark in another package", r)
	}
	if r := got["lit:m/hooks:hooks.go:9:12"]; r.entry != "m/exec.(*E).run" && r.entry != "m/syncx.BenchmarkOnce" {
		t.Errorf("a literal stored in a field reached as %+v; want reached by calls of function values", r)
	}
	// With the executor's loop gone, only the benchmark calls values of
	// the signature, and it does not reach the handed-over literal.
	delete(g.funcs, "m/exec.(*E).run")
	got = g.reachable()
	if r, ok := got["lit:m/stat:alert.go:44:3"]; ok {
		t.Errorf("the literal handed to the executor reached as %+v from a call in another package; want not reached", r)
	}
	if _, ok := got["lit:m/hooks:hooks.go:9:12"]; !ok {
		t.Error("a literal stored in a field is not reached from the benchmark's call of a function value")
	}
}

// TestCandidates checks that scan rates a check's candidates by its call
// graph: fmtnumber, run alone, reports a short format of numbers only
// where its line shows the text is made for a protocol (a header, a
// Write, a struct field), reuse a compressor made per call only in a
// function that shows it runs often, and timeformat only a constant
// layout outside constructors and commands; in scan they report every one outside
// cold code (category candidate), rated by the call graph but shown only
// with -all unless a profile measures it hot.
func TestCandidates(t *testing.T) {
	res := scanKeys(t)
	// A candidate is shown with -all (capped: the call graph alone was
	// too weak evidence for them on the corpus), with its path.
	checkMarked(t, res, "fmtnumber", filepath.Join("testdata", "literals", "keys", "keys.go"), map[string]string{
		"// keys: in a handler": "low, static: is a HTTP handler; shown only with -all: 44 %",
	})
	// reuse reports a compressor made per call only in a function that
	// shows it runs often (a handler's parameters, a call in a loop).
	checkMarked(t, res, "reuse", filepath.Join("testdata", "literals", "keys", "store.go"), map[string]string{
		"// keys: one call from a handler": "low, static: reachable from HTTP handler keys.Store in 1 call; shown only with -all",
	})
	// timeformat reports a layout known only at run time, and a format
	// in a function that looks rarely called (a constructor), only as
	// candidates.
	checkMarked(t, res, "timeformat", filepath.Join("testdata", "literals", "keys", "stamp.go"), map[string]string{
		"// keys: layout at run time": "low, static: is a HTTP handler; shown only with -all: 44 %",
		"// keys: in a constructor":   "low, static: reachable from HTTP handler keys.Sign in 1 call; shown only with -all: 44 %",
	})
	// The format whose line shows it is made for a protocol (a header)
	// is no candidate: its evidence stands.
	checkMarked(t, res, "fmtnumber", filepath.Join("testdata", "literals", "keys", "lookup.go"), map[string]string{
		"// keys: on every request": "high, static: is a HTTP handler",
	})
}

// TestCalleeIO checks that a finding of a small saving in a function that
// waits on a round trip through a helper of its own (post, around
// http.Post) is shown only with -all, as one beside a round trip in its
// own body is.
func TestCalleeIO(t *testing.T) {
	res := scanKeys(t)
	checkMarked(t, res, "fmtnumber", filepath.Join("testdata", "literals", "keys", "check.go"), map[string]string{
		"// keys: after a round trip": "low, static: is a HTTP handler; the function calls net/http.Post via keys.post",
	})
}

// TestErrorPaths checks that a finding in a block that runs only when an
// error occurred (if err != nil, also as a conjunct of &&) is shown only
// with -all, and one after that block is not.
func TestErrorPaths(t *testing.T) {
	res := scanKeys(t)
	checkMarked(t, res, "fmtnumber", filepath.Join("testdata", "literals", "keys", "lookup.go"), map[string]string{
		"// keys: only on an error": "low, static: in a block that runs only when an error occurred",
		"// keys: on every request": "high, static: is a HTTP handler",
	})
}

var keysScan struct {
	once sync.Once
	res  *Result
	err  error
}

// scanKeys returns the scan of testdata/literals/keys, run once for the
// tests that read it.
// staticEvidence makes the checks of demotedButBenchmarks checks of
// demoted (their call paths capped, a serving handler's direct callee
// kept at medium, as fmtnumber was until session 33) until the function
// it returns is called: the tests of classify use fmtnumber's findings to
// show the static evidence it gives, which scan caps for that check
// outside benchmarks (TestDemote shows that cap). The tests of this
// package do not run in parallel.
func staticEvidence() (restore func()) {
	saved := demotedButBenchmarks
	demotedButBenchmarks = nil
	for check := range saved {
		demoted[check] = "a call path's figure (test)"
	}
	return func() {
		for check := range saved {
			delete(demoted, check)
		}
		demotedButBenchmarks = saved
	}
}

func scanKeys(t *testing.T) *Result {
	t.Helper()
	keysScan.once.Do(func() {
		defer staticEvidence()()
		keysScan.res, keysScan.err = Run(context.Background(), suite.Analyzers(), []string{"./keys"}, Options{Dir: filepath.Join("testdata", "literals")})
	})
	if keysScan.err != nil {
		t.Fatal(keysScan.err)
	}
	return keysScan.res
}

// TestWidePaths checks that a path through a call that may reach more
// than maxPathFanOut functions is marked wide, and that the evidence says
// so, where a path of direct calls is not.
func TestWidePaths(t *testing.T) {
	handle := ifaceCallee([]string{"Handle/1"}, "Handle/1")
	funcs := map[string]*funcNode{
		// the consumer loop dispatches every message through an
		// interface that many types implement
		"m/bus.run": {name: "m/bus.run", entry: "consumer loop", calls: []callEdge{{callee: handle, loop: true}}},
		// a handler reaches its helper and encode by direct calls
		"m/web.Serve":    {name: "m/web.Serve", entry: "HTTP handler", calls: []callEdge{{callee: "m/web.helper", loop: true}}},
		"m/web.helper":   {name: "m/web.helper", calls: []callEdge{{callee: "m/codec.encode"}}},
		"m/codec.encode": {name: "m/codec.encode"},
		// reached only through the wide call
		"m/codec.rare": {name: "m/codec.rare"},
	}
	var types []typeMethods
	for i := range maxPathFanOut + 1 {
		name := "m/h.T" + string(rune('a'+i))
		method := "m/h.(*T" + string(rune('a'+i)) + ").Handle"
		callee := "m/codec.rare"
		if i == 0 {
			callee = "m/codec.encode"
		}
		funcs[method] = &funcNode{name: method, calls: []callEdge{{callee: callee}}}
		types = append(types, typeMethods{name: name, methods: map[string]string{"Handle/1": method}})
	}
	g := newCallGraph()
	g.add(&callSummary{funcs: funcs, types: types})
	got := g.reachable()
	if r := got["m/codec.rare"]; !r.wide() || r.fanOut != maxPathFanOut+1 {
		t.Errorf("m/codec.rare reached as %+v; want wide, fan-out %d", r, maxPathFanOut+1)
	}
	if r := got["m/web.helper"]; r.wide() || r.fanOut != 0 {
		t.Errorf("m/web.helper reached as %+v; want a narrow path of direct calls", r)
	}
	f := &finding.Finding{Analyzer: "reuse", File: "rare.go", Line: 3, Function: "m/codec.rare"}
	g.classify(f, got, nil, "/nowhere")
	if !strings.Contains(f.Hot.Evidence, "a call that may reach 9 functions") {
		t.Errorf("evidence %q does not say the path is wide", f.Hot.Evidence)
	}
}

// TestGeneratedCode checks that a finding in a file that says it is
// generated is low, however a handler reaches its function, where the
// same function's finding in a written file keeps the handler's evidence.
func TestGeneratedCode(t *testing.T) {
	g := newCallGraph()
	g.add(&callSummary{
		funcs: map[string]*funcNode{
			"m/api.Serve":                {name: "m/api.Serve", entry: "HTTP handler", calls: []callEdge{{callee: "m/pb.(*Rule).String", loop: true}}},
			"m/pb.(*Rule).String":        {name: "m/pb.(*Rule).String"},
			"m/pb.(*Rule).WrittenByHand": {name: "m/pb.(*Rule).WrittenByHand"},
		},
		generated: []string{"/m/pb/rule.pb.go"},
	})
	reached := g.reachable()
	gen := &finding.Finding{Analyzer: "concatloop", File: "/m/pb/rule.pb.go", Line: 736, Function: "m/pb.(*Rule).String"}
	g.classify(gen, reached, nil, "/m")
	if gen.Hot.Confidence != Low || !strings.Contains(gen.Hot.Evidence, "generated code") {
		t.Errorf("finding in a generated file: %+v; want low, saying it is generated code", gen.Hot)
	}
	written := &finding.Finding{Analyzer: "concatloop", File: "/m/pb/rule.go", Line: 12, Function: "m/pb.(*Rule).String"}
	g.classify(written, reached, nil, "/m")
	if written.Hot.Confidence != High {
		t.Errorf("finding in a written file: %+v; want high from the handler", written.Hot)
	}
}
