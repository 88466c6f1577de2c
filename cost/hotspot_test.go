package cost

import (
	"strings"
	"testing"

	"github.com/google/pprof/profile"

	"github.com/perfproof/perfproof/finding"
)

// allocHeap is a heap profile of 100 objects and 10000 bytes:
//
//	50 objects, 5000 bytes at (*Cart).Add:20, leaf (append or make there)
//	10 objects, 3000 bytes in json.Marshal under Total.func1:15
//	35 objects, 1000 bytes in strings.Builder under Format:60
//	 2 objects,  400 bytes in the runtime alone
//	 2 objects,  500 bytes in a benchmark's set-up (_test.go)
//	 1 object,   100 bytes at Small:70, under the threshold
func allocHeap() *profile.Profile {
	return newHeapBuilder().
		alloc(50, 5000, loc{f("(*Cart).Add", 20)}, loc{f("Total", 13)}, mainFrame).
		alloc(10, 3000, loc{{"encoding/json.(*encodeState).marshal", jsonFile, 300}}, jsonFrame,
			loc{f("Total.func1", 15)}, loc{f("Total", 14)}, mainFrame).
		alloc(35, 1000, loc{{"strings.(*Builder).grow", "/usr/local/go/src/strings/builder.go", 70},
			{"strings.(*Builder).WriteString", "/usr/local/go/src/strings/builder.go", 110}},
			loc{f("Format", 60)}, mainFrame).
		alloc(2, 400, loc{{"runtime.malg", "/usr/local/go/src/runtime/proc.go", 4000}}).
		alloc(2, 500, loc{{cartPkg + "BenchmarkAdd", "example.com/shop/cart/cart_test.go", 9}},
			loc{{"testing.(*B).runN", "/usr/local/go/src/testing/benchmark.go", 200}}).
		alloc(1, 100, loc{f("Small", 70)}, mainFrame).
		p
}

// encodingCPU is a CPU profile of 1000 ns:
//
//	230 in json.Marshal under Total.func1:15
//	 40 in fmt.Sprintf under Format:61, under the threshold
//	 80 in fmt.Sprintf under json.Marshal under (*Cart).MarshalJSON:80,
//	    reached through Total.func1:15 as well
//	650 elsewhere
func encodingCPU() *profile.Profile {
	sprintf := loc{{"fmt.Sprintf", fmtFile, 239}}
	return newCPUBuilder().
		cpu(230, loc{{"encoding/json.(*encodeState).reflectValue", jsonFile, 350}}, jsonFrame,
			loc{f("Total.func1", 15)}, loc{f("Total", 14)}, mainFrame).
		cpu(40, loc{{"fmt.(*pp).doPrintf", fmtFile, 1000}}, sprintf, loc{f("Format", 61)}, mainFrame).
		cpu(80, loc{{"fmt.(*pp).doPrintf", fmtFile, 1000}}, sprintf, loc{f("(*Cart).MarshalJSON", 80)},
			jsonFrame, loc{f("Total.func1", 15)}, loc{f("Total", 14)}, mainFrame).
		cpu(650, loc{{"example.com/shop/other.Run", shopOther, 7}}, mainFrame).
		p
}

func TestHotspots(t *testing.T) {
	ps, err := New(allocHeap(), encodingCPU())
	if err != nil {
		t.Fatal(err)
	}
	resolve := func(file string) string {
		return strings.Replace(file, "example.com/shop/", "/home/dev/shop/", 1)
	}
	type want struct {
		category string
		line     int
		function string
		message  string
		cost     finding.Cost
	}
	add := want{CategoryAlloc, 20, cartPkg + "(*Cart).Add",
		"cart.(*Cart).Add allocates 50 % of bytes (5.0 kB over the profile) and 50 % of objects at this line " +
			"(append, make, new or a literal that escapes); pre-size slices and maps with make, or reuse the values across calls via a field or sync.Pool",
		finding.Cost{AllocBytes: 0.5, AllocObjects: 0.5}}
	builder := want{CategoryAlloc, 60, cartPkg + "Format",
		"cart.Format allocates 10 % of bytes (1.0 kB over the profile) and 35 % of objects through strings.Builder growth " +
			"(strings.(*Builder).WriteString); call Grow with the final size first",
		finding.Cost{CPUCum: 0.04, AllocBytes: 0.1, AllocObjects: 0.35}} // Format:61 calls fmt
	json := want{CategoryEncoding, 15, cartPkg + "Total",
		"encoding/json under cart.Total.func1 takes 31 % of CPU (json.Marshal) and allocates 30 % of bytes (3.0 kB over the profile) " +
			"and 10 % of objects; encode once outside the hot path and reuse the bytes, or use an encoder without reflection",
		finding.Cost{CPULine: 0.31, CPUCum: 0.31, AllocBytes: 0.3, AllocObjects: 0.1}}
	fmtUnderMarshal := want{CategoryEncoding, 80, cartPkg + "(*Cart).MarshalJSON",
		"fmt under cart.(*Cart).MarshalJSON takes 8.0 % of CPU (fmt.Sprintf); format with strconv.Append* into a reused buffer",
		finding.Cost{CPUFlat: 0, CPULine: 0.08, CPUCum: 0.08}}

	tests := []struct {
		name string
		opts HotspotOptions
		want []want
	}{
		// The allocation and the encoding at line 15 are one finding.
		{"default", HotspotOptions{Resolve: resolve}, []want{add, builder, json, fmtUnderMarshal}},
		{"module", HotspotOptions{Resolve: resolve, Modules: []string{"example.com/shop"}},
			[]want{add, builder, json, fmtUnderMarshal}},
		{"other module", HotspotOptions{Modules: []string{"example.com/elsewhere"}}, nil},
		{"threshold", HotspotOptions{Resolve: resolve, Threshold: 0.3}, []want{add, builder, json}},
		{"known lines skipped", HotspotOptions{Resolve: resolve,
			Known: []finding.Finding{{File: localCart, Line: 15}, {File: localCart, Line: 80}}},
			[]want{add, builder}},
	}
	for _, tt := range tests {
		got := Hotspots(ps, tt.opts)
		if len(got) != len(tt.want) {
			t.Errorf("%s: Hotspots returned %d findings, want %d:", tt.name, len(got), len(tt.want))
			for _, g := range got {
				t.Logf("%s:%d %s", g.File, g.Line, g.Message)
			}
			continue
		}
		for i, w := range tt.want {
			g := got[i]
			if g.Analyzer != "profile" || g.Category != w.category || g.File != localCart || g.Line != w.line || g.Function != w.function {
				t.Errorf("%s: finding %d = %s/%s %s:%d in %s, want profile/%s %s:%d in %s", tt.name, i,
					g.Analyzer, g.Category, g.File, g.Line, g.Function, w.category, localCart, w.line, w.function)
			}
			if g.Message != w.message {
				t.Errorf("%s: finding %d message\n got %q\nwant %q", tt.name, i, g.Message, w.message)
			}
			if g.Cost == nil || !costEqual(*g.Cost, w.cost) {
				t.Errorf("%s: finding %d Cost = %+v, want %+v", tt.name, i, g.Cost, w.cost)
			}
		}
	}
}

func TestAllocHint(t *testing.T) {
	tests := []struct{ callee, how string }{
		{"runtime.growslice", "through slice growth by append (runtime.growslice)"},
		{"runtime.makeslice", "through make of a slice (runtime.makeslice)"},
		{"runtime.newobject", "through new objects (runtime.newobject)"},
		{"runtime.mapassign_faststr", "through map allocation and growth (runtime.mapassign_faststr)"},
		{"runtime.concatstring2", "through string concatenation (runtime.concatstring2)"},
		{"encoding/xml.Marshal", "in reflection-based encoding (xml.Marshal)"},
		{"fmt.Sprintf", "in formatting (fmt.Sprintf)"},
		{"github.com/x/y.Parse", "in y.Parse, a dependency"},
		{"strconv.Quote", "in strconv.Quote"},
	}
	for _, tt := range tests {
		if how, _ := allocHint(tt.callee); how != tt.how {
			t.Errorf("allocHint(%q) = %q, want %q", tt.callee, how, tt.how)
		}
	}
}

func TestNames(t *testing.T) {
	tests := []struct{ name, pkg, short, top string }{
		{"example.com/m/pkg.(*T).M.func1.2", "example.com/m/pkg", "pkg.(*T).M.func1.2", "example.com/m/pkg.(*T).M"},
		{"example.com/m/pkg.F.gowrap3", "example.com/m/pkg", "pkg.F.gowrap3", "example.com/m/pkg.F"},
		{"example.com/m/pkg.Map[...].func1", "example.com/m/pkg", "pkg.Map.func1", "example.com/m/pkg.Map"},
		{"example.com/m/pkg.T.Function", "example.com/m/pkg", "pkg.T.Function", "example.com/m/pkg.T.Function"},
		{"encoding/json.Marshal", "encoding/json", "json.Marshal", "encoding/json.Marshal"},
		{"main.main.func1", "main", "main.main.func1", "main.main"},
		{"runtime.main", "runtime", "runtime.main", "runtime.main"},
	}
	for _, tt := range tests {
		if got := packagePath(tt.name); got != tt.pkg {
			t.Errorf("packagePath(%q) = %q, want %q", tt.name, got, tt.pkg)
		}
		if got := shortName(tt.name); got != tt.short {
			t.Errorf("shortName(%q) = %q, want %q", tt.name, got, tt.short)
		}
		if got := topLevel(tt.name); got != tt.top {
			t.Errorf("topLevel(%q) = %q, want %q", tt.name, got, tt.top)
		}
	}
}

func TestFormat(t *testing.T) {
	bytes := []struct {
		n    int64
		want string
	}{
		{0, "0 B"}, {999, "999 B"}, {1000, "1.0 kB"}, {1_234_567, "1.2 MB"}, {340_000_000, "340 MB"},
		{999_999, "1.0 MB"}, {1_200_000_000, "1.2 GB"},
	}
	for _, tt := range bytes {
		if got := formatBytes(tt.n); got != tt.want {
			t.Errorf("formatBytes(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
	shares := []struct {
		share float64
		want  string
	}{
		{0, "0 %"}, {0.054, "5.4 %"}, {0.31, "31 %"}, {1, "100 %"},
	}
	for _, tt := range shares {
		if got := percent(tt.share); got != tt.want {
			t.Errorf("percent(%v) = %q, want %q", tt.share, got, tt.want)
		}
	}
}

// TestHotspotsTestCodeAllocates checks that an allocation made in test
// code (a benchmark's handler called by the library) is not charged to the
// library frame that called it: that frame did not allocate.
func TestHotspotsTestCodeAllocates(t *testing.T) {
	heap := newHeapBuilder().
		alloc(60, 6000, loc{{cartPkg + "handler", "/home/dev/shop/cart/cart_test.go", 30}},
			loc{f("(*Router).Next", 90)}, mainFrame).
		alloc(40, 4000, loc{f("(*Cart).Add", 20)}, mainFrame).
		p
	ps, err := New(heap)
	if err != nil {
		t.Fatal(err)
	}
	var lines []int
	for _, f := range Hotspots(ps, HotspotOptions{}) {
		lines = append(lines, f.Line)
	}
	if len(lines) != 1 || lines[0] != 20 {
		t.Errorf("Hotspots reported lines %v, want only 20 ((*Cart).Add); line 90 called the test code that allocated", lines)
	}
}

// TestHotspotsInherent checks that with ReadFile, a site whose line grows
// a buffer of the receiver is marked inherent and advised accordingly,
// and that a site without such a role keeps the advice for waste.
func TestHotspotsInherent(t *testing.T) {
	lines := make([]string, 70)
	lines[0] = "package cart"
	lines[18] = "func (c *Cart) Add(it Item) {"
	lines[19] = "\tc.items = append(c.items, it)"
	lines[20] = "}"
	lines[58] = "func Format(n int) string {"
	lines[59] = "\tvar b strings.Builder; b.WriteString(x)"
	lines[60] = "\treturn fmt.Sprintf(\"%d\", n)"
	lines[61] = "}"
	src := strings.Join(lines, "\n")
	var read []string
	opts := HotspotOptions{
		Resolve: func(file string) string { return strings.Replace(file, "example.com/shop/", "/home/dev/shop/", 1) },
		ReadFile: func(name string) ([]byte, error) {
			read = append(read, name)
			return []byte(src), nil
		},
	}
	ps, err := New(allocHeap())
	if err != nil {
		t.Fatal(err)
	}
	got := Hotspots(ps, opts)
	byLine := make(map[int]finding.Finding)
	for _, f := range got {
		byLine[f.Line] = f
	}
	add, ok := byLine[20]
	if !ok || add.Cost == nil || add.Cost.Inherent != RoleReusedBuffer || !strings.Contains(add.Message, "it grows c.items, a buffer the receiver keeps") {
		t.Errorf("line 20 = %+v (cost %+v), want Inherent %q and advice about c.items", add, add.Cost, RoleReusedBuffer)
	}
	format, ok := byLine[60]
	if !ok || format.Cost == nil || format.Cost.Inherent != "" || !strings.Contains(format.Message, "call Grow with the final size first") {
		t.Errorf("line 60 = %+v, want no role and the strings.Builder advice", format)
	}
	if len(read) != 1 || read[0] != localCart {
		t.Errorf("ReadFile calls = %q, want one of %s (each file is read once)", read, localCart)
	}
}

// TestHotspotsPoolNew checks that allocations made by a function that
// (*sync.Pool).Get calls as New are reported as pool misses and never as
// inherent, though New returns the value it makes.
func TestHotspotsPoolNew(t *testing.T) {
	poolGet := loc{{"sync.(*Pool).Get", "/usr/local/go/src/sync/pool.go", 155}}
	heap := newHeapBuilder().
		alloc(80, 8192, loc{f("init.func1", 12)}, poolGet, loc{f("(*Cart).Encode", 40)}, mainFrame).
		alloc(20, 2048, loc{f("(*Cart).Add", 20)}, mainFrame).
		p
	ps, err := New(heap)
	if err != nil {
		t.Fatal(err)
	}
	src := strings.Repeat("\n", 11) + "\tNew: func() any { return new(bytes.Buffer) },\n"
	got := Hotspots(ps, HotspotOptions{ReadFile: func(string) ([]byte, error) { return []byte(src), nil }})
	var pool *finding.Finding
	for i := range got {
		if got[i].Line == 12 {
			pool = &got[i]
		}
	}
	if pool == nil {
		t.Fatalf("no finding at the pool's New (line 12): %+v", got)
	}
	if !strings.Contains(pool.Message, "as a sync.Pool's New, so each of these allocations is a pool miss") {
		t.Errorf("message %q does not call it pool misses", pool.Message)
	}
	if pool.Cost == nil || pool.Cost.Inherent != "" {
		t.Errorf("cost %+v: a pool miss is not inherent", pool.Cost)
	}
	for _, f := range got {
		if f.Line == 40 {
			t.Errorf("the caller of Get (line 40) is reported: the allocation is New's")
		}
	}
}

// TestHotspotsDependency checks that an allocation made inside a
// dependency, charged to the module's line that calls it, names the
// dependency's module and ranks after the module's own sites, though it
// allocates more.
func TestHotspotsDependency(t *testing.T) {
	dep := loc{{"github.com/fast/codec/v2/internal/enc.(*Encoder).grow", "/go/pkg/mod/github.com/fast/codec/v2@v2.1.0/internal/enc/enc.go", 80}}
	heap := newHeapBuilder().
		alloc(70, 7000, dep, loc{f("(*Cart).Encode", 40)}, mainFrame).
		alloc(30, 3000, loc{f("(*Cart).Add", 20)}, mainFrame).
		p
	ps, err := New(heap)
	if err != nil {
		t.Fatal(err)
	}
	got := Hotspots(ps, HotspotOptions{Modules: []string{"example.com/shop"}, DependencyModules: []string{"github.com/fast/codec", "github.com/fast/codec/v2"}})
	Rank(got)
	if len(got) != 2 || got[0].Line != 20 || got[1].Line != 40 {
		t.Fatalf("ranked lines %v, want the module's own site 20, then 40 (in a dependency)", got)
	}
	d := got[1]
	if d.Cost.Dependency != "github.com/fast/codec/v2" || !strings.Contains(d.Message, "of module github.com/fast/codec/v2; upgrade") {
		t.Errorf("dependency site: Dependency %q, message %q; want module github.com/fast/codec/v2 named", d.Cost.Dependency, d.Message)
	}
	if got[0].Cost.Dependency != "" {
		t.Errorf("own site marked as a dependency's: %q", got[0].Cost.Dependency)
	}
}
