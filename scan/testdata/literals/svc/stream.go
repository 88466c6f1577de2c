package svc

import (
	"fmt"
	"io"
	"net/http"
)

// Feed is a server-sent events endpoint: it names the stream once, then
// waits for events and pushes each as it comes, until the client leaves.
func Feed(w http.ResponseWriter, r *http.Request) {
	events := subscribe()
	flusher := w.(http.Flusher)
	id := fmt.Sprintf("%d", len(events)) // stream: set-up
	_, _ = io.WriteString(w, "id: "+id+"\n\n"+streamName(len(events)))
	flusher.Flush()
	for {
		select {
		case n := <-events:
			_, _ = io.WriteString(w, "data: "+fmt.Sprintf("%d", n)+"\n\n") // stream: per event
			flusher.Flush()
		case <-r.Context().Done():
			return
		}
	}
}

// streamName is called only in Feed's set-up.
func streamName(n int) string {
	return "name: " + fmt.Sprintf("%d", n) + "\n" // stream: callee of the set-up
}

// Export writes rows as it makes them and flushes each, but waits on no
// channel: a long response, whose set-up is per request.
func Export(w http.ResponseWriter, r *http.Request) {
	header := fmt.Sprintf("%d", len(r.URL.RawQuery)) // export: per request
	_, _ = io.WriteString(w, header)
	i := 0
	for {
		i++
		if i > 100 {
			return
		}
		_, _ = io.WriteString(w, fmt.Sprintf("%d", i)) // export: per row
		w.(http.Flusher).Flush()
	}
}

func subscribe() chan int { return make(chan int) }
