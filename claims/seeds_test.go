package claims

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files of the seed tests")

// seedDir is where the seed reports live relative to this package:
// shared/seeds beside the repository, which a clean checkout of the
// repository does not have.
const seedDir = "../../shared/seeds"

// seedReports returns the paths of the seed reports. They are read from
// the directory named by $PERFPROOF_SEEDS if it is set, else from seedDir.
// Without seeds the test is skipped, unless $PERFPROOF_SEEDS is set: .ci/run
// sets it whenever the seeds lie beside the checkout, and then a test that
// cannot find them fails rather than skips.
func seedReports(t *testing.T) []string {
	t.Helper()
	dir, required := os.LookupEnv("PERFPROOF_SEEDS")
	if !required {
		dir = seedDir
	}
	paths, _ := filepath.Glob(filepath.Join(dir, "0*.txt"))
	switch {
	case len(paths) > 0:
		return paths
	case required:
		t.Fatalf("PERFPROOF_SEEDS=%s holds no seed report (0*.txt)", dir)
	default:
		t.Skipf("seed reports not found in %s (they live beside the repository, not in it; set PERFPROOF_SEEDS to require them)", dir)
	}
	return nil
}

// formatClaims writes one line per claim: line, kind, arithmetic verdict,
// subject, the claim, its figures, and the arithmetic detail.
func formatClaims(cs []Claim) string {
	var b strings.Builder
	for _, c := range cs {
		nums := make([]string, len(c.Numbers))
		for k, n := range c.Numbers {
			nums[k] = n.String()
		}
		fmt.Fprintf(&b, "%d\t%s\t%s\t%s\t%q\t[%s]", c.Line, c.Kind, c.Verdict, c.Subject, c.Claimed, strings.Join(nums, "; "))
		if c.Verdict != Unverifiable {
			fmt.Fprintf(&b, "\t%s", c.Detail)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// TestSeeds extracts the claims of the five seed reports and compares
// them, with their arithmetic verdicts, with golden files checked by hand
// against the reports. The golden files hold extracted claims only, never
// the reports' text; the test is skipped where the seeds are absent
// (see seedReports).
func TestSeeds(t *testing.T) {
	seeds := seedReports(t)
	for _, path := range seeds {
		name := strings.TrimSuffix(filepath.Base(path), ".txt")
		t.Run(name[:3], func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			rep, err := Extract(filepath.Base(path), src, Options{})
			if err != nil {
				t.Fatal(err)
			}
			got := formatClaims(rep.Claims)
			golden := filepath.Join("testdata", "seeds", name[:3]+".golden")
			if *update {
				if err := os.MkdirAll(filepath.Dir(golden), 0o777); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, []byte(got), 0o666); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test ./claims -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("claims of %s differ from %s:\n%s", path, golden, lineDiff(string(want), got))
			}
		})
	}
}

// lineDiff lists the lines only in want (-) and only in got (+).
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	inW, inG := make(map[string]int), make(map[string]int)
	for _, l := range w {
		inW[l]++
	}
	for _, l := range g {
		inG[l]++
	}
	var b strings.Builder
	for _, l := range w {
		if inG[l] == 0 {
			fmt.Fprintf(&b, "- %s\n", l)
		}
	}
	for _, l := range g {
		if inW[l] == 0 {
			fmt.Fprintf(&b, "+ %s\n", l)
		}
	}
	return b.String()
}
