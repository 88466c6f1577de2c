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

// BenchmarkStopped prepares each iteration with the timer stopped: that
// set-up is not measured, the work after StartTimer is.
func BenchmarkStopped(b *testing.B) {
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		note() // want `^test$`
		for range 2 {
			note() // want `^test$`
		}
		b.StartTimer()
		note() // want `^test bench$`
	}
}

// BenchmarkStoppedInBranch stops the timer inside an if: not a statement
// of the loop body, so nothing is taken as unmeasured.
func BenchmarkStoppedInBranch(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if i%100 == 0 {
			b.StopTimer()
		}
		note() // want `^test bench$`
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
