// Package winonly is imported only by a file the build leaves out on
// other systems than Windows: it is still the program's code.
package winonly

import (
	"fmt"
	"net/http"
)

// Serve replies with the request's length.
func Serve(w http.ResponseWriter, r *http.Request) {
	w.Write([]byte(fmt.Sprintf("%d", r.ContentLength)))
}
