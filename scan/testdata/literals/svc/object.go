package svc

import (
	"fmt"
	"net/http"

	"example.org/objstore"
)

var objects objstore.Client

// ServeObject serves an object fetched from the store: the request to the
// store costs far more than formatting its length.
func ServeObject(w http.ResponseWriter, r *http.Request) {
	b, err := objects.Get(r.Context(), r.URL.Path)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	w.Header().Set("X-Length", fmt.Sprintf("%d", len(b)))
	w.Write(b)
}
