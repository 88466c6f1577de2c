package queryonce_test

import (
	"net/url"
	"testing"
)

// The query string of a typical list request of a JSON API: a cursor, a
// repeated filter, a facet, a match and a page size.
var listURL = &url.URL{Path: "/api/jobs", RawQuery: "after=job_01HZX4&exclude=done&exclude=cancelled&facet=queue&match=email&limit=20"}

var sink int

// BenchmarkQueryPerLookup reads five parameters, parsing the query string
// for each, as handlers that call r.URL.Query().Get per parameter do.
func BenchmarkQueryPerLookup(b *testing.B) {
	for b.Loop() {
		n := len(listURL.Query().Get("after"))
		n += len(listURL.Query()["exclude"])
		n += len(listURL.Query().Get("facet"))
		n += len(listURL.Query().Get("match"))
		n += len(listURL.Query().Get("limit"))
		sink = n
	}
}

// BenchmarkQueryOnce reads the same five parameters from one parse.
func BenchmarkQueryOnce(b *testing.B) {
	for b.Loop() {
		q := listURL.Query()
		n := len(q.Get("after"))
		n += len(q["exclude"])
		n += len(q.Get("facet"))
		n += len(q.Get("match"))
		n += len(q.Get("limit"))
		sink = n
	}
}
