package svc

import "fmt"

// Render is called only by a test helper's handler.
func Render(n int) string {
	text := fmt.Sprintf("%d", n)
	return text
}
