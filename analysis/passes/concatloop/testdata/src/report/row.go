package report

import (
	"strconv"
	"strings"
)

// Row is one result row.
type Row struct {
	Cells []string
}

// CSV renders r as one CSV line, quoting the cells that need it.
func (r *Row) CSV() string {
	var line string
	for i, c := range r.Cells {
		if i > 0 {
			line = line + "," // want `string line grows by line = line \+ … in a loop`
		}
		if strings.ContainsAny(c, ",\"\n") {
			line = line + strconv.Quote(c)
		} else {
			line = line + c
		}
	}
	return line
}

// Keys writes the values of m into sb and returns its keys, separated by
// spaces: the builder's name is taken.
func Keys(sb *strings.Builder, m map[string]string) string {
	keys := ""
	for k, v := range m {
		sb.WriteString(v)
		keys += k + " " // want `string keys grows by \+= in a loop`
	}
	return keys
}
