package scan

import (
	"context"
	"path/filepath"
	"strings"
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

	// With a command in the module, exported API is no entry point.
	g.add(&callSummary{funcs: map[string]*funcNode{"main.main": {name: "main.main", main: true}}})
	if r, ok := g.reachable()["m/codec.indent"]; ok {
		t.Errorf("in a module with a command, m/codec.indent reached as %+v; want not reached", r)
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
	high := &finding.Hot{Evidence: "static: reachable from HTTP handler api.Serve", Confidence: High}
	for _, tc := range []struct {
		check string
		hot   *finding.Hot
		want  string
	}{
		{"lowprec", high, Low},
		{"other", high, High},
		{"lowprec", nil, ""},
		// in the entry point itself: strong evidence, kept
		{"lowprec", &finding.Hot{Evidence: "static: is a benchmark, through a loop", Confidence: High}, High},
		// unless the check is weak there too
		{"makecap", &finding.Hot{Evidence: "static: is a RPC method", Confidence: High}, Low},
	} {
		f := finding.Finding{Analyzer: tc.check, Hot: tc.hot}
		demote(&f)
		got := ""
		if f.Hot != nil {
			got = f.Hot.Confidence
		}
		if got != tc.want {
			t.Errorf("demote(%s, %+v): confidence %q, want %q", tc.check, tc.hot, got, tc.want)
		}
		if tc.check == "lowprec" && tc.want == Low && !strings.Contains(f.Hot.Evidence, "10 % (1 of 10 findings hot)") {
			t.Errorf("demote: evidence %q does not give the precision", f.Hot.Evidence)
		}
	}
	if high.Confidence != High {
		t.Error("demote modified the evidence in place")
	}
}

// TestLiteralNodes checks the call graph's function literals: a handler
// literal returned by middleware is an entry point, and a function holding
// a literal it calls itself (defer func() {…}()) is not reached by calls of
// function values of the literal's signature.
func TestLiteralNodes(t *testing.T) {
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
	if got := evidence["example.com/literals/svc.Logger"]; !strings.HasPrefix(got, "high, static: is a HTTP handler") {
		t.Errorf("finding in the handler literal of svc.Logger: %q; want high, in an HTTP handler", got)
	}
	if got := evidence["example.com/literals/svc.(*server).Lookup"]; !strings.HasPrefix(got, "high, static: is a RPC method") {
		t.Errorf("finding in a gRPC server's method: %q; want high, in an RPC method", got)
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
}
