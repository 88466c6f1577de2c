package benchrun

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"
)

// eachModule has a package with a plain benchmark, one with two
// sub-benchmarks and one that panics, and a package without benchmarks.
var eachModule = map[string]string{
	"p/p.go": `package p

func Spin(n int) (s int) {
	for i := 0; i < n; i++ {
		s += i * i % 7
	}
	return s
}
`,
	"p/p_test.go": `package p

import "testing"

var sink int

func BenchmarkSpin(b *testing.B) {
	for b.Loop() {
		sink += Spin(20000)
	}
}

func BenchmarkSizes(b *testing.B) {
	for _, n := range []int{1000, 50000} {
		b.Run(map[int]string{1000: "small", 50000: "large"}[n], func(b *testing.B) {
			for b.Loop() {
				sink += Spin(n)
			}
		})
	}
}

func BenchmarkBoom(b *testing.B) {
	panic("boom in the benchmark")
}
`,
	"q/q.go": "package q\n",
}

// panicked reports whether err is how a run reports benchmark name's
// panic("boom in the benchmark"): ErrPanic with the panic's text, or, when
// Go's testing package lost the panic (a race it loses under load: the
// result line without a time is printed and the binary exits 0; see
// timelessError), ErrFailed naming the benchmark.
func panicked(err error, name string) bool {
	switch {
	case errors.Is(err, ErrPanic):
		return strings.Contains(err.Error(), "boom in the benchmark")
	case errors.Is(err, ErrFailed):
		return strings.Contains(err.Error(), name+"-") && strings.Contains(err.Error(), "without a time")
	}
	return false
}

func TestRunEach(t *testing.T) {
	dir := writeModule(t, eachModule)
	var progress strings.Builder
	started := make(map[string][]int) // benchmark name → Run of each Starting
	res, err := RunEach(context.Background(), []string{"./..."}, EachOptions{
		Dir: dir, Count: 2, Benchtime: "20ms", CPUProfile: true, MemProfile: true,
		Samples: 30, MaxTime: 5 * time.Second, Progress: &progress,
		Starting: func(s RunStart) {
			if s.Runs != 0 {
				t.Errorf("Starting(%+v): Runs = %d, want 0 (open-ended with a sample target)", s, s.Runs)
			}
			started[s.Name] = append(started[s.Name], s.Run)
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	defer res.Close()
	if len(res.Packages) != 2 {
		t.Fatalf("got %d packages, want 2", len(res.Packages))
	}
	p, q := res.Packages[0], res.Packages[1]
	if !q.Skipped {
		t.Errorf("package q without benchmarks: Skipped = false")
	}
	var names []string
	for _, b := range p.Benchmarks {
		names = append(names, b.Name)
	}
	want := []string{"Spin", "Sizes/small", "Sizes/large", "Boom"}
	if !slices.Equal(names, want) {
		t.Fatalf("benchmarks = %q, want %q (each leaf on its own, in order)", names, want)
	}
	for _, b := range p.Benchmarks {
		if b.Name == "Boom" {
			if !panicked(b.Err, "Boom") {
				t.Errorf("Boom: Err = %v, want the panic (ErrPanic), or the result without a time that Go's testing prints when it loses the panic under load", b.Err)
			}
			if len(b.Runs) != 0 {
				t.Errorf("Boom: %d runs, want none", len(b.Runs))
			}
			continue
		}
		if b.Err != nil {
			t.Errorf("%s: %v", b.Name, b.Err)
		}
		if len(b.Runs) < 2 {
			t.Errorf("%s: %d runs, want at least Count = 2", b.Name, len(b.Runs))
		}
		if b.Samples < 30 && !b.Capped {
			t.Errorf("%s: %d samples and not capped, want at least the target 30", b.Name, b.Samples)
		}
		sum := 0
		for i, r := range b.Runs {
			sum += r.Samples
			if r.CPUProfile == "" || r.MemProfile == "" {
				t.Errorf("%s run %d: profiles %q %q, want both", b.Name, i, r.CPUProfile, r.MemProfile)
			}
			if len(r.Results) != 1 || NameWithoutProcs(r.Results[0].Name) != b.Name {
				t.Errorf("%s run %d: results %v, want one result of the benchmark itself", b.Name, i, r.Results)
			}
			if i > 0 && !strings.HasSuffix(r.Benchtime, "x") {
				t.Errorf("%s run %d: benchtime %q, want a fixed iteration count", b.Name, i, r.Benchtime)
			}
		}
		if sum != b.Samples {
			t.Errorf("%s: Samples = %d, want the sum of the runs' %d", b.Name, b.Samples, sum)
		}
		var want []int
		for i := range b.Runs {
			want = append(want, i+1)
		}
		if !slices.Equal(started[b.Name], want) {
			t.Errorf("%s: Starting saw runs %v, want %v", b.Name, started[b.Name], want)
		}
	}
	if len(started["Boom"]) != 0 {
		t.Errorf("Boom: Starting saw runs %v, want none (it failed while being found)", started["Boom"])
	}
	for _, want := range []string{"bench 1/1 example.com/m/p", "  Spin: ", "  Sizes/large: ", "  Boom: 0 runs, 0 CPU samples in 0s (failed)"} {
		if !strings.Contains(progress.String(), want) {
			t.Errorf("progress lacks %q:\n%s", want, progress.String())
		}
	}
	// The panic fails the package, with the others' results kept.
	if !panicked(p.Err, "Boom") {
		t.Errorf("package Err = %v, want the panic", p.Err)
	}
	if len(p.Results) == 0 {
		t.Errorf("package Results empty, want the runs' results")
	}
}

func TestRunEachNoMatch(t *testing.T) {
	dir := writeModule(t, eachModule)
	res, err := RunEach(context.Background(), []string{"./p"}, EachOptions{Dir: dir, Bench: "Nothing"})
	if err != nil {
		t.Fatal(err)
	}
	defer res.Close()
	err = res.Packages[0].Err
	if !errors.Is(err, ErrNoMatch) {
		t.Fatalf("Err = %v, want ErrNoMatch", err)
	}
	for _, name := range []string{"Spin", "Sizes", "Boom"} {
		if !strings.Contains(err.Error(), name) {
			t.Errorf("Err %q does not list benchmark %s", err, name)
		}
	}
}

func TestSplitBench(t *testing.T) {
	for _, tc := range []struct{ in, top, rest string }{
		{".", ".", ""},
		{"Auction/before", "Auction", "before"},
		{"A[/]b/c", "A[/]b", "c"},
		{`A\/b/c`, `A\/b`, "c"},
		{"(a/b)/c/d", "(a/b)", "c/d"},
	} {
		top, rest := splitBench(tc.in)
		if top != tc.top || rest != tc.rest {
			t.Errorf("splitBench(%q) = %q, %q; want %q, %q", tc.in, top, rest, tc.top, tc.rest)
		}
	}
}

// TestRunEachStarting: Starting is called before each run, with the
// benchmark's place in its package, its name and the run's number, 1 to
// Count, and Count as the total when no sample target makes the runs
// open-ended.
func TestRunEachStarting(t *testing.T) {
	dir := writeModule(t, eachModule)
	var got []RunStart // RunEach calls Starting one at a time
	res, err := RunEach(context.Background(), []string{"./p"}, EachOptions{
		Dir: dir, Bench: "Spin|Sizes", Count: 2, Benchtime: "1x",
		Starting: func(s RunStart) { got = append(got, s) },
	})
	if err != nil {
		t.Fatal(err)
	}
	defer res.Close()
	// Round-robin: each benchmark's first run, then each one's second.
	var want []RunStart
	for run := 1; run <= 2; run++ {
		for i, name := range []string{"Spin", "Sizes/small", "Sizes/large"} {
			want = append(want, RunStart{Package: "example.com/m/p", Benchmark: i + 1, Benchmarks: 3, Name: name, Run: run, Runs: 2})
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("Starting saw\n%+v\nwant\n%+v", got, want)
	}
	for _, b := range res.Packages[0].Benchmarks {
		if len(b.Runs) != 2 || b.Err != nil {
			t.Errorf("%s: %d runs, err %v; want 2 runs as announced", b.Name, len(b.Runs), b.Err)
		}
	}
}
