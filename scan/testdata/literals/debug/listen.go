// Package debug serves a service's operator endpoints. Its handlers are
// function literals registered under a path the caller gives, so no route
// string says what they serve: the package's name does.
package debug

import (
	"fmt"
	"net/http"
)

// Listen registers the operators' handlers under prefix.
func Listen(mux *http.ServeMux, prefix string) {
	mux.HandleFunc(prefix+"ready", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Listeners", fmt.Sprintf("%d", r.ContentLength)) // operator: literal in package debug
	})
}
