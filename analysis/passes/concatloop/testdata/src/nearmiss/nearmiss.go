// Package nearmiss holds string concatenations in loops that do not grow
// a string across iterations, or that run too rarely to matter.
package nearmiss

import "strings"

// Entry is a log entry.
type Entry struct {
	Level, Msg string
	Fields     []string
}

// Format renders each entry on its own line.
func Format(entries []Entry, emit func(string)) {
	for _, e := range entries {
		line := "[" + e.Level + "] " // fine: declared in the loop, started afresh each iteration
		line += e.Msg
		emit(line)
	}
}

// FormatReuse reuses one variable, reset at the top of each iteration.
func FormatReuse(entries []Entry, emit func(string)) {
	var line string
	for _, e := range entries {
		line = "[" + e.Level + "] "
		line += e.Msg // fine: reset by the unconditional assignment above
		emit(line)
	}
}

// Wrap fills lines of at most width bytes.
func Wrap(words []string, width int) []string {
	var lines []string
	line := ""
	for _, w := range words {
		if line != "" && len(line)+1+len(w) > width {
			lines = append(lines, line)
			line = "" // flushed: line never exceeds width
		}
		if line != "" {
			line += " " // fine: bounded by width, reset after the flush above
		}
		line += w
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// Key builds a cache key from three parts.
func Key(host, path, query string) string {
	k := ""
	for _, p := range []string{host, path, query} {
		k += p + "|" // fine: three iterations
	}
	return k
}

// Pad zero-pads a two-digit field.
func Pad(s string) string {
	for i := 0; i < 2; i++ {
		s = "0" + s // fine: two iterations
	}
	return s
}

// PadTo left-pads s with zeros to width.
func PadTo(s string, width int) string {
	for len(s) < width {
		s = "0" + s // fine: the condition reads s, which counts up to width
	}
	return s
}

// Fence returns a backtick fence longer than any run in text.
func Fence(text string) string {
	open, fence := "<pre>`", "`"
	for strings.Contains(text, fence) {
		open += "`"  // fine: grows with fence, which the condition reads
		fence += "`" // fine: the condition reads fence; a few iterations
	}
	return open + text + fence
}

// Quad joins the four parts of an address.
func Quad(parts [4]string) string {
	s := ""
	for _, p := range parts {
		s += p + "." // fine: an array of four
	}
	return s
}

// First returns the first field with a prefix, tagged.
func First(fields []string, prefix string) string {
	tag := "field:"
	for _, f := range fields {
		if strings.HasPrefix(f, prefix) {
			tag += f // fine: leaves the loop right after
			break
		}
	}
	return tag
}

// Find returns the matching field, tagged.
func Find(fields []string, want string) string {
	tag := "found:"
	for _, f := range fields {
		if f == want {
			tag += f // fine: returned right after
			return tag
		}
	}
	return ""
}

// Counts adds numbers, not strings.
func Counts(ns []int) int {
	total := 0
	for _, n := range ns {
		total += n // fine: an int
	}
	return total
}

// Last keeps the last value: s = a + b does not read s.
func Last(entries []Entry) string {
	s := ""
	for _, e := range entries {
		s = e.Level + e.Msg // fine: sets s afresh
	}
	return s
}

// Buffer is a struct field that grows.
type Buffer struct{ text string }

// Add appends to a field.
func (b *Buffer) Add(parts []string) {
	for _, p := range parts {
		b.text += p // fine: a struct field, not a variable: out of this check's scope
	}
}

// table is built once, when the package is initialised.
var table = buildTable()

func buildTable() string {
	t := ""
	for c := 'a'; c <= 'z'; c++ {
		t += string(c) // fine: runs once, for the package-level variable
	}
	return t
}

var alphabet string

func init() {
	for c := 'A'; c <= 'Z'; c++ {
		alphabet += string(c) // fine: init runs once (and alphabet is package-level)
	}
}

const debug = false

// Dump prints entries in debug builds.
func Dump(entries []Entry) string {
	s := ""
	if debug {
		for _, e := range entries {
			s += e.Msg // fine: dead code
		}
	}
	return s
}

// Callback concatenates in a function literal that the loop only
// declares.
func Callback(entries []Entry) []func() string {
	var fs []func() string
	for _, e := range entries {
		fs = append(fs, func() string {
			s := e.Level
			s += e.Msg // fine: declared in the literal, once per call
			return s
		})
	}
	return fs
}
