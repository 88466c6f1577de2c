// Package fixengine builds messages of a FIX-like protocol: a three-digit
// checksum and a two-digit time per message sent.
package fixengine

import (
	"fmt"
	"net/http"
)

type Message struct {
	body     []byte
	Checksum string
	Stamp    string
}

// formatCheckSum runs per message sent.
func formatCheckSum(sum int) string {
	return fmt.Sprintf("%03d", sum) // want `fmt.Sprintf with a zero-padded number: format it with strconv, pad with zeros to the width \("000"\[:w-len\(s\)\] \+ s\)`
}

func (m *Message) cook(h, min int) {
	total := 0
	for _, b := range m.body {
		total += int(b)
	}
	m.Checksum = formatCheckSum(total % 256)
	m.Stamp = fmt.Sprintf("%02d:%02d", h, min) // want `fmt.Sprintf with a zero-padded number`
}

func escape(w http.ResponseWriter, r rune) {
	w.Write([]byte(fmt.Sprintf("\\u%04x", r))) // want `fmt.Sprintf with a zero-padded number`
}

func upper(w http.ResponseWriter, id uint64) {
	w.Header().Set("X-Id", fmt.Sprintf("%X", id)) // want `fmt.Sprintf with %X of a number: format it with strconv.FormatInt\(x, 16\) or AppendInt and upper-case the digits`
}

type Level int

func (l Level) String() string { return "debug" }

// fmt calls a String method only for the verbs of strings (%v, %s, %x,
// %X, %q): %02d of a Stringer prints the number.
func nearMisses(w http.ResponseWriter, n int, f float64, b []byte, s string, l Level) {
	w.Header().Set("A", fmt.Sprintf("%-3d", n))   // fine: left-justified, a flag
	w.Header().Set("B", fmt.Sprintf("%3d", n))    // fine: padded with spaces
	w.Header().Set("C", fmt.Sprintf("%08.3f", f)) // fine: a padded float
	w.Header().Set("D", fmt.Sprintf("%02x", b))   // fine: a byte slice, not a number
	w.Header().Set("E", fmt.Sprintf("%X", s))     // fine: hex of a string
	w.Header().Set("F", fmt.Sprintf("%02d", l))   // want `zero-padded number`
	w.Header().Set("I", fmt.Sprintf("%X", l))     // fine: %X of a Stringer hex-encodes its String
	w.Header().Set("G", fmt.Sprintf("%0100d", n)) // fine: a width of three digits
	w.Header().Set("H", fmt.Sprintf("%+03d", n))  // fine: a sign flag
}
