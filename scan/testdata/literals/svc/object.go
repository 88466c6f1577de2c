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

// pageParams are the parameters of a page request, bound by the store's
// library, which calls their Bind method.
type pageParams struct{ limit string }

func (p *pageParams) Bind(key string) error {
	p.limit = fmt.Sprintf("%d", len(key))
	return nil
}

// unboundParams has a Bind method too, but nothing hands it to the
// library.
type unboundParams struct{ limit string }

func (p *unboundParams) Bind(key string) error {
	p.limit = fmt.Sprintf("%d", len(key))
	return nil
}

// ServePage binds its parameters through the library.
func ServePage(w http.ResponseWriter, r *http.Request) {
	var p pageParams
	if err := objstore.Bind(&p, r.URL.Path); err != nil {
		return
	}
	w.Write([]byte(p.limit))
}
