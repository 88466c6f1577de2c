package b

import "testing"

func TestB(t *testing.T) {
	testOnly()
	note() // want `^test$`
	for range 3 {
		note() // want `^test$`
	}
}

func BenchmarkLoop(b *testing.B) {
	// Set-up is not measured.
	note() // want `^test$`
	for b.Loop() {
		note() // want `^test bench$`
	}
}

func BenchmarkN(b *testing.B) {
	for i := 0; i < b.N; i++ {
		note() // want `^test bench$`
		for range 2 {
			note() // want `^test bench$`
		}
	}
}

func BenchmarkParallel(b *testing.B) {
	b.RunParallel(func(pb *testing.PB) {
		note() // want `^test$`
		for pb.Next() {
			note() // want `^test bench$`
		}
	})
}

// BenchmarkBaseline measures a slow helper of this file: the "before" side
// of a before/after benchmark is measured code, like the package's own.
func BenchmarkBaseline(b *testing.B) {
	for b.Loop() {
		joinSlow([]string{"a", "b"})
	}
}

func joinSlow(parts []string) string {
	note() // want `^test bench$`
	return quoteAll(parts)
}

// quoteAll is measured too: joinSlow calls it.
func quoteAll(parts []string) string {
	note() // want `^test bench$`
	return ""
}

// setUp is called only outside the measured loop: not measured.
func setUp() {
	note() // want `^test$`
}

func BenchmarkSetUp(b *testing.B) {
	setUp()
	for b.Loop() {
	}
}
