// Package svc holds the code of the fixture's command.
package svc

import (
	"fmt"
	"net/http"
	"os"
)

// Logger is middleware: the handler literal it returns is an entry point
// of its own, though Logger runs once.
func Logger(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Length", fmt.Sprintf("%d", r.ContentLength))
		next.ServeHTTP(w, r)
	})
}

// Consume calls each message's callback.
func Consume(ch chan func()) {
	for f := range ch {
		f()
	}
}

// Setup runs once. Its deferred literal is called where it is written: it
// is no function value that Consume's callbacks can reach.
func Setup(n int) string {
	defer func() { _ = recover() }()
	return fmt.Sprintf("%d", n)
}

// Notify is a handler that runs a literal in a goroutine. Calling the
// literal where it is written is no call of a function value: it does not
// reach PrintUsage, a func() kept in Usage.
func Notify(w http.ResponseWriter, r *http.Request) {
	go func() { _ = r.Context() }()
	w.WriteHeader(http.StatusAccepted)
}

// PrintUsage prints the command's usage, once.
func PrintUsage() {
	w := http.Header{}
	w.Set("X-Usage", fmt.Sprintf("%d", len(w)))
	fmt.Println(w)
}

// AdminStats is an admin endpoint: operators call it, a few times a
// minute. Its name says so.
func AdminStats(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Users", fmt.Sprintf("%d", r.ContentLength))
	statsHeader(w, r.ContentLength)
}

// statsHeader is reached only from AdminStats.
func statsHeader(w http.ResponseWriter, n int64) {
	w.Header().Set("X-Stats", fmt.Sprintf("%d", n))
}

// Head serves the size of a file: the Lstat costs more than the Sprintf.
func Head(w http.ResponseWriter, r *http.Request) {
	fi, err := os.Lstat(r.URL.Path)
	if err != nil {
		return
	}
	w.Header().Set("Content-Length", fmt.Sprintf("%d", fi.Size()))
}

// Headers is middleware in caddy's form: ServeHTTP takes the next handler
// too. It is a handler all the same.
type Headers struct{ Max int }

// ServeHTTP sets a header and calls next.
func (h Headers) ServeHTTP(w http.ResponseWriter, r *http.Request, next http.Handler) error {
	w.Header().Set("X-Max", fmt.Sprintf("%d", h.Max))
	next.ServeHTTP(w, r)
	return nil
}

// Pad is a handler that calls a literal kept in a local variable: the call
// reaches that literal, not Banner's of the same signature.
func Pad(w http.ResponseWriter, r *http.Request) {
	pad := func(s string, n int) string { return s + string(make([]byte, n)) }
	w.Header().Set("X-Pad", pad(r.Method, 2))
}

// Banner runs once, at start-up; its literal is called only through its
// own local variable.
func Banner(w http.Header) {
	line := func(s string, n int) string { return s + fmt.Sprintf("%d", n) }
	w.Set("X-Banner", line("v", 1))
}

// LogConfig configures Log; Format nil means defaultFormat.
type LogConfig struct{ Format func(n int64) string }

// defaultFormat is called through Log's local variable.
var defaultFormat = func(n int64) string { return fmt.Sprintf("%d", n) }

// Log is middleware whose handler calls the formatter held in a local
// variable assigned from a field or a package-level variable: the call
// may reach any function value of its signature, defaultFormat's literal
// among them.
func Log(cfg LogConfig, next http.Handler) http.Handler {
	format := cfg.Format
	if format == nil {
		format = defaultFormat
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Log", format(r.ContentLength))
		next.ServeHTTP(w, r)
	})
}
