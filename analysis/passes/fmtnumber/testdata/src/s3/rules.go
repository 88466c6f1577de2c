package s3

import (
	"fmt"
	"net/http"
)

type parser struct {
	line int
	err  error
}

// errorf records a parse error: its formatting is for people.
func (p *parser) errorf(format string, args ...any) {
	p.err = fmt.Errorf("line %s: "+format, append([]any{fmt.Sprintf("%d", p.line)}, args...)...) // fine: function named for errors
}

// describePart is called only to build error messages.
func describePart(n int) string {
	return fmt.Sprintf("%d", n) // fine: its only call is an argument of fmt.Errorf
}

func checkPart(n, max int) error {
	if n > max {
		return fmt.Errorf("part %s out of range", describePart(n))
	}
	return nil
}

func (p *parser) parseRange(h http.Header, start, end int64) {
	if start > end {
		s := fmt.Sprintf("%d", start) // fine: the block ends by calling p.errorf
		p.errorf("bad range start %s", s)
	}
	h.Set("Range", fmt.Sprintf("%d", start)) // want `fmt\.Sprintf of one integer: use strconv\.FormatInt`
}

// mustSize ends in a panic: every statement of it is on the error path.
func mustSize(n int64) {
	s := fmt.Sprintf("%d", n) // fine: the function ends by panicking
	panic("bad size " + s)
}

// badRequest builds an error and has no other way out.
func badRequest(code int) error {
	text := fmt.Sprintf("%d", code) // fine: the function only returns a new error
	return &Error{Code: text, Message: "bad request"}
}

// rangeLabel is short formatting with no sign of heat: called once, at
// registration.
func rangeLabel(start, end int64) string {
	return fmt.Sprintf("%d-%d", start, end) // fine: no loop, no output sink, no hot caller
}

var labels = map[string]bool{}

func Register(start, end int64) {
	labels[rangeLabel(start, end)] = true
}

var regionNames = []string{"us-east-1", "eu-west-1"}

// regionName names a region; the formatting is a fallback for unknown ids.
func regionName(id int) string {
	if id >= 0 && id < len(regionNames) {
		return regionNames[id]
	}
	return fmt.Sprintf("region-%d", id) // fine: a fallback of a function with other returns
}

func setRegion(h http.Header, id int) {
	h.Set("X-Amz-Region", regionName(id))
}

// serveRange answers a ranged GET.
func serveRange(w http.ResponseWriter, size int64, err error) {
	switch err {
	case nil:
	case errNoOverlap:
		w.Header().Set("Content-Range", fmt.Sprintf("bytes */%d", size)) // fine: falls through to an error response
		fallthrough
	default:
		writeError(w, err, http.StatusRequestedRangeNotSatisfiable)
		return
	}
}

var errNoOverlap = &Error{Code: "InvalidRange"}

func writeError(w http.ResponseWriter, err error, code int) {
	http.Error(w, err.Error(), code)
}
