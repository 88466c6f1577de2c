// Package s3test helps tests of S3 clients.
package s3test

import (
	"fmt"
	"net/http"
	"testing"
)

// FakeObject serves n bytes.
func FakeObject(t testing.TB, n int) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", fmt.Sprintf("%d", n)) // fine: test-support package
	}
}
