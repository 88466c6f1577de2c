// Package report builds the SQL statements, CSV lines, HTTP header values
// and log lines of a small reporting service.
package report

import (
	"sort"
	"strconv"
	"time"
)

// Filter is one column = value condition of a query.
type Filter struct {
	Column string
	Value  string
}

// Where renders the WHERE clause of filters with numbered placeholders.
func Where(filters []Filter) string {
	clause := ""
	for i, f := range filters {
		if i > 0 {
			clause += " AND " // want `string clause grows by \+= in a loop, copied whole each time: build it with a strings\.Builder`
		}
		clause += f.Column + " = $" + strconv.Itoa(i+1)
	}
	return clause
}

// Summary renders counts as "name: n" lines, sorted by name.
func Summary(counts map[string]int) string {
	names := make([]string, 0, len(counts))
	for name := range counts {
		names = append(names, name)
	}
	sort.Strings(names)
	var text string
	for _, name := range names {
		text = text + name + ": " + strconv.Itoa(counts[name]) + "\n" // want `string text grows by text = text \+ … in a loop`
	}
	return text
}

// LogLine renders an access-log line: a timestamp, the message and the
// key=value pairs of kv.
func LogLine(now time.Time, msg string, kv []string) string {
	line := now.UTC().Format(time.RFC3339) + " " + msg
	for i := 0; i+1 < len(kv); i += 2 {
		line += " " + kv[i] + "=" + kv[i+1] // want `string line grows by \+= in a loop`
	}
	return line
}

// EscapeLike escapes the wildcards of a LIKE pattern.
func EscapeLike(pattern string) string {
	out := ""
	for _, r := range pattern {
		if r == '%' || r == '_' || r == '\\' {
			out += `\` // want `string out grows by \+= in a loop`
		}
		out += string(r)
	}
	return out
}

// HeaderToken keeps the token characters of a header field name.
func HeaderToken(name string) string {
	var tok string
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c == '-' || '0' <= c && c <= '9' || 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' {
			tok += string(c) // want `string tok grows by \+= in a loop`
		} else {
			tok += string('_')
		}
	}
	return tok
}

// Table renders rows as tab-separated lines.
func Table(rows [][]string) string {
	out := ""
	for _, row := range rows {
		for j, cell := range row {
			if j > 0 {
				out += "\t" // want `string out grows by \+= in a loop`
			}
			out += cell
		}
		out += "\n"
	}
	return out
}

// Lines renders each row as one semicolon-terminated line.
func Lines(rows [][]string) []string {
	var lines []string
	for _, row := range rows {
		line := ""
		for _, cell := range row {
			line += cell + ";" // want `string line grows by \+= in a loop`
		}
		lines = append(lines, line)
	}
	return lines
}
