package scan

import (
	"context"
	"path/filepath"
	"sync/atomic"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/perfproof/perfproof/analysis/suite"
)

// TestRunProgress scans a module with Options.Progress: the first call
// says the packages are loading, the second that they are loaded, and
// then there is one call per package of the graph, in order, counting to
// every package the driver type-checks.
func TestRunProgress(t *testing.T) {
	var calls []Progress // Run promises calls one at a time
	var typeChecked atomic.Int64
	checked = func(*packages.Package) { typeChecked.Add(1) }
	defer func() { checked = nil }()
	_, err := Run(context.Background(), suite.Analyzers(), []string{"./..."}, Options{
		Dir: filepath.Join("testdata", "shared"), Tests: true,
		Progress: func(p Progress) { calls = append(calls, p) },
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(calls) < 3 {
		t.Fatalf("Progress called %d times, want at least 3: %v", len(calls), calls)
	}
	if calls[0] != (Progress{}) {
		t.Errorf("first Progress = %+v, want the zero value (loading)", calls[0])
	}
	n := calls[1].Packages
	if want := (Progress{Loaded: true, Packages: n}); calls[1] != want || n == 0 {
		t.Errorf("second Progress = %+v, want %+v with Packages > 0", calls[1], want)
	}
	if int64(n) != typeChecked.Load() {
		t.Errorf("Progress.Packages = %d, want the %d packages type-checked", n, typeChecked.Load())
	}
	for i, p := range calls[2:] {
		if !p.Loaded || p.Packages != n || p.Analysed != calls[i+1].Analysed+1 {
			t.Errorf("Progress call %d = %+v after %+v, want Analysed one more, of %d", i+2, p, calls[i+1], n)
		}
	}
	if last := calls[len(calls)-1]; last.Analysed != n {
		t.Errorf("last Progress = %+v, want %d of %d analysed", last, n, n)
	}
}

// TestReporter: a nil hook is no progress, and the counts passed on
// never go back although workers finish out of order.
func TestReporter(t *testing.T) {
	var r *reporter
	r.report(Progress{Loaded: true}) // must not panic
	(&reporter{}).report(Progress{Loaded: true})
	var got []int
	r = &reporter{f: func(p Progress) { got = append(got, p.Analysed) }}
	for _, a := range []int{1, 3, 2, 4} { // workers may finish out of order
		r.report(Progress{Loaded: true, Packages: 4, Analysed: a})
	}
	if want := []int{1, 3, 4}; len(got) != len(want) || got[0] != 1 || got[1] != 3 || got[2] != 4 {
		t.Errorf("reported Analysed %v, want %v: never going back", got, want)
	}
}
