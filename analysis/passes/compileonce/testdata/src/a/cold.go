package a

import (
	"os/exec"
	"regexp"
)

// Near-misses: code that runs rarely, where a compilation per call costs
// nothing that matters.

type Parser struct{ sep *regexp.Regexp }

// Fine: a constructor builds a value that is then used many times.
func NewParser() *Parser {
	return &Parser{sep: regexp.MustCompile(`\s*,\s*`)}
}

type Option func(*Parser)

// Fine: a functional option runs when a Parser is configured.
func WithTabs() Option {
	return func(p *Parser) { p.sep = regexp.MustCompile(`\t+`) }
}

// Fine: starting a process costs milliseconds; the compilation is noise.
func toolVersion() string {
	out, err := exec.Command("tool", "-version").Output()
	if err != nil {
		return ""
	}
	m := regexp.MustCompile(`version (\S+)`).FindSubmatch(out)
	if m == nil {
		return ""
	}
	return string(m[1])
}

const debugDump = false

// Fine: dead code behind a constant false flag.
func dump(s string) {
	if debugDump {
		println(regexp.MustCompile(`\s+`).ReplaceAllString(s, " "))
	}
}

// Reported once per call, not per iteration: the loop returns right after.
func firstNumber(lines []string) string {
	for _, l := range lines {
		if l != "" {
			return regexp.MustCompile(`\d+`).FindString(l) // want `regexp\.MustCompile of a constant pattern runs on every call: compile it once into a package-level variable`
		}
	}
	return ""
}

// Reported: a loop in a constructor still compiles once per item.
func NewParsers(n int) []*Parser {
	ps := make([]*Parser, n)
	for i := range ps {
		ps[i] = &Parser{sep: regexp.MustCompile(`;`)} // want `regexp\.MustCompile of a constant pattern runs in a loop: compile it once into a package-level variable`
	}
	return ps
}
