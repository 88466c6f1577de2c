// Package tool is under a cmd directory: all its code runs rarely.
package tool

func note() {}

func Serve() {
	note() // want `^rarely$`
	for range 3 {
		note() // want `^rarely$`
	}
}
