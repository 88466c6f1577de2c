package svc

import "fmt"

// Greeting is called only by an example program's handler
// (examples/greeter).
func Greeting(n int) string {
	return "hello " + fmt.Sprintf("%d", n) // example: reached only from an example's handler
}
