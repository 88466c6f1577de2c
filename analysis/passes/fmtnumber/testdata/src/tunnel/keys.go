// Package tunnel carries a payload over numbered HTTP headers and cookies,
// as a proxy transport does when a body cannot be used: each name is
// formatted per request, which is the evidence that the text is made for
// a protocol.
package tunnel

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"time"
)

const dataKey = "X-Data"

// ReadChunks reads the chunks back from the numbered headers.
func ReadChunks(r *http.Request) []string {
	var chunks []string
	for i := 0; ; i++ {
		c := r.Header.Get(fmt.Sprintf("%s-%d", dataKey, i)) // want `fmt.Sprintf with a fixed format of numbers`
		if c == "" {
			return chunks
		}
		chunks = append(chunks, c)
	}
}

// CountCookies counts the numbered cookies, the name held in a variable.
func CountCookies(r *http.Request) int {
	for i := 0; ; i++ {
		name := fmt.Sprintf("%s_%d", dataKey, i) // want `fmt.Sprintf with a fixed format of numbers`
		if _, err := r.Cookie(name); err != nil {
			return i
		}
	}
}

// WriteChunks sets one numbered header per chunk.
func WriteChunks(h http.Header, key string, chunks []string) {
	for i, c := range chunks {
		k := fmt.Sprintf("%s-%d", key, i) // want `fmt.Sprintf with a fixed format of numbers`
		h.Set(k, c)
	}
}

// Page reads the form value of page n.
func Page(r *http.Request, n int) string {
	return r.FormValue(fmt.Sprintf("page%d", n)) // want `fmt.Sprintf with a fixed format of numbers`
}

// Offset reads a query parameter named by its index.
func Offset(q url.Values, n int) string {
	return q.Get(fmt.Sprintf("off%d", n)) // want `fmt.Sprintf with a fixed format of numbers`
}

// Latency turns milliseconds into text only to parse them again.
func Latency(ms int) time.Duration {
	d, _ := time.ParseDuration(fmt.Sprintf("%dms", ms)) // want `fmt.Sprintf with a fixed format of numbers`
	return d
}

// Port parses a port formatted from a number.
func Port(base, n int) int {
	p, _ := strconv.Atoi(fmt.Sprintf("%d%d", base, n)) // want `fmt.Sprintf with a fixed format of numbers`
	return p
}

// Near misses: no evidence that the text is made for a protocol.

// renamed is assigned again before the lookup: the variable is not the
// formatted text alone.
func renamed(r *http.Request, i int) string {
	name := fmt.Sprintf("%s-%d", dataKey, i)
	name = name + "-v2"
	return r.Header.Get(name)
}

// worker names a goroutine for people.
func worker(i int) string {
	s := fmt.Sprintf("worker-%d", i)
	println(s)
	return "ok"
}

// value looks up a fixed header and formats its value for a person.
func value(r *http.Request, i int) {
	fmt.Println(fmt.Sprintf("chunk %d of %s", i, r.Header.Get("X-Data")))
}

var _, _, _ = renamed, worker, value
