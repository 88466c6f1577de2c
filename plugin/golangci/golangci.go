// Package golangci registers perfproof's checks as a golangci-lint module
// plugin named "perfproof", so that a team that lints with golangci-lint
// (v2) gets them in the same run, the same output formats and the same
// //nolint handling as its other linters.
//
// golangci-lint loads module plugins only into a custom binary, built by
// `golangci-lint custom` from a .custom-gcl.yml beside the code:
//
//	version: v2.15.0 # the golangci-lint version to build
//	plugins:
//	  - module: github.com/perfproof/perfproof
//	    import: github.com/perfproof/perfproof/plugin/golangci
//	    path: ../perfproof # a checkout of perfproof; or, instead of path,
//	    # version: <a perfproof version or pseudo-version>
//
// `golangci-lint custom` (which needs the network: it clones golangci-lint's
// repository) then writes ./custom-gcl, and .golangci.yml enables the
// linter:
//
//	version: "2"
//	linters:
//	  enable:
//	    - perfproof
//	  settings:
//	    custom:
//	      perfproof:
//	        type: module
//	        description: perfproof's performance checks
//	        settings:
//	          checks: [fmtnumber, loopencode] # optional; default: every check
//
// and `./custom-gcl run ./...` reports each finding as
//
//	notice.go:72:33: fmtnumber: fmt.Sprintf of one integer: use strconv.FormatInt (perfproof)
//
// Settings: `checks` lists the checks to run, by the names `perfproof
// checks` prints; absent or empty, every check of suite.Analyzers runs. An
// unknown check name, or any other key under settings, is an error that
// stops golangci-lint before it lints anything.
//
// Silencing: golangci-lint names every finding of the plugin after the
// plugin, not after the check, so `//nolint:perfproof` on a finding's line
// silences it (`//nolint:fmtnumber` does not: golangci-lint warns that it
// knows no such linter). perfproof's own `//perfproof:ignore <check>
// <reason>` directives are honoured too, as by perfproof scan and
// perfproofvet.
//
// The plugin reports every finding of the enabled checks, as perfproofvet
// does: golangci-lint has no place for scan's "how hot is this code"
// evidence, so findings are neither ranked nor filtered by it. The checks
// need type information (load mode "typesinfo"); several of them export
// facts and so run on the dependencies of the linted packages too.
package golangci

import (
	"fmt"
	"strings"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/perfproof/perfproof/analysis/suite"
	"github.com/perfproof/perfproof/internal/suppress"
)

// Name is the name under which the plugin registers, the key under
// linters.settings.custom in .golangci.yml and the linter name of its
// findings (and so of //nolint directives).
const Name = "perfproof"

func init() {
	register.Plugin(Name, New)
}

// Settings are the plugin's settings in .golangci.yml.
type Settings struct {
	// Checks names the checks to run; empty means every check.
	Checks []string `json:"checks"`
}

// Plugin is perfproof's register.LinterPlugin.
type Plugin struct {
	checks []*analysis.Analyzer
}

var _ register.LinterPlugin = (*Plugin)(nil)

// New decodes settings (nil, or what golangci-lint read under the
// plugin's `settings` key) and returns the plugin with the checks they
// select.
func New(settings any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[Settings](settings)
	if err != nil {
		return nil, fmt.Errorf("perfproof: %w", err)
	}
	all := suite.Analyzers()
	if len(s.Checks) == 0 {
		return &Plugin{checks: all}, nil
	}
	byName := make(map[string]*analysis.Analyzer, len(all))
	names := make([]string, len(all))
	for i, a := range all {
		byName[a.Name] = a
		names[i] = a.Name
	}
	var checks []*analysis.Analyzer
	seen := make(map[string]bool)
	for _, name := range s.Checks {
		a := byName[name]
		if a == nil {
			return nil, fmt.Errorf("perfproof: unknown check %q in settings.checks; the checks are %s", name, strings.Join(names, ", "))
		}
		if !seen[name] {
			seen[name] = true
			checks = append(checks, a)
		}
	}
	return &Plugin{checks: checks}, nil
}

// BuildAnalyzers returns the selected checks for one golangci-lint run:
// memoised copies where a check keeps a memo (suite.Memoize; golangci-lint
// meets a package again in its test variants), each wrapped to drop the
// findings that a //perfproof:ignore directive silences. The checks that
// suite.Analyzers returns are not modified.
func (p *Plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	checks := suite.Memoize(p.checks, nil)
	for i, a := range checks {
		checks[i] = suppress.Silenced(a)
	}
	return checks, nil
}

// GetLoadMode returns register.LoadModeTypesInfo: the checks need types.
func (p *Plugin) GetLoadMode() string {
	return register.LoadModeTypesInfo
}
