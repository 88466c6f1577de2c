package sarifout_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/perfproof/perfproof/internal/cli"
	"github.com/perfproof/perfproof/internal/sarifout"
)

// TestScanValidates runs perfproof scan -all -sarif on a small module (its
// finding, fmtnumber in a handler, is shown only with -all), as a
// user would, and validates the file it writes against the SARIF 2.1.0
// schema.
func TestScanValidates(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"go.mod": "module example.com/m\n\ngo 1.26\n",
		"main.go": `package main

import (
	"fmt"
	"net/http"
)

func main() {
	http.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte(fmt.Sprintf("%d", len(r.URL.Path))))
		w.Write([]byte(fmt.Sprintf("%d", len(r.Method)))) //perfproof:ignore fmtnumber measured: under 0.1 % of CPU
	})
	http.ListenAndServe("127.0.0.1:0", nil)
}
`,
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	var stdout, stderr bytes.Buffer
	if code := cli.Main(context.Background(), []string{"scan", "-C", dir, "-all", "-sarif", "out.sarif", "."}, &stdout, &stderr); code != 1 {
		t.Fatalf("perfproof scan -sarif: exit %d, want 1 (findings)\nstdout:\n%s\nstderr:\n%s", code, &stdout, &stderr)
	}
	data, err := os.ReadFile(filepath.Join(dir, "out.sarif"))
	if err != nil {
		t.Fatal(err)
	}
	if err := sarifout.Validate(data); err != nil {
		t.Fatalf("Validate(perfproof scan -sarif) = %v, want nil:\n%s", err, data)
	}
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID       string `json:"ruleId"`
				Suppressions []struct {
					Justification string `json:"justification"`
				} `json:"suppressions"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(data, &log); err != nil {
		t.Fatal(err)
	}
	if len(log.Runs) != 1 || len(log.Runs[0].Results) != 2 {
		t.Fatalf("log = %s, want one run of two results", data)
	}
	rs := log.Runs[0].Results
	if rs[0].RuleID != "fmtnumber" || len(rs[0].Suppressions) != 0 ||
		rs[1].RuleID != "fmtnumber" || len(rs[1].Suppressions) != 1 || rs[1].Suppressions[0].Justification != "measured: under 0.1 % of CPU" {
		t.Errorf("results = %+v, want a fmtnumber finding, then the suppressed one with its reason", rs)
	}
}

// TestAdexchangeValidates runs perfproof scan -sarif - on the bundled
// example of the Quick start (issue 18's acceptance: its SARIF validates
// against the schema) and checks that its planted problems are results.
func TestAdexchangeValidates(t *testing.T) {
	if testing.Short() {
		t.Skip("scans a module: slow")
	}
	dir, err := filepath.Abs(filepath.Join("..", "..", "examples", "adexchange"))
	if err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := cli.Main(context.Background(), []string{"scan", "-C", dir, "-sarif", "-", "./..."}, &stdout, &stderr); code != 1 {
		t.Fatalf("perfproof scan -sarif - on examples/adexchange: exit %d, want 1 (findings)\nstderr:\n%s", code, &stderr)
	}
	if err := sarifout.Validate(stdout.Bytes()); err != nil {
		t.Fatalf("Validate(SARIF of examples/adexchange) = %v, want nil", err)
	}
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID string `json:"ruleId"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	rules := make(map[string]bool)
	for _, r := range log.Runs[0].Results {
		rules[r.RuleID] = true
	}
	for _, want := range []string{"trimloop", "loopencode"} {
		if !rules[want] {
			t.Errorf("SARIF of examples/adexchange has no %s result; rules: %v", want, rules)
		}
	}
}
