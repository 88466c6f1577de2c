// Package fix holds trim loops whose rewrite is exact: the fix replaces
// each by a search over the number of elements dropped. The functions are
// exported and the package imports only the standard library, so that
// trimloop's tests can build this file and its .golden side by side and
// compare them on random inputs (internal/trimeq).
package fix

import (
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"strings"
)

// Cookie encodes without error and runs no code of its own: booleans,
// integers, strings, slices and a string-keyed map.
type Cookie struct {
	UIDs   []string       `json:"uids"`
	Seen   map[string]int `json:"seen,omitempty"`
	OptOut bool           `json:"optout"`
}

// Suffix drops the oldest UID until the JSON fits: the loop keeps the
// longest suffix of the UIDs that fits.
func Suffix(c *Cookie, max int) {
	for len(c.UIDs) > 0 { // want `json\.Marshal re-encodes the whole value per removal \(c\.UIDs = c\.UIDs\[1:\]\)`
		data, _ := json.Marshal(c)
		if len(data) <= max {
			break
		}
		c.UIDs = c.UIDs[1:]
	}
}

// Entry and Batch encode without error as well.
type Entry struct {
	Key  string
	Hits uint16
	Tags []string `json:",omitempty"`
}

type Batch struct {
	Name    string  `json:"name"`
	Entries []Entry `json:"entries,omitempty"`
}

// Prefix drops the newest entry until the JSON fits: the longest prefix.
// The error check can never run, since a Batch always encodes.
func Prefix(b *Batch, max int) error {
	for len(b.Entries) != 0 { // want `json\.Marshal re-encodes the whole value per removal: size each element once and subtract`
		out, err := json.Marshal(b)
		if err != nil {
			return err
		}
		if max >= len(out) {
			break
		}
		b.Entries = b.Entries[:len(b.Entries)-1]
	}
	return nil
}

// cookieOverhead is the room left for the rest of a Set-Cookie header.
const cookieOverhead = 16

// Base64 measures the base64 text of the JSON, as a cookie value.
func Base64(c *Cookie, max int) string {
	for len(c.UIDs) > 0 { // want `json\.Marshal re-encodes the whole value per removal \(c\.UIDs = c\.UIDs\[1:\]\)`
		data, _ := json.Marshal(c)
		encoded := base64.URLEncoding.EncodeToString(data)
		if len(encoded) <= max-cookieOverhead {
			break
		}
		c.UIDs = c.UIDs[1:]
	}
	data, _ := json.Marshal(c)
	return base64.URLEncoding.EncodeToString(data)
}

// Join keeps the longest prefix of labels whose joined text fits: the
// test is in the loop condition.
func Join(labels []string, max int) []string {
	for len(labels) > 0 && len(strings.Join(labels, ", ")) > max { // want `strings\.Join re-encodes the whole value per removal`
		labels = labels[:len(labels)-1]
	}
	return labels
}

type payload struct {
	Source string   `json:"source"`
	Tags   []string `json:"tags"`
}

// Hex measures the hex text of an indented encoding of a literal that
// holds the slice.
func Hex(tags []string, source string, max int) []string {
	for 0 < len(tags) { // want `json\.MarshalIndent re-encodes the whole value per removal \(tags = tags\[1:\]\)`
		b, _ := json.MarshalIndent(payload{Source: source, Tags: tags}, "", "  ")
		if hex.EncodedLen(len(b)) < max {
			break
		}
		tags = tags[1:]
	}
	return tags
}

// Path joins inline in the test; its bound is named full, the name the
// fix would use first, so the fix picks another.
func Path(parts []string, full int) []string {
	for len(parts) >= 1 { // want `strings\.Join re-encodes the whole value per removal \(parts = parts\[1:\]\)`
		if len(strings.Join(parts, "/")) <= full {
			break
		}
		parts = parts[1:]
	}
	return parts
}

// Pointer trims a slice through a pointer to it; its error check is
// written nil != err.
func Pointer(p *[]Entry, max int) error {
	for len(*p) > 0 { // want `json\.Marshal re-encodes the whole value per removal \(\*p = \(\*p\)\[1:\]\)`
		b, err := json.Marshal(*p)
		if nil != err {
			return err
		}
		if len(b) < max {
			break
		}
		*p = (*p)[1:]
	}
	return nil
}
