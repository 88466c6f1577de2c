package keys

import (
	"fmt"
	"io"
	"net/http"
)

// Check scores the body with another service, through post, and sends the
// score back: the round trip, not the format, is the request's cost.
func Check(w http.ResponseWriter, r *http.Request) {
	score, status := post(r.Body)
	w.Header().Set("X-Score", fmt.Sprintf("%d/%d", score, status)) // keys: after a round trip
}

func post(body io.Reader) (score, status int) {
	resp, err := http.Post("http://127.0.0.1:1/score", "text/plain", body)
	if err != nil {
		return 0, 0
	}
	defer resp.Body.Close()
	return 1, resp.StatusCode
}
