// Package a holds log-parsing code that compiles regexps on every call.
package a

import (
	"regexp"
	"strings"
	"sync"
)

// parseLine splits a "key=value" line; the pattern is compiled per line.
func parseLine(s string) (string, string, bool) {
	re := regexp.MustCompile(`^(\w+)=(\d+)$`) // want `regexp\.MustCompile of a constant pattern runs on every call: compile it once into a package-level variable`
	m := re.FindStringSubmatch(s)
	if m == nil {
		return "", "", false
	}
	return m[1], m[2], true
}

const datePattern = `\d{4}-\d{2}-\d{2}`

// CountDates compiles the same pattern once per line.
func CountDates(lines []string) int {
	n := 0
	for _, l := range lines {
		if regexp.MustCompile(datePattern).MatchString(l) { // want `regexp\.MustCompile of a constant pattern runs in a loop: compile it once into a package-level variable`
			n++
		}
	}
	return n
}

type Router struct{ routes map[string]string }

// Match uses a locally declared constant: the fix must quote its value.
func (r *Router) Match(path string) bool {
	const idSeg = `/users/[0-9]+`
	return regexp.MustCompile("^" + idSeg + "$").MatchString(path) // want `regexp\.MustCompile of a constant pattern runs on every call: compile it once into a package-level variable`
}

// validName has two patterns: each gets its own variable.
func validName(s string) bool {
	if regexp.MustCompilePOSIX(`^[a-z]+$`).MatchString(s) { // want `regexp\.MustCompilePOSIX of a constant pattern runs on every call: compile it once into a package-level variable`
		return true
	}
	return regexp.MustCompile(`^[A-Z][a-z]*$`).MatchString(s) // want `regexp\.MustCompile of a constant pattern runs on every call: compile it once into a package-level variable`
}

// parseLineRe is taken, so the fixes for parseLine and ParseLine pick
// parseLineRe2 and parseLineRe3.
var parseLineRe = 1

func ParseLine(s string) []string {
	return regexp.MustCompile(`\s+`).Split(s, -1) // want `regexp\.MustCompile of a constant pattern runs on every call: compile it once into a package-level variable`
}

// compileErr uses Compile, which returns an error: reported without a fix.
func compileErr(s string) bool {
	re, err := regexp.Compile(`^v\d+$`) // want `regexp\.Compile of a constant pattern runs on every call: compile it once into a package-level variable`
	if err != nil {
		return false
	}
	return re.MatchString(s)
}

// isVersion recompiles inside regexp.MatchString.
func isVersion(s string) bool {
	ok, _ := regexp.MatchString(`^v\d+\.\d+$`, s) // want `regexp\.MatchString compiles its constant pattern on every call: compile it once into a package-level variable`
	return ok
}

// handlers are called many times: a function literal is not run-once.
var handlers = map[string]func(string) bool{
	"hex": func(s string) bool {
		return regexp.MustCompile(`^[0-9a-f]+$`).MatchString(s) // want `regexp\.MustCompile of a constant pattern runs on every call: compile it once into a package-level variable`
	},
}

// longestMatch calls Longest, which modifies the regexp: reported, but a
// shared package-level regexp would change meaning, so no fix.
func longestMatch(s string) string {
	re := regexp.MustCompile(`a+?`) // want `regexp\.MustCompile of a constant pattern runs on every call: compile it once into a package-level variable`
	re.Longest()
	return re.FindString(s)
}

// badPattern does not compile: hoisting it would panic at start-up, so
// it is reported without a fix.
func badPattern(s string) bool {
	return regexp.MustCompile(`(`).MatchString(s) // want `regexp\.MustCompile of a constant pattern runs on every call: compile it once into a package-level variable`
}

// splitFields declares its regexp with var inside the function body.
func splitFields(s string) []string {
	var sepRe = regexp.MustCompile(`[,;]\s*`) // want `regexp\.MustCompile of a constant pattern runs on every call: compile it once into a package-level variable`
	return sepRe.Split(s, -1)
}

// Near-misses below must not be reported.

// Fine: a package-level variable is compiled once.
var wordRe = regexp.MustCompile(`\w+`)

// Fine: init runs once.
func init() {
	_ = regexp.MustCompile(`^init$`)
}

// Fine: the pattern is not a constant; it comes from the caller.
func userPattern(pat, s string) bool {
	return regexp.MustCompile(pat).MatchString(s)
}

// Fine: built from a non-constant value at run time.
func prefixed(prefix, s string) bool {
	return regexp.MustCompile("^" + regexp.QuoteMeta(prefix)).MatchString(s)
}

var (
	emailOnce sync.Once
	emailRe   *regexp.Regexp
)

// Fine: the sync.Once body runs once.
func email(s string) bool {
	emailOnce.Do(func() {
		emailRe = regexp.MustCompile(`^[^@]+@[^@]+$`)
	})
	return emailRe.MatchString(s)
}

// Fine: sync.OnceValue runs its function once.
var lazyRe = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^lazy$`)
})

// Fine: buildRules is called only from a package-level initialiser.
func buildRules() []*regexp.Regexp {
	return []*regexp.Regexp{regexp.MustCompile(`^a$`), regexp.MustCompile(`^b$`)}
}

var rules = buildRules()

// Fine: buildTable is reached only through buildRules2, called from init.
func buildTable() *regexp.Regexp { return regexp.MustCompile(`^t$`) }

func buildRules2() []*regexp.Regexp { return []*regexp.Regexp{buildTable()} }

var rules2 []*regexp.Regexp

func init() { rules2 = buildRules2() }

// Fine: regexp.QuoteMeta does not compile anything.
func quoted(s string) string { return regexp.QuoteMeta(strings.TrimSpace(s)) }

// Fine: an existing regexp is used, not compiled.
func words(s string) []string { return wordRe.FindAllString(s, -1) }
