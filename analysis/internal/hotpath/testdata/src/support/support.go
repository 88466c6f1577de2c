// Package support is a test-support package: a non-test file imports
// testing.
package support

import "testing"

func note() {}

func Check(t testing.TB) {
	note() // want `^test$`
}

func Other() {
	// Every file of the package is test code.
	note() // want `^test$`
}
