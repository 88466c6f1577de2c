// Command greeter shows how to serve the svc package's greeting: an
// example program, whose handler serves a demonstration, not traffic.
package main

import (
	"net/http"

	"example.com/literals/svc"
)

func main() {
	http.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write([]byte(svc.Greeting(len(r.URL.Path))))
	})
	_ = http.ListenAndServe("localhost:8080", nil)
}
