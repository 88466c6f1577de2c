package s3

import (
	"errors"
	"fmt"
	"net/http"
)

type Gateway struct{}

type byteRange struct{ start, length int64 }

// route delegates each request to its handler: returning what the handler
// returns is the normal path, not an error path.
func (g *Gateway) route(w http.ResponseWriter, r *http.Request) error {
	switch r.Method {
	case http.MethodGet:
		return g.getObject(w, r)
	case http.MethodHead:
		return g.headObject(w, r)
	}
	return errors.New("method not allowed")
}

func (g *Gateway) getObject(w http.ResponseWriter, r *http.Request) error {
	rng := &byteRange{start: 0, length: 10}
	rng.writeHeader(w, 100)
	return nil
}

func (g *Gateway) headObject(w http.ResponseWriter, r *http.Request) error {
	rng := &byteRange{start: 0, length: 10}
	rng.writeHeader(w, 100)
	return nil
}

func (b *byteRange) writeHeader(w http.ResponseWriter, size int64) {
	w.Header().Set("Content-Length", fmt.Sprintf("%d", b.length)) // want `fmt\.Sprintf of one integer: use strconv\.FormatInt`
}

// rejectRange runs only where the request fails: its callers return a new
// error right after.
func rejectRange(w http.ResponseWriter, size int64) {
	w.Header().Set("Content-Range", fmt.Sprintf("%d", size)) // fine: error path
}

func (g *Gateway) checkRange(w http.ResponseWriter, r *http.Request) error {
	if r.Header.Get("Range") == "bad" {
		rejectRange(w, 100)
		return fmt.Errorf("invalid range %q", r.Header.Get("Range"))
	}
	return nil
}
