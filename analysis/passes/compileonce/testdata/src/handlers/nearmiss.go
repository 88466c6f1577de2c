package handlers

import (
	"net/http"
	"regexp"
)

// Near-misses: patterns that change per call, or regexps compiled once
// and kept.

// Fine: the pattern is request data; only a cache keyed by it would help.
func search(w http.ResponseWriter, r *http.Request, lines []string) {
	re, err := regexp.Compile(r.URL.Query().Get("q"))
	if err != nil {
		return
	}
	for _, l := range lines {
		if re.MatchString(l) {
			w.Write([]byte(l))
		}
	}
}

// Fine: each iteration compiles a different pattern.
func matchAny(patterns []string, s string) bool {
	for _, p := range patterns {
		if ok, _ := regexp.MatchString(p, s); ok {
			return true
		}
	}
	return false
}

type Route struct {
	Pattern string
	re      *regexp.Regexp
}

// Fine: Provision compiles when the configuration is loaded.
func (rt *Route) Provision() error {
	re, err := regexp.Compile(rt.Pattern)
	if err != nil {
		return err
	}
	rt.re = re
	return nil
}

// Fine: the compiled regexp is cached in the receiver.
func (rt *Route) lazy(path string) bool {
	if rt.re == nil {
		rt.re = regexp.MustCompile(rt.Pattern)
	}
	return rt.re.MatchString(path)
}

// Fine: a helper that returns the compiled regexp builds it for later use.
func (rt *Route) compiled() (*regexp.Regexp, error) { // want compiled:`compiles a regexp from slots \[0\] \(nearmiss\.go:59\)`
	return regexp.Compile(rt.Pattern)
}

// Fine: the pattern is a parameter, not known to be configuration.
func matches(pattern, s string) bool {
	ok, _ := regexp.MatchString(pattern, s)
	return ok
}

type Scanner struct{ next func() string }

// Fine: the pattern comes from a call without arguments, which may change
// on every iteration (an iterator).
func (sc *Scanner) each(s string) int {
	n := 0
	for i := 0; i < 3; i++ {
		if ok, _ := regexp.MatchString(sc.next(), s); ok {
			n++
		}
	}
	return n
}

// Fine: the variable changes in the loop.
func grow(s string) int {
	p := "a"
	n := 0
	for i := 0; i < 3; i++ {
		p += "a"
		if regexp.MustCompile(p).MatchString(s) {
			n++
		}
	}
	return n
}
