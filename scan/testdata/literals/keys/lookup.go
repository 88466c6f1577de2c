package keys

import (
	"fmt"
	"net/http"
	"strconv"
)

// Lookup answers with the hits of the key n names, or says why it cannot.
func Lookup(w http.ResponseWriter, r *http.Request) {
	n, err := strconv.Atoi(r.URL.Query().Get("n"))
	if err != nil && r.ContentLength >= 0 {
		w.Header().Set("X-Reason", fmt.Sprintf("n=%d;len=%d", n, len(r.URL.RawQuery))) // keys: only on an error
		return
	}
	w.Header().Set("X-Hits", fmt.Sprintf("%d/%d", hits[strconv.Itoa(n)], n)) // keys: on every request
}
