package svc

import (
	"fmt"
	"net/http"

	"github.com/julienschmidt/httprouter"
)

// ShowUser is a handler of httprouter: net/http's signature with the
// path parameters. It is an entry point by its signature, registered or
// not.
func ShowUser(w http.ResponseWriter, r *http.Request, ps httprouter.Params) {
	w.Header().Set("X-Params", fmt.Sprintf("%d", len(ps)))
}

// writeStatus takes a response writer and a request too, and a status:
// not a handler's signature.
func writeStatus(w http.ResponseWriter, r *http.Request, status int) {
	w.Header().Set("X-Status", fmt.Sprintf("%d", status))
}

type api struct{}

// getProfile is named like any handler; its route says that operators
// call it.
func (api) getProfile(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Seconds", fmt.Sprintf("%d", r.ContentLength))
}

// getItem is a handler of a serving route.
func (api) getItem(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Item", fmt.Sprintf("%d", r.ContentLength))
}

// Routes registers the handlers of the fixture's API.
func Routes(mux *http.ServeMux, rt *httprouter.Router) {
	var a api
	mux.HandleFunc("/rest/debug/profile", a.getProfile)
	mux.HandleFunc("/rest/items/", a.getItem)
	mux.Handle("/healthz/detail", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Checks", fmt.Sprintf("%d", r.ContentLength)) // route: health
	}))
	rt.GET("/users/:id", ShowUser)
}
