// Package handlers compiles regexps from configured patterns while
// serving requests, in the forms real middleware writes it.
package handlers

import (
	"net/http"
	"regexp"
	"strings"
)

// Replacement is one configured header rewrite.
type Replacement struct {
	SearchRegexp string
	Replace      string
}

// Replacer expands per-request placeholders in configured text.
type Replacer struct{ vars map[string]string }

func (r *Replacer) ReplaceKnown(s, empty string) string {
	for k, v := range r.vars {
		s = strings.ReplaceAll(s, "{"+k+"}", v)
	}
	return s
}

// HeaderOps rewrites response headers (caddy's headers handler).
type HeaderOps struct {
	Replace map[string][]Replacement
}

// ApplyTo expands each pattern per request (it may hold placeholders) and
// then compiles it once per header value, though it changes only per
// replacement.
func (ops HeaderOps) ApplyTo(hdr http.Header, repl *Replacer) { // want ApplyTo:`compiles a regexp from slots \[0 2\] \(handlers\.go:41\)`
	for _, replacements := range ops.Replace {
		for _, r := range replacements {
			for name, vals := range hdr {
				for i := range vals {
					pattern := repl.ReplaceKnown(r.SearchRegexp, "")
					if re, err := regexp.Compile(pattern); err == nil { // want `regexp\.Compile of loop-invariant pattern runs on every iteration: compile it before the loop at line \d+`
						hdr[name][i] = re.ReplaceAllString(hdr[name][i], r.Replace)
					}
				}
			}
		}
	}
}

// Filter drops request paths that match a configured pattern.
type Filter struct {
	Pattern string
	next    http.Handler
}

// ServeHTTP compiles the configured pattern on every request.
func (f *Filter) ServeHTTP(w http.ResponseWriter, r *http.Request) { // want ServeHTTP:`compiles a regexp from slots \[0\] \(handlers\.go:58\)`
	if regexp.MustCompile(f.Pattern).MatchString(r.URL.Path) { // want `regexp\.MustCompile of configured pattern f\.Pattern runs on every call: compile it with the configuration`
		http.NotFound(w, r)
		return
	}
	f.next.ServeHTTP(w, r)
}

// Rules holds configured rules; Match is called per request.
type Rules struct {
	Prefixes []string
}

// Match compiles each configured rule per call: the set is the same on
// every call.
func (rs *Rules) Match(path string) bool {
	for _, p := range rs.Prefixes {
		ok, _ := regexp.MatchString("^"+regexp.QuoteMeta(p), path) // want `regexp\.MatchString of configured pattern "\^" \+ regexp\.QuoteMeta\(p\) runs in a loop: compile it with the configuration`
		if ok {
			return true
		}
	}
	return false
}

// Deny is a middleware whose pattern is captured from its constructor.
func Deny(pattern string) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			re, err := regexp.Compile(pattern) // want `regexp\.Compile of configured pattern pattern runs on every call: compile it with the configuration`
			if err == nil && re.MatchString(r.Header.Get("User-Agent")) {
				http.Error(w, "denied", http.StatusForbidden)
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}
