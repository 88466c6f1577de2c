// Package jsonapi stands for a JSON API library outside the scan: it makes
// an http.Handler of a function of the request.
package jsonapi

import (
	"context"
	"encoding/json"
	"net/http"
)

// A Response is a status and a body to encode.
type Response struct {
	Code int
	Body any
}

// MakeJSONAPI returns a handler that calls f per request and writes its
// response as JSON.
func MakeJSONAPI(f func(*http.Request) Response) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		res := f(r)
		w.WriteHeader(res.Code)
		json.NewEncoder(w).Encode(res.Body)
	})
}

// Filter calls keep per request; a handler it wraps serves only the
// requests keep accepts.
func Filter(keep func(*http.Request) bool, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if keep(r) {
			h.ServeHTTP(w, r)
		}
	})
}

// A LogFormatter makes the log entry of a request.
type LogFormatter interface {
	NewLogEntry(r *http.Request) LogEntry
}

// A LogEntry is written once its request is served.
type LogEntry interface {
	Write(status, bytes int)
}

// RequestLogger returns a middleware that asks f for an entry per request
// and writes it after the request.
func RequestLogger(f LogFormatter) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			e := f.NewLogEntry(r)
			next.ServeHTTP(w, r)
			e.Write(200, 0)
		})
	}
}

// An Endpoint answers the requests of its pattern.
type Endpoint interface {
	Pattern() string
	Execute(ctx context.Context, query string) (Response, error)
}

// Mount routes the requests of e's pattern on mux to e's Execute.
func Mount(mux *http.ServeMux, e Endpoint) {
	mux.HandleFunc(e.Pattern(), func(w http.ResponseWriter, r *http.Request) {
		res, _ := e.Execute(r.Context(), r.URL.RawQuery)
		json.NewEncoder(w).Encode(res.Body)
	})
}
