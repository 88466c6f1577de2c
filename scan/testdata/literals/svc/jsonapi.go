package svc

import (
	"fmt"
	"net/http"

	"example.org/jsonapi"
)

// MakeAuthAPI wraps f for the JSON API library, as a service's HTTP
// helpers do: the literal it hands the library is the handler; f is called
// from it.
func MakeAuthAPI(f func(req *http.Request, user string) jsonapi.Response) http.Handler {
	h := func(req *http.Request) jsonapi.Response {
		return f(req, req.Header.Get("X-User"))
	}
	return jsonapi.MakeJSONAPI(h)
}

// RegisterRooms registers the API's routes with literals the library
// calls per request.
func RegisterRooms(mux *http.ServeMux) {
	mux.Handle("/rooms/", MakeAuthAPI(func(req *http.Request, user string) jsonapi.Response {
		return jsonapi.Response{Code: 200, Body: fmt.Sprintf("%d", len(user))} // callback: through the library's handler
	}))
	mux.Handle("/search", jsonapi.Filter(func(req *http.Request) bool {
		return req.URL.Query().Get("v") != fmt.Sprintf("%d", 0) // callback: a filter the library calls per request
	}, http.NotFoundHandler()))
	keepHook(func(req *http.Request) {
		req.Header.Set("X-Seen", fmt.Sprintf("%d", 1)) // callback: kept by the scan's own code, never called
	})
}

var hooks []func(*http.Request)

// keepHook keeps h; nothing calls it.
func keepHook(h func(*http.Request)) { hooks = append(hooks, h) }
