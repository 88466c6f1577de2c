package a

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"os"
	"strings"
)

type Message struct {
	ID     int             `json:"id"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
}

// readMessages decodes one JSON message per line: Unmarshal copies what it
// keeps, so the scanner's buffer can be used directly.
func readMessages(r io.Reader) ([]Message, error) {
	var msgs []Message
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		var m Message
		if err := json.Unmarshal([]byte(sc.Text()), &m); err != nil { // want `\[\]byte\(sc\.Text\(\)\) copies each token twice: use sc\.Bytes\(\), cloned if kept past the next Scan`
			return nil, err
		}
		msgs = append(msgs, m)
	}
	return msgs, sc.Err()
}

type relay struct {
	in  *bufio.Scanner
	out io.Writer
}

// forward copies the lines that are not comments; the bytes go to a Writer,
// which must not keep them, and through a local variable.
func (r *relay) forward() error {
	for r.in.Scan() {
		line := []byte(r.in.Text()) // want `\[\]byte\(r.in.Text\(\)\) copies each token twice`
		if bytes.HasPrefix(line, []byte("#")) || len(line) == 0 {
			continue
		}
		if _, err := r.out.Write(line); err != nil {
			return err
		}
	}
	return r.in.Err()
}

// countFields uses the bytes through a re-slice and a string conversion.
func countFields(sc *bufio.Scanner) map[string]int {
	counts := make(map[string]int)
	for sc.Scan() {
		b := []byte((sc.Text())) // want `copies each token twice`
		if i := bytes.IndexByte(b, '='); i > 0 {
			counts[string(b[:i])]++
		}
	}
	return counts
}

// collect keeps every line: the slice outlives the iteration, so only the
// clone form is correct and no fix is offered.
func collect(sc *bufio.Scanner) [][]byte {
	var lines [][]byte
	for sc.Scan() {
		lines = append(lines, []byte(sc.Text())) // want `\[\]byte\(sc\.Text\(\)\) copies each token twice and the slice outlives the iteration: use bytes\.Clone\(sc\.Bytes\(\)\) to copy once`
	}
	return lines
}

type record struct{ raw []byte }

func records(sc *bufio.Scanner, out chan<- record) {
	for sc.Scan() {
		raw := []byte(sc.Text()) // want `\[\]byte\(sc\.Text\(\)\) copies each token twice and the slice outlives the iteration: use bytes\.Clone\(sc\.Bytes\(\)\) to copy once`
		out <- record{raw: raw}
	}
}

func byKey(sc *bufio.Scanner) map[string][]byte {
	m := make(map[string][]byte)
	for sc.Scan() {
		k, v, _ := strings.Cut(sc.Text(), " ") // fine: Text used as a string
		_ = v
		m[k] = []byte(sc.Text()) // want `\[\]byte\(sc\.Text\(\)\) copies each token twice and the slice outlives the iteration: use bytes\.Clone\(sc\.Bytes\(\)\) to copy once`
	}
	return m
}

func process(b []byte) {}

// handoff passes the slice to a function whose behaviour is not known: the
// double copy is reported, without a fix.
func handoff(sc *bufio.Scanner) {
	for sc.Scan() {
		process([]byte(sc.Text())) // want `\[\]byte\(sc\.Text\(\)\) copies each token twice: use sc\.Bytes\(\), cloned if kept past the next Scan`
	}
}

// The seed pattern: the string is only tested for emptiness and converted.
func readProcessMessages(scanner *bufio.Scanner, handle func(Message)) {
	for scanner.Scan() {
		line := scanner.Text() // want `line := scanner\.Text\(\) is only converted back to \[\]byte: use scanner\.Bytes\(\), cloned if kept past the next Scan`
		if line == "" {
			continue
		}
		var m Message
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			continue
		}
		handle(m)
	}
}

// rawParams converts to a named byte-slice type.
func rawParams(sc *bufio.Scanner) {
	for sc.Scan() {
		var v map[string]any
		_ = json.Unmarshal(json.RawMessage(sc.Text()), &v) // want `copies each token twice`
	}
}

func echo(sc *bufio.Scanner) {
	for sc.Scan() {
		os.Stdout.Write(append([]byte(sc.Text()), '\n')) // want `copies each token twice`
	}
}

// Near-misses.

// Text used as a string: the allocation is needed.
func words(sc *bufio.Scanner) []string {
	var out []string
	for sc.Scan() {
		out = append(out, strings.ToLower(sc.Text()))
	}
	return out
}

// The string is also used as a string, so the variable needs it.
func logged(sc *bufio.Scanner, w io.Writer) {
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		w.Write([]byte(line))
	}
}

// A conversion of some other string.
func other(sc *bufio.Scanner, prefix string, w io.Writer) {
	for sc.Scan() {
		w.Write([]byte(prefix))
		w.Write(sc.Bytes())
	}
}

// Already using Bytes.
func already(sc *bufio.Scanner) {
	for sc.Scan() {
		var m Message
		_ = json.Unmarshal(sc.Bytes(), &m)
	}
}

// A Text method of another type.
type fakeScanner struct{ s string }

func (f *fakeScanner) Scan() bool   { return false }
func (f *fakeScanner) Text() string { return f.s }

func fake(f *fakeScanner, w io.Writer) {
	for f.Scan() {
		w.Write([]byte(f.Text()))
	}
}

// Not in a loop: one line read once.
func firstLine(r io.Reader) []byte {
	sc := bufio.NewScanner(r)
	if !sc.Scan() {
		return nil
	}
	return []byte(sc.Text())
}

// A goroutine uses the slice after the iteration may have ended.
func fanOut(sc *bufio.Scanner, work func([]byte)) {
	for sc.Scan() {
		b := []byte(sc.Text()) // want `\[\]byte\(sc\.Text\(\)\) copies each token twice and the slice outlives the iteration: use bytes\.Clone\(sc\.Bytes\(\)\) to copy once`
		go work(b)
	}
}

// A closure uses the slice: it may run later, so no fix is offered.
func deferred(sc *bufio.Scanner, later *[]func()) {
	for sc.Scan() {
		b := []byte(sc.Text()) // want `\[\]byte\(sc\.Text\(\)\) copies each token twice: use sc\.Bytes\(\), cloned if kept past the next Scan`
		*later = append(*later, func() { process(b) })
	}
}

// The slice is modified in place: with Bytes that would write into the
// scanner's buffer, so no fix is offered.
func upper(sc *bufio.Scanner, w io.Writer) {
	for sc.Scan() {
		b := []byte(sc.Text()) // want `copies each token twice`
		for i := range b {
			if 'a' <= b[i] && b[i] <= 'z' {
				b[i] -= 'a' - 'A'
			}
		}
		w.Write(b)
	}
}

// The variable is declared outside the loop and survives the iteration.
func last(sc *bufio.Scanner) []byte {
	var prev []byte
	for sc.Scan() {
		prev = []byte(sc.Text()) // want `\[\]byte\(sc\.Text\(\)\) copies each token twice and the slice outlives the iteration: use bytes\.Clone\(sc\.Bytes\(\)\) to copy once`
	}
	return prev
}

// Converted to an interface, which keeps the slice itself: no fix.
func boxed(sc *bufio.Scanner, sink func(any)) {
	for sc.Scan() {
		sink(any([]byte(sc.Text()))) // want `copies each token twice`
	}
}
