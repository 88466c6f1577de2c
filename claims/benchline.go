package claims

import (
	"strconv"
	"strings"

	"golang.org/x/perf/benchfmt"
)

// A benchRow is a benchmark result written in a report: a line of go
// test -bench output, or a row of a hand-made benchmark table in a code
// block ("BenchmarkX   4,039   1,456   37   baseline").
type benchRow struct {
	line   int    // 0-based index of the report line
	name   string // without "Benchmark" and the GOMAXPROCS suffix
	values []Number
	// rest is the text after the values ("40.7% faster"), to be read
	// for claims; restOff is its offset in the line.
	rest     string
	restOff  int
	baseline bool // rest marks the row as the baseline of its table
	benchfmt bool // the line is valid Go benchmark format
	block    int  // the fence or paragraph the row is in
	// iters is the iteration count go test printed (b.N of the run), 0
	// when the row has none.
	iters int
}

// value returns the row's figure for quantity q.
func (r *benchRow) value(q Quantity) (Number, bool) {
	for _, v := range r.values {
		if canonical(v.Quantity) == canonical(q) {
			return v, true
		}
	}
	return Number{}, false
}

// benchHeader returns the column units of a benchmark table header line
// such as "Benchmark   ns/op   B/op   allocs/op   Improvement": the
// fields after "Benchmark", "" for those that are not units.
func benchHeader(s string) ([]string, bool) {
	f := strings.Fields(s)
	if len(f) < 2 || f[0] != "Benchmark" && f[0] != "Benchmarks" && f[0] != "benchmark" && f[0] != "name" {
		return nil, false
	}
	cols := make([]string, len(f)-1)
	n := 0
	for i, w := range f[1:] {
		if u, end, ok := matchUnit(w, 0); ok && end == len(w) && u.norm != "x" && u.norm != "%" {
			cols[i] = w
			n++
		}
	}
	return cols, n > 0
}

// parseBenchLine parses s as a benchmark result. It tries the Go
// benchmark format first (golang.org/x/perf/benchfmt: name, iterations,
// value-unit pairs), then forms people paste into reports: without the
// iteration count, with thousands separators, with values whose units
// come from a header line (cols), followed by free text.
func parseBenchLine(s string, cols []string) (benchRow, bool) {
	t := strings.TrimSpace(s)
	lead := len(s) - len(strings.TrimLeft(s, " \t"))
	if !strings.HasPrefix(t, "Benchmark") || len(t) == len("Benchmark") {
		return benchRow{}, false
	}
	if c := t[len("Benchmark")]; !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
		return benchRow{}, false
	}
	if r, ok := parseBenchfmt(t); ok {
		return r, true
	}
	fields, offs := fieldsWithOffsets(t)
	row := benchRow{name: normName(fields[0])}
	i := 1
	if len(cols) == 0 && len(fields) >= 4 && isInt(fields[1]) && isNumeric(fields[2]) && isUnitField(fields[3]) {
		i = 2 // iteration count
		row.iters, _ = strconv.Atoi(fields[1])
	}
	col := 0
	for i < len(fields) {
		v, text, step, ok := numberField(fields[i])
		if !ok {
			break
		}
		unit := ""
		if len(cols) > 0 {
			for col < len(cols) && cols[col] == "" {
				col++
			}
			if col >= len(cols) {
				break
			}
			unit = cols[col]
			col++
			i++
		} else if i+1 < len(fields) && isUnitField(fields[i+1]) {
			unit = fields[i+1]
			i += 2
		} else {
			break
		}
		row.values = append(row.values, makeNumber(v, text, step, unit))
	}
	if len(row.values) == 0 {
		return benchRow{}, false
	}
	if i < len(fields) {
		row.restOff = lead + offs[i]
		row.rest = t[offs[i]:]
	}
	row.baseline = strings.Contains(strings.ToLower(row.rest), "baseline")
	return row, true
}

// parseBenchfmt parses t with benchfmt and accepts it when every unit
// looks like one (contains a letter), so that a hand-made table row whose
// first column happens to be an integer is not read as iterations.
func parseBenchfmt(t string) (benchRow, bool) {
	r := benchfmt.NewReader(strings.NewReader(t), "report")
	if !r.Scan() {
		return benchRow{}, false
	}
	res, ok := r.Result().(*benchfmt.Result)
	if !ok || len(res.Values) == 0 {
		return benchRow{}, false
	}
	fields, _ := fieldsWithOffsets(t)
	if len(fields) != 2+2*len(res.Values) {
		return benchRow{}, false
	}
	row := benchRow{name: normName("Benchmark" + string(res.Name.Full())), benchfmt: true, iters: res.Iters}
	for k, v := range res.Values {
		unit, val := v.Unit, v.Value
		if v.OrigUnit != "" {
			unit, val = v.OrigUnit, v.OrigValue
		}
		if !strings.ContainsFunc(unit, func(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' }) {
			return benchRow{}, false
		}
		text := fields[2+2*k]
		_, _, step, ok := numberField(text)
		if !ok {
			step = 1
		}
		row.values = append(row.values, makeNumber(val, text, step, unit))
	}
	return row, true
}

// makeNumber builds the Number of a benchmark value in unit.
func makeNumber(v float64, text string, step float64, unit string) Number {
	n := Number{Text: text, Value: v, High: v, Unit: unit, step: step, scale: 1}
	if u, end, ok := matchUnit(unit, 0); ok && end == len(unit) {
		n.Unit, n.Quantity, n.scale = u.norm, u.q, u.scale
	} else {
		n.Quantity = Other
	}
	return n
}

func fieldsWithOffsets(s string) (fields []string, offs []int) {
	for i := 0; i < len(s); {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		if i >= len(s) {
			break
		}
		j := i
		for j < len(s) && s[j] != ' ' && s[j] != '\t' {
			j++
		}
		fields = append(fields, s[i:j])
		offs = append(offs, i)
		i = j
	}
	return fields, offs
}

// numberField parses a whole field as a number, allowing thousands
// separators.
func numberField(f string) (v float64, text string, step float64, ok bool) {
	v, text, step, end, ok := scanNumber(f, 0)
	if !ok || end != len(f) {
		return 0, "", 0, false
	}
	return v, text, step, true
}

func isNumeric(f string) bool { _, _, _, ok := numberField(f); return ok }

func isInt(f string) bool {
	_, err := strconv.Atoi(f)
	return err == nil
}

// isUnitField reports whether f is a benchmark unit: a known unit or a
// custom metric with a slash ("hits/op").
func isUnitField(f string) bool {
	if u, end, ok := matchUnit(f, 0); ok && end == len(f) && u.norm != "x" && u.norm != "%" {
		return true
	}
	return strings.Contains(f, "/") && !isNumeric(f) && strings.ContainsFunc(f, func(r rune) bool { return r >= 'a' && r <= 'z' })
}
