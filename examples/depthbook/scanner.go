package depthbook

import (
	"strconv"
	"sync"
	"unsafe"
)

// SyntaxError is a depth-update message the scanner cannot parse.
type SyntaxError struct {
	Offset int // byte offset of the error in the message, 0-based
	Msg    string
}

func (e *SyntaxError) Error() string {
	return "parsing depth update: offset " + strconv.Itoa(e.Offset) + ": " + e.Msg
}

// span is the byte range buf[start:end] of a scanner's buffer.
type span struct{ start, end int }

// scanner parses depth-update messages without reflection. parse copies
// the message into the scanner's own buffer, so that the caller may reuse
// its read buffer at once, and records where each field lies in it. The
// spans are valid until the next parse: a view of buf taken from a
// scanner must not outlive the scanner's return to scannerPool.
//
// It accepts JSON objects with the fields of DepthUpdate (other fields are
// skipped); strings must not contain escape sequences, which depth updates
// never send.
type scanner struct {
	buf                    []byte
	pos                    int
	event, symbol          span
	eventTime, first, last int64
	bids, asks             [][2]span
}

// scannerPool recycles scanners, with their buffers and level storage.
var scannerPool = sync.Pool{New: func() any { return new(scanner) }}

// bytes returns the view buf[sp.start:sp.end].
func (s *scanner) bytes(sp span) []byte { return s.buf[sp.start:sp.end] }

// maxDepth bounds the nesting of the values parse skips.
const maxDepth = 32

// parse scans data, replacing the fields of s.
func (s *scanner) parse(data []byte) error {
	s.buf = append(s.buf[:0], data...)
	s.pos = 0
	s.event, s.symbol = span{}, span{}
	s.eventTime, s.first, s.last = 0, 0, 0
	s.bids, s.asks = s.bids[:0], s.asks[:0]
	s.space()
	if !s.consume('{') {
		return s.errorf("want '{'")
	}
	s.space()
	if !s.consume('}') {
		for {
			key, err := s.str()
			if err != nil {
				return err
			}
			s.space()
			if !s.consume(':') {
				return s.errorf("want ':'")
			}
			s.space()
			switch string(s.bytes(key)) {
			case "e":
				s.event, err = s.str()
			case "E":
				s.eventTime, err = s.integer()
			case "s":
				s.symbol, err = s.str()
			case "U":
				s.first, err = s.integer()
			case "u":
				s.last, err = s.integer()
			case "b":
				s.bids, err = s.levels(s.bids[:0])
			case "a":
				s.asks, err = s.levels(s.asks[:0])
			default:
				err = s.skip(0)
			}
			if err != nil {
				return err
			}
			s.space()
			if s.consume(',') {
				s.space()
				continue
			}
			if s.consume('}') {
				break
			}
			return s.errorf("want ',' or '}'")
		}
	}
	s.space()
	if s.pos != len(s.buf) {
		return s.errorf("data after the message")
	}
	return nil
}

func (s *scanner) errorf(msg string) error {
	return &SyntaxError{Offset: s.pos, Msg: msg}
}

func (s *scanner) space() {
	for s.pos < len(s.buf) {
		switch s.buf[s.pos] {
		case ' ', '\t', '\n', '\r':
			s.pos++
		default:
			return
		}
	}
}

// consume advances past c if it is the next byte.
func (s *scanner) consume(c byte) bool {
	if s.pos < len(s.buf) && s.buf[s.pos] == c {
		s.pos++
		return true
	}
	return false
}

// str scans a string and returns the span of its contents.
func (s *scanner) str() (span, error) {
	if !s.consume('"') {
		return span{}, s.errorf("want string")
	}
	start := s.pos
	for s.pos < len(s.buf) {
		switch c := s.buf[s.pos]; {
		case c == '"':
			s.pos++
			return span{start, s.pos - 1}, nil
		case c == '\\':
			return span{}, s.errorf("escape sequences are not supported")
		case c < 0x20:
			return span{}, s.errorf("control character in string")
		}
		s.pos++
	}
	return span{}, s.errorf("unterminated string")
}

// integer scans an integer that fits in an int64.
func (s *scanner) integer() (int64, error) {
	start := s.pos
	neg := s.consume('-')
	var v int64
	digits := 0
	for s.pos < len(s.buf) && '0' <= s.buf[s.pos] && s.buf[s.pos] <= '9' {
		d := int64(s.buf[s.pos] - '0')
		if v > (1<<63-1-d)/10 {
			s.pos = start
			return 0, s.errorf("integer out of range")
		}
		v = v*10 + d
		digits++
		s.pos++
	}
	if digits == 0 || (digits > 1 && s.buf[start] == '0') || (neg && digits > 1 && s.buf[start+1] == '0') {
		s.pos = start
		return 0, s.errorf("want integer")
	}
	if s.pos < len(s.buf) {
		switch s.buf[s.pos] {
		case '.', 'e', 'E':
			return 0, s.errorf("want integer")
		}
	}
	if neg {
		v = -v
	}
	return v, nil
}

// levels scans an array of [price, quantity] string pairs, appending
// their spans to dst.
func (s *scanner) levels(dst [][2]span) ([][2]span, error) {
	if !s.consume('[') {
		return dst, s.errorf("want '['")
	}
	s.space()
	if s.consume(']') {
		return dst, nil
	}
	for {
		if !s.consume('[') {
			return dst, s.errorf("want '[' of a level")
		}
		s.space()
		price, err := s.str()
		if err != nil {
			return dst, err
		}
		s.space()
		if !s.consume(',') {
			return dst, s.errorf("want ',' in a level")
		}
		s.space()
		qty, err := s.str()
		if err != nil {
			return dst, err
		}
		s.space()
		if !s.consume(']') {
			return dst, s.errorf("want ']' of a level")
		}
		dst = append(dst, [2]span{price, qty})
		s.space()
		if s.consume(',') {
			s.space()
			continue
		}
		if s.consume(']') {
			return dst, nil
		}
		return dst, s.errorf("want ',' or ']'")
	}
}

// skip scans any JSON value at nesting depth.
func (s *scanner) skip(depth int) error {
	if depth > maxDepth {
		return s.errorf("value nested too deeply")
	}
	if s.pos >= len(s.buf) {
		return s.errorf("want value")
	}
	switch c := s.buf[s.pos]; {
	case c == '"':
		_, err := s.str()
		return err
	case c == '{', c == '[':
		end := byte('}')
		if c == '[' {
			end = ']'
		}
		s.pos++
		s.space()
		if s.consume(end) {
			return nil
		}
		for {
			if c == '{' {
				if _, err := s.str(); err != nil {
					return err
				}
				s.space()
				if !s.consume(':') {
					return s.errorf("want ':'")
				}
				s.space()
			}
			if err := s.skip(depth + 1); err != nil {
				return err
			}
			s.space()
			if s.consume(',') {
				s.space()
				continue
			}
			if s.consume(end) {
				return nil
			}
			return s.errorf("want ',' or '" + string(end) + "'")
		}
	case c == '-' || '0' <= c && c <= '9':
		start := s.pos
		for s.pos < len(s.buf) && isNumberByte(s.buf[s.pos]) {
			s.pos++
		}
		if _, err := strconv.ParseFloat(string(s.buf[start:s.pos]), 64); err != nil {
			s.pos = start
			return s.errorf("invalid number")
		}
		return nil
	default:
		for _, lit := range [...]string{"true", "false", "null"} {
			if len(s.buf)-s.pos >= len(lit) && string(s.buf[s.pos:s.pos+len(lit)]) == lit {
				s.pos += len(lit)
				return nil
			}
		}
		return s.errorf("want value")
	}
}

func isNumberByte(c byte) bool {
	return '0' <= c && c <= '9' || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E'
}

// unsafeString returns a string that shares b's memory: no copy, and no
// protection either. The string changes when b's bytes do.
func unsafeString(b []byte) string {
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// ParseUpdateZeroCopy parses a depth-update message with a pooled scanner
// and no string copies: every string of the result points into the
// scanner's buffer.
//
// It is wrong, and kept to show how: the deferred Put returns the scanner
// to scannerPool before the caller reads the result, and the next parse
// (in any goroutine) that gets the same scanner overwrites its buffer, so
// the Symbol, prices and quantities of an update already returned change
// under the caller. TestPooledParserAliasesBuffer shows it. Use
// ParseUpdatePooled.
func ParseUpdateZeroCopy(data []byte) (*DepthUpdate, error) {
	s := scannerPool.Get().(*scanner)
	defer scannerPool.Put(s)
	if err := s.parse(data); err != nil {
		return nil, err
	}
	u := &DepthUpdate{
		Event:     unsafeString(s.bytes(s.event)),
		EventTime: s.eventTime,
		Symbol:    unsafeString(s.bytes(s.symbol)),
		FirstID:   s.first,
		LastID:    s.last,
		Bids:      make([][2]string, len(s.bids)),
		Asks:      make([][2]string, len(s.asks)),
	}
	for i, l := range s.bids {
		u.Bids[i] = [2]string{unsafeString(s.bytes(l[0])), unsafeString(s.bytes(l[1]))}
	}
	for i, l := range s.asks {
		u.Asks[i] = [2]string{unsafeString(s.bytes(l[0])), unsafeString(s.bytes(l[1]))}
	}
	return u, nil
}

// ParseUpdatePooled parses a depth-update message with a pooled scanner.
// The result owns its memory: the message is copied once into a string,
// and every string of the result is a substring of that copy, which stays
// valid after the scanner goes back to the pool. It allocates that string
// and the update with its two level slices, where ParseUpdate allocates
// a string per field.
func ParseUpdatePooled(data []byte) (*DepthUpdate, error) {
	s := scannerPool.Get().(*scanner)
	defer scannerPool.Put(s)
	if err := s.parse(data); err != nil {
		return nil, err
	}
	msg := string(s.buf)
	sub := func(sp span) string { return msg[sp.start:sp.end] }
	u := &DepthUpdate{
		Event:     sub(s.event),
		EventTime: s.eventTime,
		Symbol:    sub(s.symbol),
		FirstID:   s.first,
		LastID:    s.last,
		Bids:      make([][2]string, len(s.bids)),
		Asks:      make([][2]string, len(s.asks)),
	}
	for i, l := range s.bids {
		u.Bids[i] = [2]string{sub(l[0]), sub(l[1])}
	}
	for i, l := range s.asks {
		u.Asks[i] = [2]string{sub(l[0]), sub(l[1])}
	}
	return u, nil
}
