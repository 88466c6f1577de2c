package percall

import (
	"bytes"
	"net/http"
)

// headerBlock returns the header's wire form with the blank line that
// ends it appended to the buffer's bytes: the result may share the
// buffer's memory, as buf.Bytes() does.
func headerBlock(h http.Header) []byte {
	if h == nil {
		return nil
	}
	var hdr bytes.Buffer // want `bytes.Buffer in headerBlock is grown and dropped per call to return its bytes: pool it, return bytes.Clone of them`
	_ = h.Write(&hdr)
	return append(hdr.Bytes(), '\r', '\n')
}

// headerKept appends the buffer's bytes to a slice it keeps: not the
// function's result.
func headerKept(h http.Header) []byte {
	var hdr bytes.Buffer
	_ = h.Write(&hdr)
	kept = append(hdr.Bytes(), '\r', '\n')
	return nil
}

var kept []byte
