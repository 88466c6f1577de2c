// Package queryonce defines an Analyzer that reports url.URL.Query called
// again on a URL whose query string it already parsed.
//
// # Analyzer queryonce
//
// queryonce: report url.URL.Query called again on the same URL: each call parses the whole query string
//
// (*url.URL).Query does not keep what it parses: every call runs
// url.ParseQuery over the whole raw query string, unescapes every key and
// value and builds a new url.Values map. Handlers and request binders that
// read each parameter with r.URL.Query().Get(name) parse the query string
// once per parameter. Measured with Go 1.26 on a loaded 2-core x86-64
// machine (queryonce_bench_test.go, 8 interleaved pairs of runs), reading
// five parameters of a six-pair list query took 12.7 µs with a Query call
// per parameter and 2.5 µs with one (median; the paired ratios 0.14 to
// 0.29), 2,560 B in 40 allocations against 512 B in 8.
//
// The check reports, in one function (a function literal is a function of
// its own):
//
//   - the second and later calls of Query on the same URL expression (r.URL,
//     u, req.Request.URL: variables, fields and dereferences only) when
//     nothing in the function assigns to that expression, to a part of it
//     (r.URL.RawQuery = …) or to its variable;
//   - a call of Query in a loop on a URL that the loop does not change: a
//     variable declared before the loop and not assigned in it.
//
// A call of a function of the same package that parses the query of a URL
// it is given (getBoolParam(u *url.URL, name string), param(r
// *http.Request, name string): its own body calls Query on the parameter,
// or on a field of it, and does not change it) counts as a call of Query
// on the URL the caller passes: an API handler that reads five flags
// through such a helper parses its query string five times. Calls through
// such helpers get no fix.
//
// Calls that no run of the function makes together — in different cases
// of a switch or select, in the two branches of an if, or one in a block
// that ends in a return and the other after it — parse once per run and
// are not counted together (a URI parser that hands the URL to one helper
// per scheme).
//
// It stays silent for code that runs once (init, package-level variables,
// sync.Once, main outside its loops), for URLs reached through a call
// (ctx.URL().Query(): the call may return another URL each time), and for a
// single call outside a loop, however often its function runs: parsing the
// query once per request is what the API is for.
//
// The first kind has a fix where it is exact: the calls' results are only
// read (Get, Has, an index, len, a range), the calls all sit in one block
// after the statement holding the first of them, the URL's variable is
// declared before that statement, and the name query is free in the
// function. The fix parses once, query := r.URL.Query(), before that
// statement, and reads query where the calls were. A result that is
// changed (Set, Add, Del), passed on or kept gets no fix: one shared map
// would then see the changes where each call made a map of its own.
//
// For example:
//
//	func (req *listRequest) Bind(r *http.Request) {
//		req.After = r.URL.Query().Get("after")
//		req.Exclude = r.URL.Query()["exclude"]
//		req.Match = r.URL.Query().Get("match")
//	}
//
// becomes
//
//	func (req *listRequest) Bind(r *http.Request) {
//		query := r.URL.Query()
//		req.After = query.Get("after")
//		req.Exclude = query["exclude"]
//		req.Match = query.Get("match")
//	}
package queryonce
