package svc

import (
	"context"
	"fmt"
	"net/http"

	"example.org/jsonapi"
)

// logFormatter is handed to the library's request logger, which calls its
// NewLogEntry per request and the Write of the entry it returns.
type logFormatter struct{}

func (logFormatter) NewLogEntry(r *http.Request) jsonapi.LogEntry {
	return &logEntry{path: r.URL.Path}
}

type logEntry struct{ path string }

func (e *logEntry) Write(status, bytes int) {
	_ = e.path + fmt.Sprintf("%d", status) // reqlog: the entry the library writes per request
}

// WithRequestLog wraps h in the library's request logger, at set-up.
func WithRequestLog(h http.Handler) http.Handler {
	return jsonapi.RequestLogger(logFormatter{})(h)
}

// otherEntry is a LogEntry that nothing hands to the library.
type otherEntry struct{}

func (otherEntry) Write(status, bytes int) {
	_ = fmt.Sprintf("%d", status) // reqlog: an entry never handed out
}

// countEndpoint is mounted on a router by the library, which calls its
// Execute per request.
type countEndpoint struct{}

func (countEndpoint) Pattern() string { return "/count" }

func (countEndpoint) Execute(ctx context.Context, query string) (jsonapi.Response, error) {
	return jsonapi.Response{Body: fmt.Sprintf("%d", len(query))}, nil // reqlog: an endpoint mounted on a router
}

// MountCount mounts the endpoint, at set-up.
func MountCount(mux *http.ServeMux) {
	jsonapi.Mount(mux, countEndpoint{})
}
