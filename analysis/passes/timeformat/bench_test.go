package timeformat_test

import (
	"encoding/xml"
	"io"
	"sync/atomic"
	"testing"
	"time"
)

// The benchmarks measure the rewrites the check proposes, as before/after
// pairs for `perfproof compare -variants before,after`:
//
//	go run ./cmd/perfproof compare -variants before,after -count 20 ./analysis/passes/timeformat

var sink string
var sinkBytes []byte

// stamp is one formatted second.
type stamp struct {
	sec int64
	s   string
}

// secondCache keeps the last formatted second: a layout without
// fractional seconds gives the same text for every time in one second.
type secondCache struct {
	layout string
	last   atomic.Pointer[stamp]
}

func (c *secondCache) format(now time.Time) string {
	sec := now.Unix()
	if p := c.last.Load(); p != nil && p.sec == sec {
		return p.s
	}
	s := now.Format(c.layout)
	c.last.Store(&stamp{sec: sec, s: s})
	return s
}

// BenchmarkNow formats the current time per call, as an audit log or an
// event record does per request, and reads it from a one-entry cache
// keyed by the Unix second.
func BenchmarkNow(b *testing.B) {
	for _, l := range []struct{ name, layout string }{
		{"RFC3339", time.RFC3339},
		{"GinLogger", "2006/01/02 - 15:04:05"},
		{"HTTP", "Mon, 02 Jan 2006 15:04:05 GMT"},
	} {
		b.Run(l.name+"/before", func(b *testing.B) {
			for b.Loop() {
				sink = time.Now().Format(l.layout)
			}
		})
		b.Run(l.name+"/after", func(b *testing.B) {
			c := &secondCache{layout: l.layout}
			for b.Loop() {
				sink = c.format(time.Now())
			}
		})
	}
}

var objTime = time.Date(2026, 11, 26, 16, 55, 3, 123456789, time.UTC)

// BenchmarkAppend appends a formatted time to a reused buffer, as a
// hand-written encoder or log line does per record: append of Format's
// string versus AppendFormat into the buffer.
func BenchmarkAppend(b *testing.B) {
	for _, l := range []struct{ name, layout string }{
		{"RFC3339", time.RFC3339},
		{"RFC3339Nano", time.RFC3339Nano},
		{"HTTP", "Mon, 02 Jan 2006 15:04:05 GMT"},
	} {
		b.Run(l.name+"/before", func(b *testing.B) {
			buf := make([]byte, 0, 64)
			for b.Loop() {
				buf = append(buf[:0], objTime.Format(l.layout)...)
			}
			sinkBytes = buf
		})
		b.Run(l.name+"/after", func(b *testing.B) {
			buf := make([]byte, 0, 64)
			for b.Loop() {
				buf = objTime.AppendFormat(buf[:0], l.layout)
			}
			sinkBytes = buf
		})
	}
}

// BenchmarkXMLElement writes one time element of a listing with an
// xml.Encoder, as a MarshalXML method does per listed object: Format and
// EncodeElement of the string, versus AppendFormat into a stack buffer
// written as character data between the start and end tokens.
func BenchmarkXMLElement(b *testing.B) {
	const layout = "2006-01-02T15:04:05.999Z"
	start := xml.StartElement{Name: xml.Name{Local: "LastModified"}}
	b.Run("before", func(b *testing.B) {
		e := xml.NewEncoder(io.Discard)
		for b.Loop() {
			if err := e.EncodeElement(objTime.UTC().Format(layout), start); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("after", func(b *testing.B) {
		e := xml.NewEncoder(io.Discard)
		for b.Loop() {
			var buf [64]byte
			if err := e.EncodeToken(start); err != nil {
				b.Fatal(err)
			}
			if err := e.EncodeToken(xml.CharData(objTime.UTC().AppendFormat(buf[:0], layout))); err != nil {
				b.Fatal(err)
			}
			if err := e.EncodeToken(start.End()); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkSpelling formats a listed object's time in UTC with a layout
// that spells RFC 3339 other than as the package's constants (S3 servers'
// "2006-01-02T15:04:05.999Z"), which Format walks chunk by chunk, versus
// the rewrite that writes the same text on Format's RFC 3339 fast path.
func BenchmarkSpelling(b *testing.B) {
	times := make([]time.Time, 1024)
	for i := range times {
		times[i] = objTime.Add(time.Duration(i) * 1234567 * time.Microsecond)
	}
	b.Run("Millis/before", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			sink = times[i%len(times)].UTC().Format("2006-01-02T15:04:05.999Z")
		}
	})
	b.Run("Millis/after", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			sink = times[i%len(times)].UTC().Truncate(time.Millisecond).Format(time.RFC3339Nano)
		}
	})
	b.Run("Seconds/before", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			sink = times[i%len(times)].UTC().Format("2006-01-02T15:04:05Z")
		}
	})
	b.Run("Seconds/after", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			sink = times[i%len(times)].UTC().Format(time.RFC3339)
		}
	})
}
