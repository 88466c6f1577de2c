package a

import (
	"regexp"
	"testing"
)

// Fine: _test.go files are not analysed; a test runs once and a benchmark
// measures what it contains.
func TestParse(t *testing.T) {
	if !regexp.MustCompile(`^x$`).MatchString("x") {
		t.Fatal("no match")
	}
}

func BenchmarkCompile(b *testing.B) {
	for b.Loop() {
		regexp.MustCompile(`^(\w+)=(\d+)$`)
	}
}
