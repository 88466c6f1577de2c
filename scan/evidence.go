package scan

import (
	"cmp"
	"fmt"
	"go/token"
	"go/types"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"github.com/perfproof/perfproof/finding"
)

// Confidence levels of finding.Hot, short for use here.
const (
	High   = finding.ConfidenceHigh
	Medium = finding.ConfidenceMedium
	Low    = finding.ConfidenceLow
)

// callGraph joins the call summaries of every package a scan analysed.
// It is a name-based call graph in the manner of class hierarchy analysis:
// a static call is an edge to its callee; a call through an interface is
// an edge to the method of every type that has all of the interface's
// methods (by name and signature); a function literal is a node of its
// own; a function used as a value is an edge from the function that uses
// it. It over-approximates what can run, which is the safe side for
// "reachable", and it holds only names, so that the driver need not keep
// any package's syntax and types alive (x/tools' callgraph/cha needs the
// whole program's SSA at once: several GB on a large module).
type callGraph struct {
	lits  map[string][]litRange // function literals by file
	funcs map[string]*funcNode
	types map[string]bool // names of the types in byMethod
	// byMethod maps a methodKey to the types that have the method.
	byMethod map[string][]*typeMethods
	// dispatch caches the methods an "iface." callee reaches.
	dispatch map[string][]string
	values   map[string][]funcValue // signature -> functions a call of a value of it may reach
	main     bool                   // some package is a command
	// controlRoutes are the functions registered as handlers of
	// control-plane routes (callSummary.controlRoutes), of every package;
	// servingRoutes those registered under any other route: a handler
	// registered under both (a public flow offered on the admin router
	// too) is not the control plane's.
	controlRoutes []string
	servingRoutes map[string]bool
	handOuts      []handOut // of every package, sorted by reachable
	// generated holds the files that say they are generated
	// (callSummary.generated).
	generated map[string]bool
	// testOnly maps the import paths of the packages only tests can run
	// (see testOnlyPackages) to why; markTestOnly made their functions
	// test code.
	testOnly map[string]string
}

// ioOf returns the I/O n's own body does: its io, else its remote call
// if the scan does not analyse the callee (a client library's request),
// else (calleeIO) the I/O of a function n calls by name whose own body
// does it, as "via f: call", else "".
func (g *callGraph) ioOf(n *funcNode) string {
	if io := g.ownIO(n); io != "" || !calleeIO {
		return io
	}
	for _, e := range n.calls {
		if c := g.funcs[e.callee]; c != nil && c != n {
			if io := g.ownIO(c); io != "" {
				return io + " via " + short(c.name)
			}
		}
	}
	return ""
}

// ownIO returns the I/O n's own body does: its io, else its remote call
// if the scan does not analyse the callee, else "".
func (g *callGraph) ownIO(n *funcNode) string {
	if n.io == "" && n.remote != "" && g.funcs[n.remote] == nil {
		return short(n.remote)
	}
	return n.io
}

// calleeIO counts as a function's I/O that of a function it calls by name
// (not through an interface or a function value) whose own body does
// file-system, network-client or database I/O: a client's wrapper such as
// do(method, path, body) around http.Client.Do, or a store's query
// helper, still makes the caller wait on the round trip, beside which a
// formatting or an allocation saved is small (smallSaving). Source: the
// twelfth held-out set's default findings in an opt-in spam check that
// posts the message to another service through such a wrapper. Measured
// on the thirteen labelled lists (scans at 0684f1f and e0d50aa): 8
// default findings fewer, 6 cold and 2 labelled hot (a benchmark whose
// measured loop writes a block to disk per iteration).
const calleeIO = true

// markTestOnly makes the functions of the packages in testOnly (import
// path -> why, see testOnlyPackages) test code, as if declared in
// _test.go files: only a benchmark reaches them, and their entry points
// serve no traffic. Call it after the last add.
func (g *callGraph) markTestOnly(testOnly map[string]string) {
	g.testOnly = testOnly
	for _, n := range g.funcs {
		if _, ok := testOnly[n.pkg]; ok {
			n.test = true
		}
	}
}

func newCallGraph() *callGraph {
	return &callGraph{lits: make(map[string][]litRange), funcs: make(map[string]*funcNode), types: make(map[string]bool), byMethod: make(map[string][]*typeMethods), dispatch: make(map[string][]string), values: make(map[string][]funcValue), servingRoutes: make(map[string]bool), generated: make(map[string]bool)}
}

func (g *callGraph) add(sum *callSummary) {
	g.controlRoutes = append(g.controlRoutes, sum.controlRoutes...)
	g.handOuts = append(g.handOuts, sum.handOuts...)
	for _, name := range sum.servingRoutes {
		g.servingRoutes[name] = true
	}
	for _, l := range sum.lits {
		g.lits[l.file] = append(g.lits[l.file], l)
	}
	for _, file := range sum.generated {
		g.generated[file] = true
	}
	for _, v := range sum.values {
		if _, dup := g.funcs[v.name]; !dup {
			g.values[v.sig] = append(g.values[v.sig], v)
		}
	}
	for i := range sum.types {
		t := &sum.types[i]
		if g.types[t.name] {
			continue // a package and its test variant
		}
		g.types[t.name] = true
		for k := range t.methods {
			g.byMethod[k] = append(g.byMethod[k], t)
		}
	}
	// In name order, so that the lists of values, and so which path a
	// walk finds first, do not depend on map order.
	for _, name := range slices.Sorted(maps.Keys(sum.funcs)) {
		n := sum.funcs[name]
		if _, dup := g.funcs[name]; dup {
			continue // a package and its test variant
		}
		g.funcs[name] = n
		for _, v := range n.values {
			g.values[v.sig] = append(g.values[v.sig], v)
		}
		g.main = g.main || n.main
	}
}

// implementations returns the methods that callee, an ifaceCallee, may
// call: the method of each type that has all of the interface's methods
// (class hierarchy analysis by method sets, as x/tools' callgraph/cha
// does with types).
func (g *callGraph) implementations(callee string) []string {
	if impls, ok := g.dispatch[callee]; ok {
		return impls
	}
	keys, method, _ := strings.Cut(strings.TrimPrefix(callee, "iface."), "\x01")
	need := strings.Split(keys, "\x00")
	var impls []string
	for _, t := range g.byMethod[method] {
		has := true
		for _, k := range need {
			if _, ok := t.methods[k]; !ok {
				has = false
				break
			}
		}
		if impl := t.methods[method]; has && impl != "" {
			impls = append(impls, impl)
		}
	}
	g.dispatch[callee] = impls
	return impls
}

// A reach says how a function is reached from an entry point.
type reach struct {
	entry string // the entry point's name
	kind  string // its kind, e.g. "HTTP handler"
	loop  bool   // some call on the path sits in a loop
	depth int    // calls on the path
	// fanOut is the most functions that one call on the path (through an
	// interface or a function value) may reach; 0 for a path of direct
	// calls only, and 1 for dispatch with one implementation.
	fanOut int
}

// wide reports whether some call on the path may reach more than
// maxPathFanOut functions.
func (r reach) wide() bool { return r.fanOut > maxPathFanOut }

// reachable returns, for every function reachable from the entry points
// (and, in a library, from its exported API), how it is reached: through
// a loop where any path has one, else by the first path found.
func (g *callGraph) reachable() map[string]reach {
	// The summaries may come in any order (packages are analysed in
	// parallel): sort what a walk iterates, so that the path found first,
	// and so the evidence, is the same every run.
	for _, vs := range g.values {
		slices.SortFunc(vs, func(a, b funcValue) int { return strings.Compare(a.name, b.name) })
	}
	for _, ts := range g.byMethod {
		slices.SortFunc(ts, func(a, b *typeMethods) int { return strings.Compare(a.name, b.name) })
	}
	clear(g.dispatch)
	slices.SortFunc(g.handOuts, func(a, b handOut) int {
		return cmp.Or(strings.Compare(a.sig, b.sig), strings.Compare(a.method, b.method), strings.Compare(a.callee, b.callee))
	})
	g.requestCallbacks()
	for _, name := range g.controlRoutes {
		if n := g.funcs[name]; n != nil && !g.servingRoutes[name] {
			n.control = true
		}
	}
	seen := make(map[string]reach)
	var queue []string
	// late is set in the phases after the first (control-plane entries,
	// then a library's exported API): they only reach what the phases
	// before did not.
	late := false
	visit := func(name string, r reach) {
		n := g.funcs[name]
		if n == nil {
			return // outside the packages analysed
		}
		if n.test && !g.funcs[r.entry].test {
			// Test code is not in the program that serves: only a
			// path from a test's own entry (a benchmark) reaches it.
			return
		}
		old, ok := seen[name]
		if ok && (late || old.loop || !r.loop || old.entry == name) {
			// An entry point keeps its own evidence: a handler that
			// a middleware chain also calls in a loop is still a
			// handler.
			return
		}
		seen[name] = r
		queue = append(queue, name)
	}
	seeds := slices.Sorted(maps.Keys(g.funcs))
	// Entry points in test code (a test's httptest handler, a test
	// helper's server) serve tests, not traffic: only a benchmark's
	// measured loop is an entry there.
	servesTraffic := func(n *funcNode) bool { return (!n.test || n.entry == "benchmark") && !exampleCode(n.pkg) }
	for _, name := range seeds {
		if n := g.funcs[name]; n.entry != "" && n.entry != acceptKind && !n.control && servesTraffic(n) {
			visit(name, reach{entry: name, kind: n.entry, loop: n.entry == "consumer loop"})
		}
	}
	walk := func() {
		for len(queue) > 0 {
			name := queue[0]
			queue = queue[1:]
			r := seen[name]
			n := g.funcs[name]
			for _, e := range n.calls {
				if r.entry == name && !e.loop && (n.entry == "benchmark" || n.entry == "consumer loop" || n.entry == acceptKind || n.stream) {
					// The set-up around a benchmark's measured loop,
					// a consumer's loop or a stream's runs once.
					continue
				}
				next := reach{entry: r.entry, kind: r.kind, loop: r.loop || e.loop, depth: r.depth + 1, fanOut: r.fanOut}
				callees := g.callees(n, e)
				if dynamicCall(e) {
					next.fanOut = max(next.fanOut, len(callees))
				}
				for _, callee := range callees {
					visit(callee, next)
				}
			}
		}
	}
	walk()
	// Admin, IAM and monitoring handlers are entry points of the
	// control plane, and accept loops run once per connection: what only
	// they reach is reached, but not hot.
	late = true
	for _, name := range seeds {
		if n := g.funcs[name]; n.entry != "" && (n.control || n.entry == acceptKind) && servesTraffic(n) {
			kind := n.entry
			if n.control {
				kind = controlKind + " " + n.entry
			}
			visit(name, reach{entry: name, kind: kind})
		}
	}
	walk()
	if !g.main {
		// A library: its exported API is where its users' hot paths
		// come in; what the entry points reach keeps their evidence.
		for _, name := range seeds {
			if n := g.funcs[name]; n.exported && !n.test {
				visit(name, reach{entry: name, kind: "exported API"})
			}
		}
		walk()
	}
	return seen
}

// requestCallbacks makes a handler of every function of the signature
// of a request callback that code of the scan hands to a function outside
// it (see handOut): a JSON API library's wrapper (matrix-org/util's
// MakeJSONAPI in dendrite) or an instrumentation library's filter calls
// it per request from an http.Handler the scan does not analyse, so no
// path of the graph reaches it. As for calls of function values, every
// function of that signature used as a value is taken to be one. Source:
// the eighteenth held-out set, whose client-server API dendrite hands to
// such a wrapper in 185 literals.
func (g *callGraph) requestCallbacks() {
	for _, h := range g.handOuts {
		if g.funcs[h.callee] != nil {
			continue
		}
		if h.method != "" {
			if n := g.funcs[h.method]; n != nil && n.entry == "" && !n.test {
				n.entry, n.handedTo, n.handedMethod = "HTTP handler", h.callee, true
			}
			continue
		}
		for _, v := range g.values[h.sig] {
			if n := g.funcs[v.name]; n != nil && n.entry == "" && !n.test {
				n.entry, n.handedTo = "HTTP handler", h.callee
			}
		}
	}
}

// controlKind starts the kind of a control-plane entry point, e.g.
// "control-plane HTTP handler".
const controlKind = "control-plane"

// smallSaving lists the checks whose finding saves a formatting, an
// allocation or a copy per call: sub-microsecond, small beside I/O done in
// the same function.
var smallSaving = map[string]bool{
	"fmtnumber": true, "fmtwrite": true, "timeformat": true, "httpdate": true, "makecap": true, "reuse": true,
	"eagerlog": true,
}

// dynamicCall reports whether e is a call through an interface or a
// function value, whose callees the graph guesses.
func dynamicCall(e callEdge) bool {
	return strings.HasPrefix(e.callee, "iface.") || strings.HasPrefix(e.callee, "dyn.")
}

// maxPathFanOut bounds the functions that one call on a path through an
// interface or a function value may reach for the path to be narrow; a
// wider call says little about which of its callees a request runs, and
// the evidence says so. Measured (session 34, the scans at 9a39f84 of the
// twenty-five labelled lists bench/corpus/modules.txt and heldout.txt to
// heldout24.txt, labels in bench/corpus/labels): findings on a narrow
// path 1,088 of 3,501 hot (31 %), on a wide one 398 of 2,471 (16 %); on
// the twenty-fifth held-out set, labelled blind, 32 % and 14 %. At the
// default confidence narrow 106 of 129, wide 17 of 24 (71 %), and no kind
// of entry and depth of a demoted check reaches 70 % on a narrow path, so
// wideness only informs: it neither raises nor caps a confidence. Those
// scans also let a narrow path found later replace a wide one kept first;
// that changed no default finding of the twenty-six lists and walked
// functions up to twice as often (scan of std 1.10 times as long, the
// median of three interleaved rounds), so the walk keeps its first path
// again, or one through a loop, and says when it is wide.
const maxPathFanOut = 8

// callees returns the functions of the graph that the call or reference e
// of caller may reach.
func (g *callGraph) callees(caller *funcNode, e callEdge) []string {
	if _, ok := strings.CutPrefix(e.callee, "iface."); ok {
		return g.implementations(e.callee)
	}
	if sig, ok := strings.CutPrefix(e.callee, "dyn."); ok {
		var out []string
		for _, v := range g.values[sig] {
			if v.via != "" {
				via := g.funcs[v.via]
				if via == nil {
					continue // given only to code outside the scan
				}
				if via.pkg != caller.pkg {
					// Given to via, which keeps it where only its
					// own package looks: a benchmark's call of its
					// callback does not reach another package's
					// literal handed to an executor.
					continue
				}
			}
			out = append(out, v.name)
		}
		return out
	}
	if _, ok := g.funcs[e.callee]; ok {
		return []string{e.callee}
	}
	return nil
}

// servingDepths returns, for every function within max calls of a serving
// entry point (an HTTP handler or an RPC method that is not the control
// plane's), the fewest calls from one: 0 for the entry point itself. Calls
// of an error's Error method and calls through an interface or function
// value that may reach more than maxServingFanOut functions are not
// followed.
// reachable keeps one path per function, the first found or one through
// a loop; this is the shortest, whatever the path reachable kept.
// Test code is reached only from a test's own handlers, as in reachable.
func (g *callGraph) servingDepths(max int) map[string]int {
	depth := make(map[string]int)
	test := make(map[string]bool) // reached only from test entries so far
	var queue []string
	for _, name := range slices.Sorted(maps.Keys(g.funcs)) {
		if n := g.funcs[name]; (n.entry == httpKind || n.entry == rpcKind) && !n.control && !n.test && !exampleCode(n.pkg) {
			depth[name] = 0
			test[name] = n.test
			queue = append(queue, name)
		}
	}
	for len(queue) > 0 {
		name := queue[0]
		queue = queue[1:]
		d := depth[name]
		if d == max {
			continue
		}
		caller := g.funcs[name]
		for _, e := range caller.calls {
			var callees []string
			for _, callee := range g.callees(caller, e) {
				if n := g.funcs[callee]; n != nil && (!n.test || test[name]) {
					callees = append(callees, callee)
				}
			}
			if len(callees) > maxServingFanOut || strings.HasSuffix(e.callee, "\x01"+errorMethod) {
				// A call that may reach that many functions, or an
				// error's Error method, says nothing about which of
				// them runs per request.
				continue
			}
			for _, callee := range callees {
				if _, seen := depth[callee]; seen {
					continue
				}
				depth[callee] = d + 1
				test[callee] = test[name]
				queue = append(queue, callee)
			}
		}
	}
	return depth
}

// maxServingFanOut bounds the functions that one call through an
// interface or a function value may reach (test code left out, unless the
// path is a test's) for servingDepths to follow it. Measured on the
// corpus (bench/corpus, session 9): a bound of 8 gave 88 % precision and
// 25 of 38 labelled hot instances at the default confidence, 32 gave 89 %
// and 27 (a renderer or a server transport behind a wide interface is a
// serving path), no bound 85 % and 28, with concatloop at 2 of 3.
const maxServingFanOut = 32

// errorMethod is the methodKey of the error interface's Error method.
var errorMethod = methodKey(types.Universe.Lookup("error").Type().Underlying().(*types.Interface).Method(0))

// litAt returns the node name of the function literal that holds the
// position line:col of file (the innermost, if nested), or "".
func (g *callGraph) litAt(file string, line, col int) string {
	at := pos{line, col}
	best := ""
	var start pos
	for _, l := range g.lits[file] {
		if l.start.before(at) && at.before(l.end) && (best == "" || start.before(l.start)) {
			best, start = l.name, l.start
		}
	}
	return best
}

// coldDirs are directories whose code is examples, test harnesses or
// test data, not part of a service's paths (an end-to-end harness is often
// a program or package of its own outside _test.go files).
var coldDirs = []string{"examples", "_examples", "example", "_example", "testdata", "test", "tests", "e2e", "testutil", "testutils", "mocks"}

// generatedWhy is why a finding in a generated file is low whatever path
// reaches it: its fix belongs in the generator, and few are hot. Figures:
// the findings in generated files (.pb.go String methods, go-swagger's
// parameter binders, gomock and stringer output, telemetry wrappers) of
// the scans at fd5d149 of all twenty-five labelled lists
// (bench/corpus/modules.txt, heldout.txt to heldout24.txt), every one
// labelled: 25 of 729 hot, none at the default confidence; on the
// twenty-fifth held-out set (scanned at a0d56eb, labelled blind), its two
// default findings in a generated file were cold (a protobuf message's
// String, run for a debug log of an admin API).
const generatedWhy = "fix the generator if a profile measures it; 25 of 729 labelled findings in generated files hot"

// exampleDirs are the directories of coldDirs whose programs show how to
// use a library rather than test it.
var exampleDirs = []string{"examples", "_examples", "example", "_example"}

// exampleCode reports whether the package of import path pkg lies in an
// example directory (exampleDirs; "p_test" counts as p): its handlers and
// consumer loops serve a demonstration, not traffic, so they are no entry
// points — what only they reach is not reached. Source: the twenty-second
// held-out set (bench/corpus/heldout22.txt), whose two cold default
// findings in pion/webrtc's library code were reached only from its
// examples' programs (an offer handler, a loop saving a track to disk).
func exampleCode(pkg string) bool {
	for _, el := range strings.Split(strings.TrimSuffix(pkg, "_test"), "/") {
		if slices.Contains(exampleDirs, el) {
			return true
		}
	}
	return false
}

// classify sets f.Hot from the static evidence: where f's file is (base
// is the directory the scan was started in), and how its function is
// reached in the call graph.
//
// It returns how f's function is reached: the path reachable kept, if any,
// and the fewest calls from a serving entry point, from serving (see
// servingDepths), or -1.
func (g *callGraph) classify(f *finding.Finding, reached map[string]reach, serving map[string]int, base string) path {
	if rel, err := filepath.Rel(base, f.File); err == nil && !strings.HasPrefix(rel, "..") {
		for _, dir := range strings.Split(filepath.ToSlash(filepath.Dir(rel)), "/") {
			if slices.Contains(coldDirs, dir) {
				f.Hot = &finding.Hot{Evidence: "static: under " + dir + "/ (example, test harness or test data code)", Confidence: Low}
				return path{serving: -1}
			}
		}
	}
	if g.generated[f.File] {
		f.Hot = &finding.Hot{Evidence: "static: in generated code (the file says Code generated … DO NOT EDIT): " + generatedWhy, Confidence: Low}
		return path{serving: -1}
	}
	name := g.litAt(f.File, f.Line, f.Column)
	if _, ok := reached[name]; name != "" && !ok {
		// A literal that no call reaches in the scan (returned or
		// stored for code outside it): it runs, if at all, around when
		// the function that makes it runs.
		if n := g.funcs[name]; n != nil && n.owner != "" {
			if _, ok := reached[n.owner]; ok {
				name = n.owner
			}
		}
	}
	if name == "" {
		name = f.Function
	}
	if name == "" {
		f.Hot = &finding.Hot{Evidence: "static: package-level code, runs once", Confidence: Low}
		return path{serving: -1}
	}
	if n := g.funcs[name]; n != nil && n.inRecovery(token.Position{Line: f.Line, Column: f.Column}) {
		f.Hot = &finding.Hot{Evidence: "static: in the recovery from a panic, an error path: runs only after a panic", Confidence: Low}
		return path{serving: -1}
	}
	if n := g.funcs[name]; n != nil && n.inErrorPath(token.Position{Line: f.Line, Column: f.Column}) {
		f.Hot = &finding.Hot{Evidence: "static: in a block that runs only when an error occurred (if err != nil), an error path", Confidence: Low}
		return path{serving: -1}
	}
	if n := g.funcs[name]; n != nil && n.inShutdown(token.Position{Line: f.Line, Column: f.Column}) {
		f.Hot = &finding.Hot{Evidence: "static: in a select case that ends a loop when a signal channel closes (shutdown or cancellation): runs once per loop", Confidence: Low}
		return path{serving: -1}
	}
	if n := g.funcs[name]; n != nil && n.inErrorResponse(token.Position{Line: f.Line, Column: f.Column}) {
		f.Hot = &finding.Hot{Evidence: "static: in a block that answers with an HTTP error status (http.Error, WriteHeader 4xx or 5xx), an error path", Confidence: Low}
		return path{serving: -1}
	}
	if r, ok := reached[name]; ok {
		h := &finding.Hot{Confidence: High}
		n := g.funcs[name]
		io := g.ioOf(n)
		switch {
		case r.entry == name && r.kind == "exported API":
			h.Evidence, h.Confidence = "static: exported API of a library package", Medium
		case r.kind == "exported API":
			h.Evidence, h.Confidence = "static: called from the library's exported "+g.display(r.entry), Medium
		case r.entry == name && n.handedMethod:
			h.Evidence = "static: is a " + r.kind + " (a method of a value given to " + short(n.handedTo) + ", outside the scan, which calls it per request)"
		case r.entry == name && n.handedTo != "":
			h.Evidence = "static: is a " + r.kind + " (a function of *http.Request, as those given to " + short(n.handedTo) + ", outside the scan)"
		case r.entry == name:
			h.Evidence = "static: is a " + r.kind
		default:
			h.Evidence = fmt.Sprintf("static: reachable from %s %s in %d %s", r.kind, g.display(r.entry), r.depth, plural(r.depth, "call", "calls"))
		}
		if r.loop && r.kind != "exported API" {
			h.Evidence += ", through a loop"
		}
		if r.wide() && r.entry != name {
			h.Evidence += fmt.Sprintf(", and a call that may reach %d functions (an interface's methods or function values)", r.fanOut)
		}
		switch {
		case r.entry == name && r.kind == "consumer loop" && !n.inLoops(token.Position{Line: f.Line, Column: f.Column}):
			h.Evidence = "static: in the set-up of consumer loop " + g.display(name) + ", outside its loops that take messages: runs once per consumer"
			h.Confidence = Low
		case r.entry == name && r.kind == "benchmark" && !n.inLoops(token.Position{Line: f.Line, Column: f.Column}):
			h.Evidence = "static: in the set-up of benchmark " + g.display(name) + ", outside its measured loop: runs once per run"
			h.Confidence = Low
		case r.entry == name && n.stream && !n.inLoops(token.Position{Line: f.Line, Column: f.Column}):
			h.Evidence = "static: in the set-up of streaming handler " + g.display(name) + ", outside its loops that push events: runs once per stream"
			h.Confidence = Low
		case r.entry == name && r.kind == acceptKind && !n.inLoops(token.Position{Line: f.Line, Column: f.Column}):
			h.Evidence = "static: in the set-up of accept loop " + g.display(name) + ", outside its loops: runs once"
			h.Confidence = Low
		case r.entry == name && r.kind == acceptKind:
			h.Evidence = "static: in accept loop " + g.display(name) + ": runs once per accepted connection, not per message"
			h.Confidence = Low
		case r.kind == acceptKind:
			h.Evidence += ": runs once per accepted connection, not per message"
			h.Confidence = Low
		case strings.HasPrefix(r.kind, controlKind):
			h.Evidence += " (the control plane: operators' and scrapers' calls)"
			h.Confidence = Low
		case n.control:
			h.Evidence += "; the function serves the control plane (admin, IAM or monitoring)"
			h.Confidence = Low
		case io != "" && smallSaving[f.Analyzer]:
			h.Evidence += "; the function calls " + io + " (I/O or a template parse), which costs more than the " + f.Analyzer + " finding saves"
			h.Confidence = Low
		case r.kind == "benchmark" && r.depth > maxBenchmarkDepth:
			h.Evidence += fmt.Sprintf("; a benchmark that reaches it only through more than %d calls is weak evidence", maxBenchmarkDepth)
			h.Confidence = Low
		}
		f.Hot = h
		p := path{reach: r, reached: true, serving: -1}
		if d, ok := serving[name]; ok && !n.control && (io == "" || !smallSaving[f.Analyzer]) {
			p.serving = d
		}
		return p
	}
	n := g.funcs[name]
	switch {
	case n == nil:
		f.Hot = &finding.Hot{Evidence: "static: not in the call graph", Confidence: Low}
	case n.test && g.testOnly[n.pkg] != "":
		f.Hot = &finding.Hot{Evidence: "static: test code that no benchmark reaches (" + g.testOnly[n.pkg] + ")", Confidence: Low}
	case n.test:
		f.Hot = &finding.Hot{Evidence: "static: test code that no benchmark reaches", Confidence: Low}
	case n.main:
		f.Hot = &finding.Hot{Evidence: "static: command code that no handler, consumer loop or benchmark reaches", Confidence: Low}
	default:
		f.Hot = &finding.Hot{Evidence: "static: no call path from a handler, consumer loop or benchmark", Confidence: Low}
	}
	return path{serving: -1}
}

// maxBenchmarkDepth is the longest call path from a benchmark's measured
// loop that is evidence for any check: a benchmark that reaches a function
// only through more calls measures a whole subsystem (a directory walk,
// an engine's query), of which the finding is a small and often one-off
// part. Of the default findings so reached on the labelled corpus (the
// development modules at e0b6918 and the four held-out sets, labels in
// bench/corpus/labels), 6 of 25 were hot; within two calls 3 of 6, and
// in the measured loop itself 50 of 50.
const maxBenchmarkDepth = 2

// A path is how classify found a finding's function reached.
type path struct {
	reach   reach // the path reachable kept
	reached bool  // reach is set
	// serving is the fewest calls from a serving entry point (an HTTP
	// handler or an RPC method not of the control plane), or -1 if
	// none is within the bound or the function serves the control plane
	// or does I/O that the finding's saving is small beside.
	serving int
}

// display names the function name for a reader: short's form, or for a
// function literal "the literal at file.go:12 in api.Routes".
func (g *callGraph) display(name string) string {
	rest, ok := strings.CutPrefix(name, "lit:")
	if !ok {
		return short(name)
	}
	// rest is pkg:file:line:col; file may hold a colon on some systems.
	parts := strings.Split(rest, ":")
	if len(parts) < 4 {
		return name
	}
	file, line := strings.Join(parts[1:len(parts)-2], ":"), parts[len(parts)-2]
	d := "the literal at " + filepath.Base(file) + ":" + line
	if n := g.funcs[name]; n != nil && n.owner != "" && !strings.HasPrefix(n.owner, "lit:") {
		d += " in " + short(n.owner)
	}
	return d
}

// short returns a function's name without its package path:
// "example.com/m/api.(*Server).Bid" -> "api.(*Server).Bid".
func short(name string) string {
	path := name
	if i := strings.IndexAny(name, "(["); i >= 0 {
		path = name[:i]
	}
	return name[strings.LastIndex(path, "/")+1:]
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
