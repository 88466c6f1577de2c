// Package audit records events and access logs per request: the current
// time formatted on every call, in the forms real services write it.
package audit

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"
)

type Event struct {
	Name      string
	EventTime string
}

// eventRecord builds the record of a bucket notification per request, as an
// S3 server does (versitygw s3event).
func eventRecord(r *http.Request) Event {
	return Event{
		Name:      r.URL.Path,
		EventTime: time.Now().Format(time.RFC3339), // want `time\.Now\(\)\.Format\(time\.RFC3339\) of the current time runs on every call: reuse the text until the second changes`
	}
}

func Notify(w io.Writer, r *http.Request) error {
	return json.NewEncoder(w).Encode(eventRecord(r))
}

// stamp formats a local copy of the current time, in UTC.
func stamp(w http.ResponseWriter) {
	now := time.Now().UTC()
	w.Header().Set("X-Served-At", now.Format("2006-01-02 15:04:05")) // want `now\.Format\("2006-01-02 15:04:05"\) of the current time runs on every call: reuse the text until the second changes`
}

// stampUnlessCached reads a header of the request it serves: Header.Get
// is no outgoing request (http.Get is), so the format is still reported.
func stampUnlessCached(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get("Cache-Control") == "no-store" {
		return
	}
	w.Header().Set("X-Served-At", time.Now().UTC().Format(http.TimeFormat)) // want `reuse the text until the second changes`
}

// millis has a millisecond layout: the text changes every millisecond,
// and a busy server formats it many times in each.
func millis() string {
	return time.Now().Format("15:04:05.000") // want `reuse the text until the millisecond changes`
}

// LogParams are the values of one access-log line (gin's
// LogFormatterParams): TimeStamp is set to the current time per request.
type LogParams struct {
	TimeStamp time.Time
	Path      string
	Status    int
}

// defaultFormatter formats an access-log line per request.
var defaultFormatter = func(p LogParams) string {
	return fmt.Sprintf("[LOG] %v | %3d | %s\n",
		p.TimeStamp.Format("2006/01/02 - 15:04:05"), // want `Format of the current time runs on every call: reuse the text until the second changes`
		p.Status, p.Path)
}

// Logger returns the logging middleware.
func Logger(out io.Writer, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(w, r)
		p := LogParams{Path: r.URL.Path, Status: 200}
		p.TimeStamp = time.Now()
		fmt.Fprint(out, defaultFormatter(p))
	})
}
