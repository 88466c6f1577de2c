package report

import (
	"os"
	"strings"
	"testing"

	"github.com/perfproof/perfproof/analysis/suite"
)

// TestExplanations checks that every check of the suite has a why and a
// fix, so that no finding of perfproof's own checks falls back to "gives
// no explanation", and that each ends as a sentence does.
func TestExplanations(t *testing.T) {
	names := map[string]bool{}
	for _, a := range suite.Analyzers() {
		names[a.Name] = true
		ex, ok := explanations[a.Name]
		if !ok {
			t.Errorf("check %s of the suite has no entry in explanations", a.Name)
			continue
		}
		for what, s := range map[string]string{"why": ex.why, "fix": ex.fix} {
			if !strings.HasSuffix(s, ".") {
				t.Errorf("explanations[%q].%s is not a whole sentence: %q", a.Name, what, s)
			}
		}
	}
	// The suite must list every check under analysis/passes; if it did
	// not, a check left out of it would also escape the test above.
	dirs, err := os.ReadDir("../analysis/passes")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range dirs {
		if d.IsDir() && !names[d.Name()] {
			t.Errorf("analysis/passes/%s is not in analysis/suite; add it there and to explanations", d.Name())
		}
	}
}
