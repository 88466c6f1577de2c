package scan

import (
	"context"
	"path/filepath"
	"sync"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/perfproof/perfproof/analysis/suite"
)

// TestRunTypeChecksOnce scans two packages that share a dependency, one
// with tests: every package of the graph, the shared one and the standard
// library included, is type-checked exactly once.
func TestRunTypeChecksOnce(t *testing.T) {
	var mu sync.Mutex
	counts := make(map[string]int)
	checked = func(p *packages.Package) {
		mu.Lock()
		counts[p.ID]++
		mu.Unlock()
	}
	defer func() { checked = nil }()
	res, err := Run(context.Background(), suite.Analyzers(), []string{"./..."}, Options{Dir: filepath.Join("testdata", "shared"), Tests: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.NotAnalysed) > 0 || len(res.Errors) > 0 {
		t.Errorf("not analysed %v, errors %v; want none", res.NotAnalysed, res.Errors)
	}
	for _, id := range []string{"example.com/shared/c", "example.com/shared/a [example.com/shared/a.test]", "example.com/shared/b", "strings", "unsafe"} {
		if counts[id] != 1 {
			t.Errorf("%s type-checked %d times, want 1", id, counts[id])
		}
	}
	for id, n := range counts {
		if n != 1 {
			t.Errorf("%s type-checked %d times, want 1", id, n)
		}
	}
	// The generated test main is not analysed, so not checked.
	if n := counts["example.com/shared/a.test"]; n != 0 {
		t.Errorf("the test main type-checked %d times, want 0", n)
	}
}
