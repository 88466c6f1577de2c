// Package fakeconn serves canned replies to the tests of svc: it is
// internal and only a _test.go file imports it, so its handler serves
// tests, not traffic.
package fakeconn

import (
	"fmt"
	"net/http"
)

// Serve replies with the request's length.
func Serve(w http.ResponseWriter, r *http.Request) {
	w.Write([]byte(fmt.Sprintf("%d", r.ContentLength)))
}
