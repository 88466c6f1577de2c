package cost

import (
	"math"
	"testing"

	"github.com/perfproof/perfproof/finding"
)

// run makes one benchmark run whose CPU profile spends hot of total
// nanoseconds at cart.go:line (in cart.F) and the rest in other/run.go,
// with the given sec/op.
func benchRun(t *testing.T, line int64, hot, total int64, secOp float64) BenchmarkRun {
	t.Helper()
	b := newCPUBuilder()
	if hot > 0 {
		b.cpu(hot, loc{f("F", line)}, mainFrame)
	}
	if total > hot {
		b.cpu(total-hot, loc{{"example.com/shop/other.Run", shopOther, 9}}, mainFrame)
	}
	ps, err := New(b.p)
	if err != nil {
		t.Fatal(err)
	}
	return BenchmarkRun{Profiles: ps, SecPerOp: secOp, BytesPerOp: math.NaN(), AllocsPerOp: math.NaN()}
}

// TestAttributeRanksByOwnBenchmark: a loop that is 90 % of a small
// benchmark ranks above a line that is 40 % of each of five benchmarks of
// another package, though the second line holds far more of all samples
// together — the case a merged profile gets wrong.
func TestAttributeRanksByOwnBenchmark(t *testing.T) {
	const ms = 1e-3
	loopLine, sharedLine := int64(10), int64(20)
	fs := []finding.Finding{
		{Analyzer: "shared", File: localCart, Line: int(sharedLine), Function: cartPkg + "G"},
		{Analyzer: "loop", File: localCart, Line: int(loopLine), Function: cartPkg + "F"},
		{Analyzer: "unrun", File: localCart, Line: 30},
		{Analyzer: "unrun in cart", File: localCart, Line: 31, Function: cartPkg + "H"},
		{Analyzer: "unexercised", File: "/home/dev/shop/admin/admin.go", Line: 9, Function: "example.com/shop/admin.Reindex"},
	}
	small := Benchmark{BenchmarkID: finding.BenchmarkID{Package: "example.com/shop/a", Name: "Small"}, Samples: 6000}
	for i := range 6 {
		small.Runs = append(small.Runs, benchRun(t, loopLine, int64(88+i)*1e7, 100*1e7, 2*ms))
	}
	bs := []Benchmark{small}
	for k := range 5 {
		b := Benchmark{BenchmarkID: finding.BenchmarkID{Package: "example.com/shop/b", Name: string(rune('A' + k))}}
		for i := range 6 {
			b.Runs = append(b.Runs, benchRun(t, sharedLine, int64(380+i*5)*1e7, 1000*1e7, 1*ms))
		}
		bs = append(bs, b)
	}
	out := Attribute(fs, bs, AttributeOptions{})
	Rank(out)
	if out[0].Analyzer != "loop" {
		t.Fatalf("first = %s, want the loop at 90 %% of its own benchmark", out[0].Analyzer)
	}
	c := out[0].Cost
	if c.Benchmark == nil || c.Benchmark.Name != "Small" {
		t.Fatalf("loop ranked by %v, want benchmark Small", c.Benchmark)
	}
	if c.CPUSamples != 6000 {
		t.Errorf("loop CPUSamples = %d, want Small's 6000: its shares are of Small", c.CPUSamples)
	}
	top := c.ByBenchmark[0]
	if v := top.CPULine.Value; math.Abs(v-0.905) > 0.001 {
		t.Errorf("loop CPU line share = %v, want 0.905 (sum of 88..93 %% runs)", v)
	}
	if !(top.CPULine.Lo < top.CPULine.Value && top.CPULine.Value < top.CPULine.Hi) {
		t.Errorf("interval [%v, %v] does not surround %v", top.CPULine.Lo, top.CPULine.Hi, top.CPULine.Value)
	}
	if top.CPULine.Lo < 0.88 || top.CPULine.Hi > 0.93 {
		t.Errorf("interval [%v, %v] outside the runs' range [0.88, 0.93]", top.CPULine.Lo, top.CPULine.Hi)
	}
	if top.SecPerOp == nil || math.Abs(top.SecPerOp.Value-0.905*2*ms) > 1e-9 {
		t.Errorf("SecPerOp = %v, want share × median sec/op = %v", top.SecPerOp, 0.905*2*ms)
	}
	if top.BytesPerOp != nil {
		t.Errorf("BytesPerOp = %v, want nil: no heap profile and no B/op", top.BytesPerOp)
	}
	shared := out[1]
	if shared.Analyzer != "shared" || len(shared.Cost.ByBenchmark) != 5 {
		t.Fatalf("second = %s with %d benchmarks, want shared in 5", shared.Analyzer, len(shared.Cost.ByBenchmark))
	}
	for _, f := range out[2:] {
		c := f.Cost
		if !c.Cold || c.ByBenchmark != nil {
			t.Errorf("%s finding: %+v, want Cold with no benchmark", f.Analyzer, c)
		}
		// The benchmarks sample the cart package, not the admin one.
		if want := f.Analyzer == "unexercised"; c.Uncovered != want {
			t.Errorf("%s finding: Uncovered = %v, want %v", f.Analyzer, c.Uncovered, want)
		}
	}
	// The same inputs give the same intervals.
	again := Attribute(fs, bs, AttributeOptions{})
	Rank(again)
	if again[0].Cost.ByBenchmark[0].CPULine != top.CPULine {
		t.Errorf("second Attribute gave %v, first %v: want identical", again[0].Cost.ByBenchmark[0].CPULine, top.CPULine)
	}
}

// TestAttributeKeep: with keep, shares from the user's profiles stay and
// ByBenchmark is added; Inherent is kept either way.
func TestAttributeKeep(t *testing.T) {
	fs := []finding.Finding{{Analyzer: "x", File: localCart, Line: 10, Cost: &finding.Cost{CPULine: 0.5, Inherent: "result"}}}
	bs := []Benchmark{{BenchmarkID: finding.BenchmarkID{Name: "B"}, Runs: []BenchmarkRun{benchRun(t, 10, 1e7, 4e7, 1e-3)}}}
	kept := Attribute(fs, bs, AttributeOptions{Keep: true})[0].Cost
	if kept.CPULine != 0.5 || kept.Benchmark != nil || len(kept.ByBenchmark) != 1 || kept.Inherent != "result" {
		t.Errorf("keep: %+v, want CPULine 0.5 kept, no Benchmark, one ByBenchmark, Inherent kept", kept)
	}
	if e := kept.ByBenchmark[0].CPULine; e.Value != 0.25 || e.HasCI() {
		t.Errorf("one run: %+v, want 0.25 with no interval", e)
	}
	replaced := Attribute(fs, bs, AttributeOptions{})[0].Cost
	if replaced.CPULine != 0.25 || replaced.Benchmark == nil || replaced.Inherent != "result" {
		t.Errorf("no keep: %+v, want CPULine 0.25 from the benchmark, Inherent kept", replaced)
	}
	if fs[0].Cost.CPULine != 0.5 || fs[0].Cost.ByBenchmark != nil {
		t.Errorf("input modified: %+v", fs[0].Cost)
	}
}
