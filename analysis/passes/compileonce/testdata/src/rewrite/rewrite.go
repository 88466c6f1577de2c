// Package rewrite applies a feed's rewrite rules to its entries.
package rewrite

import "regexp"

var ruleRe = regexp.MustCompile(`^rewrite\("(.+)"\|"(.+)"\)$`)

// A Feed carries its rewrite rule.
type Feed struct{ Rules string }

// An Entry is one item of a feed.
type Entry struct{ URL string }

// RewriteURL compiles the feed's rule on every call: the same feed
// compiles the same regexp again.
func RewriteURL(feed *Feed, e *Entry) string { // want RewriteURL:`compiles a regexp from slots \[0\] \(rewrite.go:21\)`
	parts := ruleRe.FindStringSubmatch(feed.Rules)
	if len(parts) != 3 {
		return e.URL
	}
	re, err := regexp.Compile(parts[1])
	if err != nil {
		return e.URL
	}
	return re.ReplaceAllString(e.URL, parts[2])
}

// FromEntry compiles what the entry says: the entry's slot.
func FromEntry(feed *Feed, e *Entry) bool { // want FromEntry:`compiles a regexp from slots \[1\]`
	re := regexp.MustCompile(e.URL)
	return re.MatchString(feed.Rules)
}

// A Filter is a query's regular expression and its options.
type Filter struct{ Pattern, Options string }

// Compile compiles the filter: its receiver's slot.
func (f Filter) Compile() (*regexp.Regexp, error) { // want Compile:`compiles a regexp from slots \[0\] \(rewrite.go:39\)`
	return regexp.Compile("(?" + f.Options + ")" + f.Pattern)
}

// MatchField compiles through Compile.
func MatchField(f Filter, v string) bool { // want MatchField:`compiles a regexp from slots \[0\] \(rewrite.go:39\)`
	re, err := f.Compile()
	return err == nil && re.MatchString(v)
}

// A Cache compiles its pattern once and keeps it: no fact.
type Cache struct {
	re  *regexp.Regexp
	pat string
}

// Get returns the cached regexp.
func (c *Cache) Get() *regexp.Regexp {
	if c.re == nil {
		c.re = regexp.MustCompile(c.pat)
	}
	return c.re
}
