// Package keys counts requests by a key formatted per request. Nothing
// about the format's line says it is hot (the key goes to a map, not to a
// header or a Write): the handler it is in does.
package keys

import (
	"fmt"
	"net/http"
)

var hits = map[string]int{}

// Serve counts the requests of each host and body length.
func Serve(w http.ResponseWriter, r *http.Request) {
	key := fmt.Sprintf("%s:%d", r.Host, r.ContentLength) // keys: in a handler
	hits[key]++
}
