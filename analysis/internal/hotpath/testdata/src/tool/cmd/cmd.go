// Package cmd holds a CLI's commands; one of them serves a sample page
// while it runs. The package named by the cmd element stays rare.
package cmd

import "net/http"

func note() {}

func consent(w http.ResponseWriter, r *http.Request) {
	note() // want `^rarely$`
}
