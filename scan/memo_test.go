package scan

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/perfproof/perfproof/analysis/suite"
)

// TestMemoAcrossRuns scans a module twice in one process, editing a
// dependency in between. The memo of the fact checks outlives a run, so
// the second run replays what did not change; the root package's own
// files are the same both times, but the dependency it calls no longer
// encodes anything, so its finding must go: a memo keyed by a package's
// own files would replay it.
func TestMemoAcrossRuns(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) {
		t.Helper()
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/m\n\ngo 1.26\n")
	write("a/a.go", `package a

import "encoding/json"

type Cfg struct{ Site string }

func Encode(c *Cfg) ([]byte, error) { return json.Marshal(c) }
`)
	write("b/b.go", `package b

import "example.com/m/a"

func Send(c *a.Cfg, bidders []string) (n int) {
	for range bidders {
		v, _ := a.Encode(c)
		n += len(v)
	}
	return n
}
`)
	loopencode := func() []string {
		t.Helper()
		res, err := Run(context.Background(), suite.Analyzers(), []string{"./..."}, Options{Dir: dir})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, f := range res.Findings {
			if f.Analyzer == "loopencode" {
				got = append(got, filepath.Base(f.File)+": "+f.Message)
			}
		}
		return got
	}
	if got := loopencode(); len(got) != 1 || !strings.HasPrefix(got[0], "b.go: ") {
		t.Fatalf("first run: loopencode findings %q, want one in b.go (a.Encode marshals its loop-invariant argument)", got)
	}
	write("a/a.go", `package a

type Cfg struct{ Site string }

func Encode(c *Cfg) ([]byte, error) { return []byte(c.Site), nil }
`)
	if got := loopencode(); len(got) != 0 {
		t.Errorf("after a.Encode stopped encoding: loopencode findings %q, want none (a stale replay of b)", got)
	}
}
