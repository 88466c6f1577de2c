package s3

import "fmt"

// ContentLength is the value of a Content-Length header.
func ContentLength(n int) string {
	return fmt.Sprintf("%d", n) // want `fmt\.Sprintf of one integer: use strconv\.Itoa`
}
