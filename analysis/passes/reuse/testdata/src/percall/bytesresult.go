package percall

import (
	"bytes"
	"encoding/gob"
	"encoding/json"
	"strconv"
)

// The buffer's bytes are the function's result: the buffer grows by
// doubling on every call (3 allocations for 200 bytes, 5 for 1,000), where
// a pooled buffer copied out once allocates only the result.
func marshal(v any) ([]byte, error) {
	var buf bytes.Buffer // want `bytes.Buffer in marshal is grown and dropped per call to return its bytes: pool it, return bytes.Clone of them`
	if err := json.NewEncoder(&buf).Encode(v); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// The same with the buffer made by new and a message built field by field.
func build(fields []string) []byte {
	b := new(bytes.Buffer) // want `bytes.Buffer in build is grown and dropped per call to return its bytes`
	for i, f := range fields {
		b.WriteString(strconv.Itoa(i))
		b.WriteByte('=')
		b.WriteString(f)
		b.WriteByte('\x01')
	}
	return b.Bytes()
}

// Fine: the bytes are returned through a variable that is also kept
// elsewhere, so they are not the function's result alone.
func keep(cache map[string][]byte, key string) []byte {
	var buf bytes.Buffer
	buf.WriteString(key)
	buf.WriteString(strconv.Itoa(len(key)))
	out := buf.Bytes()
	cache[key] = out
	return out
}

// Fine: the buffer itself leaves through another path as well.
func both(keep *[]*bytes.Buffer, name string) []byte {
	var buf bytes.Buffer
	buf.WriteString(name)
	buf.WriteString(strconv.Itoa(len(name)))
	*keep = append(*keep, &buf)
	return buf.Bytes()
}

// Fine: made and returned in a loop's body — a new buffer per element is
// the loop check's business, and here each iteration's bytes are kept.
func each(names []string) [][]byte {
	var out [][]byte
	for _, n := range names {
		var buf bytes.Buffer
		buf.WriteString(n)
		buf.WriteString(strconv.Itoa(len(n)))
		out = append(out, buf.Bytes())
	}
	return out
}

// Fine: sized for its text before it is written — one allocation already;
// a pooled buffer and a copy would add one.
func header(key, value string) []byte {
	var b bytes.Buffer
	b.Grow(len(key) + len(value) + 4)
	b.WriteString(key)
	b.WriteString(": ")
	b.WriteString(value)
	b.WriteString("\r\n")
	return b.Bytes()
}

// Fine: likewise, made from a slice of the final capacity.
func retained(topic string, msg []byte) []byte {
	buf := bytes.NewBuffer(make([]byte, 0, len(topic)+len(msg)+2))
	buf.WriteString(topic)
	buf.Write(msg)
	buf.WriteString("\r\n")
	return buf.Bytes()
}

// An empty slice of capacity zero sizes nothing.
func unsized(topic string, msg []byte) []byte {
	buf := bytes.NewBuffer(make([]byte, 0)) // want `bytes.NewBuffer in unsized is grown and dropped per call to return its bytes`
	buf.WriteString(topic)
	buf.Write(msg)
	return buf.Bytes()
}

// The bytes reach the result through a variable, trimmed of the newline
// that Encode adds.
func compact(v any) ([]byte, error) {
	var buf bytes.Buffer // want `bytes.Buffer in compact is grown and dropped per call to return its bytes`
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	bs := buf.Bytes()
	if n := len(bs); n > 0 && bs[n-1] == '\n' {
		bs = bs[:n-1]
	}
	return bs, nil
}

// A gob encoder over a buffer made per call: type information is sent
// again on every call as well.
func encodeGob(v any) ([]byte, error) {
	buf := bytes.NewBuffer(nil) // want `bytes.NewBuffer in encodeGob is grown and dropped per call to return its bytes`
	err := gob.NewEncoder(buf).Encode(v)
	return buf.Bytes(), err
}

// Fine: the variable holding the bytes is also sent away.
func sent(ch chan []byte, v any) []byte {
	var buf bytes.Buffer
	json.NewEncoder(&buf).Encode(v)
	bs := buf.Bytes()
	ch <- bs
	return bs
}
