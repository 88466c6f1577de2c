// Package svc holds the code of the fixture's command.
package svc

import (
	"fmt"
	"net/http"
)

// Logger is middleware: the handler literal it returns is an entry point
// of its own, though Logger runs once.
func Logger(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Length", fmt.Sprintf("%d", r.ContentLength))
		next.ServeHTTP(w, r)
	})
}

// Consume calls each message's callback.
func Consume(ch chan func()) {
	for f := range ch {
		f()
	}
}

// Setup runs once. Its deferred literal is called where it is written: it
// is no function value that Consume's callbacks can reach.
func Setup(n int) string {
	defer func() { _ = recover() }()
	return fmt.Sprintf("%d", n)
}
