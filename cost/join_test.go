package cost

import (
	"math"
	"testing"

	"github.com/google/pprof/profile"

	"github.com/perfproof/perfproof/finding"
)

// shopCPU is a CPU profile of 1000 ns:
//
//	100 price:30 inlined into Total:12, leaf
//	200 json.Marshal under the closure Total.func1:15 under Total:14
//	300 walk:40 under walk:42 under walk:42 (recursion) under Total:13
//	400 the generic Sum[...]:50, leaf
func shopCPU() *profile.Profile {
	return newCPUBuilder().
		cpu(100, loc{f("price", 30), f("Total", 12)}, mainFrame).
		cpu(200, jsonFrame, loc{f("Total.func1", 15)}, loc{f("Total", 14)}, mainFrame).
		cpu(300, loc{f("walk", 40)}, loc{f("walk", 42)}, loc{f("walk", 42)}, loc{f("Total", 13)}, mainFrame).
		cpu(400, loc{f("Sum[...]", 50)}, mainFrame).
		p
}

// shopHeap is a heap profile of 100 objects and 10000 bytes:
//
//	10 objects, 1000 bytes in encoding/json under Total.func1:15 under Total:14
//	30 objects, 3000 bytes at Total:13, inlined into main
//	60 objects, 6000 bytes in another package
func shopHeap() *profile.Profile {
	return newHeapBuilder().
		alloc(10, 1000, loc{{"encoding/json.(*encodeState).marshal", jsonFile, 300}}, jsonFrame,
			loc{f("Total.func1", 15)}, loc{f("Total", 14)}, mainFrame).
		alloc(30, 3000, loc{f("Total", 13), {"main.main", mainFile, 5}}).
		alloc(60, 6000, loc{{"example.com/shop/other.Run", shopOther, 7}}, mainFrame).
		p
}

func TestJoin(t *testing.T) {
	ps, err := New(shopCPU(), shopHeap())
	if err != nil {
		t.Fatal(err)
	}
	const total = cartPkg + "Total"
	tests := []struct {
		name     string
		file     string
		line     int
		function string
		want     finding.Cost
	}{
		{"inlined leaf", localCart, 30, cartPkg + "price",
			finding.Cost{CPUFlat: 0.1, CPULine: 0.1, CPUCum: 0.1}},
		{"line calling a closure that calls json", localCart, 14, total,
			finding.Cost{CPULine: 0.2, CPUCum: 0.6, AllocBytes: 0.1, AllocObjects: 0.1}},
		{"line in a closure", localCart, 15, total,
			finding.Cost{CPULine: 0.2, CPUCum: 0.6, AllocBytes: 0.1, AllocObjects: 0.1}},
		{"caller of an inlined frame", localCart, 12, total,
			finding.Cost{CPULine: 0.1, CPUCum: 0.6}},
		{"allocating line", localCart, 13, total,
			finding.Cost{CPULine: 0.3, CPUCum: 0.6, AllocBytes: 0.3, AllocObjects: 0.3}},
		{"recursion counts once", localCart, 42, cartPkg + "walk",
			finding.Cost{CPULine: 0.3, CPUCum: 0.3}},
		{"generic function", localCart, 50, cartPkg + "Sum",
			finding.Cost{CPUFlat: 0.4, CPULine: 0.4, CPUCum: 0.4}},
		{"windows path", `C:\dev\shop\cart\cart.go`, 50, "",
			finding.Cost{CPUFlat: 0.4, CPULine: 0.4}},
		{"cold line and function", localCart, 99, cartPkg + "Unused",
			finding.Cost{Cold: true}},
		{"prefix without a dot is another function", localCart, 99, cartPkg + "Tot",
			finding.Cost{Cold: true}},
		{"same base name, other directory", "/home/dev/shop/other/cart.go", 12, "",
			finding.Cost{Cold: true}},
		{"base name alone does not match", "/cart.go", 12, "",
			finding.Cost{Cold: true}},
		{"package level", localCart, 3, "", finding.Cost{Cold: true}},
		{"function of a package with samples elsewhere (heap)", "/home/dev/shop/other/run.go", 99, "example.com/shop/other.Stop",
			finding.Cost{Cold: true}},
		{"function of a package no sample shows", "/home/dev/shop/admin/admin.go", 9, "example.com/shop/admin.Reindex",
			finding.Cost{Cold: true, Uncovered: true}},
		{"method of a package no sample shows", "/home/dev/shop/admin/admin.go", 19, "example.com/shop/admin.(*Store).Flush.func1",
			finding.Cost{Cold: true, Uncovered: true}},
	}
	var fs []finding.Finding
	for _, tt := range tests {
		fs = append(fs, finding.Finding{Analyzer: "test", Message: tt.name, File: tt.file, Line: tt.line, Function: tt.function})
	}
	got := Join(fs, ps)
	for i, tt := range tests {
		if fs[i].Cost != nil {
			t.Errorf("%s: Join modified its input", tt.name)
		}
		if got[i].Cost == nil {
			t.Errorf("%s: Cost = nil, want %+v", tt.name, tt.want)
			continue
		}
		if !costEqual(*got[i].Cost, tt.want) {
			t.Errorf("%s: Cost = %+v, want %+v", tt.name, *got[i].Cost, tt.want)
		}
	}
}

// TestJoinLongestSuffix checks that a profile file name denotes only the
// local file with which it shares the longest path suffix.
func TestJoinLongestSuffix(t *testing.T) {
	ps, err := New(shopCPU())
	if err != nil {
		t.Fatal(err)
	}
	fs := []finding.Finding{
		{File: "/home/dev/vendor/lib/cart/cart.go", Line: 50}, // shares "cart/cart.go"
		{File: "/home/dev/shop/cart/cart.go", Line: 50},       // shares "shop/cart/cart.go"
	}
	got := Join(fs, ps)
	if c := got[0].Cost; !c.Cold {
		t.Errorf("Join(shorter suffix).Cost = %+v, want cold", *c)
	}
	if c := got[1].Cost; c.CPUFlat != 0.4 {
		t.Errorf("Join(longer suffix).Cost.CPUFlat = %v, want 0.4", c.CPUFlat)
	}
}

func TestJoinNoSamples(t *testing.T) {
	fs := []finding.Finding{{File: localCart, Line: 30}}
	if got := Join(fs, nil); got[0].Cost != nil {
		t.Errorf("Join(nil profiles).Cost = %+v, want nil", *got[0].Cost)
	}
	ps, err := New(newCPUBuilder().p)
	if err != nil {
		t.Fatal(err)
	}
	if len(ps.Warnings) != 1 {
		t.Errorf("New(empty profile).Warnings = %v, want one warning", ps.Warnings)
	}
	if got := Join(fs, ps); got[0].Cost != nil {
		t.Errorf("Join(empty profile).Cost = %+v, want nil", *got[0].Cost)
	}
}

// TestJoinSeveralCPU checks that shares are over the sum of all CPU
// profiles, merged or kept apart.
func TestJoinSeveralCPU(t *testing.T) {
	other := newCPUBuilder().cpu(1000, loc{{"example.com/shop/other.Run", shopOther, 7}}).p

	// A legacy-style profile that counts samples of 10 ms and has no
	// cpu/nanoseconds values: it cannot be merged with the others but
	// adds up in nanoseconds.
	counts := newCPUBuilder()
	counts.p.SampleType = counts.p.SampleType[:1]
	counts.sample([]int64{1}, []loc{{f("price", 30), f("Total", 12)}})

	tests := []struct {
		name     string
		profiles []*profile.Profile
		nCPU     int
		want     finding.Cost
	}{
		{"one", []*profile.Profile{shopCPU()}, 1, finding.Cost{CPUFlat: 0.1, CPULine: 0.1, CPUCum: 0.1}},
		{"merged", []*profile.Profile{shopCPU(), other}, 1, finding.Cost{CPUFlat: 0.05, CPULine: 0.05, CPUCum: 0.05}},
		{"apart", []*profile.Profile{shopCPU(), counts.p}, 2,
			// (100 + 10e6) / (1000 + 10e6)
			finding.Cost{CPUFlat: 10_000_100.0 / 10_001_000, CPULine: 10_000_100.0 / 10_001_000, CPUCum: 10_000_100.0 / 10_001_000}},
	}
	for _, tt := range tests {
		ps, err := New(tt.profiles...)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if len(ps.CPU) != tt.nCPU {
			t.Errorf("%s: len(CPU) = %d, want %d", tt.name, len(ps.CPU), tt.nCPU)
		}
		got := Join([]finding.Finding{{File: localCart, Line: 30, Function: cartPkg + "price"}}, ps)
		if !costEqual(*got[0].Cost, tt.want) {
			t.Errorf("%s: Cost = %+v, want %+v", tt.name, *got[0].Cost, tt.want)
		}
	}
}

func costEqual(a, b finding.Cost) bool {
	near := func(x, y float64) bool { return math.Abs(x-y) < 1e-12 }
	return near(a.CPUFlat, b.CPUFlat) && near(a.CPULine, b.CPULine) && near(a.CPUCum, b.CPUCum) &&
		near(a.AllocBytes, b.AllocBytes) && near(a.AllocObjects, b.AllocObjects) && a.Cold == b.Cold &&
		a.Uncovered == b.Uncovered
}

func TestFuncPackage(t *testing.T) {
	for name, want := range map[string]string{
		"example.com/m/pkg.(*T).M.func1": "example.com/m/pkg",
		"example.com/m/pkg.F":            "example.com/m/pkg",
		"main.run":                       "main",
		"gopkg.in/yaml.v3.(*decoder).d":  "gopkg.in/yaml",
		"runtime.mallocgc":               "runtime",
		"":                               "",
	} {
		if got := funcPackage(name); got != want {
			t.Errorf("funcPackage(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestCommonSuffix(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"example.com/shop/cart/cart.go", "/home/dev/shop/cart/cart.go", 3},
		{"/home/dev/shop/cart/cart.go", "/home/dev/shop/cart/cart.go", 5},
		{"cart/cart.go", "/x/cart/cart.go", 2},
		{"a/cart.go", "b/cart.go", 1},
		{"cart.go", "cart_test.go", 0},
	}
	for _, tt := range tests {
		if got := commonSuffix(tt.a, tt.b); got != tt.want {
			t.Errorf("commonSuffix(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestFuncMatch(t *testing.T) {
	m := newFuncMatcher()
	total := m.add("example.com/m/pkg.Total")
	method := m.add("example.com/m/pkg.(*T).M")
	tests := []struct {
		name string
		want []int
	}{
		{"example.com/m/pkg.Total", []int{total}},
		{"example.com/m/pkg.Total.func1", []int{total}},
		{"example.com/m/pkg.Total.func1.2", []int{total}},
		{"example.com/m/pkg.Totals", nil},
		{"example.com/m/pkg.(*T).M", []int{method}},
		{"example.com/m/pkg.(*T[...]).M.gowrap1", []int{method}},
		{"example.com/m/other.Total", nil},
	}
	for _, tt := range tests {
		got := m.match(tt.name)
		if len(got) != len(tt.want) || len(got) > 0 && got[0] != tt.want[0] {
			t.Errorf("match(%q) = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestJoinRange checks findings that span lines (a loop): a sample counts
// when any frame is in the range, once however many of its frames are.
func TestJoinRange(t *testing.T) {
	ps, err := New(shopCPU(), shopHeap())
	if err != nil {
		t.Fatal(err)
	}
	fs := []finding.Finding{
		{File: localCart, Line: 12, EndLine: 15},
		{File: localCart, Line: 40, EndLine: 42},
		{File: localCart, Line: 14, EndLine: 14}, // a one-line range is the line
	}
	want := []finding.Cost{
		{CPULine: 0.6, AllocBytes: 0.4, AllocObjects: 0.4},
		{CPUFlat: 0.3, CPULine: 0.3},
		{CPULine: 0.2, AllocBytes: 0.1, AllocObjects: 0.1},
	}
	got := Join(fs, ps)
	for i := range fs {
		if got[i].Cost == nil || !costEqual(*got[i].Cost, want[i]) {
			t.Errorf("Join lines %d-%d: Cost = %+v, want %+v", fs[i].Line, fs[i].EndLine, got[i].Cost, want[i])
		}
	}
}

// TestJoinChargedAllocSite checks that an allocation site of Hotspots is
// measured by what is charged to it — samples whose first user frame is
// its line — while a static finding at the same line counts every sample
// with the line on the stack.
func TestJoinChargedAllocSite(t *testing.T) {
	// cart.go:12 calls Handle (user code, allocates 900 bytes at line 30)
	// and json.Marshal (allocates 100 bytes, charged to line 12).
	heap := newHeapBuilder().
		alloc(9, 900, loc{f("Handle", 30)}, loc{f("Next", 12)}, mainFrame).
		alloc(1, 100, jsonFrame, loc{f("Next", 12)}, mainFrame).
		p
	ps, err := New(heap)
	if err != nil {
		t.Fatal(err)
	}
	fs := []finding.Finding{
		{Analyzer: AnalyzerName, Category: CategoryAlloc, File: localCart, Line: 12},
		{Analyzer: "static", File: localCart, Line: 12},
	}
	out := Join(fs, ps)
	if got := out[0].Cost.AllocBytes; got != 0.1 {
		t.Errorf("allocation site: AllocBytes = %v, want 0.1 (only json.Marshal's bytes are charged to it)", got)
	}
	if got := out[1].Cost.AllocBytes; got != 1 {
		t.Errorf("static finding: AllocBytes = %v, want 1 (every sample with the line on the stack)", got)
	}
}

// TestJoinSampleCounts checks the sample counts that Hotness weighs a
// share under ColdShare by: samples/count when the profile has it, else
// CPU time over the period; sampled allocations as alloc_space over the
// heap profile's period.
func TestJoinSampleCounts(t *testing.T) {
	cpu := newCPUBuilder().
		cpu(30_000_000, loc{f("Total", 12)}, mainFrame).
		cpu(20_000_000, loc{f("price", 30)}, mainFrame).p
	heap := newHeapBuilder().alloc(4, 2<<20, loc{f("Total", 13)}).p
	noCount := newCPUBuilder().cpu(70_000_000, loc{f("Total", 14)}).p
	noCount.SampleType = noCount.SampleType[1:]
	for _, s := range noCount.Sample {
		s.Value = s.Value[1:]
	}
	for _, tc := range []struct {
		name       string
		ps         []*profile.Profile
		cpu, alloc int64
	}{
		{"samples/count", []*profile.Profile{cpu}, 5, 0},
		{"cpu time over the period", []*profile.Profile{noCount}, 7, 0},
		{"with a heap profile", []*profile.Profile{cpu, heap}, 5, 4},
	} {
		ps, err := New(tc.ps...)
		if err != nil {
			t.Fatal(err)
		}
		got := Join([]finding.Finding{{File: localCart, Line: 99, Function: cartPkg + "Unused"}}, ps)
		if c := got[0].Cost; c == nil || c.CPUSamples != tc.cpu || c.AllocSamples != tc.alloc {
			t.Errorf("%s: Cost = %+v, want %d CPU and %d allocation samples", tc.name, c, tc.cpu, tc.alloc)
		}
	}
}

// TestJoinGrowth checks that the CPU and bytes of slice and map growth are
// charged to the function whose append or store called them, through
// runtime frames and closures, and to no other.
func TestJoinGrowth(t *testing.T) {
	grow := loc{{"runtime.growslice", "/go/src/runtime/slice.go", 180}}
	malloc := loc{{"runtime.mallocgc", "/go/src/runtime/malloc.go", 1000}}
	mapGrow := loc{{"internal/runtime/maps.(*table).grow", "/go/src/internal/runtime/maps/table.go", 900}}
	assign := loc{{"internal/runtime/maps.(*Map).putSlot", "/go/src/internal/runtime/maps/map.go", 400}}
	cpu := newCPUBuilder().
		cpu(200_000_000, malloc, grow, loc{f("Total", 12)}, mainFrame).
		cpu(100_000_000, mapGrow, assign, loc{f("Total.func1", 15)}, loc{f("Total", 14)}, mainFrame).
		cpu(700_000_000, loc{f("price", 30)}, loc{f("Total", 12)}, mainFrame).p
	heap := newHeapBuilder().
		alloc(1, 4096, malloc, grow, loc{f("Total", 12)}, mainFrame).
		alloc(1, 4096, loc{f("price", 30)}, mainFrame).p
	ps, err := New(cpu, heap)
	if err != nil {
		t.Fatal(err)
	}
	got := Join([]finding.Finding{
		{File: localCart, Line: 12, Function: cartPkg + "Total"},
		{File: localCart, Line: 30, Function: cartPkg + "price"},
	}, ps)
	near := func(x, y float64) bool { return math.Abs(x-y) < 1e-9 }
	if c := got[0].Cost; !near(c.GrowCPU, 0.3) || !near(c.GrowBytes, 0.5) {
		t.Errorf("Total: GrowCPU %v, GrowBytes %v; want 0.3 (a slice grown by Total, a map by its closure) and 0.5", c.GrowCPU, c.GrowBytes)
	}
	if c := got[1].Cost; c.GrowCPU != 0 || c.GrowBytes != 0 {
		t.Errorf("price grows nothing: GrowCPU %v, GrowBytes %v", c.GrowCPU, c.GrowBytes)
	}
}
