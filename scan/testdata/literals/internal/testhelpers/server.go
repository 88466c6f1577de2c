// Package testhelpers starts servers for tests: its non-test file imports
// testing, so it is test code, and its handler serves tests, not traffic.
package testhelpers

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"example.com/literals/svc"
)

// NewServer serves svc.Render to a test.
func NewServer(t testing.TB) *httptest.Server {
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte(svc.Render(int(r.ContentLength))))
	}))
	t.Cleanup(s.Close)
	return s
}
