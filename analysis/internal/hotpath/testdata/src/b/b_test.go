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
