// Package app is under a cmd directory but serves HTTP requests (as
// jaeger's cmd/query/app does): its helpers run per request, not rarely.
package app

import "net/http"

func note() {}

type API struct{}

func (a *API) getServices(w http.ResponseWriter, r *http.Request) {
	note() // want `^none$`
	names(r)
}

func names(r *http.Request) []string {
	note() // want `^none$`
	return nil
}

// NewAPI is a constructor: still rare.
func NewAPI() *API {
	note() // want `^rarely$`
	return &API{}
}
