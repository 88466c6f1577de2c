package broker

import (
	"fmt"
	"io"
	"os"
	"strings"
)

// Token is a byte slice that prints itself redacted.
type Token []byte

func (Token) String() string { return "[redacted]" }

// Digest formats itself in hex.
type Digest []byte

func (d Digest) Format(f fmt.State, verb rune) { fmt.Fprintf(f, "%x", []byte(d)) }

func nearMisses(w io.Writer, sb *strings.Builder, b []byte, s string, id int, tok Token, d Digest, runes []rune) {
	fmt.Fprintf(w, "%s: %d\n", s, id)           // fine: a real format with several arguments
	fmt.Fprint(w, s)                            // fine: a string, no copy and no format to parse
	fmt.Fprintln(w, s)                          // fine: a string and a newline, no copy
	fmt.Fprintf(w, "%s\n", s)                   // fine: a string and a newline, no copy
	fmt.Fprint(w, b)                            // fine: prints the byte values, [1 2 3], not the bytes
	fmt.Fprintln(w, b)                          // fine: likewise
	fmt.Fprintf(w, "%v", b)                     // fine: %v prints the byte values
	fmt.Fprintf(w, "%x", b)                     // fine: hex encoding, not a plain write
	fmt.Fprintf(w, "%q", string(b))             // fine: quoting
	fmt.Fprintf(w, "%s", tok)                   // fine: %s calls Token.String
	fmt.Fprintf(w, "%s", d)                     // fine: Digest has a Format method
	fmt.Fprint(w, string(runes))                // fine: a conversion of runes, not of bytes
	fmt.Fprint(w, string(b), string(b))         // fine: several operands
	fmt.Fprintf(w, "%s%s", string(b), s)        // fine: several verbs
	fmt.Fprintf(os.Stderr, "%s\n\n", string(b)) // fine: another format
	fmt.Fprintf(os.Stderr, "%s", string(b))     // fine: standard error carries diagnostics
	fmt.Fprint(sb, s)                           // fine: a string into a builder
	format := "%s"
	fmt.Fprintf(w, format, string(b)) // fine: format not constant
	args := []any{string(b)}
	fmt.Fprint(w, args...) // fine: arguments unknown
}
