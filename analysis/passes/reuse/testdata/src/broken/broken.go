// Package broken does not type-check: Record comes from a package that is
// missing. The check must still run, not panic, and not report a buffer
// whose fate it cannot see.
package broken

import (
	"bytes"
	"io"
	"strings"

	"example.com/missing/store"
)

// Known types still flow as usual.
func render(w io.Writer, r store.Record) {
	var buf bytes.Buffer // want `bytes\.Buffer in render is written and dropped per call: reuse one from a sync\.Pool or the caller`
	buf.WriteString(r.Name)
	buf.WriteString("\n")
	w.Write(buf.Bytes())
}

// Fine: passed to a function of the missing package, which may keep it.
func save(r store.Record) {
	var buf bytes.Buffer
	buf.WriteString(r.Name)
	store.Put(&buf)
}

// Fine: the bytes go into a value of invalid type.
func attach(r *store.Record, name string) {
	var buf bytes.Buffer
	buf.WriteString(name)
	r.Raw = buf.Bytes()
}

// Fine: the builder's text reaches a call of an undeclared function.
func label(parts []string) {
	var sb strings.Builder
	for _, p := range parts {
		sb.WriteString(p)
	}
	undeclared(sb.String())
}

// Fine: the slice is stored through an expression of invalid type.
func frame(r store.Record, body []byte) {
	b := make([]byte, 0, len(body)+4)
	b = append(b, body...)
	r.Frames[0] = b
}

var sink any

// Fine: a value of invalid type derived from the buffer may hold it, and
// it goes to a package variable.
func ranged(name string) {
	var buf bytes.Buffer
	buf.WriteString(name)
	var v any = &buf
	for _, part := range v.(store.Parts) {
		sink = part
	}
}
