package sarifout

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/perfproof/perfproof/finding"
	"github.com/perfproof/perfproof/scan"
)

// log is the subset of a SARIF log that the tests read back.
type log struct {
	Schema  string `json:"$schema"`
	Version string `json:"version"`
	Runs    []struct {
		ColumnKind         string `json:"columnKind"`
		OriginalURIBaseIDs map[string]struct {
			URI string `json:"uri"`
		} `json:"originalUriBaseIds"`
		Tool struct {
			Driver struct {
				Name  string `json:"name"`
				Rules []struct {
					ID               string `json:"id"`
					ShortDescription struct{ Text string }
					FullDescription  struct{ Text string }
					HelpURI          string `json:"helpUri"`
				} `json:"rules"`
			} `json:"driver"`
		} `json:"tool"`
		Results []struct {
			RuleID    string `json:"ruleId"`
			RuleIndex int    `json:"ruleIndex"`
			Level     string `json:"level"`
			Message   struct{ Text string }
			Locations []struct {
				PhysicalLocation struct {
					ArtifactLocation artifactLoc `json:"artifactLocation"`
					Region           region      `json:"region"`
				} `json:"physicalLocation"`
			} `json:"locations"`
			Fixes []struct {
				Description     struct{ Text string }
				ArtifactChanges []struct {
					ArtifactLocation artifactLoc `json:"artifactLocation"`
					Replacements     []struct {
						DeletedRegion   region `json:"deletedRegion"`
						InsertedContent struct {
							Text string `json:"text"`
						} `json:"insertedContent"`
					} `json:"replacements"`
				} `json:"artifactChanges"`
			} `json:"fixes"`
			Suppressions []struct {
				Kind          string `json:"kind"`
				Justification string `json:"justification"`
			} `json:"suppressions"`
			Properties map[string]any `json:"properties"`
		} `json:"results"`
		Invocations []struct {
			ExecutionSuccessful        bool `json:"executionSuccessful"`
			ToolExecutionNotifications []struct {
				Level   string `json:"level"`
				Message struct{ Text string }
			} `json:"toolExecutionNotifications"`
		} `json:"invocations"`
	} `json:"runs"`
}

type artifactLoc struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId"`
}

type region struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn"`
	EndLine     int `json:"endLine"`
	EndColumn   int `json:"endColumn"`
	ByteOffset  int `json:"byteOffset"`
	ByteLength  int `json:"byteLength"`
}

// encode builds and writes the log of in, checks that it validates, and
// decodes it.
func encode(t *testing.T, in input) (data []byte, got log) {
	t.Helper()
	var buf bytes.Buffer
	if err := write(&buf, build(in)); err != nil {
		t.Fatal(err)
	}
	if err := Validate(buf.Bytes()); err != nil {
		t.Fatalf("Validate(log) = %v, want nil:\n%s", err, buf.Bytes())
	}
	if err := json.Unmarshal(buf.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Runs) != 1 {
		t.Fatalf("log has %d runs, want 1", len(got.Runs))
	}
	return buf.Bytes(), got
}

func TestMapping(t *testing.T) {
	root := t.TempDir()
	file := filepath.Join(root, "api", "api.go")
	// Line 3: "é" is two bytes, one code point: the byte column 16 of
	// "fmt" is code-point column 15.
	src := "package api\n\nvar s = \"é\" + fmt.Sprintf(\"%d\", 1)\n"
	if err := os.MkdirAll(filepath.Dir(file), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte(src), 0o666); err != nil {
		t.Fatal(err)
	}
	start := strings.Index(src, "fmt.")
	end := strings.Index(src, ")\n") + 1
	outside := filepath.Join(t.TempDir(), "dep.go") // not readable: byte columns kept

	checks := []*analysis.Analyzer{
		{Name: "fmtnumber", Doc: "fmtnumber: report fmt.Sprintf of numbers\n\nLonger text.", URL: "https://example.com/fmtnumber"},
		{Name: "trimloop", Doc: "report trimming in loops", URL: "https://example.com/trimloop"},
	}
	withFix := finding.Finding{
		Analyzer: "fmtnumber", Category: "single", File: file, Line: 3, Column: 16, EndLine: 3, EndColumn: 36,
		Message: "fmt.Sprintf formats one integer", Function: "example.com/m/api.init",
		Hot: &finding.Hot{Evidence: "static: is a HTTP handler", Confidence: finding.ConfidenceHigh},
		Fixes: []finding.Fix{{Message: "Replace fmt.Sprintf with strconv.Itoa", Edits: []finding.Edit{
			{File: file, Start: start, End: end, NewText: "strconv.Itoa(1)"},
		}}},
		Cost: &finding.Cost{CPULine: 0.25, AllocBytes: 0.125,
			Benchmark: &finding.BenchmarkID{Package: "example.com/m/api", Name: "Handle"},
			ByBenchmark: []finding.BenchmarkCost{{
				BenchmarkID: finding.BenchmarkID{Package: "example.com/m/api", Name: "Handle"},
				CPULine:     finding.Estimate{Value: 0.25, Lo: 0.2, Hi: 0.3},
				SecPerOp:    &finding.Estimate{Value: 1.5e-6, Lo: math.NaN(), Hi: math.NaN()},
			}}},
	}
	low := finding.Finding{Analyzer: "profile", Category: "alloc", File: outside, Line: 7, Message: "allocates 30 % of bytes",
		Hot: &finding.Hot{Evidence: "measured: cold", Confidence: finding.ConfidenceLow}}
	silenced := scan.Suppressed{Finding: finding.Finding{Analyzer: "trimloop", File: file, Line: 3, Column: 1, Message: "trims in a loop"},
		Reason: "runs once per config reload"}

	_, got := encode(t, input{
		checks: checks, root: root, findings: []finding.Finding{withFix, low}, suppressed: []scan.Suppressed{silenced},
		errors:  []scan.PackageError{{Package: "example.com/m/broken", Message: "undefined: nosuch"}},
		version: "v1.2.3",
	})
	run := got.Runs[0]
	if got.Version != "2.1.0" || got.Schema != SchemaURI {
		t.Errorf("version, $schema = %q, %q, want 2.1.0, %q", got.Version, got.Schema, SchemaURI)
	}
	if run.ColumnKind != "unicodeCodePoints" {
		t.Errorf("columnKind = %q, want unicodeCodePoints", run.ColumnKind)
	}
	if base, want := run.OriginalURIBaseIDs[SrcRoot].URI, "file://"+filepath.ToSlash(root)+"/"; base != want {
		t.Errorf("originalUriBaseIds[%s] = %q, want %q", SrcRoot, base, want)
	}

	// Rules: the checks in order, then the profile rule a result needed.
	rules := run.Tool.Driver.Rules
	var ids []string
	for _, r := range rules {
		ids = append(ids, r.ID)
	}
	if strings.Join(ids, " ") != "fmtnumber trimloop profile" {
		t.Fatalf("rule ids = %v, want [fmtnumber trimloop profile]", ids)
	}
	if r := rules[0]; r.ShortDescription.Text != "report fmt.Sprintf of numbers" || r.FullDescription.Text != checks[0].Doc || r.HelpURI != checks[0].URL {
		t.Errorf("rule fmtnumber = %+v, want the short description without the name, the doc, the URL", r)
	}
	if !strings.Contains(rules[2].ShortDescription.Text, "profiles show costly") {
		t.Errorf("rule profile's short description = %q, want the profile findings' description", rules[2].ShortDescription.Text)
	}

	if len(run.Results) != 3 {
		t.Fatalf("%d results, want 3", len(run.Results))
	}
	for i, r := range run.Results {
		if r.RuleIndex < 0 || r.RuleIndex >= len(rules) || rules[r.RuleIndex].ID != r.RuleID {
			t.Errorf("result %d: ruleIndex %d does not name its ruleId %q", i, r.RuleIndex, r.RuleID)
		}
	}

	r := run.Results[0]
	if r.Level != "warning" || r.Message.Text != withFix.Message {
		t.Errorf("result 0: level, message = %q, %q, want warning, %q", r.Level, r.Message.Text, withFix.Message)
	}
	loc := r.Locations[0].PhysicalLocation
	if loc.ArtifactLocation != (artifactLoc{"api/api.go", SrcRoot}) {
		t.Errorf("result 0: artifact location = %+v, want api/api.go under %s", loc.ArtifactLocation, SrcRoot)
	}
	if want := (region{StartLine: 3, StartColumn: 15, EndLine: 3, EndColumn: 35, ByteOffset: -1}); loc.Region != want {
		t.Errorf("result 0: region = %+v, want %+v (code-point columns)", loc.Region, want)
	}
	if len(r.Fixes) != 1 || len(r.Fixes[0].ArtifactChanges) != 1 || len(r.Fixes[0].ArtifactChanges[0].Replacements) != 1 {
		t.Fatalf("result 0: fixes = %+v, want one fix of one change of one replacement", r.Fixes)
	}
	ch := r.Fixes[0].ArtifactChanges[0]
	if r.Fixes[0].Description.Text != "Replace fmt.Sprintf with strconv.Itoa" || ch.ArtifactLocation.URI != "api/api.go" {
		t.Errorf("result 0: fix = %+v", r.Fixes[0])
	}
	rep := ch.Replacements[0]
	if want := (region{StartLine: 3, StartColumn: 15, EndLine: 3, EndColumn: 35, ByteOffset: start, ByteLength: end - start}); rep.DeletedRegion != want {
		t.Errorf("result 0: deleted region = %+v, want %+v", rep.DeletedRegion, want)
	}
	if rep.InsertedContent.Text != "strconv.Itoa(1)" {
		t.Errorf("result 0: inserted text = %q, want strconv.Itoa(1)", rep.InsertedContent.Text)
	}
	p := r.Properties
	if p["confidence"] != "high" || p["evidence"] != "static: is a HTTP handler" || p["category"] != "single" || p["function"] != withFix.Function {
		t.Errorf("result 0: properties = %v, want the evidence of hotness, category and function", p)
	}
	if p["cpuShare"] != 0.25 || p["allocShare"] != 0.125 || p["benchmark"] != "example.com/m/api.Handle" {
		t.Errorf("result 0: cost properties = %v, want cpuShare 0.25, allocShare 0.125, benchmark example.com/m/api.Handle", p)
	}
	if ns, _ := p["nsPerOp"].(float64); math.Abs(ns-1500) > 1e-9 {
		t.Errorf("result 0: nsPerOp = %v, want 1500", p["nsPerOp"])
	}
	if c, _ := p["cost"].(map[string]any); c == nil || c["cpu_line"] != 0.25 {
		t.Errorf("result 0: cost = %v, want the -json encoding of the cost", p["cost"])
	}

	r = run.Results[1]
	if r.Level != "note" || r.RuleID != "profile" {
		t.Errorf("result 1: level, rule = %q, %q, want note, profile", r.Level, r.RuleID)
	}
	loc = r.Locations[0].PhysicalLocation
	if want := "file://" + filepath.ToSlash(outside); loc.ArtifactLocation.URI != want || loc.ArtifactLocation.URIBaseID != "" {
		t.Errorf("result 1: artifact location = %+v, want the absolute %q", loc.ArtifactLocation, want)
	}
	if loc.Region.StartLine != 7 || loc.Region.StartColumn != 0 {
		t.Errorf("result 1: region = %+v, want line 7 without column", loc.Region)
	}

	r = run.Results[2]
	if len(r.Suppressions) != 1 || r.Suppressions[0].Kind != "inSource" || r.Suppressions[0].Justification != silenced.Reason {
		t.Errorf("result 2: suppressions = %+v, want one inSource with the reason", r.Suppressions)
	}
	if len(run.Results[0].Suppressions) != 0 {
		t.Errorf("result 0 is suppressed: %+v", run.Results[0].Suppressions)
	}

	inv := run.Invocations
	if len(inv) != 1 || inv[0].ExecutionSuccessful || len(inv[0].ToolExecutionNotifications) != 1 ||
		inv[0].ToolExecutionNotifications[0].Level != "error" || !strings.Contains(inv[0].ToolExecutionNotifications[0].Message.Text, "undefined: nosuch") {
		t.Errorf("invocations = %+v, want one, not successful, with the package error", inv)
	}
}

func TestMappingEmpty(t *testing.T) {
	data, got := encode(t, input{root: t.TempDir()})
	run := got.Runs[0]
	if len(run.Results) != 0 || len(run.Tool.Driver.Rules) != 0 || !run.Invocations[0].ExecutionSuccessful {
		t.Errorf("empty log = %s, want no results, no rules, a successful invocation", data)
	}
	if !bytes.Contains(data, []byte(`"results": []`)) {
		t.Errorf("empty log has no results array:\n%s", data)
	}
}

func TestValidateRejects(t *testing.T) {
	data, _ := encode(t, input{root: t.TempDir(), findings: []finding.Finding{{Analyzer: "x", File: "/x.go", Line: 1, Column: 1, Message: "m"}}})
	for _, tc := range []struct{ name, old, new string }{
		{"level not in the enum", `"level": "warning"`, `"level": "fatal"`},
		{"line 0", `"startLine": 1`, `"startLine": 0`},
		{"wrong version", `"version": "2.1.0"`, `"version": "2.0.0"`},
		{"unknown property", `"ruleId": "x"`, `"ruleId": "x", "ruleName": "x"`},
		{"not JSON", `{`, `[`},
	} {
		bad := bytes.Replace(data, []byte(tc.old), []byte(tc.new), 1)
		if bytes.Equal(bad, data) {
			t.Fatalf("%s: %q not in the log", tc.name, tc.old)
		}
		if err := Validate(bad); err == nil {
			t.Errorf("Validate(log with %s) = nil, want an error", tc.name)
		}
	}
}

func TestRoot(t *testing.T) {
	repo := t.TempDir()
	mod := filepath.Join(repo, "svc")
	pkg := filepath.Join(mod, "api")
	if err := os.MkdirAll(pkg, 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(mod, "go.mod"), []byte("module example.com/svc\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	if got := Root(pkg); got != mod {
		t.Errorf("Root(%s) without .git = %s, want the module root %s", pkg, got, mod)
	}
	if err := os.Mkdir(filepath.Join(repo, ".git"), 0o777); err != nil {
		t.Fatal(err)
	}
	if got := Root(pkg); got != repo {
		t.Errorf("Root(%s) = %s, want the checkout root %s", pkg, got, repo)
	}
}
