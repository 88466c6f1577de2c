// Package produtil is a production package with one test-utility file, as
// a real time-series database's storage package has: only that file is
// test code.
package produtil

func note() {}

func Commit() {
	note() // want `^none$`
}
