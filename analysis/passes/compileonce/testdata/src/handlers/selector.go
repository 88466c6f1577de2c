package handlers

import (
	"net/http"
	"regexp"
)

// Selector applies a middleware to the operations that match one of its
// configured patterns.
type Selector struct {
	patterns []string
	prefix   string
}

// Match runs per request: it hands each configured pattern to a helper
// that compiles it.
func (s *Selector) Match(op string) bool { // want Match:`compiles a regexp from slots \[0\] \(selector\.go:\d+\)`
	for _, p := range s.patterns {
		if regexMatch(p, op) {
			return true
		}
	}
	return anchored(s.prefix, op)
}

func regexMatch(pattern, op string) bool {
	r, err := regexp.Compile(pattern) // want `regexp\.Compile of configured pattern pattern runs on every call: compile it with the configuration`
	if err != nil {
		return false
	}
	return r.FindString(op) == op
}

func anchored(prefix, op string) bool {
	return regexp.MustCompile("^" + regexp.QuoteMeta(prefix)).MatchString(op) // want `regexp\.MustCompile of a configured pattern runs on every call`
}

// Near misses.

// Query compiles a pattern that a request carries: it differs per call.
func Query(w http.ResponseWriter, r *http.Request) {
	_ = userMatch(r.URL.Query().Get("re"), r.URL.Path)
	_ = userMatch("^/api/", r.URL.Path)
}

// userMatch is called once with request data: its parameter is not
// configuration.
func userMatch(pattern, s string) bool {
	ok, _ := regexp.MatchString(pattern, s)
	return ok
}

// valueMatch is used as a value as well: callers outside the package's
// calls may pass anything.
func valueMatch(pattern, s string) bool {
	ok, _ := regexp.MatchString(pattern, s)
	return ok
}

var matchers = []func(string, string) bool{valueMatch}

// Check calls valueMatch with configuration, but valueMatch is also a
// value in matchers.
func (s *Selector) Check(op string) bool {
	return valueMatch(s.prefix, op)
}

// ExportedMatch is exported: other packages call it with anything.
func ExportedMatch(pattern, s string) bool {
	ok, _ := regexp.MatchString(pattern, s)
	return ok
}
