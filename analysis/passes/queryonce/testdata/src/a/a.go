package a

import (
	"net/http"
	"net/url"
)

type listRequest struct {
	After, Match string
	Exclude      []string
	Limit        int
}

// Bind reads each parameter with its own Query call: four parses.
func (req *listRequest) Bind(r *http.Request) {
	if after := r.URL.Query().Get("after"); after != "" {
		req.After = after
	}
	req.Exclude = r.URL.Query()["exclude"] // want `r.URL.Query\(\) parses the query string again \(4 calls in Bind\)`
	req.Match = r.URL.Query().Get("match")
	req.Limit = len(r.URL.Query())
}

// filters changes what one call returned: one shared map would see the
// change, so there is no fix.
func filters(r *http.Request) (string, string) {
	q := r.URL.Query()
	q.Set("page", "1")
	return q.Encode(), r.URL.Query().Get("sort") // want `r.URL.Query\(\) parses the query string again \(2 calls in filters\)`
}

// rewritten changes the URL between the calls: they parse two strings.
func rewritten(r *http.Request) (string, string) {
	before := r.URL.Query().Get("a")
	r.URL.RawQuery = "a=2"
	return before, r.URL.Query().Get("a")
}

// replaced gives the request another URL between the calls.
func replaced(r *http.Request, u *url.URL) (string, string) {
	before := r.URL.Query().Get("a")
	r.URL = u
	return before, r.URL.Query().Get("a")
}

// single parses once per call: what the API is for.
func single(r *http.Request) string {
	return r.URL.Query().Get("id")
}

// lookups reads the parameters named in a list, parsing the query string
// again for each.
func lookups(u *url.URL, names []string) []string {
	var out []string
	for _, name := range names {
		out = append(out, u.Query().Get(name)) // want `u.Query\(\) parses the same query string on every iteration of the loop in lookups`
	}
	return out
}

// perRequest parses each request's own query string once.
func perRequest(reqs []*http.Request) int {
	n := 0
	for _, r := range reqs {
		n += len(r.URL.Query())
	}
	return n
}

type ctx struct{ u url.URL }

func (c *ctx) URL() url.URL { return c.u }

// throughCall reaches the URL through a call, which may return another
// URL each time.
func throughCall(c *ctx) (string, string) {
	u1 := c.URL()
	return c.URL().Query().Get("a"), u1.Query().Get("b")
}

// addressed calls Query on the address of a local URL, twice.
func addressed(c *ctx) (string, string) {
	u := c.URL()
	a := (&u).Query().Get("a")
	return a, (&u).Query().Get("b") // want `u.Query\(\) parses the query string again \(2 calls in addressed\)`
}

// named already has a variable called query: reported, no fix.
func named(r *http.Request) (string, string) {
	query := "q"
	return r.URL.Query().Get(query), r.URL.Query().Get("b") // want `r.URL.Query\(\) parses the query string again \(2 calls in named\)`
}

// inCase reads two parameters in one case of a switch.
func inCase(r *http.Request, kind int) (string, string) {
	switch kind {
	case 1:
		a := r.URL.Query().Get("a")
		return a, r.URL.Query().Get("b") // want `r.URL.Query\(\) parses the query string again \(2 calls in inCase\)`
	}
	return "", ""
}

var defaults = url.URL{RawQuery: "a=1&b=2"}

// At init the URL's parameters are read once: not reported.
var a1, b1 = defaults.Query().Get("a"), defaults.Query().Get("b")

// handler's literal is a function of its own: its two calls are a group.
func handler() http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id := r.URL.Query().Get("id")
		_, _ = w.Write([]byte(id + r.URL.Query().Get("name"))) // want `r.URL.Query\(\) parses the query string again \(2 calls in a function literal\)`
	}
}

// getBoolParam parses the whole query string to read one parameter.
func getBoolParam(u *url.URL, name string) bool {
	if u.RawQuery == "" {
		return false
	}
	_, ok := u.Query()[name]
	return ok
}

// param reads one parameter of a request's URL.
func param(r *http.Request, name string) string {
	return r.URL.Query().Get(name)
}

// dataAPI reads its flags through the helpers: four parses of one query.
func dataAPI(r *http.Request) (bool, bool, string, string) {
	explain := getBoolParam(r.URL, "explain")
	metrics := getBoolParam(r.URL, "metrics") // want `r.URL.Query\(\) parses the query string again \(4 parses in dataAPI, via getBoolParam, param\)`
	return explain, metrics, param(r, "pretty"), r.URL.Query().Get("input")
}

// flags asks the helper for each flag named: a parse per iteration.
func flags(u *url.URL, names []string) int {
	n := 0
	for _, name := range names {
		if getBoolParam(u, name) { // want `getBoolParam parses u's query string on every iteration of the loop in flags`
			n++
		}
	}
	return n
}

// oneFlag parses once through the helper: not reported.
func oneFlag(r *http.Request) bool {
	return getBoolParam(r.URL, "explain")
}
