package a

import (
	"bytes"
	"net/http"
	"strings"
)

// The host of a request's remote address, per request: the shape of the
// client-address helpers of proxies and rate limiters.
func clientHost(r *http.Request) string {
	host := strings.Split(r.RemoteAddr, ":")[0] // want `strings.Split allocates a slice of every field to use the first: strings.Cut finds it without allocating`
	return host
}

// ESMTP parameters of a MAIL FROM or RCPT TO command (BODY=8BITMIME,
// SIZE=1024): the shape of an SMTP server's argument parser.
func parseArgs(args []string) map[string]string {
	m := make(map[string]string, len(args))
	for _, arg := range args {
		kv := strings.SplitN(arg, "=", 2) // want `strings.SplitN allocates a slice to use its two fields: strings.Cut returns them without allocating`
		if len(kv) == 2 {
			m[strings.ToUpper(kv[0])] = kv[1]
		} else {
			m[strings.ToUpper(kv[0])] = ""
		}
	}
	return m
}

// A "name value" element of a metadata header, with an exact count: a
// Split's second field and its count are not Cut's, so the report has
// no fix.
func element(s string) (string, string, bool) {
	parts := strings.Split(s, " ") // want `strings.Split allocates a slice of every field to use two: strings.Cut returns them, its after up to the end`
	if len(parts) != 2 {
		return "", "", false
	}
	return parts[0], parts[1], true
}

// The key of a line, a name the function uses already (before), and a
// count that found says: the fix takes before2.
func key(line []byte, before int) []byte {
	f := bytes.Split(line, []byte(" ")) // want `bytes.Split allocates a slice of every field to use the first: bytes.Cut finds it without allocating`
	if len(f) < 2 {
		return nil
	}
	_ = before
	return f[0]
}

// The value of a header parameter taken at once: reported without a
// fix (the index expression panics where Cut would not).
func value(h string) string {
	return strings.SplitN(h, "=", 2)[1] // want `strings.SplitN allocates a slice to use the text after the separator: strings.Cut returns it without one`
}

// In an if statement's init, with the count on the other side.
func route(path string) string {
	if seg := strings.SplitN(path, "/", 3); 1 < len(seg) { // want `strings.SplitN allocates a slice of every field to use two`
		return seg[1]
	}
	return ""
}

// Near misses.

// Every field is used.
func total(s string) int {
	n := 0
	for _, f := range strings.Split(s, ",") {
		n += len(f)
	}
	return n
}

// The last field: Cut does not find it.
func last(path string) string {
	parts := strings.Split(path, "/")
	return parts[len(parts)-1]
}

// A separator that may be empty.
func firstOf(s, sep string) string {
	return strings.Split(s, sep)[0]
}

// The slice is returned.
func labels(s string) []string {
	parts := strings.Split(s, ".")
	if len(parts) < 2 {
		return nil
	}
	return parts
}

// A field written to.
func rewrite(s string) string {
	parts := strings.Split(s, "@")
	parts[0] = "user"
	return parts[0]
}

// At package initialisation: runs once.
var defaultHost = strings.Split("localhost:8080", ":")[0]

// SplitN with n 1 returns s whole.
func whole(s string) string { return strings.SplitN(s, ",", 1)[0] }

// Fields beyond the second counted: the slice's length is the point
// (an ARN of six fields, a topic of three or four).
func arn(s string) (string, bool) {
	f := strings.Split(s, ":")
	if len(f) != 6 {
		return "", false
	}
	return f[0], true
}

func topic(s string) string {
	parts := strings.Split(s, "/")
	switch len(parts) {
	case 1:
		return parts[0]
	case 3:
		return parts[1]
	}
	return ""
}

func requestLine(l string) (string, string) {
	p := strings.Split(l, " ")
	if len(p) == 3 {
		return p[0], p[1]
	}
	return "", ""
}
