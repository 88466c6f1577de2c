package keys

import (
	"net/http"
	"os"
	"time"
)

// stampLayout is the layout of the X-Stamp header, chosen by the operator.
var stampLayout = os.Getenv("STAMP_LAYOUT")

// Stamp answers with the time in the operator's layout: the layout is
// known only at run time, so timeformat, run alone, stays silent.
func Stamp(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Stamp", time.Now().Format(stampLayout)) // keys: layout at run time
}

// A Receipt is stamped when it is made.
type Receipt struct{ At string }

// NewReceipt looks like a constructor, which timeformat, run alone,
// takes for code that runs a few times; Sign calls it per request.
func NewReceipt() Receipt {
	return Receipt{At: time.Now().UTC().Format(time.RFC1123)} // keys: in a constructor
}

// Sign answers with a receipt.
func Sign(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Receipt", NewReceipt().At)
}
