package audit

import (
	"crypto/hmac"
	"crypto/sha256"
	"fmt"
	"net/http"
	"time"
)

// Near-misses of the cache of the current second: formatting that such a
// cache cannot replace, or that runs rarely. Those that still allocate a
// string per call are reported in category item, without a fix, for the
// scan's evidence to rank.

// Nanosecond digits change on every call: no cache applies, but the
// string is still made per call.
func auditStamp() string {
	return time.Now().Format(time.RFC3339Nano) // want `time\.Now\(\)\.Format\(time\.RFC3339Nano\) allocates a string: AppendFormat into a reused buffer where it is written`
}

// Fine: a constructor runs when the program is wired up.
func NewSession() string {
	return time.Now().Format(time.RFC3339)
}

var started = time.Now().Format(time.RFC3339) // fine: runs once

func init() {
	_ = time.Now().Format(time.Kitchen) // fine: runs once
}

// Fine: the text goes into an error, on the failure path.
func expired(deadline time.Time) error {
	if time.Now().After(deadline) {
		return fmt.Errorf("expired at %s", time.Now().Format(time.RFC3339))
	}
	return nil
}

// Fine: the layout is not a constant, so its resolution is unknown.
func withLayout(layout string) string {
	return time.Now().Format(layout)
}

// The location may change between calls, and a cache keyed by the second
// would mix zones: not category now, only item.
func inZone(loc *time.Location) string {
	return time.Now().In(loc).Format(time.RFC3339) // want `time\.Now\(\)\.In\(loc\)\.Format\(time\.RFC3339\) allocates a string: AppendFormat into a reused buffer where it is written`
}

// The variable is reassigned, so it is not known to hold the current
// time: not category now, only item.
func maybeNow(t time.Time) string {
	now := time.Now()
	if !t.IsZero() {
		now = t
	}
	return now.Format(time.RFC3339) // want `now\.Format\(time\.RFC3339\) allocates a string on every call: AppendFormat into a reused buffer where it is written`
}

type Object struct {
	Name    string
	Created time.Time
}

// Created is set to the current time when an object is made...
func create(name string) *Object {
	return &Object{Name: name, Created: time.Now()}
}

// ...and each listed object has its own: a cache of the current second
// does not apply to a listing, which is category item.
func list(objs []*Object) []string {
	var out []string
	for _, o := range objs {
		out = append(out, o.Created.Format(time.DateTime)) // want `o\.Created\.Format\(time\.DateTime\) allocates a string in a loop: AppendFormat into a reused buffer where it is written`
	}
	return out
}

type Token struct{ Issued time.Time }

// Fine: Issued is also set from a parameter, so it is not only the
// current time; and String builds text for people.
func issue(t time.Time) Token  { return Token{Issued: t} }
func renew() Token             { return Token{Issued: time.Now()} }
func (t Token) String() string { return t.Issued.Format(time.DateTime) }

type Window struct{ Start, End time.Time }

// End is set from another field, so it is not only the current time
// (and deciding so must not look at fields while it collects them): item.
func (w *Window) Close() string {
	w.End = w.Start
	return w.End.Format(time.DateTime) // want `w\.End\.Format\(time\.DateTime\) allocates a string on every call: AppendFormat into a reused buffer where it is written`
}

// SkewError is an error type with fields for the response.
type SkewError struct{ RequestTime, ServerTime string }

func (e SkewError) Error() string { return e.RequestTime + " " + e.ServerTime }

func skewErr(req, server string) SkewError { return SkewError{req, server} }

// Fine: the current time goes into an error value, on the failure path.
func validate(date time.Time) error {
	now := time.Now().UTC()
	if date.Sub(now) > 15*time.Minute {
		return skewErr(date.Format(time.RFC3339), now.Format(time.RFC3339))
	}
	return nil
}

// Fine: the date signs an outgoing request; the round trip costs far more.
func callIAM(url string) error {
	req, err := http.NewRequest("POST", url, nil)
	if err != nil {
		return err
	}
	req.Header.Set("X-Date", time.Now().UTC().Format("20060102T150405Z"))
	_, err = http.DefaultClient.Do(req)
	return err
}

// Fine: a client stamps the request it builds (the round trip follows in
// the caller).
func stampRequest(req *http.Request) *http.Request {
	req.Header.Set("X-Amz-Date", time.Now().UTC().Format("20060102T150405Z"))
	return req
}

// Fine: the date is an input of a request signature, computed next to
// several HMACs once per outgoing request or connection.
func challenge(secret []byte) string {
	date := time.Now().UTC().Format("20060102T150405Z")
	return date + ":" + signature(secret, date)
}

func signature(secret []byte, date string) string {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte(date))
	return string(m.Sum(nil))
}
