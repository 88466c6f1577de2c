// Package stream stamps messages and audit events, in the forms of
// nats-server's stream headers and grpc's stdout audit logger.
package stream

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"log"
	"log/slog"
	"net/http"
	"strings"
	"time"
)

// genHeader appends one header line to hdr; value is only written.
func genHeader(hdr []byte, key, value string) []byte {
	var bb bytes.Buffer
	bb.Write(hdr)
	http.Header{key: []string{value}}.Write(&bb)
	return bb.Bytes()
}

// appendField appends value after key, through a helper that only
// appends too.
func appendField(b []byte, key, value string) []byte {
	b = append(b, key...)
	return appendValue(b, value)
}

func appendValue(b []byte, v string) []byte {
	b = append(b, ' ')
	return append(b, v...)
}

// writeField writes value to w.
func writeField(w io.Writer, value string) {
	io.WriteString(w, value)
	w.Write([]byte(value))
}

// Republish stamps each republished message with its stored time.
func Republish(hdr []byte, ts time.Time) []byte {
	return genHeader(hdr, "Nats-Time-Stamp", ts.Format(time.RFC3339Nano)) // want `Format allocates a string that genHeader only copies into bytes: pass the time and AppendFormat there`
}

// Record appends a field per message.
func Record(b []byte, ts time.Time, w io.Writer) []byte {
	writeField(w, ts.Format(time.DateTime))                    // want `that writeField only copies into bytes`
	return appendField(b, "ts", ts.UTC().Format(time.RFC3339)) // want `that appendField only copies into bytes`
}

// event is the record of one audited RPC, encoded to JSON.
type event struct {
	Method    string `json:"method"`
	Timestamp string `json:"timestamp"`
	Local     string
}

// convertEvent runs per audited RPC: a time.Time field would encode to
// the same RFC3339Nano text.
func convertEvent(method string) *event {
	return &event{
		Method:    method,
		Timestamp: time.Now().Format(time.RFC3339Nano), // want `Format\(time\.RFC3339Nano\) into field Timestamp: use a time\.Time field, which encodes the same`
	}
}

// Log encodes an event per RPC.
func Log(w io.Writer, method string, at time.Time) error {
	e := convertEvent(method)
	e.Timestamp = at.Format(time.RFC3339Nano) // want `at.Format\(time.RFC3339Nano\) into field Timestamp allocates`
	// An untagged field: not known to be encoded, so item rather than field.
	e.Local = at.Format(time.RFC3339Nano) // want `at\.Format\(time\.RFC3339Nano\) allocates a string on every call: AppendFormat into a reused buffer where it is written`
	return json.NewEncoder(w).Encode(e)
}

// Near-misses.

// Fine: the layout is not what time.Time encodes, so the tagged field is
// item, not field.
func stampSecond(e *event, at time.Time) {
	e.Timestamp = at.Format(time.RFC3339) // want `at\.Format\(time\.RFC3339\) allocates a string on every call: AppendFormat into a reused buffer where it is written`
}

// check uses its parameter for more than bytes: not category callee.
func check(b []byte, v string) []byte {
	if v == "" {
		return b
	}
	return append(b, v...)
}

// Fine for callee: check compares the text too, so it must be a string
// there (item instead).
func checked(b []byte, at time.Time) []byte {
	return check(b, at.Format(time.Kitchen)) // want `at\.Format\(time\.Kitchen\) allocates a string on every call: AppendFormat into a reused buffer where it is written`
}

// Fine for callee: the callee is in another package (item instead).
func upper(at time.Time) string {
	return strings.ToUpper(at.Format(time.Kitchen)) // want `at.Format\(time.Kitchen\) allocates a string on every call of upper`
}

// Fine: log lines and their fields are for people.
func logged(at time.Time, l *slog.Logger) {
	log.Printf("at %s", at.Format(time.RFC3339))
	l.Info("tick", slog.String("at", at.Format(time.RFC3339)))
	l.Info("tick at " + at.Format(time.RFC3339))
}

// stamped has a String method for people.
type stamped struct{ at time.Time }

// Fine: String builds text for people.
func (s stamped) String() string { return s.at.Format(time.RFC3339) }

// Fine: a constructor runs when the program is wired up.
func NewStamped(at time.Time) string { return at.Format(time.RFC3339Nano) }

// Fine: a layout that is not a constant is left alone.
func withLayout(at time.Time, layout string) string { return at.Format(layout) }

// apiError is an error with a message for the response.
type apiError struct{ Message string }

func (e apiError) Error() string { return e.Message }

// Fine: an error constructor; the time goes into the message of the
// failure (versitygw's SignatureDoesNotMatchExpired).
func expired(requestTime time.Time) apiError {
	var e apiError
	e.Message = "expired at " + requestTime.UTC().Format("20060102T150405Z")
	return e
}

type logger struct {
	Debugf func(format string, args ...any)
}

func (logger) Noticef(format string, args ...any) {}

// Fine: the text is kept in a variable that only a log line and an error
// use (nats-server's OCSP checks).
func validUntil(next time.Time, l logger) error {
	if next.Before(time.Now()) {
		t := next.Format(time.RFC3339Nano)
		l.Noticef("expired at %s", t)
		l.Debugf("expired at %s", t)
		return fmt.Errorf("expired at %s", t)
	}
	return nil
}

// The variable is also returned: item.
func until(next time.Time, l logger) string {
	t := next.Format(time.RFC3339Nano) // want `next\.Format\(time\.RFC3339Nano\) allocates a string on every call: AppendFormat into a reused buffer where it is written`
	l.Noticef("until %s", t)
	return t
}

// contentTime is a time encoded in the layout the AWS SDK expects
// (gofakes3's ContentTime).
type contentTime struct{ time.Time }

// MarshalXML runs per listed object: EncodeElement returns an error as
// its status, which does not make the text an error message.
func (c contentTime) MarshalXML(e *xml.Encoder, start xml.StartElement) error {
	s := c.UTC().Format("2006-01-02T15:04:05.999Z") // want `"2006-01-02T15:04:05\.999Z"\)? misses Format's RFC 3339 fast path`
	return e.EncodeElement(s, start)
}

// Fine: a function named for errors builds the error value.
func wrapErr(msg string) error { return fmt.Errorf("%s", msg) }

func failAt(at time.Time) error {
	return wrapErr(at.Format(time.RFC3339))
}
