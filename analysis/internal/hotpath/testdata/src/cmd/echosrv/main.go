// Command echosrv is a test server: a command's own handlers stay rare.
package main

import "net/http"

func note() {}

func echo(w http.ResponseWriter, r *http.Request) {
	note() // want `^rarely$`
}

func main() {
	http.HandleFunc("/", echo)
}
