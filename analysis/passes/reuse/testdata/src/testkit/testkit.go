// Package testkit is a test-support package: its non-test files import
// testing. Its helpers run once per test.
package testkit

import (
	"bytes"
	"fmt"
	"os"
	"testing"
)

// Fine: a test helper builds a file once per test.
func WriteConfig(t testing.TB, path string, kv map[string]string) {
	t.Helper()
	var buf bytes.Buffer
	for k, v := range kv {
		fmt.Fprintf(&buf, "%s=%s\n", k, v)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}
