package main

import (
	"sync"
	"testing"
)

func mark() int { return 0 }

var global = mark() // want `noloop once`

var iife = func() int { return mark() }() // want `noloop once`

var handler = func() {
	mark() // want `noloop repeated`
}

func init() {
	mark() // want `noloop once`
	var local = mark() // want `noloop once`
	_ = local
	for i := 0; i < 3; i++ {
		mark() // want `loop@22 once`
	}
}

func main() {
	mark() // want `noloop once`
	for range 3 {
		mark() // want `loop@29 repeated`
	}
	go func() { mark() }() // want `noloop once`
}

func g() {
	for {
		var v = mark() // want `loop@[0-9]+ repeated`
		_ = v
	}
}

var once sync.Once

func f(xs []int) {
	mark() // want `noloop repeated`
	once.Do(func() {
		mark() // want `noloop once`
	})
	v := sync.OnceValue(func() int { return mark() }) // want `noloop once`
	_ = v
	for i := mark(); i < mark(); i += mark() { // want `noloop repeated` `loop@51 repeated` `loop@51 repeated`
		for _, x := range xs[mark():] { // want `loop@51 repeated`
			_ = x
			mark() // want `loop@52 repeated`
			func() {
				mark() // want `loop@52 repeated`
			}()
			defer func() { mark() }() // want `loop@52 repeated`
			f := func() {
				mark() // want `noloop repeated`
			}
			f()
		}
	}
}

func BenchmarkF(b *testing.B) {
	for i := 0; i < b.N; i++ {
		mark() // want `noloop repeated`
		for range 2 {
			mark() // want `loop@70 repeated`
		}
	}
	for b.Loop() {
		mark() // want `noloop repeated`
	}
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			mark() // want `noloop repeated`
		}
	})
}
