package report

import (
	"errors"
	"net/url"
)

// The reports in this file have no fix: a builder would not be exactly
// equivalent.

// LinkHeader renders a Link header value, one entry per relation.
func LinkHeader(links map[string]string) string {
	value := ""
	for rel, target := range links {
		if value != "" { // a read of value inside the loop
			value += ", " // want `string value grows by \+= in a loop`
		}
		value += "<" + target + `>; rel="` + rel + `"`
	}
	return value
}

// Tags renders tags as "a,b,c": the first one starts the string.
func Tags(tags []string) string {
	s := ""
	for _, t := range tags {
		if s == "" { // reads s; and s = t does not bound s
			s = t
		} else {
			s += "," + t // want `string s grows by \+= in a loop`
		}
	}
	return s
}

// WithParams appends query parameters to the URL u, a parameter.
func WithParams(u string, params map[string]string) string {
	sep := "?"
	for k, v := range params {
		u += sep + url.QueryEscape(k) + "=" + url.QueryEscape(v) // want `string u grows by \+= in a loop`
		sep = "&"
	}
	return u
}

// ColumnList renders cols for a SELECT into a named result.
func ColumnList(cols []string) (list string) {
	for _, c := range cols {
		list += `"` + c + `", ` // want `string list grows by \+= in a loop`
	}
	return list
}

// Header is the value of an HTTP header.
type Header string

// With appends vals to h: a named string type, where sb.String() would
// need a conversion.
func (h Header) With(vals []string) Header {
	for _, v := range vals {
		h += Header(", " + v) // want `string h grows by \+= in a loop`
	}
	return h
}

// Breadcrumb renders the path of a page from the root.
func Breadcrumb(p *Page) string {
	trail := p.Title
	for cur := p.Parent; cur != nil; cur = cur.Parent {
		trail = cur.Title + " > " + trail // want `string trail grows by prepending in a loop, copied whole each time: collect the parts and join them once`
	}
	return trail
}

// Page is a page of a site.
type Page struct {
	Title  string
	Parent *Page
}

// InList renders an IN (...) list: s is read twice after the loop.
func InList(ids []string) string {
	s := ""
	for _, id := range ids {
		s += "'" + id + "'," // want `string s grows by \+= in a loop`
	}
	if s == "" {
		return "(NULL)"
	}
	return "(" + s[:len(s)-1] + ")"
}

// Bracketed renders [a b c]: s is appended to again after the loop.
func Bracketed(words []string) string {
	s := "["
	for _, w := range words {
		s += w + " " // want `string s grows by \+= in a loop`
	}
	s += "]"
	return s
}

// Limited stops once the line is long: len(s) reads s in the loop.
func Limited(words []string, max int) (string, error) {
	s := ""
	for _, w := range words {
		if len(s)+len(w) > max {
			return "", errors.New("report: line too long")
		}
		s += w // want `string s grows by \+= in a loop`
	}
	return s, nil
}

// Deferred logs the query it built when it returns: the closure reads s.
func Deferred(parts []string, logf func(string)) string {
	s := ""
	defer func() { logf(s) }()
	for _, p := range parts {
		s += p // want `string s grows by \+= in a loop`
	}
	return s
}

// Labelled has a labelled loop.
func Labelled(rows [][]string) string {
	s := ""
rows:
	for _, row := range rows {
		for _, c := range row {
			if c == "" {
				continue rows
			}
		}
		s += row[0] // want `string s grows by \+= in a loop`
	}
	return s
}

// Retry has a goto, which could jump over a new declaration.
func Retry(parts []string, tries int) string {
	s := ""
again:
	tries--
	for _, p := range parts {
		s += p // want `string s grows by \+= in a loop`
	}
	if tries > 0 {
		goto again
	}
	return s
}

// Pointer passes the address of s along.
func Pointer(parts []string, sink func(*string)) string {
	s := ""
	sink(&s)
	for _, p := range parts {
		s += p // want `string s grows by \+= in a loop`
	}
	return s
}
