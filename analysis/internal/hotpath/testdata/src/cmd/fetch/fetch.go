// Package fetch is under a cmd directory and only makes HTTP requests (a
// client takes *http.Request too, but no ResponseWriter): a command's
// code, rare.
package fetch

import "net/http"

func note() {}

func Get(c *http.Client, r *http.Request) (*http.Response, error) {
	note() // want `^rarely$`
	return c.Do(r)
}

// A handler type declared but with the parameters the other way round is
// not a handler.
func swapped(r *http.Request, w http.ResponseWriter) {
	note() // want `^rarely$`
}
