package golangci

import (
	"slices"
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/perfproof/perfproof/analysis/suite"
)

func names(as []*analysis.Analyzer) []string {
	var ns []string
	for _, a := range as {
		ns = append(ns, a.Name)
	}
	return ns
}

func build(t *testing.T, settings any) []*analysis.Analyzer {
	t.Helper()
	p, err := New(settings)
	if err != nil {
		t.Fatalf("New(%v): %v", settings, err)
	}
	if got := p.GetLoadMode(); got != register.LoadModeTypesInfo {
		t.Errorf("GetLoadMode() = %q, want %q", got, register.LoadModeTypesInfo)
	}
	as, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatalf("BuildAnalyzers: %v", err)
	}
	if err := analysis.Validate(as); err != nil {
		t.Errorf("the analyzers do not validate: %v", err)
	}
	return as
}

func TestRegistered(t *testing.T) {
	if _, err := register.GetPlugin(Name); err != nil {
		t.Fatalf("plugin %q not registered: %v", Name, err)
	}
}

func TestDefaultEveryCheck(t *testing.T) {
	want := names(suite.Analyzers())
	// golangci-lint passes nil when the linter has no settings key, and
	// what YAML decoded otherwise.
	for _, settings := range []any{nil, map[string]any{}, map[string]any{"checks": []any{}}} {
		if got := names(build(t, settings)); !slices.Equal(got, want) {
			t.Errorf("settings %v: checks %v, want every check %v", settings, got, want)
		}
	}
}

func TestOneCheck(t *testing.T) {
	settings := map[string]any{"checks": []any{"fmtnumber"}}
	as := build(t, settings)
	if got := names(as); !slices.Equal(got, []string{"fmtnumber"}) {
		t.Fatalf("checks %v, want [fmtnumber]", got)
	}
	// Duplicates count once.
	settings = map[string]any{"checks": []any{"makecap", "fmtnumber", "makecap"}}
	if got := names(build(t, settings)); !slices.Equal(got, []string{"makecap", "fmtnumber"}) {
		t.Errorf("checks %v, want [makecap fmtnumber]", got)
	}
}

func TestUnknownCheck(t *testing.T) {
	_, err := New(map[string]any{"checks": []any{"fmtnumber", "nosuchcheck"}})
	if err == nil {
		t.Fatal("New accepted an unknown check")
	}
	msg := err.Error()
	for _, want := range append([]string{`"nosuchcheck"`}, names(suite.Analyzers())...) {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q does not name %s", msg, want)
		}
	}
	// Any other key is an error too (a misspelt "checks" would otherwise
	// run every check).
	if _, err := New(map[string]any{"check": []any{"fmtnumber"}}); err == nil {
		t.Error("New accepted an unknown settings key")
	}
}

// BuildAnalyzers returns copies: the suite's own checks, which other
// drivers share, are not wrapped.
func TestSuiteUnchanged(t *testing.T) {
	as := build(t, nil)
	for i, a := range suite.Analyzers() {
		if as[i] == a {
			t.Errorf("BuildAnalyzers returned the suite's %s itself", a.Name)
		}
	}
}
