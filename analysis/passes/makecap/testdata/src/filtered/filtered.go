// Package filtered fills slices and maps from call results and with
// filters, as request loggers and storage gateways do.
package filtered

import "strings"

// Ctx is a request context.
type Ctx struct{ headers map[string][]string }

// GetReqHeaders returns the request headers.
func (c *Ctx) GetReqHeaders() map[string][]string {
	return c.headers
}

var reserved = map[string]bool{"content-type": true, "etag": true}

// Metadata copies the user metadata, without the reserved keys: a
// filtered copy, whose size is at most len(m); the hint may exceed it by
// the keys skipped, an amount bounded by the source.
func Metadata(m map[string]*string) map[string]string {
	meta := make(map[string]string) // want `meta grows to up to len\(m\) entries without a size hint: make it with make\(map\[string\]string, len\(m\)\)`
	for k, v := range m {
		if reserved[strings.ToLower(k)] {
			continue
		}
		meta[k] = *v
	}
	return meta
}

// Tags appends every tag, then skips the rest of the iteration: the
// continue after the add skips nothing, so the count is exact.
func Tags(tags []string) []string {
	out := make([]string, 0) // want `out grows by append to len\(tags\) elements: make it with make\(\[\]string, 0, len\(tags\)\)`
	for _, t := range tags {
		out = append(out, strings.TrimSpace(t))
		if t == "" {
			continue
		}
		_ = len(t)
	}
	return out
}

// ReqHeaders joins the request headers: the range calls GetReqHeaders
// once, and so does the fix, before the make.
func ReqHeaders(c *Ctx) string {
	pairs := make([]string, 0) // want `pairs grows by append to len\(c\.GetReqHeaders\(\)\) elements: make it with that capacity`
	for k, v := range c.GetReqHeaders() {
		pairs = append(pairs, k+"="+strings.Join(v, ","))
	}
	return strings.Join(pairs, "&")
}

// Lower has a variable named src in scope: the fix takes another name.
func Lower(c *Ctx, src string) map[string]int {
	n := map[string]int{} // want `n grows to up to len\(c\.GetReqHeaders\(\)\) entries without a size hint: make it with that hint`
	for k, v := range c.GetReqHeaders() {
		n[strings.ToLower(k)+src] = len(v)
	}
	return n
}

// Between has a statement between the make and the loop, which may
// change what the call returns: reported, with no fix.
func Between(c *Ctx) []string {
	keys := []string{} // want `keys grows by append to len\(c\.GetReqHeaders\(\)\) elements: make it with that capacity`
	c.headers["x-seen"] = nil
	for k := range c.GetReqHeaders() {
		keys = append(keys, k)
	}
	return keys
}

// FilteredCall filters the result of a call into a slice: fine, a
// filtered slice is not reported.
func FilteredCall(c *Ctx) []string {
	keys := make([]string, 0)
	for k := range c.GetReqHeaders() {
		if strings.HasPrefix(k, "x-") {
			continue
		}
		keys = append(keys, k)
	}
	return keys
}

// FilteredCallMap filters the result of a call into a map.
func FilteredCallMap(c *Ctx) map[string]int {
	counts := make(map[string]int) // want `counts grows to up to len\(c\.GetReqHeaders\(\)\) entries without a size hint: make it with that hint`
	for k, v := range c.GetReqHeaders() {
		if strings.HasPrefix(k, "x-") {
			continue
		}
		counts[k] = len(v)
	}
	return counts
}

// First stops at the first empty tag: fine, the loop may end early.
func First(tags []string) []string {
	out := []string{}
	for _, t := range tags {
		if t == "" {
			break
		}
		out = append(out, t)
	}
	return out
}

// Outer continues the outer loop from the inner one: fine, a labelled
// continue is not a filter of the fill loop.
func Outer(groups [][]string) [][]string {
	var res [][]string
outer:
	for _, g := range groups {
		out := []string{}
		for _, t := range g {
			if t == "" {
				continue outer
			}
			out = append(out, t)
		}
		res = append(res, out)
	}
	return res
}

// Conditional appends inside an if: fine, a conditional append is not
// reported (a filtered slice is not, see the package doc).
func Conditional(tags []string) []string {
	out := []string{}
	for _, t := range tags {
		if t != "" {
			out = append(out, t)
		}
	}
	return out
}

// FirstValues keeps the first value of every header that has one: a
// map store inside an if is a filter, as a continue before it is, and
// the map reaches up to len(h) entries.
func FirstValues(h map[string][]string) map[string]string {
	first := map[string]string{} // want `first grows to up to len\(h\) entries without a size hint: make it with make\(map\[string\]string, len\(h\)\)`
	for k, v := range h {
		if len(v) > 0 {
			first[k] = v[0]
		}
	}
	return first
}

// ElseBranch stores in both branches of an if: fine here, the else is
// not followed.
func ElseBranch(h map[string][]string) map[string]int {
	n := map[string]int{}
	for k, v := range h {
		if len(v) > 0 {
			n[k] = len(v)
		} else {
			n[k] = -1
		}
	}
	return n
}

// Channel ranges over a channel a call returns: fine, no length.
func Channel(next func() chan string) []string {
	out := []string{}
	for t := range next() {
		out = append(out, t)
	}
	return out
}
