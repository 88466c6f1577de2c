// Package reply decodes the replies of a key-value server, whose maps come
// as flat lists of alternating keys and values.
package reply

import "errors"

var errKey = errors.New("reply: a key is not a string")

// Fields reads a flat list of key-value pairs into a map.
func Fields(kv []any) (map[string]any, error) {
	fields := make(map[string]any) // want `fields grows to up to \(len\(kv\)\+1\)/2 entries without a size hint: make it with make\(map\[string\]any, \(len\(kv\)\+1\)/2\)`
	for i := 0; i < len(kv); i += 2 {
		key, ok := kv[i].(string)
		if !ok {
			return nil, errKey
		}
		fields[key] = kv[i+1]
	}
	return fields, nil
}

// Words splits a little-endian packet into 32-bit words.
func Words(b []byte) []uint32 {
	words := []uint32{} // want `words grows by append to \(len\(b\)\+3\)/4 elements: make it with make\(\[\]uint32, 0, \(len\(b\)\+3\)/4\)`
	for i := 0; i < len(b); i += 4 {
		words = append(words, uint32(b[i])|uint32(b[i+1])<<8|uint32(b[i+2])<<16|uint32(b[i+3])<<24)
	}
	return words
}

// Sampled keeps every 64th byte: a stride past maxStep is a record layout,
// not counted.
func Sampled(b []byte) []byte {
	out := []byte{}
	for i := 0; i < len(b); i += 64 {
		out = append(out, b[i])
	}
	return out
}

// Pairs of a constant list of 16 values fill 8 entries, which fit in the
// map's first group: nothing to report.
func Pairs(kv [16]string) map[string]string {
	m := make(map[string]string)
	for i := 0; i < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return m
}
