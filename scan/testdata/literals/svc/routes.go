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

// getStream serves a live stream: "live" is not a probe's word.
func (api) getStream(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Stream", fmt.Sprintf("%d", r.ContentLength))
}

// Routes registers the handlers of the fixture's API.
func Routes(mux *http.ServeMux, rt *httprouter.Router) {
	var a api
	mux.HandleFunc("/rest/debug/profile", a.getProfile)
	mux.HandleFunc("/rest/items/", a.getItem)
	mux.HandleFunc("/live/streams/", a.getStream)
	mux.Handle("/healthz/detail", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Checks", fmt.Sprintf("%d", r.ContentLength)) // route: health
	}))
	rt.GET("/users/:id", ShowUser)
}

// listMessages is registered only by RegisterAdminRoutes: the admin API.
func (api) listMessages(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Total", fmt.Sprintf("%d", r.ContentLength))
}

// listJobs is registered only on an AdminRouter.
func (api) listJobs(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Jobs", fmt.Sprintf("%d", r.ContentLength))
}

// AdminRouter routes the admin API.
type AdminRouter struct{ mux *http.ServeMux }

// HandleFunc registers h for path.
func (a AdminRouter) HandleFunc(path string, h func(http.ResponseWriter, *http.Request)) {
	a.mux.HandleFunc(path, h)
}

// RegisterAdminRoutes registers the admin API: its routes' paths say
// nothing, the function's name does. getItem is served publicly too, so
// it stays a serving handler.
func RegisterAdminRoutes(mux *http.ServeMux, ar AdminRouter) {
	var a api
	mux.HandleFunc("/messages", a.listMessages)
	mux.HandleFunc("/items/", a.getItem)
	ar.HandleFunc("/jobs", a.listJobs)
}
