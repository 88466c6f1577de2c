// Package httprouter stands in for github.com/julienschmidt/httprouter:
// only the handler type and its parameters, which scan's evidence reads
// from a handler's signature.
package httprouter

import "net/http"

// Param is one path parameter.
type Param struct{ Key, Value string }

// Params are a route's path parameters.
type Params []Param

// Handle is a handler of a route: net/http's with the path parameters.
type Handle func(http.ResponseWriter, *http.Request, Params)

// Router routes requests to handlers.
type Router struct{ routes map[string]Handle }

// GET registers h for GET requests of path.
func (r *Router) GET(path string, h Handle) {
	if r.routes == nil {
		r.routes = make(map[string]Handle)
	}
	r.routes[path] = h
}
