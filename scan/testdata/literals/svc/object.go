package svc

import (
	"fmt"
	"html/template"
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

// RenderPage parses the template the request names on every call: that
// parse costs far more than formatting the page's length.
func RenderPage(w http.ResponseWriter, r *http.Request) {
	t, err := template.New("page").Parse(r.FormValue("t"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	w.Header().Set("X-Template-Length", fmt.Sprintf("%d", len(r.FormValue("t"))))
	t.Execute(w, nil)
}
