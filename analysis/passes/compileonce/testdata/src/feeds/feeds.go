// Package feeds refreshes feeds: a loop over every entry.
package feeds

import "rewrite"

// Refresh rewrites every entry of a feed: the feed is the same in every
// iteration, so its rule is compiled again per entry.
func Refresh(feed *rewrite.Feed, entries []*rewrite.Entry) { // want Refresh:`compiles a regexp from slots \[0\] \(rewrite.go:21\)`
	for _, e := range entries {
		e.URL = rewrite.RewriteURL(feed, e) // want `RewriteURL compiles a regexp from feed per call, the same in each iteration: compile it before the loop at line 9`
		_ = rewrite.FromEntry(feed, e)      // fine: the entry differs per iteration
	}
}

// Count matches values against one filter, through a helper and directly.
func Count(f rewrite.Filter, values []string) int { // want Count:`compiles a regexp from slots \[0\] \(rewrite.go:39\)`
	n := 0
	for _, v := range values {
		if rewrite.MatchField(f, v) { // want `MatchField compiles a regexp from f`
			n++
		}
	}
	for _, v := range values {
		if re, err := f.Compile(); err == nil && re.MatchString(v) { // want `Compile compiles a regexp from f`
			n++
		}
	}
	return n
}

// PerFilter compiles each filter once: fine, the filter differs per
// iteration; but a call compiles them all again, from fs.
func PerFilter(fs []rewrite.Filter, v string) int { // want PerFilter:`compiles a regexp from slots \[0\] \(rewrite.go:39\)`
	n := 0
	for _, f := range fs {
		if rewrite.MatchField(f, v) {
			n++
		}
	}
	return n
}

// Once rewrites one entry: fine, no loop.
func Once(feed *rewrite.Feed, e *rewrite.Entry) string { // want Once:`compiles a regexp from slots \[0\] \(rewrite.go:21\)`
	return rewrite.RewriteURL(feed, e)
}
