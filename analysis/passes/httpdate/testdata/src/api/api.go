package api

import "net/http"

// Response carries headers to a transport in another package.
type Response struct {
	Header http.Header
	Body   []byte
}
