// Package cli holds the code of a command-line tool: its developer's
// server serves its user, not a service's traffic.
package cli

import (
	"fmt"
	"net/http"
)

// Preview is the handler of a developer's preview server.
func Preview(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Length", fmt.Sprintf("%d", r.ContentLength))
}
