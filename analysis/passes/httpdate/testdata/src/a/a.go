package a

import (
	"log"
	"net/http"
	"time"
)

const lastModified = "Last-Modified"

type blob struct {
	name    string
	modTime time.Time
	data    []byte
}

func serveBlob(w http.ResponseWriter, r *http.Request, b *blob) {
	w.Header().Set("Last-Modified", b.modTime.Format(time.RFC1123))                  // want `time\.RFC1123 puts the zone name, not GMT, in the Last-Modified header: use b\.modTime\.UTC\(\)\.Format\(http\.TimeFormat\)`
	w.Header().Add("Expires", time.Now().Add(time.Hour).UTC().Format(time.RFC1123Z)) // want `time\.RFC1123Z puts a numeric zone, not GMT, in the Expires header: format in UTC with http\.TimeFormat`
	w.Write(b.data)
}

// The value goes to a header through a local variable and a constant key.
func cacheHeaders(h http.Header, mod time.Time) {
	lm := mod.UTC().Format(time.RFC1123) // want `time\.RFC1123 puts the zone name, not GMT, in the Last-Modified header: use mod\.UTC\(\)\.Format\(http\.TimeFormat\)`
	h.Set(lastModified, lm)
}

// Direct map assignment and a header literal.
func respond(mod time.Time) *http.Response {
	resp := &http.Response{Header: http.Header{
		"Date": {time.Now().Format("Mon, 02 Jan 2006 15:04:05 MST")}, // want `time\.RFC1123 puts the zone name, not GMT, in the Date header: use time\.Now\(\)\.UTC\(\)\.Format\(http\.TimeFormat\)`
	}}
	resp.Header["Last-Modified"] = []string{(mod.Format(time.RFC1123))} // want `time\.RFC1123 puts the zone name, not GMT, in the Last-Modified header: use mod\.UTC\(\)\.Format\(http\.TimeFormat\)`
	return resp
}

// The variable is also logged: reported, but the fix would change the log
// line too, so none is offered.
func logged(w http.ResponseWriter, mod time.Time) {
	s := mod.Format(time.RFC1123) // want `time\.RFC1123 puts the zone name, not GMT, in the Last-Modified header: use mod\.UTC\(\)\.Format\(http\.TimeFormat\)`
	log.Printf("serving version of %s", s)
	w.Header().Set("Last-Modified", s)
}

// A helper in the same package.
func formatDate(t time.Time) string { // want formatDate:"returns time.RFC1123"
	return t.Format(time.RFC1123)
}

func stamp(w http.ResponseWriter) {
	w.Header().Set("date", formatDate(time.Now())) // want `formatDate formats the Date header with time\.RFC1123, not GMT: use t\.UTC\(\)\.Format\(http\.TimeFormat\)`
}

// A conditional request from a client: the server parses the value with
// http.ParseTime, which rejects "UTC".
func revalidate(c *http.Client, url string, cached time.Time) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("If-Modified-Since", cached.Format(time.RFC1123)) // want `time\.RFC1123 puts the zone name, not GMT, in the If-Modified-Since header: use cached\.UTC\(\)\.Format\(http\.TimeFormat\)`
	return c.Do(req)
}

// Near-misses.

// Already the HTTP layout on a UTC time.
func good(w http.ResponseWriter, mod time.Time) {
	w.Header().Set("Last-Modified", mod.UTC().Format(http.TimeFormat))
}

// RFC1123 for a log line: the layout is not wrong there.
func logRequest(r *http.Request) {
	log.Printf("%s %s at %s", r.Method, r.URL.Path, time.Now().Format(time.RFC1123))
}

// RFC3339 in a custom header is the application's choice.
func custom(w http.ResponseWriter, t time.Time) {
	w.Header().Set("X-Generated-At", t.Format(time.RFC3339))
}

// RFC1123 in a header that is not an HTTP date.
func debugHeader(w http.ResponseWriter, t time.Time) {
	w.Header().Set("X-Debug-Time", t.Format(time.RFC1123))
}

// The header name is not a constant: it may not be a date header.
func setAny(h http.Header, name string, t time.Time) {
	h.Set(name, t.Format(time.RFC1123))
}

// A helper whose result is only logged.
func logDate() {
	log.Println(formatDate(time.Now()))
}
