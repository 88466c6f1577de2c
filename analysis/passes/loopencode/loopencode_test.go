package loopencode_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/perfproof/perfproof/analysis/internal/checkdoc/checkdoctest"
	"github.com/perfproof/perfproof/analysis/passes/loopencode"
)

func Test(t *testing.T) {
	checkdoctest.Messages(t, analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), loopencode.Analyzer, "fpd", "exchange", "hoist"))
}

// TestMemoReplay analyses the same packages twice with one memoised copy
// of the check. The second time every package is found in the memo, so
// its facts and diagnostics are replayed rather than computed: they must
// satisfy the same expectations (the .golden files included), the replay
// must have happened, and the replayed diagnostics must carry the same
// suggested fixes, edit for edit (RunWithSuggestedFixes alone would not
// notice missing fixes: it compares a file with its .golden only when some
// diagnostic has a fix).
func TestMemoReplay(t *testing.T) {
	a, replays := loopencode.MemoizedWithReplays()
	first := fixes(analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), a, "fpd", "exchange", "hoist"))
	before := replays()
	second := fixes(analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), a, "fpd", "exchange", "hoist"))
	if got := replays() - before; got < 3 {
		t.Errorf("second analysis replayed %d packages from the memo, want at least 3 (fpd, exchange, hoist)", got)
	}
	if len(first) == 0 {
		t.Fatal("no suggested fix in the first run; the test needs some")
	}
	if !slices.Equal(first, second) {
		t.Errorf("fixes differ after a replay:\nfirst:  %q\nsecond: %q", first, second)
	}
}

// TestMemoContent edits a file between two runs of one memoised copy,
// keeping its name: the memo is keyed by content, so the second run must
// analyse the package again. A memo keyed by file names would replay the
// diagnostics at their old offsets, one line off, and the expectations
// would fail.
func TestMemoContent(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(analysistest.TestData())); err != nil {
		t.Fatal(err)
	}
	a, replays := loopencode.MemoizedWithReplays()
	analysistest.Run(t, dir, a, "exchange")
	file := filepath.Join(dir, "src", "exchange", "exchange.go")
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, append([]byte("// An edit that moves every line down by one.\n"), src...), 0o644); err != nil {
		t.Fatal(err)
	}
	before := replays()
	analysistest.Run(t, dir, a, "exchange")
	if replays() == before {
		t.Errorf("no package replayed from the memo the second time; the unchanged ones (fpd, std) should be")
	}
}

// fixes lists, in order, each diagnostic's position and the edits of its
// suggested fixes as "pos: message: [start,end)=text" strings.
func fixes(results []*analysistest.Result) []string {
	var out []string
	for _, r := range results {
		for _, d := range r.Diagnostics {
			for _, f := range d.SuggestedFixes {
				for _, e := range f.TextEdits {
					out = append(out, fmt.Sprintf("%s: %s: [%s,%s)=%s", r.Pass.Fset.Position(d.Pos), f.Message,
						r.Pass.Fset.Position(e.Pos), r.Pass.Fset.Position(e.End), e.NewText))
				}
			}
		}
	}
	return out
}
