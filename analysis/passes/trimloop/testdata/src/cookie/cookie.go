// Package cookie holds real positives: loops that shrink a value one
// element at a time until its encoding fits.
package cookie

import (
	"bytes"
	"encoding/asn1"
	"encoding/base64"
	"encoding/gob"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

const maxCookieSize = 4096

type UID struct {
	Value   string `json:"v"`
	Expires int64  `json:"e"`
}

type Cookie struct {
	UIDs   map[string]UID `json:"uids"`
	OptOut bool           `json:"optout"`
}

// trimToFit deletes the oldest UID until the encoded cookie fits.
func (c *Cookie) trimToFit(oldestFirst []string) {
	i := 0
	for len(c.UIDs) > 0 { // want `json\.Marshal re-encodes the whole value per removal: size each element once and subtract`
		data, _ := json.Marshal(c)
		encoded := base64.URLEncoding.EncodeToString(data)
		if len(encoded) <= maxCookieSize {
			break
		}
		delete(c.UIDs, oldestFirst[i])
		i++
	}
}

type Batch struct {
	Name  string
	Items []string
}

// shrink drops the first item until the JSON fits.
func shrink(b *Batch, limit int) []byte {
	for { // want `json.Marshal re-encodes .*\(b.Items = b.Items\[1:\]\)`
		out, err := json.Marshal(b)
		if err != nil {
			return nil
		}
		if len(out) <= limit {
			return out
		}
		b.Items = b.Items[1:]
	}
}

// encodedLen is a same-package helper that encodes its receiver.
func (c *Cookie) encodedLen() int {
	data, _ := json.Marshal(c)
	return base64.URLEncoding.EncodedLen(len(data))
}

// trimOldest deletes one arbitrary key per iteration; the size is measured
// by a helper in the loop condition.
func (c *Cookie) trimOldest() {
	for c.encodedLen() > maxCookieSize { // want `c\.encodedLen \(which calls json\.Marshal\) re-encodes the whole value per removal: size each element once and subtract`
		for k := range c.UIDs {
			delete(c.UIDs, k)
			break
		}
	}
}

type wire struct {
	Labels []string
}

func size(w wire) int {
	b, _ := json.Marshal(w)
	return len(b)
}

// fit drops the last label while the helper says the value is too large.
func fit(w wire, max int) wire {
	for size(w) > max && len(w.Labels) > 0 { // want `size \(which calls json\.Marshal\) re-encodes the whole value per removal: size each element once and subtract`
		w.Labels = w.Labels[:len(w.Labels)-1]
	}
	return w
}

// Encoder is a same-package helper type, as in the seed's cookie code.
type Encoder struct{}

func (Encoder) Encode(c *Cookie) string {
	b, _ := json.Marshal(c)
	return base64.URLEncoding.EncodeToString(b)
}

func prepare(c *Cookie, keys []string) string {
	var enc Encoder
	for _, k := range keys { // want `enc.Encode \(which calls json.Marshal\) re-encodes`
		s := enc.Encode(c)
		if len(s) <= maxCookieSize {
			return s
		}
		delete(c.UIDs, k)
	}
	return ""
}

// header joins labels, dropping one from the front until it fits.
func header(labels []string, max int) string {
	for len(labels) > 0 { // want `strings\.Join re-encodes the whole value per removal: size each element once and subtract`
		h := strings.Join(labels, ",")
		if len(h) <= max {
			return h
		}
		labels = slices.Delete(labels, 0, 1)
	}
	return ""
}

// gobFit uses a bytes.Buffer and its Len.
func gobFit(items []UID, max int) []UID {
	var buf bytes.Buffer
	for i := 0; len(items) > 0; i++ { // want `enc\.Encode re-encodes the whole value per removal: size each element once and subtract`
		buf.Reset()
		enc := gob.NewEncoder(&buf)
		if err := enc.Encode(items); err != nil {
			return nil
		}
		if buf.Len() < max {
			break
		}
		items = append(items[:i], items[i+1:]...)
	}
	return items
}

type payload struct {
	Tags []string
}

// composite encodes a literal built from the shrinking slice.
func composite(tags []string, max int) []byte {
	for { // want `json.Marshal re-encodes .*tags = tags\[1:\]`
		b, _ := json.Marshal(payload{Tags: tags}) // the literal holds tags as a whole
		if len(b) <= max || len(tags) == 0 {
			return b
		}
		tags = tags[1:]
	}
}

func sprint(vals []int, max int) string {
	s := fmt.Sprint(vals)
	for len(s) > max { // want `fmt.Sprint re-encodes .*vals = vals\[:len\(vals\)-1\]`
		vals = vals[:len(vals)-1]
		s = fmt.Sprint(vals)
	}
	return s
}

// serialsDER drops the last serial until the DER encoding fits; the
// parameters string of asn1.MarshalWithParams only shapes the output.
func serialsDER(serials []int, max int) []byte {
	for { // want `asn1\.MarshalWithParams re-encodes the whole value per removal: size each element once and subtract`
		b, _ := asn1.MarshalWithParams(serials, "set")
		if len(b) <= max || len(serials) == 0 {
			return b
		}
		serials = serials[:len(serials)-1]
	}
}
