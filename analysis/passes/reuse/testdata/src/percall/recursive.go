package percall

import (
	"bytes"
	"fmt"
)

// A value is a tree of values, written in a canonical form to hash it.
type value struct {
	num  float64
	list []*value
	obj  map[string]*value
}

// canonical writes v into a new buffer through two helpers that call each
// other: the buffer is only written, whatever the depth of the tree.
func canonical(v *value) []byte {
	var buf bytes.Buffer // want `bytes.Buffer in canonical is grown and dropped per call to return its bytes: pool it, return bytes.Clone of them`
	buf.WriteString("v:")
	writeValue(&buf, v)
	return buf.Bytes()
}

func writeValue(buf *bytes.Buffer, v *value) {
	switch {
	case v.list != nil:
		writeList(buf, v.list)
	case v.obj != nil:
		for k, e := range v.obj {
			buf.WriteString(k)
			writeValue(buf, e)
		}
	default:
		fmt.Fprintf(buf, "%g", v.num)
	}
}

func writeList(buf *bytes.Buffer, list []*value) {
	buf.WriteString("[")
	for _, e := range list {
		writeValue(buf, e)
	}
	buf.WriteString("]")
}

// lastTree keeps the buffer a recursive helper wrote last.
var lastTree *bytes.Buffer

// canonicalKept's buffer outlives the call: one helper of the cycle keeps
// it, so it is not reported.
func canonicalKept(v *value) []byte {
	var buf bytes.Buffer
	buf.WriteString("v:")
	keepValue(&buf, v)
	return buf.Bytes()
}

func keepValue(buf *bytes.Buffer, v *value) {
	for _, e := range v.list {
		keepList(buf, e)
	}
}

func keepList(buf *bytes.Buffer, v *value) {
	lastTree = buf
	keepValue(buf, v)
}
